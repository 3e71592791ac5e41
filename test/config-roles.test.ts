/**
 * Every config route for every team role, for a signed-in account with no role on the site, and
 * for anonymous visitors: allowed calls succeed, every other one is refused (401 or 403) and
 * changes nothing. The expected outcomes are this hand-written table, not the permission map under
 * test; a config route missing from the table fails the test.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { TEAM_ROLES, type TeamRoleName } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { testPaymentsUrl } from './test-payments';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { designScreen } from '../src/server/modules/content/design/site-design';
import { editorPage, editorPost } from '../src/server/modules/content/drafts/page-drafts';
import { readProduct } from '../src/server/modules/catalogue';
import { exportSite, writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { startFakePlaces } from './fake-places';
import { demoDocument } from './fixtures';
import { client, signedIn, type Client } from './session';

type Actor = TeamRoleName | 'OUTSIDER' | 'ANONYMOUS';
const ALL_ROLES = Object.keys(TEAM_ROLES) as TeamRoleName[];

const STORE_WRITERS = ['ADMIN', 'WEBSITE_MANAGER', 'STORE_MANAGER'] as const satisfies TeamRoleName[];
const STORE_READERS = [...STORE_WRITERS, 'VIEWER'] as const satisfies TeamRoleName[];

/** Who may make each call. Written by hand from docs/permissions.md. */
const EXPECTED: Record<string, TeamRoleName[]> = {
  'GET /api/config/site': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'PUT /api/config/site': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/smtp': ['ADMIN'],
  'PUT /api/config/smtp': ['ADMIN'],
  'POST /api/config/smtp/test': ['ADMIN'],
  'DELETE /api/config/smtp': ['ADMIN'],
  'GET /api/site-header-footer': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'VIEWER'],
  'PUT /api/site-header-footer': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/design': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'VIEWER'],
  'PUT /api/config/design/draft': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'POST /api/config/design/publish': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'DELETE /api/config/design/draft': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/design/revisions': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'VIEWER'],
  'POST /api/config/design/revisions/:revision/restore': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'POST /api/config/design/reset': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'POST /api/config/design/palette-from-image': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'VIEWER'],
  'GET /api/config/pages': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/navigation': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'VIEWER'],
  'PUT /api/config/navigation': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/link-targets': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'POST /api/config/pages': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'PUT /api/config/pages/order': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/pages/:pageId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'PUT /api/config/pages/:pageId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'DELETE /api/config/pages/:pageId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'POST /api/config/pages/:pageId/duplicate': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'POST /api/config/pages/:pageId/home': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/editor/pages/:pageId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'PUT /api/config/editor/pages/:pageId/draft': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'POST /api/config/editor/pages/:pageId/publish': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'DELETE /api/config/editor/pages/:pageId/draft': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/blogs': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'POST /api/config/blogs': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'POST /api/config/blogs/:blogId/posts': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'PUT /api/config/posts/:itemId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'DELETE /api/config/posts/:itemId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/editor/posts/:itemId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'PUT /api/config/editor/posts/:itemId/draft': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'POST /api/config/editor/posts/:itemId/publish': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'DELETE /api/config/editor/posts/:itemId/draft': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  // A product block's chooser: whoever may read pages, the Editor included (no commerce sub-area needed).
  'GET /api/config/editor/products': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/editor/pages/:pageId/revisions': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/editor/pages/:pageId/revisions/:revision': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'POST /api/config/editor/pages/:pageId/revisions/:revision/restore': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/team': ['ADMIN', 'WEBSITE_MANAGER'],
  'PUT /api/config/team/:accountId': ['ADMIN'],
  'DELETE /api/config/team/:accountId': ['ADMIN'],
  'POST /api/config/team/:accountId/transfer-ownership': ['ADMIN'],
  'GET /api/config/team/invitations': ['ADMIN', 'WEBSITE_MANAGER'],
  'POST /api/config/team/invitations': ['ADMIN'],
  'GET /api/config/jobs': ['ADMIN'],
  'POST /api/config/jobs/:id/retry': ['ADMIN'],
  'GET /api/config/activity': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/export': ['ADMIN'],
  'GET /api/config/export/document': ['ADMIN'],
  'POST /api/config/import': ['ADMIN'],
  'GET /api/labs/internal': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'POST /api/labs/internal': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/labs/circle': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'POST /api/labs/circle': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/multilingual/settings': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'GET /api/multilingual/status': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'GET /api/multilingual/languages': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'PUT /api/multilingual/languages': ['ADMIN', 'WEBSITE_MANAGER'],
  'PUT /api/multilingual/connection': ['ADMIN', 'WEBSITE_MANAGER'],
  'DELETE /api/multilingual/connection': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/captcha': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'PUT /api/config/captcha': ['ADMIN', 'WEBSITE_MANAGER'],
  'DELETE /api/config/captcha': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/google-maps': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'PUT /api/config/google-maps': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/google-maps/places/autocomplete': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/google-maps/places/details': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'GET /api/config/cookie-banner': ['ADMIN', 'WEBSITE_MANAGER', 'BILLING', 'VIEWER'],
  'PUT /api/config/cookie-banner': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/forms': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'VIEWER', 'CAMPAIGNS_EDITOR'],
  'GET /api/config/forms/:formId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'VIEWER', 'CAMPAIGNS_EDITOR'],
  'PUT /api/config/forms/:formId': ['ADMIN', 'WEBSITE_MANAGER'],
  'POST /api/config/forms/:formId/webhook-secret': ['ADMIN', 'WEBSITE_MANAGER'],
  // What visitors sent is personal data: only the roles that may write forms read it.
  'GET /api/config/forms/:formId/submissions': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/forms/:formId/submissions.csv': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/forms/:formId/submissions/:id': ['ADMIN', 'WEBSITE_MANAGER'],
  'DELETE /api/config/forms/:formId/submissions/:id': ['ADMIN', 'WEBSITE_MANAGER'],
  'POST /api/config/forms/erase': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/newsletter/:listId/subscribers': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/newsletter/:listId/subscribers.csv': ['ADMIN', 'WEBSITE_MANAGER'],
  'DELETE /api/config/newsletter/:listId/subscribers/:email': ['ADMIN', 'WEBSITE_MANAGER'],
  'GET /api/config/analytics': ['ADMIN', 'WEBSITE_MANAGER', 'REPORTING', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/analytics/errors': ['ADMIN', 'WEBSITE_MANAGER', 'REPORTING', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/analytics/csv/:table': ['ADMIN', 'WEBSITE_MANAGER', 'REPORTING', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/analytics/sales': ['ADMIN', 'WEBSITE_MANAGER', 'REPORTING', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/store/products.csv': ['ADMIN', 'WEBSITE_MANAGER', 'STORE_MANAGER', 'VIEWER'],
  'POST /api/config/store/products/import': ['ADMIN', 'WEBSITE_MANAGER', 'STORE_MANAGER'],
  'GET /api/config/files': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/files/:fileId/uses': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'GET /api/config/files/:fileId/original': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR', 'STORE_MANAGER', 'VIEWER'],
  'POST /api/config/files': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'PUT /api/config/files/:fileId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'PUT /api/config/files/:fileId/content': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  'DELETE /api/config/files/:fileId': ['ADMIN', 'WEBSITE_MANAGER', 'EDITOR'],
  // The Store area (docs/decisions/0313-store-sub-areas.md): settings are commerce-payments, the rest commerce-inventory.
  'GET /api/config/store/settings': [...STORE_READERS],
  'PUT /api/config/store/settings': [...STORE_WRITERS],
  'GET /api/config/store/shops': [...STORE_READERS],
  'POST /api/config/store/shops': [...STORE_WRITERS],
  'PUT /api/config/store/shops/:shopId': [...STORE_WRITERS],
  'GET /api/config/store/categories': [...STORE_READERS],
  'POST /api/config/store/categories': [...STORE_WRITERS],
  'PUT /api/config/store/categories/:categoryId': [...STORE_WRITERS],
  'DELETE /api/config/store/categories/:categoryId': [...STORE_WRITERS],
  'GET /api/config/store/products': [...STORE_READERS],
  'POST /api/config/store/products': [...STORE_WRITERS],
  'GET /api/config/store/products/:productId': [...STORE_READERS],
  'PUT /api/config/store/products/:productId/draft': [...STORE_WRITERS],
  'POST /api/config/store/products/:productId/publish': [...STORE_WRITERS],
  'DELETE /api/config/store/products/:productId': [...STORE_WRITERS],
  'POST /api/config/store/products/:productId/download': [...STORE_WRITERS],
  'GET /api/config/store/inventory': [...STORE_READERS],
  'PATCH /api/config/store/inventory/:variantId': [...STORE_WRITERS],
  // Pricing rules: coupons are commerce-coupons, shipping zones commerce-shipping, tax commerce-taxes.
  'GET /api/config/store/coupons': [...STORE_READERS],
  'POST /api/config/store/coupons': [...STORE_WRITERS],
  'PUT /api/config/store/coupons/:couponId': [...STORE_WRITERS],
  'DELETE /api/config/store/coupons/:couponId': [...STORE_WRITERS],
  'GET /api/config/store/shipping-zones': [...STORE_READERS],
  'POST /api/config/store/shipping-zones': [...STORE_WRITERS],
  'PUT /api/config/store/shipping-zones/:zoneId': [...STORE_WRITERS],
  'DELETE /api/config/store/shipping-zones/:zoneId': [...STORE_WRITERS],
  'GET /api/config/store/tax/settings': [...STORE_READERS],
  'PUT /api/config/store/tax/settings': [...STORE_WRITERS],
  'GET /api/config/store/tax/rules': [...STORE_READERS],
  'POST /api/config/store/tax/rules': [...STORE_WRITERS],
  'PUT /api/config/store/tax/rules/:ruleId': [...STORE_WRITERS],
  'DELETE /api/config/store/tax/rules/:ruleId': [...STORE_WRITERS],
  // Store → Payments and the next order number are commerce-payments; the orders list and "Mark paid" commerce-orders.
  'GET /api/config/store/payments': [...STORE_READERS],
  'PUT /api/config/store/payments': [...STORE_WRITERS],
  'PUT /api/config/store/payments/stripe': [...STORE_WRITERS],
  'DELETE /api/config/store/payments/stripe': [...STORE_WRITERS],
  'GET /api/config/store/order-number': [...STORE_READERS],
  'GET /api/config/store/orders/:orderId/receipt': [...STORE_READERS],
  'PUT /api/config/store/order-number': [...STORE_WRITERS],
  'GET /api/config/store/orders': [...STORE_READERS],
  'POST /api/config/store/orders/:orderId/mark-paid': [...STORE_WRITERS],
  'GET /api/config/store/orders/export': [...STORE_READERS],
  'GET /api/config/store/orders/counts': [...STORE_READERS],
  'GET /api/config/store/orders/:orderId': [...STORE_READERS],
  'POST /api/config/store/orders/:orderId/fulfilments': [...STORE_WRITERS],
  'POST /api/config/store/orders/:orderId/refunds': [...STORE_WRITERS],
  'POST /api/config/store/orders/:orderId/cancel': [...STORE_WRITERS],
  'PUT /api/config/store/orders/:orderId/note': [...STORE_WRITERS],
  // The Customers screen reads what the orders screens read.
  'GET /api/config/store/customers': [...STORE_READERS],
  'GET /api/config/store/customers/export': [...STORE_READERS],
  'GET /api/config/store/customers/:customerId': [...STORE_READERS],
};

