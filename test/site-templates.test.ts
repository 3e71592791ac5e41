/**
 * The site templates in `sites/` (each a folder with its document, `site.json`, its card,
 * `template.json`, and the picture of its home page `npm run pictures` took from it,
 * `picture.webp` with `picture.json`): every one loads by the document's schema, imports into a
 * fresh database, and serves every page, collection and post it has to a visitor without the error
 * page; its picture is there and was taken from the document as it is now; a signed-in account
 * makes a new site from it whose pages answer, and the New site screen's list offers it with its
 * picture. A template a contributor adds is picked up by its folder alone. The Shop template (the
 * demo's folder) gives a new site the demo without its site guide; a fresh install keeps the guide.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { siteTemplatesAnswer } from '../src/contracts/pages';
import { projectPath } from '../src/db/project-root';
import { loadDocument } from '../src/document/load';
import type { SiteDocument, StoredBlockData } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { importBlankIfEmpty, importDemoIfEmpty } from '../src/server/demo';
import { createAccount } from '../src/server/modules/accounts/accounts';
import { pictureOfSchema } from '../src/server/modules/content/sites/site-templates';
import { exportSite, writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { findWebsiteByIdentifier } from '../src/server/modules/sites/site-rows';
import { loadClientAssets } from '../src/server/render/assets';
import { freshDatabase } from './db';
import { signedIn, type Client } from './session';

const SITES = projectPath('sites');
const TEMPLATES = readdirSync(SITES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

const card = z.object({ name: z.string().min(1).max(40), description: z.string().min(20).max(200), order: z.number().int() }).passthrough();

/** The addresses a visitor may open on a site of `doc`: its public published pages, collections and their published items. */
function visitorPaths(doc: SiteDocument<StoredBlockData>): string[] {
  return [
    ...doc.pages.filter((p) => p.path && p.status === 1 && p.access.type === 'public').map((p) => p.path!),
    ...doc.collections.filter((c) => c.status === 1).flatMap((c) => [c.path, ...c.items.filter((i) => i.status === 1).map((i) => `${c.path}/${i.slug}`)]),
  ];
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
/** An account signed in on the server's first site, which any account may create sites on (SITE_CREATION=anyone). */
let owner: Client;
beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false, siteLimits: { siteCreation: 'anyone' } });
  await importBlankIfEmpty(database.db);
  await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1', 'site.sites.test');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

it('finds the templates, the Shop template (the demo’s folder) among them', () => {
  expect(TEMPLATES).toEqual(expect.arrayContaining(['demo']));
});

describe.each(TEMPLATES)('the %s template', (id) => {
  const file = path.join(SITES, id, 'site.json');

  it('has its document and its card', () => {
    expect(existsSync(file), `${id}/site.json`).toBe(true);
    card.parse(JSON.parse(readFileSync(path.join(SITES, id, 'template.json'), 'utf8')));
  });

  it('has the picture of its home page, taken from its document as it is now (else: npm run build && npm run pictures)', async () => {
    const picture = path.join(SITES, id, 'picture.webp');
    const record = path.join(SITES, id, 'picture.json');
    expect(existsSync(picture) && existsSync(record), `sites/${id} has no picture: run npm run pictures`).toBe(true);
    const { of } = pictureOfSchema.parse(JSON.parse(readFileSync(record, 'utf8')));
    const now = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(of, `sites/${id}/picture.webp was taken from another site.json than this one: run npm run pictures`).toBe(now);
    expect(await sharp(picture).metadata(), `sites/${id}/picture.webp`).toMatchObject({ format: 'webp', width: 640, height: 400 });
  });

  it('imports, and serves every page, collection and post to a visitor', async () => {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { settings: Record<string, unknown> };
    const host = `${id}.sites.test`;
    raw.settings = { ...raw.settings, identifier: `template-${id}`, customDomains: [host] };
    const loaded = loadDocument(raw, siteDocumentSchema);
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
    await writeSiteDocument(database.db, loaded.document);
    const paths = visitorPaths(loaded.document);
    expect(paths.length).toBeGreaterThan(2);
    for (const at of paths) {
      const res = await app.inject({ method: 'GET', url: at, headers: { host } });
      expect(res.statusCode, `${id} ${at}`).toBe(200);
      expect(res.body, `${id} ${at}`).not.toContain('page-type-101');
    }
  });

  it('makes a new site, with the owner’s title, whose every page answers a visitor', async () => {
    const identifier = `new-${id}`;
    const res = await owner.call('POST', '/api/auth/Sites', { title: `Owner’s ${id}`, identifier, template: id });
    expect(res.statusCode, res.body).toBe(200);
    const site = (await findWebsiteByIdentifier(database.db, identifier))!;
    const doc = (await exportSite(database.db, site.id))!;
    expect(doc.settings).toMatchObject({ identifier, title: `Owner’s ${id}`, customDomains: [] });
    const paths = visitorPaths(doc);
    expect(paths.length).toBeGreaterThan(2);
    for (const at of paths) {
      const page = await app.inject({ method: 'GET', url: at, headers: { host: `${identifier}.sites.test` } });
      expect(page.statusCode, `${id} ${at}`).toBe(200);
      expect(page.body, `${id} ${at}`).not.toContain('page-type-101');
    }
  });
});

