/**
 * A page's published versions: every publish keeps one (src/server/services/page-drafts.ts), the
 * last 50 are listed with when and by whom, any of them can be read whole to compare with the page
 * as it is now, and restoring one makes it the page's draft, as the draft's next version, checked
 * against the version the editor had (a draft that moved on elsewhere is a conflict). Restoring
 * changes nothing visitors see: publishing the draft does.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DraftState } from '../../contracts/editor';
import type { Db, Executor } from '../../db/client';
import { accounts, pageDrafts, pageRevisions, pages } from '../../db/schema';
import type { StoredSection } from '../../document/schema';
import { logActivity } from './activity';

/** How many of a page's revisions the history lists (the "last 50"). */
export const LISTED_REVISIONS = 50;

export type RevisionSummary = { revision: number; publishedAt: string; publishedBy: string | null };
export type RevisionList = { revisions: RevisionSummary[]; live: number | null };

const nameOf = sql<string | null>`coalesce(nullif(${accounts.displayName}, ''), ${accounts.email})`;
const revisionKey = (websiteId: string, pageId: string) => and(eq(pageRevisions.websiteId, websiteId), eq(pageRevisions.pageId, pageId));

async function pageExists(db: Executor, websiteId: string, pageId: string, lock = false): Promise<boolean> {
  const query = db.select({ id: pages.id }).from(pages).where(and(eq(pages.websiteId, websiteId), eq(pages.id, pageId)));
  const [row] = lock ? await query.for('update') : await query;
  return row !== undefined;
}

/** The page's last revisions, newest first, and which is live (the newest); undefined when the site has no such page. */
export async function listRevisions(db: Db, websiteId: string, pageId: string): Promise<RevisionList | undefined> {
  if (!(await pageExists(db, websiteId, pageId))) return undefined;
  const rows = await db
    .select({ revision: pageRevisions.revision, publishedAt: pageRevisions.publishedAt, publishedBy: nameOf })
    .from(pageRevisions)
    .leftJoin(accounts, eq(accounts.id, pageRevisions.publishedBy))
    .where(revisionKey(websiteId, pageId))
    .orderBy(desc(pageRevisions.revision))
    .limit(LISTED_REVISIONS);
  return {
    revisions: rows.map((r) => ({ revision: r.revision, publishedAt: r.publishedAt.toISOString(), publishedBy: r.publishedBy })),
    live: rows[0]?.revision ?? null,
  };
}

export async function readRevision(db: Db, websiteId: string, pageId: string, revision: number): Promise<{ revision: number; publishedAt: string; sections: StoredSection[] } | undefined> {
  const [row] = await db
    .select({ revision: pageRevisions.revision, publishedAt: pageRevisions.publishedAt, sections: pageRevisions.sections })
    .from(pageRevisions)
    .where(and(revisionKey(websiteId, pageId), eq(pageRevisions.revision, revision)));
  return row && { revision: row.revision, publishedAt: row.publishedAt.toISOString(), sections: row.sections };
}

export type RestoreOutcome = { kind: 'restored'; draft: DraftState } | { kind: 'notFound' } | { kind: 'conflict'; current: DraftState };

/**
 * Makes `revision` the page's draft, as the version after `baseVersion`. The draft's published mark
 * stays, so the editor shows the restored content as unpublished changes (unless it is what is live).
 */
export async function restoreRevision(db: Db, opts: { websiteId: string; pageId: string; revision: number; baseVersion: number; accountId: string }): Promise<RestoreOutcome> {
  const { websiteId, pageId, accountId } = opts;
  return db.transaction(async (tx) => {
    if (!(await pageExists(tx, websiteId, pageId, true))) return { kind: 'notFound' };
    const [kept] = await tx
      .select({ sections: pageRevisions.sections })
      .from(pageRevisions)
      .where(and(revisionKey(websiteId, pageId), eq(pageRevisions.revision, opts.revision)));
    if (!kept) return { kind: 'notFound' };
    const draftKey = and(eq(pageDrafts.websiteId, websiteId), eq(pageDrafts.pageId, pageId));
    const [draft] = await tx.select().from(pageDrafts).where(draftKey).for('update');
    const [account] = await tx.select({ name: nameOf }).from(accounts).where(eq(accounts.id, accountId));
    const savedBy = account?.name ?? null;
    if ((draft?.version ?? 0) !== opts.baseVersion) {
      const [page] = await tx.select({ sections: pages.sections }).from(pages).where(and(eq(pages.websiteId, websiteId), eq(pages.id, pageId)));
      const [by] = draft?.savedBy ? await tx.select({ name: nameOf }).from(accounts).where(eq(accounts.id, draft.savedBy)) : [];
      return {
        kind: 'conflict',
        current: draft
          ? { version: draft.version, sections: draft.sections, savedAt: draft.savedAt.toISOString(), savedBy: by?.name ?? null }
          : { version: 0, sections: page!.sections, savedAt: null, savedBy: null },
      };
    }
    const savedAt = new Date();
    const version = opts.baseVersion + 1;
    if (draft) {
      await tx.update(pageDrafts).set({ sections: kept.sections, version, savedAt, savedBy: accountId }).where(draftKey);
    } else {
      await tx.insert(pageDrafts).values({ websiteId, pageId, sections: kept.sections, version, publishedVersion: 0, savedAt, savedBy: accountId });
    }
    await logActivity(tx, websiteId, accountId, 'pages.revision_restored', { pageId, revision: opts.revision });
    return { kind: 'restored', draft: { version, sections: kept.sections, savedAt: savedAt.toISOString(), savedBy } };
  });
}
