/** An integration test's usual start: a fresh database holding the demo site (the default site), and the app on it. */
import type { FastifyInstance } from 'fastify';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { demoDocument } from './fixtures';
import { afterAll, beforeAll } from 'vitest';
import { client, signedIn, type Client } from './session';
import { TEAM_ROLES } from '../src/domain/roles';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';

export type DemoApp = { database: Awaited<ReturnType<typeof freshDatabase>>; websiteId: string; start(): Promise<FastifyInstance> };

export async function demoDatabase(): Promise<DemoApp> {
  const database = await freshDatabase();
  const loaded = loadDocument(demoDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error(`the demo document is invalid: ${JSON.stringify(loaded.errors)}`);
  const { websiteId } = await writeSiteDocument(database.db, loaded.document, { makeDefault: true });
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

export type TeamDemo = { database: DemoApp['database']; websiteId: string; app: FastifyInstance; owner: Client; editor: Client };

/** The demo app with an ADMIN (owner@example.com) and an EDITOR (editor@example.com), both signed in. */
export async function demoWithTeam(): Promise<TeamDemo> {
  const demo = await demoDatabase();
  const { db } = demo.database;
  await setRole(db, demo.websiteId, await createAccount(db, 'owner@example.com', 'owner-password-1'), TEAM_ROLES.ADMIN);
  await setRole(db, demo.websiteId, await createAccount(db, 'editor@example.com', 'editor-password-1'), TEAM_ROLES.EDITOR);
  const app = await demo.start();
  return {
    database: demo.database,
    websiteId: demo.websiteId,
    app,
    owner: await signedIn(app, 'owner@example.com', 'owner-password-1'),
    editor: await signedIn(app, 'editor@example.com', 'editor-password-1'),
  };
}

/**
 * The file's demo app: started before the file's tests, closed and dropped after them. Read it
 * inside a test (`app()`), once it has started.
 */
export function demoAppForFile(): () => FastifyInstance {
  let demo: DemoApp | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    demo = await demoDatabase();
    app = await demo.start();
  });
  afterAll(async () => {
    await app?.close();
    await demo?.database.drop();
  });
  return () => {
    if (!app) throw new Error('the demo app is read before it has started');
    return app;
  };
}

/**
 * The file's demo app with its team and an anonymous visitor: started before the file's tests,
 * closed and dropped after them. Read it inside a test (`demo()`), once it has started.
 */
export function teamDemoForFile(): () => TeamDemo & { visitor: Client } {
  let demo: (TeamDemo & { visitor: Client }) | undefined;
  beforeAll(async () => {
    const started = await demoWithTeam();
    demo = { ...started, visitor: await client(started.app) };
  });
  afterAll(async () => {
    await demo?.app.close();
    await demo?.database.drop();
  });
  return () => {
    if (!demo) throw new Error('the demo app is read before it has started');
    return demo;
  };
}
