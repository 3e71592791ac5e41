/**
 * Published pages over HTTP (Fastify inject against a real PostgreSQL): routing by host, page
 * types and statuses, redirects, sitemap and robots, security headers with a hash-based CSP, and
 * the page cache dropped through the database when a site changes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema, type StoredSiteDocument } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { loadClientAssets, sha256Base64 } from '../src/server/render/assets';
import { createImageGate } from '../src/server/modules/files/images/image-pipeline';
import { runImageVariants } from '../src/server/modules/files/images/variants-job';
import { moveStoredBytes } from '../src/server/modules/files/site-files';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;

function valid(doc: SiteDocument): StoredSiteDocument {
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.document;
}

beforeAll(async () => {
  database = await freshDatabase();
  await writeSiteDocument(database.db, valid(siteNamed('demo', 'Juniper Ceramics')), { makeDefault: true });
  await writeSiteDocument(database.db, valid(siteNamed('second', 'Second Site', ['www.second.example'])));
  const patterned = siteNamed('patterned', 'Patterned');
  patterned.collections[0]!.urlPattern = '%y/%m/%d/%t';
  await writeSiteDocument(database.db, valid(patterned));
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  await app.siteChanges.ready;
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const get = (url: string, host = 'localhost') => app.inject({ method: 'GET', url, headers: { host } });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('sites and hosts', () => {
  it('serves the default site to localhost, IPs and unknown names', async () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]:3000', 'unknown.example.org']) {
      const res = await get('/', host);
      expect(res.statusCode, host).toBe(200);
      expect(titleOf(res.body), host).toBe('Juniper Ceramics');
    }
  });

  it('picks the site by {identifier}.{APP_DOMAIN} and by custom domain', async () => {
    expect(titleOf((await get('/', 'second.sites.test')).body)).toBe('Second Site');
    expect(titleOf((await get('/', 'www.second.example:8080')).body)).toBe('Second Site');
    expect(titleOf((await get('/', 'demo.sites.test')).body)).toBe('Juniper Ceramics');
  });

  it('does not serve the default site when the operator turns that off', async () => {
    const strict = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false });
    try {
      const res = await strict.inject({ method: 'GET', url: '/', headers: { host: 'unknown.example.org' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('No site is published at this address.');
      const named = await strict.inject({ method: 'GET', url: '/', headers: { host: 'second.sites.test' } });
      expect(named.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('page routes', () => {
  it('renders pages, collections and items with their titles and social tags', async () => {
    const about = await get('/about');
    expect(about.statusCode).toBe(200);
    expect(titleOf(about.body)).toBe('About — Juniper Ceramics');
    expect(about.body).toContain('<meta name="description" content="Who makes Juniper Ceramics, and where to find the studio."/>');
    expect(about.body).toContain('<meta property="og:title" content="About — Juniper Ceramics"/>');
    expect(about.body).toContain('<link rel="canonical" href="http://localhost/about"/>');
    const post = await get('/journal/spring-glazes');
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('<meta property="og:type" content="article"/>');
    expect(post.body).toContain('page-type-50');
    expect((await get('/journal')).body).toContain('page-type-1');
  });

  // covers 000-5.46
  it('serves items at the collection blog URL pattern, in the site time zone, and links to them there', async () => {
    const host = 'patterned.sites.test';
    const list = await get('/journal', host);
    expect(list.body).toContain('href="/journal/2026/05/02/a-new-kiln"');
    const post = await get('/journal/2026/05/02/a-new-kiln', host);
    expect(post.statusCode).toBe(200);
    expect(titleOf(post.body)).toBe('A new kiln, at last — Patterned');
    expect((await get('/journal/a-new-kiln', host)).statusCode).toBe(404);
    expect((await get('/sitemap.xml', host)).body).toContain('/journal/2026/05/02/a-new-kiln</loc>');
  });

  // covers 000-5.46, 000-5.47, 000-5.48, 000-5.49, 000-5.50
  it.each([
    ['%x/%t', '/journal/a-new-kiln'],
    ['%y//%t', '/journal/2026/a-new-kiln'],
    ['%%y/%t', '/journal/2026/a-new-kiln'],
    ['Posts %Y/%t', '/journal/posts-2026/a-new-kiln'],
    ['news!/%m/%t', '/journal/news/05/a-new-kiln'],
  ])('applies the blog URL rules to the pattern %s', async (pattern, expected) => {
    const identifier = `p-${Buffer.from(pattern).toString('hex').slice(0, 20)}`;
    const doc = siteNamed(identifier, 'Pattern');
    doc.collections[0]!.urlPattern = pattern;
    await writeSiteDocument(database.db, valid(doc));
    const res = await get(expected, `${identifier}.sites.test`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>A new kiln, at last</h1>');
  });

  // covers 000-2.32 (not found 100, error 101)
  it('answers 404 with the not-found page for unknown paths', async () => {
    for (const url of ['/nope', '/journal/nope', '/about/deeper', '/About']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('page-type-100');
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('sends addresses with a trailing slash to the address without it', async () => {
    const res = await get('/journal/?page=2');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/journal?page=2');
  });

  it('answers a malformed address with 400, not a crash', async () => {
    const res = await get('/%E0%A4%A');
    expect(res.statusCode).toBe(400);
  });

  it('redirects with 301 to the listed target, keeping the query', async () => {
    const res = await get('/blog?ref=mail');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/journal?ref=mail');
  });

  it('lists published pages, collections and items in sitemap.xml, and robots.txt points to it', async () => {
    const map = await get('/sitemap.xml');
    expect(map.headers['content-type']).toContain('application/xml');
    expect(map.body).toContain('<loc>http://localhost/about</loc>');
    expect(map.body).toContain('<loc>http://localhost/journal/a-new-kiln</loc>');
    expect(map.body).not.toContain('404');
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://localhost/sitemap.xml');
  });

  it('serves site files, and their copies at the seed image widths only', async () => {
    const original = await get('/s/glaze-tests.jpg');
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    await makeCopies('glaze-tests.jpg');
    const small = await get('/s/glaze-tests.jpg?format=500w');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/jpeg');
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length);
    const { rows } = await database.pool.query(
      "SELECT DISTINCT v.width FROM file_variants v JOIN files f ON f.website_id = v.website_id AND f.id = v.file_id WHERE f.name = 'glaze-tests.jpg' ORDER BY 1",
    );
    expect(rows.map((r: { width: number }) => r.width)).toEqual([100, 300, 500, 750, 1000, 1500, 1600]);
    expect((await get('/s/glaze-tests.jpg?format=640w')).statusCode).toBe(400);
    expect((await get('/s/glaze-tests.jpg?format=huge')).statusCode).toBe(400);
    expect((await get('/s/missing.jpg')).statusCode).toBe(404);
  });

  // covers 001-9.36, 001-5.33, 001-5.34
  it('offers each format at the seed image widths below the original, the width in the query string, with width and height', async () => {
    await makeCopies('glaze-tests.jpg');
    const html = (await get('/blocks/image')).body;
    const hash = (await database.pool.query<{ h: string }>("SELECT left(sha256, 16) AS h FROM files WHERE name = 'glaze-tests.jpg' LIMIT 1")).rows[0]!.h;
    const candidates = (address: string) => [`${address} 1600w`, ...[1500, 1000, 750, 500, 300, 100].map((w) => `${address}?format=${w}w ${w}w`)].join(', ');
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(html.slice(html.indexOf('glaze-tests') - 2000))?.[0] ?? '';
    // Above the fold the addresses are the browser's at once (srcSet); below it, the image loader's (data-srcset).
    expect(picture).toMatch(new RegExp(`<source type="image/avif" [^>]*(srcSet|data-srcset)="${escape(candidates(`/s/${hash}/glaze-tests.jpg.avif`))}"`));
    expect(picture).toMatch(new RegExp(`<source type="image/webp" [^>]*(srcSet|data-srcset)="${escape(candidates(`/s/${hash}/glaze-tests.jpg.webp`))}"`));
    expect(picture).toMatch(new RegExp(`<img [^>]*(srcSet|data-srcset)="${escape(candidates(`/s/${hash}/glaze-tests.jpg`))}"`));
    expect(picture).toMatch(/width="1600" height="1000"/);
    const avif = await get(`/s/${hash}/glaze-tests.jpg.avif?format=300w`);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Moves the site's files into the blob store and makes an image's copies on the default site (the
 * one these tests read), as the app server's workers do; a later call finds them made.
 */
