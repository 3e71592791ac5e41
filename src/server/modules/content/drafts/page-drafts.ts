/**
 * Page and post drafts and publishing: the visual editor's calls (src/contracts/editor.ts), the
 * content module's use cases `saveDraft`, `publishDraft`, `discardDraft` and `restoreRevision`
 * (and the same for a blog post). The rules of versions (base version, change id, publish, restore)
 * are the platform's (src/server/versions/); pages and posts declare theirs in ./versioned.ts.
 * Every edit is a save to the draft, checked against the draft version it was based on; visitors
 * see only the live sections, which publishing writes (besides import and the form editor:
 * ./outside-writes.ts), together with an immutable revision and the site marked changed in the same
 * transaction. A draft save never marks the site changed, so cached pages and the published content
 * app servers hold stay as they are.
 */
import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../../blobs/store';
import type { ResolveContext, ResolveOptions } from '../../../../blocks/server-types';
import type { DraftSaved, DraftState, EditorPage, Published } from '../../../../contracts/editor';
import type { StoredSection } from '../../../../document/schema';
import { canAccess } from '../../../../domain/permissions';
import { PAGE_TYPES } from '../../../../domain/page-types';
import type { Db } from '../../../../db/client';
import { readRevision, readVersions } from '../../../versions/store';
import { discardVersion, publishVersion, saveVersion, type VersionOutcome, type VersionRefusal } from '../../../versions/versions';
import { FileRefusal, siteFile, uploadFile } from '../../files';
import { storeHasProduct } from '../../catalogue';
import { collectionItems, pages } from '../schema/content';
import { filledBlocks, parseSections, resolveBlocks } from './sections-checks';
import { ACCOUNT_NAMES, nameOf } from '../../accounts';
import { answered, PAGES, POSTS, type ContentKind } from './versioned';

/** Why a call is refused; the route gives each its status (404, 409, 400, 403). */
export type DraftRefusal = VersionRefusal<DraftState>;
export type Outcome<T> = VersionOutcome<T, DraftState>;

export type DraftSaveInput = {
  websiteId: string;
  /** The page's id, or the post's (the collection item's). */
  pageId: string;
  accountId: string;
  role: number;
  baseVersion: number;
  changeId: string;
  sections: unknown;
};

/** What the block kinds' resolves use at save time: where the site's file bytes go, how to connect out. */
export type ResolveServices = { blobs: BlobStore; outgoing: ResolveOptions };

/** The site's files as a resolve adds to them (a video's poster), for the account saving. */
function resolveContext(db: Db, services: ResolveServices, websiteId: string, accountId: string): ResolveContext {
  return {
    outgoing: services.outgoing,
    products: { has: (id) => storeHasProduct(db, websiteId, id) },
    files: {
      async find(name) {
        const file = await siteFile(db, websiteId, name);
        return file && `/s/${file.name}`;
      },
      async add(file) {
        try {
          return `/s/${(await uploadFile({ db, store: services.blobs }, websiteId, accountId, file)).name}`;
        } catch (err) {
          if (err instanceof FileRefusal) return undefined;
          throw err;
        }
      },
    },
  };
}

const PAGE_HEAD = { id: pages.id, title: pages.title, path: pages.path, pageType: pages.pageType };
const POST_HEAD = { id: collectionItems.id, title: collectionItems.title, path: collectionItems.path };

/** The content's heading, live sections, draft and latest revision, read in one statement (one snapshot). */
async function readTarget(db: Db, kind: ContentKind, websiteId: string, id: string) {
  const row = await readVersions(db, kind, ACCOUNT_NAMES, websiteId, id, kind === PAGES ? PAGE_HEAD : POST_HEAD);
  return row && { ...row, head: (kind === PAGES ? row.head : { ...row.head, pageType: PAGE_TYPES.CONTENT_ITEM }) as EditorPage['page'] };
}

async function editorTarget(db: Db, kind: ContentKind, websiteId: string, id: string, role: number): Promise<Omit<EditorPage, 'canvas'> | undefined> {
  const row = await readTarget(db, kind, websiteId, id);
  if (!row) return undefined;
  const { draft } = row;
  const live = answered(websiteId, id, kind.columns.live, row.live);
  return {
    page: row.head,
    draft: draft
      ? {
          version: draft.version,
          sections: answered(websiteId, id, kind.columns.draft, draft.content),
          savedAt: draft.savedAt.toISOString(),
          savedBy: row.savedBy,
        }
      : { version: 0, sections: live, savedAt: null, savedBy: null },
    published: { sections: live, revision: row.revision ?? 0, publishedAt: row.publishedAt === null ? null : new Date(row.publishedAt).toISOString() },
    unpublishedChanges: draft ? draft.version > draft.publishedVersion : false,
    writable: canAccess(role, 'pages', 'write'),
    formsWritable: canAccess(role, 'forms', 'write'),
  };
}

