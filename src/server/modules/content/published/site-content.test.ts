import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from '../../../../document/design';
import type { SiteContent } from './published';
import { createSiteContentCache, type SiteContentReader } from './site-content';

/** Content that names what it was read for, so a test sees which read answered. */
function content(websiteId: string, bytes: number, scope: SiteContent['scope'], readFor: string): SiteContent {
  return {
    websiteId,
    bytes,
    scope,
    facts: { files: new Map(), featureFlags: [], captcha: undefined },
    design: DEFAULT_DESIGN,
    redirect: () => readFor,
    page: () => undefined,
    collection: () => undefined,
    item: () => undefined,
    systemPage: () => undefined,
    restrictedFiles: () => undefined,
  };
}

/** A reader over sites of given sizes; a site above `maxBytes` is read for the one path. Every read is logged. */
function reader(sizes: Record<string, number>) {
  const log: string[] = [];
  const read: SiteContentReader = {
    async site(websiteId, { path, maxBytes }) {
      log.push(`site ${websiteId}`);
      const size = sizes[websiteId] ?? 0;
      return size <= maxBytes ? content(websiteId, size, 'site', 'site') : content(websiteId, 10, 'path', path);
    },
    async path(websiteId, path) {
      log.push(`path ${websiteId} ${path}`);
      return content(websiteId, 10, 'path', path);
    },
  };
  return { read, log };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('site content cache', () => {
  it('reads a site once, for renders that ask together too, and again after it changes', async () => {
    const { read, log } = reader({ a: 100, b: 100 });
    const cache = createSiteContentCache(read, { maxBytes: 1000 });
    await Promise.all([cache.read('a', '/'), cache.read('a', '/about'), cache.read('b', '/')]);
    await cache.read('a', '/contact');
    expect(log).toEqual(['site a', 'site b']);
    cache.invalidate('a');
    await cache.read('a', '/');
    await cache.read('b', '/');
    expect(log).toEqual(['site a', 'site b', 'site a']);
    cache.clear();
    expect(cache.held()).toEqual({ sites: 0, bytes: 0 });
    await cache.read('b', '/');
    expect(log.at(-1)).toBe('site b');
  });

  it('does not keep a read that began before its site changed', async () => {
    const slow = deferred<SiteContent>();
    const log: string[] = [];
    const read: SiteContentReader = {
      site: (websiteId) => {
        log.push(websiteId);
        return log.length === 1 ? slow.promise : Promise.resolve(content(websiteId, 100, 'site', 'after'));
      },
      path: () => Promise.reject(new Error('not read by path')),
    };
    const cache = createSiteContentCache(read, { maxBytes: 1000 });
    const before = cache.read('a', '/');
    cache.invalidate('a');
    // A render that starts after the change does not wait for the read from before it.
    expect((await cache.read('a', '/')).redirect('/')).toBe('after');
    slow.resolve(content('a', 100, 'site', 'before'));
    expect((await before).redirect('/')).toBe('before');
    expect((await cache.read('a', '/')).redirect('/')).toBe('after');
    expect(log).toEqual(['a', 'a']);
  });

  it('does not keep a read that began before everything was dropped', async () => {
    const slow = deferred<SiteContent>();
    const read: SiteContentReader = { site: () => slow.promise, path: () => Promise.reject(new Error('not read by path')) };
    const cache = createSiteContentCache(read, { maxBytes: 1000 });
    const before = cache.read('a', '/');
    cache.clear();
    slow.resolve(content('a', 100, 'site', 'before'));
    await before;
    expect(cache.held()).toEqual({ sites: 0, bytes: 0 });
  });

  it('drops the least recently rendered sites beyond its limit in bytes', async () => {
    const { read, log } = reader({ a: 100, b: 100, c: 100, d: 150 });
    const cache = createSiteContentCache(read, { maxBytes: 320 });
    for (const site of ['a', 'b', 'c', 'a', 'd']) await cache.read(site, '/');
    expect(cache.held()).toEqual({ sites: 2, bytes: 250 });
    log.length = 0;
    for (const site of ['a', 'd', 'b', 'c']) await cache.read(site, '/');
    expect(log).toEqual(['site b', 'site c']);
  });

  it('holds only a mark for a site larger than its limit, and reads it for each address', async () => {
    const { read, log } = reader({ huge: 5000, small: 100 });
    const cache = createSiteContentCache(read, { maxBytes: 1000 });
    const [first, second] = await Promise.all([cache.read('huge', '/a'), cache.read('huge', '/b')]);
    expect([first.redirect('/'), second.redirect('/')]).toEqual(['/a', '/b']);
    expect((await cache.read('huge', '/c')).redirect('/')).toBe('/c');
    await cache.read('small', '/');
    expect(log).toEqual(['site huge', 'path huge /b', 'path huge /c', 'site small']);
    expect(cache.held().sites).toBe(1);
    expect(cache.held().bytes).toBeLessThanOrEqual(1000);
  });
});
