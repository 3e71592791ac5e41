/**
 * Video embeds looked up when a draft is saved (seed 001 §3, §4, §8), against a fake provider on
 * this machine (a tiny HTTP server standing in for each provider's oEmbed endpoint and its poster
 * host), never the internet: a good answer stores the title, dimensions and a copy of the poster
 * in the site's files, so the page renders the poster from the site with no provider address but
 * the player's in `data-html`; a slow, huge or malformed answer, or an address of no recognised
 * provider, is a 400 naming the block's address field, nothing saved, and the page still renders.
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

const hex = (n: number) => `71de0000${n.toString(16).padStart(16, '0')}`;
const PAGE = hex(1);
const BLOCK = hex(3);
const GOOD = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** What the fake provider answers, by the video address it is asked about. */
type Behaviour = 'good' | 'slow' | 'huge' | 'malformed' | 'missing' | 'basic';
const behaviourOf: Record<string, Behaviour> = {
  [GOOD]: 'good',
  'https://vimeo.com/111111': 'slow',
  'https://vimeo.com/222222': 'huge',
  'https://vimeo.com/333333': 'malformed',
  'https://vimeo.com/444444': 'missing',
  'https://vimeo.com/555555': 'basic',
};

let poster: Buffer;
let provider: http.Server;
let providerBase: string;
/** Every request the fake provider got, path and query. */
const asked: string[] = [];

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;

function siteDocument(): SiteDocument {
  return {
    ...siteNamed('videos', 'Videos'),
    navigation: [],
    collections: [],
    // Without its shop, the demo's store lists nothing.
    store: { ...demoStore(), categories: [], products: [] },
    redirects: [],
    files: [],
    pages: [
      {
        id: PAGE,
        pageType: PAGE_TYPES.PAGE,
        path: '/',
        title: 'Home',
        status: 1,
        sections: [
          { id: hex(2), theme: 'white', blocks: [{ id: hex(4), type: BLOCK_TYPES.SPACER, data: {}, layout: { desktop: { x: 0, y: 0, w: 24, h: 2 } } }] },
        ],
      },
    ],
  } as unknown as SiteDocument;
}

