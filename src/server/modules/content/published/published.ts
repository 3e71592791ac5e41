/**
 * What a site shows its visitors, read for rendering and for search engines. `readSiteContent`
 * reads everything a render of any published page may need — redirects, published pages,
 * collections and their items, the owner's own not-found and error pages, the files' facts, the
 * feature flags and the captcha — in one statement (one snapshot, so never half of a change), and
 * answers it as a `SiteContent` the renderer looks paths up in without another query (the app
 * keeps it in memory: ./site-content.ts). A site whose content is larger than the caller may hold
 * is read for one address only. Only published content (PAGE_STATUS.PUBLISHED) is answered, except
 * the system pages, which are shown whatever their status. JSON columns are parsed when first
 * looked up (./stored-json.ts), so a page whose stored content fails only fails itself.
 * The statement is ./content-query.ts; the addresses for search engines, ./sitemap.ts.
 */
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../../../db/client';
import { pages } from '../schema/content';
import type { PageAccess, StoredSection } from '../../../../document/schema';
import type { RenderedFile } from '../../../../blocks/types';
import type { FeatureFlag } from '../../../../domain/feature-flags';
import { labsFlags } from '../../../../domain/labs';
import type { PublicCaptcha } from '../../sites';
import type { GoogleMapsContext } from '../../../../domain/google-maps';
import { storedPageAccess, storedSections } from '../../sites';
import { DEFAULT_DESIGN, type Design } from '../../../../document/design';
import { storedDesign } from '../design/site-design';
import { queryContent, SYSTEM_PAGE_TYPES, type ContentRow, type PageRow } from './content-query';

export type SiteFileFacts = RenderedFile;
export type RenderFacts = {
  files: ReadonlyMap<string, SiteFileFacts>;
  featureFlags: readonly FeatureFlag[];
  captcha: PublicCaptcha | undefined;
  googleMaps?: GoogleMapsContext;
};

export type PublishedPage = {
  id: string;
  pageType: number;
  path: string | null;
  title: string;
  seo: Record<string, string>;
  /** Hidden from search engines (the page's `seo.noIndex`): robots noindex, and not in the sitemap. */
  noIndex: boolean;
  access: PageAccess;
  sections: StoredSection[];
};

/** A page only some visitors may open (members, password) that names a file. */
export type FileGate = { pageId: string; access: PageAccess };

const FILE_ADDRESS = /\/s\/(?:[0-9a-f]{16}\/)?([A-Za-z0-9][A-Za-z0-9._-]*)/g;

/**
 * The names of the site files stored content names by address: `/s/{name}`, with a width, under
 * its hash, or a format's copy (`/s/{hash}/{name}.webp`).
 */
export function fileNamesIn(value: unknown): Set<string> {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const names = new Set<string>();
  for (const match of text.matchAll(FILE_ADDRESS)) {
    // A sentence's full stop after an address, and a format's copy, name the file too.
    const name = match[1]!.replace(/\.+$/, '');
    names.add(name).add(match[1]!);
    const modern = /\.(?:webp|avif)$/.exec(name);
    if (modern) names.add(name.slice(0, -modern[0].length));
  }
  return names;
}

export type PublishedCollection = {
  id: string;
  type: number;
  path: string;
  title: string;
  description: string | null;
  /** How a shop lists its products (seed 001 §3); null for other collections and a shop left as a grid. */
  viewMode?: string | null | undefined;
  seo: Record<string, string>;
};
/** An item as a collection's list shows it. */
export type ItemSummary = {
  id: string;
  collectionId: string;
  path: string;
  title: string;
  publishedAt: string;
  author: string | null;
  excerpt: string | null;
  tags: string[];
  thumbnail: string | null;
  seo: Record<string, string>;
};
export type PublishedItem = ItemSummary & { sections: StoredSection[] };

/**
 * A site's published content as one render needs it, looked up in memory. `page`, `item` and
 * `systemPage` throw a StoredDataError when that page's stored content fails its schema.
 */
