/**
 * From a site and a path to a response: redirects the owner listed (301), pages, collection
 * pages (type 1) and their items (type 50), and the not-found page (type 100, status 404) for
 * anything else. Only published content is shown to visitors. What is shown is looked up in the
 * site's content (modules/content/published/published.ts), which the app holds in memory
 * (published/site-content.ts): a render asks for it once and makes no query of its own. This file
 * picks the page and its head; the collection list, the post and the restricted pages are drawn by
 * their own views (collection-list.tsx, post-view.tsx, restricted-page.tsx).
 */
import { designSheetOf } from './design-sheet';
import type { RenderContext } from '../../blocks/types';
import type { PageAccess } from '../../document/schema';
import { CONTENT_SOURCES } from '../../domain/forms';
import { isPublishableLink } from '../../domain/links';
import { PAGE_TYPES } from '../../domain/page-types';
import { RECORD_TYPES } from '../../domain/record-types';
import type { SiteContent } from '../modules/content';
import type { SiteContentSource } from '../modules/content';
import type { CatalogueSource } from '../modules/catalogue';
import { BLOCK_TYPES } from '../../domain/block-types';
import type { StoredSection } from '../../document/schema';
import { catalogueLookup, isShop, shopPage, storeAddress, storeFormat, storePathResponse } from './shop-paths';
import { blogPostingData, feedAddress, renderFeed } from './feed';
import type { WebsiteRow } from '../modules/sites';
import { siteFooter, siteHeader, siteNavigation, siteSettings } from '../modules/sites';
import type { ClientAssets } from './assets';
import { CollectionList } from './collection-list';
import { renderPage, type PageIsland, type RenderedPage, type ShellSite } from './page';
import { itemRecordType, siteConsent, templateIdOf, type PageVisitor } from './page-context';
import { PostHeader, PostTags } from './post-view';
import { restrictedPage } from './restricted-page';
import { siteChromeSettings } from './site-chrome';
import { systemPages } from '../../messages/system-pages';
import { dialogs } from '../../messages/dialogs';
import { slidePathParts } from '../../blocks/gallery/lightbox/model';
import { sectionsHaveSlide } from '../../blocks/gallery/lightbox/slide-path';

/** `personal` pages depend on who asks (restricted pages): never stored in the shared cache. */
export type SiteResponse = { kind: 'page'; status: number; page: RenderedPage; personal?: true } | { kind: 'redirect'; location: string };

type RequestInfo = {
  host: string;
  origin: string;
  path: string;
  pageIslands?: readonly PageIsland[];
  /** Who asks, when that changes the page context (page-context.ts). */
  visitor?: PageVisitor;
  /** Whether this visitor may open a page that is not public; asked only for such pages. */
  access?: (page: { id: string; access: PageAccess }) => Promise<AccessDecision>;
  /** The sites' published catalogues held in memory (app.catalogue): read only for shops, product blocks and addresses nothing else answers. */
  catalogue?: CatalogueSource;
};

/** A restricted page for this visitor: shown, locked (lock screen 103), or refused (access denied 106). */
export type AccessDecision = 'allow' | 'locked' | 'denied';

/** A page of the platform's own (account, newsletter, cart): where it is asked for, and the site's shop when it has one, so its header carries the cart indicator as every other page's does. */
export type SystemPageInfo = {
  host: string;
  origin: string;
  path: string;
  query: URLSearchParams;
  pageIslands?: readonly PageIsland[];
  visitor?: PageVisitor;
  shopPath?: string | undefined;
};

/** `shopPath`: the site's shop when it has one (a visible product), whose pages then carry the cart indicator. */
export function shell(site: WebsiteRow, host: string, shopPath?: string): ShellSite {
  const settings = siteSettings(site);
  return {
    ...(shopPath === undefined ? {} : { shopPath }),
    id: site.id,
    identifier: site.identifier,
    title: settings.title,
    tagline: settings.tagline,
    locale: settings.locale,
    navigation: siteNavigation(site),
    footerText: settings.footerText,
    // Links stored before the link rules are read as they are: each is checked as it renders.
    header: siteHeader(site),
    footer: siteFooter(site),
    host,
    chrome: siteChromeSettings(settings),
    templateId: templateIdOf(settings),
    consent: siteConsent(settings),
  };
}

export function renderContext(content: SiteContent, host: string): RenderContext {
  const { facts } = content;
  const sheet = designSheetOf(content);
  return {
    host,
    design: { stylesheet: sheet.url, preloads: sheet.preloads, animation: sheet.animation },
    files: facts.files,
    featureFlags: facts.featureFlags,
    ...(facts.captcha ? { captcha: facts.captcha } : {}),
    ...(facts.googleMaps ? { googleMaps: facts.googleMaps } : {}),
  };
}

