/**
 * SIGTERM under load, on the real server (`src/server/main.ts`, embedded PostgreSQL, its own data
 * dir): census hits (RecordHit) and contact-form submissions (FormSubmissionKey, then
 * SaveFormSubmission) are sent by many connections at once, the server is told to stop part-way,
 * and the calls go on until it refuses them. The server exits 0, and every hit and submission it
 * answered 200 is stored: the database is reopened and each acknowledged one looked up.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { ownerApi, ownServersTimeout, startServer, type RunningServer } from '../e2e/harness';
import { demoPayload, demoValues } from './form-visitor';
import { BROWSER_UA, form, hitData } from './measurement-calls';

const CONNECTIONS = 10;
const FORM_CONNECTIONS = 3;
const SIGTERM_AFTER = 150;
/** Under the per-address limit (api/measurement.ts INGEST_LIMIT): a 429 would be a refusal, not load. */
const MOST = 900;

let server: RunningServer | undefined;
afterAll(async () => server?.stop());

async function stored(dataDir: string): Promise<{ hits: Set<string>; submissions: Set<string> }> {
  const db = await startEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const hits = await client.query<{ page_path: string }>("SELECT page_path FROM census_hits WHERE page_path LIKE '/drain-%'");
    const submissions = await client.query<{ message: string }>(
      "SELECT values->>'message' AS message FROM form_submissions WHERE values->>'message' LIKE 'drain-form-%'",
    );
    return { hits: new Set(hits.rows.map((r) => r.page_path)), submissions: new Set(submissions.rows.map((r) => r.message)) };
  } finally {
    await client.end();
    await db.stop();
  }
}

describe('graceful shutdown', () => {
  it(
    'on SIGTERM under load, finishes the calls in flight, stores every acknowledged hit and form submission, and exits 0',
    async () => {
      // Each submission comes from an address of its own (X-Forwarded-For from the trusted local proxy), under the per-address limits.
      server = await startServer({ env: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' } });
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
      // The demo contact form asks for the built-in captcha; its proof of work is tested elsewhere and would only slow the load.
      await (await ownerApi(running)).call('DELETE', '/api/config/captcha');
      const page = await fetch(`${running.url}/contact`);
      await page.arrayBuffer();
      const crumb = /crumb=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
      expect(crumb, 'the contact page sets a crumb').toBeTruthy();
      const submitted: string[] = [];
      let formsSent = 0;
      const formConnection = async (n: number) => {
        while (!signalled || formsSent < 10_000) {
          const message = `drain-form-${formsSent++}`;
          const headers = { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb!, 'x-forwarded-for': `10.77.${n}.${formsSent % 250}`, 'user-agent': BROWSER_UA };
          try {
            const keyRes = await fetch(`${running.url}/api/form/FormSubmissionKey`, { method: 'POST', headers });
            const keyBody = (await keyRes.json()) as { key?: string };
            if (keyRes.status !== 200) {
              if (signalled) return;
              throw new Error(`FormSubmissionKey answered ${keyRes.status} before the server was told to stop`);
            }
            const res = await fetch(`${running.url}/api/form/SaveFormSubmission`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
              body: new URLSearchParams(demoPayload(keyBody.key, demoValues({ message }))).toString(),
            });
            const answer = await res.text();
            if (res.status === 200) submitted.push(message);
            else if (!signalled) throw new Error(`SaveFormSubmission answered ${res.status} before the server was told to stop: ${answer}`);
          } catch (err) {
            if (signalled) return;
            throw err;
          }
          if (sent >= MOST) return;
        }
      };
      await Promise.all([...Array.from({ length: CONNECTIONS }, connection), ...Array.from({ length: FORM_CONNECTIONS }, (_, n) => formConnection(n))]);

      expect(signalled).toBe(true);
      expect(await exited, running.output()).toBe(0);
      expect(running.output()).toContain('SIGTERM: shutting down');
      expect(acked.length).toBeGreaterThanOrEqual(SIGTERM_AFTER);

      expect(submitted.length).toBeGreaterThan(0);
      const found = await stored(running.dataDir);
      const missing = acked.filter((path) => !found.hits.has(path));
      expect(missing, `${missing.length} of ${acked.length} acknowledged hits were not stored (${refusedAfterSignal} refused after SIGTERM)`).toEqual([]);
      const missingSubmissions = submitted.filter((message) => !found.submissions.has(message));
      expect(missingSubmissions, `${missingSubmissions.length} of ${submitted.length} acknowledged submissions were not stored`).toEqual([]);
    },
    ownServersTimeout(1),
  );
});
