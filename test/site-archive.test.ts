/**
 * A site as one archive (Fastify inject against a real PostgreSQL, the demo site, the PostgreSQL
 * blob store): the export streams the document and every file's bytes with what the asset library
 * knows of them; importing the archive back keeps the site's own files, rows and copies, when the
 * bytes are the same; an archive makes a new site on another database with the same files; and each
 * kind of bad archive is refused with its message, leaving every row and blob as it was. A document
 * of an older version with its files in it, base64, still imports.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { openBlobStore } from '../src/server/blobs/open';
import { readConfig } from '../src/server/config';
import { loadClientAssets } from '../src/server/render/assets';
import { importSite } from '../src/server/modules/content/operations/import-site';
import { fileBytes, moveStoredBytes } from '../src/server/modules/files/site-files';
import { siteFileRows } from '../src/server/modules/files/file-rows';
import { tarOf, untar, type ArchiveEntry } from './archive';
import { freshDatabase } from './db';
import { demoWithTeam, type TeamDemo } from './demo-app';
import { demoDocument } from './fixtures';
import { client, type Client } from './session';

let demo: TeamDemo;
let owner: Client;
let visitor: Client;

beforeAll(async () => {
  demo = await demoWithTeam();
  owner = demo.owner;
  visitor = await client(demo.app);
  // As the server does at start: the demo's files move out of their rows into the blob store.
  await moveStoredBytes(demo.database.db, demo.app.blobs);
});
afterAll(async () => {
  await demo?.app.close();
  await demo?.database.drop();
});

type SiteJson = {
  settings: { identifier: string };
  files: { name: string; alt?: string; focalX?: number; focalY?: number; sha256?: string; size?: number; data?: string }[];
} & Record<string, unknown>;
type LibraryFile = { id: string; name: string; alt: string; focalX: number | null; focalY: number | null };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f6b4f' } })
    .png()
    .toBuffer();
const library = async () => (await owner.call('GET', '/api/config/files')).json().files as LibraryFile[];

async function exported(): Promise<{ entries: ArchiveEntry[]; document: SiteJson }> {
  const res = await owner.call('GET', '/api/config/export');
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const entries = await untar(res.rawPayload);
  return { entries, document: JSON.parse(entries[0]!.data.toString()) as SiteJson };
}

const importArchive = (bytes: Buffer) => owner.call('POST', '/api/config/import', bytes, { headers: { 'content-type': 'application/x-tar' } });

/** Every row and blob an import may change. */
async function stored() {
  const { rows } = await demo.database.pool.query<{ files: string; blobs: string; ids: string; jobs: string }>(
    "SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM blobs) AS blobs, (SELECT string_agg(id || ':' || name || ':' || coalesce(sha256, ''), ',' ORDER BY id) FROM files) AS ids, (SELECT count(*) FROM jobs WHERE kind = 'image-variants') AS jobs",
  );
  return rows[0];
}

describe('the export', () => {
  it('streams the document first and then every file’s bytes, with the alt text and focal point', async () => {
    const [first] = await library();
    expect((await owner.call('PUT', `/api/config/files/${first!.id}`, { alt: 'A jug on the bench', focal: { x: 0.25, y: 0.75 } })).statusCode).toBe(200);
    const res = await owner.call('GET', '/api/config/export');
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['content-disposition']).toBe('attachment; filename="demo.site.tar"');
    const { entries, document } = await exported();
    expect(entries[0]!.name).toBe('site.json');
    expect(entries.slice(1).map((e) => e.name)).toEqual(document.files.map((f) => `files/${f.name}`));
    expect(document.files.find((f) => f.name === first!.name)).toMatchObject({ alt: 'A jug on the bench', focalX: 0.25, focalY: 0.75 });
    for (const f of document.files) {
      const bytes = entries.find((e) => e.name === `files/${f.name}`)!.data;
      expect(f.data).toBeUndefined();
      expect({ size: f.size, sha256: f.sha256 }).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    }
  });
});

