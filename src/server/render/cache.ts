/**
 * Rendered-page cache. Only responses that are the same for every anonymous visitor are stored.
 * Entries are dropped when `site_changed` is notified for their site (every app server listens),
 * and everything is dropped when the listening connection is lost, since notifications may have
 * been missed meanwhile. A render that was under way when its site changed is not stored.
 */
export type CachedResponse = {
  status: number;
  html: string;
  /** The page's Content-Security-Policy, built from its inline script and style hashes. */
  csp: string;
};

export type PageCache = {
  get(websiteId: string, key: string): CachedResponse | undefined;
  /** A token to take before rendering: `set` with it stores nothing if the site changed meanwhile. */
  generation(websiteId: string): number;
  set(websiteId: string, key: string, value: CachedResponse, generation: number): void;
  invalidate(websiteId: string): void;
  clear(): void;
  readonly size: number;
};

export function createPageCache(maxEntriesPerSite = 2000): PageCache {
  const bySite = new Map<string, Map<string, CachedResponse>>();
  // Bumped on every invalidation: a render that began before a change must not store its now
  // stale result after the change's invalidation has run.
  const generations = new Map<string, number>();
  let everything = 0;
  const generationOf = (websiteId: string) => everything * 1_000_000 + (generations.get(websiteId) ?? 0);
  return {
    get: (websiteId, key) => bySite.get(websiteId)?.get(key),
    generation: generationOf,
    set(websiteId, key, value, generation) {
      if (generation !== generationOf(websiteId)) return;
      let entries = bySite.get(websiteId);
      if (!entries) bySite.set(websiteId, (entries = new Map()));
      if (entries.size >= maxEntriesPerSite) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, value);
    },
    invalidate(websiteId) {
      generations.set(websiteId, (generations.get(websiteId) ?? 0) + 1);
      bySite.delete(websiteId);
    },
    clear() {
      everything += 1;
      bySite.clear();
    },
    get size() {
      let n = 0;
      for (const entries of bySite.values()) n += entries.size;
      return n;
    },
  };
}
