/**
 * The owner's analytics dashboard in Chromium: a visitor (who accepted cookies) opens the home
 * page and clicks its 'Visit the studio' button; then the owner signs in, opens Analytics and sees
 * that visit: the totals, the visited pages in the top pages, the button's click, the page's
 * JavaScript error with its stack, a chart with its numbers as a table, the CSV of the top pages,
 * the date presets and a refused range. The chart
 * library loads only when Analytics opens, never on published pages; a REPORTING member sees only
 * Analytics; and the screen passes axe-core with no serious violation.
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { addTeamMember, desktop, siteForFile, sqlOn, visitorContext } from './harness';
import { settle, signInTeamMember } from './measure-capture';

const env = siteForFile();
const base = () => env.site().url;

/** The chunk of the Analytics screen (and uPlot in it). */
const isAnalyticsChunk = (r: Request) => /\/assets\/analytics-screen-[\w-]+\.(js|css)$/.test(new URL(r.url()).pathname);

describe('the analytics dashboard', () => {
  it('shows the owner a visit made moments before, with its pages and its button click, and passes axe', async () => {
    const visitor = await visitorContext(env.browser(), env.site());
    const visit = await visitor.newPage();
    const visitorChunks: string[] = [];
    visit.on('request', (r) => isAnalyticsChunk(r) && visitorChunks.push(r.url()));
    await visit.goto(`${base()}/`);
    await settle(visit);
    await visit.getByRole('link', { name: 'Visit the studio' }).click();
    await visit.waitForURL(`${base()}/about`);
    await settle(visit);
    // An uncaught error, which the page reports with its stack.
    await visit.evaluate(() => {
      setTimeout(() => {
        throw new Error('Dashboard test failure');
      });
    });
    const stored = async (table: string, where: string) =>
      (await sqlOn(env.site(), `SELECT count(*)::int AS n FROM ${table} WHERE website_id = $1 AND ${where}`, [env.site().websiteId]))[0]!.n;
    await expect.poll(() => stored('javascript_errors', "message LIKE '%Dashboard test failure%'"), { timeout: 15_000 }).toBe(1);
    await visitor.close();
    // Each call is answered once its batch has committed, but a beacon's answer is not awaited by the page.
    await expect.poll(() => stored('census_events', "kind = 'button-click'"), { timeout: 15_000 }).toBe(1);
    expect(visitorChunks).toEqual([]);

    // bypassCSP lets the accessibility check inject axe-core.
    const context = await env.browser().newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const ownerChunks: string[] = [];
    page.on('request', (r) => isAnalyticsChunk(r) && ownerChunks.push(r.url()));
    await signInTeamMember(page, base(), env.site().owner);
    expect(ownerChunks).toEqual([]);
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(ownerChunks.length).toBeGreaterThan(0);

    const totals = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
    await totals.first().waitFor();
    expect(await totals.allTextContents()).toEqual(['1 visit', '1 unique visitor', '2 page views']);

    const pages = page.getByRole('table', { name: 'Top pages' });
    await expect.poll(() => pages.getByRole('rowheader').allTextContents()).toEqual(['/', '/about']);
    expect(
      await pages
        .getByRole('row', { name: /^\/about / })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('1');
    const button = page.getByRole('table', { name: 'Buttons' }).getByRole('row', { name: /^Visit the studio / });
    expect(await button.getByRole('cell').allTextContents()).toEqual(['/about', expect.stringMatching(/^\d+$/), '1', expect.stringMatching(/%$/)]);
    expect(await page.getByRole('table', { name: 'Forms' }).getByRole('rowheader').allTextContents()).toEqual(['Send us a message', 'Write to the studio']);
    // Each error opens to its stack.
    const failure = page.getByRole('group').filter({ hasText: 'Dashboard test failure' });
    const stack = failure.getByText(/^Error: Dashboard test failure\n\s+at /);
    expect(await stack.isVisible()).toBe(false);
    await failure.getByText('Dashboard test failure', { exact: true }).click();
    await stack.waitFor();

    // The chart: an image with a summary, drawn on a canvas, and its numbers as a table.
    const chart = page.getByRole('img', { name: /^Visits, visitors and page views by day: \d+ visits?, 1 unique visitor and 2 page views from / });
    await chart.waitFor();
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    await page.getByText('Show the numbers').click();
    const numbers = page.getByRole('table', { name: 'Visits, visitors and page views by day' });
    expect(await numbers.getByRole('row').count()).toBe(31);
    expect(await page.getByRole('img', { name: /^Visits by device: Desktop \d+ visits?$/ }).count()).toBe(1);

    const csvLink = page.getByRole('link', { name: 'Download CSV of top pages' });
    const csv = await context.request.get(new URL((await csvLink.getAttribute('href'))!, base()).toString());
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFPage,Page views,Visits started here',
      expect.stringMatching(/^\/,1,\d+$/),
      '/about,1,0',
    ]);

    expect(await seriousViolations(page)).toEqual([]);

    // A preset, then a range that ends before it starts.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('table', { name: 'Top pages' }).getByRole('rowheader').allTextContents()).toEqual(['/', '/about']);
    expect(await page.getByRole('table', { name: 'Visits, visitors and page views by day' }).getByRole('row').count()).toBe(8);
    await page.getByLabel('From', { exact: true }).fill('2025-03-10');
    await page.getByLabel('To', { exact: true }).fill('2025-03-01');
    await page.getByRole('button', { name: 'Show these dates' }).click();
    await page.getByRole('alert').filter({ hasText: 'The range must start on or before the day it ends.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a REPORTING member Analytics alone, with the same visit', async () => {
    const member = await addTeamMember(env.site(), 'REPORTING');
    const context = await env.browser().newContext(desktop);
    const page = await context.newPage();
    await signInTeamMember(page, base(), member);
    const nav = page.getByRole('navigation', { name: 'Config' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Preview', 'Analytics']);
    await nav.getByRole('link', { name: 'Analytics' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Top pages' }).getByRole('rowheader').allTextContents()).toEqual(['/', '/about']);
    // Only an admin's pages mirror their events, so only an admin has the live list.
    expect(await page.getByRole('log', { name: 'Live events' }).count()).toBe(0);
    await context.close();
  });

  // covers 000-6.12
  it('lists what an admin’s own pages would track, live, beside the report', async () => {
    const context = await env.browser().newContext(desktop);
    const page = await context.newPage();
    await signInTeamMember(page, base(), env.site().owner);
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Analytics' }).click();
    const log = page.getByRole('log', { name: 'Live events' });
    await log.getByText('No events yet.').waitFor();
    const site = await context.newPage();
    await site.goto(`${base()}/about?noredirect`);
    await expect.poll(() => log.locator('summary').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/census-1\s*\/about$/)]));
    const pageView = log
      .getByRole('listitem')
      .filter({ has: page.locator('summary', { hasText: 'census-1' }) })
      .first();
    await pageView.locator('summary').click();
    expect(await pageView.locator('pre').textContent()).toContain('"pagePath": "/about"');
    await page.getByRole('button', { name: 'Clear live events' }).click();
    await log.getByText('No events yet.').waitFor();
    await context.close();
  });
});
