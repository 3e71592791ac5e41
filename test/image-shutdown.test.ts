/**
 * SIGTERM while an image's copies are being made, on the real server (`src/server/main.ts`, its
 * own data dir, one image at a time, AVIF at its slowest effort so the rest of the copies take far
 * longer than the drain time): the owner uploads a noisy photo; once its first copies are written
 * (the library says more are coming) and the rest's job runs, the server is told to stop. It hands
 * the job back and exits 0 within the drain time; the next start (AVIF at the fastest effort)
 * finishes the job at its first attempt and the photo is ready.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerApi, ownServersTimeout, printed, signedInApi, startServer, type ConfigApi, type RunningServer } from '../e2e/harness';
import type { LibraryFile } from '../src/contracts/files';

/** The server's drain time (docs/running.md): a stop takes no longer. */
const DRAIN_MS = 30_000;

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const [i, server] of servers.entries()) await server.stop({ remove: i === servers.length - 1 });
});

type Job = { id: number; kind: string; status: string; attempts: number };

/** Asks until `ready` answers something, for at most a minute. */
async function until<T>(what: string, ready: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await ready();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`waited a minute for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const photoIn = async (api: ConfigApi) => (await api.call<{ files: LibraryFile[] }>('GET', '/api/config/files')).files.find((f) => f.name === 'noisy.jpg');
const imageJob = async (api: ConfigApi, kind: string) => (await api.call<{ jobs: Job[] }>('GET', '/api/config/jobs')).jobs.find((j) => j.kind === kind);

describe('stopping while images are made', () => {
  it(
    'hands the running image job back within the drain time, and the next start finishes it',
    async () => {
      const first = await startServer({ env: { START_WITH: 'blank', IMAGE_CONCURRENCY: '1', IMAGE_AVIF_EFFORT: '9', LOG_LEVEL: 'warn' } });
      servers.push(first);
      const api = await ownerApi(first);
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
        .jpeg({ quality: 90 })
        .toBuffer();
      const crumb = (await api.http.storageState()).cookies.find((c) => c.name === 'crumb')!.value;
      const res = await api.http.post(`${first.url}/api/config/files`, {
        headers: { 'x-csrf-token': crumb, 'x-file-name': 'noisy.jpg', 'x-file-type': 'image/jpeg', 'content-type': 'application/octet-stream' },
        data: photo,
      });
      expect(res.status(), await res.text()).toBe(200);

      // The first copies are written: the library says the rest are coming, and their job runs.
      expect(await until('the first copies', async () => ((await photoIn(api))?.moreComing ? photoIn(api) : undefined))).toMatchObject({
        status: 'processing',
        moreComing: true,
      });
      await until('the rest’s job to run', async () => ((await imageJob(api, 'image-variants-more'))?.status === 'running' ? true : undefined));

      // Everything written, the server ends by the signal itself (its image encoder cannot be interrupted, and an exit would wait for it).
      const exited = new Promise<string>((resolve) => first.process.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)));
      first.process.kill('SIGTERM');
      const drained = await Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), DRAIN_MS))]);
      expect(drained, first.output()).toBe('SIGTERM');
      expect(first.output()).toMatch(/image-variants-more\): handed back on stopping[^]*Shut down\./);

      const next = await startServer({ dataDir: first.dataDir, env: { IMAGE_CONCURRENCY: '1', IMAGE_AVIF_EFFORT: '0', LOG_LEVEL: 'warn' } });
      servers.push(next);
      const again = await signedInApi(next, printed(first.output(), 'First owner'), printed(first.output(), 'Password'));
      expect(await until('the photo to be ready', async () => ((await photoIn(again))?.status === 'ready' ? photoIn(again) : undefined))).toMatchObject({
        status: 'ready',
        moreComing: false,
      });
      // Handed back untried: finished at its first attempt.
      expect(await imageJob(again, 'image-variants-more')).toMatchObject({ status: 'done', attempts: 1 });
    },
    ownServersTimeout(2),
  );
});
