/**
 * `npm run bench` (not part of `npm test`). On loopback, in one run, each measurement beside a
 * baseline measured in the same run, ending with one table of the hot paths (bench/table.ts):
 * 1. the cached demo home page asked for as a browser does (Accept-Encoding: br, gzip):
 *    requests/s and p50/p99 with autocannon, beside a bare Node http server sending the same
 *    bytes from memory; and under wrk (1 thread, 50 connections) beside the same bare server and
 *    nginx, in interleaved rounds whose median counts (rows skipped, saying how to install them,
 *    when wrk or nginx is missing); then a shop's cached product page the same way (bench/shop.ts),
 *    and 50 shoppers adding to carts and reading them, add and read p95 beside a bare Node server
 *    answering a cart's JSON to the same 50 (bench/commerce.ts);
 * 2. the form calls FormSubmissionKey and SaveFormSubmission at a fixed offered load (autocannon's
 *    overallRate, BENCH_FORM_RATE, 500 by default), beside the bare Node server answering a small
 *    JSON body at the same load. Each SaveFormSubmission spends a key the FormSubmissionKey run
 *    issued, and is stored with its notification job, as a visitor's would be; then `submitForm`,
 *    the operation the route calls, in this process at the same load (bench/forms.ts).
 * 3. census ingestion (bench/census.ts): RecordHit hits/s sustained at full concurrency for
 *    BENCH_CENSUS_SECONDS (30) into PostgreSQL, beside a bare Node server, and the hits stored
 *    against the hits acknowledged.
 * 4. the uncached render time (p50) of a page with 40 blocks, beside a page with one block (in this
 *    process, so after the sections whose load this process generates).
 * 5. the config area's sign-in form (bench/sign-in.ts): the median of 10 fresh contexts from the
 *    navigation to the form's heading, beside a published page's time to its heading;
 *    then the visual editor in Chromium (bench/editor.ts), on a page of 1,200 blocks beside the demo home
 *    page: the main-thread time of select, move, resize, a field edit, delete, duplicate, undo and
 *    redo and of a keystroke typed in a text block (p75 of BENCH_EDITOR_RUNS, 20), load to
 *    interactive, and the editor's JavaScript bytes.
 * 6. the image pipeline (bench/images.ts): images per second for a 3000x2000 JPEG into the seed's
 *    widths in AVIF, WebP and JPEG, beside sharp making the same outputs alone; and the peak RSS of
 *    a process with 20 images queued, beside 4 queued (bounded by IMAGE_CONCURRENCY, not the count).
 *    Then the bytes Chromium is served for the demo home page's images at a desktop and a phone
 *    viewport, beside the originals' sizes (the app on the demo site, once its pipeline is done).
 * Each section stops the servers it started before the next begins.
 * Then, after the table:
 * 7. the analytics dashboard (bench/dashboard.ts): each of its queries over a site with one
 *    million generated events, over 30 and 90 days, in milliseconds;
 * 8. generated bad input at full counts (bench/fuzz.ts): about 50,000 requests to every route,
 *    10,000 to each measurement call and 10,000 form bodies, never a 5xx.
 * 9. Lighthouse mobile (bench/lighthouse.ts) on the demo's home page, a gallery and a journal post:
 *    the median of 3 runs of each category's score and of the bytes transferred, beside the goals
 *    and the hosted builders' figures, and the audits failing in each category under its goal; the
 *    same with each palette preset; then (`templates`) each template's home page.
 * BENCH_ONLY=pages|shop|commerce|forms|census|render|sign-in|editor|images|dashboard|fuzz|lighthouse|templates runs those sections alone (comma-separated, in the order given).
 * Timings vary by machine; the ratios are what to compare between runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { connect, runMigrations } from '../src/db/client';
import { DATA_MIGRATIONS } from '../src/server/modules/content';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { loadDocument } from '../src/document/load';
import type { Block, SiteDocument } from '../src/document/schema';
import { loadClientAssets } from '../src/server/render/assets';
import { renderSitePath } from '../src/server/render/site-page';
import { contentReader, createSiteContentCache } from '../src/server/modules/content/published/site-content';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { findWebsiteByIdentifier } from '../src/server/modules/sites/site-rows';
import { demoDocument } from '../test/fixtures';
import { CENSUS_CONNECTIONS, CENSUS_SECONDS, censusBench, type IngestResult } from './census';
import { dashboardBench } from './dashboard';
import { editorBench } from './editor';
import { signInBench } from './sign-in';
import { shopPageBench } from './shop';
import { checkoutBench, checkoutProofs } from './checkout';
import { commerceBench } from './commerce';
import { fuzzBench } from './fuzz';
import { formRows } from './forms';
import { imagesBench, servedImagesBench } from './images';
import { lighthouseBench, lighthouseTemplatesBench } from './lighthouse';
import { fmt, printTable, type GoalRow } from './table';
import { installed, startNginx, wrk, WRK_CONNECTIONS } from './wrk';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
/** The offered load of the form calls, in requests per second (BENCH_FORM_RATE): the load the goals name. */
const FORM_RATE = Number(process.env.BENCH_FORM_RATE ?? 500);

