/**
 * A site's pages as the Pages screen changes them: adding one (blank or from a section layout, a
 * DRAFT until its first publish), its settings (title, URL slug, SEO, hiding from search engines,
 * visibility, access with a hashed password), duplicating, deleting, ordering, and which page is
 * home (the page at `/`).
 *
 * Every change is one transaction that first locks the site row (the order publishing and import
 * take too), so two changes to a site's addresses never interleave; it ends with `markSiteChanged`
 * (cached pages dropped on every app server) and an activity entry. A refusal is thrown inside
 * the transaction, so nothing of a refused change is written.
 *
 * URL slugs are paths, checked like the document's `sitePath`, unique across pages, collections and
 * posts. When a published page's path changes, the old path answers a 301 to the new one (a row in
 * `redirects`, which the renderer serves before pages), redirects that led to the old path lead to
 * the new one, and a redirect whose source is now a page's path goes, so the page is reachable.
 */
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import { blockDefinition } from '../../blocks/definitions';
import { storedBlockSchemas } from '../../blocks/sanitize';
import { buildSectionLayout, sectionLayout, type SectionLayoutKey } from '../../blocks/section-layouts';
import { firstFreePath, slugFromTitle, type PageSettings, type pageSettingsBody, type newPageBody } from '../../contracts/pages';
import { sitePath } from '../../document/primitives';
import { createSectionSchema, type StoredSection } from '../../document/schema';
import { PAGE_TYPES } from '../../domain/page-types';
import { RESERVED_PATH_SEGMENTS } from '../../domain/routes';
import { CONTENT_STATUSES } from '../../domain/website';
import type { Db, Executor } from '../../db/client';
import { collectionItems, collections, files, pageDrafts, pages, redirects, websites } from '../../db/schema';
import { editor } from '../../messages/editor';
import { format } from '../../messages/format';
import { pages as texts } from '../../messages/pages';
import { logActivity } from './activity';
import { hashPassword } from './passwords';
import { markSiteChanged } from './site-changes';
import { newId } from './sites';
import { storedPageAccess } from './stored-json';

const sectionsSchema = z.array(createSectionSchema(storedBlockSchemas));
const SYSTEM_TYPES: ReadonlySet<number> = new Set([PAGE_TYPES.NOT_FOUND, PAGE_TYPES.ERROR]);
const PAGE_PASSWORD_MIN = 4;

/** Why a call is refused, with its status: the route sends it as it is. */
export class PageRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

const refuse = (status: 400 | 404 | 409, message: string, field?: string): never => {
  throw new PageRefusal(status, message, field ? { [field]: message } : undefined);
};

/** A unique-index violation (two changes taking one path at once, past the site lock: another writer). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** Runs a change in one transaction with the site row locked; a path race the index caught is a 409. */
async function siteChange<T>(db: Db, websiteId: string, change: (tx: Executor) => Promise<T>, pathForConflict?: string): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
      return change(tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new PageRefusal(409, format(texts.pathConflict, { path: pathForConflict ?? '' }), pathForConflict ? { path: format(texts.pathConflict, { path: pathForConflict }) } : undefined);
    throw err;
  }
}

const pageKey = (websiteId: string, pageId: string) => and(eq(pages.websiteId, websiteId), eq(pages.id, pageId));

async function lockPage(tx: Executor, websiteId: string, pageId: string) {
  const [page] = await tx.select().from(pages).where(pageKey(websiteId, pageId)).for('update');
  return page ?? refuse(404, editor.noPage);
}

// ---- paths ----

/** The message for a path the document's rules refuse: the reserved first segments named, or the shape. */
function pathProblem(path: string): string | undefined {
  if (sitePath.safeParse(path).success) return undefined;
  const segment = path.split('/')[1] ?? '';
  if ((RESERVED_PATH_SEGMENTS as readonly string[]).includes(segment)) {
    return format(texts.pathReserved, { path, segment, reserved: RESERVED_PATH_SEGMENTS.map((s) => `/${s}`).join(', ') });
  }
  return texts.pathInvalid;
}

