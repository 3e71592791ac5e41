/**
 * End-to-end harness: a real server (`src/server/main.ts`) on a free port with its own temporary
 * data dir, whose PostgreSQL cluster is a copy of the one global-setup prepared (no initdb per
 * server), and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { openTempDir } from '../test/global-setup';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM and wait; keeps the data dir unless `remove`. */
  stop(opts?: { remove?: boolean }): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, '..');

export async function startServer(opts: { env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? (await openTempDir('openpress-e2e-'));
  if (!opts.dataDir) await cp(inject('preparedCluster'), dataDir, { recursive: true, preserveTimestamps: true });
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './e2e/secret-key.ts', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    const check = () => {
      const m = /Server listening on port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => out,
    async stop(stopOpts) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (stopOpts?.remove !== false) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_FLAGS, ...extraArgs], headless: true });
}

export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/**
 * Launch arguments for a browser that passes for a visitor's desktop Chrome. Headless Chromium
 * names itself in its user agent, and the server answers such robots without storing or counting
 * their calls: a test that reads what was stored launches with these. (A context's userAgent
 * option is not enough: a beacon sent as a page unloads goes out with the browser's own.)
 */
export const AS_VISITOR = ['--user-agent=Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'];

/** Page-level islands a published page may load whatever its blocks (consent, measurement). */
export const PAGE_ISLANDS = ['cookie-banner', 'measure'] as const;

/**
 * A script of the visitor runtime every published page runs: a page-level island's entry, or the
 * `visitor` chunk they share (vite.config.ts).
 */
export function isPageRuntime(path: string): boolean {
  return path.startsWith('/assets/visitor-') || PAGE_ISLANDS.some((kind) => path.startsWith(`/assets/island-${kind}-`));
}

/** A block's island chunk (`/assets/island-<kind>-…`), as opposed to a page-level island's. */
export function isBlockChunk(path: string): boolean {
  return path.startsWith('/assets/island-') && !PAGE_ISLANDS.some((kind) => path.startsWith(`/assets/island-${kind}-`));
}

/** A server and a browser for one test file, started before its tests and stopped after. */
export function serverAndBrowserPerFile(browserArgs: string[] = []): { server: () => RunningServer; browser: () => Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(browserArgs);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    server: () => server ?? fail('server not started'),
    browser: () => browser ?? fail('browser not started'),
  };
}

function fail(message: string): never {
  throw new Error(message);
}

/** Runs SQL against a running server's embedded database (adopted, not restarted), for test set-up. */
export async function sqlOn(server: RunningServer, text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const { startEmbeddedPostgres } = await import('../src/db/embedded');
  const pg = (await import('pg')).default;
  const db = await startEmbeddedPostgres({ dataDir: server.dataDir });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** Changes the default site's settings as the config area would: saved, then announced so caches drop. */
export async function setSiteSettings(server: RunningServer, changes: Record<string, unknown>): Promise<void> {
  await sqlOn(
    server,
    `WITH changed AS (UPDATE websites SET settings = settings || $1::jsonb, content_version = content_version + 1 WHERE is_default RETURNING id)
     SELECT pg_notify('site_changed', id) FROM changed`,
    [JSON.stringify(changes)],
  );
}

/** A value `npm start` printed, such as 'First owner' or 'Password'. */
export function printed(output: string, label: string): string {
  const m = new RegExp(`${label}:\\s+(\\S+)`).exec(output);
  if (!m) throw new Error(`"${label}" not printed:\n${output}`);
  return m[1]!;
}

/**
 * A browser context whose visitor has already answered the cookie banner (ss_cookieAllowed=true),
 * so the banner never covers what a test clicks. Tests about the banner make their own contexts.
 */
export async function visitorContext(browser: Browser, server: RunningServer, opts: BrowserContextOptions = desktop) {
  const context = await browser.newContext(opts);
  const hosts = [server.url, `http://localhost:${server.port}`, `http://demo.localhost:${server.port}`];
  await context.addCookies(hosts.map((url) => ({ name: 'ss_cookieAllowed', value: 'true', url })));
  return context;
}
