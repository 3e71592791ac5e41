/**
 * A page's published versions: every publish keeps one (./page-drafts.ts), the last 50 are listed
 * with when and by whom, and any of them can be read whole to compare with the page as it is now.
 * Restoring one is a draft save (`restoreRevision` in ./page-drafts.ts), by the same rules.
 */
import type { Db } from '../../../../db/client';
import type { StoredSection } from '../../../../document/schema';
import { listRevisions as listed, liveExists, readRevision as kept } from '../../../versions/store';
import { ACCOUNT_NAMES } from '../../accounts';
import { PAGES } from './versioned';

/** How many of a page's revisions the history lists (the "last 50"). */
export const LISTED_REVISIONS = 50;

export type RevisionSummary = { revision: number; publishedAt: string; publishedBy: string | null };
export type RevisionList = { revisions: RevisionSummary[]; live: number | null };

/** The page's last revisions, newest first, and which is live (the newest); undefined when the site has no such page. */
export async function listRevisions(db: Db, websiteId: string, pageId: string): Promise<RevisionList | undefined> {
  if (!(await liveExists(db, PAGES, websiteId, pageId))) return undefined;
  const rows = await listed(db, PAGES, ACCOUNT_NAMES, websiteId, pageId, LISTED_REVISIONS);
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
  const row = await kept<StoredSection[]>(db, PAGES, websiteId, pageId, revision);
  return row && { revision: row.revision, publishedAt: row.publishedAt.toISOString(), sections: row.content };
}
