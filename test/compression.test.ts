/**
 * Compression by Accept-Encoding through the framework: API JSON and pages for one visitor are
 * compressed as they are sent (above a small size), built assets are sent as the build compressed
 * them (no request compresses them again), each coding with its own entity tag, and small answers
 * are sent as they are.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientAssets } from '../src/server/render/assets';
import { demoWithTeam, type TeamDemo } from './demo-app';

let demo: TeamDemo;
let app: FastifyInstance;
const assets = loadClientAssets();

beforeAll(async () => {
  demo = await demoWithTeam();
  app = demo.app;
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers: { host: 'localhost', ...headers } });

const decoded = (res: LightMyRequestResponse) => {
  const coding = res.headers['content-encoding'];
  return coding === 'br' ? brotliDecompressSync(res.rawPayload) : coding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
};

describe('answers compressed as they are sent', () => {
  it('compresses API JSON with the coding the request accepts best, and says it varies', async () => {
    const plain = await demo.owner.call('GET', '/api/config/export/document');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    for (const [accept, coding] of [
      ['br, gzip', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await demo.owner.call('GET', '/api/config/export/document', undefined, { headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(decoded(res).toString())).toEqual(JSON.parse(plain.body));
    }
  });

  it('compresses a page rendered for one visitor, without an entity tag', async () => {
    const res = await get('/account/login', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toBeUndefined();
    expect(decoded(res).toString()).toContain('<!DOCTYPE html>');
  });

  it('sends small answers as they are', async () => {
    for (const url of ['/api/no-such-call', '/robots.txt']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.rawPayload.length, url).toBeLessThan(1024);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers.vary, url).toBeUndefined();
    }
  });
});

describe('built assets', () => {
  const script = assets.config.script;
  const file = assets.files.get(script)!;

  it('are sent as the build compressed them, each coding with its own entity tag', async () => {
    const br = await get(script, { 'accept-encoding': 'br, gzip' });
    const gzip = await get(script, { 'accept-encoding': 'gzip' });
    const plain = await get(script);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(gzip.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);
    expect(plain.rawPayload.equals(readFileSync(file))).toBe(true);
    expect(decoded(br).equals(plain.rawPayload)).toBe(true);
    expect(decoded(gzip).equals(plain.rawPayload)).toBe(true);
    for (const res of [br, gzip, plain]) {
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await get(script, { 'accept-encoding': 'br, gzip', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await get(script, { 'accept-encoding': 'br' }, 'HEAD');
    expect(Number(head.headers['content-length'])).toBe(br.rawPayload.length);
  });

  it('include the theme stylesheet, compressed once and sent the same each time', async () => {
    const first = await get(assets.theme.url, { 'accept-encoding': 'br' });
    const second = await get(assets.theme.url, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(decoded(first).toString()).toBe(assets.theme.css);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
  });
});
