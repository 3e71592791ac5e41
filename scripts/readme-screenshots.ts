/**
 * The README's screenshots, taken from the product as a newcomer first meets it: the built server
 * (`npm run build` first) on a fresh data dir with the demo site, then in Chromium the home page on
 * a phone (390 x 844), and, signed in as the first owner at 1440 x 900, the Pages screen and the
 * editor on the home page. Written to docs/images/. Run: `npx tsx scripts/readme-screenshots.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { projectPath } from '../src/db/project-root';
import { CHROMIUM_FLAGS } from '../e2e/server-process';

const OUT = projectPath('docs/images');

/** Starts the built server on a free port; resolves with its port and the first owner it printed. */
async function startDemo(dataDir: string) {
  const child = spawn(process.execPath, [projectPath('dist/server/main.js')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const started = await new Promise<{ port: number; email: string; password: string }>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /http:\/\/[\w.]+:(\d+)/.exec(output)?.[1];
      const email = /First owner:\s+(\S+)/.exec(output)?.[1];
      const password = /Password:\s+(\S+)/.exec(output)?.[1];
      if (port && email && password) resolve({ port: Number(port), email, password });
    });
  });
  return { ...started, stop: () => child.kill('SIGTERM') };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-screenshots-'));
const demo = await startDemo(dataDir);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
try {
  const site = `http://demo.localhost:${demo.port}`;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const home = await phone.newPage();
  await home.goto(`${site}/`, { waitUntil: 'networkidle' });
  await home.getByRole('button', { name: 'Decline' }).click();
  await home.screenshot({ path: path.join(OUT, 'home-phone.png') });
  await phone.close();

  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await desk.newPage();
  await page.goto(`${site}/config/`);
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
  await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, 'pages.png') });
  await page.getByRole('button', { name: 'Edit Home' }).click();
  const canvas = page.frameLocator('iframe[title="Page canvas"]');
  await canvas.locator('main').getByText('Hand-thrown stoneware for everyday tables').click();
  await canvas.locator('.editor-selection').waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, 'editor.png') });
  await desk.close();
  console.log(`Wrote ${['home-phone.png', 'pages.png', 'editor.png'].map((f) => path.join('docs/images', f)).join(', ')}.`);
} finally {
  await browser.close();
  demo.stop();
  await rm(dataDir, { recursive: true, force: true });
}
