/**
 * The image pipeline benchmark (a section of `npm run bench`), on a 3000 × 2000 photo-like JPEG
 * (a colour gradient with noise, made with sharp at the start):
 * 1. images per second through `makeVariants` (original read from the disk blob store, every seed
 *    width below 3000 and 3000 itself in AVIF, WebP and JPEG, each written back to the store),
 *    beside sharp making the same outputs alone (same widths, formats, encoder settings and AVIF
 *    effort, from a buffer, into buffers), IMAGE_CONCURRENCY (2) images at a time, in
 *    BENCH_IMAGE_ROUNDS (2) interleaved rounds of each (the load of a shared machine drifts). The
 *    ratio is the pipeline's overhead.
 * 1b. the time to the first copies of one photo (`makeVariants` with phase 'first': WebP and JPEG at
 *    the widths pages ask for first), beside sharp making those copies alone, BENCH_IMAGE_ROUNDS
 *    times each, interleaved: what an owner waits before pages show the photo's copies.
 * 2. the peak RSS of a fresh process while BENCH_IMAGES_FEW (4) and then BENCH_IMAGES_MANY (20)
 *    images are queued at once through the pipeline (sampled every 10 ms while they run): with a
 *    bounded pipeline the two peaks are about the same. These runs use AVIF effort
 *    BENCH_IMAGE_RSS_EFFORT (1), for time: memory is the pixels and the buffers, which the effort
 *    barely changes.
 * 3. the bytes a browser is served for the demo home page's images, beside the originals' sizes
 *    (`servedImagesBench`): the app started on the demo site, the pipeline let finish the home
 *    page's images (their library status no longer 'processing', the page naming their variants),
 *    then the page loaded in Chromium (AVIF supported) at a 1440 px desktop viewport and at a
 *    390 px phone viewport with DPR 3, each in a fresh context (nothing cached) and scrolled to the
 *    end so lazy images load too. Every image response under /s/ counts, at its body's size as
 *    sent; the baseline is the `size` the asset library lists for the same files, each counted
 *    once. Lower is better; the issue names no goal number, so the row's goal is only "< 1x".
 *
 * `tsx bench/images.ts rss FILE N` is the process the second part spawns: it answers its peak RSS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser, type Response } from 'playwright-core';
import sharp from 'sharp';
import { diskBlobStore } from '../src/server/blobs/disk-store';
import {
  AVIF_EFFORT_DEFAULT,
  createImageGate,
  effortFor,
  encode,
  IMAGE_CONCURRENCY_DEFAULT,
  makeVariants,
  originalPath,
  variantFormatsFor,
  variantPlan,
  variantWidthsFor,
  type VariantPhase,
} from '../src/server/modules/files/images/image-pipeline';
import { hasImageVariants } from '../src/server/modules/files/images/sniff';
import { fmt, type GoalRow } from './table';
import { CHROMIUM_FLAGS } from '../e2e/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const WIDTH = 3000;
const HEIGHT = 2000;
const ROUNDS = Number(process.env.BENCH_IMAGE_ROUNDS ?? 2);
const FEW = Number(process.env.BENCH_IMAGES_FEW ?? 4);
const MANY = Number(process.env.BENCH_IMAGES_MANY ?? 20);
const CONCURRENCY = Number(process.env.IMAGE_CONCURRENCY ?? IMAGE_CONCURRENCY_DEFAULT);
const EFFORT = Number(process.env.BENCH_AVIF_EFFORT ?? AVIF_EFFORT_DEFAULT);
const RSS_EFFORT = Number(process.env.BENCH_IMAGE_RSS_EFFORT ?? 1);
const SITE = 'bench';

/** A photo-like JPEG: gradients in each channel, a slow wave and per-pixel noise, so encoders work as on a photo. */
async function photo(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 1;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 40;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const n = noise();
      raw[i] = (x / WIDTH) * 255 + n;
      raw[i + 1] = (y / HEIGHT) * 255 + n;
      raw[i + 2] = 128 + 64 * Math.sin(x / 100) * Math.cos(y / 80) + n;
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Runs `count` tasks, `concurrency` at a time. */
async function inTurns(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** The same outputs as the pipeline makes (of `phase`), by sharp alone: from the buffer, into buffers, with the same efforts. */
async function sharpAlone(input: Buffer, effort: number, phase: VariantPhase = 'all'): Promise<void> {
  for (const { width, format } of variantPlan({ width: WIDTH, format: 'jpeg', animated: false, hasAlpha: false }, phase)) {
    const pixels = width * Math.round((HEIGHT * width) / WIDTH);
    await encode(sharp(input).autoOrient().resize({ width, withoutEnlargement: true }), format, effortFor(pixels, effort)).toBuffer();
  }
}

/** Peak RSS (bytes) of a fresh process putting `count` copies of the image in `file` through the pipeline at once. */
async function peakRss(file: string, count: number): Promise<{ peak: number; before: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/images.ts', 'rss', file, String(count)], {
    cwd: ROOT,
    env: { ...process.env, IMAGE_CONCURRENCY: String(CONCURRENCY), MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const m = /peak (\d+) before (\d+)/.exec(out);
  if (code !== 0 || !m) throw new Error(`the RSS run of ${count} images failed (${code}): ${out}`);
  return { peak: Number(m[1]), before: Number(m[2]) };
}

/** The child of peakRss: `count` originals stored, then all queued at once, the RSS sampled while they run. */
async function rssRun(file: string, count: number): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openpress-images-rss-'));
  try {
    const store = diskBlobStore(dir);
    const input = await readFile(file);
    for (let i = 0; i < count; i++) await store.put({ websiteId: SITE, path: originalPath(`img${i}`) }, input);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const gate = createImageGate(CONCURRENCY);
    await Promise.all(Array.from({ length: count }, (_, i) => makeVariants(store, SITE, `img${i}`, { gate, avifEffort: RSS_EFFORT })));
    clearInterval(sampler);
    console.log(`peak ${Math.max(peak, process.memoryUsage.rss())} before ${before}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${fmt(bytes / 1e6)} MB`;

export async function imagesBench(dataDir: string): Promise<GoalRow[]> {
  const input = await photo();
  const file = path.join(dataDir, 'photo.jpg');
  await writeFile(file, input);
  const store = diskBlobStore(path.join(dataDir, 'images'));
  const images = ROUNDS * CONCURRENCY;
  for (let i = 0; i < images; i++) await store.put({ websiteId: SITE, path: originalPath(`img${i}`) }, input);
  const outputs = variantWidthsFor(WIDTH).length * variantFormatsFor({ format: 'jpeg', animated: false, hasAlpha: false }).length;
  console.log(
    `Image pipeline: ${WIDTH} × ${HEIGHT} JPEG (${mb(input.length)}), ${outputs} outputs each (AVIF effort ${EFFORT}), ${CONCURRENCY} images at a time, ${ROUNDS} rounds of each:`,
  );

  const gate = createImageGate(CONCURRENCY);
  let aloneMs = 0;
  let pipedMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    await inTurns(CONCURRENCY, CONCURRENCY, () => sharpAlone(input, EFFORT));
    aloneMs += performance.now() - start;
    start = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => makeVariants(store, SITE, `img${round * CONCURRENCY + i}`, { gate, avifEffort: EFFORT })));
    pipedMs += performance.now() - start;
    console.log(`round ${round + 1}: sharp alone ${fmt(aloneMs / 1000, 1)} s, makeVariants ${fmt(pipedMs / 1000, 1)} s (totals so far)`);
  }
  const alone = images / (aloneMs / 1000);
  const piped = images / (pipedMs / 1000);
  console.log(`sharp alone, buffer to buffers     ${fmt(alone, 3)} images/s`);
  console.log(`makeVariants, disk store to store  ${fmt(piped, 3)} images/s`);

  let firstAloneMs = 0;
  let firstPipedMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    await sharpAlone(input, EFFORT, 'first');
    firstAloneMs += performance.now() - start;
    start = performance.now();
    await makeVariants(store, SITE, `img${round}`, { gate, avifEffort: EFFORT, phase: 'first' });
    firstPipedMs += performance.now() - start;
  }
  const firstAlone = firstAloneMs / ROUNDS / 1000;
  const firstPiped = firstPipedMs / ROUNDS / 1000;
  const firstCount = variantPlan({ width: WIDTH, format: 'jpeg', animated: false, hasAlpha: false }, 'first').length;
  console.log(`first copies (${firstCount} of ${outputs}): makeVariants ${fmt(firstPiped, 2)} s, sharp alone ${fmt(firstAlone, 2)} s (mean of ${ROUNDS})`);

  const few = await peakRss(file, FEW);
  const many = await peakRss(file, MANY);
  // glibc's malloc keeps an arena per thread that touched it, and sharp's threads fragment them:
  // the peak creeps up with the number of images unless the arenas are capped (sharp's advice),
  // which `npm start` does (MALLOC_ARENA_MAX=2 unless set): the children run as the server does.
  console.log(`RSS runs with MALLOC_ARENA_MAX ${process.env.MALLOC_ARENA_MAX ?? '2'}, AVIF effort ${RSS_EFFORT}:`);
  console.log(`peak RSS with ${FEW} images queued: ${mb(few.peak)} (${mb(few.before)} before the pipeline ran)`);
  console.log(`peak RSS with ${MANY} images queued: ${mb(many.peak)} (${mb(many.before)} before the pipeline ran)\n`);
  const rssRatio = many.peak / few.peak;
  return [
    {
      path: `image pipeline, ${WIDTH}x${HEIGHT} JPEG: images/s`,
      measured: `${fmt(piped, 3)} images/s`,
      baseline: `sharp alone ${fmt(alone, 3)} images/s`,
      ratio: piped / alone,
      goal: '>= 0.9x',
      met: piped / alone >= 0.9,
    },
    {
      path: `image pipeline, ${WIDTH}x${HEIGHT} JPEG: time to the first copies`,
      measured: `${fmt(firstPiped, 2)} s (${firstCount} of ${outputs} copies)`,
      baseline: `sharp alone ${fmt(firstAlone, 2)} s`,
      ratio: firstPiped / firstAlone,
      goal: '<= 1.1x',
      met: firstPiped / firstAlone <= 1.1,
    },
    {
      path: `image pipeline: peak RSS, ${MANY} images queued`,
      measured: `${mb(many.peak)} peak`,
      baseline: `${FEW} images queued ${mb(few.peak)}`,
      ratio: rssRatio,
      goal: '<= 1.25x (bounded)',
      met: rssRatio <= 1.25,
    },
  ];
}

// ---- bytes served for the demo home page's images ----

type Spawn = (args: string[], env?: Record<string, string>, until?: RegExp) => Promise<{ port: number; child: ChildProcess; output(): string }>;

/** As e2e/harness.ts launches Chromium. */
/** How long the pipeline is given to finish the home page's images. */
const PIPELINE_WAIT_MS = 5 * 60_000;
const VIEWPORTS = [
  { label: 'desktop 1440 px', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false },
  { label: 'phone 390 px DPR 3', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true },
] as const;

type LibraryEntry = { name: string; contentType: string; size: number; status: 'processing' | 'ready' | 'failed' };

/** A value `npm start` printed, such as 'First owner' or 'Password' (as e2e/harness.ts reads them). */
function printed(output: string, label: string): string {
  const m = new RegExp(`${label}:\\s+(\\S+)`).exec(output);
  if (!m) throw new Error(`"${label}" not printed:\n${output}`);
  return m[1]!;
}

/** The config API signed in as the first owner, through the product's calls: a page view for the crumb, then Login. */
async function ownerCalls(http: APIRequestContext, email: string, password: string) {
  await http.get('/');
  const crumb = async () => (await http.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const res = await http.fetch(url, {
      method,
      headers: method === 'GET' ? {} : { 'x-csrf-token': await crumb() },
      ...(body === undefined ? {} : { data: body }),
    });
    const text = await res.text();
    if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  await call('POST', '/api/auth/Login', { email, password });
  return call;
}

/** The site files the home page's HTML names in its images (src, srcset and the image loader's data- copies). */
function homeImages(html: string, base: string, library: ReadonlyMap<string, LibraryEntry>): string[] {
  const names = new Set<string>();
  for (const attr of html.matchAll(/\s(?:data-)?(?:src|srcset)="([^"]*)"/g)) {
    for (const candidate of attr[1]!.replace(/&amp;/g, '&').split(',')) {
      const address = candidate.trim().split(/\s+/)[0];
      if (!address?.startsWith('/s/')) continue;
      const name = fileOf(new URL(address, base).href, library);
      if (name) names.add(name);
    }
  }
  return [...names];
}

/** The site file an image address names: /s/{name}, /s/{hash}/{name}, or /s/{hash}/{name}.avif|.webp. */
function fileOf(url: string, library: ReadonlyMap<string, LibraryEntry>): string | undefined {
  const m = /^\/s\/(?:([0-9a-f]{16})\/)?(.+)$/.exec(new URL(url).pathname);
  if (!m) return undefined;
  const name = decodeURIComponent(m[2]!);
  if (m[1] && !library.has(name)) return name.replace(/\.(avif|webp)$/, '');
  return name;
}

/**
 * Waits until the pipeline is done with each image: 'failed', or 'ready' and the home page naming
 * its hashed address (its variants are listed; the library may say 'ready' before the bytes have
 * even moved into the blob store). Answers the library by name.
 */
async function pipelineDone(base: string, call: Awaited<ReturnType<typeof ownerCalls>>, names: string[]): Promise<Map<string, LibraryEntry>> {
  const deadline = Date.now() + PIPELINE_WAIT_MS;
  for (;;) {
    const { files } = await call<{ files: LibraryEntry[] }>('GET', '/api/config/files');
    const library = new Map(files.map((f) => [f.name, f]));
    const html = await (await fetch(`${base}/`)).text();
    const done = names.every((name) => {
      const file = library.get(name);
      if (!file) return true;
      if (file.status === 'failed') return true;
      return (
        file.status === 'ready' &&
        (!hasImageVariants(file.contentType) || new RegExp(`/s/[0-9a-f]{16}/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(html))
      );
    });
    if (done) return library;
    if (Date.now() > deadline)
      throw new Error(`the home page's images were still processing after ${PIPELINE_WAIT_MS / 1000} s: ${JSON.stringify(names.map((n) => library.get(n)))}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Loads the home page in a fresh context at one viewport, scrolled to the end, and answers every image response. */
async function imageResponses(browser: Browser, base: string, view: (typeof VIEWPORTS)[number]): Promise<{ url: string; bytes: number; status: number }[]> {
  const context = await browser.newContext({
    viewport: view.viewport,
    deviceScaleFactor: view.deviceScaleFactor,
    isMobile: view.isMobile,
    hasTouch: view.isMobile,
  });
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'image' && !r.url().startsWith('data:')) responses.push(r);
    });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    // A screen at a time to the end: the image loader starts lazy images 200 px before they show.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += view.viewport.height / 2) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState('networkidle');
    return Promise.all(
      responses.map(async (r) => {
        // The body as sent (images are not content-encoded, so it is also the decoded length, the fallback).
        const sent = (await r.request().sizes()).responseBodySize;
        return { url: r.url(), bytes: sent > 0 ? sent : (await r.body()).length, status: r.status() };
      }),
    );
  } finally {
    await context.close();
  }
}

export async function servedImagesBench(dataDir: string, spawnServer: Spawn): Promise<GoalRow[]> {
  const app = await spawnServer(
    ['dist/server/main.js'],
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'served-images'), LOG_LEVEL: 'silent' },
    /Password:\s+\S+/,
  );
  const base = `http://127.0.0.1:${app.port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
  try {
    const api = await browser.newContext({ baseURL: base });
    const call = await ownerCalls(api.request, printed(app.output(), 'First owner'), printed(app.output(), 'Password'));
    const { files } = await call<{ files: LibraryEntry[] }>('GET', '/api/config/files');
    const names = homeImages(await (await fetch(`${base}/`)).text(), base, new Map(files.map((f) => [f.name, f])));
    if (names.length === 0) {
      console.log("Bytes served for the demo home page's images: the demo home page has no images, so there is nothing to measure (no rows).\n");
      return [];
    }
    const waitStart = performance.now();
    const library = await pipelineDone(base, call, names);
    await api.close();
    const states = names.map((n) => `${n} ${library.get(n)?.status ?? 'not in the library'}`).join(', ');
    console.log(`Bytes served for the demo home page's images (Chromium, AVIF supported; fresh context per viewport, page scrolled to the end):`);
    console.log(`home page images: ${states} (pipeline done ${fmt((performance.now() - waitStart) / 1000, 1)} s after start)`);
    const rows: GoalRow[] = [];
    for (const view of VIEWPORTS) {
      const responses = await imageResponses(browser, base, view);
      const ofFiles = responses.filter((r) => fileOf(r.url, library) !== undefined);
      const others = responses.filter((r) => fileOf(r.url, library) === undefined);
      const served = ofFiles.reduce((n, r) => n + r.bytes, 0);
      const fetched = [...new Set(ofFiles.map((r) => fileOf(r.url, library)!))];
      const originals = fetched.reduce((n, name) => n + (library.get(name)?.size ?? 0), 0);
      console.log(`${view.label}:`);
      for (const r of ofFiles) console.log(`  ${new URL(r.url).pathname}${new URL(r.url).search}  ${r.status}  ${fmt(r.bytes)} bytes`);
      for (const name of fetched) console.log(`  original ${name}: ${fmt(library.get(name)?.size ?? 0)} bytes`);
      if (others.length > 0) console.log(`  not site files, left out: ${others.map((r) => `${new URL(r.url).pathname} ${fmt(r.bytes)} bytes`).join(', ')}`);
      const missing = names.filter((n) => !fetched.includes(n));
      if (missing.length > 0) console.log(`  named by the page but not fetched: ${missing.join(', ')}`);
      const ratio = served / originals;
      rows.push({
        path: `demo home page images, ${view.label}: bytes`,
        measured: `${fmt(served)} bytes, ${ofFiles.length} image${ofFiles.length === 1 ? '' : 's'}`,
        baseline: `originals ${fmt(originals)} bytes`,
        ratio,
        goal: '< 1x (lower is better)',
        met: ratio < 1 && ofFiles.every((r) => r.status === 200),
      });
    }
    console.log('');
    return rows;
  } finally {
    await browser.close();
  }
}

if (process.argv[2] === 'rss' && path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  rssRun(process.argv[3]!, Number(process.argv[4])).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
