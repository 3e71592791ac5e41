/**
 * A gallery's video slides looked up when a draft is saved (seed 001 §3, §4), against the local
 * fake provider the video block's tests use (never the internet): a slide's video address gets its
 * title, shape and poster (copied into the site's files) at save time, a later save that comes back
 * without the embed looks nothing up again, an address of no recognised provider or a failing
 * provider is a 400 naming the slide's video field, and the published page holds the player's
 * address only in the slide's data-video-src.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { draftSaved, editorPageAnswer } from '../src/contracts/editor';
import { BLOCK_TYPES } from '../src/domain/block-types';
import { PAGE_TYPES } from '../src/domain/page-types';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { blocks } from '../src/messages/blocks';
import { buildApp } from '../src/server/app';
import { fileBytes, siteFile } from '../src/server/modules/files/site-files';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { demoStore, siteNamed } from './fixtures';
import { signedIn, type Client } from './session';

const hex = (n: number) => `91de0000${n.toString(16).padStart(16, '0')}`;
const PAGE = hex(1);
const GOOD = 'https://vimeo.com/76979871';
const FAILING = 'https://vimeo.com/333333';

let poster: Buffer;
let provider: http.Server;
let providerBase: string;
const asked: string[] = [];
let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;

beforeAll(async () => {
  poster = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3f63c4' } })
    .jpeg()
    .toBuffer();
  provider = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/poster.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(poster);
    const json = { 'content-type': 'application/json' };
    if (url.searchParams.get('url') === GOOD)
      res
        .writeHead(200, json)
        .end(JSON.stringify({ type: 'video', title: 'Harbour at dawn', width: 640, height: 480, thumbnail_url: `${providerBase}/poster.jpg` }));
    else res.writeHead(200, json).end('<html>not json');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerBase = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  database = await freshDatabase();
  const doc = {
    ...siteNamed('gallery-videos', 'Gallery videos'),
    navigation: [],
    collections: [],
    // Without its shop, the demo's store lists nothing.
    store: { ...demoStore(), categories: [], products: [] },
    redirects: [],
    files: [],
    pages: [{ id: PAGE, pageType: PAGE_TYPES.PAGE, path: '/', title: 'Home', status: 1, sections: [{ id: hex(2), theme: 'white', blocks: [] }] }],
  } as unknown as SiteDocument;
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  await setRole(database.db, websiteId, await createAccount(database.db, 'owner@example.com', 'owner-password-1'), TEAM_ROLES.ADMIN);
  const endpoint = `${providerBase}/oembed`;
  app = await buildApp({
    database,
    assets: loadClientAssets(),
    appDomain: 'sites.test',
    serveDefaultSite: true,
    videoEmbeds: { allowPrivate: true, timeoutMs: 1_000, endpoints: { youtube: endpoint, vimeo: endpoint, wistia: endpoint, animoto: endpoint } },
  });
  await app.siteChanges.ready;
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  await new Promise((resolve) => provider?.close(resolve));
});

const draftUrl = `/api/config/editor/pages/${PAGE}`;
const gallery = (images: unknown[]) => [
  {
    id: hex(2),
    theme: 'white',
    blocks: [{ id: hex(3), type: BLOCK_TYPES.GALLERY, data: { design: 'slideshow', images }, layout: { desktop: { x: 0, y: 0, w: 24, h: 16 } } }],
  },
];
const version = async () => editorPageAnswer.parse((await owner.call('GET', draftUrl)).json()).draft.version;
const save = async (images: unknown[]) =>
  owner.call('PUT', `${draftUrl}/draft`, { baseVersion: await version(), changeId: `c-${randomBytes(6).toString('hex')}`, sections: gallery(images) });
const oembedAsks = () => asked.filter((a) => a.startsWith('/oembed')).length;

describe('a gallery’s video slide saved in the editor', () => {
  // covers 001-1.01, 001-3.07, 001-3.88 (video)
  it('fetches the video’s title, shape and poster at save time, once, and the page shows the poster from the site', async () => {
    const res = await save([{ src: '', alt: '', video: GOOD }]);
    expect(res.statusCode, res.body).toBe(200);
    const filled = draftSaved.parse(res.json()).filled;
    const images = (filled?.[0]?.data.images ?? []) as { embed?: unknown }[];
    expect(images[0]!.embed).toEqual({
      url: GOOD,
      provider: 'vimeo',
      title: 'Harbour at dawn',
      width: 640,
      height: 480,
      poster: '/s/vimeo-76979871-poster.jpg',
    });
    const copied = await app.inject({ method: 'GET', url: '/s/vimeo-76979871-poster.jpg', headers: { host: 'localhost' } });
    // Visitors get it as a copy of its own size; the library keeps the provider's bytes.
    expect((await sharp(copied.rawPayload).metadata()).width).toBe((await sharp(poster).metadata()).width);
    const kept = await fileBytes(app.blobs, (await siteFile(database.db, websiteId, 'vimeo-76979871-poster.jpg'))!);
    expect(Buffer.concat(await kept!.toArray()).equals(poster)).toBe(true);

    // The editor keeps what it sent: a save without the embed, with the slide moved behind an image, asks no one.
    const before = oembedAsks();
    const again = await save([
      { src: '/s/vimeo-76979871-poster.jpg', alt: 'Harbour' },
      { src: '', alt: '', video: GOOD },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(oembedAsks()).toBe(before);

    const published = await owner.call('POST', `${draftUrl}/publish`, { version: await version() });
    expect(published.statusCode, published.body).toBe(200);
    const home = async () => (await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } })).body;
    await vi.waitFor(async () => expect(await home()).toContain('data-type="video"'), { timeout: 5_000, interval: 50 });
    const page = await home();
    expect(page).toContain('data-video-src="https://player.vimeo.com/video/76979871?autoplay=1"');
    expect(page).toContain('data-video-aspect="75"');
    expect(page).toContain('aria-label="Play video: Harbour at dawn"');
    expect(page.replace(/data-video-src="[^"]*"/g, '')).not.toMatch(/player\.vimeo\.com|vimeocdn/);
  });

  // covers 001-4.66
  it('refuses an address of no known provider or a failing provider at the slide’s video field, saving nothing', async () => {
    const saved = await version();
    const plain = await save([
      { src: '/s/a.jpg', alt: 'A' },
      { src: '', alt: '', video: 'https://example.com/film' },
    ]);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors).toEqual({ 'sections.0.blocks.0.data.images.1.video': blocks.videoInvalidEmbed });
    const failing = await save([{ src: '', alt: '', video: FAILING }]);
    expect(failing.statusCode).toBe(400);
    expect(failing.json().errors['sections.0.blocks.0.data.images.0.video']).toMatch(/^Vimeo did not answer with a video description/);
    expect(await version()).toBe(saved);
  });
});
