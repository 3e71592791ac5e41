/**
 * Page and post drafts and publishing: the visual editor's calls (src/contracts/editor.ts). A blog
 * post (a collection item) is edited exactly as a page is, through a store of its own (its content
 * row, its draft and its revisions: `TARGETS` below), so versions, change ids, the document's schema
 * and the forms rule are one set of rules. Every edit is a save to the page's draft, checked against the draft version it was based on; visitors see only
 * `pages.sections`, which publishing writes (besides import and the form editor, which replace a
 * page's content whole or a form everywhere), together with an immutable revision and
 * `markSiteChanged` in the same transaction. A draft save never marks the site changed, so cached
 * pages and the published content app servers hold stay as they are.
 *
 * A post's publish makes its sections live but not the post: its status (DRAFT, SCHEDULED …) still
 * decides whether visitors see it (./blog-posts.ts, ./scheduled-posts.ts).
 *
 * Locks are taken in one order everywhere: the site row (publish, import, the form editor), then the
 * page (or item) row, then its draft. A draft row is only written with its page row locked, so a page's first
 * save (an INSERT) and every later one are serialised by that lock.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { blockDefinition } from '../../../../blocks/definitions';
import { storedBlockSchemas } from '../../../../blocks/sanitize';
import type { DraftSaved, DraftState, EditorPage, Published } from '../../../../contracts/editor';
import { readStored } from '../../../../document/link';
import { createSectionSchema, type StoredSection } from '../../../../document/schema';
import { BLOCK_TYPES } from '../../../../domain/block-types';
import { canAccess } from '../../../../domain/permissions';
import { CONTENT_STATUSES } from '../../../../domain/website';
import type { Db, Executor } from '../../../../db/client';
import { accounts } from '../../accounts/schema/team';
import { collectionItems, collections, pageDrafts, pageRevisions, pages, postDrafts, postRevisions, type AppliedChange } from '../schema/content';
import { PAGE_TYPES } from '../../../../domain/page-types';
import { editor } from '../../../../messages/editor';
import { format } from '../../../../messages/format';
import { logActivity } from '../../sites';
import { FORM_WITH_ID } from '../../../../blocks/form/json-paths';
import { lockSite } from '../../sites';
import { markSiteChanged } from '../../sites';
import { storedSections } from '../../sites';

/** Sections as the site document's writing schema takes them: every block's data checked, links checked, owner HTML sanitised. */
const sectionsSchema = z.array(createSectionSchema(storedBlockSchemas));
const FORM = BLOCK_TYPES.FORM;
/** Applied saves remembered per draft: more than a browser has in flight or retries after a reconnect. */
const KEPT_CHANGES = 50;

/** Why a call is refused; the route gives each its status (404, 409, 400, 403). */
export type DraftRefusal =
  | { kind: 'notFound' }
  | { kind: 'conflict'; current: DraftState }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'forbidden'; error: string; errors: Record<string, string> };

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: DraftRefusal };

/** Thrown inside a transaction so that a refusal rolls back whatever the call had written. */
class Refused extends Error {
  constructor(readonly refusal: DraftRefusal) {
    super(refusal.kind);
  }
}

async function refusable<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, refusal: err.refusal };
    throw err;
  }
}

/** A draft row of either table, as the rules read it. */
type DraftRow = Omit<typeof pageDrafts.$inferSelect, 'websiteId' | 'pageId'>;
type DraftWrite = Pick<DraftRow, 'sections' | 'version' | 'savedAt' | 'savedBy'> & Partial<Pick<DraftRow, 'publishedVersion' | 'recentChanges'>>;
type Latest = { revision: number; publishedAt: Date };
/** What the editor's GET reads of a target in one statement: its heading, live sections, draft, and latest revision. */
type EditorRead = {
  head: EditorPage['page'];
  live: StoredSection[];
  draft: DraftRow | null;
  savedBy: string | null;
  revision: number | null;
  publishedAt: string | null;
};

/**
 * Where one kind of editable content keeps its rows: the live content (`pages` or
 * `collection_items`), its drafts and its revisions. The rules below are written once against it.
 */
