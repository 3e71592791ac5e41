/**
 * End-to-end harness: a real server (`src/server/main.ts`) on a free port with its own temporary
 * data dir, whose PostgreSQL cluster is a copy of the one global-setup prepared (no initdb per
 * server), and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, request, type APIRequestContext, type APIResponse, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    // The demo's images get their copies in the background at the fastest AVIF effort, so each server's few seconds of it stay off the tests' time.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', IMAGE_AVIF_EFFORT: '0', ...opts.env },
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

/**
 * Waits until the page's islands have run: the loader marks an island's element
 * `data-island-ready` once its kind's code has woken it. By default every island that loads without
 * being scrolled to (the page-level ones, eager and idle blocks); `kinds` names the ones to wait for.
 */
export async function islandsReady(page: Page, kinds?: readonly string[]): Promise<void> {
  const selector = kinds ? kinds.map((k) => `[data-island="${k}"]`).join(', ') : '[data-island]:not([data-load="visible"])';
  await page.waitForFunction(
    ({ selector, named }) => {
      const found = [...document.querySelectorAll(selector)];
      return (!named || found.length > 0) && found.every((el) => el.hasAttribute('data-island-ready'));
    },
    { selector, named: kinds !== undefined },
  );
}

let markers = 0;
/** The address `requestsSeen` fetches under: tests that list a page's requests leave these out. */
export const MARKER_PATH = '/__requests-seen/';

/**
 * Resolves once the test has been told of every request the page made before this call (its
 * `request` events): the page fetches a marker address, and Chromium reports a page's requests in
 * the order it made them (fetches, beacons and XHRs alike). So a check that a call was *not* made
 * (after a clock step, a key press) waits for this fact instead of for a time.
 */
export async function requestsSeen(page: Page): Promise<void> {
  const marker = `${MARKER_PATH}${++markers}`;
  const pattern = `**${marker}`;
  await page.route(pattern, (route) => route.fulfill({ status: 204 }));
  const seen = page.waitForRequest((r) => new URL(r.url()).pathname === marker);
  await page.evaluate((url) => void fetch(url).catch(() => undefined), marker);
  await seen;
  await page.unroute(pattern);
}

export type ScriptSize = { url: string; size: number };

/**
 * Records, from now on, the gzipped size of every script the page fetches. `read()` waits for their
 * bodies and adds the page's inline scripts (the island loader): what a JavaScript budget counts.
 */
export function recordScripts(page: Page): { read: () => Promise<{ external: ScriptSize[]; inlineBytes: number; total: number }> } {
  const bodies: Promise<ScriptSize>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().then((b) => ({ url: new URL(res.url()).pathname, size: gzipSync(b).length })));
  });
  return {
    async read() {
      const external = await Promise.all(bodies);
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')]
          .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module' || s.getAttribute('type') === 'text/javascript')
          .map((s) => s.textContent ?? ''),
      );
      const inlineBytes = inline.reduce((n, s) => n + gzipSync(s).length, 0);
      return { external, inlineBytes, total: external.reduce((n, e) => n + e.size, 0) + inlineBytes };
    },
  };
}

