/**
 * The visitor runtime's dialogs and small UI in Chromium (seed 001 §4, §8, §9): confirmation
 * styles and events, alert, information popup, system error panel, tooltip and relative time.
 * The fixture entry is built with Vite as the runtime ships (one chunk per popup, loaded on first
 * use) and served with the published pages' CSP, no inline script or style, so a style attribute
 * or inline <style> would surface as a violation. Playwright's clock drives the timers.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commerce } from '../src/messages/commerce';
import { CONFIRMATION_STYLES } from '../src/domain/popups';
import { loadAxe } from './axe';
import { desktop, MARKER_PATH, requestsSeen, sharedBrowser } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(ROOT, 'e2e/fixtures');
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'";
/** Transitions far longer than a popup may take to hide, to watch the 600 ms cut-off. */
const SLOW_TRANSITIONS = '.op-popup__box, .op-popup__overlay { transition-duration: 60s !important; }';
const T0 = new Date('2025-03-14T09:00:00Z');
const PAUSED_AT = new Date(T0.getTime() + 10_000);

let outDir = '';
let server: Server | undefined;
let origin = '';
let browser: Browser | undefined;
let context: BrowserContext | undefined;
/** Paths the current test's page has requested. */
let requested: string[] = [];
/** Its requests not finished yet. */
const pending = new Set<Request>();

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function fileFor(pathname: string): string | undefined {
  if (pathname === '/') return path.join(FIXTURES, 'dialogs.html');
  if (!pathname.startsWith('/assets/')) return undefined;
  const file = path.join(outDir, path.normalize(pathname));
  return file.startsWith(path.join(outDir, 'assets') + path.sep) ? file : undefined;
}

function serve(): Promise<void> {
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://fixture').pathname;
    const headers = { 'content-security-policy': CSP, 'cache-control': 'no-store' };
    if (pathname === '/slow-transitions.css') {
      res.writeHead(200, { ...headers, 'content-type': 'text/css' }).end(SLOW_TRANSITIONS);
      return;
    }
    const file = fileFor(pathname);
    const notFound = () => res.writeHead(404, headers).end();
    if (!file) return notFound();
    stat(file).then((s) => {
      if (!s.isFile()) return notFound();
      res.writeHead(200, { ...headers, 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    }, notFound);
  });
  return new Promise((resolve) =>
    server?.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'openpress-dialogs-'));
  await build({
    configFile: false,
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    // Vitest runs with NODE_ENV=test, which would otherwise give React's development build and JSX.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { runtime: 'automatic', development: false } },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      modulePreload: false,
      rollupOptions: {
        // The tooltip and relative time are entries of their own, as block islands are in the
        // real build, so each gets its own chunk rather than sharing the fixture's.
        input: {
          'dialogs-entry': path.join(FIXTURES, 'dialogs-entry.tsx'),
          tooltip: path.join(ROOT, 'src/ui/dialogs/tooltip.tsx'),
          'relative-time': path.join(ROOT, 'src/ui/dialogs/relative-time.tsx'),
        },
        preserveEntrySignatures: 'exports-only',
        output: {
          entryFileNames: 'assets/[name].js',
          chunkFileNames: 'assets/[name].js',
          assetFileNames: 'assets/[name][extname]',
          codeSplitting: { groups: [{ name: 'react', test: /node_modules/ }] },
        },
      },
    },
  });
  await serve();
  browser = await sharedBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

afterEach(async () => {
  // Every test's page must have kept to the CSP: no inline style attribute, no inline <style>.
  const pages = context?.pages() ?? [];
  const violations = (await Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)))).flat();
  await context?.close();
  context = undefined;
  expect(violations).toEqual([]);
});

