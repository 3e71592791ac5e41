/**
 * Images as visitors get them in Chromium, once the server's image worker has made the demo's
 * copies: the browser picks the AVIF copy at one of the seed's widths, every image has width and
 * height so nothing shifts as it loads, an image below the fold waits until it is within the
 * lazy-load margin (200 px), and an image carries the loading marker class while it loads.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_WIDTHS } from '../src/domain/media';
import { changeSiteDocument, desktop, layoutShift, siteForFile, visitorContext, type DocumentBlock } from './harness';

const env = siteForFile();
const PAGE = '/image-loading';

beforeAll(async () => {
  // A page whose image is below the fold: a tall spacer first, the image in the next section.
  await changeSiteDocument(env.site(), (doc) => {
    const spacer: DocumentBlock = { id: 'e2e0000000000000000000a1', type: 21, data: {}, layout: { desktop: { x: 0, y: 0, w: 24, h: 60 } } };
    const image: DocumentBlock = {
      id: 'e2e0000000000000000000a2',
      type: 5,
      data: { src: '/s/glaze-tests.jpg', alt: 'Glaze test tiles' },
      layout: { desktop: { x: 0, y: 0, w: 16, h: 14 } },
    };
    const sections = [
      { id: 'e2e0000000000000000000b1', theme: 'white', blocks: [spacer] },
      { id: 'e2e0000000000000000000b2', theme: 'white', blocks: [image] },
    ];
    doc.pages.push({ id: 'e2e0000000000000000000a0', pageType: 2, path: PAGE, title: 'Image loading', status: 1, seo: {}, sections });
  });
  // The worker makes the copies in the background; pages offer them once they exist.
  for (const path of [PAGE, '/']) {
    await vi.waitFor(
      async () => {
        if (!(await (await fetch(`${env.site().url}${path}`)).text()).includes('<picture>')) throw new Error(`${path} offers no copies yet`);
      },
      { timeout: 60_000, interval: 500 },
    );
  }
});

/** The image's address as the browser chose it, and whether it has finished loading. */
const chosen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => ({ currentSrc: img.currentSrc, complete: img.complete && img.naturalWidth > 0 }));

describe('images for visitors', () => {
  // covers 001-9.36, 001-5.33, 001-5.34
  it('picks the AVIF copy at a seed width, with width and height so nothing shifts', async () => {
    const context = await visitorContext(env.browser(), env.site());
    const page = await context.newPage();
    await page.goto(`${env.site().url}/`);
    const hero = page.getByRole('img', { name: 'A tall terracotta vase on a sea-green background' });
    await expect.poll(async () => (await chosen(page, 'img[alt="A tall terracotta vase on a sea-green background"]')).complete).toBe(true);
    const { currentSrc } = await chosen(page, 'img[alt="A tall terracotta vase on a sea-green background"]');
    const m = /\/s\/[0-9a-f]{16}\/studio-hero\.jpg\.avif(\?format=(\d+)w)?$/.exec(new URL(currentSrc).pathname + new URL(currentSrc).search);
    expect(m, currentSrc).not.toBeNull();
    if (m![2]) expect(IMAGE_WIDTHS).toContain(Number(m![2]));
    expect(await hero.getAttribute('width')).toBe('2000');
    expect(await hero.getAttribute('height')).toBe('1250');
    expect(await hero.getAttribute('fetchpriority')).toBe('high');
    expect(await layoutShift(page)).toBe(0);
    await context.close();
  });

  // covers 001-9.37
  it('loads an image below the fold once it is within 200 px of the viewport, not before', async () => {
    const measuring = await visitorContext(env.browser(), env.site());
    const probe = await measuring.newPage();
    await probe.goto(`${env.site().url}${PAGE}`);
    const top = await probe.locator('img[alt="Glaze test tiles"]').evaluate((img) => img.getBoundingClientRect().top + window.scrollY);
    await measuring.close();
    expect(top).toBeGreaterThan(800);

    const at = async (below: number) => {
      const context = await visitorContext(env.browser(), env.site(), {
        ...desktop,
        viewport: { width: desktop.viewport!.width, height: Math.round(top - below) },
      });
      const page = await context.newPage();
      await page.goto(`${env.site().url}${PAGE}`);
      await page.waitForLoadState('networkidle');
      const waiting = await page.locator('img[alt="Glaze test tiles"]').evaluate((img) => img.hasAttribute('data-src'));
      await context.close();
      return waiting;
    };
    expect(await at(150)).toBe(false);
    expect(await at(400)).toBe(true);
  });

  // covers 001-4.85
  it('marks an image as loading until it has loaded', async () => {
    const context = await visitorContext(env.browser(), env.site());
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/s/*/glaze-tests.jpg*', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.site().url}${PAGE}`);
    const image = page.locator('img[alt="Glaze test tiles"]');
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img) => img.classList.contains('loading'))).toBe(true);
    release();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => !img.classList.contains('loading') && img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });
});