async function makeCopies(name: string) {
  await moveStoredBytes(database.db, app.blobs);
  const rows = (
    await database.pool.query<{ website_id: string; id: string; sha256: string }>(
      `SELECT f.website_id, f.id, f.sha256 FROM files f JOIN websites w ON w.id = f.website_id
        WHERE f.name = $1 AND w.identifier = 'demo'
          AND NOT EXISTS (SELECT 1 FROM file_variants v WHERE v.website_id = f.website_id AND v.file_id = f.id)`,
      [name],
    )
  ).rows;
  for (const row of rows) {
    await runImageVariants(database, row.website_id, { fileId: row.id, sha256: row.sha256 }, { store: app.blobs, avifEffort: 0, gate: createImageGate(1) });
  }
  await expect.poll(async () => (await get('/blocks/image')).body.includes('<picture>')).toBe(true);
}

describe('the config area page', () => {
  it('names the site it is for in the tab and for the sign-in card, escaped', async () => {
    await writeSiteDocument(database.db, valid(siteNamed('marks', 'Tom & Jerry’s <Studio> "Loft"')));
    const res = await get('/config/', 'marks.sites.test');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Tom &amp; Jerry’s &lt;Studio&gt; &quot;Loft&quot; · Config');
    expect(res.body).toContain('<meta name="site-title" content="Tom &amp; Jerry’s &lt;Studio&gt; &quot;Loft&quot;"/>');
    expect(res.body).not.toContain('<Studio>');
  });

  it('links the stylesheets of its entry and of every chunk the entry imports statically, before its script', async () => {
    const { config } = loadClientAssets();
    const res = await get('/config/');
    const linked = [...res.body.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(linked).toEqual(config.styles);
    expect(linked.some((href) => /\/assets\/config-[\w-]+\.css$/.test(href!))).toBe(true);
    expect(res.body.indexOf('<link rel="stylesheet"')).toBeLessThan(res.body.indexOf('<script type="module"'));
  });
});

describe('security headers', () => {
  it('sends a hash-based CSP that covers the inline loader and layout style, without upgrade-insecure-requests on http', async () => {
    const res = await get('/blocks/accordion');
    const csp = String(res.headers['content-security-policy']);
    const script = /<script type="module">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
    expect(script.length).toBeGreaterThan(0);
    expect(csp).toContain(`script-src 'self' 'sha256-${sha256Base64(script)}'`);
    expect(csp).toContain(`style-src 'self' 'sha256-${sha256Base64(style)}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).not.toMatch(/ style="/);
  });

  it('sends a page of text and an image only the loader, the image loader, the page-level consent and measurement islands, the header menu (which loads only where it shows) and the cart indicator (only for a visitor with a cart)', async () => {
    const res = await get('/about');
    const islands = JSON.parse(/<script type="application\/json" id="islands">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '{}') as Record<string, string>;
    expect(Object.keys(islands)).toEqual(['cart-indicator', 'cookie-banner', 'image', 'measure', 'menu']);
    expect(res.body).toContain('data-island="menu" data-load="visible"');
    expect(res.body).toContain('data-island="cart-indicator" data-load="cookie" data-cookie="op_cart_summary="');
    const inline = [...res.body.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${sha256Base64(inline[0]!)}';`);
  });
});

describe('page cache', () => {
  it('serves byte-identical cached HTML and drops it when the site changes', async () => {
    const first = await get('/about', 'second.sites.test');
    const second = await get('/about', 'second.sites.test');
    expect(second.body).toBe(first.body);
    const changed = siteNamed('second', 'Second Site Renamed', ['www.second.example']);
    await writeSiteDocument(database.db, valid(changed));
    await expect.poll(async () => titleOf((await get('/about', 'second.sites.test')).body), { timeout: 5000 }).toBe('About — Second Site Renamed');
  });
});
