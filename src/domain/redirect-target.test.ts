/** The same-origin check every accepted redirect target goes through. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './redirect-target';

const ORIGIN = 'https://shop.example';

describe('sameOriginPath', () => {
  it('keeps paths on the site, with their query and fragment', () => {
    expect(sameOriginPath('/members?tab=2#top', ORIGIN)).toBe('/members?tab=2#top');
    expect(sameOriginPath('https://shop.example/a', ORIGIN)).toBe('/a');
    expect(sameOriginPath('account', ORIGIN)).toBe('/account');
  });

  it('refuses every way of leaving the site that browsers accept', () => {
    for (const value of [
      '//attacker.example/',
      '/\\attacker.example/',
      '\\\\attacker.example',
      '/\t/attacker.example/phish',
      '/\n/attacker.example',
      ' //attacker.example',
      'https://attacker.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      'http://shop.example/',
      'https://shop.example.attacker.example/',
      'https://shop.example@attacker.example/',
    ]) {
      expect(sameOriginPath(value, ORIGIN), value).toBeUndefined();
    }
  });

  it('never answers a protocol-relative path', () => {
    expect(sameOriginPath('https://shop.example//attacker.example/x', ORIGIN)).toBe('/attacker.example/x');
    expect(sameOriginPath('/.//attacker.example', ORIGIN)).toBe('/attacker.example');
  });

  it('answers, for any text, either nothing or a path that a browser resolves on the same origin', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.string({ unit: 'binary' })), (value) => {
        const path = sameOriginPath(value, ORIGIN);
        if (path === undefined) return;
        expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
        expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 5000 },
    );
  });
});
