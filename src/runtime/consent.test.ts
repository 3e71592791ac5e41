/**
 * When identifiers are allowed, against a stand-in page: an explicit answer decides; without one,
 * the restrictive policy or the Global Privacy Control signal mean no; untracked pages never
 * track. setConsent stores the answer for 30 days and a decline clears every tracking cookie and
 * stored identifier, leaving the rest alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubDocument } from './fake-document';
import type { SiteContext } from '../ui/page-contract/site-context';

const CONTEXT: SiteContext = { websiteId: 'w', templateId: 't', websiteLocale: 'en-US', pageType: 2, tracked: true, restrictive: false };

/** Web Storage as the code reads it: entries as own keys, removeItem on the prototype. */
function fakeStorage(entries: Record<string, string>): Record<string, string> {
  const proto = {
    removeItem(this: Record<string, string>, key: string) {
      delete this[key];
    },
  };
  return Object.assign(Object.create(proto) as Record<string, string>, entries);
}

async function page(cookies: Record<string, string>, context: Partial<SiteContext> | null, gpc = false) {
  const { jar, writes } = stubDocument(cookies, context && { ...CONTEXT, ...context });
  const events: string[] = [];
  const local = fakeStorage({ op_track_aid: '{"id":"x"}', theme: 'dark' });
  vi.stubGlobal('window', {
    location: { protocol: 'http:', hostname: 'demo.localhost', pathname: '/blog/post' },
    localStorage: local,
    sessionStorage: fakeStorage({ op_track_session: 's' }),
    dispatchEvent: (e: Event) => events.push(e.type),
  });
  vi.stubGlobal('CustomEvent', class extends Event {});
  vi.stubGlobal('navigator', gpc ? { globalPrivacyControl: true } : {});
  vi.resetModules();
  return { jar, writes, local, events, consent: await import('./consent') };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('consent', () => {
  it.each([
    ['accepted, restrictive', { ss_cookieAllowed: 'true' }, { restrictive: true }, false, true],
    ['accepted, with GPC', { ss_cookieAllowed: 'true' }, {}, true, true],
    ['declined', { ss_cookieAllowed: 'false' }, {}, false, false],
    ['no answer, not restrictive', {}, {}, false, true],
    ['no answer, restrictive', {}, { restrictive: true }, false, false],
    ['no answer, GPC', {}, {}, true, false],
    ['an unreadable answer counts as none', { ss_cookieAllowed: 'yes' }, { restrictive: true }, false, false],
  ])('%s', async (_name, cookies, context, gpc, allowed) => {
    const { consent } = await page(cookies, context, gpc);
    expect(consent.consentAllowsTracking()).toBe(allowed);
    expect(consent.trackingAllowed()).toBe(allowed);
  });

  it('never tracks on an untracked page or a page without a context, and treats the latter as restrictive', async () => {
    expect((await page({ ss_cookieAllowed: 'true' }, { tracked: false })).consent.trackingAllowed()).toBe(false);
    const none = await page({}, null);
    expect(none.consent.trackingAllowed()).toBe(false);
    expect(none.consent.consentAllowsTracking()).toBe(false);
  });

  it('stores a decline for 30 days, clears tracking cookies and stored identifiers, and tells the page', async () => {
    const { jar, writes, local, events, consent } = await page({ ss_cvr: 'a|1|2|3|4', SS_MID: 'm', ss_aid: 'x', crumb: 'c', other: 'kept' }, {});
    consent.setConsent(false);
    expect(Object.fromEntries(jar)).toEqual({ crumb: 'c', other: 'kept', ss_cookieAllowed: 'false' });
    expect(writes[0]).toBe('ss_cookieAllowed=false; path=/; max-age=2592000; samesite=lax');
    // Cleared on the host and its parent domains, on / and each ancestor of the page's path.
    expect(writes).toContain('ss_cvr=; path=/blog; max-age=0; domain=localhost');
    expect(Object.keys(local)).toEqual(['theme']);
    expect(events).toEqual(['op:consent']);
  });

  it('stores an accept and clears nothing', async () => {
    const { jar, writes, consent } = await page({ ss_cvr: 'a|1|2|3|4' }, {});
    consent.setConsent(true);
    expect(jar.get('ss_cvr')).toBe('a|1|2|3|4');
    expect(writes).toEqual(['ss_cookieAllowed=true; path=/; max-age=2592000; samesite=lax']);
  });
});
