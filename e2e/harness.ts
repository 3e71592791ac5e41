/**
 * End-to-end harness. A file calls `siteForFile()` and gets, for its tests, the app server of its
 * worker (started once per run by e2e/global-setup.ts, as `npm start` runs it), the worker's
 * Chromium (launched by the worker's first file, kept for the next) and a site of its own on that
 * server, made through the product: the server's first owner invites the file's owner
 * (`owner+{tag}@example.com`, the tag being the file's name), who accepts from the emailed link,
 * creates the site from the demo template (identifier `{tag}`, at http://{tag}.localhost:{port})
 * and leaves the default site's team. Every request of the file
 * (its browser contexts and its calls from Node) carries an X-Forwarded-For address of the file's
 * own, which the shared servers believe from loopback, so the attempt limits count each file
 * apart, as they would count visitors.
 *
 * A file that needs a server process of its own (one it kills with -9) uses `startServer`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import {
  chromium,
  request,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject, vi } from 'vitest';
import { TEAM_ROLES, type TeamRoleName } from '../src/domain/roles';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { copyPreparedCluster } from '../test/db';
import { openTempDir } from '../test/global-setup';
import { parseMessage, textOf, type Received } from '../test/mailbox';
import { CHROMIUM, CHROMIUM_FLAGS, printed, ROOT, spawnServer, VISITOR_USER_AGENT, type RunningServer } from './server-process';
import { SHARED_HOST_RULES } from './shared';

export { printed, type RunningServer };

// ---- a site per file, on the worker's shared server ----

export type Account = { email: string; password: string };

/** A file's site on its worker's shared server. */
export type TestSite = {
  /** The file's name without `.test.ts`: its site's identifier, and the part after + in its emails. */
  tag: string;
  identifier: string;
  /** `{identifier}.localhost:{port}`: Chromium sends *.localhost to this machine by itself. */
  host: string;
  /** http://{host}: the published site, and its config area at /config/. */
  url: string;
  port: number;
  websiteId: string;
  /** The site's owner (an ADMIN of this site alone). */
  owner: Account;
  /** The address the file's requests come from (X-Forwarded-For). */
  forwardedFor: string;
};

/** The shared server's default site (the demo), its first owner an ADMIN of it; what the first server printed as it started, and its port. */
export type DefaultSite = { url: string; port: number; owner: Account; banner: string; bannerPort: number };

function shared() {
  return inject('e2e');
}

/** The file's worker's slot among the shared servers. */
function slot(): number {
  return (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % shared().servers.length;
}

/** An address in 10.0.0.0/8 of the tag's own, for X-Forwarded-For. */
function addressOf(tag: string): string {
  const [a, b, c] = createHash('sha256').update(tag).digest();
  return `10.${a}.${b}.${Math.max(1, c! % 255)}`;
}

/**
 * Calls from Node to a site of a shared server, from the file's address (*.localhost resolves to
 * loopback in the tests' Node too: e2e/localhost-names.ts).
 */
async function httpFor(host: string, forwardedFor: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL: `http://${host}`, extraHTTPHeaders: { 'x-forwarded-for': forwardedFor } });
}

/** The config area's calls, signed in as one account. `call` answers the JSON body and throws on any status but 2xx. */
export type ConfigApi = {
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** The call's answer whatever its status. */
  send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<APIResponse>;
  /** The request context underneath (its cookies are the session's). */
  http: APIRequestContext;
};

/**
 * The product's calls through a request context: a page view for the crumb, then each call with
 * it. Paths are under `base` (a browser context's request has no base URL of its own).
 */
