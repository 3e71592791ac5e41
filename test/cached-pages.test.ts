/**
 * The cached-page path in front of the framework (src/server/front/front-path.ts), through a real
 * listening server (`inject` goes straight to the framework): a page an anonymous visitor was
 * answered by the framework is answered again from memory with the same status, headers and bytes,
 * for each coding and for https through a trusted proxy; 304s for a known entity tag; what it
 * must not answer reaches the framework; and a change to the site is never answered stale. Asked
 * on connections kept open as browsers keep them (where the path writes its answer in one piece,
 * front/direct-answer.ts), on connections that close, and pipelined.
 */
import { Agent } from 'node:http';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { demoDatabase, type DemoApp } from './demo-app';
import { demoDocument } from './fixtures';
import { pipelined, rawGet, type RawAnswer } from './raw-http';

let demo: DemoApp;
let app: FastifyInstance;
let port: number;
/** Requests the framework saw: an answer from the cached-page path leaves it as it was. */
let framework = 0;
/** One connection kept open between requests, as a browser's. */
const browser = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  demo = await demoDatabase();
  app = await buildApp({ database: demo.database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true, trustProxy: '127.0.0.1' });
  app.addHook('onRequest', async () => {
    framework += 1;
  });
  await app.siteChanges.ready;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  browser.destroy();
  await app?.close();
  await demo?.database.drop();
});

/** `closing`: on a connection of its own that closes after the answer (`Connection: close`). */
type Ask = { method?: 'GET' | 'HEAD'; encoding?: string; https?: boolean; headers?: Record<string, string>; closing?: boolean };

const ask = (path: string, opts: Ask = {}) =>
  rawGet(port, path, {
    method: opts.method ?? 'GET',
    agent: opts.closing ? undefined : browser,
    headers: {
      ...(opts.encoding ? { 'accept-encoding': opts.encoding } : {}),
      ...(opts.https ? { 'x-forwarded-proto': 'https' } : {}),
      ...opts.headers,
    },
  });

/** Asks, and says whether the framework answered. */
async function counted(path: string, opts: Ask = {}): Promise<RawAnswer & { byFramework: boolean }> {
  const before = framework;
  const answer = await ask(path, opts);
  return { ...answer, byFramework: framework !== before };
}