/** What already answers at `path` on the site (another page, a collection, a post), named for the message. */
async function pathOwner(tx: Executor, websiteId: string, path: string, except: readonly string[] = []): Promise<string | undefined> {
  const [page] = await tx
    .select({ title: pages.title })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.path, path), except.length > 0 ? sql`${pages.id} NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(except)}::jsonb))` : undefined));
  if (page) return format(texts.pathTakenByPage, { title: page.title });
  const [collection] = await tx.select({ title: collections.title }).from(collections).where(and(eq(collections.websiteId, websiteId), eq(collections.path, path)));
  if (collection) return format(texts.pathTakenByCollection, { title: collection.title });
  const [item] = await tx.select({ title: collectionItems.title }).from(collectionItems).where(and(eq(collectionItems.websiteId, websiteId), eq(collectionItems.path, path)));
  if (item) return format(texts.pathTakenByItem, { title: item.title });
  return undefined;
}

/** Refuses a path the rules refuse (400) or another page, collection or post has (409), on `field`. */
async function checkPath(tx: Executor, websiteId: string, path: string, field: string, except: readonly string[] = []): Promise<void> {
  const problem = pathProblem(path);
  if (problem) refuse(400, problem, field);
  const owner = await pathOwner(tx, websiteId, path, except);
  if (owner) refuse(409, format(texts.pathTaken, { path, owner }), field);
}

/** `base` if free, else `base` with -2, -3 …: the first no page, collection or post has and the rules allow. */
async function freePath(tx: Executor, websiteId: string, base: string): Promise<string> {
  const { rows } = await tx.execute<{ path: string }>(sql`
    SELECT path FROM ${pages} WHERE website_id = ${websiteId} AND path LIKE ${`${base}%`}
    UNION ALL SELECT path FROM ${collections} WHERE website_id = ${websiteId} AND path LIKE ${`${base}%`}
    UNION ALL SELECT path FROM ${collectionItems} WHERE website_id = ${websiteId} AND path LIKE ${`${base}%`}`);
  const taken = new Set(rows.map((r) => r.path));
  // A title such as "Config" makes a reserved path: treated as taken, so it becomes /config-2.
  return firstFreePath(base, (p) => taken.has(p) || pathProblem(p) !== undefined);
}

const pathFromTitle = (tx: Executor, websiteId: string, title: string) => freePath(tx, websiteId, slugFromTitle(title));

/**
 * The redirects after `moves` (a published page's old path → its new one): each old path answers a
 * 301 to the new, redirects that led to an old path lead to the new one, and no redirect is left
 * on a path a page now has.
 */
async function redirectMoves(tx: Executor, websiteId: string, moves: readonly { from: string; to: string }[]): Promise<void> {
  for (const { from, to } of moves) {
    await tx.update(redirects).set({ toUrl: to }).where(and(eq(redirects.websiteId, websiteId), eq(redirects.toUrl, from)));
    const [last] = await tx.select({ position: sql<number>`coalesce(max(${redirects.position}), -1)` }).from(redirects).where(eq(redirects.websiteId, websiteId));
    await tx
      .insert(redirects)
      .values({ websiteId, fromPath: from, toUrl: to, position: (last?.position ?? -1) + 1 })
      .onConflictDoUpdate({ target: [redirects.websiteId, redirects.fromPath], set: { toUrl: to } });
  }
  await tx.execute(sql`
    DELETE FROM ${redirects} r WHERE r.website_id = ${websiteId}
       AND EXISTS (SELECT 1 FROM ${pages} p WHERE p.website_id = r.website_id AND p.path = r.from_path)`);
}

// ---- images ----

/** The site's image files, to pick from (a layout's image, a social image). */
export async function siteImages(db: Db, websiteId: string) {
  const rows = await db
    .select({ name: files.name, width: files.width, height: files.height })
    .from(files)
    .where(and(eq(files.websiteId, websiteId), like(files.contentType, 'image/%')))
    .orderBy(asc(files.position));
  return rows.map((f) => ({ ...f, src: `/s/${f.name}` }));
}

/** A picked image: an https address as it is, or a site file that must exist and be an image. */
async function checkImage(tx: Executor, websiteId: string, src: string, field: string): Promise<void> {
  if (!src.startsWith('/s/')) return;
  const name = src.slice(3);
  const [file] = await tx.select({ name: files.name }).from(files).where(and(eq(files.websiteId, websiteId), eq(files.name, name), like(files.contentType, 'image/%')));
  if (!file) refuse(400, format(texts.imageNotOnSite, { name }), field);
}

