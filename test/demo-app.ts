/** An integration test's usual start: a fresh database holding the demo site (the default site), and the app on it. */
import type { FastifyInstance } from 'fastify';
import { siteDocumentSchema } from '../src/blocks/registry';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { importSite } from '../src/server/services/sites';
import { freshDatabase } from './db';
import { demoDocument } from './fixtures';

export type DemoApp = { database: Awaited<ReturnType<typeof freshDatabase>>; websiteId: string; start(): Promise<FastifyInstance> };

export async function demoDatabase(): Promise<DemoApp> {
  const database = await freshDatabase();
  const loaded = loadDocument(demoDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error(`the demo document is invalid: ${JSON.stringify(loaded.errors)}`);
  const { websiteId } = await importSite(database.db, loaded.document, { makeDefault: true });
  return {
    database,
    websiteId,
    async start() {
      const app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
      await app.siteChanges.ready;
      return app;
    },
  };
}
