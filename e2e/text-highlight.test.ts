/**
 * Text highlight in Chromium (seed 001 §3, §4, §9): a page whose text holds highlights (set up by
 * import) draws each as an SVG over its words, in the text's colour, 0.06em thick with square caps
 * and no blend by default; a highlight below the fold waits hidden and starts drawing 250 ms after
 * it is scrolled into view (draw from the left or the right over 0.75 s, fade, fadeScale from half
 * size); with reduced motion it is shown drawn at once; if the island never arrives, the 2 s watch
 * shows it drawn. A page without highlights fetches no highlight code. An owner highlights words
 * in the editor (select by keyboard, the toolbar's dialog by keyboard and mouse), publishes, and
 * visitors get the shape. Axe finds nothing serious on the page or in the dialog.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, isBlockChunk, siteForFile, signInAsOwner, visitorContext, type DocumentBlock, type DocumentPage } from './harness';

const env = siteForFile();
const hex = () => randomBytes(12).toString('hex');

const SHAPES = [
  'circle',
  'cross',
  'enclose',
  'jagged',
  'marker',
  'scribble',
  'strike',
  'strikeDiagonal',
  'underline',
  'underlineCurve',
  'underlineDouble',
  'wave',
] as const;

type Inline = { type: 'text'; text: string; marks?: unknown[] };
const plain = (text: string): Inline => ({ type: 'text', text });
const marked = (text: string, attrs: Record<string, unknown> = {}): Inline => ({ type: 'text', text, marks: [{ type: 'highlight', attrs }] });
const paragraph = (...content: Inline[]) => ({ type: 'paragraph', attrs: { textAlign: null }, content });
const textBlock = (y: number, h: number, ...content: unknown[]): DocumentBlock => ({
  id: hex(),
  type: 2,
  data: { text: { type: 'doc', content } },
  layout: { desktop: { x: 0, y, w: 24, h } },
});
const page = (path: string, title: string, sections: DocumentBlock[][]): DocumentPage => ({
  id: hex(),
  pageType: 2,
  path,
  title,
  status: 1,
  seo: {},
  sections: sections.map((blocks) => ({ id: hex(), theme: 'white', blocks })),
});

let ready: Promise<void> | undefined;
/** The test pages, imported once: every shape at the top (not animated), animated highlights below a tall spacer, and a page without any. */
function setUp(): Promise<void> {
  ready ??= changeSiteDocument(env.site(), (doc) => {
    const shapes = SHAPES.flatMap((shape, i) => [marked(`${shape}${i}`, { shape, isAnimationEnabled: false }), plain(' ')]);
    doc.pages.push(
      page('/highlight-test', 'Highlight test', [
        [textBlock(0, 6, paragraph(plain('Every shape: '), ...shapes)), { id: hex(), type: 21, data: {}, layout: { desktop: { x: 0, y: 6, w: 24, h: 60 } } }],
        [
          textBlock(
            0,
            4,
            paragraph(
              plain('Made '),
              marked('slowly and well'),
              plain(', glazed '),
              marked('by hand', { shape: 'underline', direction: 'left' }),
              plain(', '),
              marked('fired', { shape: 'circle', animation: 'fade' }),
              plain(' and '),
              marked('sold', { shape: 'strike', animation: 'fadeScale' }),
              plain(' here.'),
            ),
          ),
        ],
      ]),
      page('/highlight-plain', 'Highlight plain', [[textBlock(0, 4, paragraph(plain('Plain words to highlight in the editor.')))]]),
    );
  });
  return ready;
}

function scriptsOf(p: Page): string[] {
  const urls: string[] = [];
  p.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

const isTextChunk = (path: string) => /^\/assets\/island-text-[\w-]+\.js$/.test(path);
const svgOf = (p: Page, words: string) => p.locator('.text-highlight', { hasText: words }).locator('svg');
const opacityOf = (p: Page, words: string) => svgOf(p, words).evaluate((svg) => getComputedStyle(svg).opacity);

/** Records when `words` become visible, as the island sees it (half in view), for the start delay. */
async function watchVisible(p: Page, words: string): Promise<void> {
  await p.locator('.text-highlight', { hasText: words }).evaluate((el) => {
    const w = window as unknown as { visibleAt?: number };
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && w.visibleAt === undefined) w.visibleAt = performance.now();
      },
      { threshold: 0.5 },
    );
    io.observe(el);
  });
}

type Started = { startTime: number; duration: number; first: Record<string, unknown>; last: Record<string, unknown>; target: string | undefined };