// ---- ids ----

/**
 * A copy of `sections` with new ids for every section and block, and for the data keys a block kind
 * lists in `ids` (a form's formId, a newsletter's listId): ids are unique across the whole site
 * document, and a form copied keeps no submissions or settings keyed by the original's id.
 */
function withNewIds(sections: readonly StoredSection[]): StoredSection[] {
  return sections.map((section) => ({
    ...structuredClone(section),
    id: newId(),
    blocks: section.blocks.map((block) => {
      const data = structuredClone(block.data);
      for (const key of blockDefinition(block.type)?.ids ?? []) if (key in data) data[key] = newId();
      return { ...structuredClone(block), id: newId(), data };
    }),
  }));
}

function parsedSections(sections: unknown): StoredSection[] {
  const parsed = sectionsSchema.safeParse(sections);
  if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? editor.invalidSections);
  return parsed.data as StoredSection[];
}

// ---- reading ----

const visibilityOf = (status: number): 'published' | 'draft' => (status === CONTENT_STATUSES.PUBLISHED ? 'published' : 'draft');

/** A page's settings as the dialog shows them: never the password (its hash stays on the server), only whether there is one. */
export async function pageSettings(db: Db, websiteId: string, pageId: string): Promise<PageSettings | undefined> {
  const [page] = await db.select().from(pages).where(pageKey(websiteId, pageId));
  if (!page) return undefined;
  const access = storedPageAccess(page.access, { websiteId, column: 'pages.access', row: page.id });
  const seo = page.seo;
  return {
    id: page.id,
    pageType: page.pageType,
    title: page.title,
    navigationTitle: page.navigationTitle,
    path: page.path,
    seo: {
      ...(seo.title ? { title: seo.title } : {}),
      ...(seo.description ? { description: seo.description } : {}),
      ...(seo.socialImage ? { socialImage: seo.socialImage } : {}),
      noIndex: seo.noIndex === true,
    },
    visibility: visibilityOf(page.status),
    access: { type: access.type, hasPassword: access.type === 'password' },
    isHome: page.path === '/',
  };
}

// ---- changes ----

type Changed = { id: string; title: string; path: string | null };

/** POST: a new page, a DRAFT, at the end of the list; blank (one empty section) or one section of a layout. */
export async function addPage(db: Db, websiteId: string, accountId: string, body: z.output<typeof newPageBody>): Promise<Changed> {
  let built: unknown[];
  if (body.layout === 'blank') {
    built = [{ id: newId(), theme: 'white', blocks: [] }];
  } else {
    const layout = sectionLayout(body.layout);
    if (!layout) return refuse(400, format(texts.layoutUnknown, { layout: body.layout }), 'layout');
    if (layout.needsImage && !body.image) refuse(400, texts.layoutNeedsImage, 'image');
    built = [buildSectionLayout(layout.key as SectionLayoutKey, newId, { image: body.image })];
  }
  const sections = parsedSections(built);
  return siteChange(
    db,
    websiteId,
    async (tx) => {
      if (body.image) await checkImage(tx, websiteId, body.image, 'image');
      let path = body.path;
      if (path === '') path = await pathFromTitle(tx, websiteId, body.title);
      else await checkPath(tx, websiteId, path, 'path');
      const [last] = await tx.select({ position: sql<number>`coalesce(max(${pages.position}), -1)` }).from(pages).where(eq(pages.websiteId, websiteId));
      const id = newId();
      await tx.insert(pages).values({
        websiteId,
        id,
        pageType: PAGE_TYPES.PAGE,
        path,
        title: body.title,
        navigationTitle: null,
        status: CONTENT_STATUSES.DRAFT,
        seo: {},
        access: { type: 'public' },
        sections,
        position: (last?.position ?? -1) + 1,
      });
      await markSiteChanged(tx, websiteId);
      await logActivity(tx, websiteId, accountId, 'pages.created', { pageId: id, path, layout: body.layout });
      return { id, title: body.title, path };
    },
    body.path || undefined,
  );
}

