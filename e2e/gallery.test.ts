/**
 * The gallery block in Chromium, on pages set up by import with images uploaded once each through
 * the files API: the slideshow, carousel and slider moved by their buttons, the arrow keys and
 * touch swipes (with the index rules: refused while in motion, clamped with the disabled markers),
 * autoplay and nomotion=true, the itemId address both ways, the grid's lazy loading, no layout
 * shift on any layout while every image response is held back, no serious axe violations, and the
 * JavaScript a page with a 60-image grid gallery loads before interaction (at most 25 KB gzip,
 * the visitor runtime included).
 */
import sharp from 'sharp';
import type { CDPSession, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import {
  changeSiteDocument,
  desktop,
  islandsReady,
  MARKER_PATH,
  pauseClock,
  recordScripts,
  stepClockUntil,
  requestsSeen,
  siteForFile,
  signInAsOwner,
  uploadImages,
  visitorContext,
  type DocumentBlock,
} from './harness';

const env = siteForFile();
const GALLERY = 6;
/** The images uploaded: small (≤ 400 px), each a different colour and shape. */
const FILES = Array.from({ length: 12 }, (_, i) => ({
  name: `gallery-e2e-${i + 1}.png`,
  width: i % 3 === 0 ? 300 : 400,
  height: i % 3 === 1 ? 400 : 260,
  hue: (i * 30) % 360,
}));
const LAYOUTS = ['grid', 'autogrid', 'autocolumns', 'autorows', 'carousel', 'list', 'slideshow', 'slider', 'stacked'] as const;

const VIMEO = 'https://vimeo.com/76979871';
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIDEO_SLIDES = [
  { src: `/s/${FILES[1]!.name}`, alt: '', video: VIMEO, embed: { url: VIMEO, provider: 'vimeo', title: 'Glazing day', width: 640, height: 360 } },
  { src: '', alt: '', video: YOUTUBE, embed: { url: YOUTUBE, provider: 'youtube', title: 'Throwing a vase' } },
];

let seq = 0;
const hexId = () => (0xe2e0000000 + seq++).toString(16).padStart(24, '0');

function images(n: number, extra: (i: number) => Record<string, unknown> = () => ({})) {
  return Array.from({ length: n }, (_, i) => ({ src: `/s/${FILES[i % FILES.length]!.name}`, alt: `Sample picture ${i + 1}`, ...extra(i) }));
}

function galleryPage(path: string, data: Record<string, unknown>, opts: { before?: boolean; h?: number } = {}) {
  const gallery: DocumentBlock = { id: hexId(), type: GALLERY, data, layout: { desktop: { x: 0, y: 0, w: 24, h: opts.h ?? 30 } } };
  const sections = [];
  // A first section (a spacer), so the gallery is not in the page's first section (its images wait for the loader).
  if (opts.before !== false)
    sections.push({ id: hexId(), theme: 'white', blocks: [{ id: hexId(), type: 21, data: {}, layout: { desktop: { x: 0, y: 0, w: 24, h: 4 } } }] });
  sections.push({ id: hexId(), theme: 'white', blocks: [gallery] });
  return { id: hexId(), pageType: 2, path, title: `Gallery ${path}`, status: 1, seo: {}, sections };
}

async function upload() {
  const files = [];
  for (const f of FILES) {
    const circle = `<svg width="${f.width}" height="${f.height}"><circle cx="${f.width / 2}" cy="${f.height / 2}" r="${Math.min(f.width, f.height) / 3}" fill="hsl(${(f.hue + 180) % 360}, 40%, 35%)"/></svg>`;
    const data = await sharp({ create: { width: f.width, height: f.height, channels: 3, background: `hsl(${f.hue}, 45%, 55%)` } })
      .composite([{ input: Buffer.from(circle) }])
      .png()
      .toBuffer();
    files.push({ name: f.name, type: 'image/png', data });
  }
  await uploadImages(env.site(), files);
}

beforeAll(async () => {
  await upload();
  await changeSiteDocument(env.site(), (doc) => {
    doc.pages.push(galleryPage('/g-grid-60', { images: images(60), design: 'grid' }, { h: 60 }));
    doc.pages.push(
      galleryPage('/g-slideshow', {
        images: images(5, (i) => (i === 2 ? { slug: 'harbour', title: 'The harbour', description: 'Morning light' } : {})),
        design: 'slideshow',
        historyHash: true,
      }),
    );
    doc.pages.push(galleryPage('/g-owner', { images: images(4), design: 'grid' }));
    doc.pages.push(galleryPage('/g-pick', { images: images(1), design: 'grid' }));
    doc.pages.push(galleryPage('/g-slideshow-fit', { images: images(3), design: 'slideshow', 'auto-crop': false }));
    doc.pages.push(galleryPage('/g-autoplay', { images: images(5), design: 'slideshow', autoplay: true, 'autoplay-duration': 1 }));
    doc.pages.push(galleryPage('/g-autoplay-slideshow', { images: images(5), design: 'slideshow', autoplay: true }));
    doc.pages.push(galleryPage('/g-autoplay-slider', { images: images(5), design: 'slider', autoplay: true }));
    doc.pages.push(galleryPage('/g-carousel', { images: images(8), design: 'carousel' }));
    doc.pages.push(galleryPage('/g-slider', { images: images(6), design: 'slider', currentClick: 'next' }));
    for (const transition of ['ken-burns', 'new-swipe', 'scroll', 'swipe'])
      doc.pages.push(galleryPage(`/g-t-${transition}`, { images: images(4), design: 'slideshow', transition }));
    doc.pages.push(
      galleryPage('/g-layout-thumbnails', {
        images: [...images(9), ...VIDEO_SLIDES],
        design: 'slideshow',
        thumbnails: true,
        'thumbnails-per-row': 4,
        'thumbnail-strip-height': 60,
        'thumbnail-strip-margin': 16,
      }),
    );
    // Each layout also holds two video slides (001-1.01): one with its own poster, one without (a box of the video's shape).
    for (const design of LAYOUTS)
      doc.pages.push(
        galleryPage(
          `/g-layout-${design}`,
          {
            images: [
              ...images(design === 'list' || design === 'stacked' ? 4 : 12, (i) => ({ title: `Piece ${i + 1}`, description: 'Stoneware, glazed' })),
              ...VIDEO_SLIDES,
            ],
            design,
          },
          { h: 40 },
        ),
      );
  });
}, 60_000);

const counter = (page: Page) => page.locator('.gallery-counter').textContent();
/** Until the gallery's move (its transition's length) is over: a move asked for during one is refused. */
const settledMove = (page: Page) => expect.poll(() => page.locator('[data-in-motion]').count()).toBe(0);
/** Two frames: what a key or a touch did is on the page by then. */
const frames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
const activeIndex = (page: Page) => page.locator('.gallery-slide').evaluateAll((slides) => slides.findIndex((s) => s.classList.contains('sqs-active-slide')));

async function open(path: string, opts = desktop) {
  const context = await visitorContext(env.browser(), env.site(), opts);
  const page = await context.newPage();
  await page.goto(`${env.site().url}${path}`);
  await page.locator('[data-island="gallery"]').scrollIntoViewIfNeeded();
  await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
  return { context, page };
}

/**
 * A gallery page on a paused clock (harness `pauseClock`), scrolled to the gallery and stepped on
 * until it is awake, the pointer away from it: the test's `runFor` is then all the time that passes.
 */
async function openOnPausedClock(path: string): Promise<Page> {
  const context = await visitorContext(env.browser(), env.site());
  const page = await context.newPage();
  await pauseClock(page);
  await page.goto(`${env.site().url}${path}`);
  await page.locator('[data-island="gallery"]').scrollIntoViewIfNeeded();
  const awake = page.locator('[data-island="gallery"][data-island-ready]');
  await stepClockUntil(page, async () => (await awake.count()) > 0, 'the gallery waking');
  await page.mouse.move(0, 0);
  return page;
}

/** A touch swipe of `dx` px over `ms`, sent as the browser's own touch events (CDP), at the element's centre. */
async function swipe(page: Page, cdp: CDPSession, selector: string, dx: number, ms: number) {
  const box = (await page.locator(selector).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // Each event carries the time it stands for, so a busy browser that handles them late still sees the swipe's own speed.
  const start = Date.now();
  const at = (offset: number) => (start + offset) / 1000;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }], timestamp: at(0) });
  const steps = 4;
  for (let i = 1; i <= steps; i++) {
    await new Promise((r) => setTimeout(r, ms / steps));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / steps, y }], timestamp: at((ms * i) / steps) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at(ms) });
}

