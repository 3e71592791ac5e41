/**
 * The site templates in `sites/` (each a folder with its document, `site.json`, and its card,
 * `template.json`): every one loads by the document's schema, imports into a fresh database, and
 * serves every page, collection and post it has to a visitor without the error page. A template a
 * contributor adds is picked up by its folder alone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { projectPath } from '../src/db/project-root';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { loadClientAssets } from '../src/server/render/assets';
import { freshDatabase } from './db';

const SITES = projectPath('sites');
const TEMPLATES = readdirSync(SITES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

const card = z.object({ name: z.string().min(1).max(40), description: z.string().min(20).max(200), order: z.number().int() }).passthrough();

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

it('finds the five templates', () => {
  expect(TEMPLATES).toEqual(expect.arrayContaining(['demo']));
});

describe.each(TEMPLATES)('the %s template', (id) => {
  const file = path.join(SITES, id, 'site.json');

  it('has its document and its card', () => {
    expect(existsSync(file), `${id}/site.json`).toBe(true);
    card.parse(JSON.parse(readFileSync(path.join(SITES, id, 'template.json'), 'utf8')));
  });

  it('imports, and serves every page, collection and post to a visitor', async () => {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { settings: Record<string, unknown> };
    const host = `${id}.sites.test`;
    raw.settings = { ...raw.settings, identifier: `template-${id}`, customDomains: [host] };
    const loaded = loadDocument(raw, siteDocumentSchema);
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
    await writeSiteDocument(database.db, loaded.document);
    const doc = loaded.document;
    const paths = [
      ...doc.pages.filter((p) => p.path && p.status === 1 && p.access.type === 'public').map((p) => p.path!),
      ...doc.collections.filter((c) => c.status === 1).flatMap((c) => [c.path, ...c.items.filter((i) => i.status === 1).map((i) => `${c.path}/${i.slug}`)]),
    ];
    expect(paths.length).toBeGreaterThan(2);
    for (const at of paths) {
      const res = await app.inject({ method: 'GET', url: at, headers: { host } });
      expect(res.statusCode, `${id} ${at}`).toBe(200);
      expect(res.body, `${id} ${at}`).not.toContain('page-type-101');
    }
  });
});
