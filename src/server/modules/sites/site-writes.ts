/**
 * Writing a site's row and its custom domains outside a content change (a content change goes
 * through `markSiteChanged`, which also bumps the version and tells every app server): a new
 * site's row, the default flag, settings that no page shows (a translation provider's connection).
 * Each runs in the caller's transaction. A JSON column's member is set or dropped in SQL, so the
 * column's other members stay as stored without reading them first.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { siteDomains, websites } from './schema/sites';

export async function createSiteRow(tx: Executor, row: typeof websites.$inferInsert): Promise<void> {
  await tx.insert(websites).values(row);
}

/** Writes `changes` to the site's row as given: no version bump, no notification, `updatedAt` only when given. */
export async function updateSiteRow(
  tx: Executor,
  websiteId: string,
  changes: Omit<PgUpdateSetSource<typeof websites>, 'id' | 'contentVersion'>,
): Promise<void> {
  await tx.update(websites).set(changes).where(eq(websites.id, websiteId));
}

/** The site row's JSON columns a change may set a member of. */
type JsonColumn = 'settings' | 'multilingual';

/** A column value for `markSiteChanged` or `updateSiteRow`: the stored JSON with `member` set to `value`. */
export function withJsonMember(column: JsonColumn, member: string, value: unknown): SQL {
  return sql`jsonb_set(${websites[column]}, ${`{${member}}`}::text[], ${JSON.stringify(value)}::jsonb)`;
}

/** A column value for `markSiteChanged` or `updateSiteRow`: the stored JSON without `member`. */
export function withoutJsonMember(column: JsonColumn, member: string): SQL {
  return sql`${websites[column]} - ${member}::text`;
}

export async function removeSiteDomains(tx: Executor, websiteId: string): Promise<void> {
  await tx.delete(siteDomains).where(eq(siteDomains.websiteId, websiteId));
}

export async function addSiteDomains(tx: Executor, websiteId: string, hosts: readonly string[]): Promise<void> {
  if (hosts.length > 0) await tx.insert(siteDomains).values(hosts.map((host) => ({ websiteId, host })));
}