/**
 * The script animations of each highlight's shape (its SVG and its paths), once all have started:
 * start time, duration, first and last keyframes, in one look so none has finished meanwhile. For
 * `half`, also how much of its stroke's dash offset is left half-way through (paused there, then finished).
 */
async function startedAnimations(p: Page, all: readonly string[], half: string): Promise<{ animations: Record<string, Started[]>; halfWay: number }> {
  return p.evaluate(
    async ({ all, half }) => {
      const svgOf = (words: string) => [...document.querySelectorAll('.text-highlight')].find((el) => el.textContent === words)!.querySelector('svg')!;
      const scripted = (el: Element) => el.getAnimations({ subtree: true }).filter((a) => !(a instanceof CSSAnimation));
      while (!all.every((words) => scripted(svgOf(words)).some((a) => a.startTime !== null))) await new Promise((r) => requestAnimationFrame(r));
      const animations = Object.fromEntries(
        all.map((words) => [
          words,
          scripted(svgOf(words)).map((a) => {
            const effect = a.effect as KeyframeEffect;
            const frames = effect.getKeyframes();
            return {
              startTime: a.startTime as number,
              duration: effect.getTiming().duration as number,
              first: frames[0]!,
              last: frames[frames.length - 1]!,
              target: effect.target?.nodeName,
            };
          }),
        ]),
      );
      const path = svgOf(half).querySelector('path')!;
      const animation = path.getAnimations()[0]!;
      animation.pause();
      animation.currentTime = (animation.effect!.getTiming().duration as number) / 2;
      const style = getComputedStyle(path);
      const halfWay = parseFloat(style.strokeDashoffset) / parseFloat(style.strokeDasharray);
      animation.finish();
      return { animations, halfWay };
    },
    { all, half },
  );
}

