/**
 * What a site publishes, held in memory on each app server (the published catalogue, the store's
 * pricing rules), as the published content is (src/server/modules/content/published/site-content.ts):
 * read whole on a site's first use after a change, kept until `site_changed` names the site, all
 * dropped when the listening connection is lost. A read under way when its site changes is
 * answered but not kept. The least recently read sites go first past `maxSites`.
 */
export type SiteSource<T> = { read(websiteId: string): Promise<T> };

export type SiteCache<T> = SiteSource<T> & {
  invalidate(websiteId: string): void;
  clear(): void;
  readonly size: number;
};

export const DEFAULT_SITE_CACHE_SITES = 2000;

export function createSiteCache<T>(read: (websiteId: string) => Promise<T>, opts: { maxSites?: number } = {}): SiteCache<T> {
  const maxSites = opts.maxSites ?? DEFAULT_SITE_CACHE_SITES;
  const held = new Map<string, T>();
  const reading = new Map<string, { promise: Promise<T>; stale: boolean }>();
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
        const value = await entry.promise;
        if (!entry.stale) {
          held.set(websiteId, value);
          if (held.size > maxSites) held.delete(held.keys().next().value as string);
        }
        return value;
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
