/**
 * The one way a change to what a site's pages show is recorded: in the changing transaction, the
 * site row takes the change's own columns, a new `updated_at` and the next content version, and
 * `site_changed` is notified (PostgreSQL delivers it on commit, never for a rolled-back change),
 * which drops the cached pages and host lookups of that site on every app server
 * (server/plugins/site-changes.ts listens).
 */
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { websites } from '../../db/schema';

export const SITE_CHANGED_CHANNEL = 'site_changed';

/** Columns of the site row a change may write with the bump (values or SQL); the version and time are set here. */
export type SiteRowChanges = Omit<PgUpdateSetSource<typeof websites>, 'id' | 'contentVersion' | 'updatedAt' | 'createdAt'>;

export async function markSiteChanged(tx: Executor, websiteId: string, changes: SiteRowChanges = {}): Promise<void> {
  await tx
    .update(websites)
    .set({ ...changes, updatedAt: new Date(), contentVersion: sql`${websites.contentVersion} + 1` })
    .where(eq(websites.id, websiteId));
  await tx.execute(sql`SELECT pg_notify(${SITE_CHANGED_CHANNEL}, ${websiteId})`);
}
