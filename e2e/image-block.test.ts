/**
 * The image block's layouts in Chromium (seed 001 §3 variants 1011 to 1016), on a page set up by
 * import with the demo's images: each layout shows its image, title, text and button link; a block
 * under 415 px wide is narrow (seed 000 §9: a container query, `--image-narrow` 1, card, overlap
 * and collage stacked, smaller titles) and one of 415 px is not; no serious axe violations, with the
 * poster's scrim keeping white text at 4.5:1 over the brightest image; nothing shifts while every
 * image response is held back; and the editor offers the six layouts by name.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, islandsReady, siteForFile, signInAsOwner, visitorContext, type DocumentBlock } from './harness';

const env = siteForFile();
const PATH = '/image-layouts';
const hex = (n: number) => (0x1a9e0000 + n).toString(16).padStart(24, '0');

const LAYOUTS = { inline: 1011, poster: 1012, card: 1013, overlap: 1014, collage: 1015, stack: 1016 } as const;
type Layout = keyof typeof LAYOUTS;
const IMAGE_TYPE = 5;
const SPACER_TYPE = 21;

/** The demo's landscape images, one per block, so each block's image is a request of its own. */
const IMAGES = ['glaze-tests.jpg', 'mugs-on-shelf.jpg', 'kiln-firing.jpg', 'teapot.jpg', 'workshop-window.jpg', 'studio-hero.jpg'];

/** One block per layout, each the full width, with its own title, text and button. */
function blocks(): DocumentBlock[] {
  return (Object.keys(LAYOUTS) as Layout[]).map((layout, i) => ({
    id: hex(0x10 + i),
    type: IMAGE_TYPE,
    data: {
      src: `/s/${IMAGES[i]!}`,
      alt: `Glazed pottery, ${layout} layout`,
      variant: LAYOUTS[layout],
      caption: `Caption of the ${layout} layout`,
      title: `The ${layout} layout`,
      bodyHtml: `<p>Thrown and glazed by hand, <a href="/about">every ${layout} piece</a> is one of a kind.</p>`,
      buttonText: `Shop the ${layout}`,
      buttonLink: `/shop/${layout}`,
      imageSide: i % 2 ? 'right' : 'left',
    },
    layout: { desktop: { x: 0, y: i * 24, w: 24, h: 20 } },
  }));
}

beforeAll(async () => {
  await changeSiteDocument(env.site(), (doc) => {
    // A first section (a spacer), so the images wait for the image loader as most images do.
    const spacer: DocumentBlock = { id: hex(1), type: SPACER_TYPE, data: {}, layout: { desktop: { x: 0, y: 0, w: 24, h: 4 } } };
    doc.pages.push({
      id: hex(2),
      pageType: 2,
      path: PATH,
      title: 'Image layouts',
      status: 1,
      seo: {},
      sections: [
        { id: hex(3), theme: 'white', blocks: [spacer] },
        { id: hex(4), theme: 'white', blocks: blocks() },
      ],
    } as never);
  });
});

async function open(opts = desktop) {
  const context = await visitorContext(env.browser(), env.site(), opts);
  const page = await context.newPage();
  await page.goto(`${env.site().url}${PATH}`);
  return { context, page };
}

const block = (page: Page, layout: Layout) => page.locator(`#block-${hex(0x10 + Object.keys(LAYOUTS).indexOf(layout))}`);