/** The fixture page with the clock installed and paused: timers run only through `runFor`. */
async function openFixture(opts: { clock?: boolean; reducedMotion?: 'reduce' } = {}): Promise<Page> {
  context = await (browser ?? fail('browser not started')).newContext({ ...desktop, reducedMotion: opts.reducedMotion ?? 'no-preference' });
  requested = [];
  pending.clear();
  context.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (!pathname.startsWith(MARKER_PATH)) requested.push(pathname);
    pending.add(r);
  });
  context.on('requestfinished', (r) => pending.delete(r));
  context.on('requestfailed', (r) => pending.delete(r));
  const page = await context.newPage();
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = found;
    document.addEventListener('securitypolicyviolation', (e) => found.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  if (opts.clock !== false) await page.clock.install({ time: T0 });
  await page.goto(origin);
  await page.waitForFunction(() => 'fixture' in window);
  if (opts.clock !== false) await page.clock.pauseAt(PAUSED_AT);
  return page;
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * Lets the page finish what it started: React's renders and passive effects (MessageChannel tasks,
 * which the paused clock does not hold) and the chunks it fetched. Settled is a fact: a turn of the
 * page's task queue that changed nothing in the document, twice in a row, with every request the
 * page made seen and finished. So a "not yet" check cannot pass only because a render is on its way.
 */
async function settle(page: Page): Promise<void> {
  let quiet = 0;
  for (let turn = 0; quiet < 2; turn++) {
    if (turn > 100) throw new Error('the page kept changing');
    const seen = requested.length;
    const changed = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          let mutated = false;
          const observer = new MutationObserver(() => (mutated = true));
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            observer.disconnect();
            resolve(mutated);
          };
          channel.port2.postMessage(null);
        }),
    );
    await requestsSeen(page);
    await expect.poll(() => pending.size).toBe(0);
    quiet = changed || requested.length !== seen ? 0 : quiet + 1;
  }
}

/**
 * Waits for a dialog to be on screen and done fading in, as a visitor sees it before acting. (A
 * close at the very start of the fade-in leaves no transition to end, and the hide then ends on
 * its fallback timer, which the paused clock holds.)
 */
async function shown(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog.page().waitForFunction(() => document.getAnimations().length === 0);
}

const fixtureLog = (page: Page) => page.evaluate(() => [...window.fixture.log]);
const buttonNames = (dialog: Locator) => dialog.getByRole('button').allTextContents();
const popupCount = (page: Page) => page.evaluate(() => document.querySelectorAll('.op-dialog-root').length);

/** The text that describes a dialog (or names it, when it has no title), as rendered. */
const describedText = (dialog: Locator) =>
  dialog.evaluate((el) => {
    const id = el.getAttribute('aria-describedby') ?? el.getAttribute('aria-labelledby') ?? '';
    return document.getElementById(id)?.innerText ?? '';
  });