describe('the owner’s choices', () => {
  // covers 001-1.11
  it('a design and options chosen in the editor are what visitors get once the page is published', async () => {
    const owner = await (await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsOwner(owner, env.site());
    await owner.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
    await owner.getByRole('button', { name: 'Edit Gallery /g-owner' }).click();
    const canvas = owner.frameLocator('iframe[title="Page canvas"]');
    await canvas.locator('.gallery-slide').first().click();
    const panel = owner.getByRole('complementary', { name: 'Gallery settings' });
    await panel.getByLabel('Design', { exact: true }).selectOption({ label: 'Slideshow' });
    await panel.getByLabel('Go round from the last image to the first', { exact: true }).check();
    await panel.getByLabel('Open images in a lightbox', { exact: true }).check();
    await canvas.locator('.gallery--stacked').waitFor();
    // Visitors still see the grid until the page is published.
    const { context, page } = await open('/g-owner');
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await owner.getByRole('button', { name: 'Publish' }).click();
    await owner.getByRole('dialog', { name: 'Publish this page?' }).getByRole('button', { name: 'Publish' }).click();
    await owner.getByText('Published. Visitors now see this version.').first().waitFor();
    await page.reload();
    await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
    // A slideshow that goes round: Previous on the first image shows the last.
    expect(await counter(page)).toBe('1 of 4');
    await page.getByRole('button', { name: 'Previous' }).click();
    await settledMove(page);
    expect(await counter(page)).toBe('4 of 4');
    // And a click on the image opens it in the lightbox.
    await page.locator('.sqs-active-slide').click();
    await page.getByRole('dialog', { name: 'Gallery' }).waitFor();
    await context.close();
    await owner.context().close();
  });
});

describe('adding images in the editor', () => {
  it('ticks several library images, from the keyboard and with Shift-click, and adds them at once in the order ticked', async () => {
    const owner = await (await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 }, bypassCSP: true })).newPage();
    await signInAsOwner(owner, env.site());
    await owner.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
    await owner.getByRole('button', { name: 'Edit Gallery /g-pick' }).click();
    await owner.frameLocator('iframe[title="Page canvas"]').locator('.gallery-slide').first().click();
    const panel = owner.getByRole('complementary', { name: 'Gallery settings' });
    await panel.getByRole('button', { name: 'Add images from the library' }).click();
    const picker = owner.getByRole('dialog', { name: 'Choose images' });
    const box = (n: number) => picker.getByRole('checkbox', { name: new RegExp(`^gallery-e2e-${n}\\.png, `) });
    await box(1).waitFor();
    expect(await picker.getByRole('button', { name: 'Tick images to add' }).isDisabled()).toBe(true);
    // Space ticks the box that has focus; a click, then a Shift-click, ticks every image between the two.
    await box(5).focus();
    await owner.keyboard.press('Space');
    await box(1).click();
    await box(3).click({ modifiers: ['Shift'] });
    for (const n of [1, 2, 3, 5]) expect(await box(n).isChecked(), `image ${n}`).toBe(true);
    expect(await box(4).isChecked()).toBe(false);
    expect(await seriousViolations(owner)).toEqual([]);
    // Shift-click on a ticked one unticks the run.
    await box(2).click();
    await box(3).click({ modifiers: ['Shift'] });
    expect(await box(2).isChecked()).toBe(false);
    expect(await box(3).isChecked()).toBe(false);
    await box(3).click();
    await picker.getByRole('button', { name: 'Add 3 images' }).click();
    await picker.waitFor({ state: 'detached' });
    await panel.getByText('3 images added at the end of the gallery.').waitFor();
    // The gallery on the canvas shows the one it had and the three added, in the order ticked.
    const canvasImages = owner.frameLocator('iframe[title="Page canvas"]').locator('.gallery-slide img');
    await expect.poll(() => canvasImages.count()).toBe(4);
    const names = await canvasImages.evaluateAll((imgs) =>
      imgs.map((img) => /gallery-e2e-\d+/.exec(img.getAttribute('data-src') ?? img.getAttribute('src') ?? '')?.[0]),
    );
    expect(names).toEqual(['gallery-e2e-1', 'gallery-e2e-5', 'gallery-e2e-1', 'gallery-e2e-3']);
    await owner.context().close();
  });
});

