/**
 * The visitor's measurement in Chromium (seed 000 §2, §3, §6, §7, §8, §9; seed 001 §3, §7, §8,
 * §9): the census page view and where it is not sent, the button and form counts with their time
 * limit and silent failures, the admin's BroadcastChannel mirror, error reports with their caps
 * and debounce, and the performance records with their settings call, flushes and failure
 * reports. Requests are captured in the browser; the measurement calls are answered by routes
 * (measure-capture.ts), so what is proven is what the page sends. Timers run on Playwright's clock.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, changeSiteDocument, requestsSeen, siteForFile, visitorContext } from './harness';
import {
  answerMeasurement,
  consoleOf,
  cookieValue,
  formFields,
  PAGE_LOAD_ID,
  pauseClock,
  sentFrom,
  settle,
  signInTeamMember,
  to,
  type Sent,
} from './measure-capture';

const env = siteForFile();
const base = () => env.site().url;

const HIT = '/api/census/RecordHit';
const BUTTON_RENDER = '/api/census/button-render';
const BUTTON_CLICK = '/api/census/button-click';
const FORM_RENDER = '/api/census/form-render';
const ERRORS = '/api/events/RecordJavascriptErrors';
const SETTINGS = '/api/1/performance/settings';
const RECORDS = '/api/1/performance/records';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

/** A consented visitor's page with the measurement calls answered, and what it sends. */
async function visitor(opts: { clock?: boolean } = {}): Promise<{ page: Page; sent: Sent[]; context: BrowserContext }> {
  const context = await visitorContext(env.browser(), env.site());
  contexts.push(context);
  await answerMeasurement(context);
  const page = await context.newPage();
  if (opts.clock) await page.clock.install();
  return { page, sent: sentFrom(page), context };
}

const pageViews = (sent: Sent[]) => to(sent, HIT).filter((s) => formFields(s).event === '1');
const hitData = (s: Sent) => JSON.parse(formFields(s).data!) as Record<string, unknown>;
const reports = (sent: Sent[]) => to(sent, ERRORS).map((s) => JSON.parse(s.body) as { event: string; data: Record<string, unknown>; timestamp: number }[]);
const noVisibleError = async (page: Page) => {
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await page.getByRole('alertdialog').count()).toBe(0);
};

