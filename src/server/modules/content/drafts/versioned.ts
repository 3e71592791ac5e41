/**
 * Pages and blog posts as versioned content (src/server/versions/): each declares where its rows
 * are (the live content, its drafts and its revisions: ../schema/content.ts) and what the site does
 * around the shared rules: the sections' checks (./sections-checks.ts), the site row locked before
 * a publish and marked changed after it (cached pages dropped on every app server), the activity
 * recorded. A post's publish makes its sections live but not the post: its status (DRAFT,
 * SCHEDULED …) still decides whether visitors see it (../blog-posts.ts, ../scheduled-posts.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { DraftState } from '../../../../contracts/editor';
import type { StoredSection } from '../../../../document/schema';
import { CONTENT_STATUSES } from '../../../../domain/website';
import type { Executor } from '../../../../db/client';
import type { VersionAt, VersionRules } from '../../../versions/versions';
import { nameOf } from '../../accounts';
import { lockSite, logActivity, markSiteChanged, storedSections } from '../../sites';
import { collectionItems, pageDrafts, pageRevisions, pages, postDrafts, postRevisions } from '../schema/content';
import { blockRefusal, idErrors, type Exclude } from './sections-checks';

/**
 * Sections as the editor gets them: read through the one reader of stored JSON (../../sites),
 * which refuses content that fails the document's schema rather than answer part of it. The rules
 * compare and copy the rows as stored, so a draft stored wrong can still be saved over.
 */
export const answered = (websiteId: string, id: string, column: string, sections: unknown) => storedSections(sections, { websiteId, column, row: id });

/** One kind of editable content: the shared rules' declaration, and how its stored columns and ids are named. */
export type ContentKind = VersionRules<StoredSection[], DraftState> & {
  kind: 'page' | 'post';
  columns: { live: string; draft: string; revision: string };
  exclude(id: string): Exclude;
};

function contentKind(
  kind: ContentKind['kind'],
  declared: Pick<ContentKind, 'tables' | 'live' | 'columns' | 'exclude' | 'goLive'> & { ownId: string; idKey: string },
): ContentKind {
  const { ownId, idKey, ...rest } = declared;
  const plural = `${kind}s`;
  const own = (id: string) => ({ id, name: ownId, exclude: rest.exclude(id) });
  return {
    kind,
    ...rest,
    async state(tx, { websiteId, id }, draft, live) {
      if (!draft) return { version: 0, sections: answered(websiteId, id, rest.columns.live, live), savedAt: null, savedBy: null };
      return {
        version: draft.version,
        sections: answered(websiteId, id, rest.columns.draft, draft.content),
        savedAt: draft.savedAt.toISOString(),
        savedBy: await nameOf(tx, draft.savedBy),
      };
    },
    async checkSave(tx, { websiteId, id, role }, before, after) {
      const errors = await idErrors(tx, websiteId, own(id), after, before);
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
      const refusal = await blockRefusal(tx, websiteId, rest.exclude(id), role, before, after);
      return refusal && { kind: 'forbidden', ...refusal };
    },
    async checkPublish(tx, { websiteId, id }, content, live) {
      // Another page may have been published with one of these ids since the draft was saved.
      const errors = await idErrors(tx, websiteId, own(id), content, live);
      return Object.keys(errors).length > 0 ? { kind: 'invalid', errors } : undefined;
    },
    lock: lockSite,
    changed: markSiteChanged,
    async record(tx: Executor, at: VersionAt, event, detail) {
      await logActivity(tx, at.websiteId, at.accountId, `${plural}.${event}`, { [idKey]: at.id, ...detail });
    },
  };
}

export const PAGES = contentKind('page', {
  tables: { drafts: pageDrafts, revisions: pageRevisions },
  live: { table: pages, websiteId: pages.websiteId, id: pages.id, content: pages.sections, status: pages.status },
  columns: { live: 'pages.sections', draft: 'page_drafts.sections', revision: 'page_revisions.sections' },
  ownId: 'the page’s own id',
  idKey: 'pageId',
  exclude: (id) => ({ page: id, item: '' }),
  // A page not yet published goes live with its first publish; a post goes live by its status only.
  async goLive(tx, { websiteId, id }, status) {
    if (status !== CONTENT_STATUSES.DRAFT) return false;
    await tx
      .update(pages)
      .set({ status: CONTENT_STATUSES.PUBLISHED })
      .where(and(eq(pages.websiteId, websiteId), eq(pages.id, id)));
    return true;
  },
});

export const POSTS = contentKind('post', {
  tables: { drafts: postDrafts, revisions: postRevisions },
  live: {
    table: collectionItems,
    websiteId: collectionItems.websiteId,
    id: collectionItems.id,
    content: collectionItems.sections,
    status: collectionItems.status,
  },
  columns: { live: 'collection_items.sections', draft: 'post_drafts.sections', revision: 'post_revisions.sections' },
  ownId: 'the post’s own id',
  idKey: 'itemId',
  exclude: (id) => ({ page: '', item: id }),
  goLive: async () => false,
});