type DraftStore = {
  kind: 'page' | 'post';
  liveColumn: string;
  draftColumn: string;
  /** How the content's own id is named when a section or block repeats it. */
  ownId: string;
  /** The live row, locked for the rest of the transaction; undefined when the site has none. */
  lockLive(tx: Executor, websiteId: string, id: string): Promise<{ sections: StoredSection[]; status: number } | undefined>;
  lockDraft(tx: Executor, websiteId: string, id: string): Promise<DraftRow | undefined>;
  insertDraft(tx: Executor, websiteId: string, id: string, row: DraftWrite & { publishedVersion: number }): Promise<void>;
  updateDraft(tx: Executor, websiteId: string, id: string, row: Partial<DraftWrite>): Promise<DraftRow>;
  latest(tx: Executor, websiteId: string, id: string): Promise<Latest | undefined>;
  /** Writes the live sections and the revision that records them. */
  publish(tx: Executor, websiteId: string, id: string, sections: StoredSection[], revision: number, publishedAt: Date, accountId: string): Promise<void>;
  /** A page not yet published goes live with its first publish; a post goes live by its status only. */
  goLive(tx: Executor, websiteId: string, id: string, status: number): Promise<boolean>;
  read(db: Db, websiteId: string, id: string): Promise<EditorRead | undefined>;
  /** Ids other content of the site holds, for the id rule: `exclude` is this target's own row. */
  exclude(id: string): { page: string; item: string };
};

const DRAFT_COLUMNS = {
  sections: pageDrafts.sections,
  version: pageDrafts.version,
  publishedVersion: pageDrafts.publishedVersion,
  savedAt: pageDrafts.savedAt,
  savedBy: pageDrafts.savedBy,
  recentChanges: pageDrafts.recentChanges,
};
const POST_DRAFT_COLUMNS = {
  sections: postDrafts.sections,
  version: postDrafts.version,
  publishedVersion: postDrafts.publishedVersion,
  savedAt: postDrafts.savedAt,
  savedBy: postDrafts.savedBy,
  recentChanges: postDrafts.recentChanges,
};

const pageKey = (websiteId: string, pageId: string) => and(eq(pages.websiteId, websiteId), eq(pages.id, pageId));
const draftKey = (websiteId: string, pageId: string) => and(eq(pageDrafts.websiteId, websiteId), eq(pageDrafts.pageId, pageId));
const itemKey = (websiteId: string, itemId: string) => and(eq(collectionItems.websiteId, websiteId), eq(collectionItems.id, itemId));
const postDraftKey = (websiteId: string, itemId: string) => and(eq(postDrafts.websiteId, websiteId), eq(postDrafts.itemId, itemId));
/** An account's name as the editor shows who saved or published: its display name, else its email. */
export const savedByName = sql<string | null>`coalesce(nullif(${accounts.displayName}, ''), ${accounts.email})`;

const PAGE_STORE: DraftStore = {
  kind: 'page',
  liveColumn: 'pages.sections',
  draftColumn: 'page_drafts.sections',
  ownId: 'the page’s own id',
  async lockLive(tx, websiteId, id) {
    const [page] = await tx.select({ sections: pages.sections, status: pages.status }).from(pages).where(pageKey(websiteId, id)).for('update');
    return page;
  },
  async lockDraft(tx, websiteId, id) {
    const [draft] = await tx.select(DRAFT_COLUMNS).from(pageDrafts).where(draftKey(websiteId, id)).for('update');
    return draft;
  },
  async insertDraft(tx, websiteId, id, row) {
    await tx.insert(pageDrafts).values({ websiteId, pageId: id, ...row });
  },
  async updateDraft(tx, websiteId, id, row) {
    const [updated] = await tx.update(pageDrafts).set(row).where(draftKey(websiteId, id)).returning(DRAFT_COLUMNS);
    return updated!;
  },
  async latest(tx, websiteId, id) {
    const [latest] = await tx
      .select({ revision: pageRevisions.revision, publishedAt: pageRevisions.publishedAt })
      .from(pageRevisions)
      .where(and(eq(pageRevisions.websiteId, websiteId), eq(pageRevisions.pageId, id)))
      .orderBy(desc(pageRevisions.revision))
      .limit(1);
    return latest;
  },
  async publish(tx, websiteId, id, sections, revision, publishedAt, accountId) {
    await tx.update(pages).set({ sections }).where(pageKey(websiteId, id));
    await tx.insert(pageRevisions).values({ websiteId, pageId: id, revision, sections, publishedAt, publishedBy: accountId });
  },
  async goLive(tx, websiteId, id, status) {
    if (status !== CONTENT_STATUSES.DRAFT) return false;
    await tx.update(pages).set({ status: CONTENT_STATUSES.PUBLISHED }).where(pageKey(websiteId, id));
    return true;
  },
  async read(db, websiteId, id) {
    // One statement, so the draft, the page and its latest revision are read from one snapshot.
    const [row] = await db
      .select({
        page: { id: pages.id, title: pages.title, path: pages.path, pageType: pages.pageType, sections: pages.sections },
        draft: pageDrafts,
        savedBy: savedByName,
        revision: sql<number | null>`(SELECT max(r.revision) FROM ${pageRevisions} r WHERE r.website_id = ${pages.websiteId} AND r.page_id = ${pages.id})`,
        publishedAt: sql<
          string | null
        >`(SELECT r.published_at FROM ${pageRevisions} r WHERE r.website_id = ${pages.websiteId} AND r.page_id = ${pages.id} ORDER BY r.revision DESC LIMIT 1)`,
      })
      .from(pages)
      .leftJoin(pageDrafts, and(eq(pageDrafts.websiteId, pages.websiteId), eq(pageDrafts.pageId, pages.id)))
      .leftJoin(accounts, eq(accounts.id, pageDrafts.savedBy))
      .where(pageKey(websiteId, id));
    if (!row) return undefined;
    const { sections, ...head } = row.page;
    return { head, live: sections, draft: row.draft, savedBy: row.savedBy, revision: row.revision, publishedAt: row.publishedAt };
  },
  exclude: (id) => ({ page: id, item: '' }),
};

