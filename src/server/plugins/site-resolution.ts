/**
 * Which site a request is for, from its checked Host: `{identifier}.{appDomain}`, a custom domain,
 * or (when the app serves one) the default site. Lookups are kept per host and dropped, with the
 * site's cached pages, its content and its catalogue held for rendering (services/site-content.ts), whenever
 * `site_changed` says a site changed (on any app server). Also what a page's access needs besides
 * its site: the unlock cookie's tools for password pages.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { createPageCache, type PageCache } from '../render/cache';
import { requestHost } from '../request';
import { unlockTools } from '../modules/content';
import { serverSecret } from '../secrets/server-secrets';
import { contentReader, createSiteContentCache, type SiteContentCache } from '../modules/content';
import { listenForSiteChanges, type SiteChangeListener } from '../modules/sites';
import { catalogueCache, type CatalogueCache } from '../modules/catalogue';
import { pricingCache, type PricingCache } from '../modules/pricing';
import { websiteForHost, type WebsiteRow } from '../modules/sites';
import { appPlugin } from './app-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageCache;
    /** Sites' published content as renders read it, held in memory. */
    siteContent: SiteContentCache;
    /** Sites' published catalogues (store settings, categories, visible products) as renders read them, held in memory. */
    catalogue: CatalogueCache;
    /** Sites' pricing rules (coupons, shipping zones, tax) as carts are priced by them, held in memory. */
    pricing: PricingCache;
    siteForRequest(req: FastifyRequest): Promise<WebsiteRow | undefined>;
    /** The site for a host name if a request has already looked it up since the last change (the cached-page path's lookup). */
    knownSiteForHost(hostname: string): WebsiteRow | undefined;
    /** Grows whenever any site changes: a page rendered from a site row read before a change is not stored after it. */
    siteGeneration(): number;
    siteChanges: SiteChangeListener;
    pageUnlocks: ReturnType<typeof unlockTools>;
  }
}

export type SiteResolutionOptions = {
  database: Database;
  /** Sites answer on {identifier}.{appDomain}. */
  appDomain: string;
  /** Serve the default site for hosts that name no site (localhost, IPs, unknown names). */
  serveDefaultSite: boolean;
  /** The most site content held in memory, in bytes of its rows' JSON (services/site-content.ts's default when not given). */
  contentCacheBytes?: number | undefined;
};

export const siteResolutionPlugin = appPlugin('site-resolution', async (app, opts: SiteResolutionOptions) => {
  const { db } = opts.database;
  const cache = createPageCache();
  const content = createSiteContentCache(contentReader(opts.database.pool), { maxBytes: opts.contentCacheBytes, metrics: app.metrics });
  const catalogue = catalogueCache(opts.database.pool);
  const pricing = pricingCache(opts.database.pool);
  const hostCache = new Map<string, WebsiteRow | undefined>();
  // Like the page cache's generations: a lookup that began before a change is not stored after it.
  let generation = 0;
  app.decorate('pageCache', cache);
  app.decorate('siteContent', content);
  app.decorate('catalogue', catalogue);
  app.decorate('pricing', pricing);
  app.decorate('siteGeneration', () => generation);
  const siteChanges = listenForSiteChanges(
    opts.database.url,
    (websiteId) => {
      cache.invalidate(websiteId);
      content.invalidate(websiteId);
      catalogue.invalidate(websiteId);
      pricing.invalidate(websiteId);
      generation += 1;
      hostCache.clear();
    },
    () => {
      cache.clear();
      content.clear();
      catalogue.clear();
      pricing.clear();
      generation += 1;
      hostCache.clear();
    },
  );
  app.decorate('siteChanges', siteChanges);
  app.addHook('onClose', async () => siteChanges.close());

  app.decorate('siteForRequest', async (req: FastifyRequest) => {
    const host = requestHost(req);
    if (hostCache.has(host)) return hostCache.get(host);
    const before = generation;
    const site = await websiteForHost(db, host, opts.appDomain, opts.serveDefaultSite);
    if (before !== generation) return site;
    if (hostCache.size > 10_000) hostCache.clear();
    hostCache.set(host, site);
    return site;
  });

  app.decorate('knownSiteForHost', (hostname: string) => hostCache.get(hostname));

  app.decorate('pageUnlocks', unlockTools(await serverSecret(db, 'unlock_secret')));
});
