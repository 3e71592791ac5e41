/**
 * Sites' published content held in memory per app server (src/server/modules/content/published/site-content.ts):
 * once a site has been rendered, rendering any of its pages for an anonymous visitor makes no
 * database query, a change is shown on the next render, memory stays within its limit in bytes
 * with many sites (the least recently rendered dropped first), and a site larger than the limit
 * is rendered from the database, page by page, exactly as it would be from memory.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema, type StoredSiteDocument } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { DEMO_WHOLESALE_PASSWORD } from '../src/server/demo';
import { createMetrics } from '../src/server/metrics';
import { loadClientAssets } from '../src/server/render/assets';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { databaseUse } from './database-use';
import { freshDatabase } from './db';
import { demoDatabase, type DemoApp } from './demo-app';
import { demoDocument, siteNamed } from './fixtures';
import { client, type Client } from './session';

function valid(doc: SiteDocument): StoredSiteDocument {
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.document;
}

/** A value of the app's metrics as an operator scrapes them. */
async function metric(app: FastifyInstance, line: string): Promise<number> {
  const text = await app.metrics.render();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return Number(found?.split(' ').at(-1));
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('rendering a site held in memory', () => {
  let demo: DemoApp;
  let app: FastifyInstance;
  let visitor: Client;
  let unlocked: Client;
  /** Every kind of page the demo site has, as an anonymous visitor asks for it. */
  let pages: { url: string; status: number; as: () => Client }[];

  beforeAll(async () => {
    demo = await demoDatabase();
    app = await buildApp({
      database: demo.database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: true,
      metrics: createMetrics({ defaults: false }),
    });
    await app.siteChanges.ready;
    visitor = await client(app);
    unlocked = await client(app);
    const locked = await unlocked.call('GET', '/wholesale');
    const pageId = /data-lock-page="([0-9a-f]{24})"/.exec(locked.body)?.[1];
    expect((await unlocked.call('POST', '/api/page-access/unlock', { pageId, password: DEMO_WHOLESALE_PASSWORD })).statusCode).toBe(200);
    const journal = await visitor.call('GET', '/journal');
    const itemUrl = /<h2><a href="([^"]+)">/.exec(journal.body)?.[1];
    expect(itemUrl).toBeDefined();
    pages = [
      { url: '/', status: 200, as: () => visitor }, // page (2)
      { url: '/blocks/accordion', status: 200, as: () => visitor },
      { url: '/contact', status: 200, as: () => visitor }, // a form, with the site's captcha
      { url: '/journal', status: 200, as: () => visitor }, // collection (1)
      { url: itemUrl ?? '', status: 200, as: () => visitor }, // item (50)
      { url: '/members', status: 403, as: () => visitor }, // access denied (106)
      { url: '/wholesale', status: 403, as: () => visitor }, // lock screen (103)
      { url: '/wholesale', status: 200, as: () => unlocked }, // protected content (105)
      { url: '/no-such-page', status: 404, as: () => visitor }, // not found (100)
      { url: '/home', status: 301, as: () => visitor }, // the owner's redirect
      { url: '/account/login', status: 200, as: () => visitor },
      { url: '/newsletter-subscription/confirm?token=abc', status: 200, as: () => visitor },
    ];
  });
  afterAll(async () => {
    await app?.close();
    await demo?.database.drop();
  });

  it('renders every kind of page without a database query once the site has been read', async () => {
    for (const page of pages) expect((await page.as().call('GET', page.url)).statusCode, page.url).toBe(page.status);
    for (const page of pages) {
      app.pageCache.clear();
      let status = 0;
      const used = await databaseUse(demo.database.pool, async () => {
        status = (await page.as().call('GET', page.url)).statusCode;
      });
      expect(status, page.url).toBe(page.status);
      expect(used, page.url).toBe(0);
    }
    expect(await metric(app, 'site_content_sites{service="openpress"}')).toBe(1);
  });

  it('reads the site again on the first render after a change, and shows the change', async () => {
    const identifier = demoDocument().settings.identifier;
    await writeSiteDocument(demo.database.db, valid(siteNamed(identifier, 'Changed Pottery')));
    await expect.poll(() => app.siteContent.held().sites, { timeout: 5000 }).toBe(0);
    let html = '';
    const used = await databaseUse(demo.database.pool, async () => {
      html = (await visitor.call('GET', '/about')).body;
    });
    expect(title(html)).toBe('About — Changed Pottery');
    expect(used).toBeGreaterThan(0);
    app.pageCache.clear();
    expect(await databaseUse(demo.database.pool, () => visitor.call('GET', '/about'))).toBe(0);
  });

  it('renders the error page (101) of a page whose stored content fails without a query either', async () => {
    const broken = '[{"id":"x","blocks":[{"id":"y","type":18,"data":{},"layout":{"desktop":{"x":0,"y":0,"w":1,"h":1}}}]}]';
    await demo.database.pool.query(`UPDATE pages SET sections = $1 WHERE website_id = $2 AND path = '/blocks/code'`, [broken, demo.websiteId]);
    await demo.database.pool.query(`SELECT pg_notify('site_changed', $1)`, [demo.websiteId]);
    await expect.poll(async () => (await visitor.call('GET', '/blocks/code')).statusCode, { timeout: 5000 }).toBe(500);
    app.pageCache.clear();
    let html = '';
    const used = await databaseUse(demo.database.pool, async () => {
      html = (await visitor.call('GET', '/blocks/code')).body;
    });
    expect(html).toContain('page-type-101');
    expect(used).toBe(0);
  });

  it('drops what it holds when the listening connection is lost, so a change it did not hear is shown', async () => {
    const shown = async () => {
      app.pageCache.clear();
      return title((await visitor.call('GET', '/about')).body);
    };
    expect(await shown()).toBe('About — Changed Pottery');
    // Written without its notification, as a change made while the connection was down would be missed.
    await demo.database.pool.query(`UPDATE pages SET title = 'Our story' WHERE website_id = $1 AND path = '/about'`, [demo.websiteId]);
    expect(await shown()).toBe('About — Changed Pottery');
    await demo.database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN site_changed'`,
    );
    await expect.poll(shown, { timeout: 5000 }).toBe('Our story — Changed Pottery');
  });

  it('renders a site larger than its limit from the database, the same as from memory', async () => {
    const small = await buildApp({
      database: demo.database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: true,
      contentCacheBytes: 2048,
      metrics: createMetrics({ defaults: false }),
    });
    try {
      await small.siteChanges.ready;
      const ask = (on: FastifyInstance, page: (typeof pages)[number]) =>
        on.inject({ method: 'GET', url: page.url, headers: { host: 'localhost', cookie: [...page.as().cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const page of pages) {
        app.pageCache.clear();
        const fromMemory = await ask(app, page);
        small.pageCache.clear();
        let fromDatabase = fromMemory;
        const used = await databaseUse(demo.database.pool, async () => {
          fromDatabase = await ask(small, page);
        });
        expect(fromDatabase.statusCode, page.url).toBe(fromMemory.statusCode);
        expect(fromDatabase.body, page.url).toBe(fromMemory.body);
        expect(used, page.url).toBeGreaterThan(0);
      }
      expect(small.siteContent.held().sites).toBe(0);
      expect(await metric(small, 'site_content_bytes{service="openpress"}')).toBeLessThanOrEqual(2048);
      expect(await metric(small, 'site_content_reads_total{result="too_large",service="openpress"}')).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});

describe('many sites on one app server', () => {
  const count = process.env.FULL ? 1000 : 60;
  const kept = 10;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let app: FastifyInstance;
  let limit = 0;
  const identifiers = Array.from({ length: count }, (_, i) => `site-${String(i).padStart(4, '0')}`);
  const about = (identifier: string) => app.inject({ method: 'GET', url: '/about', headers: { host: `${identifier}.sites.test` } });

  beforeAll(async () => {
    database = await freshDatabase();
    // Small sites: the demo's about page alone.
    const doc = demoDocument();
    const page = doc.pages.find((p) => p.path === '/about');
    for (const identifier of identifiers) {
      const site = siteNamed(identifier, identifier);
      await writeSiteDocument(
        database.db,
        valid({ ...site, pages: page ? [page] : [], collections: [], redirects: [], navigation: [], store: { ...site.store, categories: [], products: [] } }),
      );
    }
    const measure = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false });
    // Listening first: connecting drops whatever is held, a read under way included.
    await measure.siteChanges.ready;
    await measure.inject({ method: 'GET', url: '/about', headers: { host: `${identifiers[0]}.sites.test` } });
    const one = measure.siteContent.held().bytes;
    await measure.close();
    expect(one).toBeGreaterThan(0);
    limit = Math.floor(one * (kept + 0.5));
    app = await buildApp({
      database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: false,
      contentCacheBytes: limit,
      metrics: createMetrics({ defaults: false }),
    });
    await app.siteChanges.ready;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it(`keeps memory within its limit with ${count} sites, dropping the least recently rendered first`, async () => {
    for (const identifier of identifiers) expect(title((await about(identifier)).body)).toBe(`About — ${identifier}`);
    expect(await metric(app, 'site_content_bytes{service="openpress"}')).toBeLessThanOrEqual(limit);
    expect(await metric(app, 'site_content_sites{service="openpress"}')).toBe(kept);
    app.pageCache.clear();
    const newest = identifiers.slice(-kept);
    for (const identifier of newest) expect(await databaseUse(database.pool, () => about(identifier))).toBe(0);
    const oldest = identifiers[0] ?? '';
    let html = '';
    const used = await databaseUse(database.pool, async () => {
      html = (await about(oldest)).body;
    });
    expect(title(html)).toBe(`About — ${oldest}`);
    expect(used).toBeGreaterThan(0);
  });
});
