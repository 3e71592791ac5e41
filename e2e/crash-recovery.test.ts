/**
 * Crash safety of the default set-up: the app is killed with -9 while it writes — the server
 * process alone, then its whole process group, then its group and the PostgreSQL server too — and
 * restarted each time; every write it acknowledged with a 2xx is found afterwards. It runs a server
 * of its own (the shared ones serve the other files), started blank: the demo comes with the CLI.
 *
 * The writes are real ones of the app: image uploads through the asset library's call, each file's
 * row and its bytes (in the PostgreSQL file store) committed before the 200 is sent. A site
 * document with images is imported with the CLI while the app runs first, which exercises the CLI's
 * use of the running app's database too.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { demoDocument } from '../test/fixtures';
import { printed, startServer, type RunningServer } from './harness';
import { programArgs } from './server-process';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const UPLOADS = 160;

let server: RunningServer | undefined;
afterAll(async () => server?.stop());

async function importImages(dataDir: string) {
  const doc = demoDocument();
  for (let i = 0; i < 5; i++) {
    const data = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: (i * 37) % 255, g: 90, b: 140 } } })
      .jpeg({ quality: 60 })
      .toBuffer();
    doc.files.push({ name: `imported-${i}.jpg`, contentType: 'image/jpeg', width: 600, height: 400, data: data.toString('base64') });
  }
  const file = path.join(dataDir, 'with-images.json');
  await writeFile(file, JSON.stringify(doc));
  await run(process.execPath, [...programArgs('site'), 'import', file], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
}

/** Signs in as the owner through the product's calls: a crumb from a page view, then Login. */
async function signIn(base: string, email: string, password: string): Promise<{ cookie: string; crumb: string }> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  keep(await fetch(`${base}/`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const login = await fetch(`${base}/api/auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-csrf-token': jar.get('crumb') ?? '' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  keep(login);
  return { cookie: cookie(), crumb: jar.get('crumb') ?? '' };
}

/** Uploads four at a time until `kill` is called after `killAfter` acknowledgements; returns the file names acknowledged. */
async function uploadUntilKilled(
  base: string,
  owner: { cookie: string; crumb: string },
  pending: number[],
  image: Buffer,
  killAfter: number,
  kill: () => void,
): Promise<string[]> {
  const acked: string[] = [];
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < pending.length && !killed) {
      const n = pending[next++]!;
      try {
        const res = await fetch(`${base}/api/config/files`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream', 'x-file-name': `crash-${n}.jpg`, cookie: owner.cookie, 'x-csrf-token': owner.crumb },
          body: new Uint8Array(image),
        });
        if (res.ok) {
          acked.push(((await res.json()) as { file: { name: string } }).file.name);
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

/** The files whose rows and bytes are both stored. */
async function storedFiles(dataDir: string): Promise<Set<string>> {
  const db = await startEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT f.name FROM files f JOIN blobs b ON b.website_id = f.website_id AND b.path = f.blob_path WHERE b.size = f.size',
    );
    return new Set(rows.map((r) => r.name));
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
    server = await startServer({ env: { START_WITH: 'blank' } });
    const dataDir = server.dataDir;
    // Printed just after the server listens.
    const started = server;
    const email = await vi.waitFor(() => printed(started.output(), 'First owner'));
    const password = await vi.waitFor(() => printed(started.output(), 'Password'));
    await importImages(dataDir);
    const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const pending = Array.from({ length: UPLOADS }, (_, i) => i);
    const allAcked: string[] = [];

    // 1. The server process alone.
    const first = server;
    allAcked.push(
      ...(await uploadUntilKilled(first.url, await signIn(first.url, email, password), pending.slice(0, 50), image, 30, () => first.process.kill('SIGKILL'))),
    );
    await exited(first);
    server = await startServer({ dataDir });
    expect(server.output()).toContain('adopted the server left running');
    let stored = await storedFiles(dataDir);
    for (const name of allAcked) expect(stored.has(name), name).toBe(true);

    // 2. The whole process group.
    const second = server;
    allAcked.push(
      ...(await uploadUntilKilled(second.url, await signIn(second.url, email, password), pending.slice(50, 100), image, 30, () =>
        process.kill(-second.process.pid!, 'SIGKILL'),
      )),
    );
    await exited(second);
    server = await startServer({ dataDir });
    stored = await storedFiles(dataDir);
    for (const name of allAcked) expect(stored.has(name), name).toBe(true);

    // 3. The group and PostgreSQL with it: the next start recovers the cluster from its WAL.
    const third = server;
    const postmasterPid = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const owner = await signIn(third.url, email, password);
    allAcked.push(
      ...(await uploadUntilKilled(third.url, owner, pending.slice(100), image, 30, () => {
        process.kill(-third.process.pid!, 'SIGKILL');
        process.kill(postmasterPid, 'SIGKILL');
      })),
    );
    await exited(third);
    server = await startServer({ dataDir });
    expect(server.output()).not.toContain('adopted the server left running');
    stored = await storedFiles(dataDir);
    for (const name of allAcked) expect(stored.has(name), name).toBe(true);
    expect(allAcked.length).toBeGreaterThanOrEqual(90);
    // The imported document's files were moved into the file store too.
    for (let i = 0; i < 5; i++) expect(stored.has(`imported-${i}.jpg`)).toBe(true);

    // And the site still serves.
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
  }, 180_000);
});