/** Calls that answer an allowed role with a redirect. */
const REDIRECTS = new Set(['GET /api/config/store/orders/:orderId/receipt']);

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let targetId: string;
let failedJobId: number;
const clients = new Map<Actor, Client>();
let places: Awaited<ReturnType<typeof startFakePlaces>> | undefined;
let envBefore: Record<string, string | undefined> = {};
const GOOGLE_MAPS_KEY = 'AIzaSyA1234567890abcdefghijklmnopqrstuv';
let siteDocument: unknown;

/** Every table of the database with its columns, every site's rows: read from the catalogue, so a table added later is watched too. */
const tables: { name: string; columns: { name: string; bytes: boolean }[] }[] = [];

/**
 * Columns a refused call may still change: when a row was last written (and the site's content
 * version beside it), and when a session was last seen (any signed-in call moves it, at most once a minute).
 */
const BOOKKEEPING = new Set(['updated_at', 'content_version', 'last_seen_at']);

/** A row's fingerprint: its columns but the bookkeeping ones, bytes by their digest (no hex text of every blob). */
const rowHash = (table: (typeof tables)[number]) =>
  `md5(row(${table.columns
    .filter((c) => !BOOKKEEPING.has(c.name))
    .map((c) => (c.bytes ? `md5(x."${c.name}")` : `x."${c.name}"`))
    .join(', ')})::text)`;