export type SiteContent = {
  websiteId: string;
  /** The size of the JSON text of the rows it was read from: what holding it costs, roughly. */
  bytes: number;
  /** The whole site, or only what one address needs (a site larger than the reader may hold). */
  scope: 'site' | 'path';
  facts: RenderFacts;
  /** The published design (settings.design), the default for a site that never published one. */
  design: Design;
  redirect(path: string): string | undefined;
  page(path: string): PublishedPage | undefined;
  collection(path: string): { collection: PublishedCollection; items: readonly ItemSummary[] } | undefined;
  item(path: string): { item: PublishedItem; collection: PublishedCollection } | undefined;
  systemPage(pageType: number): { title: string; sections: StoredSection[] } | undefined;
  /**
   * The files named only by pages some visitors may not open, each with those pages (files named
   * by any public page, post, collection or system page are not here); worked out on first use.
   * Undefined for content read for one address (`scope: 'path'`), which cannot tell.
   */
  restrictedFiles(): ReadonlyMap<string, readonly FileGate[]> | undefined;
};

/**
 * The site's published content: the whole site when its rows' JSON is at most `maxBytes`, else
 * only what `path` needs. A site that does not exist has none (every address is not found).
 */
export async function readSiteContent(pool: pg.Pool, websiteId: string, opts: { path: string; maxBytes: number }): Promise<SiteContent> {
  const whole = await queryContent(pool, websiteId, undefined, opts.maxBytes);
  return whole.pages === null ? readPathContent(pool, websiteId, opts.path) : siteContent(websiteId, whole, 'site');
}

/** Only what `path` needs: how a site larger than the reader may hold is read. */
export async function readPathContent(pool: pg.Pool, websiteId: string, path: string): Promise<SiteContent> {
  return siteContent(websiteId, await queryContent(pool, websiteId, path, Number.MAX_SAFE_INTEGER), 'path');
}

/**
 * Looks a key up, parsing its row on first use and keeping the result in the row's place, so the
 * stored form is let go. A row that fails stays, and fails again on the next look-up.
 */
function parsedOnLookup<K, R, T>(rows: Map<K, R>, parse: (row: R) => T): (key: K) => T | undefined {
  const parsed = new Map<K, T>();
  return (key) => {
    const done = parsed.get(key);
    if (done !== undefined) return done;
    const row = rows.get(key);
    if (row === undefined) return undefined;
    const value = parse(row);
    parsed.set(key, value);
    rows.delete(key);
    return value;
  };
}

