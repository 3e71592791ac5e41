/**
 * Site animations and anchor scrolling (seed 000 §9, seed 001 §9), in Chromium, on a page whose
 * first block links to a block far below it. With the design's scale animation, a block below the
 * fold waits at scale(0.94), hidden, and runs to its place over 0.3 s once scrolled into view;
 * nothing moves for a visitor who prefers reduced motion or asks for `nomotion=true`, and without
 * JavaScript every block is there at rest. An anchor link scrolls for about 300 ms and stops with
 * its target 30 px below the sticky header (below the window's top when the header scrolls away);
 * under reduced motion it jumps there.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeSiteDocument, desktop, islandsReady, siteForFile, visitorContext } from './harness';
import { anchorPage, publishDesign } from './site-motion';

const env = siteForFile();
const PATH = '/motion';
const { page: motionPage, targetId } = anchorPage(PATH, 1);

beforeAll(async () => {
  await changeSiteDocument(env.site(), (doc) => {
    doc.pages.push(motionPage);
  });
});

async function open(opts: BrowserContextOptions = {}, query = ''): Promise<Page> {
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, ...opts });
  const page = await context.newPage();
  await page.goto(`${env.site().url}${PATH}${query}`);
  if (opts.javaScriptEnabled !== false) await islandsReady(page, ['motion', 'anchor-scroll']);
  return page;
}

/** The frame of the block holding the heading `name`. */
const blockWith = (page: Page, name: string) => page.locator('.block').filter({ has: page.getByRole('heading', { name }) });

const restState = (page: Page, name: string) =>
  blockWith(page, name).evaluate((el) => {
    const s = getComputedStyle(el);
    return { transform: s.transform, opacity: s.opacity, hidden: el.classList.contains('motion-pending') };
  });

type Run = { block: string; property: string; duration: number; from: string };

/** From now on, every transition that starts on the page, with its duration and the value it starts from. */
async function recordTransitions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const runs: Run[] = ((window as { runs?: Run[] }).runs = []);
    document.addEventListener(
      'transitionrun',
      (event) => {
        const el = event.target as HTMLElement;
        const transition = el.getAnimations().find((a) => a instanceof CSSTransition && a.transitionProperty === event.propertyName);
        const effect = transition?.effect as KeyframeEffect | undefined;
        const first = effect?.getKeyframes()[0] as Record<string, unknown> | undefined;
        runs.push({ block: el.id, property: event.propertyName, duration: Number(effect?.getTiming().duration), from: String(first?.[event.propertyName]) });
      },
      true,
    );
  });
}

const transitionsRun = (page: Page) => page.evaluate(() => (window as { runs?: Run[] }).runs!);