/** GET: the page, its draft, what is published and what `role` may do there; undefined for a page the site does not have. */
export function editorPage(db: Db, websiteId: string, pageId: string, role: number): Promise<Omit<EditorPage, 'canvas'> | undefined> {
  return editorTarget(db, PAGES, websiteId, pageId, role);
}

/** GET for a blog post: as `editorPage`, with the post's title and address; undefined for a post the site does not have. */
export function editorPost(db: Db, websiteId: string, itemId: string, role: number): Promise<Omit<EditorPage, 'canvas'> | undefined> {
  return editorTarget(db, POSTS, websiteId, itemId, role);
}

/**
 * PUT: saves the draft as the next version. The sections are parsed (and sanitised) and the block
 * kinds' resolves run before any row is locked, so a large page or a provider's answer holds no
 * lock; then the shared rules (src/server/versions/versions.ts) and the sections' checks.
 */
async function saveContent(db: Db, kind: ContentKind, save: DraftSaveInput, services?: ResolveServices, restored?: number): Promise<Outcome<DraftSaved>> {
  const { websiteId, pageId: id, accountId } = save;
  let content = parseSections(save.sections);
  let filled: DraftSaved['filled'];
  if (content.ok && services) {
    const checked = content.value;
    content = await resolveBlocks(
      checked,
      async () => {
        const row = await readTarget(db, kind, websiteId, id);
        return row?.draft?.content ?? row?.live ?? [];
      },
      resolveContext(db, services, websiteId, accountId),
    );
    if (content.ok) filled = filledBlocks(checked, content.value);
  }
  return saveVersion(
    db,
    kind,
    { websiteId, id, accountId },
    { baseVersion: save.baseVersion, changeId: save.changeId, role: save.role, content, restored, extra: filled?.length ? { filled } : {} },
  );
}

export function saveDraft(db: Db, save: DraftSaveInput, services: ResolveServices): Promise<Outcome<DraftSaved>> {
  return saveContent(db, PAGES, save, services);
}

/** POST publish: the draft at `version` becomes the page's live content and its next revision. */
export function publishDraft(db: Db, websiteId: string, pageId: string, accountId: string, version: number): Promise<Outcome<Published>> {
  return publishVersion(db, PAGES, { websiteId, id: pageId, accountId }, version);
}

/** DELETE: the draft goes back to the published sections as its next version, with nothing unpublished. */
export function discardDraft(db: Db, websiteId: string, pageId: string, accountId: string): Promise<Outcome<DraftState>> {
  return discardVersion(db, PAGES, { websiteId, id: pageId, accountId });
}

/**
 * POST restore: a published revision's sections saved as the page's draft, as the version after
 * `baseVersion`, by the rules of any save (a stale base is a conflict, the site's ids, the block
 * kinds' checks for the saver's role). Answers the draft as the editor then shows it.
 */
export async function restoreRevision(db: Db, input: Omit<DraftSaveInput, 'sections' | 'changeId'> & { revision: number }): Promise<Outcome<DraftState>> {
  const { websiteId, pageId, revision } = input;
  const kept = await readRevision<StoredSection[]>(db, PAGES, websiteId, pageId, revision);
  if (!kept) return { ok: false, refusal: { kind: 'notFound' } };
  const saved = await saveContent(db, PAGES, { ...input, changeId: `restore-${revision}-${randomUUID()}`, sections: kept.content }, undefined, revision);
  if (!saved.ok) return saved;
  return {
    ok: true,
    value: {
      version: saved.value.version,
      sections: answered(websiteId, pageId, PAGES.columns.revision, kept.content),
      savedAt: saved.value.savedAt,
      savedBy: await nameOf(db, input.accountId),
    },
  };
}

/** A blog post's draft save: `pageId` of the input names the post (the collection item). */
export function savePostDraft(db: Db, save: DraftSaveInput, services: ResolveServices): Promise<Outcome<DraftSaved>> {
  return saveContent(db, POSTS, save, services);
}

/** A blog post's publish: its sections go live; whether visitors see the post is its status's affair. */
export function publishPostDraft(db: Db, websiteId: string, itemId: string, accountId: string, version: number): Promise<Outcome<Published>> {
  return publishVersion(db, POSTS, { websiteId, id: itemId, accountId }, version);
}

export function discardPostDraft(db: Db, websiteId: string, itemId: string, accountId: string): Promise<Outcome<DraftState>> {
  return discardVersion(db, POSTS, { websiteId, id: itemId, accountId });
}