function siteContent(websiteId: string, row: ContentRow, scope: SiteContent['scope']): SiteContent {
  const routable = new Map<string, PageRow>();
  const system = new Map<number, PageRow>();
  for (const page of row.pages ?? []) {
    if (SYSTEM_PAGE_TYPES.some((t) => t === page.pageType)) {
      if (!system.has(page.pageType)) system.set(page.pageType, page);
    } else if (page.path !== null) {
      routable.set(page.path, page);
    }
  }
  const collectionsByPath = new Map<string, PublishedCollection>();
  const collectionsById = new Map<string, PublishedCollection>();
  for (const collection of row.collections ?? []) {
    collectionsByPath.set(collection.path, collection);
    collectionsById.set(collection.id, collection);
  }
  const listed = new Map<string, ItemSummary[]>();
  const itemRows = new Map<string, { summary: ItemSummary; sections: unknown }>();
  for (const { sections, ...summary } of row.items ?? []) {
    const list = listed.get(summary.collectionId) ?? [];
    list.push(summary);
    listed.set(summary.collectionId, list);
    itemRows.set(summary.path, { summary, sections });
  }
  // Newest first; items published at the same time keep the owner's order (the rows come by position).
  for (const list of listed.values()) list.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  const redirects = new Map((row.redirects ?? []).map((r) => [r.from, r.to]));

  const routablePaths = [...routable.keys()];
  const itemPaths = [...itemRows.keys()];
  const accessType = (value: unknown) => (typeof value === 'object' && value !== null && 'type' in value ? value.type : undefined);
  const gated = (row.pages ?? []).some((p) => accessType(p.access) !== 'public' && routable.get(p.path ?? '') === p);
  let restricted: Map<string, FileGate[]> | undefined;

  const page = parsedOnLookup(routable, (p): PublishedPage => {
    const at = { websiteId, row: p.id };
    return {
      id: p.id,
      pageType: p.pageType,
      path: p.path,
      title: p.title,
      seo: p.seo,
      noIndex: p.noIndex,
      access: storedPageAccess(p.access, { ...at, column: 'pages.access' }),
      sections: storedSections(p.sections, { ...at, column: 'pages.sections' }),
    };
  });
  const systemPage = parsedOnLookup(system, (p) => ({
    title: p.title,
    sections: storedSections(p.sections, { websiteId, column: 'pages.sections', row: p.id }),
  }));
  const item = parsedOnLookup(itemRows, ({ summary, sections }) => ({
    ...summary,
    sections: storedSections(sections, { websiteId, column: 'collection_items.sections', row: summary.id }),
  }));
  /** What `restrictedFiles` answers: the non-public pages' files, less those any public content names. */
  const findRestricted = (): Map<string, FileGate[]> => {
    const found = new Map<string, FileGate[]>();
    if (!gated) return found;
    const readable = <T>(read: () => T): T | undefined => {
      try {
        return read();
      } catch {
        // Content that fails its schema is shown to nobody: it names nothing.
        return undefined;
      }
    };
    const open: unknown[] = [];
    for (const path of routablePaths) {
      const p = readable(() => page(path));
      if (!p) continue;
      if (p.access.type === 'public') open.push(p.sections, p.seo);
      else for (const name of fileNamesIn([p.sections, p.seo])) found.set(name, [...(found.get(name) ?? []), { pageId: p.id, access: p.access }]);
    }
    if (found.size === 0) return found;
    for (const type of SYSTEM_PAGE_TYPES) open.push(readable(() => systemPage(type))?.sections);
    for (const path of itemPaths) open.push(readable(() => item(path)));
    for (const collection of collectionsById.values()) open.push(collection);
    for (const name of fileNamesIn(open)) found.delete(name);
    return found;
  };
  return {
    websiteId,
    bytes: row.bytes,
    scope,
    restrictedFiles: () => (scope === 'path' ? undefined : (restricted ??= findRestricted())),
    design: storedDesign(row.design ?? DEFAULT_DESIGN),
    facts: {
      files: new Map(
        (row.files ?? []).map((f) => [
          f.name,
          {
            name: f.name,
            contentType: f.contentType,
            width: f.width ?? undefined,
            height: f.height ?? undefined,
            alt: f.alt,
            // The hash names the bytes (a site icon's address); the formats, the pipeline's copies of them.
            ...(f.hash ? { hash: f.hash } : {}),
            ...(f.hash && f.formats ? { formats: f.formats } : {}),
            ...(f.hash && f.widths ? { widths: f.widths } : {}),
          },
        ]),
      ),
      featureFlags: labsFlags(row.labs),
      captcha: row.captcha ?? undefined,
      ...(row.googleMaps
        ? {
            googleMaps: {
              key: row.googleMaps.key,
              ...(row.googleMaps.language ? { language: row.googleMaps.language } : {}),
              ...(row.googleMaps.region ? { region: row.googleMaps.region } : {}),
            },
          }
        : {}),
    },
    redirect: (path) => redirects.get(path),
    page,
    systemPage,
    collection(path) {
      const collection = collectionsByPath.get(path);
      return collection && { collection, items: listed.get(collection.id) ?? [] };
    },
    item(path) {
      const found = item(path);
      const collection = found && collectionsById.get(found.collectionId);
      return found && collection && { item: found, collection };
    },
  };
}

/** Who may open a page of the site, or undefined when it has no such page. */
export async function pageAccessOf(db: Db, websiteId: string, pageId: string): Promise<PageAccess | undefined> {
  const [page] = await db
    .select({ access: pages.access })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.id, pageId)));
  return page && storedPageAccess(page.access, { websiteId, column: 'pages.access', row: pageId });
}
