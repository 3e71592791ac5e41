/**
 * The overlay and quick-view counts (seed 000 §3, §7, §9) against a stand-in page: their calls,
 * bodies, 2500 ms time limit and silent failures. The popup overlay and the product quick view that
 * send them are features of their own; their end-to-end tests capture the same calls from Chromium.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubDocument } from '../fake-document';
import type { SiteContext } from '../site-context';

const CONTEXT: SiteContext = { websiteId: 'w', templateId: 't', websiteLocale: 'en-US', pageType: 2, tracked: true, restrictive: true };

type Call = { url: string; init: RequestInit };

/** A fresh page load with consent given; `answer` answers each fetch (or never does). */
async function page(answer: (call: Call) => Promise<Response> | undefined) {
  stubDocument({ ss_cookieAllowed: 'true', crumb: 'c1' }, CONTEXT);
  const location = { protocol: 'https:', hostname: 'demo.example', pathname: '/shop', origin: 'https://demo.example' };
  vi.stubGlobal('location', location);
  vi.stubGlobal('window', { location });
  vi.stubGlobal('navigator', {});
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
