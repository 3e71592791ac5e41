/**
 * The gallery block in Chromium, on pages set up by import with images uploaded once each through
 * the files API: the slideshow, carousel and slider moved by their buttons, the arrow keys and
 * touch swipes (with the index rules: refused while in motion, clamped with the disabled markers),
 * autoplay and nomotion=true, the itemId address both ways, the grid's lazy loading, no layout
 * shift on any layout while every image response is held back, no serious axe violations, and the
 * JavaScript a page with a 60-image grid gallery loads before interaction (at most 25 KB gzip,
 * the visitor runtime included).
 */
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { request, type CDPSession, type Page, type Route } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, islandsReady, printed, serverAndBrowserPerFile, visitorContext, type DocumentBlock } from './harness';

const env = serverAndBrowserPerFile();
const GALLERY = 6;
/** The images uploaded: small (≤ 400 px), each a different colour and shape. */
const FILES = Array.from({ length: 12 }, (_, i) => ({ name: `gallery-e2e-${i + 1}.png`, width: i % 3 === 0 ? 300 : 400, height: i % 3 === 1 ? 400 : 260, hue: (i * 30) % 360 }));
const LAYOUTS = ['grid', 'autogrid', 'autocolumns', 'autorows', 'carousel', 'list', 'slideshow', 'slider', 'stacked'] as const;

let seq = 0;
const hexId = () => (0xe2e0000000 + seq++).toString(16).padStart(24, '0');

function images(n: number, extra: (i: number) => Record<string, unknown> = () => ({})) {
  return Array.from({ length: n }, (_, i) => ({ src: `/s/${FILES[i % FILES.length]!.name}`, alt: `Sample picture ${i + 1}`, ...extra(i) }));
}

function galleryPage(path: string, data: Record<string, unknown>, opts: { before?: boolean; h?: number } = {}) {
  const gallery: DocumentBlock = { id: hexId(), type: GALLERY, data, layout: { desktop: { x: 0, y: 0, w: 24, h: opts.h ?? 30 } } };
  const sections = [];
  // A first section (a spacer), so the gallery is not in the page's first section (its images wait for the loader).
  if (opts.before !== false) sections.push({ id: hexId(), theme: 'white', blocks: [{ id: hexId(), type: 21, data: {}, layout: { desktop: { x: 0, y: 0, w: 24, h: 4 } } }] });
  sections.push({ id: hexId(), theme: 'white', blocks: [gallery] });
  return { id: hexId(), pageType: 2, path, title: `Gallery ${path}`, status: 1, seo: {}, sections };
}

