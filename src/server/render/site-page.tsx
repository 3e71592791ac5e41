/**
 * From a site and a path to a response: redirects the owner listed (301), pages, collection
 * pages (type 1) and their items (type 50), and the not-found page (type 100, status 404) for
 * anything else. Only published content is shown to visitors.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { RenderContext } from '../../blocks/types';
import type { Db } from '../../db/client';
import { collectionItems, collections, files, pages, redirects } from '../../db/schema';
import { footerSchema, headerSchema, type NavLink, type Section, type SiteSettings } from '../../document/schema';
import type { WebsiteRow } from '../services/sites';
import type { ClientAssets } from './assets';
import { renderPage, type RenderedPage, type ShellSite } from './page';

export const PAGE_TYPES = { COLLECTION: 1, PAGE: 2, SPLASH: 3, ITEM: 50, NOT_FOUND: 100, ERROR: 101 } as const;
const PUBLISHED = 1;

export type SiteResponse = { kind: 'page'; status: number; page: RenderedPage } | { kind: 'redirect'; location: string };

type RequestInfo = { host: string; origin: string; path: string; pageIslands?: readonly string[] };

function shell(site: WebsiteRow, host: string): ShellSite {
  const settings = site.settings as Omit<SiteSettings, 'identifier'>;
  return {
    id: site.id,
    identifier: site.identifier,
    title: settings.title,
    tagline: settings.tagline,
    locale: settings.locale,
    navigation: site.navigation as NavLink[],
    footerText: settings.footerText,
    header: headerSchema.parse(site.header),
    footer: footerSchema.parse(site.footer),
    host,
  };
}

async function renderContext(db: Db, websiteId: string, host: string): Promise<RenderContext> {
  const rows = await db
    .select({ name: files.name, contentType: files.contentType, width: files.width, height: files.height })
    .from(files)
    .where(eq(files.websiteId, websiteId));
  return {
    host,
    files: new Map(rows.map((r) => [r.name, { name: r.name, contentType: r.contentType, width: r.width ?? undefined, height: r.height ?? undefined }])),
  };
}

function formatDate(iso: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  }
}

export async function renderSitePath(db: Db, site: WebsiteRow, req: RequestInfo, assets: ClientAssets): Promise<SiteResponse> {
  const settings = site.settings as Omit<SiteSettings, 'identifier'>;
  const path = req.path;
  const [redirect] = await db
    .select()
    .from(redirects)
    .where(and(eq(redirects.websiteId, site.id), eq(redirects.fromPath, path)));
  if (redirect) return { kind: 'redirect', location: redirect.toUrl };

  const ctx = await renderContext(db, site.id, req.host);
  const base = { site: shell(site, req.host), currentPath: path, ctx, assets, ...(req.pageIslands ? { pageIslands: req.pageIslands } : {}) };
  const url = `${req.origin}${path}`;
  const titled = (title: string, seoTitle?: string) => seoTitle ?? (path === '/' ? settings.title : `${title} — ${settings.title}`);

  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.websiteId, site.id), eq(pages.path, path), eq(pages.status, PUBLISHED)));
  if (page && page.pageType !== PAGE_TYPES.NOT_FOUND && page.pageType !== PAGE_TYPES.ERROR) {
    const seo = page.seo;
    return {
      kind: 'page',
      status: 200,
      page: renderPage({
        ...base,
        pageType: page.pageType,
        sections: page.sections as Section[],
        head: { title: titled(page.title, seo.title), description: seo.description ?? settings.description, socialImage: seo.socialImage ?? settings.socialImage, url },
      }),
    };
  }

  const [collection] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, site.id), eq(collections.path, path), eq(collections.status, PUBLISHED)));
  if (collection) {
    const items = await db
      .select()
      .from(collectionItems)
      .where(and(eq(collectionItems.websiteId, site.id), eq(collectionItems.collectionId, collection.id), eq(collectionItems.status, PUBLISHED)))
      .orderBy(asc(collectionItems.position));
    items.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
    return {
      kind: 'page',
      status: 200,
      page: renderPage({
        ...base,
        pageType: PAGE_TYPES.COLLECTION,
        sections: [],
        head: { title: titled(collection.title, collection.seo.title), description: collection.seo.description ?? collection.description ?? undefined, url },
        before: (
          <div className="collection-list">
            <header className="collection-header">
              <h1>{collection.title}</h1>
              {collection.description ? <p className="collection-description">{collection.description}</p> : null}
            </header>
            {items.length === 0 ? <p>Nothing has been published here yet.</p> : null}
            {items.map((item) => (
              <article className="collection-entry" key={item.id}>
                <h2>
                  <a href={item.path}>{item.title}</a>
                </h2>
                <p className="entry-meta">
                  <time dateTime={new Date(item.publishedAt).toISOString()}>{formatDate(item.publishedAt, settings.locale, settings.timeZone)}</time>
                  {item.author ? <span> · {item.author}</span> : null}
                </p>
                {item.excerpt ? <p className="entry-excerpt">{item.excerpt}</p> : null}
                <a className="entry-more" href={item.path} aria-label={`Read more: ${item.title}`}>
                  Read more
                </a>
              </article>
            ))}
          </div>
        ),
      }),
    };
  }

  const [found] = await db
    .select({ item: collectionItems, collection: collections })
    .from(collectionItems)
    .innerJoin(collections, and(eq(collections.websiteId, collectionItems.websiteId), eq(collections.id, collectionItems.collectionId)))
    .where(and(eq(collectionItems.websiteId, site.id), eq(collectionItems.path, path), eq(collectionItems.status, PUBLISHED), eq(collections.status, PUBLISHED)));
  if (found) {
    const { item, collection: parent } = found;
    return {
      kind: 'page',
      status: 200,
      page: renderPage({
        ...base,
        pageType: PAGE_TYPES.ITEM,
        sections: item.sections as Section[],
        head: {
          title: titled(item.title, item.seo.title),
          description: item.seo.description ?? item.excerpt ?? undefined,
          socialImage: item.seo.socialImage ?? item.thumbnail ?? undefined,
          url,
          type: 'article',
        },
        before: (
          <header className="item-header">
            <p className="item-breadcrumb">
              <a href={parent.path}>{parent.title}</a>
            </p>
            <h1>{item.title}</h1>
            <p className="entry-meta">
              <time dateTime={new Date(item.publishedAt).toISOString()}>{formatDate(item.publishedAt, settings.locale, settings.timeZone)}</time>
              {item.author ? <span> · {item.author}</span> : null}
            </p>
          </header>
        ),
        after:
          item.tags.length > 0 ? (
            <footer className="item-footer">
              <ul className="item-tags" aria-label="Tags">
                {item.tags.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </footer>
          ) : undefined,
      }),
    };
  }
  return renderSystemPage(db, site, req, assets, PAGE_TYPES.NOT_FOUND, ctx);
}

/** The not-found (100, status 404) or error (101, status 500) page: the owner's own if the site has one, else the built-in text. */
export async function renderSystemPage(
  db: Db,
  site: WebsiteRow,
  req: RequestInfo,
  assets: ClientAssets,
  pageType: typeof PAGE_TYPES.NOT_FOUND | typeof PAGE_TYPES.ERROR,
  knownCtx?: RenderContext,
): Promise<SiteResponse> {
  const settings = site.settings as Omit<SiteSettings, 'identifier'>;
  const [own] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.websiteId, site.id), eq(pages.pageType, pageType)));
  const ctx = knownCtx ?? (await renderContext(db, site.id, req.host));
  const notFound = pageType === PAGE_TYPES.NOT_FOUND;
  const title = own?.title ?? (notFound ? 'Page not found' : 'Something went wrong');
  return {
    kind: 'page',
    status: notFound ? 404 : 500,
    page: renderPage({
      site: shell(site, req.host),
      currentPath: req.path,
      ctx,
      assets,
      pageType,
      sections: (own?.sections as Section[] | undefined) ?? [],
      head: { title: `${title} — ${settings.title}`, url: `${req.origin}${req.path}`, noindex: true },
      before: own ? undefined : (
        <div className="system-message">
          <h1>{title}</h1>
          <p>
            {notFound
              ? 'We couldn’t find the page you were looking for. It may have moved, or the address may be mistyped.'
              : 'This page could not be shown. Please try again in a moment.'}
          </p>
          <p>
            <a className="button button-primary button-medium" href="/">
              Go to the home page
            </a>
          </p>
        </div>
      ),
    }),
  };
}