async function apiOver(http: APIRequestContext, base = ''): Promise<ConfigApi> {
  await http.get(`${base}/`);
  const crumb = async () => (await http.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const send: ConfigApi['send'] = async (method, path, body) =>
    http.fetch(`${base}${path}`, { method, headers: method === 'GET' ? {} : { 'x-csrf-token': await crumb() }, ...(body === undefined ? {} : { data: body }) });
  const call = async <T>(method: Parameters<ConfigApi['send']>[0], path: string, body?: unknown): Promise<T> => {
    const res = await send(method, path, body);
    const text = await res.text();
    if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { call, send, http };
}

/** Anonymous calls to a site (a visitor's, from the file's address). */
export async function visitorApi(site: TestSite | (DefaultSite & { forwardedFor?: string })): Promise<ConfigApi> {
  return apiOver(await httpOf(site));
}

async function httpOf(site: TestSite | (DefaultSite & { forwardedFor?: string })): Promise<APIRequestContext> {
  if ('host' in site) return httpFor(site.host, site.forwardedFor);
  // A process of the file's own, or the shared server's default site.
  return request.newContext({ baseURL: site.url, extraHTTPHeaders: site.forwardedFor ? { 'x-forwarded-for': site.forwardedFor } : {} });
}

/** Signs in through the product's own calls, as the config area does: a page view for the crumb, then Login. */
export async function signedInApi(
  site: TestSite | RunningServer | (DefaultSite & { forwardedFor?: string }),
  email: string,
  password: string,
): Promise<ConfigApi> {
  const http = 'process' in site ? await request.newContext({ baseURL: site.url }) : await httpOf(site);
  const api = await apiOver(http);
  await api.call('POST', '/api/auth/Login', { email, password });
  return api;
}

/** What the shared servers sent to an address, oldest first. */
export async function mailTo(address: string): Promise<Received[]> {
  const res = await fetch(`${shared().mailUrl}?to=${encodeURIComponent(address)}`);
  const found = (await res.json()) as (Omit<Received, 'headers'> & { headers: Record<string, string> })[];
  return found.map((m) => ({ ...m, headers: new Map(Object.entries(m.headers)) }));
}

/** Waits (up to 15 s) for the count-th mail to an address and answers the newest (in a test or a hook). */
export async function mailFor(address: string, count = 1): Promise<Received> {
  return vi.waitFor(
    async () => {
      const found = await mailTo(address);
      if (found.length < count) throw new Error(`${found.length} mail${found.length === 1 ? '' : 's'} to ${address}, not ${count}`);
      return found.at(-1)!;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** The token of the first `…{path}?token=…` link in a mail's text. */
export function tokenIn(mail: Received, path: string): string {
  const m = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(textOf(mail));
  if (!m) throw new Error(`no ${path} link in:\n${mail.body}`);
  return m[1]!;
}

export { parseMessage, textOf };

const newPassword = () => `pw-${randomBytes(12).toString('base64url')}`;

/** The shared server's default site, the demo, as the file's worker sees it (read it; the files share it). */
export function defaultSite(): DefaultSite {
  const port = shared().servers[slot()]!.port;
  return { url: `http://localhost:${port}`, port, owner: shared().firstOwner, banner: shared().banner, bannerPort: shared().servers[0]!.port };
}

export type SiteOptions = {
  /**
   * What the site starts from, as the New site screen offers it: 'blank', or a template of sites/
   * ('demo' is the Shop template, the demo without its site guide). Left out: the demo whole, site
   * guide included, as a fresh install has it (see createTestSite).
   */
  template?: string;
  /** false: no mail server for the site (its Email (SMTP) screen starts empty), so it sends no email. */
  mail?: boolean;
};

/**
 * Makes a site on the worker's server through the product: the first owner invites
 * `owner+{tag}@example.com` to the default site's team as an ADMIN, who accepts from the emailed link (an
 * account of its own), creates the site `{tag}` from `template` (its ADMIN) and is taken off the
 * default site's team; the owner then gives the site the tests' mail server (Email (SMTP)), unless
 * `mail` is false. With no `template`, the site is the demo whole, as the files have always had it:
 * a new site leaves the demo's site guide out, so the site is made blank and the owner imports the
 * demo's document over it (Import and export) and chooses the built-in captcha its forms ask for,
 * as the Shop template's new site gets. Resolves once the site's files are ready (their image
 * copies made).
 */
export async function createTestSite(tag: string, opts: SiteOptions = {}): Promise<TestSite> {
  const { port } = shared().servers[slot()]!;
  const forwardedFor = addressOf(tag);
  const owner = { email: `owner+${tag}@example.com`, password: newPassword() };
  const defaultHost = `localhost:${port}`;
  const admin = await signedInApi({ ...defaultSite(), forwardedFor }, shared().firstOwner.email, shared().firstOwner.password);
  // An ADMIN of a site may create sites (SITE_CREATION's default): the new owner is one of the default site's for a moment.
  await admin.call('POST', '/api/config/team/invitations', { email: owner.email, role: TEAM_ROLES.ADMIN });
  const token = tokenIn(await mailFor(owner.email), '/config/invitation');
  const joining = await apiOver(await httpFor(defaultHost, forwardedFor));
  await joining.call('POST', '/api/auth/AcceptInvitation', { token, password: owner.password });
  // A template's site keeps the template's title (the demo's, Juniper Ceramics), so its pages read as the template's do.
  const title =
    opts.template === 'blank' ? `${tag[0]!.toUpperCase()}${tag.slice(1).replace(/-/g, ' ')}` : (await templateJson(opts.template ?? 'demo')).settings.title;
  await joining.call('POST', '/api/auth/Sites', { identifier: tag, title, template: opts.template ?? 'blank' });
  const { members } = await admin.call<{ members: { accountId: string; email: string }[] }>('GET', '/api/config/team');
  await admin.call('DELETE', `/api/config/team/${members.find((m) => m.email === owner.email)!.accountId}`);
  await Promise.all([admin.http.dispose(), joining.http.dispose()]);
  const [row] = await sql<{ id: string }>('SELECT id FROM websites WHERE identifier = $1', [tag]);
  const host = `${tag}.localhost:${port}`;
  const site: TestSite = { tag, identifier: tag, host, url: `http://${host}`, port, websiteId: row!.id, owner, forwardedFor };
  if (opts.template === undefined) {
    const demo = await templateJson('demo');
    demo.settings = { ...demo.settings, identifier: tag, title, customDomains: [] };
    await (await ownerApi(site)).call('POST', '/api/config/import', demo);
    await (await ownerApi(site)).call('PUT', '/api/config/captcha', { provider: 'altcha' });
  }
  if (opts.mail !== false)
    await (await ownerApi(site)).call('PUT', '/api/config/smtp', {
      host: '127.0.0.1',
      port: shared().mailPort,
      secure: false,
      fromAddress: `studio+${tag}@example.com`,
    });
  await filesReady(site);
  return site;
}

/** A template's document, as its folder in sites/ holds it. */
async function templateJson(id: string): Promise<{ settings: Record<string, unknown> & { title: string } } & Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(ROOT, 'sites', id, 'site.json'), 'utf8')) as Awaited<ReturnType<typeof templateJson>>;
}

/** The file's tag: its name without `.test.ts`. */
function fileTag(): string {
  const file = expect.getState().testPath ?? '';
  const m = /([a-z0-9-]+)\.test\.ts$/.exec(file);
  if (!m) throw new Error(`not an end-to-end test file: ${file}`);
  return m[1]!;
}

/** The worker's Chromium: launched by its first file that needs one, kept for the next (a worker keeps its modules between files). */
let workerChromium: Promise<Browser> | undefined;

function launchedChromium(): Promise<Browser> {
  workerChromium ??= chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--user-agent=${VISITOR_USER_AGENT}`, `--host-resolver-rules=${SHARED_HOST_RULES}`],
    headless: true,
  });
  return workerChromium;
}

/**
 * A file's view of the worker's Chromium: the contexts and pages it opens are the file's (carrying
 * the file's X-Forwarded-For address, when given), and closing it closes them and leaves the
 * browser running for the worker's next file.
 */
function fileBrowser(browser: Browser, forwardedFor?: string): Browser {
  const withAddress = <T extends BrowserContextOptions>(opts: T = {} as T): T =>
    forwardedFor ? { ...opts, extraHTTPHeaders: { 'x-forwarded-for': forwardedFor, ...opts.extraHTTPHeaders } } : opts;
  const contexts = new Set<BrowserContext>();
  const opened = (context: BrowserContext): BrowserContext => {
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, prop) {
      if (prop === 'newContext') return async (opts?: BrowserContextOptions) => opened(await target.newContext(withAddress(opts)));
      if (prop === 'newPage')
        return async (opts?: BrowserContextOptions) => {
          const page = await target.newPage(withAddress(opts));
          opened(page.context());
          return page;
        };
      if (prop === 'contexts') return () => [...contexts];
      if (prop === 'close') return async () => void (await Promise.all([...contexts].map((c) => c.close())));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The worker's Chromium, for a file that needs no site (its contexts are the file's; closing it leaves the browser running). */
export async function sharedBrowser(): Promise<Browser> {
  return fileBrowser(await launchedChromium());
}

/**
 * A site of the file's own on its worker's shared server, and the worker's Chromium: made before
 * the file's tests, the browser let go after them (the site stays until the run ends).
 */
export function siteForFile(opts: SiteOptions = {}): { site: () => TestSite; browser: () => Browser } {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const tag = fileTag();
    const [made, chromium] = await Promise.all([createTestSite(tag, opts), launchedChromium()]);
    site = made;
    browser = fileBrowser(chromium, made.forwardedFor);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    site: () => site ?? fail('site not made'),
    browser: () => browser ?? fail('browser not connected'),
  };
}

function fail(message: string): never {
  throw new Error(message);
}

// ---- reading what the server stored ----

/** The worker's connections to the shared servers' database, kept for its files (they let the worker exit when idle). */
let pool: pg.Pool | undefined;

/** SQL on the shared servers' database: for reading what they stored (scope it by the site's website_id). */
async function sql<T extends Record<string, unknown> = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: shared().databaseUrl, max: 2, allowExitOnIdle: true });
  return (await pool.query<T>(text, values)).rows;
}

/**
 * Runs SQL against the database a site is stored in: the shared servers' (scope what you read by
 * `site.websiteId`: the other files' sites are there too), or a process of the file's own (its
 * embedded database, adopted, not restarted). For reading what the server stored, and for the rare
 * state no call of the product can make (data an older server let in).
 */
export async function sqlOn(target: TestSite | RunningServer, text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (!('process' in target)) return sql(text, values);
  const db = await startEmbeddedPostgres({ dataDir: target.dataDir });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

// ---- the site's owner and team ----

const ownerApis = new WeakMap<object, Promise<ConfigApi>>();

/** The config API as the site's owner (signed in once per site), or as a process's first owner. */
export function ownerApi(site: TestSite | RunningServer): Promise<ConfigApi> {
  let api = ownerApis.get(site);
  if (!api) {
    api =
      'process' in site
        ? signedInApi(site, printed(site.output(), 'First owner'), printed(site.output(), 'Password'))
        : signedInApi(site, site.owner.email, site.owner.password);
    ownerApis.set(site, api);
  }
  return api;
}

/**
 * A team member of the site with `role`, made through the product: the owner invites
 * `{name}+{tag}@example.com`, who accepts from the emailed link with a password of its own.
 */
export async function addTeamMember(site: TestSite, role: TeamRoleName, name = role.toLowerCase().replace(/_/g, '-')): Promise<Account> {
  const member = { email: `${name}+${site.tag}@example.com`, password: newPassword() };
  await (await ownerApi(site)).call('POST', '/api/config/team/invitations', { email: member.email, role: TEAM_ROLES[role] });
  const token = tokenIn(await mailFor(member.email), '/config/invitation');
  const joining = await visitorApi(site);
  await joining.call('POST', '/api/auth/AcceptInvitation', { token, password: member.password });
  await joining.http.dispose();
  return member;
}

/** A customer of the site with a confirmed address, made through the product: signed up, then confirmed from the emailed link. */
export async function addCustomer(site: TestSite, displayName = 'Demo Member', name = 'member'): Promise<Account> {
  const customer = { email: `${name}+${site.tag}@example.com`, password: newPassword() };
  const visitor = await visitorApi(site);
  await visitor.call('POST', '/api/site-users/account', { email: customer.email, password: customer.password, displayName });
  const token = tokenIn(await mailFor(customer.email), '/account/verify');
  await visitor.call('POST', '/api/site-users/account/verify', { token });
  await visitor.http.dispose();
  return customer;
}

/** Changes the site's settings through the config area's call (PUT /api/config/site), which tells every cache. */
export async function setSiteSettings(site: TestSite, changes: Record<string, unknown>): Promise<void> {
  await (await ownerApi(site)).call('PUT', '/api/config/site', changes);
}

/** A site document as the export answers it; tests change what they need and leave the rest. */
export type SiteDocumentJson = { settings: Record<string, unknown>; pages: DocumentPage[] } & Record<string, unknown>;
export type DocumentPage = { id: string; path?: string; title: string; sections: { id: string; blocks: DocumentBlock[] }[] } & Record<string, unknown>;
export type DocumentBlock = { id: string; type: number; data: Record<string, unknown> } & Record<string, unknown>;

/** The site's document, as its export answers it. */
export async function siteDocument(site: TestSite): Promise<SiteDocumentJson> {
  return (await ownerApi(site)).call<SiteDocumentJson>('GET', '/api/config/export/document');
}

/** Imports a document over the site (POST /api/config/import), as an ADMIN does from the config area. */
export async function importSiteDocument(site: TestSite, doc: SiteDocumentJson): Promise<void> {
  await (await ownerApi(site)).call('POST', '/api/config/import', doc);
}

/** Changes the site through its document: exported, changed by `change`, imported again. */
export async function changeSiteDocument(site: TestSite, change: (doc: SiteDocumentJson) => void): Promise<void> {
  const doc = await siteDocument(site);
  change(doc);
  await importSiteDocument(site, doc);
}

/** Waits until the image worker has made the copies of every file of the site (none says 'processing'). */
export async function filesReady(site: TestSite): Promise<void> {
  const api = await ownerApi(site);
  await vi.waitFor(
    async () => {
      const waiting = (await api.call<{ files: { name: string; status: string }[] }>('GET', '/api/config/files')).files.filter(
        (f) => f.status === 'processing',
      );
      if (waiting.length > 0) throw new Error(`still processing: ${waiting.map((f) => f.name).join(', ')}`);
    },
    { timeout: 60_000, interval: 200 },
  );
}

/**
 * Uploads image files to the site as its owner (POST /api/config/files, as the library's upload
 * does), then waits until the image worker has made every file's copies, so pages set up
 * afterwards render them with their sizes and formats.
 */
export async function uploadImages(site: TestSite, files: readonly { name: string; type: string; data: Buffer }[]): Promise<void> {
  const { http } = await ownerApi(site);
  const crumb = async () => (await http.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  for (const f of files) {
    const res = await http.post('/api/config/files', {
      headers: { 'x-csrf-token': await crumb(), 'x-file-name': encodeURIComponent(f.name), 'x-file-type': f.type, 'content-type': 'application/octet-stream' },
      data: f.data,
    });
    if (!res.ok()) throw new Error(`upload of ${f.name} failed: ${res.status()} ${await res.text()}`);
  }
  await filesReady(site);
}

/**
 * Signs `page`'s context in as an account (the site's owner by default) through the product's own
 * calls, as the sign-in form makes them, then opens the config area on `page` and waits for its
 * navigation. The form itself is the subject of the tests that sign in through it (config-area,
 * account-security, two-factor); the others start signed in, as an owner's return visit does.
 */
export async function signInAsOwner(page: Page, site: TestSite, who: Account = site.owner): Promise<void> {
  await (await apiOver(page.context().request, site.url)).call('POST', '/api/auth/Login', { email: who.email, password: who.password });
  await page.goto(`${site.url}/config/`);
  await page.getByRole('navigation', { name: 'Config' }).waitFor();
}

/** Opens the page titled `title` from the Pages screen in the visual editor, once its draft is loaded and its canvas drawn. */
export async function openPageInEditor(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor();
  await page.frameLocator('iframe[title="Page canvas"]').locator('.block').first().waitFor();
}

/** Publishes the page open in the visual editor once its last change is saved: through the confirmation, until the editor says it is published. */
export async function publishFromEditor(page: Page): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish this page?' }).getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Published. Visitors now see this version.').first().waitFor();
}

// ---- browsers and pages ----

/** A download's bytes, copied out of the browser's download folder (which goes with its context) first. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openpress-download-'));
  try {
    const file = path.join(dir, 'download');
    await download.saveAs(file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/**
 * A browser context whose visitor has already answered the cookie banner (ss_cookieAllowed=true)
 * on the site, so the banner never covers what a test clicks. Tests about the banner make their own
 * contexts.
 */
export async function visitorContext(browser: Browser, site: TestSite | RunningServer, opts: BrowserContextOptions = desktop) {
  const context = await browser.newContext(opts);
  const hosts = 'process' in site ? [site.url, `http://localhost:${site.port}`, `http://demo.localhost:${site.port}`] : [site.url];
  await context.addCookies(hosts.map((url) => ({ name: 'ss_cookieAllowed', value: 'true', url })));
  return context;
}

/**
 * The timeout of a test that starts `starts` servers of its own (`startServer`): each start (a
 * fresh cluster, migrations, the demo) may take a minute on a busy machine, and the test's own work
 * another.
 */
export const ownServersTimeout = (starts: number): number => (starts + 1) * 60_000;

/**
 * A server of the file's own, for what the shared servers cannot give: a process to kill with -9,
 * or settings read at start. Its own embedded PostgreSQL in `dataDir` (unless given, a copy of the
 * cluster the global setup prepared), the demo imported on first start.
 */
export async function startServer(opts: { env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningServer> {
  let dataDir = opts.dataDir;
  if (!dataDir) {
    dataDir = await openTempDir('openpress-own-server-');
    await copyPreparedCluster(dataDir);
  }
  return spawnServer(dataDir, { IMAGE_AVIF_EFFORT: '0', ...opts.env });
}

/** Page-level islands a published page may load whatever its blocks (consent, measurement). */
export const PAGE_ISLANDS = ['cookie-banner', 'measure'] as const;

/**
 * A script of the visitor runtime every published page runs: a page-level island's entry, or the
 * `visitor` chunk they share (vite.config.ts).
 */
export function isPageRuntime(path: string): boolean {
  return path.startsWith('/assets/visitor-') || PAGE_ISLANDS.some((kind) => path.startsWith(`/assets/island-${kind}-`));
}

/**
 * Page-level islands of the site's chrome, loaded only where they show: the header's menu (on
 * narrow screens), a shop's cart indicator (for a visitor with a cart, and beside commerce blocks),
 * the design's animations (when it animates) and anchor scrolling (on pages with same-page links).
 */
export const CHROME_ISLANDS = ['menu', 'cart-indicator', 'motion', 'anchor-scroll'] as const;

/** A block's island kind, as opposed to a page-level island's. */
export const isBlockKind = (kind: string): boolean => ![...PAGE_ISLANDS, ...CHROME_ISLANDS].some((k) => k === kind);

/** A block's island chunk (`/assets/island-<kind>-…`), as opposed to a page-level island's. */
export function isBlockChunk(path: string): boolean {
  return path.startsWith('/assets/island-') && ![...PAGE_ISLANDS, ...CHROME_ISLANDS].some((kind) => path.startsWith(`/assets/island-${kind}-`));
}

/**
 * Waits until the page's islands have run: the loader marks an island's element
 * `data-island-ready` once its kind's code has woken it. By default every island that loads without
 * being scrolled to (the page-level ones, eager and idle blocks); `kinds` names the ones to wait for.
 */
export async function islandsReady(page: Page, kinds?: readonly string[]): Promise<void> {
  // The cart indicator loads only for a visitor with a cart (data-load="cookie"): name it to wait for it.
  const selector = kinds ? kinds.map((k) => `[data-island="${k}"]`).join(', ') : '[data-island]:not([data-load="visible"]):not([data-load="cookie"])';
  await page.waitForFunction(
    ({ selector, named }) => {
      const found = [...document.querySelectorAll(selector)];
      return (!named || found.length > 0) && found.every((el) => el.hasAttribute('data-island-ready'));
    },
    { selector, named: kinds !== undefined },
  );
}

/** Where a paused page clock starts: 2026-01-01T00:00:00Z. */
const PAUSED_AT = Date.UTC(2026, 0, 1);

/**
 * The page's clock installed and standing still, before the page loads: its timers, frames and
 * idle callbacks run only as the test moves it, so a page that loads slowly on a busy machine has
 * no timer fire early. `stepClockUntil` brings it to where the test starts.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: PAUSED_AT });
  await page.clock.pauseAt(PAUSED_AT + 60_000);
}

/**
 * Moves a paused clock on 50 ms at a time until `reached` answers true: a page whose way to a state
 * goes through its timers gets there, and at most one step of its time passes after it.
 */
export async function stepClockUntil(page: Page, reached: () => Promise<boolean>, what = 'the state waited for'): Promise<void> {
  for (let elapsed = 0; elapsed <= 60_000; elapsed += 50) {
    if (await reached()) return;
    await page.clock.runFor(50);
  }
  throw new Error(`${what} was not reached in 60 s of the page's time`);
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

/** The layout shift the page has had so far (the sum of its layout-shift entries). */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
