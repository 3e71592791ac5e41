/** Sites' published catalogues held in memory (src/server/site-cache/site-cache.ts). */
import type pg from 'pg';
import { createSiteCache, type SiteCache, type SiteSource } from '../../site-cache/site-cache';
import { readPublishedCatalogue, type PublishedCatalogue } from './published';

export type CatalogueSource = SiteSource<PublishedCatalogue>;
export type CatalogueCache = SiteCache<PublishedCatalogue>;

/** The cache over a database's pool. */
export function catalogueCache(pool: pg.Pool, opts: { maxSites?: number } = {}): CatalogueCache {
  return createSiteCache((websiteId) => readPublishedCatalogue(pool, websiteId), opts);
}