const POST_STORE: DraftStore = {
  kind: 'post',
  liveColumn: 'collection_items.sections',
  draftColumn: 'post_drafts.sections',
  ownId: 'the post’s own id',
  async lockLive(tx, websiteId, id) {
    const [item] = await tx
      .select({ sections: collectionItems.sections, status: collectionItems.status })
      .from(collectionItems)
      .where(itemKey(websiteId, id))
      .for('update');
    return item;
  },
  async lockDraft(tx, websiteId, id) {
    const [draft] = await tx.select(POST_DRAFT_COLUMNS).from(postDrafts).where(postDraftKey(websiteId, id)).for('update');
    return draft;
  },
  async insertDraft(tx, websiteId, id, row) {
    await tx.insert(postDrafts).values({ websiteId, itemId: id, ...row });
  },
  async updateDraft(tx, websiteId, id, row) {
    const [updated] = await tx.update(postDrafts).set(row).where(postDraftKey(websiteId, id)).returning(POST_DRAFT_COLUMNS);
    return updated!;
  },
  async latest(tx, websiteId, id) {
    const [latest] = await tx
      .select({ revision: postRevisions.revision, publishedAt: postRevisions.publishedAt })
      .from(postRevisions)
      .where(and(eq(postRevisions.websiteId, websiteId), eq(postRevisions.itemId, id)))
      .orderBy(desc(postRevisions.revision))
      .limit(1);
    return latest;
  },
  async publish(tx, websiteId, id, sections, revision, publishedAt, accountId) {
    await tx.update(collectionItems).set({ sections }).where(itemKey(websiteId, id));
    await tx.insert(postRevisions).values({ websiteId, itemId: id, revision, sections, publishedAt, publishedBy: accountId });
  },
  goLive: async () => false,
  async read(db, websiteId, id) {
    const [row] = await db
      .select({
        item: { id: collectionItems.id, title: collectionItems.title, path: collectionItems.path, sections: collectionItems.sections },
        draft: POST_DRAFT_COLUMNS,
        hasDraft: sql<boolean>`${postDrafts.itemId} IS NOT NULL`,
        savedBy: savedByName,
        revision: sql<
          number | null
        >`(SELECT max(r.revision) FROM ${postRevisions} r WHERE r.website_id = ${collectionItems.websiteId} AND r.item_id = ${collectionItems.id})`,
        publishedAt: sql<
          string | null
        >`(SELECT r.published_at FROM ${postRevisions} r WHERE r.website_id = ${collectionItems.websiteId} AND r.item_id = ${collectionItems.id} ORDER BY r.revision DESC LIMIT 1)`,
      })
      .from(collectionItems)
      .leftJoin(postDrafts, and(eq(postDrafts.websiteId, collectionItems.websiteId), eq(postDrafts.itemId, collectionItems.id)))
      .leftJoin(accounts, eq(accounts.id, postDrafts.savedBy))
      .where(itemKey(websiteId, id));
    if (!row) return undefined;
    const { sections, ...item } = row.item;
    return {
      head: { ...item, pageType: PAGE_TYPES.CONTENT_ITEM },
      live: sections,
      draft: row.hasDraft ? (row.draft as DraftRow) : null,
      savedBy: row.savedBy,
      revision: row.revision,
      publishedAt: row.publishedAt,
    };
  },
  exclude: (id) => ({ page: '', item: id }),
};

async function nameOf(tx: Executor, accountId: string | null): Promise<string | null> {
  if (!accountId) return null;
  const [row] = await tx.select({ email: accounts.email, displayName: accounts.displayName }).from(accounts).where(eq(accounts.id, accountId));
  return row ? row.displayName || row.email : null;
}

/**
 * Sections as the editor gets them: read through the one reader of stored JSON (./stored-json.ts),
 * which refuses content that fails the document's schema rather than answer part of it. The rules
 * below compare and copy the rows as stored, so a draft stored wrong can still be saved over.
 */
const answered = (websiteId: string, id: string, column: string, sections: unknown) => storedSections(sections, { websiteId, column, row: id });