describe('image block layouts', () => {
  // covers 001-3.93 (image inline, poster, card, overlap, collage, stack)
  it('shows each layout with its image, title, text and button link, and inline as the figure with its caption', async () => {
    const { context, page } = await open();
    const inline = block(page, 'inline');
    expect(await inline.locator('figure.block-image figcaption').textContent()).toBe('Caption of the inline layout');
    expect(await inline.getByRole('heading').count()).toBe(0);
    expect(await inline.getByRole('link').count()).toBe(0);
    for (const layout of ['poster', 'card', 'overlap', 'collage', 'stack'] as const) {
      const root = block(page, layout);
      expect(await root.locator('.block-image').getAttribute('data-variant'), layout).toBe(String(LAYOUTS[layout]));
      expect(await root.getByRole('img', { name: `Glazed pottery, ${layout} layout` }).count(), layout).toBe(1);
      await root.getByRole('heading', { level: 2, name: `The ${layout} layout` }).waitFor();
      expect(await root.getByText('Thrown and glazed by hand').textContent(), layout).toBe(
        `Thrown and glazed by hand, every ${layout} piece is one of a kind.`,
      );
      expect(await root.getByRole('link', { name: `every ${layout} piece` }).getAttribute('href'), layout).toBe('/about');
      expect(await root.getByRole('link', { name: `Shop the ${layout}` }).getAttribute('href'), layout).toBe(`/shop/${layout}`);
      // The caption is inline's text; the other layouts show their title and text instead.
      expect(await root.getByText(`Caption of the ${layout} layout`).count(), layout).toBe(0);
      // Every image is seen: the text sits over it, beside it or under it, never hiding it whole.
      const media = (await root.locator('.image-media').boundingBox())!;
      expect(media.width * media.height, layout).toBeGreaterThan(100 * 100);
    }
    // The card's image is on the left of its text, the overlap's (imageSide right) on the right, its card over the image's edge.
    const card = {
      media: (await block(page, 'card').locator('.image-media').boundingBox())!,
      text: (await block(page, 'card').locator('.image-content').boundingBox())!,
    };
    expect(card.text.x).toBeGreaterThanOrEqual(card.media.x + card.media.width);
    const overlap = {
      media: (await block(page, 'overlap').locator('.image-media').boundingBox())!,
      text: (await block(page, 'overlap').locator('.image-content').boundingBox())!,
    };
    expect(overlap.text.x).toBeLessThan(overlap.media.x);
    expect(overlap.text.x + overlap.text.width).toBeGreaterThan(overlap.media.x + 10);
    // The stack's text is under its image.
    const stack = {
      media: (await block(page, 'stack').locator('.image-media').boundingBox())!,
      text: (await block(page, 'stack').locator('.image-content').boundingBox())!,
    };
    expect(stack.text.y).toBeGreaterThanOrEqual(stack.media.y + stack.media.height);
    await context.close();
  });

  // covers 000-9.32
  it('lays a block under 415 px wide out as narrow, and one of 415 px as not', async () => {
    const { context, page } = await open();
    /** The block at `width` px (set through the CSSOM, which the page's CSP allows): its narrow marker, title size, and where its text sits against its image. */
    const at = async (layout: Layout, width: number) => {
      const root = block(page, layout);
      await root.evaluate((el: HTMLElement, w) => {
        el.style.width = `${w}px`;
        el.style.justifySelf = 'start';
      }, width);
      return root.evaluate((el) => {
        const container = el.querySelector<HTMLElement>('.block-image')!;
        const box = (s: string) => el.querySelector(s)!.getBoundingClientRect();
        const media = box('.image-media');
        const text = box('.image-content');
        return {
          width: container.getBoundingClientRect().width,
          narrow: getComputedStyle(el.querySelector('.image-layout')!).getPropertyValue('--image-narrow').trim(),
          title: getComputedStyle(el.querySelector('.image-title')!).fontSize,
          textBelow: text.top >= media.bottom - 60,
          textBeside: text.left >= media.right - 1 || text.right <= media.left + 1,
        };
      });
    };
    for (const layout of ['card', 'collage'] as const) {
      expect(await at(layout, 414), layout).toEqual({ width: 414, narrow: '1', title: '23px', textBelow: true, textBeside: false });
      expect(await at(layout, 415), layout).toEqual({ width: 415, narrow: '0', title: '28px', textBelow: false, textBeside: true });
    }
    // The overlap's card overlaps the image on both sides of the threshold: below it, under the image; above it, beside and over its edge.
    expect(await at('overlap', 414)).toMatchObject({ narrow: '1', title: '23px', textBelow: true });
    expect(await at('overlap', 415)).toMatchObject({ narrow: '0', title: '28px', textBelow: false });
    for (const layout of ['poster', 'stack'] as const) {
      expect(await at(layout, 414), layout).toMatchObject({ narrow: '1', title: '23px' });
      expect(await at(layout, 415), layout).toMatchObject({ narrow: '0', title: '28px' });
    }
    await context.close();
  });

  it('has no serious accessibility violations, and the poster’s scrim keeps white text at 4.5:1 over a white image', async () => {
    // The axe script is added inline, which the page's CSP would refuse.
    const { context, page } = await open({ ...desktop, bypassCSP: true });
    await islandsReady(page);
    expect(await seriousViolations(page)).toEqual([]);
    // axe cannot judge text over an image, so the scrim is checked against the worst image: pure white.
    const contrast = await block(page, 'poster')
      .locator('.image-content')
      .evaluate((el) => {
        const rgba = (c: string) =>
          /rgba?\(([^)]+)\)/
            .exec(c)![1]!
            .split(/[ ,/]+/)
            .filter(Boolean)
            .map(Number) as number[];
        const [r, g, b, a = 1] = rgba(getComputedStyle(el).backgroundColor);
        const [tr, tg, tb] = rgba(getComputedStyle(el).color);
        const over = (c: number) => c * a! + 255 * (1 - a!);
        const lum = (cs: number[]) =>
          cs
            .map((c) => c / 255)
            .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
            .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i]!, 0);
        const bg = lum([over(r!), over(g!), over(b!)]);
        const fg = lum([tr!, tg!, tb!]);
        return (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
      });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });

  it('shifts nothing while the image responses are held back', async () => {
    const context = await visitorContext(env.browser(), env.site());
    const page = await context.newPage();
    const held: Route[] = [];
    await page.route(/\/s\/.*\.(jpg|avif|webp)/, (route) => void held.push(route));
    await page.goto(`${env.site().url}${PATH}`);
    await islandsReady(page);
    const from = await page.evaluate(() => performance.now());
    // Scrolled through, so every block's image is asked for.
    for (const layout of Object.keys(LAYOUTS) as Layout[]) await block(page, layout).scrollIntoViewIfNeeded();
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(Object.keys(LAYOUTS).length);
    const shifts = await page.evaluate(
      (from) =>
        new Promise<string[]>((resolve) => {
          const found: string[] = [];
          type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Shift[])
              if (!e.hadRecentInput && e.startTime >= from)
                found.push(`${e.value}: ${e.sources.map((s) => (s.node as Element | undefined)?.className).join('; ')}`);
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(found)));
        }),
      from,
    );
    expect(shifts).toEqual([]);
    // Every image has its box before it arrives.
    const empty = await page
      .locator('.block-image img:not(noscript img)')
      .evaluateAll((imgs) => imgs.filter((i) => i.getBoundingClientRect().height < 50).length);
    expect(empty).toBe(0);
    for (const route of held.splice(0)) void route.abort().catch(() => undefined);
    await context.close();
  });

  it('offers the six layouts by name in the editor', async () => {
    const context = await env.browser().newContext(desktop);
    const page = await context.newPage();
    await signInAsOwner(page, env.site());
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('button', { name: 'Edit Image layouts' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .waitFor();
    await page.frameLocator('iframe[title="Page canvas"]').getByRole('heading', { name: 'The card layout' }).click();
    const panel = page.getByRole('complementary', { name: 'Image settings' });
    const select = panel.getByLabel('Layout', { exact: true });
    expect(await select.inputValue()).toBe('1013');
    expect(await select.locator('option').allTextContents()).toEqual([
      'Inline: the image, its caption under it',
      'Poster: the text over the image',
      'Card: the text beside the image',
      'Overlap: a text card overlapping the image',
      'Collage: the image over a coloured panel with the text',
      'Stack: the image above the text',
    ]);
    // The image's, the layout's and the text's settings each once, in their groups.
    expect(await panel.locator('legend').allTextContents()).toEqual(['Image', 'Layout', 'Text']);
    expect(await panel.getByRole('button', { name: /^Focal point/ }).count()).toBe(1);
    expect(await panel.getByLabel('Button link', { exact: true }).inputValue()).toBe('/shop/card');
    // A layout chosen shows on the canvas at once, stored as its code.
    await select.selectOption({ label: 'Poster: the text over the image' });
    await page.frameLocator('iframe[title="Page canvas"]').locator('[data-variant="1012"]', { hasText: 'The card layout' }).waitFor();
    await context.close();
  });
});
