/**
 * What visitors get, reviewed: the HTML of one known-good page per block kind and of each system
 * page (not found, error, lock screen, access denied), rendered by the real server (app.inject) for
 * a site imported from a document built from the demo site, compared with the committed files in
 * test/snapshots/. A change in what visitors get is a change to those files, seen in review.
 *
 * After an intended change: `npx vitest run test/visitor-html.test.ts -u` rewrites them.
 *
 * The HTML is made deterministic first: build hashes in asset addresses and the site's random id
 * are replaced by fixed markers (nothing else in a page varies between runs; the last test checks),
 * and written one tag a line so that a change reads as a diff.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { BLOCK_TYPES } from '../src/domain/block-types';
import type { SiteDocument } from '../src/document/schema';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { demoDocument } from './fixtures';

/** The kinds with a page each, by their block type. */
const KINDS = {
  text: BLOCK_TYPES.HTML,
  image: BLOCK_TYPES.IMAGE,
  button: BLOCK_TYPES.BUTTON,
  spacer: BLOCK_TYPES.SPACER,
  line: BLOCK_TYPES.LINE,
  code: BLOCK_TYPES.CODE,
  accordion: BLOCK_TYPES.ACCORDION,
  form: BLOCK_TYPES.FORM,
  newsletter: BLOCK_TYPES.NEWSLETTER,
} as const;

type Page = SiteDocument['pages'][number];

/**
 * The demo site with a page at /kinds/<kind> for each kind: the demo's sections that hold blocks of
 * that kind, with only those blocks (section ids made unique per page). The demo's lock-screen
 * (/wholesale) and members-only (/members) pages stay; its other pages go, so a new demo page does
 * not change these files.
 */
function fixtureDocument(): SiteDocument {
  const demo = demoDocument();
  const isKept = (p: Page) => p.path === '/wholesale' || p.path === '/members';
  const kindPages = Object.entries(KINDS).map(([kind, type], k): Page => {
    let n = 0;
    const sections = demo.pages
      .filter((p) => !isKept(p))
      .flatMap((p) => p.sections)
      .filter((s) => s.blocks.some((b) => b.type === type))
      .map((s) => ({
        ...structuredClone(s),
        id: `5ec7${String(k).padStart(4, '0')}${String(++n).padStart(16, '0')}`,
        blocks: structuredClone(s.blocks.filter((b) => b.type === type)),
      }));
    if (sections.length === 0) throw new Error(`the demo site has no ${kind} block`);
    const template = demo.pages.find((p) => p.path === '/about')!;
    return {
      ...structuredClone(template),
      id: `9a9e0000000000000000${String(k).padStart(4, '0')}`,
      path: `/kinds/${kind}`,
      title: `The ${kind} block`,
      navigationTitle: undefined,
      sections,
    };
  });
  const kept = demo.pages.filter(isKept);
  if (kept.length !== 2) throw new Error('the demo site lost its lock-screen or members-only page');
  return { ...demo, pages: [...kindPages, ...kept] } as SiteDocument;
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(fixtureDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error(`the fixture document is invalid: ${JSON.stringify(loaded.errors)}`);
  ({ websiteId } = await writeSiteDocument(database.db, loaded.document, { makeDefault: true }));
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** The page's HTML with what varies between runs and builds replaced by fixed markers. */
function normalised(html: string): string {
  return (
    html
      .replaceAll(websiteId, '[website-id]')
      // Vite's 8-character content hashes, and the theme stylesheet's own.
      .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css)\b/g, '$1-[hash].$2')
      .replace(/(\/assets\/theme)-[0-9a-f]+\.css\b/g, '$1-[hash].css')
      .replace(/\bnonce="[^"]*"/g, 'nonce="[nonce]"')
  );
}

/** One tag a line where tags meet, so a change shows as a readable diff (the files are for review, not served). */
const reviewable = (html: string) => `${html.replaceAll('><', '>\n<')}\n`;

async function visit(path: string): Promise<{ status: number; html: string }> {
  const res = await app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });
  return { status: res.statusCode, html: normalised(res.body) };
}

describe('the HTML a visitor gets', () => {
  it.each(Object.keys(KINDS))('for a page of %s blocks', async (kind) => {
    const { status, html } = await visit(`/kinds/${kind}`);
    expect(status).toBe(200);
    await expect(reviewable(html)).toMatchFileSnapshot(`snapshots/block-${kind}.html`);
  });

  it.each([
    ['not-found', '/no-such-page', 404],
    ['lock-screen', '/wholesale', 403],
    ['access-denied', '/members', 403],
  ])('for the %s page', async (name, path, expected) => {
    const { status, html } = await visit(path);
    expect(status).toBe(expected);
    await expect(reviewable(html)).toMatchFileSnapshot(`snapshots/page-${name}.html`);
  });

  it('for the error page', async () => {
    // A page the renderer cannot draw (an accordion without its data: no import lets this in).
    await database.pool.query(
      `UPDATE pages SET sections = '[{"id":"x","theme":"white","blocks":[{"id":"y","type":18,"data":{},"layout":{"desktop":{"x":0,"y":0,"w":1,"h":1}}}]}]' WHERE path = '/kinds/text'`,
    );
    await database.pool.query(`SELECT pg_notify('site_changed', id) FROM websites`);
    await expect.poll(async () => (await visit('/kinds/text')).status, { timeout: 5000 }).toBe(500);
    const { html } = await visit('/kinds/text');
    await expect(reviewable(html)).toMatchFileSnapshot('snapshots/page-error.html');
  });

  it('is the same on a second render (nothing in it varies by time or chance)', async () => {
    for (const path of ['/kinds/form', '/kinds/newsletter', '/no-such-page']) {
      const first = await app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });
      app.pageCache.clear();
      const second = await app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });
      expect(normalised(second.body), path).toBe(normalised(first.body));
    }
  });
});
