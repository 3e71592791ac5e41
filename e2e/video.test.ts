/**
 * Video blocks as visitors get them in Chromium (seed 001 §3, §4, §9; seed 000 §3 census event 21):
 * the poster from the site's files under a real play button, and no request to any provider until
 * the visitor presses play (the providers' hosts are routed here, so nothing leaves the machine and
 * every request to them is seen); the player frame after play, over https, YouTube through its
 * no-cookie host; one video at a time, the others back to their poster and paused by message
 * (YouTube and Vimeo only); play by keyboard; the census video event; the seed's invalid-embed
 * text; no serious accessibility violations; the JavaScript a video page loads before interaction.
 * The page is set up by import, its embeds as the server stores them after a lookup.
 */
import type { BrowserContext, Frame, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../src/domain/block-types';
import { seriousViolations } from './axe';
import {
  changeSiteDocument,
  desktop,
  isBlockChunk,
  isPageRuntime,
  islandsReady,
  recordScripts,
  siteForFile,
  signInAsOwner,
  visitorContext,
  type DocumentBlock,
} from './harness';

const env = siteForFile();
const PATH = '/videos';
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIMEO = 'https://vimeo.com/76979871';
/** Every host a provider's player, poster or API lives on. */
const PROVIDER_HOST = /(^|\.)(youtube-nocookie\.com|youtube\.com|ytimg\.com|vimeo\.com|vimeocdn\.com|wistia\.(com|net)|animoto\.com)$/;

beforeAll(async () => {
  await changeSiteDocument(env.site(), (doc) => {
    const block = (n: number, data: Record<string, unknown>, layout: { x: number; y: number; w: number; h: number }): DocumentBlock => ({
      id: `e2e7000000000000000000a${n}`,
      type: BLOCK_TYPES.VIDEO,
      data,
      layout: { desktop: layout },
    });
    const blocks = [
      block(
        1,
        {
          url: YOUTUBE,
          mode: 'fit',
          aspect: 'video',
          caption: 'At the wheel',
          embed: { url: YOUTUBE, provider: 'youtube', title: 'Throwing a vase', width: 640, height: 360, poster: '/s/studio-hero.jpg' },
        },
        { x: 0, y: 0, w: 12, h: 14 },
      ),
      block(
        2,
        { url: VIMEO, mode: 'none', aspect: 'video', embed: { url: VIMEO, provider: 'vimeo', title: 'Glazing day', poster: '/s/studio-wheel.jpg' } },
        { x: 12, y: 0, w: 12, h: 14 },
      ),
      block(3, { url: 'https://example.com/our-film', mode: 'none', aspect: 'auto' }, { x: 0, y: 16, w: 8, h: 6 }),
    ];
    doc.pages.push({
      id: 'e2e7000000000000000000a0',
      pageType: 2,
      path: PATH,
      title: 'Videos',
      status: 1,
      seo: {},
      sections: [{ id: 'e2e7000000000000000000b0', theme: 'white', blocks }],
    } as never);
  });
});

/** A stand-in player for every provider host: it keeps each message it is sent. */
async function routeProviders(context: BrowserContext): Promise<Request[]> {
  const requests: Request[] = [];
  context.on('request', (r) => {
    if (PROVIDER_HOST.test(new URL(r.url()).hostname)) requests.push(r);
  });
  await context.route(
    (url) => PROVIDER_HOST.test(url.hostname),
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>player</title><body style="margin:0;background:#000"><script>window.got=[];addEventListener("message",(e)=>window.got.push(String(e.data)))</script></body>',
      }),
  );
  return requests;
}

/** A video block's box by its block number (its play button leaves the accessibility tree while it plays). */
const box = (page: Page, n: number) => page.locator(`#block-e2e7000000000000000000a${n} .video-box`);
const playerOf = (page: Page, host: string): Frame => page.frames().find((f) => f.url().includes(host))!;
const got = (frame: Frame) => frame.evaluate(() => (window as unknown as { got: string[] }).got);

