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
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { copySection } from '../../../blocks/copies';
import { storedBlockSchemas } from '../../../blocks/sanitize';
import { buildSectionLayout, sectionLayout, type SectionLayoutKey } from '../../../blocks/section-layouts';
import { firstFreePath, slugFromTitle, type PageSettings, type pageSettingsBody, type newPageBody } from '../../../contracts/pages';
import { sitePath, type NavLink } from '../../../document/primitives';
import { createSectionSchema, type StoredSection } from '../../../document/schema';
import { NAVIGATION_LIMITS } from '../../../domain/navigation-tree';
import { PAGE_TYPES } from '../../../domain/page-types';
import { RESERVED_PATH_SEGMENTS } from '../../../domain/routes';
import { CONTENT_STATUSES } from '../../../domain/website';
import type { Db, Executor } from '../../../db/client';
import { pageDrafts, pages } from './schema/content';
import { editor } from '../../../messages/editor';
import { format } from '../../../messages/format';
import { pages as texts } from '../../../messages/pages';
import { logActivity } from '../sites';
import { hashPassword } from '../accounts';
import { markSiteChanged } from '../sites';
import { newId } from './sites/sites';
import { pathHolder, pathsStartingWith, type PathHolder, redirectMoves, reservedSegment } from './site-addresses';
import { siteImageExists } from '../files';
import { lockSite } from '../sites';
import { siteColumns, siteNavigation, storedPageAccess } from '../sites';

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
      await lockSite(tx, websiteId);
      return change(tx);
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new PageRefusal(
        409,
        format(texts.pathConflict, { path: pathForConflict ?? '' }),
        pathForConflict ? { path: format(texts.pathConflict, { path: pathForConflict }) } : undefined,
      );
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
  const segment = reservedSegment(path);
  if (segment) return format(texts.pathReserved, { path, segment, reserved: RESERVED_PATH_SEGMENTS.map((s) => `/${s}`).join(', ') });
  return texts.pathInvalid;
}

/** What holds a path, named for the message. */
function holderText(holder: PathHolder): string {
  switch (holder.kind) {
    case 'page':
      return format(texts.pathTakenByPage, { title: holder.title });
    case 'collection':
      return format(texts.pathTakenByCollection, { title: holder.title });
    case 'item':
      return format(texts.pathTakenByItem, { title: holder.title });
  }
}

/** Refuses a path the rules refuse (400) or another page, collection or post has (409), on `field`. */
async function checkPath(tx: Executor, websiteId: string, path: string, field: string, except: readonly string[] = []): Promise<void> {
  const problem = pathProblem(path);
  if (problem) refuse(400, problem, field);
  const holder = await pathHolder(tx, websiteId, path, { pages: except });
  if (holder) refuse(409, format(texts.pathTaken, { path, owner: holderText(holder) }), field);
}

/** `base` if free, else `base` with -2, -3 …: the first no page, collection or post has and the rules allow. */
async function freePath(tx: Executor, websiteId: string, base: string): Promise<string> {
  const taken = await pathsStartingWith(tx, websiteId, base);
  // A title such as "Config" makes a reserved path: treated as taken, so it becomes /config-2.
  return firstFreePath(base, (p) => taken.has(p) || pathProblem(p) !== undefined);
}

const pathFromTitle = (tx: Executor, websiteId: string, title: string) => freePath(tx, websiteId, slugFromTitle(title));

// ---- images ----

/** A picked image: an https address as it is, or a site file that must exist and be an image. */
async function checkImage(tx: Executor, websiteId: string, src: string, field: string): Promise<void> {
  if (!src.startsWith('/s/')) return;
  const name = src.slice(3);
  if (!(await siteImageExists(tx, websiteId, name))) refuse(400, format(texts.imageNotOnSite, { name }), field);
}

// ---- ids ----

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
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${pages.position}), -1)` })
        .from(pages)
        .where(eq(pages.websiteId, websiteId));
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
      await markSiteChanged(tx, websiteId, body.inMenu ? { navigation: await menuWithPage(tx, websiteId, body.title, path) } : {});
      await logActivity(tx, websiteId, accountId, 'pages.created', { pageId: id, path, layout: body.layout, inMenu: body.inMenu });
      return { id, title: body.title, path };
    },
    body.path || undefined,
  );
}

/** The header menu with a link to a new page at its end (the site row is locked), refused when the menu is full. */
async function menuWithPage(tx: Executor, websiteId: string, title: string, path: string): Promise<NavLink[]> {
  const site = await siteColumns(tx, websiteId, ['navigation']);
  const menu = siteNavigation({ id: websiteId, navigation: site?.navigation ?? [] });
  if (menu.length >= NAVIGATION_LIMITS.header) refuse(400, format(texts.menuFull, { max: NAVIGATION_LIMITS.header }), 'inMenu');
  // A menu title is at most 100 characters (the document's navLink); a page title may be longer.
  return [...menu, { title: title.slice(0, 100).trim(), href: path, newWindow: false }];
}

/** PUT: the page's settings. A published page whose path changes leaves a 301 at the old one. */
export async function updatePageSettings(
  db: Db,
  websiteId: string,
  pageId: string,
  accountId: string,
  body: z.output<typeof pageSettingsBody>,
): Promise<Changed> {
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
    const [draft] = await tx
      .select({ sections: pageDrafts.content })
      .from(pageDrafts)
      .where(and(eq(pageDrafts.websiteId, websiteId), eq(pageDrafts.parentId, pageId)));
    const sections = parsedSections((draft?.sections ?? page.sections).map((section) => copySection(section, newId)));
    const title = `${page.title} (copy)`.slice(0, 300);
    // Beside the original: /about-copy, /shop/mugs-copy; the home page's copy by its title.
    const path =
      page.path && page.path !== '/' && page.path.length <= 140
        ? await freePath(tx, websiteId, `${page.path}-copy`)
        : await pathFromTitle(tx, websiteId, `${page.title} copy`);
    await tx
      .update(pages)
      .set({ position: sql`${pages.position} + 1` })
      .where(and(eq(pages.websiteId, websiteId), sql`${pages.position} > ${page.position}`));
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
      const [old] = await tx
        .select()
        .from(pages)
        .where(and(eq(pages.websiteId, websiteId), eq(pages.path, '/')))
        .for('update');
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

/** The site's pages in document order, as the config area lists them. */
export async function listPages(db: Db, websiteId: string) {
  return db
    .select({ id: pages.id, title: pages.title, path: pages.path, pageType: pages.pageType, status: pages.status })
    .from(pages)
    .where(eq(pages.websiteId, websiteId))
    .orderBy(asc(pages.position));
}
