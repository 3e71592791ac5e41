/**
 * Once per run of the end-to-end project, in Vitest's main process: what its files share. One app
 * server per worker (the files of worker N use server N; each worker launches a Chromium of its
 * own, e2e/harness.ts), all the servers on one database of the run's PostgreSQL, as several app
 * servers of one install share theirs; a mail server that keeps every message the sites send, read over HTTP by the files; and
 * the local stand-ins the servers' settings point at (Google's Places API). The first server
 * imports the demo as the default site and prints its first owner, who gives the default site the
 * mail server (as the Email (SMTP) screen does: the servers have no server-wide one); each file
 * then makes a site of its own through the product (e2e/harness.ts).
 *
 * The servers run the bundle `npm start` runs (dist/server), built by `npm run build` (the test
 * command builds it before the tests; test/global-setup.ts builds it again when a source is newer).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { request } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/databases';
import { startFakePlaces } from '../test/fake-places';
import { sharedPostgres, openTempDir, TEMPLATE } from '../test/global-setup';
import { startMailbox, type Received } from '../test/mailbox';
import { printed, spawnServer, type RunningServer } from './server-process';
import type { SharedE2e } from './shared';

/** Tiles maps draw from on the shared servers: answered by the map tests (page.route), nothing leaves the machine. */
export const TEST_TILES = {
  url: 'https://tiles.openpress.test/{z}/{x}/{y}.png',
  attribution: 'Test Tiles',
  attributionUrl: 'https://tiles.openpress.test/credits',
};

/** Answers GET /mail?to={address}: every message received for it, oldest first. */
function mailReader(received: Received[]): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mail');
    const to = url.searchParams.get('to') ?? '';
    const found = received.filter((m) => m.to.includes(to)).map((m) => ({ ...m, headers: Object.fromEntries(m.headers) }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mail`, server })),
  );
}

/** The site at `base` sends its email through the test mail server: its ADMIN saves the SMTP settings, as on the Email (SMTP) screen. */
async function giveMailServer(base: string, admin: { email: string; password: string }, port: number): Promise<void> {
  const http = await request.newContext({ baseURL: base });
  try {
    await http.get('/');
    const crumb = async () => (await http.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
    for (const [method, path, data] of [
      ['POST', '/api/auth/Login', admin],
      ['PUT', '/api/config/smtp', { host: '127.0.0.1', port, secure: false, fromAddress: 'studio@openpress.test' }],
    ] as const) {
      const res = await http.fetch(path, { method, headers: { 'x-csrf-token': await crumb() }, data });
      if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
    }
  } finally {
    await http.dispose();
  }
}

/** Resolves once no image of the demo site is still waiting for its copies: later demo sites copy them (no image job of their own). */
async function imagesReady(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM files WHERE status = 'processing' OR blob_path IS NULL`);
      if (rows[0]!.n === 0) return;
      if (Date.now() > deadline) throw new Error('the demo site’s images did not get their copies within 120 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers ?? 1);
  const postgres = await sharedPostgres();
  const databaseUrl = await createDatabase(postgres.url, `openpress_e2e_${randomBytes(4).toString('hex')}`, TEMPLATE);
  const received: Received[] = [];
  const [mailbox, places] = await Promise.all([startMailbox({ received }), startFakePlaces()]);
  const reader = await mailReader(received);
  const env = {
    DATABASE_URL: databaseUrl,
    SECRET_KEY: randomBytes(32).toString('base64'),
    // Each file's requests carry an X-Forwarded-For address of its own, so the attempt limits count files apart, as they would visitors.
    TRUST_PROXY: 'loopback',
    // The sites' mail server, the Places stand-in and the tests' webhook receivers listen on this machine.
    OUTGOING_ALLOW_PRIVATE: 'true',
    GOOGLE_PLACES_URL: places.url,
    // Stripe's API is the run's test payment service (test/global-setup.ts starts it and sets TEST_PAYMENTS_URL).
    ...(process.env.TEST_PAYMENTS_URL ? { STRIPE_API_URL: process.env.TEST_PAYMENTS_URL } : {}),
    MAP_TILE_URL: TEST_TILES.url,
    MAP_TILE_ATTRIBUTION: TEST_TILES.attribution,
    MAP_TILE_ATTRIBUTION_URL: TEST_TILES.attributionUrl,
    // Images get their copies at the fastest AVIF effort: the demo's twelve once per run, then copied.
    IMAGE_AVIF_EFFORT: '0',
  };
  const servers: RunningServer[] = [];
  try {
    // The first server imports the demo and makes the first owner; the others find them.
    servers.push(await spawnServer(await openTempDir('openpress-e2e-'), env));
    const rest = Array.from({ length: workers - 1 }, async () => spawnServer(await openTempDir('openpress-e2e-'), env));
    const [others] = await Promise.all([Promise.all(rest), imagesReady(databaseUrl)]);
    servers.push(...others);
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    throw err;
  }
  const banner = servers[0]!.output();
  const firstOwner = { email: printed(banner, 'First owner'), password: printed(banner, 'Password') };
  await giveMailServer(`http://localhost:${servers[0]!.port}`, firstOwner, mailbox.port);
  const shared: SharedE2e = {
    servers: servers.map((s) => ({ port: s.port })),
    databaseUrl,
    mailUrl: reader.url,
    mailPort: mailbox.port,
    firstOwner,
    banner,
  };
  project.provide('e2e', shared);

  return async () => {
    const outputs = servers.map((s) => s.output());
    await Promise.all(servers.map((s) => s.stop()));
    // A server that failed a test leaves its words in its output: shown when asked (E2E_SERVER_LOG=1).
    if (process.env.E2E_SERVER_LOG === '1') outputs.forEach((o, i) => console.log(`--- shared server ${i + 1} ---\n${o}`));
    await new Promise((r) => reader.server.close(r));
    await mailbox.stop();
    await places.close();
    await postgres.release();
  };
}
