import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRequest, parseHostHeader, requestChecker } from './host-check';

describe('the request check', () => {
  it('reads a plain host, with or without a port, lowercased and without a trailing dot', () => {
    expect(parseHostHeader('Demo.Sites.Test.:8080')).toEqual({ hostname: 'demo.sites.test', port: '8080', host: 'demo.sites.test:8080' });
    expect(parseHostHeader('[::1]')).toEqual({ hostname: '[::1]', port: undefined, host: '[::1]' });
    for (const bad of [undefined, '', 'user@host', 'host/path', 'a b', 'host:0', 'host:65536', 'x'.repeat(301)])
      expect(parseHostHeader(bad), String(bad)).toBeUndefined();
  });

  it('refuses a bad Host, and a NUL in the URL (keeping the checked Host)', () => {
    expect(checkRequest({ host: 'localhost', url: '/about' })).toEqual({ host: { hostname: 'localhost', port: undefined, host: 'localhost' } });
    expect(checkRequest({ host: 'evil.example/x', url: '/' })).toEqual({ refused: 'badHost' });
    expect(checkRequest({ host: 'localhost', url: '/a%00b' })).toMatchObject({ refused: 'urlNul', host: { host: 'localhost' } });
  });

  it('answers as checkRequest over any run of requests, keeping the last Host read', () => {
    const host = fc.constantFrom(undefined, '', 'localhost', 'LOCALHOST', 'demo.localhost:3000', 'bad host', '[::1]:8080', 'a@b');
    const url = fc.constantFrom('/', '/about', '/a%00b', '/x\u0000');
    fc.assert(
      fc.property(fc.array(fc.record({ host, url }), { maxLength: 20 }), (requests) => {
        const check = requestChecker();
        for (const facts of requests) expect(check(facts)).toEqual(checkRequest(facts));
      }),
    );
  });
});
