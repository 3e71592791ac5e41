/**
 * What a visitor can get of a site's files (Fastify inject, the demo site, the PostgreSQL blob
 * store): never an image's original bytes, camera and location data included, at any address, before
 * its copies are made or after, only the team that reads the library downloads the original; and a
 * file named only by the members page or the password page goes only to visitors who may open it,
 * everyone else getting the answer of a file that does not exist.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../src/domain/media';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createImageGate } from '../src/server/modules/files/images/image-pipeline';
import { runImageVariants } from '../src/server/modules/files/images/variants-job';
import { DEMO_WHOLESALE_PASSWORD } from '../src/server/demo';
import { markSiteChanged } from '../src/server/modules/sites/site-changes';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { teamDemoForFile } from './demo-app';
import { client, type Client } from './session';

const demo = teamDemoForFile();

type LibraryFile = { id: string; name: string; src: string };

const upload = async (as: Client, fileName: string, bytes: Buffer): Promise<LibraryFile> => {
  const res = await as.call('POST', '/api/config/files', bytes, { headers: { 'content-type': 'application/octet-stream', 'x-file-name': fileName } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().file as LibraryFile;
};

/** A 640 × 480 photo as a phone writes it: the camera's make and model, and where it was taken. */
const cameraPhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 170, g: 110, b: 60 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Pocket 7' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    })
    .toBuffer();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const hashOf = async (id: string) =>
  (await demo().database.pool.query<{ h: string }>('SELECT left(sha256, 16) AS h FROM files WHERE id = $1', [id])).rows[0]!.h;

/** Every address a visitor can name for an image: by name and by hash, each width, each format, and a hash that is not its own. */
function visitorAddresses(name: string, hash: string): string[] {
  const widths = ['', ...IMAGE_WIDTHS.map((w) => `?format=${w}w`)];
  return [
    ...widths.map((w) => `/s/${name}${w}`),
    ...['', '.webp', '.avif'].flatMap((ext) => widths.map((w) => `/s/${hash}/${name}${ext}${w}`)),
    ...widths.map((w) => `/s/0123456789abcdef/${name}${w}`),
  ];
}

