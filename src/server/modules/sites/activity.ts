/**
 * The team activity log: who changed what on a site, and when. Written in the change's
 * transaction. Entries name the account by id; the accounts module puts its email beside it.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { activityLog } from './schema/activity';

export async function logActivity(tx: Executor, websiteId: string, accountId: string | null, action: string, detail: Record<string, unknown> = {}) {
  await tx.insert(activityLog).values({ websiteId, accountId, action, detail });
}

export async function recentActivity(db: Db, websiteId: string, limit = 200) {
  return db
    .select({ id: activityLog.id, action: activityLog.action, detail: activityLog.detail, createdAt: activityLog.createdAt, accountId: activityLog.accountId })
    .from(activityLog)
    .where(eq(activityLog.websiteId, websiteId))
    .orderBy(desc(activityLog.id))
    .limit(limit);
}