/** PUT: the page's settings. A published page whose path changes leaves a 301 at the old one. */
export async function updatePageSettings(db: Db, websiteId: string, pageId: string, accountId: string, body: z.output<typeof pageSettingsBody>): Promise<Changed> {
  return siteChange(
    db,
    websiteId,
    async (tx) => {
      const page = await lockPage(tx, websiteId, pageId);
      const system = SYSTEM_TYPES.has(page.pageType);
      if (body.seo.socialImage) await checkImage(tx, websiteId, body.seo.socialImage, 'seo.socialImage');
      const seo = {
        ...(body.seo.title ? { title: body.seo.title } : {}),
        ...(body.seo.description ? { description: body.seo.description } : {}),
        ...(body.seo.socialImage ? { socialImage: body.seo.socialImage } : {}),
        // Written only when on, so a page that never had it exports as it was imported.
        ...(body.seo.noIndex ? { noIndex: true } : {}),
      };
      let path = page.path;
      let access = storedPageAccess(page.access, { websiteId, column: 'pages.access', row: page.id });
      let status = page.status;
      if (system) {
        if (body.path) refuse(400, texts.systemPageHasNoPath, 'path');
      } else {
        path = body.path === undefined ? page.path : body.path === '' ? await pathFromTitle(tx, websiteId, body.title) : body.path;
        if (path !== page.path) {
          if (page.path === '/') refuse(400, texts.homePathStays, 'path');
          if (path === '/') refuse(400, texts.homePathOnlyByMakeHome, 'path');
          if (path) await checkPath(tx, websiteId, path, 'path', [page.id]);
        }
        status = body.visibility === 'published' ? CONTENT_STATUSES.PUBLISHED : CONTENT_STATUSES.DRAFT;
        access = await accessFrom(body.access, access);
      }
      await tx
        .update(pages)
        .set({ title: body.title, navigationTitle: body.navigationTitle ?? null, path, seo, status, access })
        .where(pageKey(websiteId, pageId));
      const moved = page.path !== null && path !== null && path !== page.path && page.status === CONTENT_STATUSES.PUBLISHED;
      // Also when nothing moved: a redirect left on the path a page now has would hide that page.
      await redirectMoves(tx, websiteId, moved ? [{ from: page.path!, to: path! }] : []);
      await markSiteChanged(tx, websiteId);
      await logActivity(tx, websiteId, accountId, 'pages.settings_updated', { pageId, ...(path !== page.path ? { path: { from: page.path, to: path } } : {}) });
      return { id: page.id, title: body.title, path };
    },
    body.path,
  );
}

/** The access a page gets: a new password is hashed here; left out, a password page keeps its hash. */
async function accessFrom(wanted: z.output<typeof pageSettingsBody>['access'], current: ReturnType<typeof storedPageAccess>) {
  if (wanted.type !== 'password') return { type: wanted.type };
  const password = wanted.password ?? '';
  if (password === '') {
    if (current.type === 'password') return current;
    return refuse(400, texts.passwordRequired, 'access.password');
  }
  if ([...password].length < PAGE_PASSWORD_MIN) refuse(400, texts.passwordRequired, 'access.password');
  return { type: 'password' as const, passwordHash: await hashPassword(password) };
}

/** POST duplicate: a DRAFT copy right after the page, of what its editor shows (the draft, else the published sections), every id new. */
export async function duplicatePage(db: Db, websiteId: string, pageId: string, accountId: string): Promise<Changed> {
  return siteChange(db, websiteId, async (tx) => {
    const page = await lockPage(tx, websiteId, pageId);
    if (SYSTEM_TYPES.has(page.pageType)) refuse(400, texts.systemPageNoCopy);
    const [draft] = await tx.select({ sections: pageDrafts.sections }).from(pageDrafts).where(and(eq(pageDrafts.websiteId, websiteId), eq(pageDrafts.pageId, pageId)));
    const sections = parsedSections(withNewIds(draft?.sections ?? page.sections));
    const title = `${page.title} (copy)`.slice(0, 300);
    // Beside the original: /about-copy, /shop/mugs-copy; the home page's copy by its title.
    const path = page.path && page.path !== '/' && page.path.length <= 140 ? await freePath(tx, websiteId, `${page.path}-copy`) : await pathFromTitle(tx, websiteId, `${page.title} copy`);
    await tx.update(pages).set({ position: sql`${pages.position} + 1` }).where(and(eq(pages.websiteId, websiteId), sql`${pages.position} > ${page.position}`));
    const id = newId();
    await tx.insert(pages).values({
      websiteId,
      id,
      pageType: page.pageType,
      path,
      title,
      navigationTitle: page.navigationTitle,
      status: CONTENT_STATUSES.DRAFT,
      seo: page.seo,
      access: page.access,
      sections,
      position: page.position + 1,
    });
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'pages.duplicated', { pageId: id, from: pageId, path });
    return { id, title, path };
  });
}

