/**
 * Several stateless app servers against one PostgreSQL (the DATABASE_URL set-up): migrations run
 * once under the advisory lock when servers start together, a change made through one server's
 * database drops every server's cached pages (LISTEN/NOTIFY), those answered in front of the
 * framework included (the servers listen, so requests take the path a visitor's do), and a page
 * that fails to render gets the error page (type 101) with status 500.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema, type StoredSiteDocument } from '../src/blocks/site-document';
import { connect, runMigrations } from '../src/db/client';
import { DATA_MIGRATIONS } from '../src/server/modules/content';
import { createDatabase, dropDatabase } from '../src/db/databases';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { publishDesign, saveDesignDraft } from '../src/server/modules/content/design/site-design';
import { createAccount } from '../src/server/modules/accounts/accounts';
import { TEAM_ROLES } from '../src/domain/roles';
import { DEFAULT_DESIGN } from '../src/document/design';
import { inject } from 'vitest';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { rawGet } from './raw-http';

function valid(doc: SiteDocument): StoredSiteDocument {
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.document;
}

describe('migrations', () => {
  it('run once when several servers start together on an empty database', async () => {
    const base = inject('pgUrl');
    const url = await createDatabase(base, 'migrate_race');
    const pools = Array.from({ length: 4 }, () => connect(url, 2));
    try {
      await Promise.all(pools.map((p) => runMigrations(p, DATA_MIGRATIONS)));
      const { rows } = await pools[0]!.pool.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      const journal = JSON.parse(readFileSync('src/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
      expect(Number(rows[0]!.n)).toBe(journal.entries.length);
      const tables = await pools[0]!.pool.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'");
      expect(Number(tables.rows[0].n)).toBeGreaterThanOrEqual(8);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
      await dropDatabase(base, 'migrate_race');
    }
  });
});

describe('two app servers on one database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let apps: FastifyInstance[] = [];
  /** Requests each server's framework saw: an answer from the cached-page path in front of it leaves this as it was. */
  const seen = new Map<FastifyInstance, number>();
  beforeAll(async () => {
    database = await freshDatabase();
    await writeSiteDocument(database.db, valid(siteNamed('shared', 'Before')), { makeDefault: true });
    const other = connect(database.url, 2);
    apps = [
      await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true }),
      await buildApp({ database: other, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true }),
    ];
    apps[1]!.addHook('onClose', async () => other.close());
    for (const app of apps) {
      seen.set(app, 0);
      app.addHook('onRequest', async () => void seen.set(app, seen.get(app)! + 1));
    }
    await Promise.all(apps.map((a) => a.siteChanges.ready));
    await Promise.all(apps.map((a) => a.listen({ port: 0, host: '127.0.0.1' })));
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await database?.drop();
  });

  const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
  /** The page's title as a visitor gets it from that server, and whether its framework answered. */
  const visit = async (app: FastifyInstance, url = '/about') => {
    const before = seen.get(app);
    const res = await rawGet(portOf(app), url);
    return { title: /<title>([^<]*)<\/title>/.exec(res.body.toString())?.[1], byFramework: seen.get(app) !== before };
  };

  it('drops the cached page on every server when the site changes, in front of the framework too', async () => {
    for (const app of apps) expect(await visit(app)).toEqual({ title: 'About — Before', byFramework: true });
    for (const app of apps) expect(await visit(app)).toEqual({ title: 'About — Before', byFramework: false });
    // The content pages are rendered from is held too, and must be dropped with them.
    for (const app of apps) expect(app.siteContent.held().sites).toBe(1);
    await writeSiteDocument(database.db, valid(siteNamed('shared', 'After')));
    for (const app of apps) await expect.poll(async () => (await visit(app)).title, { timeout: 5000 }).toBe('About — After');
    for (const app of apps) expect(await visit(app)).toEqual({ title: 'About — After', byFramework: false });
  });

  it('gives every server a published design within a second', async () => {
    const websiteId = (await database.pool.query<{ id: string }>(`SELECT id FROM websites`)).rows[0]!.id;
    const accountId = await createAccount(database.db, 'designer@example.com', 'a-password-of-length');
    const sheetOn = async (app: FastifyInstance) => /href="(\/fonts\/[^"]+\.css)"/.exec((await rawGet(portOf(app), '/')).body.toString())?.[1];
    const before = await Promise.all(apps.map(sheetOn));
    const saved = await saveDesignDraft(database.db, {
      websiteId,
      accountId,
      role: TEAM_ROLES.ADMIN,
      baseVersion: 0,
      changeId: 'multi-server',
      design: { ...DEFAULT_DESIGN, stickyHeader: true },
    });
    expect(saved.ok).toBe(true);
    expect((await publishDesign(database.db, websiteId, accountId, 1)).ok).toBe(true);
    for (const [i, app] of apps.entries()) await expect.poll(() => sheetOn(app), { timeout: 1000, interval: 20 }).not.toBe(before[i]);
  });

  // covers 000-2.32 (error 101)
  it('answers 500 with the error page when a page cannot be rendered', async () => {
    await database.pool.query(
      `UPDATE pages SET sections = '[{"id":"x","blocks":[{"id":"y","type":18,"data":{},"layout":{"desktop":{"x":0,"y":0,"w":1,"h":1}}}]}]' WHERE path = '/about'`,
    );
    await database.pool.query(`SELECT pg_notify('site_changed', id) FROM websites`);
    for (const app of apps) {
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/about', headers: { host: 'localhost' } })).statusCode, { timeout: 5000 })
        .toBe(500);
      const res = await app.inject({ method: 'GET', url: '/about', headers: { host: 'localhost' } });
      expect(res.body).toContain('page-type-101');
      expect(res.body).toContain('Something went wrong');
    }
  });
});
