/**
 * What is there today keeps its look: the demo's computed colours (the page's own, the header's and
 * one section of each background: White, Light, Dark, Accent) against a snapshot recorded from the
 * fixed stylesheet the site design replaced (e2e/fixtures/design-continuity.json). Run with
 * RECORD_DESIGN=1 to write the snapshot again: a reviewed change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { siteForFile, visitorContext } from './harness';

const env = siteForFile();
const SNAPSHOT = path.join(import.meta.dirname, 'fixtures/design-continuity.json');

type Colours = Record<string, string | null>;

/** The computed colours of the page's chrome and of the first section of each background. */
async function colours(page: Page): Promise<Record<string, Colours>> {
  return page.evaluate(() => {
    const css = (el: Element | null, prop: string) => (el ? getComputedStyle(el).getPropertyValue(prop) : null);
    /** The background a reader sees: the element's own, or the nearest one behind it. */
    const background = (el: Element | null): string | null => {
      for (let at = el; at; at = at.parentElement) {
        const value = getComputedStyle(at).backgroundColor;
        if (value !== 'rgba(0, 0, 0, 0)') return value;
      }
      return null;
    };
    /** A link's colour in the section: a link placed in its first paragraph for the measuring. */
    const linkColour = (root: Element | null): string | null => {
      const host = root?.querySelector('p');
      if (!host) return null;
      const a = host.appendChild(document.createElement('a'));
      a.href = '#measured';
      a.textContent = 'link';
      const value = getComputedStyle(a).color;
      a.remove();
      return value;
    };
    const of = (root: Element | null): Record<string, string | null> => ({
      background: background(root),
      text: css(root?.querySelector('p') ?? root, 'color'),
      heading: css(root?.querySelector('h1, h2, h3, h4') ?? null, 'color'),
      link: linkColour(root),
      primaryButton: css(root?.querySelector('.button-primary') ?? null, 'background-color'),
      primaryButtonText: css(root?.querySelector('.button-primary') ?? null, 'color'),
      secondaryButtonText: css(root?.querySelector('.button-secondary') ?? null, 'color'),
      secondaryButtonBorder: css(root?.querySelector('.button-secondary') ?? null, 'border-top-color'),
    });
    const out: Record<string, Record<string, string | null>> = {
      body: { background: background(document.body), text: css(document.body, 'color') },
      header: { background: background(document.querySelector('.site-header')), title: css(document.querySelector('.site-title'), 'color') },
    };
    for (const theme of ['white', 'light', 'dark', 'accent']) {
      const section = document.querySelector(`.page-section.theme-${theme}`);
      if (section) out[theme] = of(section);
    }
    return out;
  });
}

it('renders the demo with the colours it had before the site design existed', async () => {
  const context = await visitorContext(env.browser(), env.site());
  const page = await context.newPage();
  const seen: Record<string, Record<string, Colours>> = {};
  for (const address of ['/', '/about', '/contact']) {
    await page.goto(`${env.site().url}${address}`);
    seen[address] = await colours(page);
  }
  await context.close();
  if (process.env.RECORD_DESIGN) writeFileSync(SNAPSHOT, `${JSON.stringify(seen, null, 2)}\n`);
  expect(seen).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
  // Each background is in the snapshot, so none can go missing unseen.
  expect(Object.values(seen).flatMap((p) => Object.keys(p))).toEqual(expect.arrayContaining(['white', 'light', 'dark', 'accent']));
});