/**
 * Starts a server and answers once it listens (or, with `until`, once it has printed that too: the
 * app prints its first owner after it listens).
 */
async function spawnServer(args: string[], env: Record<string, string> = {}, until?: RegExp): Promise<{ port: number; child: ChildProcess; output(): string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    // What it prints before it listens (and up to `until`) is kept (the form server names its database there); after, nothing.
    let found = false;
    child.stdout!.on('data', (d: Buffer) => {
      if (found) return;
      out += d.toString();
      const m = /Server listening on port (\d+)/.exec(out);
      if (m && (!until || until.test(out))) {
        found = true;
        resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { port, child, output: () => out };
}

/** Seconds of the same load before each measured run, not measured (BENCH_WARMUP_SECONDS): the first requests compile code and fill caches. */
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);

async function load(url: string, headers: Record<string, string> = {}) {
  if (WARMUP_S > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, pipelining: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

type LoadResult = Awaited<ReturnType<typeof load>>;

/** A fixed offered load: FORM_RATE requests per second for DURATION_S, latencies corrected for coordinated omission. */
async function loadAtRate(url: string, request: Pick<autocannon.Request, 'method' | 'headers' | 'setupRequest' | 'onResponse'> = {}): Promise<LoadResult> {
  if (WARMUP_S > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, pipelining: 1, overallRate: FORM_RATE, requests: [request] });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1, overallRate: FORM_RATE, requests: [request] });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** One measured load as a line: requests/s, p50 and p99 in milliseconds, errors. */
function resultLine(name: string, r: { rps: number; p50: number; p99: number; errors: number }): string {
  const ms = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2)).padStart(6);
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${ms(r.p50)} ms   p99 ${ms(r.p99)} ms   errors ${r.errors}`;
}

/** A GET whose body comes back as sent (fetch would decode it): the bytes and their Content-Encoding. */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function renderTimes(blocks: number, iterations: number, dataDir: string): Promise<{ warm: number; cold: number }> {
  const db = await startEmbeddedPostgres({ dataDir });
  const database = connect(db.url, 2);
  try {
    await runMigrations(database, DATA_MIGRATIONS);
    const doc = demoDocument();
    const template = doc.pages[0]!.sections[0]!.blocks[0]!;
    const many: Block[] = Array.from({ length: blocks }, (_, i) => ({
      ...template,
      id: (0xb0000 + i).toString(16).padStart(24, '0'),
      layout: { desktop: { x: (i % 2) * 12, y: Math.floor(i / 2) * 6, w: 12, h: 6 } },
    }));
    doc.settings.identifier = `bench-${blocks}`;
    doc.pages[0]!.sections = [{ id: 'e'.repeat(24), theme: 'white', blocks: many }];
    const loaded = loadDocument(doc as SiteDocument, siteDocumentSchema);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors.slice(0, 3)));
    await writeSiteDocument(database.db, loaded.document);
    const site = (await findWebsiteByIdentifier(database.db, doc.settings.identifier))!;
    const assets = loadClientAssets();
    const req = { host: 'localhost', origin: 'http://localhost', path: '/' };
    // As the app renders: the site's content read from the database on the first render after a
    // change and held in memory (services/site-content.ts) for the renders after it.
    const content = createSiteContentCache(contentReader(database.pool));
    const timed = async (before: () => void) => {
      const times: number[] = [];
      for (let i = 0; i < iterations; i++) {
        before();
        const start = performance.now();
        await renderSitePath(content, site, req, assets);
        times.push(performance.now() - start);
      }
      return percentile(times, 50);
    };
    for (let i = 0; i < 20; i++) await renderSitePath(content, site, req, assets);
    const cold = await timed(() => content.invalidate(site.id));
    for (let i = 0; i < 20; i++) await renderSitePath(content, site, req, assets);
    return { warm: await timed(() => undefined), cold };
  } finally {
    await database.close();
    await db.stop();
  }
}

/** Section 3: census ingestion beside a bare server, and stored against acknowledged. */
async function censusSection(dataDir: string): Promise<GoalRow[]> {
  const { baseline, census, stored } = await censusBench(dataDir, spawnServer);
  const line = (name: string, r: IngestResult) => `${resultLine(name, r)}   non-2xx ${r.refused}`;
  console.log(`Census ingestion (POST /api/census/RecordHit into PostgreSQL, ${CENSUS_CONNECTIONS} connections, ${CENSUS_SECONDS} s):`);
  console.log(line('bare Node http, small JSON', baseline));
  console.log(line('OpenPress RecordHit (stored)', census));
  console.log(`hits stored: ${stored} of ${census.acknowledged} acknowledged (${stored === census.acknowledged ? 'equal' : 'NOT EQUAL'})\n`);
  const ratio = census.rps / baseline.rps;
  return [
    {
      path: `census RecordHit, ${CENSUS_SECONDS} s, stored == acknowledged`,
      measured: `${fmt(census.rps)} hits/s, ${fmt(stored)} of ${fmt(census.acknowledged)} stored`,
      baseline: `bare Node ${fmt(baseline.rps)} req/s`,
      ratio,
      goal: '>= 0.6x, all stored',
      met: ratio >= 0.6 && stored === census.acknowledged && census.errors === 0,
    },
  ];
}

const ACCEPT_ENCODING = 'br, gzip';
/** wrk's view of the cached page: rounds of each server in turn (BENCH_WRK_ROUNDS), each BENCH_WRK_SECONDS long. */
const WRK_ROUNDS = Number(process.env.BENCH_WRK_ROUNDS ?? 5);
const WRK_ROUND_S = Number(process.env.BENCH_WRK_SECONDS ?? 5);

/**
 * Runs a section with the servers it starts, and stops them when it ends (waiting for each to exit,
 * the app's PostgreSQL with it): a server left running keeps its timers and its database's
 * background work on the two cores the next section measures.
 */
async function withServers<T>(section: (started: ChildProcess[]) => Promise<T>): Promise<T> {
  const started: ChildProcess[] = [];
  try {
    return await section(started);
  } finally {
    await Promise.all(
      started.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 15_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}

/** Section 1: the cached home page as a browser asks for it, beside a bare Node server (and nginx, under wrk) sending the same bytes. */
async function cachedPageSection(dataDir: string): Promise<GoalRow[]> {
  return withServers((children) => cachedPages(dataDir, children));
}

async function cachedPages(dataDir: string, children: ChildProcess[]): Promise<GoalRow[]> {
  const app = await spawnServer(['dist/server/main.js'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'app'), LOG_LEVEL: 'silent' });
  children.push(app.child);
  const url = `http://127.0.0.1:${app.port}/`;
  // Twice: the first answer renders and stores the page, the second is the cached one measured.
  await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }).then((r) => r.arrayBuffer());
  const home = await rawGet(url, { 'accept-encoding': ACCEPT_ENCODING });
  const file = path.join(dataDir, 'home.body');
  await writeFile(file, home.body);
  const bare = await spawnServer(['bench/bare-server.ts', file, 'text/html; charset=utf-8', ...(home.encoding ? [home.encoding] : [])]);
  children.push(bare.child);
  const headers = { 'accept-encoding': ACCEPT_ENCODING };
  const baseline = await load(`http://127.0.0.1:${bare.port}/`, headers);
  const cached = await load(url, headers);
  const row = resultLine;
  console.log(
    `Cached demo home page (Accept-Encoding: ${ACCEPT_ENCODING}; ${home.body.length} bytes${home.encoding ? ` ${home.encoding}` : ''}), autocannon ${CONNECTIONS} connections:`,
  );
  console.log(row('bare Node http, same bytes', baseline));
  console.log(row('OpenPress, cached page', cached));
  const rows: GoalRow[] = [
    {
      path: 'cached home page, autocannon: requests/s',
      measured: `${fmt(cached.rps)} req/s`,
      baseline: `bare Node ${fmt(baseline.rps)} req/s`,
      ratio: cached.rps / baseline.rps,
      goal: '>= 0.6x',
      met: cached.rps / baseline.rps >= 0.6 && cached.errors === 0,
    },
    {
      path: 'cached home page, autocannon: p99',
      measured: `p99 ${cached.p99} ms`,
      baseline: `bare Node p99 ${baseline.p99} ms`,
      ratio: cached.p99 / Math.max(baseline.p99, 1),
      goal: '<= 2x',
      met: cached.p99 <= 2 * Math.max(baseline.p99, 1),
    },
  ];
  if (!installed('wrk')) {
    console.log('wrk rows skipped: wrk is not installed (Debian: apt-get install wrk nginx-light).\n');
    return rows;
  }
  const hasNginx = installed('nginx') !== undefined;
  if (!hasNginx) console.log('nginx row skipped: nginx is not installed (Debian: apt-get install nginx-light).');
  const nginx = hasNginx ? await startNginx(path.join(dataDir, 'nginx'), home.body, 'text/html; charset=utf-8', home.encoding) : undefined;
  if (nginx) children.push(nginx.child);
  // Interleaved rounds, each server in turn: the load a shared machine carries drifts over a minute,
  // and a ratio from one round compares servers measured seconds apart. The row is the median round.
  const servers = [
    { name: 'bare Node http, same bytes', url: `http://127.0.0.1:${bare.port}/` },
    { name: 'OpenPress, cached page', url },
    ...(nginx ? [{ name: 'nginx (1 worker), same bytes', url: `http://127.0.0.1:${nginx.port}/` }] : []),
  ];
  console.log(`The same page under wrk (1 thread, ${WRK_CONNECTIONS} connections), ${WRK_ROUNDS} interleaved rounds of ${WRK_ROUND_S} s:`);
  const rounds = Array.from({ length: WRK_ROUNDS }, (_, i) => {
    const results = servers.map((server) => wrk(server.url, WRK_ROUND_S, headers));
    console.log(`round ${i + 1}: ${servers.map((server, at) => `${server.name.split(',')[0]} ${fmt(results[at]!.rps)}`).join('   ')} req/s`);
    return results;
  });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const medianOf = (at: number) => median(rounds.map((r) => r[at]!.rps));
  const ratioTo = (at: number) => median(rounds.map((r) => r[1]!.rps / r[at]!.rps));
  const errors = rounds.reduce((n, r) => n + r[1]!.errors, 0);
  console.log('');
  rows.push({
    path: 'cached home page, wrk: vs bare Node',
    measured: `${fmt(medianOf(1))} req/s`,
    baseline: `bare Node ${fmt(medianOf(0))} req/s`,
    ratio: ratioTo(0),
    goal: '>= 0.6x',
    met: ratioTo(0) >= 0.6 && errors === 0,
  });
  if (!nginx) return rows;
  rows.push({
    path: 'cached home page, wrk: vs nginx',
    measured: `${fmt(medianOf(1))} req/s`,
    baseline: `nginx ${fmt(medianOf(2))} req/s`,
    ratio: ratioTo(2),
    goal: '>= 0.5x',
    met: ratioTo(2) >= 0.5 && errors === 0,
  });
  return rows;
}

