/**
 * A page's published versions: every publish keeps one (./page-drafts.ts), the last 50 are listed
 * with when and by whom, and any of them can be read whole to compare with the page as it is now.
 * Restoring one is a draft save (`restoreRevision` in ./page-drafts.ts), by the same rules.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../../db/client';
import { accounts } from '../../accounts/schema/team';
import { pageRevisions, pages } from '../schema/content';
import type { StoredSection } from '../../../../document/schema';
import { savedByName } from './page-drafts';

/** How many of a page's revisions the history lists (the "last 50"). */
export const LISTED_REVISIONS = 50;

export type RevisionSummary = { revision: number; publishedAt: string; publishedBy: string | null };
export type RevisionList = { revisions: RevisionSummary[]; live: number | null };

const revisionKey = (websiteId: string, pageId: string) => and(eq(pageRevisions.websiteId, websiteId), eq(pageRevisions.pageId, pageId));

async function pageExists(db: Executor, websiteId: string, pageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.id, pageId)));
  return row !== undefined;
}

/** The page's last revisions, newest first, and which is live (the newest); undefined when the site has no such page. */
export async function listRevisions(db: Db, websiteId: string, pageId: string): Promise<RevisionList | undefined> {
  if (!(await pageExists(db, websiteId, pageId))) return undefined;
  const rows = await db
    .select({ revision: pageRevisions.revision, publishedAt: pageRevisions.publishedAt, publishedBy: savedByName })
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

export async function readRevision(
  db: Db,
  websiteId: string,
  pageId: string,
  revision: number,
): Promise<{ revision: number; publishedAt: string; sections: StoredSection[] } | undefined> {
  const [row] = await db
    .select({ revision: pageRevisions.revision, publishedAt: pageRevisions.publishedAt, sections: pageRevisions.sections })
    .from(pageRevisions)
    .where(and(revisionKey(websiteId, pageId), eq(pageRevisions.revision, revision)));
  return row && { revision: row.revision, publishedAt: row.publishedAt.toISOString(), sections: row.sections };
}
