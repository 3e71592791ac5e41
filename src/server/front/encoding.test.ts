import { describe, expect, it } from 'vitest';
import { compressible, entityTag, noneMatch, parseAcceptEncoding } from './encoding';

describe('Accept-Encoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.5', 'gzip'],
    ['identity;q=1, gzip;q=0.5', 'identity'],
    ['gzip;q=0.001', 'gzip'],
    ['br;q=nonsense, gzip;q=0.3', 'br'],
  ] as const)('%j asks for %s', (header, coding) => {
    expect(parseAcceptEncoding(header)).toBe(coding);
  });
});

describe('what is compressed', () => {
  it.each([
    ['text/html; charset=utf-8', true],
    ['text/css; charset=utf-8', true],
    ['text/javascript; charset=utf-8', true],
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['image/svg+xml', true],
    ['application/xml; charset=utf-8', true],
    ['image/png', false],
    ['image/webp', false],
    ['application/octet-stream', false],
    [undefined, false],
  ] as const)('%s: %s', (type, expected) => {
    expect(compressible(type)).toBe(expected);
  });
});

describe('If-None-Match', () => {
  const tag = entityTag(Buffer.from('page'));
  it('matches the tag, in a list, weakly, or as *', () => {
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(noneMatch(tag, tag)).toBe(true);
    expect(noneMatch(`"a", ${tag}`, tag)).toBe(true);
    expect(noneMatch(`W/${tag}`, tag)).toBe(true);
    expect(noneMatch('*', tag)).toBe(true);
  });
  it('does not match another body, nothing, or a tag without its quotes', () => {
    expect(noneMatch(entityTag(Buffer.from('other')), tag)).toBe(false);
    expect(noneMatch(undefined, tag)).toBe(false);
    expect(noneMatch(tag.slice(1, -1), tag)).toBe(false);
  });
});