async function upload() {
  const server = env.server();
  const http = await request.newContext({ baseURL: server.url });
  await http.get('/');
  const crumb = async () => (await http.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const login = await http.post('/api/auth/Login', { headers: { 'x-csrf-token': await crumb() }, data: { email: printed(server.output(), 'First owner'), password: printed(server.output(), 'Password') } });
  expect(login.ok()).toBe(true);
  for (const f of FILES) {
    const png = await sharp({ create: { width: f.width, height: f.height, channels: 3, background: `hsl(${f.hue}, 45%, 55%)` } })
      .composite([{ input: Buffer.from(`<svg width="${f.width}" height="${f.height}"><circle cx="${f.width / 2}" cy="${f.height / 2}" r="${Math.min(f.width, f.height) / 3}" fill="hsl(${(f.hue + 180) % 360}, 40%, 35%)"/></svg>`) }])
      .png()
      .toBuffer();
    const res = await http.post('/api/config/files', {
      headers: { 'x-csrf-token': await crumb(), 'x-file-name': encodeURIComponent(f.name), 'x-file-type': 'image/png', 'content-type': 'application/octet-stream' },
      data: png,
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // The image worker makes each file's copies in the background: the pages are set up once it has finished.
  await vi.waitFor(
    async () => {
      const { files } = (await (await http.get('/api/config/files')).json()) as { files: { status: string }[] };
      if (files.some((f) => f.status === 'processing')) throw new Error('the image worker is still making copies');
    },
    { timeout: 30_000, interval: 300 },
  );
  await http.dispose();
}

beforeAll(async () => {
  await upload();
  await changeSiteDocument(env.server(), (doc) => {
    doc.pages.push(galleryPage('/g-grid-60', { images: images(60), design: 'grid' }, { h: 60 }));
    doc.pages.push(galleryPage('/g-slideshow', { images: images(5, (i) => (i === 2 ? { slug: 'harbour', title: 'The harbour', description: 'Morning light' } : {})), design: 'slideshow', historyHash: true }));
    doc.pages.push(galleryPage('/g-autoplay', { images: images(5), design: 'slideshow', autoplay: true, 'autoplay-duration': 1 }));
    doc.pages.push(galleryPage('/g-carousel', { images: images(8), design: 'carousel' }));
    doc.pages.push(galleryPage('/g-slider', { images: images(6), design: 'slider', currentClick: 'next' }));
    for (const design of LAYOUTS) doc.pages.push(galleryPage(`/g-layout-${design}`, { images: images(design === 'list' || design === 'stacked' ? 4 : 12, (i) => ({ title: `Piece ${i + 1}`, description: 'Stoneware, glazed' })), design }, { h: 40 }));
  });
}, 60_000);

const counter = (page: Page) => page.locator('.gallery-counter').textContent();
/** Until the gallery's move (its transition's length) is over: a move asked for during one is refused. */
const settledMove = (page: Page) => expect.poll(() => page.locator('[data-in-motion]').count()).toBe(0);
/** Two frames: what a key or a touch did is on the page by then. */
const frames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
const activeIndex = (page: Page) => page.locator('.gallery-slide').evaluateAll((slides) => slides.findIndex((s) => s.classList.contains('sqs-active-slide')));

async function open(path: string, opts = desktop) {
  const context = await visitorContext(env.browser(), env.server(), opts);
  const page = await context.newPage();
  await page.goto(`${env.server().url}${path}`);
  await page.locator('[data-island="gallery"]').scrollIntoViewIfNeeded();
  await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
  return { context, page };
}

/** A touch swipe of `dx` px over `ms`, sent as the browser's own touch events (CDP), at the element's centre. */
async function swipe(page: Page, cdp: CDPSession, selector: string, dx: number, ms: number) {
  const box = (await page.locator(selector).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  const steps = 4;
  for (let i = 1; i <= steps; i++) {
    await new Promise((r) => setTimeout(r, ms / steps));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / steps, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

describe('the slideshow', () => {
  // covers 001-4.27, 001-4.28, 001-4.05, 001-4.06, 001-4.12, 001-4.03, 001-3.20, 001-3.21, 001-9.06, 001-4.08, 001-3.24, 001-9.02, 001-4.25
  it('moves by buttons and keys, refuses a second move mid-transition, and stays at the ends with the controls disabled', async () => {
    const { context, page } = await open('/g-slideshow');
    const next = page.getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    expect(await counter(page)).toBe('1 of 5');
    expect(await previous.isDisabled()).toBe(true);
    // Two clicks during the one-second fade: one move.
    await next.click();
    await next.click();
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

  // covers 001-2.01, 001-2.08, 001-2.03, 001-3.18
  it('opens on the slide the itemId names, by id or url, and writes the current slide to the hash', async () => {
    const { context, page } = await open('/g-slideshow#itemId=harbour');
    expect(await counter(page)).toBe('3 of 5');
    const ids = await page.locator('.gallery-slide').evaluateAll((s) => s.map((e) => e.getAttribute('data-slide-id')!));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#itemId=${ids[3]}`);
    await page.goto(`${env.server().url}/g-slideshow#itemId=${ids[1]}`);
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

  // covers 001-4.14, 001-3.32, 001-2.09, 001-9.03
  it('autoplays every autoplay-duration seconds, but not with nomotion=true', async () => {
    for (const [query, expected] of [['', '2 of 5'], ['?nomotion=true', '1 of 5']] as const) {
      const context = await visitorContext(env.browser(), env.server());
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(`${env.server().url}/g-autoplay${query}`);
      await page.locator('[data-island="gallery"]').scrollIntoViewIfNeeded();
      await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
      await page.mouse.move(0, 0);
      await page.clock.runFor(1100);
      expect(await counter(page)).toBe(expected);
      await context.close();
    }
    // A gallery without autoplay stays where it is.
    const context = await visitorContext(env.browser(), env.server());
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${env.server().url}/g-slideshow`);
    await page.locator('[data-island="gallery"]').scrollIntoViewIfNeeded();
    await page.locator('[data-island="gallery"][data-island-ready]').waitFor();
    await page.clock.runFor(1200);
    expect(await counter(page)).toBe('1 of 5');
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
    const started = () => page.locator('.gallery-slide img').evaluateAll((imgs) => imgs.filter((i) => i.hasAttribute('src')).length);
    await expect.poll(started).toBeGreaterThan(0);
    const first = await started();
    expect(first).toBeLessThan(30);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(started).toBeGreaterThan(first);
    // Addresses come from each slide's data-src.
    const pairs = await page.locator('.gallery-slide').evaluateAll((slides) => slides.filter((s) => s.querySelector('img[src]')).map((s) => [s.getAttribute('data-src'), s.querySelector('img')!.getAttribute('src')]));
    for (const [dataSrc, src] of pairs) expect(src).toBe(dataSrc);
    await context.close();
  });

  // covers 001-2.21, 001-9.56, 001-9.57, 001-9.58
  it('shifts nothing on any layout while the image responses are held back', { timeout: 60_000 }, async () => {
    const context = await visitorContext(env.browser(), env.server());
    const page = await context.newPage();
    const held: Route[] = [];
    await page.route(/\/s\/.*\.(png|avif|webp)/, (route) => void held.push(route));
    for (const design of LAYOUTS) {
      await page.goto(`${env.server().url}/g-layout-${design}`);
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
            type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                if (entry.hadRecentInput || entry.startTime < from) continue;
                const what = entry.sources.map((s) => `${(s.node as Element | undefined)?.className ?? s.node?.nodeName} ${s.previousRect.y}->${s.currentRect.y} ${s.previousRect.height}->${s.currentRect.height}`);
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
      const empty = await page.locator('.gallery-slide img:not(noscript img)').evaluateAll((imgs) => imgs.filter((i) => i.getBoundingClientRect().height === 0 && getComputedStyle(i).display !== 'none').length);
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

  it('loads at most 25 KB gzip of JavaScript before interaction on a page with a 60-image grid gallery, the runtime included', async () => {
    const context = await visitorContext(env.browser(), env.server());
    const page = await context.newPage();
    await page.clock.install();
    const bodies: Promise<{ url: string; size: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().then((b) => ({ url: new URL(res.url()).pathname, size: gzipSync(b).length })));
    });
    await page.goto(`${env.server().url}/g-grid-60`);
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(60_000);
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module').map((s) => s.textContent ?? ''));
    const external = await Promise.all(bodies);
    const total = external.reduce((n, b) => n + b.size, 0) + inline.reduce((n, s) => n + gzipSync(s).length, 0);
    expect(external.map((e) => e.url).some((u) => u.startsWith('/assets/island-gallery-')), 'the gallery chunk ran').toBe(true);
    expect(total, external.map((e) => `${e.url} ${e.size}`).join('\n')).toBeLessThanOrEqual(25 * 1024);
    await context.close();
  });
});
