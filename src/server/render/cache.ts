/**
 * Rendered-page cache. Only responses that are the same for every anonymous visitor are stored.
 * Entries are dropped when `site_changed` is notified for their site (every app server listens),
 * and everything is dropped when the listening connection is lost, since notifications may have
 * been missed meanwhile.
 */
export type CachedResponse = {
  status: number;
  html: string;
  /** The page's Content-Security-Policy, built from its inline script and style hashes. */
  csp: string;
};

export type PageCache = {
  get(websiteId: string, key: string): CachedResponse | undefined;
  set(websiteId: string, key: string, value: CachedResponse): void;
  invalidate(websiteId: string): void;
  clear(): void;
  readonly size: number;
};

export function createPageCache(maxEntriesPerSite = 2000): PageCache {
  const bySite = new Map<string, Map<string, CachedResponse>>();
  return {
    get: (websiteId, key) => bySite.get(websiteId)?.get(key),
    set(websiteId, key, value) {
      let entries = bySite.get(websiteId);
      if (!entries) bySite.set(websiteId, (entries = new Map()));
      if (entries.size >= maxEntriesPerSite) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, value);
    },
    invalidate: (websiteId) => void bySite.delete(websiteId),
    clear: () => bySite.clear(),
    get size() {
      let n = 0;
      for (const entries of bySite.values()) n += entries.size;
      return n;
    },
  };
}
