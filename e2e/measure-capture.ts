/**
 * What the measurement tests share: every /api/ request a page sends, captured in order with its
 * body and headers; the measurement calls answered as the server answers them (so a test does not
 * depend on the server's own handling, which its integration tests prove); and sign-in helpers for
 * a team member and a customer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { islandsReady, requestsSeen, type Account } from './harness';

export type Sent = {
  path: string;
  method: string;
  /** Playwright's resource type: 'fetch', 'xhr', 'ping' (a beacon), 'image'. */
  type: string;
  contentType: string;
  body: string;
  headers: Record<string, string>;
  query: URLSearchParams;
  request: Request;
};

/** Every /api/ request `page` sends from now on, in order. */
export function sentFrom(page: Page): Sent[] {
  const list: Sent[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const headers = request.headers();
    list.push({
      path: url.pathname,
      method: request.method(),
      type: request.resourceType(),
      contentType: headers['content-type'] ?? '',
      body: request.postData() ?? '',
      headers,
      query: url.searchParams,
      request,
    });
  });
  return list;
}

export const to = (list: Sent[], p: string) => list.filter((s) => s.path === p);

/** A form-encoded body as an object. */
export const formFields = (s: Sent): Record<string, string> => Object.fromEntries(new URLSearchParams(s.body));

export const MEASUREMENT_CALLS = /\/api\/(census|events|v1|track|1\/performance)\//;
export const PAGE_LOAD_ID = 'pl-test-1';

/**
 * Answers the measurement calls: 200 `{}` (202 for v1/events), a pageLoadId for the performance
 * settings. Routes a test adds later win (Playwright tries the newest first).
 */
export async function answerMeasurement(target: Page | BrowserContext): Promise<void> {
  await target.route(MEASUREMENT_CALLS, (route) => {
    const p = new URL(route.request().url()).pathname;
    if (p === '/api/1/performance/settings') return route.fulfill({ json: { pageLoadId: PAGE_LOAD_ID } });
    return route.fulfill({ status: p === '/api/v1/events' ? 202 : 200, json: {} });
  });
}

/** A cookie's value in the context, decoded as the server would read it. */
export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  const found = (await context.cookies()).find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
}

/** Console messages of `page` as "type: text". */
export function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  return lines;
}

/** Waits until the page has loaded, its islands have run, and the test has seen the calls they made. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await islandsReady(page);
  await requestsSeen(page);
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** The URL of a browser chunk by its source path, from the build the server serves. */
export function chunkUrl(source: string): string {
  const dist = path.resolve(ROOT, process.env.OPENPRESS_DIST ?? 'dist/client');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build`);
  return `/${entry.file}`;
}

/** Signs a team member in through the config area at `base`. */
export async function signInTeamMember(page: Page, base: string, who: Account): Promise<void> {
  await page.goto(`${base}/config/`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Config' }).waitFor();
}

export async function signInCustomer(page: Page, base: string, who: Account): Promise<void> {
  await page.goto(`${base}/account/login`);
  // The form is sent by the page's code: wait until it has loaded (a busy machine is slow to).
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/account/login');
}

/**
 * Stops the page's clock a moment from now (after `page.clock.install()` before the page was
 * opened): from here on only `runFor` moves the page's timers.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let tries = 0; ; tries++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 50);
      return;
    } catch (err) {
      // The page's time passed that moment before the call arrived: try again.
      if (tries > 5) throw err;
    }
  }
}
