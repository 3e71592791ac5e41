/**
 * Every page of the demo site passes axe-core with no serious or critical violation, on desktop
 * and on a phone-sized screen, including the not-found page and the accordion opened.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { siteForFile, visitorContext } from './harness';

const PAGES = [
  '/',
  '/about',
  '/journal',
  '/journal/spring-glazes',
  '/blocks',
  '/blocks/text',
  '/blocks/image',
  '/blocks/button',
  '/blocks/spacer-and-line',
  '/blocks/code',
  '/blocks/accordion',
  '/blocks/gallery',
  '/blocks/gallery/slideshow',
  '/blocks/gallery/list',
  '/blocks/video',
  '/contact',
  '/no-such-page',
];

const env = siteForFile();

describe.each([
  { device: 'desktop', viewport: { width: 1280, height: 900 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
])('accessibility on $device', ({ viewport }) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    // axe is injected as an inline script, which the pages' CSP rightly forbids.
    context = await visitorContext(env.browser(), env.site(), { viewport, bypassCSP: true });
    page = await context.newPage();
  });
  afterAll(() => context.close());

  // A page per test: each has the time a test has, however busy the machine.
  it.each(PAGES)('has no serious violations on %s', async (path) => {
    await page.goto(`${env.site().url}${path}`);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious violations with the accordion opened', async () => {
    await page.goto(`${env.site().url}/blocks/accordion`);
    await page.waitForLoadState('networkidle');
    await page.getByText('Do you ship abroad?').click();
    await page.waitForFunction(() => document.getAnimations().filter((a) => !(a instanceof CSSTransition)).length === 0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