describe('the slideshow', () => {
  // covers 001-4.27, 001-4.28, 001-4.05, 001-4.06, 001-4.12, 001-4.03, 001-3.20, 001-3.21, 001-9.06, 001-4.08, 001-3.24, 001-9.02, 001-4.25
  it('moves by buttons and keys, refuses a second move mid-transition, and stays at the ends with the controls disabled', async () => {
    const { context, page } = await open('/g-slideshow');
    const next = page.getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    expect(await counter(page)).toBe('1 of 5');
    expect(await previous.isDisabled()).toBe(true);
    // Two clicks during the one-second fade: one move. One action sends both (a double click), so both land within the fade however busy the machine.
    await next.click({ clickCount: 2 });
    expect(await counter(page)).toBe('2 of 5');
    expect(await activeIndex(page)).toBe(1);
    await settledMove(page);
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => counter(page)).toBe('3 of 5');
    await settledMove(page);
    await page.keyboard.press(' ');
    await expect.poll(() => counter(page)).toBe('4 of 5');
    await settledMove(page);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter(page)).toBe('3 of 5');
    await settledMove(page);
    // A key typed into a field is the field's.
    await page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<input id="typing" aria-label="Typing">'));
    await page.getByLabel('Typing').focus();
    await page.keyboard.press('ArrowRight');
    await frames(page);
    expect(await counter(page)).toBe('3 of 5');
    await page.getByLabel('Typing').blur();
    for (const expected of ['4 of 5', '5 of 5']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => counter(page)).toBe(expected);
      await settledMove(page);
    }
    expect(await next.isDisabled()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await frames(page);
    expect(await counter(page)).toBe('5 of 5');
    expect(await page.locator('.gallery-slide.sqs-active-slide').count()).toBe(1);
    await context.close();
  });

  // covers 001-3.22, 001-3.23, 001-7.48
  it('requests every slide’s image on load, fills its frame or fits in it whole as the owner chose, and makes no network call as it moves', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const requested = new Set<string>();
    const calls: string[] = [];
    page.on('request', (r) => {
      const file = /gallery-e2e-(\d+)\.png/.exec(r.url())?.[1];
      if (r.resourceType() === 'image' && file) requested.add(file);
      const path = new URL(r.url()).pathname;
      if ((r.resourceType() === 'fetch' || r.resourceType() === 'xhr') && !path.startsWith(MARKER_PATH)) calls.push(path);
    });
    await page.goto(`${env.site().url}/g-slideshow`);
    await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
    // The slideshow does not load lazily: all five images are asked for before any move.
    await expect.poll(() => [...requested].sort()).toEqual(['1', '2', '3', '4', '5']);
    // Cropped to fill by default.
    const fitOf = () => page.locator('.sqs-active-slide img').evaluate((img) => getComputedStyle(img).objectFit);
    expect(await fitOf()).toBe('cover');
    // Moving by buttons and keys calls nothing over the network.
    await requestsSeen(page);
    const before = [...calls];
    const next = page.getByRole('button', { name: 'Next' });
    for (let i = 0; i < 3; i++) {
      await next.click();
      await settledMove(page);
    }
    await page.getByRole('button', { name: 'Previous' }).click();
    await settledMove(page);
    await page.keyboard.press('ArrowRight');
    await settledMove(page);
    expect(await counter(page)).toBe('4 of 5');
    await requestsSeen(page);
    expect(calls).toEqual(before);
    // Uncropped, the image fits whole in its frame.
    await page.goto(`${env.site().url}/g-slideshow-fit`);
    await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
    expect(await fitOf()).toBe('contain');
    await context.close();
  });

  // covers 001-2.01, 001-2.08, 001-2.03, 001-3.18
  it('opens on the slide the itemId names, by id or url, and writes the current slide to the hash', async () => {
    const { context, page } = await open('/g-slideshow#itemId=harbour');
    expect(await counter(page)).toBe('3 of 5');
    const ids = await page.locator('.gallery-slide').evaluateAll((s) => s.map((e) => e.getAttribute('data-slide-id')!));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#itemId=${ids[3]}`);
    await page.goto(`${env.site().url}/g-slideshow#itemId=${ids[1]}`);
    await page.reload();
    await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
    expect(await counter(page)).toBe('2 of 5');
    await context.close();
  });

  // covers 001-4.22, 001-4.23
  it('steps on a swipe of 50 px within 250 ms, not on a short or slow one', async () => {
    const { context, page } = await open('/g-slideshow', { ...desktop, hasTouch: true });
    const cdp = await context.newCDPSession(page);
    await swipe(page, cdp, '.gallery-slides', -120, 80);
    await expect.poll(() => counter(page)).toBe('2 of 5');
    await settledMove(page);
    await swipe(page, cdp, '.gallery-slides', 120, 80);
    await expect.poll(() => counter(page)).toBe('1 of 5');
    await settledMove(page);
    await swipe(page, cdp, '.gallery-slides', -30, 60);
    await swipe(page, cdp, '.gallery-slides', -120, 600);
    await frames(page);
    expect(await counter(page)).toBe('1 of 5');
    await context.close();
  });

  // covers 001-4.14, 001-3.32, 001-2.09, 001-9.03, 001-3.12
  it('autoplays every autoplay-duration seconds, but not with nomotion=true', async () => {
    for (const [query, expected] of [
      ['', '2 of 5'],
      ['?nomotion=true', '1 of 5'],
    ] as const) {
      const page = await openOnPausedClock(`/g-autoplay${query}`);
      await page.clock.runFor(1100);
      expect(await counter(page)).toBe(expected);
      await page.context().close();
    }
    // A gallery without autoplay stays where it is.
    const page = await openOnPausedClock('/g-slideshow');
    await page.clock.runFor(1200);
    expect(await counter(page)).toBe('1 of 5');
    await page.context().close();
  });

  // covers 001-3.14, 001-9.04
  it('without a duration, advances a slideshow every 5 s (the slideshow widget’s timeout) and a slider every second (the gallery’s)', async () => {
    const shown = async (page: Page) => Number((await counter(page))?.split(' ')[0]);
    const slideshow = await openOnPausedClock('/g-autoplay-slideshow');
    await slideshow.clock.runFor(3_000);
    expect(await shown(slideshow)).toBe(1);
    await slideshow.clock.runFor(2_500);
    expect(await shown(slideshow)).toBe(2);
    await slideshow.context().close();
    const slider = await openOnPausedClock('/g-autoplay-slider');
    await slider.clock.runFor(2_100);
    expect(await shown(slider)).toBeGreaterThanOrEqual(3);
    await slider.context().close();
  });
});

