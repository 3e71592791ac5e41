/**
 * The image pipeline benchmark (a section of `npm run bench`), on a 3000 × 2000 photo-like JPEG
 * (a colour gradient with noise, made with sharp at the start):
 * 1. images per second through `makeVariants` (original read from the disk blob store, every seed
 *    width below 3000 and 3000 itself in AVIF, WebP and JPEG, each written back to the store),
 *    beside sharp making the same outputs alone (same widths, formats, encoder settings and AVIF
 *    effort, from a buffer, into buffers), IMAGE_CONCURRENCY (2) images at a time, in
 *    BENCH_IMAGE_ROUNDS (2) interleaved rounds of each (the load of a shared machine drifts). The
 *    ratio is the pipeline's overhead.
 * 2. the peak RSS of a fresh process while BENCH_IMAGES_FEW (4) and then BENCH_IMAGES_MANY (20)
 *    images are queued at once through the pipeline (sampled every 10 ms while they run): with a
 *    bounded pipeline the two peaks are about the same. These runs use AVIF effort
 *    BENCH_IMAGE_RSS_EFFORT (1), for time: memory is the pixels and the buffers, which the effort
 *    barely changes.
 *
 * `tsx bench/images.ts rss FILE N` is the process the second part spawns: it answers its peak RSS.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { diskBlobStore } from '../src/server/blobs/disk-store';
import { AVIF_EFFORT_DEFAULT, createImageGate, encode, IMAGE_CONCURRENCY_DEFAULT, makeVariants, originalPath, variantFormatsFor, variantWidthsFor } from '../src/server/files/image-pipeline';
import { fmt, type GoalRow } from './table';

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
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
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

/** The same outputs as the pipeline makes, by sharp alone: from the buffer, into buffers. */
async function sharpAlone(input: Buffer, effort: number): Promise<void> {
  const formats = variantFormatsFor({ format: 'jpeg', animated: false, hasAlpha: false });
  for (const width of variantWidthsFor(WIDTH)) {
    for (const format of formats) await encode(sharp(input).autoOrient().resize({ width, withoutEnlargement: true }), format, effort).toBuffer();
  }
}

/** Peak RSS (bytes) of a fresh process putting `count` copies of the image in `file` through the pipeline at once. */
async function peakRss(file: string, count: number): Promise<{ peak: number; before: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/images.ts', 'rss', file, String(count)], { cwd: ROOT, env: { ...process.env, IMAGE_CONCURRENCY: String(CONCURRENCY) }, stdio: ['ignore', 'pipe', 'inherit'] });
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
  console.log(`Image pipeline: ${WIDTH} × ${HEIGHT} JPEG (${mb(input.length)}), ${outputs} outputs each (AVIF effort ${EFFORT}), ${CONCURRENCY} images at a time, ${ROUNDS} rounds of each:`);

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

  const few = await peakRss(file, FEW);
  const many = await peakRss(file, MANY);
  // glibc's malloc keeps an arena per thread that touched it, and sharp's threads fragment them:
  // the peak creeps up with the number of images unless the arenas are capped (sharp's advice).
  console.log(`RSS runs with MALLOC_ARENA_MAX ${process.env.MALLOC_ARENA_MAX ?? 'unset (glibc default: 8 per core)'}, AVIF effort ${RSS_EFFORT}:`);
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
      path: `image pipeline: peak RSS, ${MANY} images queued`,
      measured: `${mb(many.peak)} peak`,
      baseline: `${FEW} images queued ${mb(few.peak)}`,
      ratio: rssRatio,
      goal: '<= 1.25x (bounded)',
      met: rssRatio <= 1.25,
    },
  ];
}

if (process.argv[2] === 'rss' && path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  rssRun(process.argv[3]!, Number(process.argv[4])).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
