/**
 * Page drafts and publishing: the visual editor's calls (src/contracts/editor.ts). Every edit is a
 * save to the page's draft, checked against the draft version it was based on; visitors see only
 * `pages.sections`, which publishing writes (besides import and the form editor, which replace a
 * page's content whole or a form everywhere), together with an immutable revision and
 * `markSiteChanged` in the same transaction. A draft save never marks the site changed, so cached
 * pages and the published content app servers hold stay as they are.
 *
 * Locks are taken in one order everywhere: the site row (publish, import, the form editor), then the
 * page row, then its draft. A draft row is only written with its page row locked, so a page's first
 * save (an INSERT) and every later one are serialised by that lock.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { blockDefinition } from '../../blocks/definitions';
import { storedBlockSchemas } from '../../blocks/sanitize';
import type { DraftSaved, DraftState, EditorPage, Published } from '../../contracts/editor';
import { readStored } from '../../document/link';
import { createSectionSchema, type StoredSection } from '../../document/schema';
import { BLOCK_TYPES } from '../../domain/block-types';
import { canAccess } from '../../domain/permissions';
import { CONTENT_STATUSES } from '../../domain/website';
import type { Db, Executor } from '../../db/client';
import { accounts, collectionItems, collections, pageDrafts, pageRevisions, pages, websites, type AppliedChange } from '../../db/schema';
import { editor } from '../../messages/editor';
import { format } from '../../messages/format';
import { logActivity } from './activity';
import { FORM_WITH_ID } from './forms-config/placements';
import { markSiteChanged } from './site-changes';
import { storedSections } from './stored-json';

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

type DraftRow = typeof pageDrafts.$inferSelect;
const pageKey = (websiteId: string, pageId: string) => and(eq(pages.websiteId, websiteId), eq(pages.id, pageId));
const draftKey = (websiteId: string, pageId: string) => and(eq(pageDrafts.websiteId, websiteId), eq(pageDrafts.pageId, pageId));

/** The page row, locked for the rest of the transaction; undefined when the site has no such page. */
async function lockPage(tx: Executor, websiteId: string, pageId: string) {
  const [page] = await tx.select({ id: pages.id, sections: pages.sections, status: pages.status }).from(pages).where(pageKey(websiteId, pageId)).for('update');
  return page;
}

async function lockDraft(tx: Executor, websiteId: string, pageId: string): Promise<DraftRow | undefined> {
  const [draft] = await tx.select().from(pageDrafts).where(draftKey(websiteId, pageId)).for('update');
  return draft;
}

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
const answered = (websiteId: string, pageId: string, column: 'pages.sections' | 'page_drafts.sections', sections: unknown) =>
  storedSections(sections, { websiteId, column, row: pageId });

/** The draft as the editor gets it; with no row, the published sections at version 0. */
async function draftState(tx: Executor, websiteId: string, pageId: string, draft: DraftRow | undefined, published: StoredSection[]): Promise<DraftState> {
  if (!draft) return { version: 0, sections: answered(websiteId, pageId, 'pages.sections', published), savedAt: null, savedBy: null };
  return {
    version: draft.version,
    sections: answered(websiteId, pageId, 'page_drafts.sections', draft.sections),
    savedAt: draft.savedAt.toISOString(),
    savedBy: await nameOf(tx, draft.savedBy),
  };
}