describe('stacked transitions', () => {
  const transitionOf = (page: Page) =>
    page.locator('.gallery-slide.sqs-active-slide').evaluate((el) => {
      const style = getComputedStyle(el);
      const names = style.transitionProperty.split(', ');
      const at = names.indexOf('transform');
      return `${style.transitionDuration.split(', ')[at]} ${style.transitionTimingFunction.split(/, (?=[a-z])/)[at]}`;
    });

  // covers 001-2.22, 001-9.72, 001-9.62, 001-9.64
  it('changes slides with each transition: fade over 1 s, the sliding ones over 0.5 s cubic ease-in-out, ken-burns zoomed to 1.075', async () => {
    const { context, page } = await open('/g-slideshow');
    expect(await page.locator('.gallery-slide.sqs-active-slide').evaluate((el) => getComputedStyle(el).transitionDuration)).toMatch(/^1s/);
    await context.close();
    for (const transition of ['new-swipe', 'scroll', 'swipe']) {
      const { context, page } = await open(`/g-t-${transition}`);
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await activeIndex(page), transition).toBe(1);
      expect(await transitionOf(page), transition).toBe('0.5s cubic-bezier(0.645, 0.045, 0.355, 1)');
      // The slide left goes out to the left, the next waits on the right.
      expect(
        await page
          .locator('.gallery-slide')
          .nth(0)
          .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41 <= 0),
      ).toBe(true);
      await context.close();
    }
    // Without motion the zoom is there at once: the current image at 1.075, the others at 1.
    const kb = await open('/g-t-ken-burns?nomotion=true');
    await kb.page.getByRole('button', { name: 'Next' }).click();
    const scales = await kb.page
      .locator('.gallery-slide img:not(noscript img)')
      .evaluateAll((imgs) => imgs.map((i) => new DOMMatrix(getComputedStyle(i).transform).a));
    expect(scales).toEqual([1, 1.075, 1, 1]);
    await kb.context.close();
  });

  // covers 001-4.22 (new-swipe), 001-5.24 (inertial boundary), 001-9.68
  it('new-swipe: the slide follows the finger with its neighbour, moves past half the width or on a fast flick, and springs back otherwise', async () => {
    const { context, page } = await open('/g-t-new-swipe', { ...desktop, hasTouch: true });
    const cdp = await context.newCDPSession(page);
    const width = (await page.locator('.gallery-slides').boundingBox())!.width;
    // A slow drag of a fifth of the width: back where it was.
    await swipe(page, cdp, '.gallery-slides', -width / 5, 900);
    await frames(page);
    expect(await counter(page)).toBe('1 of 4');
    // A slow drag past half the width: the next slide.
    await swipe(page, cdp, '.gallery-slides', -width * 0.6, 900);
    await expect.poll(() => counter(page)).toBe('2 of 4');
    await settledMove(page);
    // A fast flick (velocity above 1 px/ms), short of half the width: moves too.
    await swipe(page, cdp, '.gallery-slides', width / 4, 60);
    await expect.poll(() => counter(page)).toBe('1 of 4');
    await settledMove(page);
    // Mid-drag the neighbour shows beside the current slide.
    const box = (await page.locator('.gallery-slides').boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - 100, y }] });
    await frames(page);
    expect(await page.locator('.gallery-peek').count()).toBe(1);
    expect(
      await page
        .locator('.gallery-slide')
        .nth(1)
        .evaluate((el) => el.classList.contains('gallery-peek')),
    ).toBe(true);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await frames(page);
    expect(await page.locator('.gallery-peek').count()).toBe(0);
    await context.close();
  });

  // covers 001-4.21, 001-9.30
  it('is in a resizing state while the window is resized, ending about 100 ms after the last resize', async () => {
    const { context, page } = await open('/g-t-swipe');
    await page.evaluate(() => {
      const log: [string, number][] = ((window as unknown as { resizes: [string, number][] }).resizes = []);
      const gallery = document.querySelector('.gallery')!;
      new MutationObserver(() => log.push([gallery.hasAttribute('data-resizing') ? 'start' : 'end', performance.now()])).observe(gallery, {
        attributes: true,
        attributeFilter: ['data-resizing'],
      });
    });
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { resizes: [string, number][] }).resizes.map((r) => r[0]))).toEqual(['start', 'end']);
    const times = await page.evaluate(() => (window as unknown as { resizes: [string, number][] }).resizes.map((r) => r[1]));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(95);
    expect(times[1]! - times[0]!).toBeLessThan(400);
    await context.close();
  });
});