describe('the templates a new site may start from', () => {
  it('are listed for the New site screen with their names, sentences, pictures and pages, in their cards’ order', async () => {
    const res = await owner.call('GET', '/api/auth/Templates');
    expect(res.statusCode, res.body).toBe(200);
    const { templates } = siteTemplatesAnswer.parse(res.json());
    const cards = TEMPLATES.map((id) => ({ id, ...card.parse(JSON.parse(readFileSync(path.join(SITES, id, 'template.json'), 'utf8'))) }));
    expect(templates.map((t) => t.id)).toEqual(cards.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id)).map((c) => c.id));
    const shop = templates.find((t) => t.id === 'demo')!;
    expect(shop).toMatchObject({ name: 'Shop', picture: expect.stringMatching(/^\/assets\/templates\/demo-[0-9a-f]{12}\.webp$/) });
    expect(shop.pages).toContainEqual({ title: 'Contact', path: '/contact' });
    expect(shop.pages.some((p) => p.path.startsWith('/blocks'))).toBe(false);
    // Each picture is served at its address, for good (the address changes with the bytes).
    for (const t of templates.filter((t) => t.picture)) {
      const picture = await app.inject({ method: 'GET', url: t.picture!, headers: { host: 'site.sites.test' } });
      expect(picture.statusCode, t.id).toBe(200);
      expect(picture.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' });
      expect(picture.rawPayload.equals(readFileSync(path.join(SITES, t.id, 'picture.webp'))), t.id).toBe(true);
    }
    expect((await app.inject({ method: 'GET', url: '/assets/templates/demo-000000000000.webp' })).statusCode).toBe(404);
  });

  it('refuses a template the server has not with 400 naming it, creating nothing', async () => {
    const res = await owner.call('POST', '/api/auth/Sites', { title: 'Shop', identifier: 'unknown-template', template: 'shop' });
    expect(res.statusCode).toBe(400);
    const message = 'There is no template “shop” on this server. Choose one the New site screen offers.';
    expect(res.json()).toEqual({ error: message, errors: { template: message } });
    expect(await findWebsiteByIdentifier(database.db, 'unknown-template')).toBeUndefined();
  });

  it('gives a new site of the Shop template no site guide, nor a link to it, where a fresh install’s demo has it', async () => {
    const doc = (await exportSite(database.db, (await findWebsiteByIdentifier(database.db, 'new-demo'))!.id))!;
    expect(doc.pages.filter((p) => p.path?.startsWith('/blocks'))).toEqual([]);
    expect(doc.footer.links.map((l) => l.title)).not.toContain('Site guide');
    const home = await app.inject({ method: 'GET', url: '/', headers: { host: 'new-demo.sites.test' } });
    expect(home.body).toContain('Hand-thrown stoneware for everyday tables');
    expect(home.body).not.toMatch(/href="\/blocks/);

    const fresh = await freshDatabase();
    try {
      const demo = (await exportSite(fresh.db, (await importDemoIfEmpty(fresh.db))!))!;
      expect(demo.pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/blocks', '/blocks/accordion', '/blocks/forms']));
      expect(demo.footer.links.map((l) => l.title)).toContain('Site guide');
    } finally {
      await fresh.drop();
    }
  });
});
