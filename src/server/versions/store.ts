/**
 * Reading and writing one versioned table's rows (./tables.ts): its live content, its draft and its
 * revisions, for the rules in ./versions.ts and the module that declares them. Locks are taken in
 * one order everywhere: the live row, then its draft; a draft row is only written with its live row
 * locked, so a first save (an INSERT) and every later one are serialised by that lock.
 */
import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import type { AppliedChange, VersionTables } from './tables';

/** A versioned table and the pair keeping its versions; `status` decides whether its content is live. */
export type VersionedTable<T> = {
  tables: VersionTables<T>;
  live: { table: PgTable; websiteId: AnyPgColumn; id: AnyPgColumn; content: AnyPgColumn; status: AnyPgColumn };
};

/** Who saved or published, by name: the accounts table joined on `id`, and the name it gives. */
export type AccountNames = { table: PgTable; id: AnyPgColumn; name: SQL<string | null> };

export type DraftRow<T> = {
  content: T;
  version: number;
  publishedVersion: number;
  savedAt: Date;
  savedBy: string | null;
  recentChanges: AppliedChange[];
};
export type DraftWrite<T> = Pick<DraftRow<T>, 'content' | 'version' | 'savedAt' | 'savedBy'> & Partial<Pick<DraftRow<T>, 'publishedVersion' | 'recentChanges'>>;
export type Latest = { revision: number; publishedAt: Date };

const draftColumns = <T>({ tables: { drafts } }: VersionedTable<T>) => ({
  content: drafts.content,
  version: drafts.version,
  publishedVersion: drafts.publishedVersion,
  savedAt: drafts.savedAt,
  savedBy: drafts.savedBy,
  recentChanges: drafts.recentChanges,
});

const liveKey = <T>({ live }: VersionedTable<T>, websiteId: string, id: string) => and(eq(live.websiteId, websiteId), eq(live.id, id));
const draftKey = <T>({ tables: { drafts } }: VersionedTable<T>, websiteId: string, id: string) => and(eq(drafts.websiteId, websiteId), eq(drafts.parentId, id));
const revisionKey = <T>({ tables: { revisions } }: VersionedTable<T>, websiteId: string, id: string) =>
  and(eq(revisions.websiteId, websiteId), eq(revisions.parentId, id));

/** The live row, locked for the rest of the transaction; undefined when the site has none. */
export async function lockLive<T>(tx: Executor, v: VersionedTable<T>, websiteId: string, id: string): Promise<{ content: T; status: number } | undefined> {
  const [row] = await tx
    .select({ content: v.live.content, status: v.live.status })
    .from(v.live.table)
    .where(liveKey(v, websiteId, id))
    .for('update');
  return row as { content: T; status: number } | undefined;
}

export async function lockDraft<T>(tx: Executor, v: VersionedTable<T>, websiteId: string, id: string): Promise<DraftRow<T> | undefined> {
  const [draft] = await tx
    .select(draftColumns(v))
    .from(v.tables.drafts)
    .where(draftKey(v, websiteId, id))
    .for('update');
  return draft as DraftRow<T> | undefined;
}

export async function insertDraft<T>(tx: Executor, v: VersionedTable<T>, websiteId: string, id: string, row: DraftWrite<T> & { publishedVersion: number }) {
  await tx.insert(v.tables.drafts).values({ websiteId, parentId: id, ...row });
}

export async function updateDraft<T>(tx: Executor, v: VersionedTable<T>, websiteId: string, id: string, row: Partial<DraftWrite<T>>): Promise<DraftRow<T>> {
  const [updated] = await tx
    .update(v.tables.drafts)
    .set(row)
    .where(draftKey(v, websiteId, id))
    .returning(draftColumns(v));
  return updated as DraftRow<T>;
}

