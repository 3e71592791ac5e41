/**
 * The published page shell rendered by React on the server: head (title, description, social
 * tags, canonical URL, theme stylesheet, the page's layout stylesheet), header with navigation,
 * the main content, the footer, the cookie banner when the site has one, the page context for the
 * visitor runtime (page-context.ts), and — for the page's islands (its interactive blocks and the
 * page-level consent and measurement islands) — the island map and the inlined loader. Pages read
 * and navigate with JavaScript turned off.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { layoutCss } from '../../blocks/layout-css';
import { Sections } from '../../blocks/sections-view';
import type { RenderContext } from '../../blocks/types';
import { isPublishableLink } from '../../domain/links';
import type { NavLink, SiteFooter, SiteHeader, StoredSection } from '../../document/schema';
import { CookieBanner, CookieSettingsButton } from '../../ui/page-contract/cookie-banner-view';
import { SITE_CONTEXT_ELEMENT_ID } from '../../ui/page-contract/site-context';
import type { ClientAssets } from './assets';
import { sha256Base64 } from './assets';
import { pageSiteContext, type PageVisitor, type SiteConsent } from './page-context';
import { BLOCK_TYPES } from '../../domain/block-types';
import { CART_INDICATOR_ISLAND, CartIndicator } from '../../ui/page-contract/cart-indicator';
import { SiteChrome, type SiteChromeSettings } from './site-chrome';
import { IconLinks, logoCss, SiteBrand } from './site-brand';
import { siteChrome } from '../../messages/site-chrome';

export type ShellSite = {
  id: string;
  identifier: string;
  title: string;
  tagline?: string | undefined;
  locale: string;
  navigation: readonly NavLink[];
  footerText?: string | undefined;
  header: SiteHeader;
  footer: SiteFooter;
  /** The host the page is served on, for the link rules. */
  host: string;
  /** The site badge and the mobile information bar (site-chrome.tsx); absent: neither. */
  chrome?: SiteChromeSettings;
  /** For the page context (page-context.ts). */
  templateId: string;
  /** The cookie banner, when enabled, and the cookie policy (page-context.ts). */
  consent: SiteConsent;
  /** A site with a shop (a visible product): its header carries the cart indicator. */
  shopPath?: string | undefined;
};

export type PageHead = {
  title: string;
  description?: string | undefined;
  socialImage?: string | undefined;
  /** Absolute URL of this page. */
  url: string;
  /** Not-found and error pages are not for search engines. */
  noindex?: boolean;
  type?: 'website' | 'article' | 'product';
  /** More Open Graph properties (a product's price). */
  meta?: readonly { property: string; content: string }[] | undefined;
  /** A blog's feed, linked as the page's alternate (render/feed.ts). */
  feed?: { title: string; href: string } | undefined;
  /** schema.org data about the page (a post's BlogPosting), written as JSON-LD. */
  structuredData?: Record<string, unknown> | undefined;
};

/**
 * What a form submission says about the page it came from (seed 000 §3's pageId, collectionId and
 * contentSource: i on an item page, c on a collection or page), written on <main> for the islands.
 */
export type PageSource = { pageId: string; collectionId: string; itemId?: string; contentSource: 'i' | 'c'; recordType?: number };

/** Page-level behaviour (src/runtime/islands) a response carries, with the data its element holds. */
export type PageIsland = { name: string; data?: Readonly<Record<string, string>> };

export type RenderedPage = {
  html: string;
  /** CSP source hashes ('sha256-…') for the inline script and style this page carries. */
  scriptHashes: string[];
  styleHashes: string[];
};

/**
 * One navigation link. One a published page may not carry (stored before the link rules) shows its
 * title as text, without an href; so does a folder (an item with a dropdown and no link of its own).
 */