/** DELETE: the page with its draft and revisions (their rows go with it); never the home page. */
export async function deletePage(db: Db, websiteId: string, pageId: string, accountId: string): Promise<Changed> {
  return siteChange(db, websiteId, async (tx) => {
    const page = await lockPage(tx, websiteId, pageId);
    if (page.path === '/') refuse(409, texts.homeNotDeletable);
    await tx.delete(pages).where(pageKey(websiteId, pageId));
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'pages.deleted', { pageId, title: page.title, path: page.path });
    return { id: page.id, title: page.title, path: page.path };
  });
}

/**
 * POST home: the page moves to `/`, and the page there before (if any) to `oldHomePath` (or a
 * path made from its title). The new home's old address, if it was published, sends visitors to `/`.
 */
export async function makeHome(db: Db, websiteId: string, pageId: string, accountId: string, oldHomePath: string | undefined) {
  return siteChange(
    db,
    websiteId,
    async (tx) => {
      const page = await lockPage(tx, websiteId, pageId);
      if (SYSTEM_TYPES.has(page.pageType)) refuse(400, texts.systemPageNotHome);
      if (page.path === '/') refuse(409, texts.alreadyHome);
      const [old] = await tx.select().from(pages).where(and(eq(pages.websiteId, websiteId), eq(pages.path, '/'))).for('update');
      let movedTo: string | undefined;
      if (old) {
        movedTo = oldHomePath || (await pathFromTitle(tx, websiteId, old.title === page.title ? `${old.title} old` : old.title));
        if (movedTo === '/') refuse(400, texts.oldHomePathRequired, 'oldHomePath');
        // The new home's path is free once it moves: the old home may take it (the two swap).
        await checkPath(tx, websiteId, movedTo, 'oldHomePath', [page.id, old.id]);
        await tx.update(pages).set({ path: null }).where(pageKey(websiteId, old.id));
      }
      await tx.update(pages).set({ path: '/' }).where(pageKey(websiteId, pageId));
      if (old && movedTo) await tx.update(pages).set({ path: movedTo }).where(pageKey(websiteId, old.id));
      const published = page.status === CONTENT_STATUSES.PUBLISHED && page.path !== null;
      await redirectMoves(tx, websiteId, published ? [{ from: page.path!, to: '/' }] : []);
      await markSiteChanged(tx, websiteId);
      await logActivity(tx, websiteId, accountId, 'pages.home_changed', { pageId, ...(old ? { oldHome: { pageId: old.id, path: movedTo } } : {}) });
      return { id: pageId, oldHome: old && movedTo ? { id: old.id, title: old.title, path: movedTo } : null };
    },
    oldHomePath,
  );
}

/** PUT order: every page of the site, in its new order; a list that is not exactly the site's pages is stale (409). */
export async function reorderPages(db: Db, websiteId: string, accountId: string, pageIds: readonly string[]): Promise<void> {
  await siteChange(db, websiteId, async (tx) => {
    const rows = await tx.select({ id: pages.id }).from(pages).where(eq(pages.websiteId, websiteId));
    const current = new Set(rows.map((r) => r.id));
    if (new Set(pageIds).size !== pageIds.length || pageIds.length !== current.size || pageIds.some((id) => !current.has(id))) refuse(409, texts.orderChanged);
    await tx.execute(sql`
      UPDATE ${pages} p SET position = o.n - 1
        FROM jsonb_array_elements_text(${JSON.stringify(pageIds)}::jsonb) WITH ORDINALITY AS o(id, n)
       WHERE p.website_id = ${websiteId} AND p.id = o.id`);
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'pages.reordered', { pageIds });
  });
}
