/**
 * Analytics in Chromium (seed 000 §7; seed 001 §3–§9): the default page view event to
 * /api/v1/events by beacon or, without one, as JSON with its status handling; the analytics id's
 * cookie, storage and resolution order; the session cookies and flags; the marketing id; storage
 * failures; the Track pixel; the Trace log and its flushes; the internal system_network_error
 * event; the member account id on analytics and performance records; and what the restrictive
 * policy holds back until the visitor accepts. Requests are captured in the browser and the
 * measurement calls answered by routes (measure-capture.ts).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { addCustomer, desktop, requestsSeen, siteForFile, sqlOn, visitorContext } from './harness';
import {
  answerMeasurement,
  chunkUrl,
  consoleOf,
  cookieValue,
  formFields,
  pauseClock,
  sentFrom,
  settle,
  signInCustomer,
  to,
  type Sent,
} from './measure-capture';

const env = siteForFile();
const base = () => env.site().url;

const EVENTS = '/api/v1/events';
const TRACK = '/api/track/Track';
const TRACE = '/api/events/Trace';
const RECORD_EVENT = '/api/events/RecordEvent';
const HIT = '/api/census/RecordHit';
const RECORDS = '/api/1/performance/records';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function consented(opts: { clock?: boolean; init?: () => void } = {}): Promise<{ page: Page; sent: Sent[]; context: BrowserContext; lines: string[] }> {
  const context = await visitorContext(env.browser(), env.site());
  contexts.push(context);
  await answerMeasurement(context);
  if (opts.init) await context.addInitScript(opts.init);
  const page = await context.newPage();
  if (opts.clock) await page.clock.install();
  return { page, sent: sentFrom(page), context, lines: consoleOf(page) };
}

type Envelope = { analyticsId: string; common: Record<string, unknown>; custom: Record<string, unknown>; customSchemaName: string };

function envelope(s: Sent): Envelope {
  const body = s.contentType.startsWith('application/json') ? (JSON.parse(s.body) as Record<string, string>) : formFields(s);
  return {
    analyticsId: body.analyticsId!,
    common: JSON.parse(body.commonData!) as Record<string, unknown>,
    custom: JSON.parse(body.customData!) as Record<string, unknown>,
    customSchemaName: body.customSchemaName!,
  };
}

const events = (sent: Sent[]) => to(sent, EVENTS).map(envelope);
const siteContextOf = async (page: Page) => JSON.parse((await page.locator('#op-site').textContent())!) as Record<string, unknown>;

describe('analytics events', () => {
  // covers 001-9.47, 001-9.48, 001-7.17, 001-7.18, 001-3.54, 001-3.46, 001-3.47, 001-3.49, 001-3.45, 001-3.51, 001-3.52, 000-7.37
  it('sends the default page view by beacon, form-encoded, with the common, context and automatic fields', async () => {
    const { page, sent, context } = await consented();
    await context.addCookies([{ name: 'SS_MID', value: 'mkt-7', url: base() }]);
    await page.goto(`${base()}/about?utm=1`);
    await expect.poll(() => to(sent, EVENTS).length).toBe(1);
    const [call] = to(sent, EVENTS);
    expect(call!.type).toBe('ping');
    expect(call!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(formFields(call!)).sort()).toEqual(['analyticsId', 'commonData', 'customData', 'customSchemaName']);
    const { analyticsId, common, custom, customSchemaName } = envelope(call!);
    expect(analyticsId).toBe(await cookieValue(context, 'ss_aid'));
    expect(customSchemaName).toBe('frontsite_page_view');
    expect(custom).toEqual({});
    for (const field of ['actor', 'action', 'event_owner_team', 'event_source', 'object_type', 'object_id', 'object_display_name'])
      expect(typeof common[field], field).toBe('string');
    const site = await siteContextOf(page);
    expect(common).toMatchObject({
      object_id: site.pageId,
      object_display_name: await page.title(),
      websiteId: site.websiteId,
      templateId: site.templateId,
      variantId: null,
      memberAccountId: null,
      pagePath: '/about',
      pageHash: '',
      member_locale: 'en-US',
      website_locale: 'en-US',
      browser_window_height: 900,
      browser_window_width: 1280,
      browser_language: 'en-US',
      page_host: new URL(base()).host,
      page_query_params: { utm: '1' },
      referrer_url: '',
      resolved_locale: await page.evaluate(() => document.documentElement.lang),
      marketing_id: 'mkt-7',
      sessionId: await cookieValue(context, 'SS_SESSION_ID'),
    });
    expect(typeof common.client_timestamp).toBe('number');
  });

  // covers 001-9.46, 001-9.49, 001-3.55, 001-4.93
  it('keeps the analytics id for 390 days and the session cookies for the browser session, with the first-landing and first-session flags', async () => {
    const { page, sent, context } = await consented();
    await page.goto(`${base()}/about`);
    await expect.poll(() => events(sent).length).toBe(1);
    const cookies = await context.cookies();
    const aid = cookies.find((c) => c.name === 'ss_aid')!;
    expect(aid.expires).toBeGreaterThan(Date.now() / 1000 + 390 * 86400 - 120);
    expect(aid.expires).toBeLessThan(Date.now() / 1000 + 390 * 86400 + 120);
    for (const name of ['SS_SESSION_ID', 'SS_IS_FIRST_SESSION', 'SS_HAS_LANDED']) expect(cookies.find((c) => c.name === name)?.expires, name).toBe(-1);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('op_track_aid')))!) as { id: string; expires: number };
    expect(stored.id).toBe(aid.value);

    const first = events(sent)[0]!.common;
    expect(first).toMatchObject({ isFirstLanding: true, isFirstSession: true });
    await page.goto(`${base()}/blocks`);
    await expect.poll(() => events(sent).length).toBe(2);
    expect(events(sent)[1]!.common).toMatchObject({ isFirstLanding: false, isFirstSession: true, sessionId: first.sessionId });

    // A new browser session of the same visitor: only the 390-day cookie is left.
    const later = await visitorContext(env.browser(), env.site());
    contexts.push(later);
    await answerMeasurement(later);
    await later.addCookies([{ name: 'ss_aid', value: aid.value, url: base() }]);
    const again = await later.newPage();
    const againSent = sentFrom(again);
    await again.goto(`${base()}/about`);
    await expect.poll(() => events(againSent).length).toBe(1);
    const next = events(againSent)[0]!;
    expect(next.analyticsId).toBe(aid.value);
    expect(next.common).toMatchObject({ isFirstLanding: true, isFirstSession: false });
    expect(next.common.sessionId).not.toBe(first.sessionId);
  });

  // covers 001-4.91, 001-4.92
  it('takes the id from the cookie, else local storage, else a new one when the stored one has expired', async () => {
    const { page, sent, context } = await consented();
    await context.addCookies([{ name: 'ss_aid', value: 'cookie-id-1', url: base() }]);
    await page.goto(`${base()}/about`);
    await expect.poll(() => events(sent).length).toBe(1);
    expect(events(sent)[0]!.analyticsId).toBe('cookie-id-1');

    await page.evaluate(() => localStorage.setItem('op_track_aid', JSON.stringify({ id: 'stored-id-2', expires: Date.now() + 60_000 })));
    await context.clearCookies({ name: 'ss_aid' });
    await page.goto(`${base()}/about`);
    await expect.poll(() => events(sent).length).toBe(2);
    expect(events(sent)[1]!.analyticsId).toBe('stored-id-2');

    await page.evaluate(() => localStorage.setItem('op_track_aid', JSON.stringify({ id: 'expired-id-3', expires: Date.now() - 1 })));
    await context.clearCookies({ name: 'ss_aid' });
    await page.goto(`${base()}/about`);
    await expect.poll(() => events(sent).length).toBe(3);
    const fresh = events(sent)[2]!.analyticsId;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(await cookieValue(context, 'ss_aid')).toBe(fresh);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('op_track_aid')))!)).toMatchObject({ id: fresh });
  });

  // covers 001-7.18, 001-7.19, 001-8.26
  it('without a beacon sends JSON; 202 succeeds, any other status is logged as an error', async () => {
    const noBeacon = () => Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: undefined, configurable: true });
    const { page, sent, lines } = await consented({ init: noBeacon });
    await page.goto(`${base()}/about`);
    await expect.poll(() => to(sent, EVENTS).length).toBe(1);
    const [call] = to(sent, EVENTS);
    expect(call!.type).toBe('fetch');
    expect(call!.contentType).toMatch(/^application\/json/);
    expect(Object.keys(JSON.parse(call!.body) as object).sort()).toEqual(['analyticsId', 'commonData', 'customData', 'customSchemaName']);
    // Answered (202) before the page's handling of the answer is looked at.
    await call!.request.response();
    await settle(page);
    expect(lines.filter((l) => /Error tracking event|Tracking failed analytics/.test(l))).toEqual([]);

    await page.route(`**${EVENTS}`, (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto(`${base()}/about`);
    // The warning is logged a step after the error: wait for both, in that order, once each.
    await expect
      .poll(() => lines.filter((l) => /Error tracking event|Tracking failed/.test(l)))
      .toEqual(['error: Error tracking event: HTTP Status 500', 'warning: Tracking failed analytics Error tracking event: HTTP Status 500']);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  // covers 001-8.29
  it("warns 'Unable access local/session storage.' when storage is refused, and still sends the event", async () => {
    const blocked = () =>
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    const { page, sent, lines } = await consented({ init: blocked });
    await page.goto(`${base()}/about`);
    await expect.poll(() => events(sent).length).toBe(1);
    expect(lines).toContain('warning: Unable access local/session storage.');
  });

  // covers 001-8.28
  it("warns 'Unable to store analyticsId' when the id cannot be written", async () => {
    const full = () => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'op_track_aid') throw new DOMException('Quota exceeded', 'QuotaExceededError');
        setItem.call(this, key, value);
      };
    };
    const { page, sent, lines } = await consented({ init: full });
    await page.goto(`${base()}/about`);
    await expect.poll(() => events(sent).length).toBe(1);
    expect(lines).toContain('warning: Unable to store analyticsId');
    expect(lines).not.toContain('warning: Unable access local/session storage.');
  });
});

describe('the Track pixel', () => {
  // covers 000-7.36, 001-7.05, 001-7.06
  it('requests the pixel with landing, refer, rk, lang, screen and the campaign parameters present', async () => {
    const { page, sent } = await consented();
    await page.goto(`${base()}/about?source=news&campaign=spring&colour=blue`);
    await expect.poll(() => to(sent, TRACK).length).toBe(1);
    const [pixel] = to(sent, TRACK);
    expect(pixel!.type).toBe('image');
    expect(pixel!.method).toBe('GET');
    const query = Object.fromEntries(pixel!.query);
    expect(query).toMatchObject({
      landing: `${base()}/about?source=news&campaign=spring&colour=blue`,
      refer: '',
      lang: 'en-US',
      screen: '1280x900',
      source: 'news',
      campaign: 'spring',
    });
    expect(query.rk).toMatch(/^\d+$/);
    expect(Object.keys(query).sort()).toEqual(['campaign', 'landing', 'lang', 'refer', 'rk', 'screen', 'source']);

    // A navigation the page starts itself, so the browser sets the referrer as a link would.
    await page.evaluate(() => location.assign('/blocks'));
    await expect.poll(() => to(sent, TRACK).length).toBe(2);
    const second = Object.fromEntries(to(sent, TRACK)[1]!.query);
    expect(Object.keys(second).sort()).toEqual(['landing', 'lang', 'refer', 'rk', 'screen']);
    expect(second.refer).toBe(`${base()}/about?source=news&campaign=spring&colour=blue`);
    expect(second.rk).not.toBe(query.rk);
  });
});

describe('the Trace log', () => {
  type Logged = { pageUrl: string; type: string; data: Record<string, unknown> };
  const logged = (s: Sent) => JSON.parse(formFields(s).data!) as Logged[];

  // covers 001-3.34, 001-7.01, 001-7.02, 001-9.33, 001-7.03
  it('batches the tracked events into one Trace call every 30 s, and sends what is left by beacon when the page goes', async () => {
    const { page, sent } = await consented({ clock: true });
    await page.goto(`${base()}/blocks/button`);
    await expect.poll(() => to(sent, '/api/census/button-render').length).toBeGreaterThan(0);
    await settle(page);
    await pauseClock(page);
    await page.clock.runFor(25_000);
    await requestsSeen(page);
    expect(to(sent, TRACE)).toEqual([]);
    await page.clock.runFor(5_500);
    await expect.poll(() => to(sent, TRACE).length).toBe(1);
    const [call] = to(sent, TRACE);
    expect(call!.method).toBe('POST');
    expect(call!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(formFields(call!))).toEqual(['data']);
    const entries = logged(call!);
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(['data', 'pageUrl', 'type']);
      expect(e.pageUrl).toBe(`${base()}/blocks/button`);
    }
    expect(new Set(entries.map((e) => e.type))).toEqual(new Set(['census-1', 'analytics', 'track', 'button-render']));

    // What is left goes by beacon as the page unloads; Chromium does not show the page's requests
    // to the test once it is leaving, so the server's own record is read.
    await page.route(`**${TRACE}`, (route) => route.continue());
    await page.getByRole('link', { name: 'Secondary, medium' }).click();
    await page.waitForURL(`${base()}/about`);
    const stored = () =>
      sqlOn(env.site(), `SELECT page_url, data FROM trace_events WHERE website_id = $1 AND type = 'button-click'`, [env.site().websiteId]) as Promise<
        { page_url: string; data: Record<string, unknown> }[]
      >;
    await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBe(1);
    const [left] = await stored();
    expect(left!.page_url).toBe(`${base()}/blocks/button`);
    expect(left!.data).toMatchObject({ buttonText: 'Secondary, medium', clickthroughUrl: '/about' });
    expect(to(sent, TRACE).filter((s) => s.type === 'fetch')).toHaveLength(1);
  });

  // covers 001-7.04
  it('drops a batch whose Trace call fails, without retrying or showing anything', async () => {
    const { page, sent } = await consented({ clock: true });
    await page.route(`**${TRACE}`, (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto(`${base()}/about`);
    await settle(page);
    await pauseClock(page);
    await page.clock.runFor(31_000);
    await expect.poll(() => to(sent, TRACE).length).toBe(1);
    await page.clock.runFor(90_000);
    await requestsSeen(page);
    expect(to(sent, TRACE)).toHaveLength(1);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});

describe('the system error panel’s network variant', () => {
  async function showNetworkError(page: Page) {
    // Given as text, so the import is the browser's own (the test runner rewrites import() in functions).
    await page.evaluate(
      `import('${chunkUrl('src/ui/dialogs/system-error.tsx')}').then((m) => void m.openSystemError({ kind: 'network', url: '/api/commerce/cart' }))`,
    );
    await page.getByRole('alertdialog').waitFor();
  }

  // covers 001-7.07, 001-8.07, 001-7.14, 001-7.16
  it('records system_network_error with urlRequested through RecordEvent, form-encoded with the crumb; 202 is success', async () => {
    const { page, sent, context, lines } = await consented();
    await page.route(`**${RECORD_EVENT}`, (route) => route.fulfill({ status: 202, json: {} }));
    await page.goto(`${base()}/about`);
    await settle(page);
    await showNetworkError(page);
    await expect(page.getByRole('alertdialog').textContent()).resolves.toContain(`Unable to connect to ${new URL(base()).host}.  Please try again.`);
    await expect.poll(() => to(sent, RECORD_EVENT).length).toBe(1);
    const [call] = to(sent, RECORD_EVENT);
    expect(call!.method).toBe('POST');
    expect(call!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formFields(call!)).toEqual({
      crumb: await cookieValue(context, 'crumb'),
      event: 'system_network_error',
      data: JSON.stringify({ urlRequested: '/api/commerce/cart' }),
    });
    await call!.request.response();
    await settle(page);
    expect(lines.filter((l) => /Tracking failed/.test(l))).toEqual([]);

    // Any other status is a failure, logged only.
    const failing = await context.newPage();
    const failingLines = consoleOf(failing);
    await failing.route(`**${RECORD_EVENT}`, (route) => route.fulfill({ status: 500, json: {} }));
    await failing.goto(`${base()}/about`);
    await settle(failing);
    await showNetworkError(failing);
    await expect.poll(() => failingLines).toContain('warning: Tracking failed system_network_error Error tracking event: HTTP Status 500');
  });
});

describe('signed-in customers', () => {
  // covers 001-6.05, 001-6.06
  it('attach their member account id to analytics and performance records', async () => {
    const { page, sent } = await consented({ clock: true });
    await signInCustomer(page, base(), await addCustomer(env.site()));
    await page.goto(`${base()}/about`);
    const title = await page.title();
    // The account page's own event may still arrive after this page opened: look for this page's.
    const aboutEvents = () => events(sent).filter((e) => e.common.object_display_name === title);
    await expect.poll(() => aboutEvents().length).toBe(1);
    const site = await siteContextOf(page);
    expect(site.memberAccountId).toEqual(expect.any(String));
    expect(aboutEvents()[0]!.common).toMatchObject({ memberAccountId: site.memberAccountId });
    await settle(page);
    await pauseClock(page);
    await page.clock.runFor(31_000);
    await expect.poll(() => to(sent, RECORDS).length).toBeGreaterThan(0);
    const records = to(sent, RECORDS).flatMap((s) => JSON.parse(s.body) as { data: Record<string, unknown> }[]);
    for (const r of records) expect(r.data.memberAccountId).toBe(site.memberAccountId);

    // An anonymous visitor's carry none.
    const anonymous = await consented();
    await anonymous.page.goto(`${base()}/about`);
    await expect.poll(() => events(anonymous.sent).length).toBe(1);
    expect(events(anonymous.sent)[0]!.common.memberAccountId).toBeNull();
  });
});

describe('consent', () => {
  it('under the restrictive policy counts the page view without identifiers until the visitor accepts, then tracks', async () => {
    const context = await env.browser().newContext(desktop);
    contexts.push(context);
    await answerMeasurement(context);
    const page = await context.newPage();
    const sent = sentFrom(page);
    await page.goto(`${base()}/about`);
    await expect.poll(() => to(sent, HIT).length).toBe(1);
    await settle(page);
    const [hit] = to(sent, HIT);
    expect(Object.keys(formFields(hit!)).sort()).toEqual(['data', 'event']);
    expect(sent.filter((s) => s.path === EVENTS || s.path === TRACK)).toEqual([]);
    const names = (await context.cookies()).map((c) => c.name);
    for (const name of ['ss_cvr', 'ss_cvt', 'ss_aid', 'SS_SESSION_ID', 'SS_IS_FIRST_SESSION', 'SS_HAS_LANDED']) expect(names).not.toContain(name);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('op_track_')))).toEqual([]);

    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept', exact: true }).click();
    await expect.poll(() => events(sent).length).toBe(1);
    await expect.poll(() => to(sent, TRACK).length).toBe(1);
    expect(events(sent)[0]!.analyticsId).toBe(await cookieValue(context, 'ss_aid'));
    expect((await context.cookies()).map((c) => c.name)).toEqual(expect.arrayContaining(['ss_aid', 'SS_SESSION_ID', 'SS_IS_FIRST_SESSION', 'SS_HAS_LANDED']));
    // The page view was counted once, before the answer.
    expect(to(sent, HIT)).toHaveLength(1);
  });
});