/** The z-index of the nearest ancestor (or self) that sets one: the layer the dialog is painted in. */
const layerZIndex = (dialog: Locator) =>
  dialog.evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const z = getComputedStyle(node).zIndex;
      if (z !== 'auto') return Number(z);
    }
    return 0;
  });

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * axe's serious and critical findings. axe waits on timers, which the paused clock holds, so the
 * clock is stepped a millisecond at a time until it answers: far less than any popup's timer.
 */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await loadAxe(page);
  await page.evaluate(() => {
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> }; axeFound?: Violation[] };
    delete w.axeFound;
    void w.axe.run(document, { resultTypes: ['violations'] }).then((r) => (w.axeFound = r.violations));
  });
  const found = () => page.evaluate(() => (window as unknown as { axeFound?: Violation[] }).axeFound);
  let violations = await found();
  for (let ms = 0; !violations; ms++) {
    if (ms >= 500) throw new Error(`axe did not answer within 500 ms of clock time (${label})`);
    await page.clock.runFor(1);
    violations = await found();
  }
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('confirmation popup', () => {
  // covers 001-4.72, 001-4.73, 001-4.74
  it('shows the buttons of each style and reports show, the choice, then hide', async () => {
    const page = await openFixture();
    const expected = {
      'confirm-or-reject': { buttons: ['Reject', 'Confirm'], press: 'Reject', outcome: 'reject' },
      'confirm-or-cancel': { buttons: ['Cancel', 'Confirm'], press: 'Confirm', outcome: 'confirm' },
      'confirm-only': { buttons: ['Confirm'], press: 'Confirm', outcome: 'confirm' },
      'no-buttons': { buttons: [], press: undefined, outcome: 'cancel' },
    } as const;
    expect(Object.keys(expected)).toEqual([...CONFIRMATION_STYLES]);
    for (const style of CONFIRMATION_STYLES) {
      const { buttons, press, outcome } = expected[style];
      await page.evaluate((s) => {
        window.fixture.log.length = 0;
        window.fixture.confirm({ title: `Style ${s}`, text: 'Go on?', style: s });
      }, style);
      const dialog = page.getByRole('alertdialog', { name: `Style ${style}` });
      await shown(dialog);
      expect(await buttonNames(dialog)).toEqual(buttons);
      if (press) await dialog.getByRole('button', { name: press }).click();
      else await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => window.fixture.log.some((e) => e.startsWith('resolved:')));
      expect(await fixtureLog(page)).toEqual(['show', outcome, `hide:${outcome}`, `resolved:${outcome}`]);
    }

    await page.evaluate(() => window.fixture.confirm({ title: 'No style given', text: 'Go on?' }));
    const byDefault = page.getByRole('alertdialog', { name: 'No style given' });
    await shown(byDefault);
    expect(await buttonNames(byDefault)).toEqual(['Cancel', 'Confirm']);
    expect(await describedText(byDefault)).toBe('Go on?');
  });

  // covers 001-4.75, 001-4.76, 001-4.74
  it('cancels on Escape and on a click on the overlay', async () => {
    const page = await openFixture();
    for (const how of ['Escape', 'overlay'] as const) {
      await page.evaluate(() => {
        window.fixture.log.length = 0;
        window.fixture.confirm({ title: 'Leave the page?', text: 'Your changes are kept.' });
      });
      const dialog = page.getByRole('alertdialog', { name: 'Leave the page?' });
      await shown(dialog);
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await page.mouse.click(5, 5);
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => window.fixture.log.includes('resolved:cancel'));
      expect(await fixtureLog(page)).toEqual(['show', 'cancel', 'hide:cancel', 'resolved:cancel']);
    }
    // A click inside the box is not a click on the overlay.
    await page.evaluate(() => window.fixture.confirm({ title: 'Still here?', text: 'Click me.' }));
    const dialog = page.getByRole('alertdialog', { name: 'Still here?' });
    await dialog.getByText('Click me.').click();
    await settle(page);
    expect(await dialog.isVisible()).toBe(true);
  });

  // covers 001-4.77, 001-4.78, 001-9.16
  it('ends the hide with the transition, destroys itself, and never takes longer than 600 ms', async () => {
    const page = await openFixture();
    const bodyChildren = () => page.evaluate(() => document.body.children.length);
    const before = await bodyChildren();

    // The clock is paused, so no timer can end this hide: only the 0.3 s transition's end does.
    await page.evaluate(() => window.fixture.confirm({ title: 'Archive?', text: 'It can be restored later.' }));
    const dialog = page.getByRole('alertdialog', { name: 'Archive?' });
    await shown(dialog);
    expect(await popupCount(page)).toBe(1);
    expect(await bodyChildren()).toBe(before + 1);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await popupCount(page)).toBe(0);
    expect(await bodyChildren()).toBe(before);

    // With a transition far longer than allowed, the hide is cut off at 600 ms. (The stylesheet
    // comes after the fade-in, which would otherwise take as long.)
    await page.evaluate(() => window.fixture.confirm({ title: 'Archive again?', text: 'Slowly.' }));
    const slow = page.getByRole('alertdialog', { name: 'Archive again?' });
    await shown(slow);
    await page.addStyleTag({ url: '/slow-transitions.css' });
    await page.keyboard.press('Escape');
    await settle(page);
    expect(await page.locator('.op-popup.is-hiding').count()).toBe(1);
    await page.clock.runFor(599);
    await settle(page);
    expect(await popupCount(page)).toBe(1);
    await page.clock.runFor(1);
    await slow.waitFor({ state: 'detached' });
    expect(await popupCount(page)).toBe(0);
    expect(await bodyChildren()).toBe(before);
  });

  // covers 001-4.77
  it('hides at once when the visitor asks for reduced motion', async () => {
    const page = await openFixture({ reducedMotion: 'reduce' });
    await page.evaluate(() => window.fixture.confirm({ title: 'Quick?', text: 'No animation.' }));
    const dialog = page.getByRole('alertdialog', { name: 'Quick?' });
    await shown(dialog);
    await page.keyboard.press('Escape');
    await settle(page);
    await page.clock.runFor(0);
    await dialog.waitFor({ state: 'detached' });
  });

  // covers 001-4.78
  it('destroys itself on hide even while its React parent renders it, unless told to stay', async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.widgets());
    const showDefault = page.getByRole('button', { name: 'Show default popup' });
    await showDefault.waitFor();
    // The kept popup's container is in the page from the start, its popup hidden.
    expect(await popupCount(page)).toBe(1);

    await showDefault.click();
    const byDefault = page.getByRole('alertdialog', { name: 'Default popup' });
    await shown(byDefault);
    expect(await popupCount(page)).toBe(2);
    await page.keyboard.press('Escape');
    await byDefault.waitFor({ state: 'detached' });
    expect(await popupCount(page)).toBe(1);

    const showKept = page.getByRole('button', { name: 'Show kept popup' });
    await showKept.click();
    const kept = page.getByRole('alertdialog', { name: 'Kept popup' });
    await shown(kept);
    await page.keyboard.press('Escape');
    await kept.waitFor({ state: 'hidden' });
    expect(await popupCount(page)).toBe(1);
    expect(await page.locator('.op-popup[hidden] [role="alertdialog"]').count()).toBe(1);
    await showKept.click();
    await shown(kept);
    expect(await popupCount(page)).toBe(1);
  });

  // covers 001-5.09, 001-5.10, 001-9.16, 001-9.17, 000-9.25
  it('is 350 px wide with 20 px padding, above the page at the dialog base z-index', async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.confirm({ title: 'Sized?', text: 'Measure me.' }));
    const dialog = page.getByRole('alertdialog', { name: 'Sized?' });
    await shown(dialog);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect((await dialog.boundingBox())?.width).toBe(350);
    expect(await dialog.evaluate((el) => getComputedStyle(el).padding)).toBe('20px');
    expect(await layerZIndex(dialog)).toBe(30000);
    // The page under it is out of reach: the point where 'Delete draft' sits hits the overlay.
    const trigger = await page.getByRole('button', { name: 'Delete draft' }).boundingBox();
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.className, [(trigger?.x ?? 0) + 2, (trigger?.y ?? 0) + 2]);
    expect(hit).toBe('op-popup__overlay');
  });

  it('moves focus in, keeps it in, and gives it back on close', async () => {
    const page = await openFixture();
    const trigger = page.getByRole('button', { name: 'Delete draft' });
    await trigger.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete draft?' });
    await shown(dialog);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await describedText(dialog)).toBe('The draft will be gone for good.');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Confirm');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Confirm');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // Without buttons the box itself holds focus, and Tab cannot leave it.
    await trigger.focus();
    await page.evaluate(() => window.fixture.confirm({ title: 'Working…', text: 'Please wait.', style: 'no-buttons' }));
    const busy = page.getByRole('alertdialog', { name: 'Working…' });
    await shown(busy);
    const boxFocused = () => busy.evaluate((el) => el === document.activeElement);
    expect(await boxFocused()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await boxFocused()).toBe(true);
    await page.keyboard.press('Escape');
    await busy.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('alert and information popups', () => {
  // covers 001-4.83
  it("alerts with a single 'Okay' button", async () => {
    const page = await openFixture();
    await page.evaluate((text) => window.fixture.alert(text), commerce.checkoutNoCookies);
    const dialog = page.getByRole('alertdialog', { name: commerce.checkoutNoCookies });
    await shown(dialog);
    expect(await buttonNames(dialog)).toEqual(['Okay']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Okay');
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.fixture.log.includes('resolved:confirm'));
  });

  // covers 001-4.79, 001-4.80, 001-4.81, 001-4.82, 001-9.16
  it('shows information top-right without buttons and hides it after 2000 ms as a confirm', async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.information('You have been successfully logged out.', 'Logout Successful'));
    const dialog = page.getByRole('dialog', { name: 'Logout Successful' });
    await shown(dialog);
    expect(await describedText(dialog)).toBe('You have been successfully logged out.');
    expect(await dialog.getByRole('button').count()).toBe(0);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.y).toBe(20);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBe((viewport?.width ?? 0) - 20);

    await settle(page);
    await page.clock.runFor(1999);
    await settle(page);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.locator('.op-popup.is-hiding').count()).toBe(0);
    await page.clock.runFor(1);
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.fixture.log.includes('resolved:confirm'));
    expect(await popupCount(page)).toBe(0);
  });
});