/** Row fingerprints by row version (`table:ctid:xmin`): a version's content never changes, so each is hashed once. */
const fingerprints = new Map<string, string>();

/**
 * What every table holds, as one fingerprint per row, in one consistent read: the row versions
 * are listed (system columns only, cheap), and only versions not seen before are hashed. Two
 * snapshots are equal exactly when no table gained, lost or changed a row.
 */
async function snapshot(): Promise<Map<string, string[]>> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const listed = await client.query<{ t: string; ctid: string; xmin: string }>(
      tables.map((t) => `SELECT '${t.name}' AS t, ctid::text AS ctid, xmin::text AS xmin FROM "${t.name}"`).join(' UNION ALL '),
    );
    const key = (r: { t: string; ctid: string; xmin: string }) => `${r.t}:${r.ctid}:${r.xmin}`;
    for (const table of tables) {
      const unseen = listed.rows.filter((r) => r.t === table.name && !fingerprints.has(key(r))).map((r) => r.ctid);
      if (unseen.length === 0) continue;
      const hashed = await client.query<{ ctid: string; xmin: string; h: string }>(
        `SELECT ctid::text AS ctid, xmin::text AS xmin, ${rowHash(table)} AS h FROM "${table.name}" x WHERE ctid = ANY($1::tid[])`,
        [unseen],
      );
      for (const r of hashed.rows) fingerprints.set(key({ t: table.name, ...r }), r.h);
    }
    await client.query('COMMIT');
    const out = new Map<string, string[]>(tables.map((t) => [t.name, []]));
    for (const r of listed.rows) out.get(r.t)!.push(fingerprints.get(key(r))!);
    for (const rows of out.values()) rows.sort();
    return out;
  } finally {
    client.release();
  }
}

/** The tables whose rows differ between two snapshots, each with the rows it has now that it did not have before, and how many it lost. */
async function changes(before: Map<string, string[]>, after: Map<string, string[]>): Promise<Record<string, { now: unknown[]; gone: number }>> {
  const out: Record<string, { now: unknown[]; gone: number }> = {};
  for (const table of tables) {
    const [was, rows] = [before.get(table.name) ?? [], after.get(table.name) ?? []];
    if (was.join() === rows.join()) continue;
    const added = rows.filter((h) => !was.includes(h));
    const shown = [...BOOKKEEPING, ...table.columns.filter((c) => c.bytes).map((c) => c.name)].map((c) => ` - '${c}'`).join('');
    const { rows: now } = await database.pool.query<{ r: unknown }>(
      `SELECT to_jsonb(x)${shown} AS r FROM "${table.name}" x WHERE ${rowHash(table)} = ANY($1)`,
      [added],
    );
    out[table.name] = { now: now.map((n) => n.r), gone: was.filter((h) => !rows.includes(h)).length };
  }
  return out;
}

