import { describe, expect, it } from 'vitest';
import { storeAnswer } from '../front/stored-answer';
import { createPageCache } from './cache';

/** An entry told apart by its metrics path. */
const page = (name: string) => ({ status: 200, metricPath: name, answer });
const answer = await storeAnswer(200, { 'content-type': 'text/html; charset=utf-8' }, '<p>page</p>');

describe('page cache', () => {
  it('keeps pages per site until the site changes', () => {
    const cache = createPageCache();
    cache.set('a', '/x', page('A'), cache.generation('a'));
    cache.set('b', '/x', page('B'), cache.generation('b'));
    cache.invalidate('a');
    expect(cache.get('a', '/x')).toBeUndefined();
    expect(cache.get('b', '/x')?.metricPath).toBe('B');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not store a render that began before its site changed', () => {
    const cache = createPageCache();
    const started = cache.generation('a');
    cache.invalidate('a');
    cache.set('a', '/x', page('stale'), started);
    expect(cache.get('a', '/x')).toBeUndefined();
    const afterClear = cache.generation('a');
    cache.clear();
    cache.set('a', '/x', page('stale'), afterClear);
    expect(cache.get('a', '/x')).toBeUndefined();
    cache.set('a', '/x', page('fresh'), cache.generation('a'));
    expect(cache.get('a', '/x')?.metricPath).toBe('fresh');
  });

  it('drops the oldest entry of a site beyond its limit', () => {
    const cache = createPageCache(2);
    for (const p of ['/1', '/2', '/3']) cache.set('a', p, page(p), cache.generation('a'));
    expect(cache.get('a', '/1')).toBeUndefined();
    expect(cache.get('a', '/3')?.metricPath).toBe('/3');
  });

  it('finds a page by the address an anonymous visitor asked for until its site changes', () => {
    const cache = createPageCache();
    const entry = page('A');
    const generation = cache.generation('a');
    cache.set('a', 'http|a.test|/x', entry, generation);
    cache.setFront('a', 'http|a.test|/%78', entry, generation);
    expect(cache.front('a', 'http|a.test|/%78')?.metricPath).toBe('A');
    expect(cache.front('a', 'http|a.test|/x')).toBeUndefined();
    cache.invalidate('a');
    expect(cache.front('a', 'http|a.test|/%78')).toBeUndefined();
    cache.set('a', 'http|a.test|/x', entry, cache.generation('a'));
    cache.setFront('a', 'http|a.test|/%78', entry, generation);
    expect(cache.front('a', 'http|a.test|/%78')).toBeUndefined();
  });
});
