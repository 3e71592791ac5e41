/**
 * The visual editor's first impressions in Chromium. Escape steps back one thing a press: out of
 * the words being edited (the block stays selected), then off the block, and only then toggles
 * preview (seed 000-4.17), whose note says how to get back, above the page rather than over it.
 * Words being edited have a small bar of text styles beside them. A block's toolbar never covers
 * the block above it. An image block's focal point is set by clicking its picture, or with the
 * arrow keys, and the canvas follows. The canvas shows the site's header and footer around the
 * page, dimmed and out of reach, and shows them as visitors do in preview.
 */
import { randomBytes } from 'node:crypto';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changeSiteDocument, desktop, openPageInEditor, siteForFile, signInAsOwner, visitorContext, type DocumentBlock } from './harness';

const env = siteForFile();
const hex = () => randomBytes(12).toString('hex');

const textBlock = (y: number, words: string): DocumentBlock => ({
  id: hex(),
  type: 2,
  data: { text: { type: 'doc', content: [{ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: words }] }] } },
  layout: { desktop: { x: 0, y, w: 24, h: 2 } },
});

let ready: Promise<void> | undefined;
/** A page of two text blocks one right under the other, and an image under them. */
function setUp(): Promise<void> {
  ready ??= changeSiteDocument(env.site(), (doc) => {
    doc.pages.push({
      id: hex(),
      pageType: 2,
      path: '/kiln-diary',
      title: 'Kiln diary',
      status: 1,
      seo: {},
      sections: [
        {
          id: hex(),
          blocks: [
            textBlock(0, 'The first line of the notes.'),
            textBlock(2, 'The second line, right under the first.'),
            {
              id: hex(),
              type: 5,
              data: { src: '/s/studio-hero.jpg', alt: 'The studio', fit: 'fill' },
              layout: { desktop: { x: 0, y: 4, w: 12, h: 8 } },
            },
          ],
        },
      ],
    });
  });
  return ready;
}

const canvasOf = (page: Page): FrameLocator => page.frameLocator('iframe[title="Page canvas"]');

