/**
 * SIGTERM under load, on the real server (`src/server/main.ts`, embedded PostgreSQL, its own data
 * dir): census hits (RecordHit) are sent by many connections at once, the server is told to stop
 * part-way, and the calls go on until it refuses them. The server exits 0, and every hit it
 * answered 200 is stored: the database is reopened and each acknowledged page path counted.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { startServer, type RunningServer } from '../e2e/harness';
import { BROWSER_UA, form, hitData } from './measurement-calls';

const CONNECTIONS = 12;
const SIGTERM_AFTER = 150;
/** Under the per-address limit (api/measurement.ts INGEST_LIMIT): a 429 would be a refusal, not load. */
const MOST = 900;

let server: RunningServer | undefined;
afterAll(async () => server?.stop());

async function storedPaths(dataDir: string): Promise<Set<string>> {
  const db = await startEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ page_path: string }>("SELECT page_path FROM census_hits WHERE page_path LIKE '/drain-%'");
    return new Set(rows.map((r) => r.page_path));
  } finally {
    await client.end();
    await db.stop();
  }
}

describe('graceful shutdown', () => {
  it('on SIGTERM under load, finishes the calls in flight, writes every acknowledged hit, and exits 0', async () => {
    server = await startServer({ env: { LOG_LEVEL: 'warn' } });
    const running = server;
    const home = await (await fetch(`${running.url}/`)).text();
    const websiteId = /"websiteId":"([^"]+)"/.exec(home)?.[1];
    expect(websiteId, 'the home page names its site').toBeTruthy();
    const exited = new Promise<number | null>((resolve) => running.process.once('exit', (code) => resolve(code)));

    const acked: string[] = [];
    let sent = 0;
    let signalled = false;
    let refusedAfterSignal = 0;
    const connection = async () => {
      while (sent < MOST) {
        const path = `/drain-${sent++}`;
        let res: Response;
        try {
          res = await fetch(`${running.url}/api/census/RecordHit`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'user-agent': BROWSER_UA },
            body: form({ event: 1, data: hitData(websiteId!, { pagePath: path, url: `http://127.0.0.1${path}` }) }),
          });
        } catch {
          // The server no longer accepts connections.
          if (signalled) return;
          throw new Error(`the server refused a call before it was told to stop:\n${running.output()}`);
        }
        await res.arrayBuffer();
        if (res.status === 200) acked.push(path);
        else if (signalled) refusedAfterSignal++;
        else throw new Error(`RecordHit answered ${res.status} before the server was told to stop`);
        if (!signalled && acked.length >= SIGTERM_AFTER) {
          signalled = true;
          running.process.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));

    expect(signalled).toBe(true);
    expect(await exited, running.output()).toBe(0);
    expect(running.output()).toContain('SIGTERM: shutting down');
    expect(acked.length).toBeGreaterThanOrEqual(SIGTERM_AFTER);

    const stored = await storedPaths(running.dataDir);
    const missing = acked.filter((path) => !stored.has(path));
    expect(missing, `${missing.length} of ${acked.length} acknowledged hits were not stored (${refusedAfterSignal} refused after SIGTERM)`).toEqual([]);
  });
});
