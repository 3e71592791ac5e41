/**
 * A platform page of a site drawn for one visitor (the cart page, the checkout page, the order
 * pages): in the site's shell, with its header and footer and the cart indicator, its title after
 * the site's, never stored and never indexed.
 */
import type { ReactNode } from 'react';
import type { SiteContentSource } from '../modules/content';
import { siteSettings, type WebsiteRow } from '../modules/sites';
import type { ClientAssets } from './assets';
import { renderPage, scriptJson, type PageIsland } from './page';
import type { PageVisitor } from './page-context';
import { renderContext, shell, type SiteResponse } from './site-page';

export type PersonalPageInfo = { host: string; origin: string; path: string; pageIslands?: readonly PageIsland[]; visitor?: PageVisitor };

export async function renderPersonalPage(
  source: SiteContentSource,
  site: WebsiteRow,
  info: PersonalPageInfo,
  assets: ClientAssets,
  page: { pageType: number; title: string; shopPath: string | undefined; islands?: readonly string[]; body: ReactNode },
): Promise<SiteResponse> {
  return {
    kind: 'page',
    status: 200,
    personal: true,
    page: renderPage({
      site: shell(site, info.host, page.shopPath),
      currentPath: info.path,
      ctx: renderContext(await source.read(site.id, info.path), info.host),
      assets,
      pageType: page.pageType,
      sections: [],
      head: { title: `${page.title} — ${siteSettings(site).title}`, url: `${info.origin}${info.path}`, noindex: true },
      ...(info.pageIslands ? { pageIslands: info.pageIslands } : {}),
      ...(page.islands ? { islands: page.islands } : {}),
      visitor: info.visitor,
      before: page.body,
    }),
  };
}

/**
 * A React island's markup on such a page (`{name}-page-island`): the root it hydrates
 * (`<div class="{name}-page" data-{name}-root>`) and its state beside it as JSON (`script.{name}-state`).
 */
export function IslandRoot({ name, island, state, children }: { name: string; island: string; state: unknown; children: ReactNode }) {
  return (
    <div className={`${name}-page-island`} data-island={island} data-load="eager">
      <div className={`${name}-page`} {...{ [`data-${name}-root`]: '' }}>
        {children}
      </div>
      <script type="application/json" className={`${name}-state`} dangerouslySetInnerHTML={{ __html: scriptJson(state) }} />
    </div>
  );
}
