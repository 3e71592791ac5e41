/** A site's activity log: who changed what, for the owner's Activity screen. */
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './sites';
import { accounts } from '../../accounts/schema/team';

/** Who changed what on a site, and when (shown to ADMINs). */
export const activityLog = pgTable(
  'activity_log',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: bigserial('id', { mode: 'number' }).notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.id] }), index('activity_log_time').on(t.websiteId, t.createdAt)],
);
