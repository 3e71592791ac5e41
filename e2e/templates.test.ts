/**
 * The templates of sites/ in Chromium: a site made from each through the product (the New site
 * call, as the New site screen makes it), and every page of its sitemap as a visitor gets it, at
 * 1280 and at 390 px wide: no console error, no serious or critical axe violation, no block
 * overprinting another (./overlap.ts), and no layout shift; then every page's HTML, every
 * template's at once, through the Nu Html Checker with no error. One browser, the pages in
 * sequence in one tab per width, one checker run. A template a contributor adds is checked by its
 * folder alone.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTemplates } from '../src/server/modules/content/sites/site-templates';
import { seriousViolations } from './axe';
import { TEST_TILES } from './global-setup';
import { createTestSite, islandsReady, layoutShift, sharedBrowser, visitorContext, type TestSite } from './harness';
import { checkHtml, htmlErrors } from './html-checker';
import { overprinted } from './overlap';

const TEMPLATES = siteTemplates().map((t) => t.id);
const WIDTHS = [
  { device: 'desktop', viewport: { width: 1280, height: 900 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
] as const;
/** A map tile, answered in the browser: nothing leaves the machine. */
const TILE = '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#dde5e0"/></svg>';

let browser: Browser;
const sites = new Map<string, TestSite>();
let dir: string;
/** Each saved page's file (as the checker names it, `file:…`) -> `{template} {path}`. */
const saved = new Map<string, string>();

beforeAll(async () => {
  const [shared] = await Promise.all([
    sharedBrowser(),
    ...TEMPLATES.map(async (id) => sites.set(id, await createTestSite(`templates-${id}`, { template: id, mail: false }))),
  ]);
  browser = shared;
  dir = await mkdtemp(path.join(tmpdir(), 'openpress-templates-'));
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Once the page has settled: its fonts in, and its islands awake. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await islandsReady(page);
}

describe('every template', () => {
  it.each(TEMPLATES)(
    'the %s template: every page without a console error, a serious axe violation, an overprint or a layout shift, at 1280 and 390 px',
    { timeout: 300_000 },
    async (id) => {
      const site = sites.get(id)!;
      const problems: string[] = [];
      let paths: string[] = [];
      for (const { device, viewport } of WIDTHS) {
        const context = await visitorContext(browser, site, { viewport });
        await context.route(TEST_TILES.url.replace(/\{[xyz]\}.*$/, '**'), (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: TILE }));
        const page = await context.newPage();
        let at = '';
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(`${device} ${at}: console error ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`${device} ${at}: ${e.message}`));
        if (paths.length === 0) {
          const sitemap = await (await context.request.get(`${site.url}/sitemap.xml`)).text();
          paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
          expect(paths.length, `${id}: pages in its sitemap`).toBeGreaterThan(2);
        }
        for (const [i, pagePath] of paths.entries()) {
          at = pagePath;
          const response = await page.goto(`${site.url}${pagePath}`, { waitUntil: 'load' });
          if (response?.status() !== 200) problems.push(`${device} ${pagePath}: answered ${response?.status()}`);
          if (device === 'desktop' && response) {
            const file = path.join(dir, `${id}-${i}.html`);
            await writeFile(file, await response.text());
            saved.set(`file:${file}`, `${id} ${pagePath}`);
          }
          await settled(page);
          const shift = await layoutShift(page);
          if (shift > 0) problems.push(`${device} ${pagePath}: layout shift ${shift}`);
          problems.push(...(await overprinted(page, `${device} ${pagePath}`)));
          problems.push(...(await seriousViolations(page)).map((v) => `${device} ${pagePath}: ${v}`));
        }
        await context.close();
      }
      expect(problems, id).toEqual([]);
    },
  );

  it('every page of every template is valid HTML: the Nu Html Checker finds no error', { timeout: 120_000 }, async () => {
    expect(saved.size).toBeGreaterThan(TEMPLATES.length * 2);
    expect(htmlErrors(await checkHtml([...saved.keys()].map((f) => f.slice('file:'.length))), saved)).toEqual([]);
  });
});