/** The answer at `url`, following a redirect to the current address once. */
async function fetched(as: Client, url: string) {
  const res = await as.call('GET', url);
  if (res.statusCode !== 302) return { url, res };
  expect(res.headers.location).toMatch(/^\/s\/[0-9a-f]{16}\//);
  return { url, res: await as.call('GET', res.headers.location as string) };
}

async function expectNoCameraData(as: Client, urls: string[], original: Buffer) {
  for (const url of urls) {
    const { res } = await fetched(as, url);
    expect(res.statusCode, url).toBe(200);
    const body = res.rawPayload;
    expect(body.equals(original), `${url} sent the original`).toBe(false);
    expect(body.includes('SecretCam'), `${url} carries the camera's make`).toBe(false);
    const meta = await sharp(body).metadata();
    expect(meta.exif, `${url} carries EXIF`).toBeUndefined();
    expect(meta.xmp, url).toBeUndefined();
    expect(meta.width, url).toBeLessThanOrEqual(640);
  }
}

describe('an image with camera and location data', () => {
  it('reaches visitors only as copies without it, before its copies are made and after, at every address', async () => {
    const { owner, visitor, database, websiteId, app } = demo();
    const photo = await cameraPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const file = await upload(owner, 'holiday.jpg', photo);
    const hash = await hashOf(file.id);
    const urls = visitorAddresses(file.name, hash);

    // Before the image job has run: each copy is made for the request.
    await expectNoCameraData(visitor, urls, photo);
    const early = await visitor.call('GET', `/s/${hash}/${file.name}.webp?format=300w`);
    expect(early.headers['content-type']).toBe('image/webp');
    expect(early.headers['cache-control']).toBe('public, max-age=300');
    expect((await sharp(early.rawPayload).metadata()).width).toBe(300);
    // A width at or above the image's own is its own-size copy.
    expect((await sharp((await visitor.call('GET', `/s/${file.name}?format=2500w`)).rawPayload).metadata()).width).toBe(640);

    const outcome = await runImageVariants(database, websiteId, { fileId: file.id }, { store: app.blobs, gate: createImageGate(1), avifEffort: 0 });
    expect(outcome).toBe('written');
    await expectNoCameraData(visitor, urls, photo);
    const own = await visitor.call('GET', `/s/${hash}/${file.name}`);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await visitor.call('GET', `/s/0123456789abcdef/${file.name}?format=500w`);
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe(`/s/${hash}/${file.name}?format=500w`);
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
  });

  it('downloads as uploaded only for the team that reads the library', async () => {
    const { owner, editor, visitor } = demo();
    const photo = await cameraPhoto();
    const file = await upload(owner, 'camera-original.jpg', photo);
    const url = `/api/config/files/${file.id}/original`;
    const got = await editor.call('GET', url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(photo)).toBe(true);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${file.name}"`);
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect((await visitor.call('GET', url)).statusCode).toBe(401);
    expect((await owner.call('GET', '/api/config/files/00000000-0000-4000-8000-000000000000/original')).statusCode).toBe(404);
  });

  it('sends a PDF, as any file that is not a photo, as it is', async () => {
    const { owner, visitor } = demo();
    const file = await upload(owner, 'menu.pdf', PDF);
    const res = await visitor.call('GET', file.src);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });
});

describe('files of the members page and the password page', () => {
  /** Adds a paragraph linking `address` to the published page at `path`, as publishing it would, and waits for the site to hear of it. */
  async function linkFrom(path: string, address: string) {
    const { database, websiteId } = demo();
    const { rows } = await database.pool.query<{ sections: { blocks: { type: number; data: { text?: { content: unknown[] } } }[] }[] }>(
      'SELECT sections FROM pages WHERE website_id = $1 AND path = $2',
      [websiteId, path],
    );
    const sections = rows[0]!.sections;
    const text = sections.flatMap((s) => s.blocks).find((b) => b.data.text)!.data.text!;
    text.content.push({ type: 'paragraph', content: [{ type: 'text', text: 'See the file', marks: [{ type: 'link', attrs: { href: address } }] }] });
    await database.pool.query('UPDATE pages SET sections = $1 WHERE website_id = $2 AND path = $3', [JSON.stringify(sections), websiteId, path]);
    await markSiteChanged(database.db, websiteId);
  }

  const NOT_FOUND = { statusCode: 404, body: 'Not found' };
  const cookies = (as: Client) => [...as.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const answer = (res: { statusCode: number; body: string }) => ({ statusCode: res.statusCode, body: res.body });

  it('goes only to visitors who may open a page naming it; anyone else is told there is no such file', async () => {
    const { app, owner, visitor, database, websiteId } = demo();
    await createVerifiedSiteUser(database.db, websiteId, 'files-member@example.com', 'member-password-1');
    const member = await client(app);
    expect(
      (await member.call('POST', '/api/site-users/account/session', { email: 'files-member@example.com', password: 'member-password-1' })).statusCode,
    ).toBe(200);
    const unlocked = await client(app);
    const locked = await unlocked.call('GET', '/wholesale');
    const pageId = /data-lock-page="([0-9a-f]{24})"/.exec(locked.body)?.[1];
    expect((await unlocked.call('POST', '/api/page-access/unlock', { pageId, password: DEMO_WHOLESALE_PASSWORD })).statusCode).toBe(200);

    const notes = await upload(owner, 'studio-notes.jpg', await cameraPhoto());
    const prices = await upload(owner, 'wholesale-prices.pdf', PDF);
    const notesHash = await hashOf(notes.id);
    await linkFrom('/members', notes.src);
    await linkFrom('/wholesale', `/s/${await hashOf(prices.id)}/${prices.name}`);
    const notesUrls = [notes.src, `${notes.src}?format=300w`, `/s/${notesHash}/${notes.name}`, `/s/${notesHash}/${notes.name}.webp?format=100w`];

    await expect.poll(async () => answer(await visitor.call('GET', notes.src)), { timeout: 5000 }).toEqual(NOT_FOUND);
    const missing = await visitor.call('GET', '/s/no-such-file.jpg');
    for (const url of notesUrls) {
      const res = await visitor.call('GET', url);
      expect(answer(res), url).toEqual(NOT_FOUND);
      expect(res.headers, url).toEqual({ ...missing.headers, date: res.headers.date, 'x-request-id': res.headers['x-request-id'] });
      expect(answer(await unlocked.call('GET', url)), url).toEqual(NOT_FOUND);
      const got = await member.call('GET', url);
      expect(got.statusCode, url).toBe(200);
      expect(got.headers['cache-control'], url).toBe('private, no-cache');
      // The team sees the page in the editor.
      expect((await owner.call('GET', url)).statusCode, url).toBe(200);
    }
    expect(answer(await visitor.call('GET', prices.src))).toEqual(NOT_FOUND);
    expect(answer(await member.call('GET', prices.src))).toEqual(NOT_FOUND);
    const pdf = await unlocked.call('GET', prices.src);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    // A server that cannot hold the site's content asks the database, and answers the same.
    const small = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true, contentCacheBytes: 1 });
    try {
      const at = async (as: Client, url: string) => answer(await small.inject({ method: 'GET', url, headers: { host: 'localhost', cookie: cookies(as) } }));
      expect(await at(visitor, notes.src)).toEqual(NOT_FOUND);
      expect((await at(member, notes.src)).statusCode).toBe(200);
      expect(await at(member, prices.src)).toEqual(NOT_FOUND);
      expect((await at(unlocked, prices.src)).statusCode).toBe(200);

      // Named by a public page too, it is everyone's again.
      await linkFrom('/about', notes.src);
      await expect.poll(async () => (await visitor.call('GET', notes.src)).statusCode, { timeout: 5000 }).toBe(200);
      expect((await visitor.call('GET', notes.src)).headers['cache-control']).toBe('public, max-age=300');
      expect((await at(visitor, notes.src)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