/** Scrolls the block into view and lets two frames pass, in which a transition it gets would start. */
async function scrollToBlock(page: Page, name: string): Promise<void> {
  await blockWith(page, name).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The page was rendered with the scale animation, and nothing on it is hidden or moves. */
async function expectStill(page: Page): Promise<void> {
  expect(await page.locator('[data-island="motion"]').getAttribute('data-animation')).toBe('scale');
  await recordTransitions(page);
  expect(await page.locator('.motion-pending').count()).toBe(0);
  expect(await page.locator('html').getAttribute('data-site-animation')).toBeNull();
  expect(await restState(page, 'Kiln notes')).toEqual({ transform: 'none', opacity: '1', hidden: false });
  await scrollToBlock(page, 'Kiln notes');
  expect(await restState(page, 'Kiln notes')).toEqual({ transform: 'none', opacity: '1', hidden: false });
  expect(await transitionsRun(page)).toEqual([]);
}

describe('site animations', () => {
  beforeAll(async () => {
    await publishDesign(env.site(), { animation: 'scale', stickyHeader: true }, PATH);
  });

  // covers 000-9.49, 000-9.50, 001-9.71
  it('runs a block scrolled into view from scale(0.94) over 0.3 s; blocks in view at load stay at rest', async () => {
    const page = await open();
    expect(await restState(page, 'Motion on the page')).toEqual({ transform: 'none', opacity: '1', hidden: false });
    const kiln = blockWith(page, 'Kiln notes');
    expect(await restState(page, 'Kiln notes')).toEqual({ transform: 'matrix(0.94, 0, 0, 0.94, 0, 0)', opacity: '0', hidden: true });

    await recordTransitions(page);
    await scrollToBlock(page, 'Kiln notes');
    const id = await kiln.getAttribute('id');
    await page.waitForFunction((id) => ((window as { runs?: Run[] }).runs ?? []).filter((r) => r.block === id).length >= 2, id);
    const runs = (await transitionsRun(page)).filter((r) => r.block === id);
    expect(runs).toEqual(
      expect.arrayContaining([
        { block: id, property: 'transform', duration: 300, from: 'scale(0.94)' },
        { block: id, property: 'opacity', duration: 300, from: '0' },
      ]),
    );
    await kiln.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await restState(page, 'Kiln notes')).toEqual({ transform: 'none', opacity: '1', hidden: false });
    expect(await kiln.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s');
    await page.context().close();
  });

  it('moves nothing for a visitor who prefers reduced motion', async () => {
    const page = await open({ reducedMotion: 'reduce' });
    await expectStill(page);
    await page.context().close();
  });

  it('moves nothing with nomotion=true in the address', async () => {
    const page = await open({}, '?nomotion=true');
    await expectStill(page);
    await page.context().close();
  });

  it('shows every block at rest without JavaScript', async () => {
    const page = await open({ javaScriptEnabled: false });
    expect(await page.locator('[data-island="motion"]').getAttribute('data-animation')).toBe('scale');
    const states = await page.locator('.page-section .block').evaluateAll((blocks) =>
      blocks.map((el) => {
        const s = getComputedStyle(el);
        return `${s.opacity} ${s.transform}`;
      }),
    );
    expect(states.length).toBeGreaterThan(4);
    expect(new Set(states)).toEqual(new Set(['1 none']));
    await page.context().close();
  });
});

type Frames = { clickedAt: number; clickFrame: number; frames: [number, number][] };

/**
 * Clicks the anchor link, recording the window's scroll position at every frame and when the
 * click came; answers once the scroll has stood still for ten frames and the target has settled.
 */
async function followAnchor(page: Page): Promise<Frames> {
  await page.evaluate(() => {
    const w = window as { anchorRun?: Frames };
    const run: Frames = (w.anchorRun = { clickedAt: -1, clickFrame: -1, frames: [] });
    // Before the page's own handlers: the frames after this index come after the click.
    document.addEventListener(
      'click',
      () => {
        run.clickedAt = performance.now();
        run.clickFrame = run.frames.length;
      },
      { capture: true, once: true },
    );
    const tick = (t: number) => {
      run.frames.push([t, scrollY]);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.getByRole('link', { name: 'Go to the studio notes' }).click();
  await page.waitForFunction((id) => {
    const { clickFrame, frames } = (window as { anchorRun?: Frames }).anchorRun!;
    const after = frames.slice(clickFrame);
    const last = after.slice(-10).map(([, y]) => y);
    return (
      clickFrame >= 0 && last.length === 10 && last[0]! > 0 && last.every((y) => y === last[0]) && document.getElementById(id)!.getAnimations().length === 0
    );
  }, targetId);
  return page.evaluate(() => (window as { anchorRun?: Frames }).anchorRun!);
}

/** The target's top, the header's bottom, where the address points and what has focus. */
const landing = (page: Page) =>
  page.evaluate((id) => {
    const target = document.getElementById(id)!;
    return {
      targetTop: target.getBoundingClientRect().top,
      headerBottom: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
      hash: location.hash,
      focused: document.activeElement === target,
    };
  }, targetId);

/** The first frame at the final position, and the positions the window went through on the way. */
function course({ clickFrame, frames }: Frames) {
  const after = frames.slice(clickFrame);
  const final = after.at(-1)![1];
  const settled = after.findIndex(([, y]) => y === final);
  return { settledAt: after[settled]![0], between: new Set(after.slice(0, settled).map(([, y]) => y)).size, final };
}

describe('anchor scrolling', () => {
  // covers 001-9.67
  it('scrolls for about 300 ms and stops with the target 30 px below the sticky header', async () => {
    await publishDesign(env.site(), { animation: 'scale', stickyHeader: true }, PATH);
    const page = await open();
    const run = await followAnchor(page);
    const where = await landing(page);
    expect(where.headerBottom).toBeGreaterThan(0);
    expect(Math.abs(where.targetTop - where.headerBottom - 30)).toBeLessThanOrEqual(2);
    expect(where).toMatchObject({ hash: `#${targetId}`, focused: true });
    const { settledAt, between } = course(run);
    // A tween, not a jump: positions in between, and the end reached no sooner than ≈300 ms after the click.
    expect(between).toBeGreaterThanOrEqual(3);
    expect(settledAt - run.clickedAt).toBeGreaterThanOrEqual(250);
    await page.context().close();
  });

  // covers 001-9.67
  it('stops with the target 30 px below the top of the window when the header scrolls away', async () => {
    await publishDesign(env.site(), { animation: 'scale', stickyHeader: false }, PATH);
    const page = await open();
    const run = await followAnchor(page);
    const where = await landing(page);
    expect(where.headerBottom).toBeLessThan(0);
    expect(Math.abs(where.targetTop - 30)).toBeLessThanOrEqual(2);
    expect(course(run).settledAt - run.clickedAt).toBeGreaterThanOrEqual(250);
    await page.context().close();
  });

  it('jumps at once for a visitor who prefers reduced motion', async () => {
    await publishDesign(env.site(), { animation: 'scale', stickyHeader: true }, PATH);
    const page = await open({ reducedMotion: 'reduce' });
    const run = await followAnchor(page);
    const where = await landing(page);
    expect(Math.abs(where.targetTop - where.headerBottom - 30)).toBeLessThanOrEqual(2);
    // Every frame after the click is already at the end.
    expect(course(run).between).toBe(0);
    await page.context().close();
  });
});