export async function renderSitePath(source: SiteContentSource, site: WebsiteRow, req: RequestInfo, assets: ClientAssets): Promise<SiteResponse> {
  const settings = siteSettings(site);
  const path = req.path;
  const content = await source.read(site.id, path);
  const redirect = content.redirect(path);
  // A target stored before the link rules that a page may not carry is no redirect at all.
  if (redirect && isPublishableLink(redirect, req.host)) return { kind: 'redirect', location: redirect };

  const plain = renderContext(content, req.host);
  const catalogue = req.catalogue && (() => req.catalogue!.read(site.id));
  const hasProducts = (sections: readonly StoredSection[]) =>
    sections.some((s) => s.blocks.some((b) => b.type === BLOCK_TYPES.PRODUCT || b.type === BLOCK_TYPES.ADD_TO_CART));
  // Product and add-to-cart blocks look their products up in the catalogue (held in memory, read once a
  // site change, as the header's cart indicator reads it too); a page without one passes none to its blocks.
  const withCatalogue = async (sections: readonly StoredSection[]) => {
    if (!catalogue || !hasProducts(sections)) return plain;
    const held = await catalogue();
    return { ...plain, catalogue: catalogueLookup(held, storeFormat(held, settings.locale, plain)) };
  };
  const base = {
    site: shell(site, req.host, await shopPathOf(req.catalogue, site.id)),
    currentPath: path,
    ctx: plain,
    assets,
    visitor: req.visitor,
    ...(req.pageIslands ? { pageIslands: req.pageIslands } : {}),
  };
  const url = `${req.origin}${path}`;
  const titled = (title: string, seoTitle?: string) => seoTitle ?? (path === '/' ? settings.title : `${title} — ${settings.title}`);

  const page = content.page(path);
  if (page) {
    const { seo, access } = page;
    let pageType = page.pageType;
    if (access.type !== 'public') {
      const decision = req.access ? await req.access({ id: page.id, access }) : 'denied';
      if (decision !== 'allow') return { ...restrictedPage(base, settings.title, url, page, decision), personal: true };
      if (access.type === 'password') pageType = PAGE_TYPES.PROTECTED_CONTENT;
    }
    return {
      kind: 'page',
      status: 200,
      ...(access.type === 'public' ? {} : { personal: true as const }),
      page: renderPage({
        ...base,
        ctx: await withCatalogue(page.sections),
        pageType,
        source: { pageId: page.id, collectionId: page.id, contentSource: CONTENT_SOURCES.COLLECTION, recordType: RECORD_TYPES.PAGE },
        head: {
          title: titled(page.title, seo.title),
          description: seo.description ?? settings.description,
          socialImage: seo.socialImage ?? settings.socialImage,
          url,
          ...(access.type === 'public' && !page.noIndex ? {} : { noindex: true }),
        },
        sections: page.sections,
      }),
    };
  }

  const listed = content.collection(path);
  if (listed && catalogue && isShop(listed.collection)) {
    return shopPage(base, await catalogue(), listed.collection, { url, origin: req.origin, locale: settings.locale, titled });
  }
  if (listed) {
    const { collection, items } = listed;
    return {
      kind: 'page',
      status: 200,
      page: renderPage({
        ...base,
        pageType: PAGE_TYPES.MAIN_CONTENT,
        source: { pageId: collection.id, collectionId: collection.id, contentSource: CONTENT_SOURCES.COLLECTION, recordType: RECORD_TYPES.COLLECTION },
        sections: [],
        head: {
          title: titled(collection.title, collection.seo.title),
          description: collection.seo.description ?? collection.description ?? undefined,
          url,
          feed: { title: collection.title, href: feedAddress(collection.path) },
        },
        before: <CollectionList collection={collection} items={items} ctx={plain} locale={settings.locale} timeZone={settings.timeZone} />,
      }),
    };
  }

  const found = content.item(path);
  if (found) {
    const { item, collection: parent } = found;
    return {
      kind: 'page',
      status: 200,
      page: renderPage({
        ...base,
        ctx: await withCatalogue(item.sections),
        pageType: PAGE_TYPES.CONTENT_ITEM,
        source: { pageId: item.id, collectionId: parent.id, itemId: item.id, contentSource: CONTENT_SOURCES.ITEM, recordType: itemRecordType(parent.type) },
        sections: item.sections,
        head: {
          title: titled(item.title, item.seo.title),
          description: item.seo.description ?? item.excerpt ?? undefined,
          socialImage: item.seo.socialImage ?? item.thumbnail ?? undefined,
          url,
          type: 'article',
          feed: { title: parent.title, href: feedAddress(parent.path) },
          structuredData: blogPostingData({
            url,
            item,
            siteTitle: settings.title,
            image: item.thumbnail ? new URL(item.thumbnail, req.origin).href : undefined,
          }),
        },
        before: <PostHeader item={item} parent={parent} locale={settings.locale} timeZone={settings.timeZone} />,
        after: item.tags.length > 0 ? <PostTags tags={item.tags} /> : undefined,
      }),
    };
  }
  const address = catalogue && storeAddress(path);
  if (catalogue && address) {
    const held = await catalogue();
    // A site read for one address holds no shop: read the shop's address too, only when the catalogue has something there.
    const named = held.product(path) ?? (address.category === undefined ? undefined : held.category(address.category));
    const shops = content.scope === 'site' || !named ? content : await source.read(site.id, address.shopPath);
    const answer = storePathResponse(base, held, (p) => shops.collection(p)?.collection, {
      path,
      url,
      origin: req.origin,
      locale: settings.locale,
      titled,
    });
    if (answer) return answer;
  }
  // Seed 001 §2 (2.02): `/<page>/<slide>` is a public page whose gallery has that slide, opened in its lightbox by the page's script; its canonical link stays the page's.
  const named = await slidePage(source, site, content, path);
  if (named) return renderSitePath(source, site, { ...req, path: named }, assets);
  return systemPageResponse(content, site, req, assets, PAGE_TYPES.NOT_FOUND, base.site.shopPath);
}

