/**
 * The census calls whose features come later — the overlay and quick-view counts, and the site
 * search, heartbeat, audio and video hits — against a stand-in page (seed 000 §3, §7, §9): their
 * calls, bodies, 2500 ms time limit and silent failures. The popups, product quick view, search
 * page and media blocks that send them are features of their own, whose end-to-end tests will
 * capture the same calls from Chromium.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubDocument } from '../fake-document';
import type { SiteContext } from '../../ui/page-contract/site-context';

const CONTEXT: SiteContext = { websiteId: 'w', templateId: 't', websiteLocale: 'en-US', pageType: 2, tracked: true, restrictive: true };

type Call = { url: string; init: RequestInit };

/** A fresh page load with consent given; `answer` answers each fetch (or never does). */
async function page(answer: (call: Call) => Promise<Response> | undefined) {
  stubDocument({ ss_cookieAllowed: 'true', crumb: 'c1' }, CONTEXT);
  const location = {
    protocol: 'https:',
    hostname: 'demo.example',
    host: 'demo.example',
    pathname: '/shop',
    origin: 'https://demo.example',
    search: '?q=pots',
    hash: '',
  };
  vi.stubGlobal('location', location);
  vi.stubGlobal('window', { location, innerWidth: 1280, innerHeight: 900 });
  vi.stubGlobal('navigator', { userAgent: 'UA', language: 'en-GB' });
  vi.stubGlobal('screen', { width: 1920, height: 1080 });
  vi.stubGlobal('localStorage', { setItem: () => undefined, removeItem: () => undefined });
  Object.assign(document, { title: 'Shop', referrer: '', documentElement: { lang: 'en-US' } });
  vi.stubGlobal('addEventListener', () => undefined);
  Object.assign(document, { addEventListener: () => undefined });
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return (
      answer(call) ??
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))))
    );
  });
  const warnings: unknown[][] = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args));
  vi.resetModules();
  const census = await import('./census');
  return { census, calls, warnings };
}

const ok = () => Promise.resolve(new Response('{}', { status: 200 }));
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the overlay count', () => {
  // covers 000-7.20
  it('POSTs the overlay payload and the visitor cookie, form-encoded, to /api/census/overlay', async () => {
    const { census, calls } = await page(ok);
    census.overlayRender({ id: 'o1', name: 'Spring sale' });
    await settle();
    expect(calls.map((c) => c.url)).toEqual(['/api/census/overlay']);
    const body = Object.fromEntries(calls[0]!.init.body as URLSearchParams);
    expect(body).toEqual({ id: 'o1', name: 'Spring sale', visitorCookie: expect.stringMatching(/^[\w.~-]+\|\d+\|\d+\|\d+\|1$/) });
    expect(calls[0]!.init.method).toBe('POST');
  });

  // covers 000-7.21
  it('ignores a failed count: a warning in the console, nothing thrown', async () => {
    const { census, warnings } = await page(() => Promise.resolve(new Response('{}', { status: 500 })));
    census.overlayRender({ id: 'o1' });
    await settle();
    await settle();
    expect(warnings).toEqual([['Tracking failed', 'overlay', 'HTTP Status 500']]);
  });

  // covers 000-9.24
  it('gives up after 2500 ms', async () => {
    vi.useFakeTimers();
    const { census, calls, warnings } = await page(() => undefined);
    census.overlayRender({ id: 'o1' });
    await vi.advanceTimersByTimeAsync(2499);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]!.init.signal!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings.map((w) => w[1])).toEqual(['overlay']);
  });
});

describe('the quick-view count', () => {
  // covers 000-7.22
  it('POSTs /api/census/RecordQuickView/{id} with no payload', async () => {
    const { census, calls } = await page(ok);
    census.recordQuickView('item 7/b');
    await settle();
    expect(calls.map((c) => [c.url, c.init.method, c.init.body])).toEqual([['/api/census/RecordQuickView/item%207%2Fb', 'POST', null]]);
  });
});

describe('the other hit types', () => {
  // covers 000-3.44, 000-3.78
  it('sends site search (2), heartbeat (10), audio (20) and video (21) hits to RecordHit with the hit data and what each adds', async () => {
    const { census, calls } = await page(ok);
    census.recordSiteSearch('glazed pots');
    census.recordHeartbeat();
    census.recordMedia('audio', { mediaId: 'a1', position: 12 });
    census.recordMedia('video', { mediaId: 'v1', position: 3 });
    await settle();
    expect(calls.map((c) => c.url)).toEqual(Array(4).fill('/api/census/RecordHit'));
    const hits = calls.map((c) => Object.fromEntries(c.init.body as URLSearchParams));
    expect(hits.map((h) => h.event)).toEqual(['2', '10', '20', '21']);
    const data = hits.map((h) => JSON.parse(h.data!) as Record<string, unknown>);
    for (const d of data)
      expect(d).toMatchObject({ websiteId: 'w', templateId: 't', url: 'https://demo.example/shop', title: 'Shop', queryString: 'q=pots', pagePath: '/shop' });
    expect(data[0]).toMatchObject({ query: 'glazed pots' });
    expect(data[2]).toMatchObject({ mediaId: 'a1', position: 12 });
    expect(data[3]).toMatchObject({ mediaId: 'v1', position: 3 });
    for (const h of hits) expect(h.ss_cvr).toMatch(/\|1$/);
  });
});