describe('video blocks', () => {
  // covers 001-1.03, 001-3.10, 001-4.58, 001-4.59, 001-4.60, 001-4.61, 001-4.62, 001-4.63, 001-4.66, 001-4.68, 001-4.69, 001-4.70, 001-4.71, 001-9.14, 000-3.78
  it('shows posters with play buttons, asks no provider before play, and plays one video at a time', async () => {
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
    const providerRequests = await routeProviders(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const hits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/census/RecordHit')) hits.push(new URLSearchParams(r.postData() ?? '').get('event') ?? '');
    });
    await page.goto(`${env.site().url}${PATH}`);
    await islandsReady(page, ['video']);
    await page.waitForLoadState('networkidle');

    // The posters are the site's own files, under buttons named for each video.
    const vase = box(page, 1);
    const glazing = box(page, 2);
    expect(await vase.locator('img.video-poster').getAttribute('src')).toBe('/s/studio-hero.jpg');
    expect(await glazing.locator('img.video-poster').getAttribute('src')).toBe('/s/studio-wheel.jpg');
    expect(await vase.getAttribute('data-provider-name')).toBe('YouTube');
    expect(await vase.getAttribute('data-html')).toMatch(/^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByText('Invalid video embed.').isVisible()).toBe(true);
    // The shapes: the video's own (640x360), and 56.3% for an embed without dimensions.
    const ratio = (b: typeof vase) => b.evaluate((el) => el.getBoundingClientRect().height / el.getBoundingClientRect().width);
    expect(await ratio(vase)).toBeCloseTo(0.5625, 2);
    expect(await ratio(glazing)).toBeCloseTo(0.563, 2);
    expect(await vase.locator('.video-overlay').evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('1s');
    expect(await seriousViolations(page)).toEqual([]);
    expect(providerRequests.map((r) => r.url())).toEqual([]);

    // Click: the player comes, from the no-cookie host, with autoplay and the JS API; the poster fades.
    await page.getByRole('button', { name: 'Play video: Throwing a vase' }).click();
    const frame = vase.locator('iframe');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.origin).toBe('https://www.youtube-nocookie.com');
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(await frame.getAttribute('title')).toBe('Throwing a vase');
    expect(await vase.evaluate((el) => el.classList.contains('is-playing'))).toBe(true);
    await expect.poll(() => vase.locator('.video-overlay').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    await expect.poll(() => hits.includes('21')).toBe(true);
    expect(providerRequests.map((r) => new URL(r.url()).origin)).toEqual(['https://www.youtube-nocookie.com']);
    await expect.poll(() => playerOf(page, 'youtube-nocookie')?.evaluate(() => document.readyState)).toBe('complete');

    // Enter on the other video's button: it plays, and the first is back at its poster, paused by message.
    await page.getByRole('button', { name: 'Play video: Glazing day' }).focus();
    await page.keyboard.press('Enter');
    await glazing.locator('iframe').waitFor();
    expect(new URL((await glazing.locator('iframe').getAttribute('src'))!).origin).toBe('https://player.vimeo.com');
    expect(await vase.evaluate((el) => el.classList.contains('is-playing'))).toBe(false);
    await expect.poll(() => vase.locator('.video-overlay').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expect.poll(() => got(playerOf(page, 'youtube-nocookie'))).toEqual([JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] })]);
    await expect.poll(() => playerOf(page, 'player.vimeo.com')?.evaluate(() => document.readyState)).toBe('complete');

    // Space on the first again: its player resumes by message (no second frame), the Vimeo one pauses.
    await page.getByRole('button', { name: 'Play video: Throwing a vase' }).focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => got(playerOf(page, 'youtube-nocookie')))
      .toEqual([JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] }), JSON.stringify({ event: 'command', func: 'playVideo', args: [] })]);
    expect(await vase.locator('iframe').count()).toBe(1);
    await expect.poll(() => got(playerOf(page, 'player.vimeo.com'))).toEqual([JSON.stringify({ method: 'pause' })]);
    expect(hits.filter((h) => h === '21')).toHaveLength(3);
    await page.screenshot({ path: '/tmp/video-visitor-playing.png' });
    await context.close();
  });

  // covers 000-1.13, 000-7.30
  it('loads only the video chunk and no provider code before interaction, within 6 KB of JavaScript beyond the visitor runtime', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const providerRequests = await routeProviders(context);
    const page = await context.newPage();
    const recorded = recordScripts(page);
    await page.goto(`${env.site().url}${PATH}`);
    await islandsReady(page, ['video']);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: '/tmp/video-visitor.png' });
    const { external: scripts } = await recorded.read();
    const blockScripts = scripts.filter((s) => !isPageRuntime(s.url));
    expect(blockScripts.filter((s) => isBlockChunk(s.url)).map((s) => s.url.startsWith('/assets/island-video-'))).toEqual([true]);
    expect(scripts.filter((s) => /react|jsx-runtime/i.test(s.url))).toEqual([]);
    // What a video page adds to the visitor runtime: the video chunk and what it shares, gzip.
    const added = blockScripts.reduce((n, s) => n + s.size, 0);
    expect(added, JSON.stringify(blockScripts)).toBeLessThanOrEqual(6 * 1024);
    expect(providerRequests).toEqual([]);
    await context.close();
  });

  it("sits in the demo's text column: the video as wide as the words above it, from the same left edge", async () => {
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.site().url}/blocks/video`);
    const words = await page.locator('main .block-text').first().boundingBox();
    const video = await page.locator('main .block-video .video-stage > *').first().boundingBox();
    expect(Math.abs(video!.x - words!.x), JSON.stringify({ words, video })).toBeLessThanOrEqual(1);
    expect(Math.abs(video!.width - words!.width)).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('shows the block’s settings in the editor, from its fields', async () => {
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 } });
    const providerRequests = await routeProviders(context);
    const page = await context.newPage();
    await signInAsOwner(page, env.site());
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('button', { name: 'Edit Videos' }).click();
    const canvas = page.frameLocator('iframe[title="Page canvas"]');
    await canvas.getByRole('button', { name: 'Play video: Throwing a vase' }).waitFor();
    await canvas.locator('.block-video-frame').first().click();
    const panel = page.getByRole('complementary', { name: 'Video settings' });
    await panel.waitFor();
    expect(await panel.getByLabel('Video address').inputValue()).toBe(YOUTUBE);
    expect(await panel.getByLabel('Sizing').inputValue()).toBe('fit');
    expect(await panel.getByLabel('Shape').inputValue()).toBe('video');
    await page.screenshot({ path: '/tmp/video-editor.png' });
    expect(providerRequests).toEqual([]);
    await context.close();
  });
});
