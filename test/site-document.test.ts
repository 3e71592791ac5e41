/**
 * The site document through the database: the demo site is valid, export then import gives an
 * identical site (the files kept when the document does not carry their bytes), and an invalid document is refused whole with each error's path, leaving the
 * database exactly as it was.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import { exportSite, writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { findWebsiteByIdentifier } from '../src/server/modules/sites/site-rows';
import { freshDatabase } from './db';
import { demoDocument, siteNamed } from './fixtures';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database.drop());

async function tableCounts() {
  const tables = ['websites', 'site_domains', 'pages', 'collections', 'collection_items', 'redirects', 'files'];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`);
    out[t] = Number(rows[0]!.n);
  }
  return out;
}

describe('site document', () => {
  it('the demo site document is valid', () => {
    const loaded = loadDocument(demoDocument(), siteDocumentSchema);
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
  });

  it('export then import gives an identical site', async () => {
    const loaded = loadDocument(demoDocument(), siteDocumentSchema);
    if (!loaded.ok) throw new Error('demo invalid');
    const { websiteId } = await writeSiteDocument(database.db, loaded.document);
    const files = (await database.pool.query<{ id: string }>('SELECT id FROM files WHERE website_id = $1 ORDER BY id', [websiteId])).rows.map((r) => r.id);
    const first = await exportSite(database.db, websiteId);
    // The document lists the files with their size and hash; their bytes go in the site's archive.
    const listed = loaded.document.files.map(({ data, ...f }) => {
      const bytes = Buffer.from(data!, 'base64');
      return { ...f, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    });
    expect(first).toEqual({ ...loaded.document, files: listed });
    // The demo's shop: every product, variant, price, stock count and category exports as it was imported.
    expect(first!.store.products.length).toBeGreaterThanOrEqual(12);
    expect(first!.store).toEqual(loaded.document.store);
    const again = loadDocument(JSON.parse(JSON.stringify(first)), siteDocumentSchema);
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    const second = await writeSiteDocument(database.db, again.document);
    // A document without the files' bytes keeps the site's files, rows and all.
    expect(second).toEqual({ websiteId, created: false, removedFiles: [], unusedBlobs: [], variantCopies: [] });
    expect((await database.pool.query<{ id: string }>('SELECT id FROM files WHERE website_id = $1 ORDER BY id', [websiteId])).rows.map((r) => r.id)).toEqual(
      files,
    );
    expect(await exportSite(database.db, websiteId)).toEqual(first);
    // One with new bytes replaces them: the replaced files are named, for their blobs to be deleted once the import commits.
    const third = await writeSiteDocument(database.db, loaded.document);
    expect([...third.removedFiles].sort()).toEqual(files);
  });

  it('refuses an invalid document whole, naming each error by JSON path, and changes nothing', async () => {
    const before = await tableCounts();
    const doc = siteNamed('broken', 'Broken') as unknown as Record<string, unknown> & { pages: Record<string, unknown>[] };
    const page0 = doc.pages[0] as { path: string; sections: { blocks: { type: number; data: Record<string, unknown> }[] }[] };
    page0.path = 'no-leading-slash';
    page0.sections[0]!.blocks[0]!.type = 99;
    (doc.pages[1] as { id: string }).id = 'xyz';
    const loaded = loadDocument(doc, siteDocumentSchema);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    const paths = loaded.errors.map((e) => e.path);
    expect(paths).toContain('$.pages[0].path');
    expect(paths).toContain('$.pages[1].id');
    expect(paths.some((p) => p.startsWith('$.pages[0].sections[0].blocks[0]'))).toBe(true);
    for (const e of loaded.errors) expect(e.message.length).toBeGreaterThan(3);
    expect(await tableCounts()).toEqual(before);
    expect(await findWebsiteByIdentifier(database.db, 'broken')).toBeUndefined();
  });

  it('rejects duplicate paths and ids', () => {
    const doc = siteNamed('dupes', 'Dupes');
    doc.pages[1]!.path = doc.pages[0]!.path;
    doc.pages[2]!.id = doc.pages[0]!.id;
    const loaded = loadDocument(doc, siteDocumentSchema);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.errors).toContainEqual({ path: '$.pages[1].path', message: 'path / is already used at pages.0.path' });
    expect(loaded.errors.some((e) => e.path === '$.pages[2].id' && e.message.includes('already used'))).toBe(true);
  });

  it('rejects more than 60 blocks in a section', () => {
    const doc = siteNamed('crowded', 'Crowded');
    const section = doc.pages[0]!.sections[0]!;
    const template = section.blocks[0]!;
    section.blocks = Array.from({ length: 61 }, (_, i) => ({ ...template, id: i.toString(16).padStart(24, '0') }));
    const loaded = loadDocument(doc, siteDocumentSchema);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    // covers 000-9.19 (MAX_BLOCKS_PER_LAYOUT 60)
    expect(loaded.errors).toContainEqual({ path: '$.pages[0].sections[0].blocks', message: 'a section layout holds at most 60 blocks' });
  });

  it('an import that fails in the database rolls back whole', async () => {
    const owner = siteNamed('owner-site', 'Owner', ['shop.example.com']);
    const ok = loadDocument(owner, siteDocumentSchema);
    if (!ok.ok) throw new Error('fixture invalid');
    await writeSiteDocument(database.db, ok.document);
    const before = await tableCounts();
    const thief = loadDocument(siteNamed('thief-site', 'Thief', ['shop.example.com']), siteDocumentSchema);
    if (!thief.ok) throw new Error('fixture invalid');
    await expect(writeSiteDocument(database.db, thief.document)).rejects.toThrow(/another site/);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses documents of another format or a newer version', () => {
    expect(loadDocument({ format: 'other', version: 1 }, siteDocumentSchema)).toEqual({
      ok: false,
      errors: [{ path: '$.format', message: 'must be "openpress.site"' }],
    });
    const newer = loadDocument({ ...demoDocument(), version: 99 }, siteDocumentSchema);
    expect(newer.ok).toBe(false);
    expect(loadDocument([], siteDocumentSchema).ok).toBe(false);
  });
});