/** The site's shop, when its published catalogue shows a product (held in memory: no query once read). */
export async function shopPathOf(catalogue: CatalogueSource | undefined, websiteId: string): Promise<string | undefined> {
  return catalogue ? (await catalogue.read(websiteId)).shopPath : undefined;
}

/** A collection's RSS feed when the path is a collection's, else undefined (the address is a page, answered as one). */
export async function renderSiteFeed(source: SiteContentSource, site: WebsiteRow, req: { path: string; origin: string }): Promise<string | undefined> {
  const settings = siteSettings(site);
  const listed = (await source.read(site.id, req.path)).collection(req.path);
  if (!listed) return undefined;
  return renderFeed({ origin: req.origin, siteTitle: settings.title, locale: settings.locale, collection: listed.collection, items: listed.items });
}

/** The path of the public page whose lightbox gallery has the slide the path's last segment names, if any; a page whose content is broken names none (a 404, not a 500). */
async function slidePage(source: SiteContentSource, site: WebsiteRow, content: SiteContent, path: string): Promise<string | undefined> {
  const parts = slidePathParts(path);
  if (!parts) return undefined;
  try {
    const holder = content.scope === 'site' ? content : await source.read(site.id, parts.page);
    const page = holder.page(parts.page);
    return page && page.access.type === 'public' && sectionsHaveSlide(page.sections, parts.slide) ? parts.page : undefined;
  } catch {
    return undefined;
  }
}

/** The not-found (100, status 404) or error (101, status 500) page: the owner's own if the site has one, else the built-in text. */
export async function renderSystemPage(
  source: SiteContentSource,
  site: WebsiteRow,
  req: RequestInfo,
  assets: ClientAssets,
  pageType: typeof PAGE_TYPES.NOT_FOUND | typeof PAGE_TYPES.ERROR,
): Promise<SiteResponse> {
  return systemPageResponse(await source.read(site.id, req.path), site, req, assets, pageType, await shopPathOf(req.catalogue, site.id));
}

function systemPageResponse(
  content: SiteContent,
  site: WebsiteRow,
  req: RequestInfo,
  assets: ClientAssets,
  pageType: typeof PAGE_TYPES.NOT_FOUND | typeof PAGE_TYPES.ERROR,
  shopPath?: string,
): SiteResponse {
  const settings = siteSettings(site);
  const own = content.systemPage(pageType);
  const ctx = renderContext(content, req.host);
  const notFound = pageType === PAGE_TYPES.NOT_FOUND;
  const title = own?.title ?? (notFound ? systemPages.notFoundTitle : dialogs.somethingWentWrong);
  return {
    kind: 'page',
    status: notFound ? 404 : 500,
    page: renderPage({
      site: shell(site, req.host, shopPath),
      currentPath: req.path,
      ctx,
      assets,
      visitor: req.visitor,
      pageType,
      sections: own?.sections ?? [],
      head: { title: `${title} — ${settings.title}`, url: `${req.origin}${req.path}`, noindex: true },
      before: own ? undefined : (
        <div className="system-message">
          <h1>{title}</h1>
          <p>{notFound ? systemPages.notFound : systemPages.error}</p>
          <p>
            <a className="button button-primary button-medium" href="/">
              {systemPages.homeLink}
            </a>
          </p>
        </div>
      ),
    }),
  };
}