describe('census page view', () => {
  // covers 000-7.13, 000-3.44, 000-3.45, 000-3.78, 000-3.61
  it('a consented visitor’s page sends RecordHit form-encoded with event 1, the hit data and ss_cvr', async () => {
    const { page, sent, context } = await visitor();
    await page.goto(`${base()}/about?ref=mail#team`);
    await expect.poll(() => pageViews(sent).length).toBe(1);
    const [hit] = pageViews(sent);
    expect(hit!.method).toBe('POST');
    expect(hit!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(formFields(hit!)).sort()).toEqual(['data', 'event', 'ss_cvr']);
    expect(formFields(hit!).ss_cvr).toBe(await cookieValue(context, 'ss_cvr'));
    const data = hitData(hit!);
    const site = JSON.parse((await page.locator('#op-site').textContent())!) as Record<string, unknown>;
    expect(data).toMatchObject({
      websiteId: site.websiteId,
      templateId: site.templateId,
      website_locale: 'en-US',
      userAgent: await page.evaluate(() => navigator.userAgent),
      viewportInnerHeight: 900,
      viewportInnerWidth: 1280,
      url: `${base()}/about`,
      title: await page.title(),
      collectionId: site.collectionId,
      recordType: site.recordType,
      localStorageSupported: true,
      queryString: 'ref=mail',
      referrer: '',
      pagePath: '/about',
      pageHash: '#team',
      variantId: null,
      memberAccountId: null,
      member_locale: 'en-US',
    });
    for (const key of ['clientDate', 'screenHeight', 'screenWidth', 'itemId', 'pagePermissionTypeValue']) expect(data).toHaveProperty(key);
    expect(typeof data.clientDate).toBe('number');
  });

  // covers 000-2.13
  it('sends no page view on /search', async () => {
    // A page at /search, added through the site document's import (a copy of About).
    await changeSiteDocument(env.site(), (doc) => {
      const about = doc.pages.find((p) => p.path === '/about')!;
      // Ids are unique across a document: the copy's sections and blocks get their own.
      let n = 0;
      const fresh = () => `5ea2c4000000000000${(++n).toString(16).padStart(6, '0')}`;
      const sections = structuredClone(about.sections).map((section) => ({
        ...section,
        id: fresh(),
        blocks: section.blocks.map((block) => ({ ...block, id: fresh() })),
      }));
      doc.pages.push({ ...structuredClone(about), id: 'c0a7ac7f00000000000000ee', path: '/search', title: 'Search', navigationTitle: undefined, sections });
    });
    // Published once every cache has dropped the old site (a page that is not found sends no page view either).
    await expect.poll(async () => (await fetch(`${base()}/search`)).status, { timeout: 10_000 }).toBe(200);
    const { page, sent } = await visitor();
    await page.goto(`${base()}/search`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The page is tracked (its other calls go out); only the page view is left out.
    await expect.poll(() => to(sent, SETTINGS).length).toBe(1);
    await settle(page);
    expect(pageViews(sent)).toEqual([]);
    await page.goto(`${base()}/about`);
    await expect.poll(() => pageViews(sent).length).toBe(1);
  });

  // covers 000-6.09, 000-6.10, 000-6.11
  it('sends nothing from not-found, lock-screen and access-denied pages, whose measurement still runs', async () => {
    const { page, sent } = await visitor();
    for (const path of ['/no-such-page', '/wholesale', '/members']) {
      const before = to(sent, SETTINGS).length;
      await page.goto(`${base()}${path}`);
      await expect.poll(() => to(sent, SETTINGS).length, { message: path }).toBe(before + 1);
      await settle(page);
    }
    const tracked = sent.filter((s) => /^\/api\/(census|v1|track)\//.test(s.path));
    expect(tracked.map((s) => s.path)).toEqual([]);
  });
});

describe('team members', () => {
  const site = () => env.site().url;
  let viewerContext: BrowserContext;
  let ownerContext: BrowserContext;

  beforeAll(async () => {
    const viewer = await addTeamMember(env.site(), 'VIEWER');
    viewerContext = await visitorContext(env.browser(), env.site());
    ownerContext = await visitorContext(env.browser(), env.site());
    contexts.push(viewerContext, ownerContext);
    for (const [context, who] of [
      [viewerContext, viewer],
      [ownerContext, env.site().owner],
    ] as const) {
      await answerMeasurement(context);
      const page = await context.newPage();
      await signInTeamMember(page, site(), who);
      await page.close();
    }
  });

  // covers 000-6.05
  it('a viewer-only member is counted like any visitor', async () => {
    const page = await viewerContext.newPage();
    const sent = sentFrom(page);
    await page.goto(`${site()}/about`);
    await expect.poll(() => pageViews(sent).length).toBe(1);
    expect(formFields(pageViews(sent)[0]!).ss_cvr).toBe(await cookieValue(viewerContext, 'ss_cvr'));
  });

  // covers 000-6.08, 000-6.12
  it('a signed-in owner is not tracked; their admin access mirrors each tracked event on a BroadcastChannel', async () => {
    const watcher = await ownerContext.newPage();
    await watcher.goto(`${site()}/about?noredirect`);
    await watcher.evaluate(() => {
      const w = window as unknown as { mirrored: { type: string; data: Record<string, unknown> }[] };
      w.mirrored = [];
      new BroadcastChannel('openpress-tracking').onmessage = (e: MessageEvent) => w.mirrored.push(e.data as (typeof w.mirrored)[number]);
    });
    const page = await ownerContext.newPage();
    const sent = sentFrom(page);
    await page.goto(`${site()}/blocks/button?noredirect`);
    const mirrored = () => watcher.evaluate(() => (window as unknown as { mirrored: { type: string; data: Record<string, unknown> }[] }).mirrored);
    const fromButtonPage = async () =>
      (await mirrored()).filter(
        (m) => m.data.pagePath === '/blocks/button' || 'buttonText' in m.data || String(m.data.landing ?? '').includes('/blocks/button'),
      );
    await expect
      .poll(async () => (await fromButtonPage()).map((m) => m.type).sort())
      .toEqual(expect.arrayContaining(['analytics', 'button-render', 'census-1', 'track']));
    // (The watcher's own page mirrors its events too.)
    const view = (await mirrored()).find((m) => m.type === 'census-1' && m.data.pagePath === '/blocks/button');
    expect(view?.data).toMatchObject({ event: 1, website_locale: 'en-US', url: `${site()}/blocks/button` });
    await page.getByRole('link', { name: 'Secondary, medium' }).click();
    await page.waitForURL(`${site()}/about`);
    await expect.poll(async () => (await mirrored()).map((m) => m.type)).toContain('button-click');
    // The owner's pages sent none of it.
    expect(sent.filter((s) => /^\/api\/(census|v1|track|events\/Trace)/.test(s.path)).map((s) => s.path)).toEqual([]);
  });
});

describe('button and form counts', () => {
  const buttonPayload = (s: Sent) => formFields(s);

  // covers 000-3.42, 000-3.43, 000-7.14, 000-7.15
  it('counts each button when shown and when clicked, with its payload and the visitor cookie, and the link goes on', async () => {
    const { page, sent, context } = await visitor();
    await page.goto(`${base()}/blocks/button`);
    await expect.poll(() => to(sent, BUTTON_RENDER).length).toBeGreaterThanOrEqual(2);
    const visitorCookie = await cookieValue(context, 'ss_cvr');
    const link = page.getByRole('link', { name: 'Secondary, medium' });
    const id = await link.evaluate((a) => a.closest<HTMLElement>('[data-button-id]')!.dataset.buttonId);
    const render = to(sent, BUTTON_RENDER).find((s) => buttonPayload(s).id === id)!;
    expect(render.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(buttonPayload(render)).toEqual({
      id,
      buttonText: 'Secondary, medium',
      clickthroughUrl: '/about',
      alignment: 'left',
      size: 'medium',
      newWindow: 'false',
      context: '1',
      visitorCookie,
    });
    await link.click();
    await page.waitForURL(`${base()}/about`);
    await expect.poll(() => to(sent, BUTTON_CLICK).length).toBe(1);
    expect(buttonPayload(to(sent, BUTTON_CLICK)[0]!)).toEqual({ ...buttonPayload(render), visitorCookie });
  });

  // covers 000-7.16, 000-9.24
  it('gives up a button count after 2500 ms', async () => {
    const { page, sent } = await visitor({ clock: true });
    const aborted: string[] = [];
    page.on('requestfailed', (r) => aborted.push(new URL(r.url()).pathname));
    await page.route(`**${BUTTON_RENDER}`, () => undefined);
    await page.route(`**${BUTTON_CLICK}`, () => undefined);
    // The page's clock stands still from before the counts are sent, however slow the machine.
    await pauseClock(page);
    await page.goto(`${base()}/blocks/button`);
    await expect.poll(() => to(sent, BUTTON_RENDER).length).toBeGreaterThanOrEqual(2);
    await page.clock.runFor(2300);
    expect(aborted).toEqual([]);
    await page.clock.runFor(300);
    await expect.poll(() => aborted.filter((p) => p === BUTTON_RENDER).length).toBe(to(sent, BUTTON_RENDER).length);

    // A click that stays on the page (the test stops the navigation) is given up the same way.
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await page.getByRole('link', { name: 'Secondary, medium' }).click();
    await expect.poll(() => to(sent, BUTTON_CLICK).length).toBe(1);
    await page.clock.runFor(2400);
    expect(aborted.filter((p) => p === BUTTON_CLICK)).toEqual([]);
    await page.clock.runFor(200);
    await expect.poll(() => aborted.filter((p) => p === BUTTON_CLICK).length).toBe(1);
  });

  // covers 000-7.17, 000-8.29
  it('ignores failed button counts: nothing shows and the link still works', async () => {
    const { page, sent } = await visitor();
    const lines = consoleOf(page);
    await page.route(/\/api\/census\//, (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    await page.goto(`${base()}/blocks/button`);
    await expect.poll(() => to(sent, BUTTON_RENDER).length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => lines.some((l) => /^warning: Tracking failed button-render/.test(l))).toBe(true);
    await settle(page);
    await noVisibleError(page);
    await page.getByRole('link', { name: 'Secondary, medium' }).click();
    await page.waitForURL(`${base()}/about`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(to(sent, BUTTON_CLICK)).toHaveLength(1);
  });

  // covers 000-7.18, 000-7.19
  it('counts a shown form with its formId and the visitor cookie, and ignores a failed count', async () => {
    const { page, sent, context } = await visitor();
    await page.goto(`${base()}/contact`);
    await page.locator('form.block-form').scrollIntoViewIfNeeded();
    await expect.poll(() => to(sent, FORM_RENDER).length).toBe(1);
    const formId = await page.locator('form.block-form').getAttribute('data-form-id');
    expect(formFields(to(sent, FORM_RENDER)[0]!)).toEqual({ formId, visitorCookie: await cookieValue(context, 'ss_cvr') });

    const failing = await context.newPage();
    const failingSent = sentFrom(failing);
    await failing.route(`**${FORM_RENDER}`, (route) => route.fulfill({ status: 500, json: {} }));
    await failing.goto(`${base()}/contact`);
    await failing.locator('form.block-form').scrollIntoViewIfNeeded();
    await expect.poll(() => to(failingSent, FORM_RENDER).length).toBe(1);
    await settle(failing);
    await noVisibleError(failing);
    await failing.getByRole('button', { name: 'Send' }).waitFor();
  });
});

describe('error reports', () => {
  /**
   * Throws `count` uncaught errors now, from an event listener: the browser reports them on window
   * as any uncaught error (a timer would run inside Playwright's clock, which catches it).
   */
  const throwErrors = (page: Page, count: number, message = 'boom') =>
    page.evaluate(
      ([n, m]) => {
        const target = new EventTarget();
        for (let i = 0; i < n; i++) {
          target.addEventListener(`e${i}`, () => {
            throw new Error(`${m} ${i}`);
          });
          target.dispatchEvent(new Event(`e${i}`));
        }
      },
      [count, message] as const,
    );

  // covers 000-3.32, 000-3.33, 000-7.07, 000-7.08, 000-9.07
  it('sends uncaught errors and rejections as one JSON array 1 s after the last, with the crumb header', async () => {
    const { page, sent, context } = await visitor({ clock: true });
    await page.goto(`${base()}/about`);
    await settle(page);
    await pauseClock(page);
    await throwErrors(page, 1, 'boom 0');
    await page.clock.runFor(40);
    await throwErrors(page, 1, 'boom 1');
    await page.clock.runFor(40);
    await page.evaluate(() => void Promise.reject(new Error('rejected')));
    await page.clock.runFor(950);
    await requestsSeen(page);
    expect(to(sent, ERRORS)).toEqual([]);
    await page.clock.runFor(100);
    await expect.poll(() => to(sent, ERRORS).length).toBe(1);
    const [call] = to(sent, ERRORS);
    expect(call!.method).toBe('POST');
    expect(call!.contentType).toMatch(/^application\/json/);
    expect(call!.headers['x-csrf-token']).toBe(await cookieValue(context, 'crumb'));
    const [batch] = reports(sent);
    expect(batch!.map((r) => [r.event, r.data.message])).toEqual([
      ['javascript_error', 'boom 0 0'],
      ['javascript_error', 'boom 1 0'],
      ['unhandled_rejection', 'rejected'],
    ]);
    const site = JSON.parse((await page.locator('#op-site').textContent())!) as Record<string, unknown>;
    for (const report of batch!) {
      expect(Object.keys(report).sort()).toEqual(['data', 'event', 'timestamp']);
      expect(Object.keys(report.data).sort()).toEqual([
        'app',
        'column',
        'custom',
        'file',
        'line',
        'message',
        'stack',
        'templateId',
        'url',
        'userAgent',
        'websiteId',
      ]);
      expect(report.data).toMatchObject({ websiteId: site.websiteId, templateId: site.templateId, url: `${base()}/about`, app: 'frontsite' });
      expect(report.data.stack).toMatch(/Error: (boom|rejected)/);
    }
    expect(typeof batch![0]!.data.line).toBe('number');
  });

  // covers 000-9.04, 000-9.05, 000-9.06
  it('sends at most 10 a batch and 20 a page, each stack cut at 5000 characters', async () => {
    const { page, sent } = await visitor({ clock: true });
    await page.goto(`${base()}/about`);
    await settle(page);
    await pauseClock(page);
    for (const round of [1, 2, 3]) {
      await throwErrors(page, 15, `round ${round} ${'x'.repeat(10000)}`);
      await page.clock.runFor(1100);
      await requestsSeen(page);
    }
    await page.clock.runFor(5000);
    await requestsSeen(page);
    const batches = reports(sent);
    expect(batches.map((b) => b.length)).toEqual([10, 10]);
    expect(
      batches
        .flat()
        .map((r) => r.data.message)
        .every((m) => /^round [12] x+ \d+$/.test(m as string)),
    ).toBe(true);
    for (const r of batches.flat()) expect((r.data.stack as string).length).toBe(5000);
  });
});

describe('performance records', () => {
  type PerformanceRecord = { app: string; data: { name: string; value: number }; event: string; pageLoadId: string; timestamp: number };
  const records = (sent: Sent[]) => to(sent, RECORDS).flatMap((s) => JSON.parse(s.body) as PerformanceRecord[]);

  // covers 001-7.08, 001-7.11, 001-7.12, 001-7.13, 001-3.56, 001-3.57, 001-3.58, 001-9.43
  it('asks for a pageLoadId, then sends rum- records as a JSON list by XHR with text/plain 30 s after load', async () => {
    const { page, sent } = await visitor({ clock: true });
    await page.goto(`${base()}/about`);
    await expect.poll(() => to(sent, SETTINGS).length).toBe(1);
    const [settings] = to(sent, SETTINGS);
    expect(settings!.method).toBe('GET');
    expect(settings!.request.postData()).toBeNull();
    expect([...settings!.query.keys()]).toEqual([]);
    await settle(page);
    await pauseClock(page);
    await page.clock.runFor(26_000);
    await requestsSeen(page);
    expect(to(sent, RECORDS)).toEqual([]);
    await page.clock.runFor(4_500);
    await expect.poll(() => to(sent, RECORDS).length).toBe(1);
    const [call] = to(sent, RECORDS);
    expect(call!.type).toBe('xhr');
    expect(call!.method).toBe('POST');
    expect(call!.contentType).toMatch(/^text\/plain/);
    const list = JSON.parse(call!.body) as PerformanceRecord[];
    expect(Array.isArray(list)).toBe(true);
    const names = list.map((r) => r.data.name).sort();
    expect(names).toEqual(expect.arrayContaining(['rum-cls', 'rum-fcp', 'rum-ttfb']));
    for (const r of list) {
      expect(Object.keys(r).sort()).toEqual(['app', 'data', 'event', 'pageLoadId', 'timestamp']);
      expect(r).toMatchObject({ app: 'frontsite', event: 'page_speed', pageLoadId: PAGE_LOAD_ID });
      expect(r.data.name).toMatch(/^rum-/);
      expect(typeof r.data.value).toBe('number');
    }
  });

  // covers 001-9.44, 001-9.45
  it('sends waiting records by beacon when the page is hidden, and nothing after 60 s', async () => {
    const { page, sent } = await visitor({ clock: true });
    await page.goto(`${base()}/about`);
    await expect.poll(() => to(sent, SETTINGS).length).toBe(1);
    await settle(page);
    const hide = () =>
      page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      });
    await hide();
    await expect.poll(() => to(sent, RECORDS).length).toBe(1);
    expect(to(sent, RECORDS)[0]!.type).toBe('ping');
    expect(records(sent).map((r) => r.data.name)).toEqual(expect.arrayContaining(['rum-fcp', 'rum-ttfb']));

    await pauseClock(page);
    await page.clock.runFor(61_000);
    await requestsSeen(page);
    const afterCap = to(sent, RECORDS).length;
    // A layout shift and an interaction after the cap are not measured, and hiding sends nothing.
    await page.evaluate(() => {
      const shift = document.createElement('div');
      shift.style.height = '300px';
      document.querySelector('main')?.prepend(shift);
    });
    await page.getByRole('heading', { level: 1 }).first().click();
    await hide();
    await page.clock.runFor(30_000);
    await requestsSeen(page);
    expect(to(sent, RECORDS)).toHaveLength(afterCap);
  });

  // covers 001-7.09, 001-8.23
  it("reports 'Unable to resolve pageLoadId' and sends no record when the settings have none", async () => {
    const { page, sent } = await visitor({ clock: true });
    await page.route(`**${SETTINGS}`, (route) => route.fulfill({ json: {} }));
    await page.goto(`${base()}/about`);
    await settle(page);
    await pauseClock(page);
    await page.clock.runFor(1_100);
    await expect
      .poll(() =>
        reports(sent)
          .flat()
          .map((r) => r.data.message),
      )
      .toEqual(['Unable to resolve pageLoadId']);
    await page.clock.runFor(61_000);
    await requestsSeen(page);
    expect(to(sent, RECORDS)).toEqual([]);
  });

  // covers 001-7.10, 001-8.24, 001-9.42
  it("gives up the settings after 30 s and reports 'Metric settings request timeout'", async () => {
    const { page, sent } = await visitor({ clock: true });
    const aborted: string[] = [];
    page.on('requestfailed', (r) => aborted.push(new URL(r.url()).pathname));
    await page.route(`**${SETTINGS}`, () => undefined);
    await page.goto(`${base()}/about`);
    await expect.poll(() => to(sent, SETTINGS).length).toBe(1);
    await settle(page);
    await pauseClock(page);
    await page.clock.runFor(27_000);
    await requestsSeen(page);
    expect(aborted).toEqual([]);
    await page.clock.runFor(3_500);
    await expect.poll(() => aborted).toEqual([SETTINGS]);
    await page.clock.runFor(1_100);
    await expect
      .poll(() =>
        reports(sent)
          .flat()
          .map((r) => r.data.message),
      )
      .toEqual(['Metric settings request timeout']);
    expect(to(sent, RECORDS)).toEqual([]);
  });

  // covers 001-8.25
  it("reports 'XHR request DONE with unexpected status' when the records are refused", async () => {
    const { page, sent } = await visitor({ clock: true });
    await page.route(`**${RECORDS}`, (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto(`${base()}/about`);
    await settle(page);
    await pauseClock(page);
    await page.clock.runFor(31_000);
    await expect.poll(() => to(sent, RECORDS).length).toBe(1);
    // The report follows the refused answer, which may arrive after any one step of the paused clock: step until it is sent.
    await expect
      .poll(async () => {
        await page.clock.runFor(500);
        return reports(sent)
          .flat()
          .map((r) => [r.data.message, r.data.custom]);
      })
      .toEqual([['XHR request DONE with unexpected status', { status: 500 }]]);
    await noVisibleError(page);
  });
});
