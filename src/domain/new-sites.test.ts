import { describe, expect, it } from 'vitest';
import { identifierRefusal, RESERVED_IDENTIFIERS } from './new-sites';

const rules = { appDomain: 'sites.example.com', allowPunycode: false };

describe('site identifiers a site may not take', () => {
  it('keeps back the platform’s names and the labels of APP_DOMAIN', () => {
    for (const name of ['www', 'api', 'admin', 'mail', 'config', 'assets', 'localhost']) {
      expect(RESERVED_IDENTIFIERS).toContain(name);
      expect(identifierRefusal(name, rules), name).toBe('reserved');
    }
    expect(identifierRefusal('sites', rules)).toBe('reserved');
    expect(identifierRefusal('example', rules)).toBe('reserved');
    expect(identifierRefusal('example', { ...rules, appDomain: 'localhost' })).toBeUndefined();
  });

  it('refuses punycode labels unless the operator allows them', () => {
    expect(identifierRefusal('xn--pple-43d', rules)).toBe('punycode');
    expect(identifierRefusal('xn--pple-43d', { ...rules, allowPunycode: true })).toBeUndefined();
  });

  it('lets ordinary names through, those that only begin like a reserved one too', () => {
    for (const name of ['harbour-bakery', 'www2', 'api-docs', 'my--studio', 'mailbox']) expect(identifierRefusal(name, rules), name).toBeUndefined();
  });
});