/** GET: the page, its draft, what is published and what `role` may do there; undefined for a page the site does not have. */
export async function editorPage(db: Db, websiteId: string, pageId: string, role: number): Promise<Omit<EditorPage, 'canvas'> | undefined> {
  // One statement, so the draft, the page and its latest revision are read from one snapshot.
  const [row] = await db
    .select({
      page: { id: pages.id, title: pages.title, path: pages.path, pageType: pages.pageType, sections: pages.sections },
      draft: pageDrafts,
      savedBy: sql<string | null>`coalesce(nullif(${accounts.displayName}, ''), ${accounts.email})`,
      revision: sql<number | null>`(SELECT max(r.revision) FROM ${pageRevisions} r WHERE r.website_id = ${pages.websiteId} AND r.page_id = ${pages.id})`,
      publishedAt: sql<string | null>`(SELECT r.published_at FROM ${pageRevisions} r WHERE r.website_id = ${pages.websiteId} AND r.page_id = ${pages.id} ORDER BY r.revision DESC LIMIT 1)`,
    })
    .from(pages)
    .leftJoin(pageDrafts, and(eq(pageDrafts.websiteId, pages.websiteId), eq(pageDrafts.pageId, pages.id)))
    .leftJoin(accounts, eq(accounts.id, pageDrafts.savedBy))
    .where(pageKey(websiteId, pageId));
  if (!row) return undefined;
  const { page, draft } = row;
  const live = answered(websiteId, pageId, 'pages.sections', page.sections);
  return {
    page: { id: page.id, title: page.title, path: page.path, pageType: page.pageType },
    draft: draft
      ? { version: draft.version, sections: answered(websiteId, pageId, 'page_drafts.sections', draft.sections), savedAt: draft.savedAt.toISOString(), savedBy: row.savedBy }
      : { version: 0, sections: live, savedAt: null, savedBy: null },
    published: { sections: live, revision: row.revision ?? 0, publishedAt: row.publishedAt === null ? null : new Date(row.publishedAt).toISOString() },
    unpublishedChanges: draft ? draft.version > draft.publishedVersion : false,
    writable: canAccess(role, 'pages', 'write'),
    formsWritable: canAccess(role, 'forms', 'write'),
  };
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
 * one page: within its sections and against its own id here, and against the rest of the site's
 * published content for the ids `known` does not hold (those were checked when they came).
 */
async function idErrors(tx: Executor, websiteId: string, pageId: string, sections: StoredSection[], known: StoredSection[]): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const seen = new Map<string, string>([[pageId, 'the page’s own id']]);
  for (const { id, path } of idsOf(sections)) {
    const prior = seen.get(id);
    if (prior !== undefined) errors[path] = format(editor.idRepeated, { id, where: prior });
    else seen.set(id, path);
  }
  const old = new Set(idsOf(known).map((l) => l.id));
  const fresh = idsOf(sections).filter((l) => !old.has(l.id) && errors[l.path] === undefined);
  if (fresh.length === 0) return errors;
  const taken = new Set(await idsUsedElsewhere(tx, websiteId, pageId, fresh.map((l) => l.id)));
  for (const { id, path } of fresh) if (taken.has(id)) errors[path] = format(editor.idUsedElsewhere, { id });
  return errors;
}

/** Which of `ids` another page, a collection or a post of the site already uses (as its own id, or a section's or block's). */
async function idsUsedElsewhere(tx: Executor, websiteId: string, pageId: string, ids: string[]): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT DISTINCT u.id FROM (
      SELECT p.id FROM ${pages} p WHERE p.website_id = ${websiteId} AND p.id <> ${pageId}
      UNION ALL SELECT c.id FROM ${collections} c WHERE c.website_id = ${websiteId}
      UNION ALL SELECT i.id FROM ${collectionItems} i WHERE i.website_id = ${websiteId}
      UNION ALL SELECT x #>> '{}' FROM ${pages} p CROSS JOIN LATERAL jsonb_path_query(p.sections, '$[*].id') x WHERE p.website_id = ${websiteId} AND p.id <> ${pageId}
      UNION ALL SELECT x #>> '{}' FROM ${pages} p CROSS JOIN LATERAL jsonb_path_query(p.sections, '$[*].blocks[*].id') x WHERE p.website_id = ${websiteId} AND p.id <> ${pageId}
      UNION ALL SELECT x #>> '{}' FROM ${collectionItems} i CROSS JOIN LATERAL jsonb_path_query(i.sections, '$[*].id') x WHERE i.website_id = ${websiteId}
      UNION ALL SELECT x #>> '{}' FROM ${collectionItems} i CROSS JOIN LATERAL jsonb_path_query(i.sections, '$[*].blocks[*].id') x WHERE i.website_id = ${websiteId}
    ) u(id)
    WHERE u.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return rows.map((r) => r.id);
}