describe('importing an archive', () => {
  it('keeps the site’s own files, rows and blobs, when the archive holds the same bytes', async () => {
    const before = await stored();
    const { entries } = await exported();
    const res = await importArchive(await tarOf(entries));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('replaces a file whose bytes changed, leaving no blob of the old one, and queues the new image’s copies', async () => {
    const { entries, document } = await exported();
    const target = document.files.find((f) => f.name.endsWith('.jpg') || f.name.endsWith('.png'))!;
    const bytes = await png(120, 80);
    const changed = {
      ...document,
      files: document.files.map((f) => (f.name === target.name ? { ...f, sha256: sha256(bytes), size: bytes.length, width: 120, height: 80 } : f)),
    };
    const archive = await tarOf([
      { name: 'site.json', data: Buffer.from(JSON.stringify(changed)) },
      ...entries.slice(1).map((e) => (e.name === `files/${target.name}` ? { ...e, data: bytes } : e)),
    ]);
    const before = await stored();
    const res = await importArchive(archive);
    expect(res.statusCode, res.body).toBe(200);
    const served = await visitor.call('GET', `/s/${target.name}`);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const after = await stored();
    expect(after!.files).toBe(before!.files);
    // One blob gone (the old original; its image copies too), one new.
    const { rows } = await demo.database.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM blobs b WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.website_id = b.website_id AND b.path LIKE $1 || f.id || $2)',
      ['files/', '/%'],
    );
    expect(rows[0]!.n).toBe('0');
    expect(Number(after!.jobs)).toBe(Number(before!.jobs) + 1);
  });

  it('makes the site on another database, its files stored there byte for byte and served, the archive gzipped', async () => {
    const { entries } = await exported();
    const database = await freshDatabase();
    const store = await openBlobStore({ ...readConfig(), fileStore: 'postgres' }, database);
    let other: FastifyInstance | undefined;
    try {
      const { gzipSync } = await import('node:zlib');
      const result = await importSite({ db: database.db, store }, { archive: Readable.from([gzipSync(await tarOf(entries))]) }, { makeDefault: true });
      expect(result.created).toBe(true);
      other = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
      const rows = await siteFileRows(database.db, result.websiteId);
      for (const e of entries.slice(1)) {
        const name = e.name.slice('files/'.length);
        const row = rows.find((r) => r.name === name)!;
        const res = await other.inject({ method: 'GET', url: `/s/${name}`, headers: { host: 'localhost' } });
        // A private file (a digital product's download) comes with the site but is never served.
        expect(res.statusCode, e.name).toBe(row.private ? 404 : 200);
        // Visitors get an image as a copy; the store keeps the bytes as they were.
        const stored = await fileBytes(store, row);
        expect(Buffer.concat(await stored!.toArray()).equals(e.data), e.name).toBe(true);
      }
    } finally {
      await other?.close();
      await store.close();
      await database.drop();
    }
  });

  it('refuses each kind of bad archive with its message, leaving every row and blob as it was', async () => {
    const { entries, document } = await exported();
    const [documentEntry, firstFile] = entries as [ArchiveEntry, ArchiveEntry, ...ArchiveEntry[]];
    const rest = entries.slice(1);
    const before = await stored();
    const damaged = Buffer.from(firstFile.data);
    damaged[damaged.length - 3] = damaged[damaged.length - 3]! ^ 0xff;
    const invalid = { ...document, pages: [{ ...(document.pages as object[])[0], path: 'no-slash' }] };
    const cases: [string, Buffer, RegExp | string][] = [
      ['not an archive', Buffer.from('just some text, not a tar archive at all'.repeat(30)), 'This file is not a site archive'],
      ['no document', await tarOf(rest), 'The archive must begin with site.json'],
      ['files before the document', await tarOf([firstFile, documentEntry]), 'The archive must begin with site.json'],
      [
        'a damaged file',
        await tarOf([documentEntry, { ...firstFile, data: damaged }, ...rest.slice(1)]),
        `The bytes of ${firstFile.name} do not match the SHA-256 site.json gives them`,
      ],
      [
        'a file the document does not list',
        await tarOf([...entries, { name: 'files/extra.png', data: await png(10, 10) }]),
        'The archive holds files/extra.png, which site.json does not list',
      ],
      [
        'an entry outside files/',
        await tarOf([...entries, { name: 'notes.txt', data: Buffer.from('hello') }]),
        'The archive holds notes.txt, which is neither site.json nor a file under files/',
      ],
      [
        'a document for another site',
        await tarOf([{ name: 'site.json', data: Buffer.from(JSON.stringify({ ...document, settings: { ...document.settings, identifier: 'elsewhere' } })) }]),
        'The document is for the site "elsewhere", not "demo".',
      ],
      [
        'an invalid document',
        await tarOf([{ name: 'site.json', data: Buffer.from(JSON.stringify(invalid)) }, ...rest]),
        'This is not a valid site document; nothing was imported.',
      ],
      [
        'a file that is not what it says',
        await tarOf([documentEntry, { ...firstFile, data: Buffer.from('plain text pretending to be an image') }, ...rest.slice(1)]),
        /does not appear to be a supported/,
      ],
      ['an archive cut short', (await tarOf(entries)).subarray(0, 5000), /not a site archive/],
    ];
    for (const [label, bytes, message] of cases) {
      const res = await importArchive(bytes);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error, label).toEqual(
        typeof message === 'string' && !message.endsWith('.')
          ? expect.stringContaining(message)
          : typeof message === 'string'
            ? message
            : expect.stringMatching(message),
      );
      expect(await stored(), label).toEqual(before);
    }
    const res = await importArchive(await tarOf([{ name: 'site.json', data: Buffer.from(JSON.stringify(invalid)) }, ...rest]));
    expect(res.json().documentErrors).toEqual([expect.objectContaining({ path: '$.pages[0].path' })]);
  });

  it('refuses a document that names a file the site does not have without its bytes, and imports older documents carrying them base64, versions 1 and 2', async () => {
    const { document } = await exported();
    const missing = { ...document, files: [...document.files, { name: 'absent.png', contentType: 'image/png' }] };
    const refused = await owner.call('POST', '/api/config/import', missing);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().documentErrors).toEqual([
      { path: `$.files[${document.files.length}].data`, message: "the site has no file named absent.png: import the site's archive, which holds its bytes" },
    ]);
    // The demo's own document carries every file in it, base64: here as version 2, without what version 4 added (the shop, its private download).
    const { store: _store, ...demo } = demoDocument() as unknown as SiteJson & { collections: { type: number }[] };
    const older = {
      ...demo,
      version: 2,
      collections: demo.collections.filter((c) => c.type !== 5),
      files: demo.files.filter((f) => !(f as { private?: boolean }).private),
    } as unknown as SiteJson;
    const res = await owner.call('POST', '/api/config/import', older);
    expect(res.statusCode, res.body).toBe(200);
    const library = (await owner.call('GET', '/api/config/files')).json().files as { id: string; name: string }[];
    for (const f of older.files) {
      const id = library.find((l) => l.name === f.name)!.id;
      expect((await owner.call('GET', `/api/config/files/${id}/original`)).rawPayload.toString('base64')).toBe(f.data);
    }
    // And version 1, whose text blocks were HTML.
    const logo = await png(40, 40);
    const id = (n: number) => n.toString(16).padStart(24, '0');
    const versionOne = {
      format: 'openpress.site',
      version: 1,
      settings: { identifier: 'demo', title: 'Juniper Ceramics' },
      pages: [
        {
          id: id(1),
          pageType: 2,
          path: '/',
          title: 'Home',
          status: 1,
          sections: [
            {
              id: id(2),
              blocks: [{ id: id(3), type: 2, data: { html: '<p>Thrown by hand since 1998.</p>' }, layout: { desktop: { x: 0, y: 0, w: 24, h: 4 } } }],
            },
          ],
        },
      ],
      files: [{ name: 'logo.png', contentType: 'image/png', width: 40, height: 40, data: logo.toString('base64') }],
    };
    const one = await owner.call('POST', '/api/config/import', versionOne);
    expect(one.statusCode, one.body).toBe(200);
    expect((await visitor.call('GET', '/s/logo.png')).rawPayload.equals(logo)).toBe(true);
    expect((await visitor.call('GET', '/')).body).toContain('Thrown by hand since 1998.');
    expect((await exported()).entries.map((e) => e.name)).toEqual(['site.json', 'files/logo.png']);
  });
});