describe('the slideshow’s thumbnail strip', () => {
  // covers 001-3.30 (thumbnails options), 001-4.03, 001-4.04 (linked galleries: indexes kept in step, keys the parent's only)
  it('follows the slideshow, moves it from a thumbnail, and takes no keys of its own', async () => {
    const { context, page } = await open('/g-layout-thumbnails', { ...desktop, bypassCSP: true });
    const strip = page.getByRole('group', { name: 'Thumbnails' });
    const thumbs = strip.getByRole('button');
    expect(await thumbs.count()).toBe(11);
    const current = () => strip.locator('[aria-current="true"]').getAttribute('aria-label');
    expect(await current()).toBe('Show image 1 of 11');
    // Four a row across the slideshow's width, 60 px high, 16 px under it.
    const [first, list] = [await thumbs.first().boundingBox(), await page.locator('.gallery-slides').boundingBox()];
    expect(first!.height).toBeCloseTo(60, 0);
    expect(first!.width).toBeCloseTo((list!.width - 3 * 6) / 4, 0);
    expect(first!.y - (list!.y + list!.height)).toBeGreaterThanOrEqual(16);
    await page.getByRole('button', { name: 'Show image 3 of 11' }).click();
    expect(await counter(page)).toBe('3 of 11');
    expect(await activeIndex(page)).toBe(2);
    expect(await current()).toBe('Show image 3 of 11');
    await settledMove(page);
    await page.screenshot({ path: '/tmp/gallery-thumbnails.png' });
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await current()).toBe('Show image 4 of 11');
    await settledMove(page);
    // A key pressed on a thumbnail moves the slideshow once, and the strip follows.
    await page.getByRole('button', { name: 'Show image 4 of 11' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await counter(page)).toBe('5 of 11');
    expect(await current()).toBe('Show image 5 of 11');
    // The strip scrolls to keep the current thumbnail in view.
    await settledMove(page);
    await page.getByRole('button', { name: 'Show video 11 of 11' }).click();
    await expect
      .poll(() =>
        strip.locator('[aria-current="true"]').evaluate((el) => {
          const s = el.parentElement!.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return r.left >= s.left - 1 && r.right <= s.right + 1;
        }),
      )
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the carousel and the slider', () => {
  // covers 001-4.47, 001-4.48, 001-4.50, 001-9.59
  it('carousel: moves a group of three at a time by buttons, keys and swipes, within the first and last group', async () => {
    const { context, page } = await open('/g-carousel', { ...desktop, hasTouch: true });
    const next = page.getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    const firstVisible = () =>
      page.locator('.gallery-slides').evaluate((list) => {
        const left = list.getBoundingClientRect().left;
        return [...list.children].findIndex((s) => Math.abs(s.getBoundingClientRect().left - left) < 2);
      });
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    await expect.poll(firstVisible).toBe(3);
    await settledMove(page);
    await page.keyboard.press('ArrowRight');
    // The last group shows the last three slides.
    await expect.poll(firstVisible).toBe(5);
    expect(await next.isDisabled()).toBe(true);
    await settledMove(page);
    const cdp = await context.newCDPSession(page);
    await swipe(page, cdp, '.gallery-slides', 150, 80);
    await expect.poll(firstVisible).toBe(3);
    await context.close();
  });

  // covers 001-4.53, 001-4.54, 001-9.63
  it('slider: a click makes a slide current and centres it; keys and swipes move it', async () => {
    const { context, page } = await open('/g-slider', { ...desktop, hasTouch: true });
    const centred = () =>
      page.locator('.gallery-slide.sqs-active-slide').evaluate((slide) => {
        const list = slide.parentElement!.getBoundingClientRect();
        const box = slide.getBoundingClientRect();
        return Math.abs(box.left + box.width / 2 - (list.left + list.width / 2)) < 3;
      });
    await page.locator('.gallery-slide').nth(2).click();
    await expect.poll(() => activeIndex(page)).toBe(2);
    await expect.poll(centred).toBe(true);
    await settledMove(page);
    // A click on the current slide goes next, as configured.
    await page.locator('.gallery-slide').nth(2).click();
    await expect.poll(() => activeIndex(page)).toBe(3);
    await settledMove(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => activeIndex(page)).toBe(2);
    await settledMove(page);
    const cdp = await context.newCDPSession(page);
    await swipe(page, cdp, '.gallery-slides', -150, 80);
    await expect.poll(() => activeIndex(page)).toBe(3);
    expect(await counter(page)).toBe('4 of 6');
    await context.close();
  });
});

describe('loading', () => {
  // covers 001-5.12, 001-7.47
  it('the grid loads only the images in view plus the margin, then more as the visitor scrolls', async () => {
    const { context, page } = await open('/g-grid-60');
    await page.evaluate(() => window.scrollTo(0, 0));
    // An image the loader has started no longer waits with its address in data-src.
    const started = () => page.locator('.gallery-slide img').evaluateAll((imgs) => imgs.filter((i) => !i.hasAttribute('data-src')).length);
    await expect.poll(started).toBeGreaterThan(0);
    const first = await started();
    expect(first).toBeLessThan(30);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(started).toBeGreaterThan(first);
    // Addresses come from each slide's data-src.
    const pairs = await page
      .locator('.gallery-slide')
      .evaluateAll((slides) =>
        slides.filter((s) => s.querySelector('img:not([data-src])')).map((s) => [s.getAttribute('data-src'), s.querySelector('img')!.getAttribute('src')]),
      );
    for (const [dataSrc, src] of pairs) expect(src).toBe(dataSrc);
    await context.close();
  });

  // covers 001-2.21, 001-9.56, 001-9.57, 001-9.58
  it('shifts nothing on any layout while the image responses are held back', { timeout: 60_000 }, async () => {
    const context = await visitorContext(env.browser(), env.site());
    const page = await context.newPage();
    const held: Route[] = [];
    await page.route(/\/s\/.*\.(png|avif|webp)/, (route) => void held.push(route));
    for (const design of [...LAYOUTS, 'thumbnails']) {
      await page.goto(`${env.site().url}/g-layout-${design}`);
      // From when the page's own islands have run (the footer's cookie settings link is theirs), measured as the visitor scrolls.
      await islandsReady(page);
      const from = await page.evaluate(() => performance.now());
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
      await frames(page);
      const shifted = await page.evaluate(
        (from) =>
          new Promise<string[]>((resolve) => {
            const shifts: string[] = [];
            type Shift = PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
            };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                if (entry.hadRecentInput || entry.startTime < from) continue;
                const what = entry.sources.map(
                  (s) =>
                    `${(s.node as Element | undefined)?.className ?? s.node?.nodeName} ${s.previousRect.y}->${s.currentRect.y} ${s.previousRect.height}->${s.currentRect.height}`,
                );
                shifts.push(`${entry.value}: ${what.join('; ')}`);
              }
            }).observe({ type: 'layout-shift', buffered: true });
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(shifts)));
          }),
        from,
      );
      expect(shifted, design).toEqual([]);
      expect(held.length, `${design}: images were asked for`).toBeGreaterThan(0);
      // Every image has its box before it arrives.
      const empty = await page
        .locator('.gallery-slide img:not(noscript img)')
        .evaluateAll((imgs) => imgs.filter((i) => i.getBoundingClientRect().height === 0 && getComputedStyle(i).display !== 'none').length);
      expect(empty, design).toBe(0);
      for (const route of held.splice(0)) void route.abort().catch(() => undefined);
    }
    await context.close();
  });

  it('has no serious accessibility violations on the slideshow, carousel and grid', async () => {
    for (const path of ['/g-slideshow', '/g-carousel', '/g-layout-grid', '/g-layout-list']) {
      // The axe script is added inline, which the page's CSP would refuse.
      const { context, page } = await open(path, { ...desktop, bypassCSP: true });
      expect(await seriousViolations(page), path).toEqual([]);
      await context.close();
    }
  });

  it('loads at most 25 KB gzip of JavaScript before interaction on a page with a 60-image grid gallery, and on a slideshow page, the runtime included', async () => {
    for (const path of ['/g-grid-60', '/g-slideshow']) {
      const context = await visitorContext(env.browser(), env.site());
      const page = await context.newPage();
      await page.clock.install();
      const scripts = recordScripts(page);
      await page.goto(`${env.site().url}${path}`);
      await page.waitForLoadState('networkidle');
      await page.clock.runFor(60_000);
      await page.waitForLoadState('networkidle');
      const { external, total } = await scripts.read();
      expect(
        external.map((e) => e.url).some((u) => u.startsWith('/assets/island-gallery-')),
        `${path}: the gallery chunk ran`,
      ).toBe(true);
      expect(total, `${path}\n${external.map((e) => `${e.url} ${e.size}`).join('\n')}`).toBeLessThanOrEqual(25 * 1024);
      await context.close();
    }
  });
});
