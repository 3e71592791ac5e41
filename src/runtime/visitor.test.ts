/**
 * The visitor and visit cookies against a stand-in cookie jar and page context: written only
 * while tracking is allowed, a new visitor, a visit that goes on, a new visit when the token is
 * missing (count + 1), malformed values replaced, and the lifetimes written.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubDocument } from './fake-document';
import type { SiteContext } from '../ui/page-contract/site-context';

const CONTEXT: SiteContext = { websiteId: 'w', templateId: 't', websiteLocale: 'en-US', pageType: 2, tracked: true, restrictive: true };
const NOW = 1_750_000_000_000;

type Browser = { jar: Map<string, string>; writes: string[] };

/** One page load: a fresh module (its page-view state) over the given cookies and context. */
async function pageLoad(
  cookies: Record<string, string>,
  context: Partial<SiteContext> = {},
): Promise<Browser & { visitorCookie: (now?: number) => string | undefined }> {
  const { jar, writes } = stubDocument(cookies, { ...CONTEXT, ...context });
  vi.stubGlobal('window', { location: { protocol: 'https:', hostname: 'demo.example', pathname: '/' } });
  vi.stubGlobal('navigator', {});
  vi.resetModules();
  const { visitorCookie } = await import('./visitor');
  return { jar, writes, visitorCookie };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const fields = (value: string | undefined) => value?.split('|') ?? [];

describe('the visitor cookies', () => {
  it('writes nothing while tracking is not allowed', async () => {
    for (const [cookies, context] of [
      [{}, {}],
      [{ ss_cookieAllowed: 'false' }, { restrictive: false }],
      [{ ss_cookieAllowed: 'true' }, { tracked: false }],
    ] as const) {
      const page = await pageLoad(cookies, context);
      expect(page.visitorCookie(NOW)).toBeUndefined();
      expect(page.writes).toEqual([]);
    }
  });

  // covers 000-5.02, 000-5.03
  it('gives a new visitor a record with count 1 and a visit token, for 730 days and 30 minutes', async () => {
    const page = await pageLoad({ ss_cookieAllowed: 'true' });
    const value = page.visitorCookie(NOW);
    expect(value).toMatch(/^[0-9a-f]{32}\|1750000000000\|1750000000000\|1750000000000\|1$/);
    expect(page.jar.get('ss_cvr')).toBe(value);
    expect(page.jar.get('ss_cvt')).toBe(String(NOW));
    expect(page.writes).toEqual([
      `ss_cvr=${value}; path=/; max-age=63072000; samesite=lax; secure`,
      `ss_cvt=${NOW}; path=/; max-age=1800; samesite=lax; secure`,
    ]);
    // Asked again on the same page: the same value, nothing counted twice.
    expect(page.visitorCookie(NOW + 5)).toBe(value);
    expect(page.writes).toHaveLength(2);
  });

  it('counts tracking from the first visit on a site without the restrictive policy', async () => {
    const page = await pageLoad({}, { restrictive: false });
    expect(fields(page.visitorCookie(NOW))[4]).toBe('1');
  });

  // covers 000-4.24
  it('keeps the count while the visit goes on, and adds exactly 1 when the visit token is missing', async () => {
    const record = `abc|1000|2000|3000|4`;
    const going = await pageLoad({ ss_cookieAllowed: 'true', ss_cvr: record, ss_cvt: '3000' });
    expect(going.visitorCookie(NOW)).toBe(record);
    expect(going.jar.get('ss_cvt')).toBe('3000');
    const newVisit = await pageLoad({ ss_cookieAllowed: 'true', ss_cvr: record });
    expect(newVisit.visitorCookie(NOW)).toBe(`abc|1000|3000|${NOW}|5`);
    expect(newVisit.jar.get('ss_cvt')).toBe(String(NOW));
    const encoded = await pageLoad({ ss_cookieAllowed: 'true', ss_cvr: encodeURIComponent(record) });
    expect(encoded.visitorCookie(NOW)).toBe(`abc|1000|3000|${NOW}|5`);
  });

  it('replaces malformed values instead of trusting them', async () => {
    for (const bad of ['abc|1|2|3', 'abc|1|2|3|0', 'a b|1|2|3|4', 'abc|1|2|3|-4', 'abc|01|2|3|4', '']) {
      const page = await pageLoad({ ss_cookieAllowed: 'true', ss_cvr: bad, ss_cvt: '5' });
      const value = page.visitorCookie(NOW);
      expect(fields(value).slice(1), bad).toEqual([String(NOW), String(NOW), String(NOW), '1']);
    }
    for (const badToken of ['0', '-1', 'abc', '01', '1.5']) {
      const page = await pageLoad({ ss_cookieAllowed: 'true', ss_cvr: 'abc|1|2|3|4', ss_cvt: badToken });
      expect(page.visitorCookie(NOW), badToken).toBe(`abc|1|3|${NOW}|5`);
    }
  });
});
