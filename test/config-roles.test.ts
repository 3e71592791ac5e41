/**
 * Every config route for every team role, for a signed-in account with no role on the site, and
 * for anonymous visitors: allowed calls succeed, every other one is refused (401 or 403) and
 * changes nothing. The expected outcomes are this hand-written table, not the permission map under
 * test; a config route missing from the table fails the test.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/registry';
import { TEAM_ROLES, type TeamRoleName } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/services/accounts';
import { exportSite, importSite } from '../src/server/services/sites';
import { freshDatabase } from './db';
import { demoDocument } from './fixtures';
import { client, signedIn, type Client } from './session';

type Actor = TeamRoleName | 'OUTSIDER' | 'ANONYMOUS';
const ALL_ROLES = Object.keys(TEAM_ROLES) as TeamRoleName[];

/** Who may make each call. Written by hand from docs/permissions.md. */
const EXPECTED: Record<string, TeamRoleName[]> = {
  'GET /api/config/site': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'PUT /api/config/site': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/site-header-footer': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'VIEWER'],
  'PUT /api/site-header-footer': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/pages': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/team': ['ADMIN', 'WEBSITE_MANAGER'],
  'PUT /api/config/team/:accountId': ['ADMIN'],
  'DELETE /api/config/team/:accountId': ['ADMIN'],
  'GET /api/config/team/invitations': ['ADMIN', 'WEBSITE_MANAGER'],
  'POST /api/config/team/invitations': ['ADMIN'],
  'GET /api/config/jobs': ['ADMIN'],
  'POST /api/config/jobs/:id/retry': ['ADMIN'],
  'GET /api/config/activity': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/export': ['ADMIN'],
  'POST /api/config/import': ['ADMIN'],
};

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let targetId: string;
let failedJobId: number;
const clients = new Map<Actor, Client>();
let siteDocument: unknown;

async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const t of ['websites', 'website_members', 'pages', 'collections', 'collection_items', 'files', 'redirects', 'activity_log', 'invitations', 'jobs']) {
    out[t] = (await database.pool.query(`SELECT * FROM ${t} ORDER BY 1, 2`)).rows.map((r: Record<string, unknown>) => {
      const { updated_at: _u, content_version: _c, ...rest } = r;
      return rest;
    });
  }
  return out;
}

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(demoDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error('demo invalid');
  websiteId = (await importSite(database.db, loaded.document, { makeDefault: true })).websiteId;
  siteDocument = JSON.parse(JSON.stringify(await exportSite(database.db, websiteId)));
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  for (const role of ALL_ROLES) {
    const id = await createAccount(database.db, `${role.toLowerCase()}@example.com`, `${role}-password-1`);
    await setRole(database.db, websiteId, id, TEAM_ROLES[role]);
    clients.set(role, await signedIn(app, `${role.toLowerCase()}@example.com`, `${role}-password-1`));
  }
  await createAccount(database.db, 'outsider@example.com', 'outsider-password-1');
  clients.set('OUTSIDER', await signedIn(app, 'outsider@example.com', 'outsider-password-1'));
  clients.set('ANONYMOUS', await client(app));
  targetId = await createAccount(database.db, 'target@example.com', 'target-password-1');
  const { rows } = await database.pool.query<{ id: number }>(
    `INSERT INTO jobs (website_id, kind, payload, status, attempts, delivery_key) VALUES ($1, 'email', '{}', 'failed', 8, 'role-test') RETURNING id`,
    [websiteId],
  );
  failedJobId = rows[0]!.id;
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function resetTarget() {
  await setRole(database.db, websiteId, targetId, TEAM_ROLES.EDITOR);
  await database.pool.query(`UPDATE jobs SET status = 'failed', attempts = 8 WHERE id = $1`, [failedJobId]);
}

function callFor(key: string): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown } {
  const [method, pattern] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const url = pattern.replace(':accountId', targetId).replace(':id', String(failedJobId));
  const bodies: Record<string, unknown> = {
    'PUT /api/config/site': { tagline: 'Changed by a role test' },
    'PUT /api/config/team/:accountId': { role: TEAM_ROLES.REPORTING },
    'POST /api/config/import': siteDocument,
    'PUT /api/site-header-footer': { header: { layout: 'center', showTagline: true }, footer: { showNavigation: true, links: [] } },
    'POST /api/config/team/invitations': { email: 'invitee@example.com', role: TEAM_ROLES.VIEWER },
  };
  return { method, url, ...(bodies[key] !== undefined ? { body: bodies[key] } : {}) };
}

describe('config routes by role', () => {
  it('the table lists every config route the app has', () => {
    const registered = app.configRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(EXPECTED).sort());
  });

  const actors: Actor[] = [...ALL_ROLES, 'OUTSIDER', 'ANONYMOUS'];
  it.each(Object.keys(EXPECTED))('%s: allowed roles succeed, everyone else is refused and nothing changes', async (key) => {
    const allowed = new Set<Actor>(EXPECTED[key]);
    for (const actor of actors) {
      await resetTarget();
      const { method, url, body } = callFor(key);
      const before = method === 'GET' ? undefined : await snapshot();
      const res = await clients.get(actor)!.call(method, url, body);
      if (allowed.has(actor)) {
        expect(res.statusCode, `${actor} ${key}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      } else {
        expect([401, 403], `${actor} ${key}`).toContain(res.statusCode);
        expect(res.statusCode, `${actor} ${key}`).toBe(actor === 'ANONYMOUS' ? 401 : 403);
        if (before) expect(await snapshot(), `${actor} ${key} changed something`).toEqual(before);
      }
    }
  });
});