beforeAll(async () => {
  database = await freshDatabase();
  const columns = await database.pool.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
  );
  for (const c of columns.rows) {
    if (tables.at(-1)?.name !== c.table_name) tables.push({ name: c.table_name, columns: [] });
    tables.at(-1)!.columns.push({ name: c.column_name, bytes: c.data_type === 'bytea' });
  }
  const loaded = loadDocument(demoDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error('demo invalid');
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  // The multilingual calls answer 404 while the site's multilingual labs flag is off.
  await database.pool.query(`UPDATE websites SET labs = '{"internal": ["multilingual"], "circle": []}' WHERE id = $1`, [websiteId]);
  siteDocument = JSON.parse(JSON.stringify(await exportSite(database.db, websiteId)));
  app = await buildApp({
    database,
    assets: loadClientAssets(),
    appDomain: 'sites.test',
    serveDefaultSite: true,
    payments: { stripeApiUrl: testPaymentsUrl() },
  });
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
  // The place search rows ask a local stand-in for Google with the site's key.
  places = await startFakePlaces();
  envBefore = { GOOGLE_PLACES_URL: process.env.GOOGLE_PLACES_URL, OUTGOING_ALLOW_PRIVATE: process.env.OUTGOING_ALLOW_PRIVATE };
  Object.assign(process.env, { GOOGLE_PLACES_URL: places.url, OUTGOING_ALLOW_PRIVATE: 'true' });
  await database.pool.query(`INSERT INTO site_google_maps (website_id, api_key) VALUES ($1, $2)`, [websiteId, GOOGLE_MAPS_KEY]);
});
afterAll(async () => {
  for (const [name, value] of Object.entries(envBefore)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await places?.close();
  await app?.close();
  await database?.drop();
});

async function resetTarget() {
  await setRole(database.db, websiteId, targetId, TEAM_ROLES.EDITOR);
  // The Pages rows' page: there again after a delete or an import, and not home after a "make home".
  await database.pool.query(
    `INSERT INTO pages (website_id, id, page_type, path, title, status, seo, sections, access, position) VALUES ($1, $2, 1, '/role-scratch', 'Role scratch', 4, '{}', '[]', '{"type":"public"}', 999) ON CONFLICT DO NOTHING`,
    [websiteId, SCRATCH_PAGE_ID],
  );
  await database.pool.query(`UPDATE pages SET path = NULL WHERE website_id = $1 AND id IN ($2, $3)`, [websiteId, homePageId(), SCRATCH_PAGE_ID]);
  await database.pool.query(`UPDATE pages SET path = CASE id WHEN $2 THEN '/' ELSE '/role-scratch' END WHERE website_id = $1 AND id IN ($2, $3)`, [
    websiteId,
    homePageId(),
    SCRATCH_PAGE_ID,
  ]);
  // The Blog rows' blog (the demo's journal, as a blog) and post: there again after a delete or an import.
  await database.pool.query(`UPDATE collections SET type = 2 WHERE website_id = $1 AND id = $2`, [websiteId, BLOG_ID]);
  await database.pool.query(
    `INSERT INTO collection_items (website_id, id, collection_id, slug, path, title, status, published_at, tags, categories, seo, sections, position) VALUES ($1, $2, $3, 'role-post', '/journal/role-post', 'Role post', 4, now(), '{}', '{}', '{}', '[]', 999) ON CONFLICT DO NOTHING`,
    [websiteId, POST_ID, BLOG_ID],
  );
  await database.pool.query(`UPDATE jobs SET status = 'failed', attempts = 8 WHERE id = $1`, [failedJobId]);
  // A submission and a subscriber of the demo's contact page for the forms rows to read, delete and erase.
  await database.pool.query(
    `INSERT INTO form_submissions (id, website_id, form_id, fields, values, page, emails) VALUES ($1, $2, $3, '[{"id":"email","type":"email","label":"Email"}]', '{"email":"role-test@example.com"}', '{"pagePath":"/contact"}', '{role-test@example.com}') ON CONFLICT DO NOTHING`,
    [SUBMISSION_ID, websiteId, DEMO_FORM_ID],
  );
  await database.pool.query(
    `INSERT INTO newsletter_subscribers (website_id, list_id, email, status) VALUES ($1, $2, 'role-test@example.com', 'confirmed') ON CONFLICT DO NOTHING`,
    [websiteId, DEMO_LIST_ID],
  );
  // The Files rows' file: a document nobody uses, there again after a delete.
  await database.pool.query(
    `INSERT INTO files (website_id, id, name, content_type, data, size, position) VALUES ($1, $2, 'role-scratch.pdf', 'application/pdf', $3, $4, 999) ON CONFLICT DO NOTHING`,
    [websiteId, SCRATCH_FILE_ID, SCRATCH_PDF, SCRATCH_PDF.length],
  );
  // The Store rows' shop, digital product with its variant, and category: there again after a delete.
  await database.pool.query(
    `INSERT INTO collections (website_id, id, type, path, title, status, view_mode, seo, position) VALUES ($1, $2, 5, '/role-shop', 'Role shop', 1, 'grid', '{}', 999) ON CONFLICT DO NOTHING`,
    [websiteId, SHOP_ID],
  );
  await database.pool.query(
    `INSERT INTO products (website_id, id, shop_id, slug, path, name, product_type, status, created_at, images, tags, categories, seo, options, position)
      VALUES ($1, $2, $3, 'role-product', '/role-shop/role-product', 'Role product', 2, 4, now(), '[]', '{}', '{}', '{}', '[]', 999) ON CONFLICT DO NOTHING`,
    [websiteId, PRODUCT_ID, SHOP_ID],
  );
  await database.pool.query(
    `INSERT INTO product_variants (website_id, id, product_id, position, sku, option_values, price_cents) VALUES ($1, $2, $3, 0, 'ROLE-1', '[]', 1500) ON CONFLICT DO NOTHING`,
    [websiteId, VARIANT_ID, PRODUCT_ID],
  );
  await database.pool.query(
    `INSERT INTO product_categories (website_id, id, name, slug, position) VALUES ($1, $2, 'Role category', 'role-category', 999) ON CONFLICT DO NOTHING`,
    [websiteId, CATEGORY_ID],
  );
  // The pricing rows' coupon, shipping zone and tax rule: there again after a delete.
  await database.pool.query(
    `INSERT INTO coupons (website_id, id, code, kind, percent_off_hundredths, position) VALUES ($1, $2, 'ROLE-COUPON', 'PERCENT', 1000, 999) ON CONFLICT DO NOTHING`,
    [websiteId, COUPON_ID],
  );
  await database.pool.query(
    `INSERT INTO shipping_zones (website_id, id, name, countries, regions, rates, position) VALUES ($1, $2, 'Role zone', '{DE}', '{}', $3, 999) ON CONFLICT DO NOTHING`,
    [websiteId, ZONE_ID, JSON.stringify([ROLE_RATE])],
  );
  await database.pool.query(
    `INSERT INTO tax_rules (website_id, id, name, country, rate_thousandths, position) VALUES ($1, $2, 'Role tax', 'DE', 19000, 999) ON CONFLICT DO NOTHING`,
    [websiteId, TAX_RULE_ID],
  );
  // The orders rows' unpaid bank-transfer order, with its awaited payment, for "Mark paid".
  await database.pool.query(
    `INSERT INTO orders (website_id, id, number, attempt_id, cart_id, email, customer_name, currency, subtotal_cents, discount_cents, shipping_cents, tax_cents,
        total_cents, prices_include_tax, payment_status, provider, payment_method, test_mode, access_token_hash)
      VALUES ($1, $2, 1001, 'role-attempt', 'role-cart', 'role@example.com', 'Role shopper', 'USD', 1500, 0, 0, 0, 1500, false, 'unpaid', 'manual', 'bank_transfer', false, 'role-order-token') ON CONFLICT DO NOTHING`,
    [websiteId, ORDER_ID],
  );
  await database.pool.query(
    `INSERT INTO payments (website_id, id, attempt_id, order_id, provider, provider_payment_id, method, amount_cents, currency, status)
      VALUES ($1, 'role-payment', 'role-attempt', $2, 'manual', 'role-payment', 'bank_transfer', 1500, 'USD', 'pending') ON CONFLICT DO NOTHING`,
    [websiteId, ORDER_ID],
  );
  // A paid bank-transfer order of 20 units, which each allowed role sends one of and refunds one of; and an unpaid one each cancels.
  for (const [id, number, status, payment] of [
    [PAID_ORDER_ID, 1002, 'paid', 'captured'],
    [CANCEL_ORDER_ID, 1003, 'unpaid', 'pending'],
  ] as const) {
    await database.pool.query(
      `INSERT INTO orders (website_id, id, number, attempt_id, cart_id, email, customer_name, currency, subtotal_cents, discount_cents, shipping_cents, tax_cents,
          total_cents, prices_include_tax, payment_status, provider, payment_method, test_mode, access_token_hash)
        VALUES ($1, $2, $3, $2, $2, 'role@example.com', 'Role shopper', 'USD', 30000, 0, 0, 0, 30000, false, $4, 'manual', 'bank_transfer', false, $2) ON CONFLICT DO NOTHING`,
      [websiteId, id, number, status],
    );
    await database.pool.query(
      `INSERT INTO order_lines (website_id, order_id, position, product_id, variant_id, product_name, product_type, option_values, sku, quantity, unit_price_cents, discount_cents, tax_cents, total_cents)
        VALUES ($1, $2, 1, $3, $4, 'Role product', 'PHYSICAL', '[]', 'ROLE-1', 20, 1500, 0, 0, 30000) ON CONFLICT DO NOTHING`,
      [websiteId, id, PRODUCT_ID, VARIANT_ID],
    );
    await database.pool.query(
      `INSERT INTO payments (website_id, id, attempt_id, order_id, provider, provider_payment_id, method, amount_cents, currency, status)
        VALUES ($1, $2, $2, $2, 'manual', $2, 'bank_transfer', 30000, 'USD', $3) ON CONFLICT DO NOTHING`,
      [websiteId, id, payment],
    );
  }
}

const SHOP_ID = 'a5a5a5a5a5a5a5a5a5a5a501';
const PRODUCT_ID = 'b0b0b0b0b0b0b0b0b0b0b001';
const VARIANT_ID = 'c1c1c1c1c1c1c1c1c1c1c101';
const CATEGORY_ID = 'd2d2d2d2d2d2d2d2d2d2d201';
const COUPON_ID = 'e3e3e3e3e3e3e3e3e3e3e301';
const ZONE_ID = 'f4f4f4f4f4f4f4f4f4f4f401';
const TAX_RULE_ID = 'a6a6a6a6a6a6a6a6a6a6a601';
const ORDER_ID = 'a8a8a8a8a8a8a8a8a8a8a801';
const PAID_ORDER_ID = 'a8a8a8a8a8a8a8a8a8a8a802';
const CANCEL_ORDER_ID = 'a8a8a8a8a8a8a8a8a8a8a803';
/** The order a call on one acts on: "Mark paid" the unpaid one, "Cancel" its own, the rest the paid one. */
const orderFor = (key: string) => (key.endsWith('/mark-paid') ? ORDER_ID : key.endsWith('/cancel') ? CANCEL_ORDER_ID : PAID_ORDER_ID);
const ROLE_RATE = { id: 'a7a7a7a7a7a7a7a7a7a7a701', name: 'Standard', kind: 'FLAT', amountCents: 500, tiers: [] };
/** A region no other call's zone names, so each allowed role's new zone is its own. */
const roleRegion = () => `FR-${randomUUID().slice(0, 3).toUpperCase()}`;

/** A draft save of the Store rows' product on its current version, and a publish of it. */
async function productBodies(): Promise<Record<string, unknown>> {
  const answer = await readProduct(database.db, websiteId, PRODUCT_ID);
  return {
    'PUT /api/config/store/products/:productId/draft': { version: answer!.version, changeId: `role-test-${randomUUID()}`, product: answer!.product },
    'POST /api/config/store/products/:productId/publish': { version: answer!.version },
  };
}

const SCRATCH_FILE_ID = '5c4a7c00-0000-4000-8000-00000000f11e';
const SCRATCH_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** An upload's body and headers, as the Files screen sends them. */
const UPLOAD_HEADERS = { 'content-type': 'application/octet-stream', 'x-file-name': 'role-test.pdf' };

const DEMO_FORM_ID = 'c0a7ac7f0000000000000001';
/** The demo's journal, which the Blog rows use as a blog, and a post of it they change and delete (resetTarget puts them back). */
const BLOG_ID = '6d07c4afa0a17c2b77ed80a0';
const POST_ID = 'b1090000000000000000000a';
/** A page the Pages rows change, delete, duplicate and make home (resetTarget puts it back). */
const SCRATCH_PAGE_ID = 'a01e5c4a7c0000000000000a';
const DEMO_LIST_ID = 'c0a7ac7f0000000000000008';
const SUBMISSION_ID = 900_001;

/** The demo contact form's own fields and settings, as the form editor would send them back. */
function demoFormChange() {
  const doc = siteDocument as { pages: { sections: { blocks: { type: number; data: { formId?: string; fields: unknown; settings: unknown } }[] }[] }[] };
  const form = doc.pages.flatMap((p) => p.sections.flatMap((s) => s.blocks)).find((b) => b.type === 9 && b.data.formId === DEMO_FORM_ID)!;
  return { fields: form.data.fields, settings: form.data.settings };
}

/** The demo's home page, which the editor rows edit. */
const homePageId = () => (siteDocument as { pages: { id: string }[] }).pages[0]!.id;

/** A draft save on the draft's current version, and a publish of it: each allowed role's call succeeds in turn. */
async function editorBodies(): Promise<Record<string, unknown>> {
  const page = await editorPage(database.db, websiteId, homePageId(), TEAM_ROLES.ADMIN);
  const { version, sections } = page!.draft;
  return {
    'PUT /api/config/editor/pages/:pageId/draft': { baseVersion: version, changeId: `role-test-${randomUUID()}`, sections },
    'POST /api/config/editor/pages/:pageId/publish': { version },
    'POST /api/config/editor/pages/:pageId/revisions/:revision/restore': { baseVersion: version },
  };
}

/** As `editorBodies`, for the Design rows (the publish row runs before the restore row, so revision 1 exists). */
async function designBodies(): Promise<Record<string, unknown>> {
  const { draft } = await designScreen(database.db, websiteId, TEAM_ROLES.ADMIN);
  return {
    'PUT /api/config/design/draft': { baseVersion: draft.version, changeId: `role-test-${randomUUID()}`, design: draft.design },
    'POST /api/config/design/publish': { version: draft.version },
    'POST /api/config/design/revisions/:revision/restore': { baseVersion: draft.version },
    'POST /api/config/design/reset': { baseVersion: draft.version },
    'POST /api/config/design/palette-from-image': { file: '/s/studio-hero.jpg' },
  };
}

/** As `editorBodies`, for the Blog rows' post. */
async function postBodies(): Promise<Record<string, unknown>> {
  const post = await editorPost(database.db, websiteId, POST_ID, TEAM_ROLES.ADMIN);
  const { version, sections } = post!.draft;
  return {
    'PUT /api/config/editor/posts/:itemId/draft': { baseVersion: version, changeId: `role-test-${randomUUID()}`, sections },
    'POST /api/config/editor/posts/:itemId/publish': { version },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function callFor(key: string): Promise<{ method: Method; url: string; body?: unknown; headers?: Record<string, string> }> {
  const [method, pattern] = key.split(' ') as [Method, string];
  const url = pattern
    .replace(':shopId', SHOP_ID)
    .replace(':productId', PRODUCT_ID)
    .replace(':variantId', VARIANT_ID)
    .replace(':categoryId', CATEGORY_ID)
    .replace(':couponId', COUPON_ID)
    .replace(':zoneId', ZONE_ID)
    .replace(':ruleId', TAX_RULE_ID)
    .replace(':orderId', orderFor(key))
    .replace(':customerId', `g-${ORDER_ID}`)
    .replace(':pageId', pattern.startsWith('/api/config/pages/') ? SCRATCH_PAGE_ID : homePageId())
    .replace(':accountId', targetId)
    .replace(':blogId', BLOG_ID)
    .replace(':itemId', POST_ID)
    .replace(':revision', '1')
    .replace(':formId', DEMO_FORM_ID)
    .replace(':listId', DEMO_LIST_ID)
    .replace(':email', 'role-test%40example.com')
    .replace(':table', 'pages')
    .replace(':fileId', SCRATCH_FILE_ID)
    .replace(/places\/autocomplete$/, 'places/autocomplete?input=71+Sullivan&productPage=editor&productSection=map-block')
    .replace(/places\/details$/, 'places/details?placeId=ChIJ-fake-place&productPage=editor&productSection=map-block')
    .replace(':id', String(pattern.includes('/submissions/') ? SUBMISSION_ID : failedJobId));
  const bodies: Record<string, unknown> = {
    'PUT /api/config/site': { tagline: 'Changed by a role test' },
    // Runs before the test email's row, which needs a mail server, and the DELETE after it.
    'PUT /api/config/smtp': { host: '127.0.0.1', port: 2525, secure: false, username: 'mailer', password: 'role-test-secret', fromAddress: 'site@example.com' },
    'PUT /api/config/team/:accountId': { role: TEAM_ROLES.REPORTING },
    // The ADMIN stays one, so later rows still have an ADMIN to call with.
    'POST /api/config/team/:accountId/transfer-ownership': { yourNewRole: TEAM_ROLES.ADMIN },
    'POST /api/config/import': siteDocument,
    'PUT /api/site-header-footer': { header: { layout: 'center', showTagline: true }, footer: { showNavigation: true, links: [] } },
    'PUT /api/config/navigation': {
      navigation: [{ title: 'Studio', children: [{ title: 'About', href: '/about' }] }],
      footerLinks: [{ title: 'Contact', href: '/contact' }],
    },
    'POST /api/config/team/invitations': { email: 'invitee@example.com', role: TEAM_ROLES.VIEWER },
    'POST /api/config/pages': { title: 'Role test page', layout: 'heading-text' },
    'PUT /api/config/pages/order': {
      pageIds: (await database.pool.query<{ id: string }>(`SELECT id FROM pages WHERE website_id = $1 ORDER BY position DESC`, [websiteId])).rows.map(
        (r) => r.id,
      ),
    },
    'PUT /api/config/pages/:pageId': { title: 'Role scratch', path: '/role-scratch', seo: { noIndex: true }, visibility: 'draft', access: { type: 'public' } },
    'POST /api/config/pages/:pageId/home': { oldHomePath: '/role-old-home' },
    // Each labs selection keeps the multilingual flag on, so the multilingual rows stay reachable.
    'POST /api/labs/internal': { features: ['multilingual'] },
    'POST /api/labs/circle': { features: ['multilingual', 'currency_formatting'] },
    'PUT /api/multilingual/languages': {
      languages: [
        { code: 'en-US', default: true },
        { code: 'fr-FR', visible: false },
      ],
    },
    'PUT /api/multilingual/connection': { provider: 'deepl', apiKey: 'role-test-key-123456' },
    'PUT /api/config/captcha': { provider: 'altcha' },
    'PUT /api/config/google-maps': { key: GOOGLE_MAPS_KEY, language: 'en', region: 'US' },
    'PUT /api/config/cookie-banner': { isCookieBannerEnabled: true, cookieBannerTheme: 'LIGHT', isAnalyticsCookiesDisabled: true },
    'PUT /api/config/forms/:formId': demoFormChange(),
    'POST /api/config/forms/erase': { email: 'role-test@example.com' },
    ...(await editorBodies()),
    ...(await postBodies()),
    ...(await designBodies()),
    'POST /api/config/blogs': { title: 'Role blog', path: `/role-blog-${randomUUID().slice(0, 8)}` },
    'POST /api/config/blogs/:blogId/posts': { title: 'Role test post', slug: `role-${randomUUID().slice(0, 8)}`, status: 4 },
    'PUT /api/config/posts/:itemId': { title: 'Role post', slug: 'role-post', status: 4 },
    'POST /api/config/files': SCRATCH_PDF,
    'PUT /api/config/files/:fileId': { title: 'Role scratch', alt: 'A scratch file' },
    'PUT /api/config/files/:fileId/content': SCRATCH_PDF,
    'PUT /api/config/store/settings': { selectedCurrency: 'EUR', expressCheckout: true },
    'POST /api/config/store/shops': { title: 'Role shop 2', path: `/role-shop-${randomUUID().slice(0, 8)}` },
    'PUT /api/config/store/shops/:shopId': { title: 'Role shop', path: '/role-shop', viewMode: 'list' },
    'POST /api/config/store/categories': { name: `Role ${randomUUID().slice(0, 8)}` },
    'PUT /api/config/store/categories/:categoryId': { name: 'Role category renamed' },
    'POST /api/config/store/products': { shopId: SHOP_ID, name: 'Role test product' },
    ...(await productBodies()),
    'POST /api/config/store/products/:productId/download': SCRATCH_PDF,
    'PATCH /api/config/store/inventory/:variantId': { adjust: 1 },
    'POST /api/config/store/products/import': 'Handle,Title,Variant Price\r\nrole-test-cup,Role test cup,12.00\r\n',
    'POST /api/config/store/coupons': { code: `ROLE${randomUUID().slice(0, 8)}`, kind: 'PERCENT', percentOff: 10 },
    'PUT /api/config/store/coupons/:couponId': { code: 'ROLE-COUPON', kind: 'FIXED_AMOUNT', amountOffCents: 500 },
    'POST /api/config/store/shipping-zones': {
      name: 'Role region',
      countries: ['FR'],
      regions: [roleRegion()],
      rates: [{ name: 'Standard', kind: 'FLAT', amountCents: 700 }],
    },
    'PUT /api/config/store/shipping-zones/:zoneId': { name: 'Role zone', countries: ['DE'], rates: [ROLE_RATE] },
    'PUT /api/config/store/tax/settings': { pricesIncludeTax: true, taxShipping: true, originCountry: 'GB' },
    'POST /api/config/store/tax/rules': { name: 'Role tax', country: 'FR', ratePercent: 20 },
    'PUT /api/config/store/tax/rules/:ruleId': { name: 'Role tax', country: 'DE', ratePercent: 7 },
    'PUT /api/config/store/payments': {
      testMode: true,
      manualMethods: [{ method: 'bank_transfer', enabled: true, instructions: 'Pay to the role test account.' }],
      cancelUnpaidDays: 5,
    },
    'PUT /api/config/store/order-number': { nextNumber: 90_000 },
    'POST /api/config/store/orders/:orderId/fulfilments': { lines: [{ position: 1, quantity: 1 }], carrier: 'Role post' },
    'POST /api/config/store/orders/:orderId/refunds': { refundKey: `role-${randomUUID()}`, lines: [{ position: 1, quantity: 1, restock: false }] },
    'POST /api/config/store/orders/:orderId/cancel': { reason: 'Role test' },
    'PUT /api/config/store/orders/:orderId/note': { note: 'Role note' },
    'PUT /api/config/store/payments/stripe': {
      publishableKey: 'pk_test_roleRoleRoleRoleRole01',
      secretKey: 'sk_test_roleRoleRoleRoleRole01',
      webhookSecret: 'whsec_roleRoleRoleRoleRoleRole01',
    },
  };
  const uploads = ['POST /api/config/files', 'PUT /api/config/files/:fileId/content', 'POST /api/config/store/products/:productId/download'].includes(key);
  const csv = key === 'POST /api/config/store/products/import' ? { headers: { 'content-type': 'text/csv' } } : {};
  return { method, url, ...(bodies[key] !== undefined ? { body: bodies[key] } : {}), ...(uploads ? { headers: UPLOAD_HEADERS } : {}), ...csv };
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
      const { method, url, body, headers } = await callFor(key);
      const before = method === 'GET' ? undefined : await snapshot();
      const res = await clients.get(actor)!.call(method, url, body, headers ? { headers } : undefined);
      if (allowed.has(actor)) {
        // The receipt's call sends the owner to the order's page on the site (303).
        if (REDIRECTS.has(key)) expect(res.statusCode, `${actor} ${key}`).toBe(303);
        else expect(res.statusCode, `${actor} ${key}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      } else {
        expect([401, 403], `${actor} ${key}`).toContain(res.statusCode);
        expect(res.statusCode, `${actor} ${key}`).toBe(actor === 'ANONYMOUS' ? 401 : 403);
        if (before) expect(await changes(before, await snapshot()), `${actor} ${key} changed something`).toEqual({});
      }
    }
  });
});
