/**
 * Every page of the demo site passes axe-core with no serious or critical violation, on desktop
 * and on a phone-sized screen, including the not-found page and the accordion opened.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserPerFile } from './harness';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PAGES = ['/', '/about', '/journal', '/journal/spring-glazes', '/blocks', '/blocks/text', '/blocks/image', '/blocks/button', '/blocks/spacer-and-line', '/blocks/code', '/blocks/accordion', '/no-such-page'];

const env = serverAndBrowserPerFile();

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.each([
  { device: 'desktop', viewport: { width: 1280, height: 900 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
])('accessibility on $device', ({ viewport }) => {
  it('has no serious violations on any demo page', async () => {
    // axe is injected as an inline script, which the pages' CSP rightly forbids.
    const context = await env.browser().newContext({ viewport, bypassCSP: true });
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
