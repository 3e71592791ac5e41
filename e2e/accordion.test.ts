/**
 * The accordion island (seed 000 §4): first item expanded by its setting, header clicks open and
 * close items with a 250 ms height animation, one open at a time; its chunk loads only on pages
 * that have an accordion, and no other block's chunk or React loads with it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, isBlockChunk, isBlockKind, islandsReady, siteForFile, visitorContext } from './harness';

const env = siteForFile();

function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

const isOpen = (page: Page, title: string) =>
  page
    .getByRole('group')
    .filter({ hasText: title })
    .evaluate((d) => (d as HTMLDetailsElement).open);

describe('accordion block', () => {
  // covers 000-4.42, 000-4.43, 000-4.44, 000-4.45, 000-9.23
  it('opens one item at a time with a 250 ms height animation, first item expanded', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`${env.site().url}/blocks/accordion`);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/island-accordion-')));
    await page.waitForLoadState('networkidle');

    expect(await isOpen(page, 'Are your pieces dishwasher-safe?')).toBe(true);
    expect(await isOpen(page, 'Do you ship abroad?')).toBe(false);

    // The animations are read as the click's handlers finish, not a round trip later: on a busy
    // machine 250 ms can pass before the next call reaches the page.
    await islandsReady(page, ['accordion']);
    await page.evaluate(() => {
      const seen = ((window as { animationsAtClick?: number[] }).animationsAtClick = [] as number[]);
      document.addEventListener(
        'click',
        () =>
          seen.push(
            ...document
              .getAnimations()
              .filter((a) => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation))
              .map((a) => Number((a.effect as KeyframeEffect).getTiming().duration)),
          ),
        { once: true },
      );
    });
    await page.getByText('Do you ship abroad?').click();
    const timings = await page.evaluate(() => (window as { animationsAtClick?: number[] }).animationsAtClick!);
    expect(timings.length).toBeGreaterThanOrEqual(2);
    for (const d of timings) expect(d).toBe(250);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await isOpen(page, 'Do you ship abroad?')).toBe(true);
    expect(await isOpen(page, 'Are your pieces dishwasher-safe?')).toBe(false);
    expect(await page.getByText('We ship within the country').isVisible()).toBe(true);

    await page.getByText('Do you ship abroad?').click();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await isOpen(page, 'Do you ship abroad?')).toBe(false);

    // covers 000-1.13: only the accordion's chunk, no other block's and no React (page-level islands load everywhere).
    const chunks = scripts.filter(isBlockChunk);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatch(/^\/assets\/island-accordion-[\w-]+\.js$/);
    expect(scripts.filter((s) => /react|jsx-runtime/i.test(s))).toEqual([]);
    await context.close();
  });

  // covers 000-1.13
  it('loads no block island chunk on pages without interactive blocks, and only their own on pages with them', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    for (const path of ['/', '/about', '/journal', '/blocks/text', '/blocks/image', '/blocks/button']) {
      const page = await context.newPage();
      const scripts = scriptsOf(page);
      await page.goto(`${env.site().url}${path}`);
      await page.waitForLoadState('networkidle');
      const islands = await page.locator('script#islands').evaluate((s) => Object.keys(JSON.parse(s.textContent ?? '{}') as object));
      const blockKinds = islands.filter(isBlockKind).sort();
      // A kind's name is letters only; the build's hash after it may hold a dash.
      const loaded = scripts
        .filter(isBlockChunk)
        .map((s) => /^\/assets\/island-([a-z]+)-[\w-]+\.js$/.exec(s)?.[1])
        .sort();
      expect(loaded, path).toEqual(blockKinds);
      // The text block's island loads only for a text holding a highlight, as the demo's text page does.
      if (path === '/blocks/text') expect(loaded, path).toEqual(['text']);
      // The image loader (the image block's island) loads where images are.
      if (path === '/blocks/image') expect(loaded, path).toEqual(['image']);
      // The button block's island (its render and click counts) loads where a button is.
      if (path === '/blocks/button') expect(loaded, path).toEqual(['button']);
      await page.close();
    }
    await context.close();
  });

  it('opens with the keyboard', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await page.goto(`${env.site().url}/blocks/accordion`);
    await page.waitForLoadState('networkidle');
    await page.locator('summary').filter({ hasText: 'Can I order a custom set?' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await isOpen(page, 'Can I order a custom set?')).toBe(true);
    await context.close();
  });
});
