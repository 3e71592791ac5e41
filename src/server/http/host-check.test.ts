import { describe, expect, it } from 'vitest';
import { checkRequest, parseHostHeader } from './host-check';

describe('the request check', () => {
  it('reads a plain host, with or without a port, lowercased and without a trailing dot', () => {
    expect(parseHostHeader('Demo.Sites.Test.:8080')).toEqual({ hostname: 'demo.sites.test', port: '8080', host: 'demo.sites.test:8080' });
    expect(parseHostHeader('[::1]')).toEqual({ hostname: '[::1]', port: undefined, host: '[::1]' });
    for (const bad of [undefined, '', 'user@host', 'host/path', 'a b', 'host:0', 'host:65536', 'x'.repeat(301)]) expect(parseHostHeader(bad), String(bad)).toBeUndefined();
  });

  it('refuses a bad Host, and a NUL in the URL (keeping the checked Host)', () => {
    expect(checkRequest({ host: 'localhost', url: '/about' })).toEqual({ host: { hostname: 'localhost', port: undefined, host: 'localhost' } });
    expect(checkRequest({ host: 'evil.example/x', url: '/' })).toEqual({ refused: 'badHost' });
    expect(checkRequest({ host: 'localhost', url: '/a%00b' })).toMatchObject({ refused: 'urlNul', host: { host: 'localhost' } });
  });
});