function NavAnchor({ link, currentPath, host }: { link: { title: string; href?: string | undefined; newWindow: boolean }; currentPath: string; host: string }) {
  const href = link.href ?? '';
  if (href === '') return <span className="nav-folder">{link.title}</span>;
  if (!isPublishableLink(href, host)) return <span>{link.title}</span>;
  return (
    <a
      href={href}
      {...(href === currentPath ? { 'aria-current': 'page' as const } : {})}
      {...(link.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {link.title}
    </a>
  );
}

/**
 * Navigation and footer links, with each item's dropdown as a nested list. The dropdown opens on
 * hover and whenever focus is inside the item (theme.css: :hover, :focus-within), with no
 * JavaScript: its links stay in the tab order, so Tab walks into it, and on narrow screens it is
 * shown open, indented.
 */
function NavLinks({ links, currentPath, label, host }: { links: readonly NavLink[]; currentPath: string; label: string; host: string }) {
  return (
    <nav aria-label={label}>
      <ul className="nav-list">
        {links.map((link, i) => {
          const children = link.children ?? [];
          return (
            <li key={i} {...(children.length > 0 ? { className: 'nav-parent' } : {})}>
              <NavAnchor link={link} currentPath={currentPath} host={host} />
              {children.length > 0 ? (
                <ul className="nav-sub" aria-label={link.title}>
                  {children.map((child, j) => (
                    <li key={j}>
                      <NavAnchor link={child} currentPath={currentPath} host={host} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Whether the header has a menu (navigation links or its button), which narrow screens fold away behind a Menu button. */
function headerButton(site: ShellSite) {
  return site.header.button && isPublishableLink(site.header.button.href, site.host) ? site.header.button : undefined;
}
const headerHasMenu = (site: ShellSite) => site.navigation.length > 0 || headerButton(site) !== undefined;

/** The id of the header's menu panel: the Menu link's target when JavaScript is off. */
const MENU_ID = 'site-menu';

/** Islands of pages that can change the cart: there the indicator loads at once, so a first add shows. */
const CART_CHANGING_ISLANDS = new Set(['shop', 'product-page', 'cart-page']);
const CART_CHANGING_BLOCKS = new Set<number>([BLOCK_TYPES.PRODUCT, BLOCK_TYPES.ADD_TO_CART]);

function cartLoad(sections: readonly StoredSection[], islands: readonly string[]): 'eager' | 'cookie' {
  const changes = islands.some((k) => CART_CHANGING_ISLANDS.has(k)) || sections.some((s) => s.blocks.some((b) => CART_CHANGING_BLOCKS.has(b.type)));
  return changes ? 'eager' : 'cookie';
}

function Header({
  site,
  currentPath,
  files,
  cart = 'cookie',
}: {
  site: ShellSite;
  currentPath: string;
  files: RenderContext['files'];
  cart?: 'eager' | 'cookie';
}) {
  const button = headerButton(site);
  return (
    <header className={`site-header header-${site.header.layout}`}>
      <a className="skip-link" href="#content">
        {siteChrome.skipToContent}
      </a>
      <div className="header-inner">
        <div className="header-brand">
          <SiteBrand header={site.header} title={site.title} files={files} />
          {site.header.showTagline && site.tagline ? <p className="header-tagline">{site.tagline}</p> : null}
        </div>
        {headerHasMenu(site) ? (
          <>
            <a className="menu-toggle" href={`#${MENU_ID}`} aria-controls={MENU_ID} data-island="menu" data-load="visible">
              <span className="menu-toggle-icon" aria-hidden="true" />
              {siteChrome.menu}
            </a>
            <div className="header-menu" id={MENU_ID}>
              {site.navigation.length > 0 ? <NavLinks links={site.navigation} currentPath={currentPath} label="Main" host={site.host} /> : null}
              {button ? (
                <a className="button button-primary button-small header-button" href={button.href}>
                  {button.text}
                </a>
              ) : null}
              <a className="menu-close" href="#">
                {siteChrome.closeMenu}
              </a>
            </div>
          </>
        ) : null}
        {site.shopPath !== undefined ? <CartIndicator load={cart} /> : null}
      </div>
    </header>
  );
}

function Footer({ site, currentPath }: { site: ShellSite; currentPath: string }) {
  const links = [...(site.footer.showNavigation ? site.navigation : []), ...site.footer.links];
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <p className="footer-title">{site.title}</p>
        {site.tagline ? <p className="footer-tagline">{site.tagline}</p> : null}
        {site.footerText ? <p className="footer-text">{site.footerText}</p> : null}
        {links.length > 0 ? <NavLinks links={links} currentPath={currentPath} label="Footer" host={site.host} /> : null}
        {site.consent.banner ? (
          <p className="footer-cookie-settings">
            <CookieSettingsButton />
          </p>
        ) : null}
      </div>
    </footer>
  );
}

/** The site's header and footer as a page at `currentPath` carries them: the editor's canvas shows them around the page being edited. */
export function renderSiteFrame(site: ShellSite, currentPath: string, files: RenderContext['files']): { header: string; footer: string } {
  return {
    header: renderToString(<Header site={site} currentPath={currentPath} files={files} />),
    footer: renderToString(<Footer site={site} currentPath={currentPath} />),
  };
}

/** A same-page link (`href="#…"`) other than the header's own: the skip link's, the menu's and its close link's. */
const PAGE_ANCHOR = new RegExp(`href="#(?!(?:content|${MENU_ID})?")`);

/** The rendered body, with the anchor scrolling island (src/runtime/islands/anchor-scroll.ts) when it holds a same-page link. */
function withAnchorScroll(body: string, kinds: Set<string>): string {
  if (!PAGE_ANCHOR.test(body)) return body;
  kinds.add('anchor-scroll');
  return `${body}<div hidden data-island="anchor-scroll" data-load="eager"></div>`;
}

/** Escapes JSON for a <script type="application/json"> body. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderPage(opts: {
  site: ShellSite;
  head: PageHead;
  currentPath: string;
  pageType: number;
  sections: readonly StoredSection[];
  /** Content around or instead of sections (collection lists, item headers, system messages). */
  before?: ReactNode;
  after?: ReactNode;
  ctx: RenderContext;
  assets: ClientAssets;
  /** Page-level islands (src/runtime/islands) this response carries, such as the logout notice. */
  pageIslands?: readonly PageIsland[];
  source?: PageSource;
  /** Who the page is rendered for, when that changes the page context (page-context.ts). */
  visitor?: PageVisitor;
  /** Islands the content around the sections marks (a shop's, a product's). */
  islands?: readonly string[];
}): RenderedPage {
  const { site, head, assets } = opts;
  const kinds = new Set<string>();
  // Every published page measures (consent permitting); the banner's island also clears tracking
  // cookies under the restrictive policy, so it runs wherever either is on.
  const pageIslands: readonly PageIsland[] = [
    ...(opts.pageIslands ?? []),
    ...(site.consent.banner || site.consent.restrictive ? [{ name: 'cookie-banner' }] : []),
    // Blocks animate in only where the design says so and the page has blocks (src/runtime/islands/motion.ts).
    ...(opts.ctx.design && opts.ctx.design.animation !== 'none' && opts.sections.length > 0
      ? [{ name: 'motion', data: { animation: opts.ctx.design.animation } }]
      : []),
    { name: 'measure' },
  ];
  const context = pageSiteContext(
    site,
    {
      pageType: opts.pageType,
      pageId: opts.source?.pageId,
      collectionId: opts.source?.collectionId,
      itemId: opts.source?.itemId,
      recordType: opts.source?.recordType,
    },
    opts.visitor,
  );
  const rendered = renderToString(
    <>
      <Header site={site} currentPath={opts.currentPath} files={opts.ctx.files} cart={cartLoad(opts.sections, opts.islands ?? [])} />
      <main
        id="content"
        className={`page page-type-${opts.pageType}`}
        tabIndex={-1}
        {...(opts.source
          ? {
              'data-page-id': opts.source.pageId,
              'data-collection-id': opts.source.collectionId,
              'data-content-source': opts.source.contentSource,
              ...(opts.source.itemId ? { 'data-item-id': opts.source.itemId } : {}),
            }
          : {})}
      >
        {opts.before}
        <Sections sections={opts.sections} ctx={opts.ctx} kinds={kinds} />
        {opts.after}
      </main>
      <Footer site={site} currentPath={opts.currentPath} />
      {site.chrome ? <SiteChrome chrome={site.chrome} host={site.host} /> : null}
      {site.consent.banner ? <CookieBanner banner={site.consent.banner} /> : null}
      {pageIslands.map(({ name, data }) => (
        <div key={name} hidden data-island={name} data-load="eager" {...Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]))} />
      ))}
    </>,
  );
  const body = withAnchorScroll(rendered, kinds);
  for (const { name } of pageIslands) kinds.add(name);
  for (const name of opts.islands ?? []) kinds.add(name);
  if (headerHasMenu(site)) kinds.add('menu');
  if (site.shopPath !== undefined) kinds.add(CART_INDICATOR_ISLAND);
  const css = logoCss(site.header, opts.ctx.files) + layoutCss(opts.sections);
  const islandMap = Object.fromEntries([...kinds].sort().flatMap((k) => (assets.islands.has(k) ? [[k, assets.islands.get(k)!]] : [])));
  const hasIslands = Object.keys(islandMap).length > 0;
  // A social image stored before the link rules is left out when a page may not carry it.
  const socialImage = head.socialImage && isPublishableLink(head.socialImage, site.host) ? head.socialImage : undefined;
  const headHtml = renderToString(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      <IconLinks header={site.header} files={opts.ctx.files} />
      {head.description ? <meta name="description" content={head.description} /> : null}
      {head.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={head.url} />}
      <meta property="og:site_name" content={site.title} />
      <meta property="og:title" content={head.title} />
      <meta property="og:type" content={head.type ?? 'website'} />
      <meta property="og:url" content={head.url} />
      {head.description ? <meta property="og:description" content={head.description} /> : null}
      {socialImage ? <meta property="og:image" content={socialImage} /> : null}
      {(head.meta ?? []).map((m) => (
        <meta key={m.property} property={m.property} content={m.content} />
      ))}
      <meta name="twitter:card" content={socialImage ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={head.title} />
      {head.description ? <meta name="twitter:description" content={head.description} /> : null}
      {head.feed ? <link rel="alternate" type="application/rss+xml" title={head.feed.title} href={head.feed.href} /> : null}
      <link rel="stylesheet" href={assets.theme.url} />
      {(opts.ctx.design?.preloads ?? []).map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
      ))}
      {opts.ctx.design ? <link rel="stylesheet" href={opts.ctx.design.stylesheet} /> : null}
    </>,
  );
  // JSON-LD is data, never run: no CSP hash, escaped as the other JSON scripts are.
  const structured = head.structuredData ? `<script type="application/ld+json">${scriptJson(head.structuredData)}</script>` : '';
  const styleTag = css ? `<style>${css}</style>` : '';
  // A JSON script is data, never run, so the CSP needs no hash for it.
  const contextScript = `<script type="application/json" id="${SITE_CONTEXT_ELEMENT_ID}">${scriptJson(context)}</script>`;
  const scripts = hasIslands
    ? `${contextScript}<script type="application/json" id="islands">${scriptJson(islandMap)}</script><script type="module">${assets.loader.source}</script>`
    : contextScript;
  const html = `<!DOCTYPE html><html lang="${site.locale}"><head>${headHtml}${structured}${styleTag}</head><body>${body}${scripts}</body></html>`;
  return {
    html,
    scriptHashes: hasIslands ? [`sha256-${assets.loader.hash}`] : [],
    styleHashes: css ? [`sha256-${sha256Base64(css)}`] : [],
  };
}