describe('system error panel', () => {
  const panel = (page: Page) => page.getByRole('alertdialog');

  // covers 001-8.01, 001-8.03, 001-8.04, 001-8.05
  it('shows a cleaned error full-page with Reload Page and Clear, and Clear removes it', async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.systemError({ kind: 'cleaned' }));
    const dialog = page.getByRole('alertdialog', { name: 'Something Went Wrong!' });
    await shown(dialog);
    expect(await describedText(dialog)).toBe(
      'Our system has encountered an error.  This exception has been automatically logged and reported.  We will return shortly.',
    );
    expect(await buttonNames(dialog)).toEqual(['Reload Page', 'Clear']);
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 900 });
    expect(await layerZIndex(dialog)).toBe(30000);
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.fixture.log.includes('cleared'));
    expect(await popupCount(page)).toBe(0);
  });

  // covers 001-8.02
  it('reloads the page from Reload Page', async () => {
    const page = await openFixture({ clock: false });
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
      window.fixture.systemError({ kind: 'cleaned' });
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    expect(await panel(page).count()).toBe(0);
  });

  // covers 001-8.06
  it("shows a network error's text, or the provider's, and calls the network-error hook with the URL", async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.systemError({ kind: 'network', message: 'The shop is offline.', url: '/api/commerce/cart' }));
    await shown(page.getByRole('alertdialog', { name: 'The shop is offline.' }));
    expect(await buttonNames(panel(page))).toEqual(['Reload Page', 'Clear']);
    expect(await fixtureLog(page)).toEqual(['network-error:/api/commerce/cart']);
    await panel(page).getByRole('button', { name: 'Clear' }).click();
    await panel(page).waitFor({ state: 'detached' });

    await page.evaluate(() => window.fixture.systemError({ kind: 'network', provider: 'Example Shop', url: '/api/census/x' }));
    await shown(panel(page));
    expect(await describedText(panel(page))).toBe('Unable to connect to Example Shop.  Please try again.');
    expect(await fixtureLog(page)).toContain('network-error:/api/census/x');
    await panel(page).getByRole('button', { name: 'Clear' }).click();
    await panel(page).waitFor({ state: 'detached' });

    await page.evaluate(() => window.fixture.systemError({ kind: 'network' }));
    await shown(panel(page));
    expect(await describedText(panel(page))).toBe(`Unable to connect to ${new URL(origin).host}.  Please try again.`);
  });

  // covers 001-8.08, 001-8.09
  it('shows the requested URL, the format in upper case, the message and the error key', async () => {
    const page = await openFixture();
    await page.evaluate(() =>
      window.fixture.systemError({ url: '/api/commerce/cart?id=7', format: 'json', message: 'The cart is locked.', errorKey: 'CART_LOCKED' }),
    );
    const dialog = page.getByRole('alertdialog', { name: 'The cart is locked.' });
    await shown(dialog);
    expect(await dialog.locator('p').allTextContents()).toEqual(['/api/commerce/cart?id=7', 'JSON', 'CART_LOCKED']);
    expect(await buttonNames(dialog)).toEqual(['Reload Page', 'Clear']);
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.evaluate(() => window.fixture.systemError({ kind: 'other', url: '/api/forms/submit', format: 'html', message: 'Bad gateway' }));
    const withoutKey = page.getByRole('alertdialog', { name: 'Bad gateway' });
    await shown(withoutKey);
    expect(await withoutKey.locator('p').allTextContents()).toEqual(['/api/forms/submit', 'HTML']);
    expect(await fixtureLog(page)).not.toContainEqual(expect.stringMatching(/^network-error/));
  });

  // covers 001-8.01, 001-8.06
  it("answers the 'system-error' event, loading the panel only then, one panel at a time", async () => {
    const page = await openFixture();
    await settle(page);
    expect(requested).not.toContain('/assets/system-error.js');
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('system-error', { detail: { kind: 'network', url: '/api/census/RecordHit', provider: 'Example Shop' } })),
    );
    await shown(panel(page));
    expect(requested).toContain('/assets/system-error.js');
    expect(await describedText(panel(page))).toBe('Unable to connect to Example Shop.  Please try again.');
    expect(await fixtureLog(page)).toEqual(['network-error:/api/census/RecordHit']);

    await page.evaluate(() => window.dispatchEvent(new CustomEvent('system-error', { detail: { kind: 'cleaned' } })));
    await page.getByRole('alertdialog', { name: 'Something Went Wrong!' }).waitFor();
    expect(await panel(page).count()).toBe(1);
    expect(await popupCount(page)).toBe(1);
  });
});