/** Which of `formIds` a form of the site's published content, or another page's draft, already holds. */
async function formIdsInUse(tx: Executor, websiteId: string, pageId: string, formIds: string[]): Promise<Set<string>> {
  const holds = (column: string) => sql`jsonb_path_exists(${sql.raw(column)}, ${FORM_WITH_ID}::jsonpath, jsonb_build_object('id', f.id))`;
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT f.id FROM jsonb_array_elements_text(${JSON.stringify(formIds)}::jsonb) f(id)
     WHERE EXISTS (SELECT 1 FROM ${pages} p WHERE p.website_id = ${websiteId} AND ${holds('p.sections')})
        OR EXISTS (SELECT 1 FROM ${collectionItems} i WHERE i.website_id = ${websiteId} AND ${holds('i.sections')})
        OR EXISTS (SELECT 1 FROM ${pageDrafts} d WHERE d.website_id = ${websiteId} AND d.page_id <> ${pageId} AND ${holds('d.sections')})`);
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
async function formRefusal(tx: Executor, websiteId: string, pageId: string, before: StoredSection[], after: StoredSection[]): Promise<DraftRefusal | undefined> {
  const existing = new Map(before.flatMap((s) => s.blocks.filter((b) => b.type === FORM).map((b) => [b.id, normalForm(b.data)] as const)));
  const draftFormIds = new Set(before.flatMap((s) => s.blocks.filter((b) => b.type === FORM).map((b) => String(b.data.formId))));
  const added = after.flatMap((s, si) => s.blocks.flatMap((b, bi) => (b.type === FORM && !existing.has(b.id) ? [{ block: b, path: `sections.${si}.blocks.${bi}.data` }] : [])));
  const inUse = added.length > 0 ? await formIdsInUse(tx, websiteId, pageId, added.map((a) => String(a.block.data.formId))) : new Set<string>();
  const refuse = (message: typeof editor.formChangeRefused | typeof editor.newFormNotBlank, block: StoredSection['blocks'][number], path: string): DraftRefusal => {
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
      if (draftFormIds.has(formId) || inUse.has(formId) || !isDeepStrictEqual(blankForm(block.data), plain(block.data))) return refuse(editor.newFormNotBlank, block, path);
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
};

/**
 * PUT: saves the draft as the next version. A change id among the draft's recent saves is answered
 * as it was (a retry, not a conflict); a base other than the draft's version is a conflict; then
 * the sections must pass the writing schema, the site's id rule and the forms rule.
 */
export async function saveDraft(db: Db, save: DraftSaveInput): Promise<Outcome<DraftSaved>> {
  const { websiteId, pageId } = save;
  // Parsed (and sanitised) before the page is locked, so a large page holds the lock only to write.
  const parsed = parseSections(save.sections);
  return refusable(() =>
    db.transaction(async (tx) => {
      const page = await lockPage(tx, websiteId, pageId);
      if (!page) throw new Refused({ kind: 'notFound' });
      const draft = await lockDraft(tx, websiteId, pageId);
      const applied = draft?.recentChanges.find((c) => c.changeId === save.changeId);
      if (applied) return { version: applied.version, savedAt: applied.savedAt };
      const current = draft?.version ?? 0;
      if (current !== save.baseVersion) throw new Refused({ kind: 'conflict', current: await draftState(tx, websiteId, pageId, draft, page.sections) });
      if (!parsed.ok) throw new Refused({ kind: 'invalid', errors: parsed.errors });
      const before = draft?.sections ?? page.sections;
      const errors = await idErrors(tx, websiteId, pageId, parsed.sections, before);
      if (Object.keys(errors).length > 0) throw new Refused({ kind: 'invalid', errors });
      if (!canAccess(save.role, 'forms', 'write')) {
        const refusal = await formRefusal(tx, websiteId, pageId, before, parsed.sections);
        if (refusal) throw new Refused(refusal);
      }
      const version = current + 1;
      const savedAt = new Date();
      const recentChanges: AppliedChange[] = [...(draft?.recentChanges ?? []), { changeId: save.changeId, version, savedAt: savedAt.toISOString() }].slice(-KEPT_CHANGES);
      const row = { sections: parsed.sections, version, savedAt, savedBy: save.accountId, recentChanges };
      if (draft) await tx.update(pageDrafts).set(row).where(draftKey(websiteId, pageId));
      else await tx.insert(pageDrafts).values({ websiteId, pageId, publishedVersion: 0, ...row });
      return { version, savedAt: savedAt.toISOString() };
    }),
  );
}

/**
 * POST publish: the draft at `version` becomes the page's content and its next revision, and the
 * site is marked changed (cached pages dropped on every app server) in the same transaction. A
 * draft with nothing unpublished answers its latest revision again, so a retried publish makes none.
 */
export async function publishDraft(db: Db, websiteId: string, pageId: string, accountId: string, version: number): Promise<Outcome<Published>> {
  return refusable(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
      const page = await lockPage(tx, websiteId, pageId);
      if (!page) throw new Refused({ kind: 'notFound' });
      const draft = await lockDraft(tx, websiteId, pageId);
      if ((draft?.version ?? 0) !== version) throw new Refused({ kind: 'conflict', current: await draftState(tx, websiteId, pageId, draft, page.sections) });
      const [latest] = await tx
        .select({ revision: pageRevisions.revision, publishedAt: pageRevisions.publishedAt })
        .from(pageRevisions)
        .where(and(eq(pageRevisions.websiteId, websiteId), eq(pageRevisions.pageId, pageId)))
        .orderBy(desc(pageRevisions.revision))
        .limit(1);
      // A page not yet published (a new one starts as a draft) goes live with its first publish, changed or not.
      const goesLive = page.status === CONTENT_STATUSES.DRAFT;
      if (goesLive) {
        await tx.update(pages).set({ status: CONTENT_STATUSES.PUBLISHED }).where(pageKey(websiteId, pageId));
        await markSiteChanged(tx, websiteId);
      }
      if (latest && (!draft || draft.version === draft.publishedVersion)) return { revision: latest.revision, publishedAt: latest.publishedAt.toISOString() };
      const sections = draft?.sections ?? page.sections;
      // Another page may have been published with one of these ids since the draft was saved.
      const errors = await idErrors(tx, websiteId, pageId, sections, page.sections);
      if (Object.keys(errors).length > 0) throw new Refused({ kind: 'invalid', errors });
      const revision = (latest?.revision ?? 0) + 1;
      const publishedAt = new Date();
      await tx.update(pages).set({ sections }).where(pageKey(websiteId, pageId));
      await tx.insert(pageRevisions).values({ websiteId, pageId, revision, sections, publishedAt, publishedBy: accountId });
      if (draft) await tx.update(pageDrafts).set({ publishedVersion: draft.version }).where(draftKey(websiteId, pageId));
      if (!goesLive) await markSiteChanged(tx, websiteId);
      await logActivity(tx, websiteId, accountId, 'pages.published', { pageId, revision });
      return { revision, publishedAt: publishedAt.toISOString() };
    }),
  );
}

/** DELETE: the draft goes back to the published sections as its next version, with nothing unpublished. */
export async function discardDraft(db: Db, websiteId: string, pageId: string, accountId: string): Promise<Outcome<DraftState>> {
  return refusable(() =>
    db.transaction(async (tx) => {
      const page = await lockPage(tx, websiteId, pageId);
      if (!page) throw new Refused({ kind: 'notFound' });
      const draft = await lockDraft(tx, websiteId, pageId);
      if (!draft) return draftState(tx, websiteId, pageId, undefined, page.sections);
      const version = draft.version + 1;
      const [row] = await tx
        .update(pageDrafts)
        .set({ sections: page.sections, version, publishedVersion: version, savedAt: new Date(), savedBy: accountId })
        .where(draftKey(websiteId, pageId))
        .returning();
      await logActivity(tx, websiteId, accountId, 'pages.draft_discarded', { pageId });
      return draftState(tx, websiteId, pageId, row, page.sections);
    }),
  );
}

// ---- other writers of a page's content ----

/**
 * After an import has written the site's pages (src/server/services/sites.ts): each page's content
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
 * The form editor's change (src/server/services/forms-config/editing.ts) in the drafts that hold the
 * form: `revise` edits a draft's sections in place and answers how many blocks it changed. Each
 * draft changed moves to its next version (an editor open on it gets a conflict rather than saving
 * the old form back), still with nothing unpublished if it had none. Answers the blocks changed.
 */
export async function reviseDraftsHoldingForm(tx: Executor, websiteId: string, formId: string, accountId: string, revise: (sections: StoredSection[]) => number): Promise<number> {
  const rows = await tx
    .select({ pageId: pageDrafts.pageId, sections: pageDrafts.sections, version: pageDrafts.version, publishedVersion: pageDrafts.publishedVersion })
    .from(pageDrafts)
    .innerJoin(pages, and(eq(pages.websiteId, pageDrafts.websiteId), eq(pages.id, pageDrafts.pageId)))
    .where(and(eq(pageDrafts.websiteId, websiteId), sql`jsonb_path_exists(${pageDrafts.sections}, ${FORM_WITH_ID}::jsonpath, ${JSON.stringify({ id: formId })}::jsonb)`))
    .for('update');
  let revised = 0;
  for (const row of rows) {
    revised += revise(row.sections);
    const version = row.version + 1;
    await tx
      .update(pageDrafts)
      .set({ sections: row.sections, version, publishedVersion: row.publishedVersion === row.version ? version : row.publishedVersion, savedAt: new Date(), savedBy: accountId })
      .where(draftKey(websiteId, row.pageId));
  }
  return revised;
}
