/**
 * Sites' published catalogues held in memory on each app server, as the published content is
 * (src/server/modules/content/published/site-content.ts): read whole on a site's first render
 * after a change, kept until `site_changed` names the site, all dropped when the listening
 * connection is lost. A read under way when its site changes is answered but not kept. The least
 * recently read sites go first past `maxSites`.
 */
import type pg from 'pg';
import { readPublishedCatalogue, type PublishedCatalogue } from './published';

export type CatalogueSource = { read(websiteId: string): Promise<PublishedCatalogue> };

export type CatalogueCache = CatalogueSource & {
  invalidate(websiteId: string): void;
  clear(): void;
  readonly size: number;
};

export const DEFAULT_CATALOGUE_CACHE_SITES = 2000;

export function createCatalogueCache(read: (websiteId: string) => Promise<PublishedCatalogue>, opts: { maxSites?: number } = {}): CatalogueCache {
  const maxSites = opts.maxSites ?? DEFAULT_CATALOGUE_CACHE_SITES;
  const held = new Map<string, PublishedCatalogue>();
  const reading = new Map<string, { promise: Promise<PublishedCatalogue>; stale: boolean }>();
  return {
    async read(websiteId) {
      const found = held.get(websiteId);
      if (found) {
        held.delete(websiteId);
        held.set(websiteId, found);
        return found;
      }
      const under = reading.get(websiteId);
      if (under && !under.stale) return under.promise;
      const entry = { promise: read(websiteId), stale: false };
      reading.set(websiteId, entry);
      try {
        const catalogue = await entry.promise;
        if (!entry.stale) {
          held.set(websiteId, catalogue);
          if (held.size > maxSites) held.delete(held.keys().next().value as string);
        }
        return catalogue;
      } finally {
        if (reading.get(websiteId) === entry) reading.delete(websiteId);
      }
    },
    invalidate(websiteId) {
      held.delete(websiteId);
      const under = reading.get(websiteId);
      if (under) under.stale = true;
    },
    clear() {
      held.clear();
      for (const under of reading.values()) under.stale = true;
    },
    get size() {
      return held.size;
    },
  };
}

/** The cache over a database's pool. */
export function catalogueCache(pool: pg.Pool, opts: { maxSites?: number } = {}): CatalogueCache {
  return createCatalogueCache((websiteId) => readPublishedCatalogue(pool, websiteId), opts);
}
