/**
 * Every page of the demo site passes axe-core with no serious or critical violation, on desktop
 * and on a phone-sized screen, including the not-found page and the accordion opened.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { serverAndBrowserPerFile, visitorContext } from './harness';

const PAGES = ['/', '/about', '/journal', '/journal/spring-glazes', '/blocks', '/blocks/text', '/blocks/image', '/blocks/button', '/blocks/spacer-and-line', '/blocks/code', '/blocks/accordion', '/blocks/gallery', '/blocks/gallery/slideshow', '/blocks/gallery/list', '/blocks/video', '/contact', '/no-such-page'];

const env = serverAndBrowserPerFile();

describe.each([
  { device: 'desktop', viewport: { width: 1280, height: 900 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
])('accessibility on $device', ({ viewport }) => {
  it('has no serious violations on any demo page', async () => {
    // axe is injected as an inline script, which the pages' CSP rightly forbids.
    const context = await visitorContext(env.browser(), env.server(), { viewport, bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(`${env.server().url}${path}`);
      await page.waitForLoadState('networkidle');
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    await page.goto(`${env.server().url}/blocks/accordion`);
    await page.waitForLoadState('networkidle');
    await page.getByText('Do you ship abroad?').click();
    await page.waitForFunction(() => document.getAnimations().filter((a) => !(a instanceof CSSTransition)).length === 0);
    found.push(...(await seriousViolations(page)).map((v) => `accordion opened: ${v}`));
    expect(found).toEqual([]);
    await context.close();
  });
});
