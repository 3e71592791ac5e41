/**
 * Fonts, self-hosted (issue: site styles), in Chromium on the demo's home page with the default
 * design: one font stylesheet beside the shared theme's, at an address naming the families and
 * weights used (seed 000 §7); one woff2 per family and weight the text uses, latin only for English
 * text and latin-ext once the text needs it, at most 3 files and 90 KB; every request on the site's
 * own origin; and no layout shift while the fonts are held back 2 s (size-adjusted fallbacks).
 */
import type { Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { layoutShift, setSiteSettings, siteForFile, visitorContext } from './harness';

const env = siteForFile();

/** Every request the page makes while loading and laying out its text, with its response's size. */
async function visit(page: Page, url: string): Promise<{ requests: Request[]; bytes: Map<string, number> }> {
  const requests: Request[] = [];
  const bytes = new Map<string, number>();
  page.on('request', (r) => requests.push(r));
  page.on('requestfinished', async (r) => {
    if (r.url().endsWith('.woff2')) bytes.set(r.url(), (await r.sizes()).responseBodySize);
  });
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  return { requests, bytes };
}

const pathOf = (r: Request) => new URL(r.url()).pathname;

// covers 000-7.31
it('loads one font stylesheet naming the families used, and only the woff2 files the text needs, all from the site itself', async () => {
  const context = await visitorContext(env.browser(), env.site());
  const page = await context.newPage();
  const { requests, bytes } = await visit(page, `${env.site().url}/`);
  const origin = new URL(env.site().url).origin;
  expect(requests.filter((r) => new URL(r.url()).origin !== origin && !r.url().startsWith('data:')).map((r) => r.url())).toEqual([]);

  const sheets = requests.filter((r) => r.resourceType() === 'stylesheet').map(pathOf);
  expect(sheets).toHaveLength(2);
  expect(sheets[0]).toMatch(/^\/assets\/theme-[0-9a-f]+\.css$/);
  expect(sheets[1]).toMatch(/^\/fonts\/[0-9a-f]{12}\/inter-400-600,lora-500\.css$/);

  const fonts = requests.filter((r) => pathOf(r).endsWith('.woff2')).map((r) => pathOf(r).split('/').pop());
  expect(fonts.sort()).toEqual(['inter-latin-400-normal.woff2', 'inter-latin-600-normal.woff2', 'lora-latin-500-normal.woff2']);
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  expect(total).toBeLessThanOrEqual(90 * 1024);
  // The body font is preloaded, so it is asked for once.
  expect(requests.filter((r) => pathOf(r).endsWith('inter-latin-400-normal.woff2'))).toHaveLength(1);
  await context.close();
});

it('moves nothing while the fonts are held back for 2 seconds', async () => {
  const context = await visitorContext(env.browser(), env.site());
  const page = await context.newPage();
  await page.route('**/*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.goto(`${env.site().url}/`);
  await page.evaluate(() => document.fonts.ready);
  // The fonts did arrive and replace the fallbacks: the shift measured is the swap's.
  const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replaceAll('"', '')));
  expect(loaded).toEqual(expect.arrayContaining(['Inter', 'Lora']));
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  await context.close();
});

it('loads a latin-ext file once the text needs it', async () => {
  await setSiteSettings(env.site(), { title: 'Pracownia Łódź' });
  const context = await visitorContext(env.browser(), env.site());
  const page = await context.newPage();
  await expect.poll(async () => (await page.goto(`${env.site().url}/`))?.text()).toContain('Pracownia Łódź');
  const { requests } = await visit(page, `${env.site().url}/?again`);
  const fonts = requests.filter((r) => pathOf(r).endsWith('.woff2')).map((r) => pathOf(r).split('/').pop());
  expect(fonts.some((f) => f?.includes('-latin-ext-'))).toBe(true);
  await context.close();
});