/** Section 4: the uncached render of a 40-block page, beside a 1-block page. */
async function renderSection(dataDir: string): Promise<GoalRow[]> {
  const { warm: one, cold: oneCold } = await renderTimes(1, 300, path.join(dataDir, 'render-1'));
  const { warm: forty, cold: fortyCold } = await renderTimes(40, 300, path.join(dataDir, 'render-40'));
  console.log('Uncached render (server-side React; the site content held in memory, as the app renders after its first request):');
  console.log(
    `page with  1 block:  p50 ${one.toFixed(2)} ms   (first render after a change, its content read from the database: p50 ${oneCold.toFixed(2)} ms)`,
  );
  console.log(`page with 40 blocks: p50 ${forty.toFixed(2)} ms   (first render after a change: p50 ${fortyCold.toFixed(2)} ms)\n`);
  return [
    {
      path: 'uncached render, 40-block page: p50',
      measured: `p50 ${fmt(forty, 2)} ms`,
      baseline: `1-block page p50 ${fmt(one, 2)} ms`,
      ratio: forty / one,
      goal: 'p50 <= 1 ms',
      met: forty <= 1,
    },
  ];
}

/** Section 5a: the config area's sign-in form beside a published page, in fresh Chromium contexts. */
async function signInSection(dataDir: string): Promise<GoalRow[]> {
  return withServers((children) => signInBench(dataDir, demoServers(children)));
}