describe('tooltip', () => {
  const tooltip = (page: Page) => page.getByRole('tooltip');

  // covers 001-1.05, 001-9.18, 001-9.19, 001-9.20, 001-9.22
  it('appears 1200 ms after hover, 250 px wide, 15 px above its target, describing it', async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.widgets());
    const share = page.getByRole('button', { name: 'Share' });
    await share.hover();
    await settle(page);
    await page.clock.runFor(1199);
    await settle(page);
    expect(await tooltip(page).count()).toBe(0);
    await page.clock.runFor(1);
    await tooltip(page).waitFor();
    expect(await tooltip(page).textContent()).toBe('Copies a link to this page.');
    const tipId = await tooltip(page).getAttribute('id');
    expect(await share.getAttribute('aria-describedby')).toBe(tipId);
    const tip = await tooltip(page).boundingBox();
    const target = await share.boundingBox();
    expect(tip?.width).toBe(250);
    expect(Math.round((target?.y ?? 0) - ((tip?.y ?? 0) + (tip?.height ?? 0)))).toBe(15);
    expect(await tooltip(page).evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s, 0.3s');
    expect(await layerZIndex(tooltip(page))).toBe(30001);

    await page.mouse.move(700, 700);
    await tooltip(page).waitFor({ state: 'hidden' });
  });

  // covers 001-9.21, 001-9.20
  it('stays 20 px inside the viewport, and goes below its target when there is no room above', async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.widgets());
    const viewportWidth = page.viewportSize()?.width ?? 0;

    await page.getByRole('button', { name: 'Settings' }).hover();
    await page.clock.runFor(1200);
    await tooltip(page).waitFor();
    const right = await tooltip(page).boundingBox();
    expect((right?.x ?? 0) + (right?.width ?? 0)).toBe(viewportWidth - 20);
    await page.mouse.move(700, 700);
    await tooltip(page).waitFor({ state: 'hidden' });

    const home = page.getByRole('button', { name: 'Home' });
    await home.hover();
    await page.clock.runFor(1200);
    await tooltip(page).waitFor();
    const left = await tooltip(page).boundingBox();
    const target = await home.boundingBox();
    expect(left?.x).toBe(20);
    expect(Math.round((left?.y ?? 0) - ((target?.y ?? 0) + (target?.height ?? 0)))).toBe(15);
  });

  // covers 001-9.18
  it('shows on keyboard focus after the delay and hides on Escape and on blur', async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.widgets());
    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.focus();
    await page.clock.runFor(1199);
    await settle(page);
    expect(await tooltip(page).count()).toBe(0);
    await page.clock.runFor(1);
    await tooltip(page).waitFor();
    expect(await tooltip(page).textContent()).toBe('Opens the settings of this page.');
    await page.keyboard.press('Escape');
    await tooltip(page).waitFor({ state: 'hidden' });

    await settings.blur();
    await settings.focus();
    await page.clock.runFor(1200);
    await tooltip(page).waitFor();
    await settings.blur();
    await tooltip(page).waitFor({ state: 'hidden' });
  });
});

