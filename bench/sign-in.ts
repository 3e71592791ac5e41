/**
 * The config area's sign-in form beside a published page, in Chromium (a section of `npm run bench`;
 * BENCH_ONLY=sign-in runs it alone): the production server on its own data dir, and in each of
 * BENCH_SIGN_IN_RUNS (10) fresh contexts (nothing cached), the time from the navigation's start to
 * the first frame showing the page's heading: the sign-in form's 'Sign in' at /config/, and the
 * demo's About page, a static published page, as the baseline. The medians are compared; the goal
 * is the form at most 3x the published page.
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/server-process';
import { fmt, type GoalRow } from './table';
import type { ChildProcess } from 'node:child_process';

const RUNS = Number(process.env.BENCH_SIGN_IN_RUNS ?? 10);
const GOAL_RATIO = 3;

type Spawn = (args: string[], env?: Record<string, string>) => Promise<{ port: number; child: ChildProcess; output(): string }>;

/** Milliseconds from the navigation's start to the first frame with an h1 reading `heading`, in a fresh context. */
async function timeToHeading(browser: Browser, url: string, heading: string | null): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(
      (text) => {
        const h1 = document.querySelector('h1');
        if (!h1 || (text !== null && h1.textContent !== text) || h1.getBoundingClientRect().height === 0) return false;
        return performance.now();
      },
      heading,
      { polling: 'raf', timeout: 60_000 },
    );
    return (await shown.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function signInBench(dataDir: string, spawnServer: Spawn): Promise<GoalRow[]> {
  const app = await spawnServer(['dist/server/main.js'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'sign-in'), LOG_LEVEL: 'silent' });
  const base = `http://127.0.0.1:${app.port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
  try {
    // One of each first, so the server's caches and the browser's process pool are warm for both.
    await timeToHeading(browser, `${base}/about`, null);
    await timeToHeading(browser, `${base}/config/`, 'Sign in');
    const page: number[] = [];
    const form: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      page.push(await timeToHeading(browser, `${base}/about`, null));
      form.push(await timeToHeading(browser, `${base}/config/`, 'Sign in'));
    }
    const ratio = median(form) / median(page);
    console.log(
      `Sign-in form in Chromium, ${RUNS} fresh contexts each: /config/ to 'Sign in' median ${fmt(median(form), 1)} ms (${form.map((t) => fmt(t)).join(', ')}); ` +
        `/about to its heading median ${fmt(median(page), 1)} ms (${page.map((t) => fmt(t)).join(', ')}).\n`,
    );
    return [
      {
        path: 'config area: sign-in form visible',
        measured: `median ${fmt(median(form), 1)} ms`,
        baseline: `published page ${fmt(median(page), 1)} ms`,
        ratio,
        goal: `<= ${GOAL_RATIO}x a published page`,
        met: ratio <= GOAL_RATIO,
      },
    ];
  } finally {
    await browser.close();
  }
}
