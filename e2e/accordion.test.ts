/**
 * The accordion island (seed 000 §4): first item expanded by its setting, header clicks open and
 * close items with a 250 ms height animation, one open at a time; its chunk loads only on pages
 * that have an accordion, and no other block's chunk or React loads with it. In the editor, an
 * item's text is formatted with bold, italic and a link (a refused link says why), never as HTML
 * typed by hand, and is saved as clean HTML.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, isBlockChunk, isBlockKind, islandsReady, ownerApi, signInAsOwner, siteForFile, sqlOn, visitorContext } from './harness';

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
      // A kind's name is lowercase words joined by dashes; the build's hash after it is 8 characters and may hold a dash too.
      const loaded = scripts
        .filter(isBlockChunk)
        .map((s) => /^\/assets\/island-([a-z]+(?:-[a-z]+)*)-[\w-]{8}\.js$/.exec(s)?.[1])
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

describe('an accordion item’s text in the editor', () => {
  it('is formatted with bold, italic and a link from its own toolbar and the keyboard, and saved as HTML', { timeout: 60_000 }, async () => {
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signInAsOwner(page, env.site());
    const [row] = await sqlOn(env.site(), `SELECT id FROM pages WHERE website_id = $1 AND path = '/blocks/accordion'`, [env.site().websiteId]);
    const id = row!.id as string;
    await page.goto(`${env.site().url}/config/pages/${id}`);
    const saved = () =>
      page
        .getByRole('status')
        .filter({ hasText: /^Saved/ })
        .waitFor({ timeout: 15_000 });
    await saved();
    await page.frameLocator('iframe[title="Page canvas"]').getByText('Can I order a custom set?').click();
    const panel = page.getByRole('complementary', { name: 'Accordion settings' });
    const item = panel.getByRole('group', { name: 'Item 1' });
    const text = item.getByRole('textbox', { name: 'Text shown when open' });
    await text.waitFor();
    // No field asks for HTML.
    expect(await panel.getByText('HTML').count()).toBe(0);
    await text.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Yes, ');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type('every piece');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type(' is ');
    await item.getByRole('button', { name: 'Italic' }).click();
    expect(await item.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('glazed');
    await item.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type('. Ask us: ');
    // A link the link rules refuse says why; one they allow is set where the caret is.
    await item.getByRole('button', { name: 'Link' }).click();
    const address = item.getByLabel('Link address');
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await item.getByRole('alert').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await address.fill('/contact');
    await address.press('Enter');
    await text.getByRole('link', { name: '/contact' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saved();
    await expect
      .poll(async () => {
        const answer = await (await ownerApi(env.site())).call<{ draft: { sections: { blocks: { type: number; data: { items?: { html: string }[] } }[] }[] } }>(
          'GET',
          `/api/config/editor/pages/${id}`,
        );
        return answer.draft.sections.flatMap((s) => s.blocks).find((b) => b.data.items)?.data.items?.[0]?.html;
      })
      .toBe('<p>Yes, <strong>every piece</strong> is <em>glazed</em>. Ask us: <a href="/contact">/contact</a></p>');
    await context.close();
  });
});