/** An answer as compared: every header but Date, and the crumb's value (new for every first visit). */
function comparable(answer: RawAnswer) {
  const headers = answer.headers
    .filter(([name]) => name.toLowerCase() !== 'date')
    .map(([name, value]) => [name.toLowerCase(), name.toLowerCase() === 'set-cookie' ? value.replace(/^crumb=[^;]+/, 'crumb=(fresh)') : value] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return { status: answer.status, headers, body: answer.body.toString('base64') };
}

const header = (answer: RawAnswer, name: string) => answer.headers.find(([n]) => n.toLowerCase() === name)?.[1];

describe('a cached page answered in front of the framework', () => {
  const pages = [
    { path: '/', status: 200 },
    { path: '/contact', status: 200 },
    { path: '/no-such-page', status: 404 },
  ];

  for (const https of [false, true]) {
    for (const { path, status } of pages) {
      it(`equals its first render, header for header and byte for byte: ${path}${https ? ' over https (trusted proxy)' : ''}`, async () => {
        const first = await counted(path, { encoding: 'br, gzip', https });
        expect(first.byFramework).toBe(true);
        expect(first.status).toBe(status);
        const again = await counted(path, { encoding: 'br, gzip', https });
        expect(again.byFramework).toBe(false);
        expect(comparable(again)).toEqual(comparable(first));
        expect(header(again, 'content-encoding')).toBe('br');
        expect(header(again, 'vary')).toBe('Accept-Encoding');
        expect(header(again, 'set-cookie')).toMatch(https ? /^crumb=[^;]+; Path=\/; Secure; SameSite=Lax$/ : /^crumb=[^;]+; Path=\/; SameSite=Lax$/);
        expect(header(again, 'strict-transport-security')).toBe(https ? 'max-age=15552000; includeSubDomains' : undefined);
        expect(header(again, 'content-security-policy')?.includes('upgrade-insecure-requests')).toBe(https);

        // Each coding: the framework (a query string sends the request there, to the same stored page) and the path in front send the same.
        for (const encoding of ['gzip', 'br;q=0.5, gzip;q=0.8', undefined]) {
          const byFramework = await counted(`${path}?from=framework`, { encoding, https });
          const inFront = await counted(path, { encoding, https });
          expect([byFramework.byFramework, inFront.byFramework]).toEqual([true, false]);
          expect(comparable(inFront)).toEqual(comparable(byFramework));
          expect(header(inFront, 'content-encoding')).toBe(encoding ? 'gzip' : undefined);
        }
        const plain = await ask(path, { https });
        expect(brotliDecompressSync(again.body).equals(plain.body)).toBe(true);
        // The connection's own headers, as Node writes them for a connection kept open.
        expect(header(again, 'connection')).toBe('keep-alive');
        expect(header(again, 'keep-alive')).toBe(`timeout=${Math.floor(app.server.keepAliveTimeout / 1000)}`);

        // On a connection that closes after its answer, the same again, with the header that says so.
        const closingByFramework = await counted(`${path}?from=framework`, { encoding: 'br, gzip', https, closing: true });
        const closingInFront = await counted(path, { encoding: 'br, gzip', https, closing: true });
        expect([closingByFramework.byFramework, closingInFront.byFramework]).toEqual([true, false]);
        expect(comparable(closingInFront)).toEqual(comparable(closingByFramework));
        expect(header(closingInFront, 'connection')).toBe('close');
        expect(closingInFront.body.equals(again.body)).toBe(true);
      });
    }
  }

  it('answers requests pipelined on one connection in order, one waiting behind a framework answer too', async () => {
    await ask('/', { encoding: 'br' });
    await ask('/about', { encoding: 'br' });
    const br = { 'accept-encoding': 'br' };
    const before = framework;
    const answers = await pipelined(port, [
      { path: '/', headers: br },
      { path: '/about?from=framework', headers: br },
      { path: '/about', headers: br },
      { path: '/', headers: br },
    ]);
    expect(framework - before).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const [home, aboutByFramework, about, homeAgain] = answers.map(comparable);
    expect(about).toEqual(aboutByFramework);
    expect(homeAgain).toEqual(home);
    expect(home!.body).toEqual(comparable(await ask('/', { encoding: 'br' })).body);
    expect(about!.body).not.toEqual(home!.body);
  });

  it('keeps the hashes of the page it stored in its policy (a page with a form)', async () => {
    const page = await ask('/contact', { encoding: 'br' });
    expect(header(page, 'content-security-policy')).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
  });

  it('answers HEAD with the headers of GET and no body, as the framework does', async () => {
    await ask('/about');
    const byFramework = await counted('/about?from=framework', { method: 'HEAD', encoding: 'gzip' });
    const inFront = await counted('/about', { method: 'HEAD', encoding: 'gzip' });
    expect([byFramework.byFramework, inFront.byFramework]).toEqual([true, false]);
    expect(comparable(inFront)).toEqual(comparable(byFramework));
    expect(inFront.body.length).toBe(0);
    expect(Number(header(inFront, 'content-length'))).toBe((await ask('/about', { encoding: 'gzip' })).body.length);
  });

  it('answers 304 Not Modified to the entity tag of the coding asked for, with the headers a cache keeps', async () => {
    const br = await ask('/', { encoding: 'br' });
    const gzip = await ask('/', { encoding: 'gzip' });
    const tag = header(br, 'etag')!;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(header(gzip, 'etag')).not.toBe(tag);

    const inFront = await counted('/', { encoding: 'br', headers: { 'if-none-match': `"other", ${tag}` } });
    const byFramework = await counted('/?from=framework', { encoding: 'br', headers: { 'if-none-match': tag } });
    expect([byFramework.byFramework, inFront.byFramework]).toEqual([true, false]);
    expect(inFront.status).toBe(304);
    expect(inFront.body.length).toBe(0);
    expect(comparable(inFront)).toEqual(comparable(byFramework));
    expect(header(inFront, 'etag')).toBe(tag);
    expect(header(inFront, 'vary')).toBe('Accept-Encoding');
    expect(header(inFront, 'cache-control')).toBe('no-cache');
    // A revalidating cache keeps the page's own policy, not the locked-down one of answers without a policy.
    expect(header(inFront, 'content-security-policy')).toBe(header(br, 'content-security-policy'));
    expect(header(inFront, 'content-type')).toBeUndefined();

    // The brotli tag does not validate the gzip body.
    expect((await ask('/', { encoding: 'gzip', headers: { 'if-none-match': tag } })).status).toBe(200);
  });

  it('gives a visitor who holds a valid crumb no new one, and a visitor without one a new one each time', async () => {
    const first = await ask('/', { encoding: 'br' });
    const crumb = header(first, 'set-cookie')!.split(';')[0]!;
    const back = await counted('/', { encoding: 'br', headers: { cookie: `${crumb}; consent=1` } });
    expect(back.byFramework).toBe(false);
    expect(header(back, 'set-cookie')).toBeUndefined();
    const other = await ask('/', { encoding: 'br' });
    expect(header(other, 'set-cookie')!.split(';')[0]).not.toBe(crumb);
  });

  it('leaves to the framework what could change the answer', async () => {
    await ask('/about');
    await ask('/about');
    const cases: [string, Ask][] = [
      ['/about', { headers: { cookie: 'op_session=someone' } }],
      ['/about', { headers: { cookie: 'op_member=someone' } }],
      ['/about?logout=true', {}],
      ['/about/', {}],
      ['/%61bout', {}],
      ['/members', {}],
      ['/account/login', {}],
      ['/about', { method: 'HEAD', headers: { host: 'demo.sites.test' } }],
    ];
    for (const [path, opts] of cases) expect((await counted(path, opts)).byFramework, `${path} ${JSON.stringify(opts)}`).toBe(true);
    // A Host the check refuses gets the framework's 400 (its first hook answers before any other runs).
    const refused = await ask('/about', { headers: { host: 'bad host' } });
    expect(refused.status).toBe(400);
    expect(refused.body.toString()).toContain('error');
    // The logged-out notice is on the page the framework renders for `logout=true`, and never stored for others.
    expect((await ask('/about?logout=true')).body.toString()).toContain('logout-notice');
    expect((await ask('/about')).body.toString()).not.toContain('logout-notice');
  });

  it('counts its answers in the metrics: page-cache hits and requests on the page route', async () => {
    await ask('/');
    const before = await app.metrics.render();
    const hits = (text: string) => Number(/page_cache_requests_total\{result="hit",path="\/",service="openpress"\} (\d+)/.exec(text)?.[1] ?? 0);
    const requests = (text: string) => Number(/http_requests_total\{route="\/\*",method="GET",status="200",service="openpress"\} (\d+)/.exec(text)?.[1] ?? 0);
    const inFront = await counted('/');
    expect(inFront.byFramework).toBe(false);
    const after = await app.metrics.render();
    expect(hits(after)).toBe(hits(before) + 1);
    expect(requests(after)).toBe(requests(before) + 1);
  });

  it('never answers a page changed since it was stored', async () => {
    await ask('/');
    expect((await counted('/')).byFramework).toBe(false);
    const doc = demoDocument();
    doc.settings.title = 'Juniper Ceramics, changed';
    const loaded = loadDocument(doc, siteDocumentSchema);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    await writeSiteDocument(demo.database.db, loaded.document, { makeDefault: true });
    // The change reaches this server as a notification; from then on, no answer is the old page.
    await expect.poll(async () => (await ask('/')).body.toString(), { timeout: 5000 }).toContain('<title>Juniper Ceramics, changed</title>');
    for (let i = 0; i < 3; i++) expect((await ask('/')).body.toString()).toContain('<title>Juniper Ceramics, changed</title>');
    expect((await counted('/')).byFramework).toBe(false);
  });
});

describe('with a log line per request (LOG_LEVEL info)', () => {
  it('logs every request, those answered in front of the framework too, with the same fields', async () => {
    const log = new PassThrough();
    const lines: string[] = [];
    log.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const logged = await buildApp({
      database: demo.database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: true,
      logLevel: 'info',
      logStream: log,
    });
    try {
      await logged.siteChanges.ready;
      await logged.listen({ port: 0, host: '127.0.0.1' });
      const at = (logged.server.address() as { port: number }).port;
      for (let i = 0; i < 3; i++) expect((await rawGet(at, '/about')).status).toBe(200);
      await expect.poll(() => lines.filter((line) => line.includes('"path":"/about"')).length).toBe(3);
      const entries = lines.filter((line) => line.includes('"path":"/about"')).map((line) => JSON.parse(line) as Record<string, unknown>);
      for (const entry of entries) {
        expect(entry).toMatchObject({ method: 'GET', path: '/about', status: 200, msg: 'request' });
        expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(typeof entry.responseTimeMs).toBe('number');
      }
      // The first was rendered by the framework; the other two were answered in front of it.
      const hits = (await logged.metrics.pageCache.get()).values.filter((v) => v.labels.result === 'hit' && v.labels.path === '/about');
      expect(hits.reduce((n, v) => n + v.value, 0)).toBe(2);
    } finally {
      await logged.close();
    }
  });
});
