/**
 * Video slides in galleries, in Chromium (seed 001 §3, §4): a gallery shows images and videos, each
 * video slide a poster from the site's files under a play control; no request reaches a provider
 * before the visitor presses play (every provider host is routed here and recorded, so nothing
 * leaves the machine); play by click, Enter or Space; the poster fades over 1 s; leaving the slide
 * stops the video and brings its poster back; the slider stops videos on inactive slides; a click
 * on a slideshow's video slide does not advance it; autoplay is off while a video shows and comes
 * back after. The pages are set up by import, with embeds as the save-time lookup stores them.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, pauseClock, siteForFile, stepClockUntil, visitorContext } from './harness';

const env = siteForFile();
const GALLERY = 6;
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIMEO = 'https://vimeo.com/76979871';
const PROVIDER_HOST = /(^|\.)(youtube-nocookie\.com|youtube\.com|ytimg\.com|vimeo\.com|vimeocdn\.com|wistia\.(com|net)|animoto\.com)$/;

let seq = 0;
const hexId = () => (0xe2e9000000 + seq++).toString(16).padStart(24, '0');
const image = (name: string, alt: string) => ({ src: `/s/${name}`, alt });
const vimeo = {
  src: '',
  alt: '',
  video: VIMEO,
  embed: { url: VIMEO, provider: 'vimeo', title: 'Glazing day', width: 640, height: 360, poster: '/s/studio-wheel.jpg' },
};
/** A video whose poster could not be copied: a dark box of the video's shape under the play control. */
const youtube = { src: '', alt: '', video: YOUTUBE, embed: { url: YOUTUBE, provider: 'youtube', title: 'Throwing a vase' } };

function galleryPage(path: string, data: Record<string, unknown>) {
  const block = { id: hexId(), type: GALLERY, data, layout: { desktop: { x: 0, y: 0, w: 24, h: 30 } } };
  return { id: hexId(), pageType: 2, path, title: `Gallery ${path}`, status: 1, seo: {}, sections: [{ id: hexId(), theme: 'white', blocks: [block] }] };
}

beforeAll(async () => {
  await changeSiteDocument(env.site(), (doc) => {
    doc.pages.push(
      galleryPage('/gv-slideshow', {
        design: 'slideshow',
        images: [image('glaze-tests.jpg', 'Glaze test tiles'), vimeo, youtube, image('teapot.jpg', 'A teapot')],
      }) as never,
    );
    doc.pages.push(
      galleryPage('/gv-slider', { design: 'slider', images: [vimeo, image('teapot.jpg', 'A teapot'), image('glaze-tests.jpg', 'Glaze test tiles')] }) as never,
    );
    doc.pages.push(
      galleryPage('/gv-autoplay', {
        design: 'slideshow',
        autoplay: true,
        'autoplay-duration': 1,
        images: [vimeo, image('teapot.jpg', 'A teapot'), image('glaze-tests.jpg', 'Glaze test tiles')],
      }) as never,
    );
    doc.pages.push(galleryPage('/gv-grid', { design: 'grid', slidesPerRow: 3, images: [vimeo, youtube, image('teapot.jpg', 'A teapot')] }) as never);
  });
}, 60_000);

/** A stand-in player for every provider host, and the list of requests any of them got. */
async function routeProviders(context: BrowserContext): Promise<Request[]> {
  const requests: Request[] = [];
  context.on('request', (r) => {
    if (PROVIDER_HOST.test(new URL(r.url()).hostname)) requests.push(r);
  });
  await context.route(
    (url) => PROVIDER_HOST.test(url.hostname),
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><body style="margin:0;background:#000"></body>' }),
  );
  return requests;
}

