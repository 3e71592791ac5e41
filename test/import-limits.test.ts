/**
 * What an archive import and an upload may take (Fastify inject and the import service against a
 * real PostgreSQL, the demo site, the PostgreSQL blob store): an archive is refused, and no more of
 * it read, as soon as it unpacks past its compression ratio (a gzip bomb made here as it is read,
 * never held), the server's IMPORT_MAX_BYTES, what its document declares or the site's space; a
 * refusal midway leaves no file, blob or site behind; a new site's identifier may not be reserved.
 * An upload past the space left is refused with 413 naming it, and the library lists the space used.
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { importSite } from '../src/server/modules/content/operations/import-site';
import { moveStoredBytes } from '../src/server/modules/files/site-files';
import type { SiteLimits } from '../src/server/modules/sites/site-limits';
import { tarOf, untar, type ArchiveEntry } from './archive';
import { demoWithTeam, type TeamDemo } from './demo-app';
import { signedIn, type Client } from './session';

let demo: TeamDemo;
let owner: Client;

beforeAll(async () => {
  demo = await demoWithTeam();
  owner = demo.owner;
  await moveStoredBytes(demo.database.db, demo.app.blobs);
});
afterAll(async () => {
  await demo?.app.close();
  await demo?.database.drop();
});

type SiteJson = { settings: { identifier: string; title: string }; files: { name: string; contentType: string; size?: number }[] } & Record<string, unknown>;

async function exported(): Promise<{ entries: ArchiveEntry[]; document: SiteJson }> {
  const res = await owner.call('GET', '/api/config/export');
  expect(res.statusCode).toBe(200);
  const entries = await untar(res.rawPayload);
  return { entries, document: JSON.parse(entries[0]!.data.toString()) as SiteJson };
}

/** Every row and blob an import may write. */
async function stored() {
  const { rows } = await demo.database.pool.query(
    "SELECT (SELECT count(*) FROM websites) AS sites, (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM blobs) AS blobs, (SELECT count(*) FROM jobs WHERE kind = 'image-variants') AS jobs",
  );
  return rows[0] as Record<string, string>;
}

const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]);
const withDocument = (document: SiteJson, entries: ArchiveEntry[]): ArchiveEntry[] => [
  { name: 'site.json', data: Buffer.from(JSON.stringify(document)) },
  ...entries.filter((e) => e.name !== 'site.json'),
];
const importWith = (bytes: Buffer | Readable, limits: Partial<SiteLimits> = {}) =>
  importSite(
    { db: demo.database.db, store: demo.app.blobs },
    { archive: Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes },
    {
      limits,
      appDomain: 'sites.test',
    },
  );

/**
 * A gzip bomb: the document, then a PDF whose header says 1.5 GB and whose bytes are one 16 MiB
 * gzip member of zeros sent again and again (a gzip stream may hold many members). About 1.5 MB
 * gzipped; made as it is read. `read()` is how much of it the importer has taken.
 */