describe('relative time', () => {
  // covers 001-9.23, 001-9.24, 001-9.25, 001-9.26
  it("reads 'just now', then 'about N seconds ago', then a date, rewritten every 5000 ms", async () => {
    const page = await openFixture();
    await page.evaluate(() => window.fixture.widgets());
    const saved = page.getByText(/^Saved /);
    const text = () => saved.locator('time').textContent();
    await saved.waitFor();
    expect(await text()).toBe('just now');
    const mountedAt = await page.evaluate(() => Date.now());
    expect(await saved.locator('time').getAttribute('datetime')).toBe(new Date(mountedAt).toISOString());

    await settle(page);
    await page.clock.runFor(4999);
    await settle(page);
    expect(await text()).toBe('just now');
    await page.clock.runFor(1);
    await settle(page);
    expect(await text()).toBe('about 5 seconds ago');
    await page.clock.runFor(25_000);
    await settle(page);
    expect(await text()).toBe('about 30 seconds ago');
    await page.clock.runFor(25_000);
    await settle(page);
    expect(await text()).toBe('about 55 seconds ago');
    await page.clock.runFor(5000);
    await settle(page);
    const expectedDate = await page.evaluate(
      (at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
      mountedAt,
    );
    expect(await text()).toBe(expectedDate);

    expect(
      await page
        .getByText(/^Published /)
        .locator('time')
        .textContent(),
    ).toBe(`on ${new Date(mountedAt - 120_000).toISOString()}`);
  });
});

describe('loading and accessibility', () => {
  it('loads a popup, React and the stylesheet only when the first popup opens', async () => {
    const page = await openFixture();
    await settle(page);
    expect(requested.filter((p) => p !== '/')).toEqual(['/assets/dialogs-entry.js']);

    await page.getByRole('button', { name: 'Delete draft' }).click();
    await page.getByRole('alertdialog', { name: 'Delete draft?' }).waitFor();
    expect(requested).toEqual(expect.arrayContaining(['/assets/confirmation.js', '/assets/popup.js', '/assets/react.js', '/assets/dialogs.css']));
    for (const other of ['alert', 'information', 'system-error', 'tooltip', 'relative-time']) expect(requested).not.toContain(`/assets/${other}.js`);
  });

  // Named rows are proved by the tests above; this one proves each dialog open passes axe.
  it('has no serious axe violations while each dialog is open', async () => {
    const page = await openFixture();
    const found: string[] = [];
    const closeWith = async (dialog: Locator, button: string) => {
      await dialog.getByRole('button', { name: button }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    found.push(...(await seriousViolations(page, 'page')));
    for (const style of CONFIRMATION_STYLES) {
      await page.evaluate((s) => window.fixture.confirm({ title: `Style ${s}`, text: 'Go on?', style: s }), style);
      const dialog = page.getByRole('alertdialog', { name: `Style ${style}` });
      await shown(dialog);
      found.push(...(await seriousViolations(page, style)));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.evaluate((text) => window.fixture.alert(text), commerce.checkoutNoCookies);
    // Wait until the alert is in and its fade has ended: axe measures contrast on what it sees.
    await shown(page.getByRole('alertdialog'));
    found.push(...(await seriousViolations(page, 'alert')));
    await closeWith(page.getByRole('alertdialog'), 'Okay');

    await page.evaluate(() => window.fixture.information('You have been successfully logged out.', 'Logout Successful'));
    await shown(page.getByRole('dialog'));
    found.push(...(await seriousViolations(page, 'information')));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    for (const detail of [
      { kind: 'cleaned' as const },
      { kind: 'network' as const, provider: 'Example Shop' },
      { url: '/api/commerce/cart', format: 'json', message: 'The cart is locked.', errorKey: 'CART_LOCKED' },
    ]) {
      await page.evaluate((d) => window.fixture.systemError(d), detail);
      await shown(page.getByRole('alertdialog'));
      found.push(...(await seriousViolations(page, `system error ${detail.kind ?? 'other'}`)));
      await closeWith(page.getByRole('alertdialog'), 'Clear');
    }

    await page.evaluate(() => window.fixture.widgets());
    await page.getByRole('button', { name: 'Share' }).focus();
    await page.clock.runFor(1200);
    await page.getByRole('tooltip').waitFor();
    found.push(...(await seriousViolations(page, 'tooltip and relative time')));
    expect(found).toEqual([]);
  });
});