async function open(path: string, clock = false) {
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
  const requests = await routeProviders(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  // A paused clock (harness `pauseClock`) moves only as the test runs it: a slow load lets no autoplay timer fire early.
  if (clock) await pauseClock(page);
  await page.goto(`${env.site().url}${path}`);
  const awake = page.locator('[data-island="gallery"][data-island-ready]');
  if (clock) await stepClockUntil(page, async () => (await awake.count()) > 0, 'the gallery waking');
  else await awake.waitFor();
  return { context, page, requests };
}

const slide = (page: Page, n: number) => page.locator('.gallery-slide').nth(n);
const counter = (page: Page) => page.locator('.gallery-counter').textContent();
const settled = (page: Page) => expect.poll(() => page.locator('[data-in-motion]').count()).toBe(0);
const activeIndex = (page: Page) => page.locator('.gallery-slide').evaluateAll((slides) => slides.findIndex((s) => s.classList.contains('sqs-active-slide')));
const posterOpacity = (page: Page, n: number) =>
  slide(page, n)
    .locator('.gallery-frame > picture, .gallery-frame > img, .gallery-video-blank')
    .first()
    .evaluate((el) => getComputedStyle(el).opacity);
/** Away from the gallery: no pointer over it and no focus in it (either pauses autoplay). */
async function leave(page: Page) {
  await page.mouse.move(2, 2);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

describe('video slides', () => {
  // covers 001-1.01, 001-3.07, 001-3.09, 001-4.13, 001-4.52, 001-9.14 (poster fade 1 s), and no provider request before play
  it('slideshow: shows images and videos, asks no provider before play, plays on Enter or Space, does not advance on a click, stops when left', async () => {
    const { context, page, requests } = await open('/gv-slideshow');
    expect(await page.locator('.gallery-slide').evaluateAll((s) => s.map((e) => e.getAttribute('data-type')))).toEqual(['image', 'video', 'video', 'image']);
    expect(await slide(page, 1).getAttribute('data-video-src')).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(await page.locator('iframe').count()).toBe(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await settled(page);
    expect(await counter(page)).toBe('2 of 4');
    const play = page.getByRole('button', { name: 'Play video: Glazing day' });
    await expect.poll(() => play.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // A click on the video slide (beside its play control) does not advance the slideshow.
    await slide(page, 1).click({ position: { x: 20, y: 20 } });
    expect(await counter(page)).toBe('2 of 4');
    expect(
      await slide(page, 1)
        .locator('.gallery-frame > picture, .gallery-frame > img')
        .first()
        .evaluate((el) => getComputedStyle(el).transitionDuration),
    ).toMatch(/^1s/);
    expect(requests.map((r) => r.url())).toEqual([]);
    await page.screenshot({ path: '/tmp/gallery-video-poster.png' });

    // Enter on the play control: the player comes in now, from the player host, and the poster fades out.
    await play.focus();
    await page.keyboard.press('Enter');
    const frame = slide(page, 1).locator('iframe.gallery-player');
    await frame.waitFor();
    expect(await frame.getAttribute('title')).toBe('Glazing day');
    await expect.poll(() => posterOpacity(page, 1)).toBe('0');
    await expect.poll(() => requests.map((r) => new URL(r.url()).origin)).toEqual(['https://player.vimeo.com']);
    expect(await counter(page)).toBe('2 of 4');

    // Leaving the slide stops the video: its player goes and its poster is back.
    await page.getByRole('button', { name: 'Next' }).click();
    await settled(page);
    expect(await counter(page)).toBe('3 of 4');
    expect(await slide(page, 1).locator('iframe').count()).toBe(0);
    await expect.poll(() => posterOpacity(page, 1)).toBe('1');

    // Space on a video without a poster: YouTube through its no-cookie host.
    await page.getByRole('button', { name: 'Play video: Throwing a vase' }).focus();
    await page.keyboard.press('Space');
    const tube = slide(page, 2).locator('iframe.gallery-player');
    await tube.waitFor();
    expect(new URL((await tube.getAttribute('src'))!).origin).toBe('https://www.youtube-nocookie.com');
    await context.close();
  });

  // covers 001-4.55
  it('slider: a video playing on a slide stops when another slide is made current', async () => {
    const { context, page, requests } = await open('/gv-slider');
    expect(requests).toHaveLength(0);
    await page.getByRole('button', { name: 'Play video: Glazing day' }).click();
    await slide(page, 0).locator('iframe').waitFor();
    // On its visible part: the slider shows the next slide beside the current one.
    await slide(page, 1).click({ position: { x: 30, y: 100 } });
    await expect.poll(() => activeIndex(page)).toBe(1);
    expect(await slide(page, 0).locator('iframe').count()).toBe(0);
    expect(await slide(page, 0).evaluate((el) => el.classList.contains('gallery-playing'))).toBe(false);
    await context.close();
  });

  // covers 001-4.17, 001-9.05
  it('autoplay: holds while a video shows, and moves on again once it is left', async () => {
    const { context, page } = await open('/gv-autoplay', true);
    await page.getByRole('button', { name: 'Play video: Glazing day' }).click();
    await stepClockUntil(page, async () => (await slide(page, 0).locator('iframe').count()) > 0, 'the video shown');
    await leave(page);
    // Two and a half autoplay periods on the page's clock: the showing video holds the slideshow.
    await page.clock.runFor(2_500);
    expect(await activeIndex(page)).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await leave(page);
    expect(await slide(page, 0).locator('iframe').count()).toBe(0);
    // The pointer left: autoplay resumes a second later, then every second (within 4 s of the page's time).
    const left = await page.evaluate(() => Date.now());
    await stepClockUntil(page, async () => (await activeIndex(page)) === 2, 'autoplay moving on');
    expect((await page.evaluate(() => Date.now())) - left).toBeLessThanOrEqual(4_000);
    await context.close();
  });

  // covers 001-4.61 for slides (showing one video returns the others to their poster)
  it('grid: playing one video returns the other to its poster', async () => {
    const { context, page } = await open('/gv-grid');
    await page.getByRole('button', { name: 'Play video: Glazing day' }).click();
    await slide(page, 0).locator('iframe').waitFor();
    await page.getByRole('button', { name: 'Play video: Throwing a vase' }).click();
    await slide(page, 1).locator('iframe').waitFor();
    expect(await slide(page, 0).locator('iframe').count()).toBe(0);
    await expect.poll(() => posterOpacity(page, 0)).toBe('1');
    await context.close();
  });
});