beforeAll(async () => {
  poster = await sharp({ create: { width: 48, height: 27, channels: 3, background: '#c4633f' } })
    .jpeg()
    .toBuffer();
  provider = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/poster.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(poster);
      return;
    }
    const behaviour = behaviourOf[url.searchParams.get('url') ?? ''] ?? 'missing';
    const json = { 'content-type': 'application/json' };
    if (behaviour === 'good')
      res.writeHead(200, json).end(
        JSON.stringify({
          type: 'video',
          title: 'Never Gonna Give You Up',
          width: 640,
          height: 360,
          thumbnail_url: `${providerBase}/poster.jpg`,
          html: '<iframe src="https://www.youtube.com/embed/x"></iframe>',
        }),
      );
    else if (behaviour === 'slow') setTimeout(() => res.writeHead(200, json).end('{}'), 3_000).unref();
    else if (behaviour === 'huge') {
      res.writeHead(200, json);
      res.end(`{"title":"${'x'.repeat(200 * 1024)}"}`);
    } else if (behaviour === 'malformed') res.writeHead(200, json).end('<html>not json');
    else if (behaviour === 'basic') res.writeHead(403, json).end('{}');
    else res.writeHead(404, json).end('{}');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerBase = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

  database = await freshDatabase();
  const loaded = loadDocument(siteDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  await setRole(database.db, websiteId, await createAccount(database.db, 'owner@example.com', 'owner-password-1'), TEAM_ROLES.ADMIN);
  const endpoint = `${providerBase}/oembed`;
  app = await buildApp({
    database,
    assets: loadClientAssets(),
    appDomain: 'sites.test',
    serveDefaultSite: true,
    // The fake provider is on loopback: allowed here as an operator would with OUTGOING_ALLOW_PRIVATE.
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
const videoBlock = (data: Record<string, unknown>) => ({ id: BLOCK, type: BLOCK_TYPES.VIDEO, data, layout: { desktop: { x: 0, y: 2, w: 12, h: 14 } } });
const sections = (data: Record<string, unknown>) => [{ id: hex(2), theme: 'white', blocks: [videoBlock(data)] }];
async function version(): Promise<number> {
  const res = await owner.call('GET', draftUrl);
  return editorPageAnswer.parse(res.json()).draft.version;
}
const save = async (data: Record<string, unknown>) =>
  owner.call('PUT', `${draftUrl}/draft`, { baseVersion: await version(), changeId: `c-${randomBytes(6).toString('hex')}`, sections: sections(data) });
const posterFiles = async () =>
  (await database.pool.query<{ name: string }>("SELECT name FROM files WHERE website_id = $1 AND name LIKE '%poster%'", [websiteId])).rows.map((r) => r.name);
const visitorHome = async () => app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });

describe('a video address saved in the editor', () => {
  // covers 001-3.10, 001-3.11, 001-4.58, 001-4.70
  it('fetches the title, shape and poster from the provider, and the page renders the poster from the site', async () => {
    const res = await save({ url: GOOD, mode: 'fit', aspect: 'video' });
    expect(res.statusCode, res.body).toBe(200);
    const draft = editorPageAnswer.parse((await owner.call('GET', draftUrl)).json()).draft;
    const data = (draft.sections as { blocks: { data: Record<string, unknown> }[] }[])[0]!.blocks[0]!.data;
    expect(data.embed).toEqual({
      url: GOOD,
      provider: 'youtube',
      title: 'Never Gonna Give You Up',
      width: 640,
      height: 360,
      poster: '/s/youtube-dQw4w9WgXcQ-poster.jpg',
    });
    // The answer hands the editor the block as saved, so its canvas shows the poster without a reload.
    expect(draftSaved.parse(res.json()).filled).toEqual([{ id: expect.any(String), data }]);
    expect(await posterFiles()).toEqual(['youtube-dQw4w9WgXcQ-poster.jpg']);
    expect(asked.filter((a) => a.startsWith('/oembed')).map((a) => new URL(a, 'http://x').searchParams.get('url'))).toEqual([GOOD]);
    const copied = await app.inject({ method: 'GET', url: '/s/youtube-dQw4w9WgXcQ-poster.jpg', headers: { host: 'localhost' } });
    expect(copied.statusCode).toBe(200);
    // Visitors get it as a copy of its own size; the library keeps the provider's bytes.
    expect((await sharp(copied.rawPayload).metadata()).width).toBe((await sharp(poster).metadata()).width);
    const kept = await fileBytes(app.blobs, (await siteFile(database.db, websiteId, 'youtube-dQw4w9WgXcQ-poster.jpg'))!);
    expect(Buffer.concat(await kept!.toArray()).equals(poster)).toBe(true);

    // A save that comes back without the embed (the editor keeps what it sent) looks nothing up again.
    const before = asked.length;
    const again = await save({ url: GOOD, mode: 'fill', aspect: 'auto' });
    expect(again.statusCode).toBe(200);
    expect(asked.length).toBe(before);
    expect(await posterFiles()).toHaveLength(1);
    expect(draftSaved.parse(again.json()).filled?.map((block) => block.data.embed)).toEqual([data.embed]);
    // A save that carries the embed changes nothing the editor holds: nothing is handed back.
    const carried = await save({ url: GOOD, mode: 'fill', aspect: 'auto', embed: data.embed });
    expect(carried.statusCode).toBe(200);
    expect(draftSaved.parse(carried.json()).filled).toBeUndefined();

    const published = await owner.call('POST', `${draftUrl}/publish`, { version: await version() });
    expect(published.statusCode, published.body).toBe(200);
    // The publish reaches this app server's content cache by the database's change notification.
    await vi.waitFor(async () => expect((await visitorHome()).body).toContain('src="/s/youtube-dQw4w9WgXcQ-poster.jpg"'), { timeout: 5_000, interval: 50 });
    const page = (await visitorHome()).body;
    expect(page).toContain('data-provider-name="YouTube"');
    expect(page).toContain('aria-label="Play video: Never Gonna Give You Up"');
    // The provider's host appears only inside data-html (the player the island puts in on play), on the no-cookie host.
    const outsideDataHtml = page.replace(/data-html="[^"]*"/g, '');
    expect(outsideDataHtml).not.toMatch(/youtube(-nocookie)?\.com\/embed|ytimg/);
    expect(page).toMatch(/data-html="&lt;iframe src=&quot;https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1&amp;amp;enablejsapi=1/);
  });

  // covers 001-4.66, 001-4.67
  it('refuses an address of no recognised provider with the seed’s invalid-embed messages, and asks no one', async () => {
    const before = asked.length;
    const plain = await save({ url: 'https://example.com/my-video' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors).toEqual({ 'sections.0.blocks.0.data.url': blocks.videoInvalidEmbed });
    expect(blocks.videoInvalidEmbed).toBe('Invalid video embed.');
    const featured = await save({ url: 'https://example.com/my-video', poster: '/s/youtube-dQw4w9WgXcQ-poster.jpg' });
    expect(featured.statusCode).toBe(400);
    expect(featured.json().errors).toEqual({
      'sections.0.blocks.0.data.url': 'Custom featured images only available with embedded videos. Go back into embed settings to turn off featured images.',
    });
    expect(asked.length).toBe(before);
  });

  // covers 001-8.39
  it('refuses a slow, huge, malformed or missing answer with a clear message, saving nothing', async () => {
    const saved = await version();
    const cases: [string, RegExp][] = [
      ['https://vimeo.com/111111', /^Vimeo did not answer within 1 seconds/],
      ['https://vimeo.com/222222', /^Vimeo answered with more than 64 KB/],
      ['https://vimeo.com/333333', /^Vimeo did not answer with a video description/],
      ['https://vimeo.com/444444', /^Vimeo could not give this video \(status 404\)/],
      ['https://vimeo.com/555555', /^Vimeo Basic accounts are unsupported\. Please share a video from a different account\.$/],
    ];
    for (const [url, message] of cases) {
      const started = Date.now();
      const res = await save({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBeTruthy();
      expect(res.json().errors['sections.0.blocks.0.data.url'], url).toMatch(message);
      expect(Date.now() - started, url).toBeLessThan(2_500);
    }
    expect(await version()).toBe(saved);
    // The published page still renders its video.
    const page = await visitorHome();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-provider-name="YouTube"');
  });

  it('refuses a provider on a private address unless the operator allows it', async () => {
    const strict = await buildApp({
      database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: true,
      videoEmbeds: { allowPrivate: false, endpoints: { vimeo: `${providerBase}/oembed` } },
    });
    try {
      const client = await signedIn(strict, 'owner@example.com', 'owner-password-1');
      const base = editorPageAnswer.parse((await client.call('GET', draftUrl)).json()).draft.version;
      const res = await client.call('PUT', `${draftUrl}/draft`, {
        baseVersion: base,
        changeId: `c-${randomBytes(6).toString('hex')}`,
        sections: sections({ url: 'https://vimeo.com/76979871' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors['sections.0.blocks.0.data.url']).toMatch(/^Video lookup refused: 127\.0\.0\.1 is not a public address\./);
    } finally {
      await strict.close();
    }
  });
});
