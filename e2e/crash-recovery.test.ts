/**
 * Crash safety of the default set-up: the app is killed with -9 while it writes — the server
 * process alone, then its whole process group, then its group and the PostgreSQL server too — and
 * restarted each time; every write it acknowledged with a 2xx is found afterwards.
 *
 * The writes are real ones of the app: resized image copies (/s/{name}?format={w}w), each stored in
 * PostgreSQL before the 200 is sent. The images come from a site document imported with the CLI
 * while the app runs, which exercises the CLI's use of the running app's database too.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { demoDocument } from '../test/fixtures';
import { startServer, type RunningServer } from './harness';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const WIDTHS = [1000, 750, 500, 300, 100];
const IMAGES = 40;

let server: RunningServer | undefined;
afterAll(async () => server?.stop());

async function addImages(dataDir: string) {
  const doc = demoDocument();
  for (let i = 0; i < IMAGES; i++) {
    const data = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: (i * 37) % 255, g: 90, b: 140 } } })
      .jpeg({ quality: 60 })
      .toBuffer();
    doc.files.push({ name: `crash-${i}.jpg`, contentType: 'image/jpeg', width: 1200, height: 800, data: data.toString('base64') });
  }
  const file = path.join(dataDir, 'with-images.json');
  await writeFile(file, JSON.stringify(doc));
  await run(process.execPath, ['--import', 'tsx', 'src/cli/site.ts', 'import', file], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
}

/** Requests variants four at a time until `kill` is called after `killAfter` acknowledgements; returns what was acknowledged. */
async function writeUntilKilled(base: string, pending: string[], killAfter: number, kill: () => void): Promise<string[]> {
  const acked: string[] = [];
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < pending.length && !killed) {
      const url = pending[next++]!;
      try {
        const res = await fetch(`${base}${url}`);
        if (res.ok) {
          await res.arrayBuffer();
          acked.push(url);
          if (acked.length >= killAfter && !killed) {
            killed = true;
            kill();
          }
        }
      } catch {
        return;
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return acked;
}

async function storedVariants(dataDir: string): Promise<Set<string>> {
  const db = await startEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; width: number }>('SELECT name, width FROM file_variants');
    return new Set(rows.map((r) => `/s/${r.name}?format=${r.width}w`));
  } finally {
    await client.end();
  }
}

async function exited(s: RunningServer) {
  if (s.process.exitCode !== null || s.process.signalCode !== null) return;
  await new Promise((r) => s.process.once('exit', r));
}

describe('crash recovery', () => {
  it('keeps every acknowledged write when the app is killed with -9, alone, with its group, and with its database', async () => {
    server = await startServer();
    const dataDir = server.dataDir;
    await addImages(dataDir);
    const pending = Array.from({ length: IMAGES }, (_, i) => WIDTHS.map((w) => `/s/crash-${i}.jpg?format=${w}w`)).flat();
    const allAcked: string[] = [];

    // 1. The server process alone.
    const first = server;
    allAcked.push(...(await writeUntilKilled(first.url, pending.slice(0, 70), 30, () => first.process.kill('SIGKILL'))));
    await exited(first);
    server = await startServer({ dataDir });
    expect(server.output()).toContain('adopted the server left running');
    let stored = await storedVariants(dataDir);
    for (const url of allAcked) expect(stored.has(url), url).toBe(true);

    // 2. The whole process group.
    const second = server;
    allAcked.push(...(await writeUntilKilled(second.url, pending.slice(70, 140), 30, () => process.kill(-second.process.pid!, 'SIGKILL'))));
    await exited(second);
    server = await startServer({ dataDir });
    stored = await storedVariants(dataDir);
    for (const url of allAcked) expect(stored.has(url), url).toBe(true);

    // 3. The group and PostgreSQL with it: the next start recovers the cluster from its WAL.
    const third = server;
    const postmasterPid = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    allAcked.push(
      ...(await writeUntilKilled(third.url, pending.slice(140), 30, () => {
        process.kill(-third.process.pid!, 'SIGKILL');
        process.kill(postmasterPid, 'SIGKILL');
      })),
    );
    await exited(third);
    server = await startServer({ dataDir });
    expect(server.output()).not.toContain('adopted the server left running');
    stored = await storedVariants(dataDir);
    for (const url of allAcked) expect(stored.has(url), url).toBe(true);
    expect(allAcked.length).toBeGreaterThanOrEqual(90);

    // And the site still serves.
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
  }, 180_000);
});