/** A server and a browser for one test file, started before its tests and stopped after. */
export function serverAndBrowserPerFile(browserArgs: string[] = [], serverEnv: Record<string, string> = {}): { server: () => RunningServer; browser: () => Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer({ env: serverEnv });
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

/**
 * Runs SQL against a running server's embedded database (adopted, not restarted): for reading what
 * the server stored, and for the rare state no call of the product can make (data an older server
 * let in). Tests set up state through the product: `ownerApi`, `changeSiteDocument`.
 */
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

/** The config area's calls, signed in as one account. `call` answers the JSON body and throws on any status but 2xx. */
export type ConfigApi = {
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** The call's answer whatever its status. */
  send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<APIResponse>;
};

/** Signs in through the product's own calls, as the config area does: a page view for the crumb, then Login. */
export async function signedInApi(server: RunningServer, email: string, password: string): Promise<ConfigApi> {
  const http: APIRequestContext = await request.newContext({ baseURL: server.url });
  await http.get('/');
  const crumb = async () => (await http.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const send: ConfigApi['send'] = async (method, path, body) =>
    http.fetch(path, { method, headers: method === 'GET' ? {} : { 'x-csrf-token': await crumb() }, ...(body === undefined ? {} : { data: body }) });
  const call = async <T>(method: Parameters<ConfigApi['send']>[0], path: string, body?: unknown): Promise<T> => {
    const res = await send(method, path, body);
    const text = await res.text();
    if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  await call('POST', '/api/auth/Login', { email, password });
  return { call, send };
}

const ownerApis = new WeakMap<RunningServer, Promise<ConfigApi>>();

/** The config API as the first owner `npm start` printed (signed in once per server). */
export function ownerApi(server: RunningServer): Promise<ConfigApi> {
  let api = ownerApis.get(server);
  if (!api) {
    api = signedInApi(server, printed(server.output(), 'First owner'), printed(server.output(), 'Password'));
    ownerApis.set(server, api);
  }
  return api;
}

/** Changes the default site's settings through the config area's call (PUT /api/config/site), which tells every cache. */
export async function setSiteSettings(server: RunningServer, changes: Record<string, unknown>): Promise<void> {
  await (await ownerApi(server)).call('PUT', '/api/config/site', changes);
}

/** A site document as the export answers it; tests change what they need and leave the rest. */
export type SiteDocumentJson = { settings: Record<string, unknown>; pages: DocumentPage[] } & Record<string, unknown>;
export type DocumentPage = { id: string; path?: string; title: string; sections: { id: string; blocks: DocumentBlock[] }[] } & Record<string, unknown>;
export type DocumentBlock = { id: string; type: number; data: Record<string, unknown> } & Record<string, unknown>;

/** The default site's document, as its export answers it. */
export async function siteDocument(server: RunningServer): Promise<SiteDocumentJson> {
  return (await ownerApi(server)).call<SiteDocumentJson>('GET', '/api/config/export/document');
}

/** Imports a document over the default site (POST /api/config/import), as an ADMIN does from the config area. */
export async function importSiteDocument(server: RunningServer, doc: SiteDocumentJson): Promise<void> {
  await (await ownerApi(server)).call('POST', '/api/config/import', doc);
}

/** Changes the default site through its document: exported, changed by `change`, imported again. */
export async function changeSiteDocument(server: RunningServer, change: (doc: SiteDocumentJson) => void): Promise<void> {
  const doc = await siteDocument(server);
  change(doc);
  await importSiteDocument(server, doc);
}

/**
 * Uploads image files to the default site as its first owner (POST /api/config/files, as the
 * library's upload does), then waits until the image worker has made every file's copies, so
 * pages set up afterwards render them with their sizes and formats.
 */
export async function uploadImages(server: RunningServer, files: readonly { name: string; type: string; data: Buffer }[]): Promise<void> {
  const http = await request.newContext({ baseURL: server.url });
  try {
    await http.get('/');
    const crumb = async () => (await http.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
    const login = await http.post('/api/auth/Login', { headers: { 'x-csrf-token': await crumb() }, data: { email: printed(server.output(), 'First owner'), password: printed(server.output(), 'Password') } });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
    for (const f of files) {
      const res = await http.post('/api/config/files', {
        headers: { 'x-csrf-token': await crumb(), 'x-file-name': encodeURIComponent(f.name), 'x-file-type': f.type, 'content-type': 'application/octet-stream' },
        data: f.data,
      });
      if (!res.ok()) throw new Error(`upload of ${f.name} failed: ${res.status()} ${await res.text()}`);
    }
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { files: stored } = (await (await http.get('/api/config/files')).json()) as { files: { status: string }[] };
      if (!stored.some((f) => f.status === 'processing')) break;
      if (Date.now() > deadline) throw new Error('the image worker did not finish the copies within 30 s');
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    await http.dispose();
  }
}

/** Signs `page` in to the config area as the first owner `npm start` printed, and waits for its navigation. */
export async function signInAsOwner(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/config/`);
  await page.getByLabel('Email').fill(printed(server.output(), 'First owner'));
  await page.getByLabel('Password').fill(printed(server.output(), 'Password'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Config' }).waitFor();
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

/**
 * Fills a field of the config area, again when the text was lost: typed the instant focus leaves the editor's canvas
 * frame (a selected block holds it), Chromium can deliver the text to that frame instead.
 */
export async function typeInto(field: Locator, text: string) {
  await expect
    .poll(async () => {
      if ((await field.inputValue()) !== text) await field.fill(text);
      return field.inputValue();
    })
    .toBe(text);
}
