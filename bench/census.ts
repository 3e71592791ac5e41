/**
 * The census ingestion benchmark (a section of `npm run bench`): POST /api/census/RecordHit as
 * the visitor runtime sends it (form-encoded event, data, ss_cvr; 5,000 visitors on 50 pages) at
 * full concurrency for BENCH_CENSUS_SECONDS (30), into the real app on its own embedded
 * PostgreSQL, with the limit per address off (the load comes from one address). Then the hits
 * stored are counted and must equal the hits acknowledged (2xx). Beside it, a bare Node server
 * answering a small JSON body at the same concurrency, measured in the same run by the same
 * client (a loop of keep-alive node:http requests: unlike autocannon, it waits for the requests
 * in flight when the time is up, so no committed hit goes uncounted).
 *
 * `tsx bench/census.ts serve` is the app server this forks: it answers the stored count over IPC.
 * With BENCH_PROFILE=DIR it runs under `node --cpu-prof` and leaves its CPU profile in DIR.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { websites } from '../src/server/modules/sites/schema/sites';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/database';
import { importDemoIfEmpty } from '../src/server/demo';
import { loadKeyRing } from '../src/server/secrets/keys';
import { setSecretKeys } from '../src/server/secrets/sealed';
import { loadClientAssets } from '../src/server/render/assets';

export const CENSUS_SECONDS = Number(process.env.BENCH_CENSUS_SECONDS ?? 30);
export const CENSUS_CONNECTIONS = 64;

export type IngestResult = { rps: number; p50: number; p99: number; acknowledged: number; refused: number; errors: number };
export type CensusBench = { baseline: IngestResult; census: IngestResult; stored: number };

type Spawn = (args: string[], env?: Record<string, string>) => Promise<{ port: number; child: ChildProcess }>;

/** A hit of visitor `n` on one of 50 pages, as the runtime's census.ts sends it. */
function hitBody(websiteId: string, n: number): string {
  const visitor = n % 5000;
  const page = `/bench/page-${n % 50}`;
  const now = Date.now();
  const data = {
    websiteId,
    templateId: 'openpress-1',
    variantId: null,
    memberAccountId: null,
    pagePath: page,
    pageHash: '',
    member_locale: 'en-GB',
    website_locale: 'en-US',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    clientDate: now,
    viewportInnerHeight: 800,
    viewportInnerWidth: 1280,
    screenHeight: 1080,
    screenWidth: 1920,
    url: `http://127.0.0.1${page}`,
    title: `Bench page ${n % 50}`,
    itemId: null,
    recordType: null,
    collectionId: null,
    pagePermissionTypeValue: 1,
    localStorageSupported: true,
    queryString: '',
    referrer: 'https://search.example/',
  };
  // A new visit every 20 hits of a visitor.
  const visitStart = 1_700_000_000_000 + Math.floor(n / 100_000);
  return new URLSearchParams({ event: '1', data: JSON.stringify(data), ss_cvr: `v${visitor}|1700000000000|1700000000000|${visitStart}|1` }).toString();
}

/**
 * CENSUS_CONNECTIONS keep-alive connections, each sending its next request as soon as the last is
 * answered, until CENSUS_SECONDS have passed; then every request still in flight is waited for, so
 * each one the server committed is also counted as acknowledged.
 */
async function hammer(url: string, body: (n: number) => string, contentType: string): Promise<IngestResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CENSUS_CONNECTIONS });
  const send = (payload: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const latencies: number[] = [];
  const tally = { acknowledged: 0, refused: 0, errors: 0 };
  let n = 0;
  const started = performance.now();
  const end = started + CENSUS_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CENSUS_CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          const status = await send(body(n++));
          latencies.push(performance.now() - sent);
          if (status >= 200 && status < 300) tally.acknowledged += 1;
          else tally.refused += 1;
        } catch {
          tally.errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), ...tally };
}

/** Forks the census app server and waits for its port. */
async function forkServer(dataDir: string): Promise<{ child: ChildProcess; port: number; websiteId: string }> {
  // BENCH_PROFILE=DIR: the app server writes a V8 CPU profile there when it exits (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = fork(path.join(import.meta.dirname, 'census.ts'), ['serve'], {
    execArgv: [...profile, '--import', 'tsx'],
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; websiteId: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; websiteId: string }));
    child.once('exit', (code) => reject(new Error(`census server exited (${code})`)));
  });
  return { child, ...ready };
}

function storedHits(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { stored: number }).stored));
    child.send('count');
  });
}

export async function censusBench(dataDir: string, spawnServer: Spawn): Promise<CensusBench> {
  const children: ChildProcess[] = [];
  try {
    const small = path.join(dataDir, 'census-ok.json');
    await writeFile(small, '{}');
    const bare = await spawnServer(['bench/bare-server.ts', small, 'application/json']);
    children.push(bare.child);
    const baseline = await hammer(`http://127.0.0.1:${bare.port}/`, () => '', 'application/json');
    const app = await forkServer(path.join(dataDir, 'census'));
    children.push(app.child);
    const census = await hammer(
      `http://127.0.0.1:${app.port}/api/census/RecordHit`,
      (n) => hitBody(app.websiteId, n),
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    return { baseline, census, stored: await storedHits(app.child) };
  } finally {
    // Stopped before the caller removes the data directory: the app server stops its PostgreSQL first.
    await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(undefined) : (c.once('exit', resolve), c.kill('SIGTERM'))))));
  }
}

async function serve(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR must name the benchmark database directory');
  // The demo's captcha key is sealed as the server seals it: with the key in the data directory.
  const keys = await loadKeyRing({ dataDir, databaseUrl: undefined, secretKey: undefined, secretKeyNext: undefined });
  setSecretKeys(keys.current, keys.older);
  const opened = await openDatabase({ dataDir });
  const { db, pool } = opened.database;
  await importDemoIfEmpty(db);
  const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.isDefault, true));
  const app = await buildApp({ database: opened.database, assets: loadClientAssets(), appDomain: 'localhost', serveDefaultSite: true, ingestLimit: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.on('message', (m) => {
    if (m !== 'count') return;
    void pool.query<{ n: string }>('SELECT count(*) AS n FROM census_hits').then(({ rows }) => process.send!({ stored: Number(rows[0]!.n) }));
  });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => opened.close())
      .finally(() => process.exit(0));
  });
  process.send!({ port: typeof address === 'object' && address ? address.port : 0, websiteId: site!.id });
}

if (process.argv[2] === 'serve') {
  serve().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
