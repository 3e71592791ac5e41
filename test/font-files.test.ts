/**
 * The font files over HTTP (Fastify inject): a file the list offers is answered from the
 * installed package as woff2, cached for a year (its address names the package version), with an
 * entity tag; any other address under /fonts/files/ is a 404: an unknown family, a weight or style
 * not offered, another version, or a path that tries to leave the package's files.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../src/db/project-root';
import { fontFileUrl, registerFontFiles } from '../src/server/http/fonts';

let app: FastifyInstance;
const version = (JSON.parse(readFileSync(projectPath('node_modules/@fontsource/inter/package.json'), 'utf8')) as { version: string }).version;

beforeAll(async () => {
  app = Fastify();
  registerFontFiles(app);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the font files', () => {
  it('answer an offered file as woff2 from the package, cached for a year', async () => {
    const url = fontFileUrl('inter', 'inter-latin-400-normal.woff2');
    expect(url).toBe(`/fonts/files/inter-${version}/inter-latin-400-normal.woff2`);
    const res = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Already compressed: sent as it is.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(readFileSync(projectPath('node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2')))).toBe(true);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');

    const again = await get(url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('answer latin-ext, and a family without it only in latin', async () => {
    expect((await get(fontFileUrl('lora', 'lora-latin-ext-500-normal.woff2'))).statusCode).toBe(200);
    expect((await get(fontFileUrl('arvo', 'arvo-latin-700-normal.woff2'))).statusCode).toBe(200);
    expect((await get(fontFileUrl('arvo', 'arvo-latin-ext-700-normal.woff2'))).statusCode).toBe(404);
  });

  it('answer nothing else: unknown families, weights and styles not offered, other versions, other files', async () => {
    const dir = `/fonts/files/inter-${version}`;
    for (const url of [
      '/fonts/files/comic-sans-1.0.0/comic-sans-latin-400-normal.woff2',
      // Inter ships 100 and italics, but the list offers neither.
      `${dir}/inter-latin-100-normal.woff2`,
      `${dir}/inter-latin-400-italic.woff2`,
      `${dir}/inter-latin-400-normal.woff`,
      `${dir}/inter-cyrillic-400-normal.woff2`,
      '/fonts/files/inter-0.0.1/inter-latin-400-normal.woff2',
      `/fonts/files/lora-${version}/inter-latin-400-normal.woff2`,
      `${dir}/../../../package.json`,
      `${dir}/..%2F..%2F..%2Fpackage.json`,
      `${dir}/%2e%2e/package.json`,
      `${dir}/inter-latin-400-normal.woff2%00`,
      `${dir}/`,
      '/fonts/files/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });

  it('answer a query string as the address without it', async () => {
    expect((await get(`${fontFileUrl('inter', 'inter-latin-600-normal.woff2')}?v=1`)).statusCode).toBe(200);
  });
});