/** The draft as the editor gets it; with no row, the published sections at version 0. */
async function draftState(
  tx: Executor,
  store: DraftStore,
  websiteId: string,
  id: string,
  draft: DraftRow | undefined,
  published: StoredSection[],
): Promise<DraftState> {
  if (!draft) return { version: 0, sections: answered(websiteId, id, store.liveColumn, published), savedAt: null, savedBy: null };
  return {
    version: draft.version,
    sections: answered(websiteId, id, store.draftColumn, draft.sections),
    savedAt: draft.savedAt.toISOString(),
    savedBy: await nameOf(tx, draft.savedBy),
  };
}

async function editorTarget(db: Db, store: DraftStore, websiteId: string, id: string, role: number): Promise<Omit<EditorPage, 'canvas'> | undefined> {
  const row = await store.read(db, websiteId, id);
  if (!row) return undefined;
  const { draft } = row;
  const live = answered(websiteId, id, store.liveColumn, row.live);
  return {
    page: row.head,
    draft: draft
      ? {
          version: draft.version,
          sections: answered(websiteId, id, store.draftColumn, draft.sections),
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
export async function editorPage(db: Db, websiteId: string, pageId: string, role: number): Promise<Omit<EditorPage, 'canvas'> | undefined> {
  return editorTarget(db, PAGE_STORE, websiteId, pageId, role);
}

/** GET for a blog post: as `editorPage`, with the post's title and address; undefined for a post the site does not have. */
export async function editorPost(db: Db, websiteId: string, itemId: string, role: number): Promise<Omit<EditorPage, 'canvas'> | undefined> {
  return editorTarget(db, POST_STORE, websiteId, itemId, role);
}

// ---- the rules a draft is checked against ----

type Located = { id: string; path: string };

/** Every section and block id of `sections`, with its path in the call's body. */
function idsOf(sections: StoredSection[]): Located[] {
  return sections.flatMap((s, si) => [
    { id: s.id, path: `sections.${si}.id` },
    ...s.blocks.map((b, bi) => ({ id: b.id, path: `sections.${si}.blocks.${bi}.id` })),
  ]);
}

/**
 * The site document's rule that ids are unique across the whole site (src/document/content.ts), for
 * one page or post: within its sections and against its own id here, and against the rest of the
 * site's published content for the ids `known` does not hold (those were checked when they came).
 */
async function idErrors(
  tx: Executor,
  store: DraftStore,
  websiteId: string,
  id: string,
  sections: StoredSection[],
  known: StoredSection[],
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const seen = new Map<string, string>([[id, store.ownId]]);
  for (const { id: found, path } of idsOf(sections)) {
    const prior = seen.get(found);
    if (prior !== undefined) errors[path] = format(editor.idRepeated, { id: found, where: prior });
    else seen.set(found, path);
  }
  const old = new Set(idsOf(known).map((l) => l.id));
  const fresh = idsOf(sections).filter((l) => !old.has(l.id) && errors[l.path] === undefined);
  if (fresh.length === 0) return errors;
  const taken = new Set(
    await idsUsedElsewhere(
      tx,
      websiteId,
      store.exclude(id),
      fresh.map((l) => l.id),
    ),
  );
  for (const { id: found, path } of fresh) if (taken.has(found)) errors[path] = format(editor.idUsedElsewhere, { id: found });
  return errors;
}

/** Which of `ids` another page, a collection or another post of the site already uses (as its own id, or a section's or block's); `exclude` names the row being edited. */
async function idsUsedElsewhere(tx: Executor, websiteId: string, exclude: { page: string; item: string }, ids: string[]): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT DISTINCT u.id FROM (
      SELECT p.id FROM ${pages} p WHERE p.website_id = ${websiteId} AND p.id <> ${exclude.page}
      UNION ALL SELECT c.id FROM ${collections} c WHERE c.website_id = ${websiteId}
      UNION ALL SELECT i.id FROM ${collectionItems} i WHERE i.website_id = ${websiteId} AND i.id <> ${exclude.item}
      UNION ALL SELECT x #>> '{}' FROM ${pages} p CROSS JOIN LATERAL jsonb_path_query(p.sections, '$[*].id') x WHERE p.website_id = ${websiteId} AND p.id <> ${exclude.page}
      UNION ALL SELECT x #>> '{}' FROM ${pages} p CROSS JOIN LATERAL jsonb_path_query(p.sections, '$[*].blocks[*].id') x WHERE p.website_id = ${websiteId} AND p.id <> ${exclude.page}
      UNION ALL SELECT x #>> '{}' FROM ${collectionItems} i CROSS JOIN LATERAL jsonb_path_query(i.sections, '$[*].id') x WHERE i.website_id = ${websiteId} AND i.id <> ${exclude.item}
      UNION ALL SELECT x #>> '{}' FROM ${collectionItems} i CROSS JOIN LATERAL jsonb_path_query(i.sections, '$[*].blocks[*].id') x WHERE i.website_id = ${websiteId} AND i.id <> ${exclude.item}
    ) u(id)
    WHERE u.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return rows.map((r) => r.id);
}

/** Which of `formIds` a form of the site's published content, or another page's or post's draft, already holds. */
async function formIdsInUse(tx: Executor, websiteId: string, exclude: { page: string; item: string }, formIds: string[]): Promise<Set<string>> {
  const holds = (column: string) => sql`jsonb_path_exists(${sql.raw(column)}, ${FORM_WITH_ID}::jsonpath, jsonb_build_object('id', f.id))`;
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT f.id FROM jsonb_array_elements_text(${JSON.stringify(formIds)}::jsonb) f(id)
     WHERE EXISTS (SELECT 1 FROM ${pages} p WHERE p.website_id = ${websiteId} AND ${holds('p.sections')})
        OR EXISTS (SELECT 1 FROM ${collectionItems} i WHERE i.website_id = ${websiteId} AND ${holds('i.sections')})
        OR EXISTS (SELECT 1 FROM ${pageDrafts} d WHERE d.website_id = ${websiteId} AND d.page_id <> ${exclude.page} AND ${holds('d.sections')})
        OR EXISTS (SELECT 1 FROM ${postDrafts} d WHERE d.website_id = ${websiteId} AND d.item_id <> ${exclude.item} AND ${holds('d.sections')})`);
  return new Set(rows.map((r) => r.id));
}

/** JSON as it compares: what a round trip through the database would give (no undefined members). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A form block's data as the writing schema gives it today (defaults filled), so a form stored before a newer setting existed still compares equal. */
function normalForm(data: unknown): unknown {
  const parsed = readStored(() => storedBlockSchemas.get(FORM)!.safeParse(data));
  return plain(parsed.success ? parsed.data : data);
}

/** The data a new block of the form kind starts with, holding `data`'s own ids (a form's formId). */
function blankForm(data: Record<string, unknown>): unknown {
  const kind = blockDefinition(FORM)!;
  const ids = Object.fromEntries((kind.ids ?? []).map((key) => [key, data[key]]));
  return normalForm({ ...kind.defaults, ...ids });
}

/**
 * Forms write guards a form's fields and settings (where submissions go: notification addresses,
 * webhooks). A role without it may move, resize and remove form blocks and place new ones as the
 * kind's defaults make them, with a form id no other form of the site uses; changing the data of
 * a form block the current draft holds is refused, naming the block.
 */
async function formRefusal(
  tx: Executor,
  websiteId: string,
  exclude: { page: string; item: string },
  before: StoredSection[],
  after: StoredSection[],
): Promise<DraftRefusal | undefined> {
  const existing = new Map(before.flatMap((s) => s.blocks.filter((b) => b.type === FORM).map((b) => [b.id, normalForm(b.data)] as const)));
  const draftFormIds = new Set(before.flatMap((s) => s.blocks.filter((b) => b.type === FORM).map((b) => String(b.data.formId))));
  const added = after.flatMap((s, si) =>
    s.blocks.flatMap((b, bi) => (b.type === FORM && !existing.has(b.id) ? [{ block: b, path: `sections.${si}.blocks.${bi}.data` }] : [])),
  );
  const inUse =
    added.length > 0
      ? await formIdsInUse(
          tx,
          websiteId,
          exclude,
          added.map((a) => String(a.block.data.formId)),
        )
      : new Set<string>();
  const refuse = (
    message: typeof editor.formChangeRefused | typeof editor.newFormNotBlank,
    block: StoredSection['blocks'][number],
    path: string,
  ): DraftRefusal => {
    const title = typeof block.data.title === 'string' && block.data.title ? block.data.title : blockDefinition(FORM)!.label;
    const error = format(message, { title, blockId: block.id });
    return { kind: 'forbidden', error, errors: { [path]: error } };
  };
  for (const [si, section] of after.entries()) {
    for (const [bi, block] of section.blocks.entries()) {
      if (block.type !== FORM) continue;
      const path = `sections.${si}.blocks.${bi}.data`;
      const prior = existing.get(block.id);
      if (prior !== undefined) {
        if (!isDeepStrictEqual(prior, plain(block.data))) return refuse(editor.formChangeRefused, block, path);
        continue;
      }
      const formId = String(block.data.formId);
      if (draftFormIds.has(formId) || inUse.has(formId) || !isDeepStrictEqual(blankForm(block.data), plain(block.data)))
        return refuse(editor.newFormNotBlank, block, path);
      draftFormIds.add(formId);
    }
  }
  return undefined;
}

/** The body's sections as the writing schema reads them, or each error by its path in the body. */
function parseSections(sections: unknown): { ok: true; sections: StoredSection[] } | { ok: false; errors: Record<string, string> } {
  const parsed = sectionsSchema.safeParse(sections);
  if (parsed.success) return { ok: true, sections: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = ['sections', ...issue.path.map(String)].join('.');
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

// ---- the calls ----

export type DraftSaveInput = {
  websiteId: string;
  pageId: string;
  accountId: string;
  role: number;
  baseVersion: number;
  changeId: string;
  sections: unknown;
  /** A step over the checked sections before the draft is locked (./video-embeds.ts: embeds looked up at save time); `prior` reads the content the save replaces. */
  embeds?: (
    sections: StoredSection[],
    prior: () => Promise<StoredSection[]>,
  ) => Promise<{ ok: true; sections: StoredSection[] } | { ok: false; errors: Record<string, string> }>;
};

/** The blocks whose data the save-time step changed, by id, with their data as saved. */
function filledBlocks(sent: StoredSection[], saved: StoredSection[]): NonNullable<DraftSaved['filled']> {
  const before = new Map(sent.flatMap((section) => section.blocks.map((block) => [block.id, block.data] as const)));
  const changed = (id: string, data: unknown) => before.get(id) !== data && JSON.stringify(before.get(id)) !== JSON.stringify(data);
  return saved.flatMap((section) =>
    section.blocks.filter((block) => changed(block.id, block.data)).map((block) => ({ id: block.id, data: block.data as Record<string, unknown> })),
  );
}

/**
 * PUT: saves the draft as the next version. A change id among the draft's recent saves is answered
 * as it was (a retry, not a conflict); a base other than the draft's version is a conflict; then
 * the sections must pass the writing schema, the site's id rule and the forms rule.
 */
async function saveTargetDraft(
  db: Db,
  store: DraftStore,
  save: DraftSaveInput,
  activity?: { action: string; detail: Record<string, unknown> },
): Promise<Outcome<DraftSaved>> {
  const { websiteId, pageId: id } = save;
  // Parsed (and sanitised) before the row is locked, so a large page holds the lock only to write.
  let parsed = parseSections(save.sections);
  let filled: DraftSaved['filled'];
  if (parsed.ok && save.embeds) {
    const checked = parsed.sections;
    parsed = await save.embeds(checked, async () => {
      const row = await store.read(db, websiteId, id);
      return (row?.draft?.sections ?? row?.live ?? []) as StoredSection[];
    });
    if (parsed.ok) filled = filledBlocks(checked, parsed.sections);
  }
  return refusable(() =>
    db.transaction(async (tx) => {
      const live = await store.lockLive(tx, websiteId, id);
      if (!live) throw new Refused({ kind: 'notFound' });
      const draft = await store.lockDraft(tx, websiteId, id);
      const applied = draft?.recentChanges.find((c) => c.changeId === save.changeId);
      if (applied) return { version: applied.version, savedAt: applied.savedAt };
      const current = draft?.version ?? 0;
      if (current !== save.baseVersion) throw new Refused({ kind: 'conflict', current: await draftState(tx, store, websiteId, id, draft, live.sections) });
      if (!parsed.ok) throw new Refused({ kind: 'invalid', errors: parsed.errors });
      const before = draft?.sections ?? live.sections;
      const errors = await idErrors(tx, store, websiteId, id, parsed.sections, before);
      if (Object.keys(errors).length > 0) throw new Refused({ kind: 'invalid', errors });
      if (!canAccess(save.role, 'forms', 'write')) {
        const refusal = await formRefusal(tx, websiteId, store.exclude(id), before, parsed.sections);
        if (refusal) throw new Refused(refusal);
      }
      const version = current + 1;
      const savedAt = new Date();
      const recentChanges: AppliedChange[] = [...(draft?.recentChanges ?? []), { changeId: save.changeId, version, savedAt: savedAt.toISOString() }].slice(
        -KEPT_CHANGES,
      );
      const row = { sections: parsed.sections, version, savedAt, savedBy: save.accountId, recentChanges };
      if (draft) await store.updateDraft(tx, websiteId, id, row);
      else await store.insertDraft(tx, websiteId, id, { publishedVersion: 0, ...row });
      if (activity) await logActivity(tx, websiteId, save.accountId, activity.action, activity.detail);
      return { version, savedAt: savedAt.toISOString(), ...(filled?.length ? { filled } : {}) };
    }),
  );
}

/**
 * POST publish: the draft at `version` becomes the live content and its next revision, and the
 * site is marked changed (cached pages dropped on every app server) in the same transaction. A
 * draft with nothing unpublished answers its latest revision again, so a retried publish makes none.
 */
async function publishTargetDraft(db: Db, store: DraftStore, websiteId: string, id: string, accountId: string, version: number): Promise<Outcome<Published>> {
  return refusable(() =>
    db.transaction(async (tx) => {
      await lockSite(tx, websiteId);
      const live = await store.lockLive(tx, websiteId, id);
      if (!live) throw new Refused({ kind: 'notFound' });
      const draft = await store.lockDraft(tx, websiteId, id);
      if ((draft?.version ?? 0) !== version) throw new Refused({ kind: 'conflict', current: await draftState(tx, store, websiteId, id, draft, live.sections) });
      const latest = await store.latest(tx, websiteId, id);
      // A page not yet published (a new one starts as a draft) goes live with its first publish, changed or not.
      const goesLive = await store.goLive(tx, websiteId, id, live.status);
      if (goesLive) await markSiteChanged(tx, websiteId);
      if (latest && (!draft || draft.version === draft.publishedVersion)) return { revision: latest.revision, publishedAt: latest.publishedAt.toISOString() };
      const sections = draft?.sections ?? live.sections;
      // Another page may have been published with one of these ids since the draft was saved.
      const errors = await idErrors(tx, store, websiteId, id, sections, live.sections);
      if (Object.keys(errors).length > 0) throw new Refused({ kind: 'invalid', errors });
      const revision = (latest?.revision ?? 0) + 1;
      const publishedAt = new Date();
      await store.publish(tx, websiteId, id, sections, revision, publishedAt, accountId);
      if (draft) await store.updateDraft(tx, websiteId, id, { publishedVersion: draft.version });
      if (!goesLive) await markSiteChanged(tx, websiteId);
      await logActivity(
        tx,
        websiteId,
        accountId,
        store.kind === 'page' ? 'pages.published' : 'posts.published',
        store.kind === 'page' ? { pageId: id, revision } : { itemId: id, revision },
      );
      return { revision, publishedAt: publishedAt.toISOString() };
    }),
  );
}

/** DELETE: the draft goes back to the published sections as its next version, with nothing unpublished. */
async function discardTargetDraft(db: Db, store: DraftStore, websiteId: string, id: string, accountId: string): Promise<Outcome<DraftState>> {
  return refusable(() =>
    db.transaction(async (tx) => {
      const live = await store.lockLive(tx, websiteId, id);
      if (!live) throw new Refused({ kind: 'notFound' });
      const draft = await store.lockDraft(tx, websiteId, id);
      if (!draft) return draftState(tx, store, websiteId, id, undefined, live.sections);
      const version = draft.version + 1;
      const row = await store.updateDraft(tx, websiteId, id, {
        sections: live.sections,
        version,
        publishedVersion: version,
        savedAt: new Date(),
        savedBy: accountId,
      });
      await logActivity(
        tx,
        websiteId,
        accountId,
        store.kind === 'page' ? 'pages.draft_discarded' : 'posts.draft_discarded',
        store.kind === 'page' ? { pageId: id } : { itemId: id },
      );
      return draftState(tx, store, websiteId, id, row, live.sections);
    }),
  );
}

export function saveDraft(db: Db, save: DraftSaveInput): Promise<Outcome<DraftSaved>> {
  return saveTargetDraft(db, PAGE_STORE, save);
}

/**
 * POST restore: a published revision's sections saved as the page's draft, as the version after
 * `baseVersion`, by the rules of any save (a stale base is a conflict, the site's ids, the forms
 * rule for a role that may not write forms). Answers the draft as the editor then shows it.
 */
export async function restoreRevision(db: Db, input: Omit<DraftSaveInput, 'sections' | 'changeId'> & { revision: number }): Promise<Outcome<DraftState>> {
  const { websiteId, pageId, revision } = input;
  const [kept] = await db
    .select({ sections: pageRevisions.sections })
    .from(pageRevisions)
    .where(and(eq(pageRevisions.websiteId, websiteId), eq(pageRevisions.pageId, pageId), eq(pageRevisions.revision, revision)));
  if (!kept) return { ok: false, refusal: { kind: 'notFound' } };
  const saved = await saveTargetDraft(
    db,
    PAGE_STORE,
    { ...input, changeId: `restore-${revision}-${randomUUID()}`, sections: kept.sections },
    { action: 'pages.revision_restored', detail: { pageId, revision } },
  );
  if (!saved.ok) return saved;
  return {
    ok: true,
    value: {
      version: saved.value.version,
      sections: answered(websiteId, pageId, 'page_revisions.sections', kept.sections),
      savedAt: saved.value.savedAt,
      savedBy: await nameOf(db, input.accountId),
    },
  };
}

export function publishDraft(db: Db, websiteId: string, pageId: string, accountId: string, version: number): Promise<Outcome<Published>> {
  return publishTargetDraft(db, PAGE_STORE, websiteId, pageId, accountId, version);
}

export function discardDraft(db: Db, websiteId: string, pageId: string, accountId: string): Promise<Outcome<DraftState>> {
  return discardTargetDraft(db, PAGE_STORE, websiteId, pageId, accountId);
}

/** A blog post's draft save: `pageId` of the input names the post (the collection item). */
export function savePostDraft(db: Db, save: DraftSaveInput): Promise<Outcome<DraftSaved>> {
  return saveTargetDraft(db, POST_STORE, save);
}

/** A blog post's publish: its sections go live; whether visitors see the post is its status's affair. */
export function publishPostDraft(db: Db, websiteId: string, itemId: string, accountId: string, version: number): Promise<Outcome<Published>> {
  return publishTargetDraft(db, POST_STORE, websiteId, itemId, accountId, version);
}

export function discardPostDraft(db: Db, websiteId: string, itemId: string, accountId: string): Promise<Outcome<DraftState>> {
  return discardTargetDraft(db, POST_STORE, websiteId, itemId, accountId);
}

// ---- other writers of a page's content ----

/**
 * After an import has written the site's pages (src/server/modules/content/sites/sites.ts): each page's content
 * becomes its next revision, and the drafts of pages that were there before are replaced by it at
 * their next version, so an editor still open on the old content gets a conflict, never a save
 * over the import. `replaced` names those pages; pages new to the site get no draft row.
 */
export async function recordImportedPages(tx: Executor, websiteId: string, replaced: readonly string[]): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${pageRevisions} (website_id, page_id, revision, sections, published_at, published_by)
    SELECT p.website_id, p.id, coalesce((SELECT max(r.revision) FROM ${pageRevisions} r WHERE r.website_id = p.website_id AND r.page_id = p.id), 0) + 1, p.sections, now(), NULL
      FROM ${pages} p WHERE p.website_id = ${websiteId}`);
  if (replaced.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ${pageDrafts} AS d (website_id, page_id, sections, version, published_version, saved_at, saved_by)
    SELECT p.website_id, p.id, p.sections, 1, 1, now(), NULL
      FROM ${pages} p
     WHERE p.website_id = ${websiteId} AND p.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(replaced)}::jsonb))
    ON CONFLICT (website_id, page_id) DO UPDATE
       SET sections = excluded.sections, version = d.version + 1, published_version = d.version + 1, saved_at = excluded.saved_at, saved_by = NULL`);
}

/**
 * The form editor's change (src/server/modules/forms/config/editing.ts) in the drafts that hold the
 * form: `revise` edits a draft's sections in place and answers how many blocks it changed. Each
 * draft changed moves to its next version (an editor open on it gets a conflict rather than saving
 * the old form back), still with nothing unpublished if it had none. Answers the blocks changed.
 */
export async function reviseDraftsHoldingForm(
  tx: Executor,
  websiteId: string,
  formId: string,
  accountId: string,
  revise: (sections: StoredSection[]) => number,
): Promise<number> {
  const holding = JSON.stringify({ id: formId });
  const pageRows = await tx
    .select({ id: pageDrafts.pageId, sections: pageDrafts.sections, version: pageDrafts.version, publishedVersion: pageDrafts.publishedVersion })
    .from(pageDrafts)
    .innerJoin(pages, and(eq(pages.websiteId, pageDrafts.websiteId), eq(pages.id, pageDrafts.pageId)))
    .where(and(eq(pageDrafts.websiteId, websiteId), sql`jsonb_path_exists(${pageDrafts.sections}, ${FORM_WITH_ID}::jsonpath, ${holding}::jsonb)`))
    .for('update');
  const postRows = await tx
    .select({ id: postDrafts.itemId, sections: postDrafts.sections, version: postDrafts.version, publishedVersion: postDrafts.publishedVersion })
    .from(postDrafts)
    .innerJoin(collectionItems, and(eq(collectionItems.websiteId, postDrafts.websiteId), eq(collectionItems.id, postDrafts.itemId)))
    .where(and(eq(postDrafts.websiteId, websiteId), sql`jsonb_path_exists(${postDrafts.sections}, ${FORM_WITH_ID}::jsonpath, ${holding}::jsonb)`))
    .for('update');
  let revised = 0;
  for (const [store, rows] of [
    [PAGE_STORE, pageRows],
    [POST_STORE, postRows],
  ] as const) {
    for (const row of rows) {
      revised += revise(row.sections);
      const version = row.version + 1;
      await store.updateDraft(tx, websiteId, row.id, {
        sections: row.sections,
        version,
        publishedVersion: row.publishedVersion === row.version ? version : row.publishedVersion,
        savedAt: new Date(),
        savedBy: accountId,
      });
    }
  }
  return revised;
}
