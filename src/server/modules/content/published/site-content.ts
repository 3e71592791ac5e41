/**
 * Sites' published content held in memory on each app server (./published.ts reads it), so an
 * uncached render makes no database round trip. A site is read whole on its first render after a
 * change and kept until `site_changed` names it (every app server listens:
 * plugins/site-resolution.ts); when the listening connection is lost everything is dropped, as the
 * page cache does, since notifications may have been missed meanwhile.
 *
 * Memory is bounded by a limit in bytes, measured as the JSON text of the rows a site was read
 * from; the least recently rendered sites are dropped first. A site larger than the whole limit is
 * never held: each of its renders reads only what its address needs
 * (docs/decisions/0159-a-site-larger-than-the-content-cache.md).
 */
import type pg from 'pg';
import type { Metrics } from '../../../metrics';
import { readPathContent, readSiteContent, type SiteContent } from './published';

/** Where renders read a site's published content: `path` is the address being rendered. */
export type SiteContentSource = { read(websiteId: string, path: string): Promise<SiteContent> };

/** How the cache reads a site (./published.ts): whole when it fits in `maxBytes` (else for `path` alone, `scope: 'path'`), or for `path` alone. */
export type SiteContentReader = {
  site(websiteId: string, opts: { path: string; maxBytes: number }): Promise<SiteContent>;
  path(websiteId: string, path: string): Promise<SiteContent>;
};

export type SiteContentCache = SiteContentSource & {
  /** Drops a site's content (its `site_changed`); a read already under way for it is not kept. */
  invalidate(websiteId: string): void;
  /** Drops everything (the listening connection was lost). */
  clear(): void;
  /** What is held: the sites whose content is kept, and the bytes counted against the limit. */
  held(): { sites: number; bytes: number };
};

/** The reader over a database's pool. */
export function contentReader(pool: pg.Pool): SiteContentReader {
  return { site: (websiteId, opts) => readSiteContent(pool, websiteId, opts), path: (websiteId, path) => readPathContent(pool, websiteId, path) };
}

/** 64 MB of rows' JSON (docs/decisions/0158-the-content-caches-limit.md). */
export const DEFAULT_CONTENT_CACHE_BYTES = 64 * 1024 * 1024;
/** The least a site held is counted as: its maps, or the mark that it is too large to hold. */
const ENTRY_BYTES = 64;

/** A site held, or (no content) marked as too large to hold. */
type Held = { content: SiteContent | undefined; bytes: number };
type Reading = { promise: Promise<SiteContent>; stale: boolean };

export function createSiteContentCache(read: SiteContentReader, opts: { maxBytes?: number | undefined; metrics?: Metrics } = {}): SiteContentCache {
  const maxBytes = opts.maxBytes ?? DEFAULT_CONTENT_CACHE_BYTES;
  // Map order is recency: a site is moved to the end when rendered, dropped from the front.
  const held = new Map<string, Held>();
  const reading = new Map<string, Reading>();
  let bytes = 0;
  let sites = 0;
  const reads = opts.metrics?.siteContentReads;
  const counted = { hit: reads?.labels('hit'), miss: reads?.labels('miss'), tooLarge: reads?.labels('too_large') };

  const report = () => {
    opts.metrics?.siteContentBytes.set(bytes);
    opts.metrics?.siteContentSites.set(sites);
  };
  const drop = (websiteId: string) => {
    const entry = held.get(websiteId);
    if (!entry) return;
    held.delete(websiteId);
    bytes -= entry.bytes;
    if (entry.content) sites -= 1;
  };
  const keep = (websiteId: string, entry: Held) => {
    drop(websiteId);
    held.set(websiteId, entry);
    bytes += entry.bytes;
    if (entry.content) sites += 1;
    for (const oldest of held.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
    report();
  };

  const readWhole = (websiteId: string, path: string): Promise<SiteContent> => {
    const under = reading.get(websiteId);
    // A site too large to hold was read for the address that asked first: others read their own.
    if (under) return under.promise.then((content) => (content.scope === 'site' ? content : read.path(websiteId, path)));
    const entry: Reading = {
      stale: false,
      promise: read.site(websiteId, { path, maxBytes }).then(
        (content) => {
          if (reading.get(websiteId) === entry) reading.delete(websiteId);
          // Read before a change that has been heard since: good for the render that asked, not to keep.
          if (!entry.stale)
            keep(websiteId, content.scope === 'site' ? { content, bytes: Math.max(content.bytes, ENTRY_BYTES) } : { content: undefined, bytes: ENTRY_BYTES });
          return content;
        },
        (err: unknown) => {
          if (reading.get(websiteId) === entry) reading.delete(websiteId);
          throw err;
        },
      ),
    };
    reading.set(websiteId, entry);
    return entry.promise;
  };

  return {
    read(websiteId, path) {
      const entry = held.get(websiteId);
      if (!entry) {
        counted.miss?.inc();
        return readWhole(websiteId, path);
      }
      held.delete(websiteId);
      held.set(websiteId, entry);
      if (entry.content) {
        counted.hit?.inc();
        return Promise.resolve(entry.content);
      }
      counted.tooLarge?.inc();
      return read.path(websiteId, path);
    },
    invalidate(websiteId) {
      const under = reading.get(websiteId);
      if (under) under.stale = true;
      reading.delete(websiteId);
      drop(websiteId);
      report();
    },
    clear() {
      for (const under of reading.values()) under.stale = true;
      reading.clear();
      held.clear();
      bytes = 0;
      sites = 0;
      report();
    },
    held: () => ({ sites, bytes }),
  };
}