async function gzipBomb(document: SiteJson): Promise<{ stream: Readable; read: () => number; total: number }> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: Buffer) => chunks.push(c));
  const json = Buffer.from(JSON.stringify(document));
  pack.entry({ name: 'site.json', size: json.length }, json);
  pack.entry({ name: 'files/big.pdf', size: 1_500_000_000 }).write(Buffer.from('%PDF-1.4\n'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const head = gzipSync(Buffer.concat(chunks));
  const zeros = gzipSync(Buffer.alloc(16 * 1024 * 1024));
  const members = 90;
  let read = 0;
  async function* bytes() {
    read += head.length;
    yield head;
    for (let i = 0; i < members; i++) {
      read += zeros.length;
      yield zeros;
    }
  }
  return { stream: Readable.from(bytes(), { objectMode: false }), read: () => read, total: head.length + members * zeros.length };
}

describe('an archive is counted as it unpacks', () => {
  it('stops reading a gzip bomb once it unpacks past the compression ratio, over HTTP as from the command line, leaving nothing', async () => {
    const { document } = await exported();
    const bombDocument = { ...document, files: [...document.files, { name: 'big.pdf', contentType: 'application/pdf' }] };
    const before = await stored();
    const bomb = await gzipBomb(bombDocument);
    await expect(importWith(bomb.stream)).rejects.toThrow(
      'The archive unpacks to more than 100 times its own size, far more than a site’s files ever do; nothing was imported.',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bomb.read()).toBeLessThan(bomb.total / 5);
    expect(await stored()).toEqual(before);

    const overHttp = await gzipBomb(bombDocument);
    const res = await owner.call('POST', '/api/config/import', overHttp.stream, { headers: { 'content-type': 'application/gzip' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^The archive unpacks to more than 100 times its own size/);
    expect(overHttp.read()).toBeLessThan(overHttp.total / 5);
    expect(await stored()).toEqual(before);
  });

  it('refuses an archive past IMPORT_MAX_BYTES midway, the files it had stored removed and no site made', async () => {
    const { entries, document } = await exported();
    const copy = {
      ...document,
      settings: { ...document.settings, identifier: 'harbour-copy' },
      files: [...document.files, { name: 'big.pdf', contentType: 'application/pdf' }],
    };
    const archive = await tarOf(withDocument(copy, [...entries, { name: 'files/big.pdf', data: pdf(3_000_000) }]));
    const before = await stored();
    const limit = archive.length - 2_000_000;
    await expect(importWith(archive, { importMaxBytes: limit })).rejects.toThrow(
      `The archive unpacks to more than ${Number((limit / 1_000_000).toFixed(1))} MB, the most this server imports; nothing was imported.`,
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses a file larger than the document says before reading any of it', async () => {
    const { entries, document } = await exported();
    const sized = { ...document, files: [...document.files, { name: 'notes.pdf', contentType: 'application/pdf', size: 1000 }] };
    const before = await stored();
    await expect(importWith(await tarOf(withDocument(sized, [...entries, { name: 'files/notes.pdf', data: pdf(2_000_000) }])))).rejects.toThrow(
      'The archive holds files/notes.pdf larger than the 1000 Bytes site.json gives it; nothing was imported.',
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses an archive whose files pass the site’s space, and a new site with a reserved identifier', async () => {
    const { entries, document } = await exported();
    const total = entries.slice(1).reduce((sum, e) => sum + e.data.length, 0);
    const before = await stored();
    await expect(importWith(await tarOf(entries), { storageBytes: total - 1 })).rejects.toThrow(
      /^The site’s files would take more than its .* MB of space; nothing was imported\.$/,
    );
    const www = { ...document, settings: { ...document.settings, identifier: 'www' } };
    await expect(importWith(await tarOf(withDocument(www, entries)))).rejects.toThrow(
      'The identifier “www” is kept for the server’s own addresses. Choose another one.',
    );
    expect(await stored()).toEqual(before);
  });
});

describe('the site’s space', () => {
  let small: FastifyInstance;
  afterAll(async () => {
    await small?.close();
  });

  it('refuses an upload past the space left with 413 naming it, and lists the space the files take', async () => {
    const used = (await owner.call('GET', '/api/config/files')).json().storage.used as number;
    small = await buildApp({
      database: demo.database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: true,
      siteLimits: { storageBytes: used + 1_500_000 },
    });
    const there = await signedIn(small, 'owner@example.com', 'owner-password-1');
    expect((await there.call('GET', '/api/config/files')).json().storage).toEqual({ used, quota: used + 1_500_000 });
    const before = await stored();
    const upload = (name: string, bytes: Buffer) =>
      there.call('POST', '/api/config/files', bytes, { headers: { 'content-type': 'application/octet-stream', 'x-file-name': name } });
    const refused = await upload('price-list.pdf', pdf(2_000_000));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(
      `price-list.pdf does not fit: the site has 1.5 MB of space left, of its ${Number(((used + 1_500_000) / 1_000_000).toFixed(1))} MB. Delete files it no longer uses, or ask the server’s operator for more space.`,
    );
    expect(await stored()).toEqual(before);
    const fits = await upload('menu.pdf', pdf(1_000_000));
    expect(fits.statusCode, fits.body).toBe(200);
    expect((await there.call('GET', '/api/config/files')).json().storage.used).toBe(used + 1_000_000);
    expect((await upload('second-menu.pdf', pdf(600_000))).statusCode).toBe(413);
  });
});