async function openEditor(title: string): Promise<Page> {
  await setUp();
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  await openPageInEditor(page, title);
  return page;
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (l: Locator) => (await l.boundingBox())!;

describe('the editor, first impressions', () => {
  it('Escape leaves the words, then the block, then toggles preview, which says how to get back', async () => {
    // covers 000-4.17
    const page = await openEditor('Kiln diary');
    const canvas = canvasOf(page);
    const second = canvas.locator('.block-text-frame', { hasText: 'The second line' });
    await second.click();
    await second.locator('p').click({ position: { x: 8, y: 8 } });
    const words = second.getByRole('textbox', { name: 'Text' });
    await words.waitFor();
    const preview = (pressed: boolean) => page.getByRole('button', { name: 'Preview', pressed, exact: true });

    // First Escape: out of the words; the block is still selected, its settings shown.
    await page.keyboard.press('Escape');
    await words.waitFor({ state: 'detached' });
    await canvas.getByRole('group', { name: /^Text block/ }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Text settings' }).isVisible()).toBe(true);
    expect(await preview(false).isVisible()).toBe(true);

    // Second: nothing is selected any more, and still no preview.
    await page.keyboard.press('Escape');
    await page.getByRole('complementary', { name: 'Settings' }).getByRole('heading', { name: 'Page' }).waitFor();
    expect(await canvas.getByRole('group', { name: /^Text block/ }).count()).toBe(0);
    expect(await preview(false).isVisible()).toBe(true);

    // Third: preview, and a note says how to return, above the page and not over it.
    await page.keyboard.press('Escape');
    await preview(true).waitFor();
    const note = page.getByText('Preview — press Esc or select Back to editing to return');
    await note.waitFor();
    expect(overlap(await boxOf(note), await boxOf(page.locator('iframe[title="Page canvas"]')))).toBe(false);
    await note.getByRole('button', { name: 'Back to editing', exact: true }).click();
    await preview(false).waitFor();
    expect(await note.count()).toBe(0);

    // Escape with nothing held toggles preview both ways.
    await page.keyboard.press('Escape');
    await preview(true).waitFor();
    await page.keyboard.press('Escape');
    await preview(false).waitFor();
    await page.context().close();
  });

  it('words being edited have a bar of text styles beside them, and no toolbar covers the block above', async () => {
    const page = await openEditor('Kiln diary');
    const canvas = canvasOf(page);
    const first = canvas.locator('.block-text-frame', { hasText: 'The first line' });
    const second = canvas.locator('.block-text-frame', { hasText: 'The second line' });

    // The second block's toolbar leaves the first block's words in sight.
    await second.click();
    const blockBar = canvas.getByRole('toolbar', { name: 'Text block' });
    await blockBar.waitFor();
    expect(overlap(await boxOf(blockBar), await boxOf(first))).toBe(false);
    expect(overlap(await boxOf(blockBar), await boxOf(first.locator('p')))).toBe(false);
    // So does the first block's, with the site's header above it.
    await first.click();
    await expect.poll(async () => overlap(await boxOf(blockBar), await boxOf(second))).toBe(false);
    expect(overlap(await boxOf(blockBar), await boxOf(canvas.locator('header.site-header')))).toBe(false);

    // Editing the second block's words (a click selects, a second one edits): the style bar is beside them, clear of the first block.
    await second.locator('p').click({ position: { x: 8, y: 8 } });
    await canvas.getByRole('group', { name: /^Text block/ }).waitFor();
    await second.locator('p').click({ position: { x: 8, y: 8 } });
    await second.getByRole('textbox', { name: 'Text' }).waitFor();
    const bar = canvas.getByRole('toolbar', { name: 'Text formatting' });
    await bar.waitFor();
    const barBox = await boxOf(bar);
    const secondBox = await boxOf(second);
    expect(overlap(barBox, await boxOf(first))).toBe(false);
    // Beside the words: within a few pixels of the block's edge, and not over the words themselves.
    expect(overlap(barBox, { x: secondBox.x - 24, y: secondBox.y - 24, width: secondBox.width + 48, height: secondBox.height + 48 })).toBe(true);
    expect(overlap(barBox, await boxOf(second.locator('p')))).toBe(false);

    // Its buttons act on the selected words and say when they are on.
    await page.keyboard.press('End');
    for (let i = 0; i < 'first.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    const bold = bar.getByRole('button', { name: 'Bold' });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await bold.click();
    await second.locator('strong', { hasText: 'first.' }).waitFor();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await bar.getByRole('button', { name: 'Italic' }).click();
    await second.locator('em', { hasText: 'first.' }).waitFor();
    await bar.getByLabel('Text style').selectOption({ label: 'Heading 2' });
    await second.getByRole('heading', { level: 2, name: /The second line/ }).waitFor();
    // A link from the bar, checked by the link rules.
    const link = bar.getByRole('button', { name: 'Link' });
    expect(await link.getAttribute('aria-pressed')).toBe('false');
    await link.click();
    await canvas.getByLabel('Link address').fill('/contact');
    await canvas.getByRole('button', { name: 'Set link' }).click();
    await second.locator('a[href="/contact"]').waitFor();
    await expect.poll(() => link.getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('sets an image block’s focal point by clicking its picture, or with the arrow keys', async () => {
    const page = await openEditor('Kiln diary');
    const canvas = canvasOf(page);
    await canvas.getByRole('img', { name: 'The studio' }).click();
    const panel = page.getByRole('complementary', { name: 'Image settings' });
    const focal = panel.getByRole('button', { name: /^Focal point/ });
    expect(await focal.getAttribute('aria-label')).toBe('Focal point: the centre');
    await focal.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await focal.scrollIntoViewIfNeeded();
    const picture = await boxOf(focal.locator('img'));
    await page.mouse.click(picture.x + picture.width * 0.2, picture.y + picture.height * 0.8);
    await expect.poll(() => focal.getAttribute('aria-label')).toMatch(/^Focal point: (19|20|21)% across, (79|80|81)% down$/);
    await focal.press('ArrowRight');
    await expect.poll(() => focal.getAttribute('aria-label')).toMatch(/^Focal point: (24|25|26)% across, (79|80|81)% down$/);
    // The canvas crops the picture around the new point.
    const image = canvas.getByRole('img', { name: 'The studio' });
    await expect.poll(() => image.evaluate((img) => getComputedStyle(img).objectPosition)).toMatch(/^2[4-6](\.\d+)?% [78]\d(\.\d+)?%$/);
    await panel.getByRole('button', { name: 'Back to the centre' }).click();
    await expect.poll(() => focal.getAttribute('aria-label')).toBe('Focal point: the centre');
    await page.context().close();
  });

  it('shows the site’s header and footer around the page, dimmed and out of reach, as visitors see them in preview', async () => {
    const page = await openEditor('Kiln diary');
    const canvas = canvasOf(page);
    const header = canvas.locator('header.site-header');
    const footer = canvas.locator('footer.site-footer');
    await header.waitFor();
    await footer.waitFor();
    // Around the page: the header above its first block, the footer below its last.
    expect((await boxOf(header)).y + (await boxOf(header)).height).toBeLessThanOrEqual((await boxOf(canvas.locator('.block').first())).y);
    expect((await boxOf(footer)).y).toBeGreaterThanOrEqual((await boxOf(canvas.getByRole('img', { name: 'The studio' }))).y);
    const shown = (l: Locator) => l.evaluate((el) => Number(getComputedStyle(el.parentElement!).opacity));
    expect(await shown(header)).toBeLessThan(0.6);
    expect(await shown(footer)).toBeLessThan(0.6);
    // Out of reach: no link of theirs is a Tab stop or in the accessibility tree, and a click on them goes nowhere.
    const title = header.locator('a.site-title');
    expect(await title.evaluate((a) => a.closest('[inert]') !== null)).toBe(true);
    expect(await header.getByText('Skip to content').evaluate((a: HTMLElement) => (a.focus(), a.ownerDocument.activeElement === a))).toBe(false);
    await title.click({ force: true });
    expect(new URL(page.url()).pathname).toMatch(/^\/config\//);
    await canvas.locator('.block').first().waitFor();
    // In preview they are the visitor's: not dimmed.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => shown(header)).toBe(1);
    await page.context().close();
  });

  it("loads no image from a server a team member named: the canvas asks nothing of a code block's outside image", async () => {
    await changeSiteDocument(env.site(), (doc) => {
      doc.pages.push({
        id: hex(),
        pageType: 2,
        path: '/pixel-note',
        title: 'Pixel note',
        status: 1,
        seo: {},
        sections: [
          {
            id: hex(),
            blocks: [
              {
                id: hex(),
                type: 23,
                data: { html: '<p>A note with a picture from elsewhere.</p><img src="https://tracker.example/pixel.png" alt="Pixel" width="1" height="1">' },
                layout: { desktop: { x: 0, y: 0, w: 24, h: 4 } },
              },
            ],
          },
        ],
      });
    });
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    // What became of each request for the outside image: stopped by the page's policy before it left ('csp'), or sent.
    const outside: string[] = [];
    const fate = (r: { url(): string }, how: string) => {
      if (new URL(r.url()).hostname === 'tracker.example') outside.push(how);
    };
    page.on('requestfailed', (r) => fate(r, r.failure()?.errorText === 'csp' ? 'stopped by the policy' : 'sent'));
    page.on('requestfinished', (r) => fate(r, 'sent'));
    await signInAsOwner(page, env.site());
    await openPageInEditor(page, 'Pixel note');
    await page.frameLocator('iframe[title="Page canvas"]').getByText('A note with a picture from elsewhere.').waitFor();
    await page.frameLocator('iframe[title="Page canvas"]').getByAltText('Pixel').waitFor({ state: 'attached' });
    await expect.poll(() => outside.length).toBeGreaterThan(0);
    expect(outside).toEqual(outside.map(() => 'stopped by the policy'));
    await context.close();
  });
});