/** Section 5: the visual editor in Chromium, on a page of 1,200 blocks beside the demo home page. */
async function editorSection(dataDir: string): Promise<GoalRow[]> {
  return withServers((children) => editorBench(dataDir, demoServers(children)));
}

/** Starts servers on the demo (ready once the first owner's password is printed), each stopped with the section. */
function demoServers(children: ChildProcess[]) {
  return async (args: string[], env?: Record<string, string>) => {
    const server = await spawnServer(args, env, /Password:\s+\S+/);
    children.push(server.child);
    return server;
  };
}

/** Section 6: the image pipeline beside sharp alone, then the bytes served for the demo home page's images beside the originals. */
async function imagesSection(dataDir: string): Promise<GoalRow[]> {
  const pipeline = await imagesBench(dataDir);
  const served = await withServers((children) =>
    servedImagesBench(dataDir, async (args, env, until) => {
      const server = await spawnServer(args, env, until);
      children.push(server.child);
      return server;
    }),
  );
  return [...pipeline, ...served];
}

/** Section 2: the form calls at a fixed offered load, beside the bare Node server answering a small JSON body at the same load. */
async function formSection(dataDir: string): Promise<GoalRow[]> {
  return withServers((children) =>
    formRows(dataDir, { children, spawn: spawnServer, loadAtRate, line: resultLine, rate: FORM_RATE, seconds: DURATION_S, warmupSeconds: WARMUP_S }),
  );
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-bench-'));
  await chmod(dataDir, 0o755);
  try {
    // The hot-path sections in the order they run. The render section runs in this process (React,
    // the app's modules and their garbage), so it comes after the sections whose load this process
    // generates and times; the editor's is measured in Chromium, after it; the image pipeline's,
    // which keeps every core busy with sharp, last.
    const sections: Record<string, (dir: string) => Promise<GoalRow[]>> = {
      pages: cachedPageSection,
      shop: (dir) => withServers((children) => shopPageBench(dir, children, { spawnServer, load, rawGet, resultLine })),
      commerce: async (dir) => [
        ...(await withServers((children) => commerceBench(dir, children, { spawnServer, seconds: DURATION_S }))),
        ...(await withServers((children) => checkoutBench(dir, children, { spawnServer, seconds: DURATION_S, warmupSeconds: Math.min(5, WARMUP_S) }))),
        ...(await checkoutProofs()),
      ],
      forms: formSection,
      census: censusSection,
      render: renderSection,
      'sign-in': signInSection,
      editor: editorSection,
      images: imagesSection,
    };
    const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
    if (only) {
      const rows: GoalRow[] = [];
      for (const name of only) {
        if (name === 'dashboard') await dashboardBench(dataDir);
        else if (name === 'fuzz') await fuzzBench();
        else if (name === 'lighthouse') await withServers((children) => lighthouseBench(dataDir, children, spawnServer));
        else if (name === 'templates') await withServers((children) => lighthouseTemplatesBench(dataDir, children, spawnServer));
        else if (sections[name]) rows.push(...(await sections[name](dataDir)));
        else
          throw new Error(
            `BENCH_ONLY: no section ${name} (pages, shop, commerce, forms, census, render, sign-in, editor, images, dashboard, fuzz, lighthouse, templates)`,
          );
      }
      if (rows.length > 0) printTable(rows);
      return;
    }
    console.log(`Benchmark: ${DURATION_S} s per run, loopback, one run; every ratio is against a baseline measured in this run.\n`);
    const rows: GoalRow[] = [];
    for (const section of Object.values(sections)) rows.push(...(await section(dataDir)));
    console.log('Hot paths, one run:\n');
    printTable(rows);
    console.log('');
    await dashboardBench(dataDir);
    console.log('');
    await fuzzBench();
    console.log('');
    await withServers((children) => lighthouseBench(dataDir, children, spawnServer));
    await withServers((children) => lighthouseTemplatesBench(dataDir, children, spawnServer));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