describe('text highlight', () => {
  // covers 001-3.66, 001-3.69, 001-3.70, 001-3.71, 001-3.72, 001-3.68
  it('draws every shape as an SVG over its words, in the text’s colour, 0.06em thick, square caps, no blend', { timeout: 30_000 }, async () => {
    await setUp();
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
    const p = await context.newPage();
    await p.goto(`${env.site().url}/highlight-test`);
    for (const [i, shape] of SHAPES.entries()) {
      const drawn = await svgOf(p, `${shape}${i}`).evaluate((svg) => {
        const path = svg.querySelector('path')!;
        const words = svg.parentElement!;
        const style = getComputedStyle(path);
        const box = svg.getBoundingClientRect();
        const text = words.getBoundingClientRect();
        return {
          shape: svg.dataset.shape,
          stroke: style.stroke,
          color: getComputedStyle(words).color,
          width: parseFloat(style.strokeWidth),
          fontSize: parseFloat(getComputedStyle(words).fontSize),
          linecap: style.strokeLinecap,
          blend: getComputedStyle(svg).mixBlendMode,
          opacity: getComputedStyle(svg).opacity,
          covers: box.width >= text.width - 1 && box.height >= text.height - 1,
          hidden: svg.getAttribute('aria-hidden'),
        };
      });
      // The marker is a flat-ended band behind its words; every other shape's stroke is 0.06em with square caps.
      expect(drawn, shape).toMatchObject({
        shape,
        stroke: drawn.color,
        linecap: shape === 'marker' ? 'butt' : 'square',
        blend: 'normal',
        opacity: '1',
        covers: true,
        hidden: 'true',
      });
      if (shape !== 'marker') expect(drawn.width, shape).toBeCloseTo(drawn.fontSize * 0.06, 1);
    }
    expect(await seriousViolations(p)).toEqual([]);
    await context.close();
  });

  // covers 001-4.97, 001-3.73, 001-3.74, 001-3.75, 001-4.94, 001-4.95, 001-4.96, 001-3.67
  it('waits hidden below the fold, then starts 250 ms after being scrolled into view: draw from the left or right over 0.75 s, fade, fadeScale from half size', {
    timeout: 30_000,
  }, async () => {
    await setUp();
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const p = await context.newPage();
    await p.goto(`${env.site().url}/highlight-test`);
    await p.waitForLoadState('networkidle');
    const below = p.locator('.text-highlight', { hasText: 'slowly and well' });
    expect((await below.boundingBox())!.y).toBeGreaterThan(desktop.viewport!.height);
    await watchVisible(p, 'slowly and well');
    // Taken over by the island out of view: the stylesheet's 2 s watch no longer runs on it and nothing
    // else does, so it stays hidden however long the visitor waits above it.
    await expect.poll(() => svgOf(p, 'slowly and well').evaluate((svg) => svg.classList.contains('is-watched'))).toBe(true);
    expect(await opacityOf(p, 'slowly and well')).toBe('0');
    expect(await svgOf(p, 'slowly and well').evaluate((svg) => svg.getAnimations({ subtree: true }).length)).toBe(0);

    await below.scrollIntoViewIfNeeded();
    const { animations, halfWay } = await startedAnimations(p, ['slowly and well', 'by hand', 'fired', 'sold'], 'by hand');
    const visibleAt = await p.evaluate(() => (window as unknown as { visibleAt: number }).visibleAt);
    const wave = animations['slowly and well']!;
    expect(wave).toHaveLength(1);
    const delay = wave[0]!.startTime - visibleAt;
    expect(delay).toBeGreaterThanOrEqual(240);
    expect(delay).toBeLessThan(450);
    // Draw, to the right, over 0.75 s: the dash offset runs from the stroke's length (only the gap
    // shows) to 0, so the stroke grows from its start at the left edge.
    expect(wave[0]).toMatchObject({ duration: 750, target: 'path' });
    const length = parseFloat(String(wave[0]!.first.strokeDashoffset));
    expect(length).toBeGreaterThan((await below.boundingBox())!.width);
    expect(parseFloat(String(wave[0]!.last.strokeDashoffset))).toBe(0);
    // Direction left: from the right edge (a negative offset reveals the stroke from its end), and
    // progressively: half-way through, half the stroke is still to come.
    expect(parseFloat(String(animations['by hand']![0]!.first.strokeDashoffset))).toBeLessThan(0);
    expect(halfWay).toBeGreaterThan(-0.75);
    expect(halfWay).toBeLessThan(-0.25);
    // Fade: opacity 0 to 1 on the shape; fadeScale also from half size.
    const fade = animations.fired!;
    expect(fade[0]).toMatchObject({ target: 'svg', duration: 750 });
    expect([fade[0]!.first.opacity, fade[0]!.last.opacity].map(String)).toEqual(['0', '1']);
    const fadeScale = animations.sold!;
    expect([fadeScale[0]!.first.opacity, fadeScale[0]!.last.opacity].map(String)).toEqual(['0', '1']);
    expect(fadeScale[0]!.first.transform).toBe('scale(0.5)');
    expect(fadeScale[0]!.last.transform).toBe('scale(1)');
    // Once done, every shape is drawn.
    await p.waitForFunction(() =>
      document
        .getAnimations()
        .filter((a) => !(a instanceof CSSAnimation))
        .every((a) => a.playState === 'finished'),
    );
    for (const words of ['slowly and well', 'by hand', 'fired', 'sold']) expect(await opacityOf(p, words), words).toBe('1');
    await context.close();
  });

  // covers 001-9.75
  it('shows highlights drawn at once with reduced motion, and after the 2 s watch when its code never arrives', { timeout: 30_000 }, async () => {
    await setUp();
    const still = await visitorContext(env.browser(), env.site(), { ...desktop, reducedMotion: 'reduce' });
    const p = await still.newPage();
    await p.goto(`${env.site().url}/highlight-test`);
    await p.locator('.text-highlight', { hasText: 'slowly and well' }).scrollIntoViewIfNeeded();
    await p.locator('[data-island="text"][data-island-ready]').last().waitFor({ state: 'attached' });
    expect(await opacityOf(p, 'slowly and well')).toBe('1');
    expect(await p.evaluate(() => document.getAnimations().length)).toBe(0);
    await still.close();

    const context = await visitorContext(env.browser(), env.site(), desktop);
    const q = await context.newPage();
    await q.route(/\/assets\/island-text-/, (route) => route.abort());
    // Read as soon as the shape is there, with the watch's own clock (a CSS animation): hidden while under 2 s.
    await q.goto(`${env.site().url}/highlight-test`, { waitUntil: 'commit' });
    const early = await svgOf(q, 'slowly and well').evaluate((svg) => {
      const watch = svg.getAnimations().find((a) => (a as CSSAnimation).animationName === 'text-highlight-watch');
      return { opacity: getComputedStyle(svg).opacity, underTwoSeconds: Number(watch?.currentTime) < 2000 };
    });
    expect(early).toEqual({ opacity: '0', underTwoSeconds: true });
    await q.waitForFunction(() => getComputedStyle(document.querySelector('svg[data-animation]')!).opacity === '1', undefined, { timeout: 4000 });
    await context.close();
  });

  // covers 000-1.13 for highlights: the island loads only where a highlight is
  it('fetches no highlight code on a page without highlights, and the text island on one with them', { timeout: 20_000 }, async () => {
    await setUp();
    const context = await visitorContext(env.browser(), env.site(), desktop);
    for (const [path, expected] of [
      ['/highlight-plain', false],
      ['/highlight-test', true],
    ] as const) {
      const p = await context.newPage();
      const scripts = scriptsOf(p);
      await p.goto(`${env.site().url}${path}`);
      await p.waitForLoadState('networkidle');
      const islands = await p
        .locator('script#islands')
        .evaluate((s) => Object.keys(JSON.parse(s.textContent ?? '{}') as object))
        .catch((): string[] => []);
      expect(islands.includes('text'), path).toBe(expected);
      expect(scripts.filter(isTextChunk).length, path).toBe(expected ? 1 : 0);
      if (!expected) expect(scripts.filter(isBlockChunk), path).toEqual([]);
      expect(await p.locator('[data-island="text"]').count(), path).toBe(expected ? 2 : 0);
      await p.close();
    }
    await context.close();
  });

  // covers 001-1.12, 001-3.68
  it('an owner highlights words in the editor and the published page draws them', { timeout: 60_000 }, async () => {
    await setUp();
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const p = await context.newPage();
    await signInAsOwner(p, env.site());
    await p.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
    await p.getByRole('button', { name: 'Edit Highlight plain' }).click();
    const canvas = p.frameLocator('iframe[title="Page canvas"]');
    const block = canvas.locator('.block-text-frame', { hasText: 'Plain words' });
    await block.click();
    await block.locator('p').click();
    const words = block.getByRole('textbox', { name: 'Text' });
    await words.waitFor();
    // Select "highlight" by keyboard: from the end, past " in the editor.", then the word.
    await p.keyboard.press('Control+End');
    for (let i = 0; i < ' in the editor.'.length; i++) await p.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'highlight'.length; i++) await p.keyboard.press('Shift+ArrowLeft');

    const panel = p.getByRole('complementary', { name: 'Text settings' });
    await panel.getByRole('button', { name: 'Highlight', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: 'Text highlight' });
    await dialog.waitFor();
    // A new highlight starts as the seed's defaults.
    expect(await dialog.getByLabel('Shape').inputValue()).toBe('wave');
    expect(await dialog.getByLabel('Thickness').inputValue()).toBe('0.06em');
    expect(await dialog.getByLabel('Duration (seconds)').inputValue()).toBe('0.75');
    expect(await seriousViolations(p)).toEqual([]);
    // A thickness the rules refuse is refused with its message, in the dialog.
    await dialog.getByLabel('Thickness').fill('3em');
    await dialog.getByRole('button', { name: 'Apply highlight' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Give a thickness from 0.01em to 1em' }).waitFor();
    await dialog.getByLabel('Thickness').fill('0.1em');
    // By keyboard: the shape chosen with the arrow keys, Enter applies.
    await dialog.getByLabel('Shape').focus();
    await dialog.getByLabel('Shape').selectOption('circle');
    await dialog.getByLabel('Colour').selectOption('accent');
    await dialog.getByLabel('Thickness').press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await block.locator('.text-highlight-editing', { hasText: 'highlight' }).waitFor();
    await p.keyboard.press('Escape');
    await words.waitFor({ state: 'detached' });
    // Closed, the canvas shows the shape as visitors will.
    await block.locator('svg[data-shape="circle"]').waitFor();
    await p
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .waitFor({ timeout: 15_000 });

    await p.getByRole('button', { name: 'Publish' }).click();
    await p.getByRole('dialog', { name: 'Publish this page?' }).getByRole('button', { name: 'Publish' }).click();
    await p.getByText('Published. Visitors now see this version.').first().waitFor();

    // A visitor of its own: the signed-in owner would be taken to the config area.
    const visitor = await (await visitorContext(env.browser(), env.site())).newPage();
    await visitor.goto(`${env.site().url}/highlight-plain`);
    const shape = visitor.locator('.text-highlight', { hasText: 'highlight' }).locator('svg');
    expect(await shape.getAttribute('data-shape')).toBe('circle');
    expect(await shape.getAttribute('class')).toContain('text-highlight-color-accent');
    expect(await shape.locator('g').getAttribute('stroke-width')).toBe('0.1em');
    await visitor.waitForFunction(() => getComputedStyle(document.querySelector('svg[data-animation]')!).opacity === '1');
    await visitor.context().close();
    await context.close();
  });
});