export async function latestRevision<T>(tx: Executor, v: VersionedTable<T>, websiteId: string, id: string): Promise<Latest | undefined> {
  const { revisions } = v.tables;
  const [latest] = await tx
    .select({ revision: revisions.revision, publishedAt: revisions.publishedAt })
    .from(revisions)
    .where(revisionKey(v, websiteId, id))
    .orderBy(desc(revisions.revision))
    .limit(1);
  return latest;
}

/** Writes the live content and the revision that records it. */
export async function publishRevision<T>(
  tx: Executor,
  v: VersionedTable<T>,
  at: { websiteId: string; id: string; accountId: string },
  content: T,
  revision: number,
  publishedAt: Date,
) {
  const { websiteId, id, accountId } = at;
  const key = Object.entries(getTableColumns(v.live.table)).find(([, column]) => column === v.live.content)![0];
  await tx
    .update(v.live.table)
    .set({ [key]: content })
    .where(liveKey(v, websiteId, id));
  await tx.insert(v.tables.revisions).values({ websiteId, parentId: id, revision, content, publishedAt, publishedBy: accountId });
}

/**
 * What the editor reads of a row in one statement (one snapshot): the columns `head` names, its
 * live content, its draft, who saved it, and its latest revision with when it was published.
 */
export async function readVersions<T, H extends Record<string, AnyPgColumn | SQL>>(
  db: Db,
  v: VersionedTable<T>,
  names: AccountNames,
  websiteId: string,
  id: string,
  head: H,
) {
  const { drafts, revisions } = v.tables;
  const { live } = v;
  const parent = sql.identifier(revisions.parentId.name);
  const ofLive = sql`r.website_id = ${live.websiteId} AND r.${parent} = ${live.id}`;
  const [row] = await db
    .select({
      head,
      live: live.content,
      draft: draftColumns(v),
      hasDraft: sql<boolean>`${drafts.parentId} IS NOT NULL`,
      savedBy: names.name,
      revision: sql<number | null>`(SELECT max(r.revision) FROM ${revisions} r WHERE ${ofLive})`,
      publishedAt: sql<string | null>`(SELECT r.published_at FROM ${revisions} r WHERE ${ofLive} ORDER BY r.revision DESC LIMIT 1)`,
    })
    .from(live.table)
    .leftJoin(drafts, and(eq(drafts.websiteId, live.websiteId), eq(drafts.parentId, live.id)))
    .leftJoin(names.table, eq(names.id, drafts.savedBy))
    .where(liveKey(v, websiteId, id));
  if (!row) return undefined;
  return {
    head: row.head as Record<string, unknown>,
    live: row.live as T,
    draft: row.hasDraft ? (row.draft as DraftRow<T>) : null,
    savedBy: row.savedBy,
    revision: row.revision,
    publishedAt: row.publishedAt,
  };
}

export async function liveExists<T>(db: Executor, v: VersionedTable<T>, websiteId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: v.live.id })
    .from(v.live.table)
    .where(liveKey(v, websiteId, id));
  return row !== undefined;
}

/** The row's last `limit` revisions, newest first, with who published each. */
export async function listRevisions<T>(db: Db, v: VersionedTable<T>, names: AccountNames, websiteId: string, id: string, limit: number) {
  const { revisions } = v.tables;
  return db
    .select({ revision: revisions.revision, publishedAt: revisions.publishedAt, publishedBy: names.name })
    .from(revisions)
    .leftJoin(names.table, eq(names.id, revisions.publishedBy))
    .where(revisionKey(v, websiteId, id))
    .orderBy(desc(revisions.revision))
    .limit(limit);
}

export async function readRevision<T>(db: Executor, v: VersionedTable<T>, websiteId: string, id: string, revision: number) {
  const { revisions } = v.tables;
  const [row] = await db
    .select({ revision: revisions.revision, publishedAt: revisions.publishedAt, content: revisions.content })
    .from(revisions)
    .where(and(revisionKey(v, websiteId, id), eq(revisions.revision, revision)));
  return row as { revision: number; publishedAt: Date; content: T } | undefined;
}
