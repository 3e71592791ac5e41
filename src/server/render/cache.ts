/**
 * Rendered-page cache. Only responses that are the same for every anonymous visitor are stored,
 * each with its answer prepared (every header, the body in each coding, the entity tags:
 * front/stored-answer.ts). Entries are dropped when `site_changed` is notified for their site
 * (every app server listens), and everything is dropped when the listening connection is lost,
 * since notifications may have been missed meanwhile. A render that was under way when its site
 * changed is not stored.
 *
 * Besides the page routes' keys (scheme, host, decoded path, the visitor's islands), an entry the
 * framework answered to an anonymous visitor is also found by the exact address it was asked for
 * (`front`): the plain-Node cached-page path looks pages up that way, so it answers only addresses
 * the framework has itself routed to a published page.
 */
import type { StoredAnswer } from '../front/stored-answer';

export type CachedResponse = {
  status: number;
  /** The answer as sent to a visitor without a session: headers (its policy from the page's hashes) precomputed, each coding compressed once. */
  answer: StoredAnswer;
  /** The page's path as the page-cache metrics name it. */
  metricPath: string;
};

export type PageCache = {
  get(websiteId: string, key: string): CachedResponse | undefined;
  /** A token to take before rendering: `set` with it stores nothing if the site changed meanwhile. */
  generation(websiteId: string): number;
  set(websiteId: string, key: string, value: CachedResponse, generation: number): void;
  /** The entry the framework answered an anonymous visitor with at this scheme, host and raw path (the cached-page path's lookup). */
  front(websiteId: string, address: string): CachedResponse | undefined;
  /** Records that an anonymous visitor asking for `address` gets `value`; like `set`, nothing if the site changed since `generation`. */
  setFront(websiteId: string, address: string, value: CachedResponse, generation: number): void;
  invalidate(websiteId: string): void;
  clear(): void;
  readonly size: number;
};

/** The raw addresses share a site's map with the page keys (which never start with a NUL), and its limit. */
const FRONT = '\u0000';

export function createPageCache(maxEntriesPerSite = 2000): PageCache {
  const store = (entries: Map<string, CachedResponse>, key: string, value: CachedResponse) => {
    if (!entries.has(key) && entries.size >= maxEntriesPerSite) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, value);
  };
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
      store(entries, key, value);
    },
    front: (websiteId, address) => bySite.get(websiteId)?.get(FRONT + address),
    setFront(websiteId, address, value, generation) {
      const entries = bySite.get(websiteId);
      if (!entries || generation !== generationOf(websiteId)) return;
      store(entries, FRONT + address, value);
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
