/**
 * Writes committed in groups, and never acknowledged before their commit: SaveFormSubmission and
 * the measurement calls through a proxy that cuts the database connection when a batch that wrote
 * submissions or census hits asks to COMMIT (the server then rolls it back). Every call answered
 * 200 is stored, and no call whose batch was cut is; under concurrent load every acknowledged call
 * is stored exactly once, and calls arriving together share their transactions.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { demoDatabase, type DemoApp } from './demo-app';
import { demoPayload, demoValues, formVisitor, type FormVisitor } from './form-visitor';
import { hitData, measurementClient, visitorRecord, type MeasurementClient } from './measurement-calls';
import { startPgProxy, type PgProxy } from './pg-proxy';

let demo: DemoApp;
let proxy: PgProxy;
let proxied: Database;
let app: FastifyInstance;
let forms: FormVisitor;
let census: MeasurementClient;

beforeAll(async () => {
  demo = await demoDatabase();
  proxy = await startPgProxy(demo.database.url);
  proxied = connect(proxy.url, 10);
  app = await buildApp({ database: proxied, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  await app.siteChanges.ready;
  forms = await formVisitor(app);
  census = await measurementClient(app);
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await proxy?.close();
  await demo?.database.drop();
});

const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await demo.database.pool.query<T>(text, params)).rows;

type Sent = { name: string; res: LightMyRequestResponse };

/** `n` submissions and `n` census hits at once, each named so its row can be found; every visitor address its own. */
async function wave(label: string, n: number): Promise<{ forms: Sent[]; hits: Sent[] }> {
  const keys = await Promise.all(Array.from({ length: n }, (_, i) => forms.key({ remoteAddress: `203.0.113.${i + 1}` })));
  const [formAnswers, hitAnswers] = await Promise.all([
    Promise.all(
      keys.map(async (key, i) => {
        const name = `${label} message ${i}`;
        return { name, res: await forms.save(demoPayload(key, demoValues({ message: name })), { remoteAddress: `203.0.113.${i + 1}` }) };
      }),
    ),
    Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const name = `/${label}/${i}`;
        const res = await census.post(
          '/api/census/RecordHit',
          { event: 1, data: hitData(demo.websiteId, { pagePath: name }), ss_cvr: visitorRecord(`v${label}${i}`, 1_760_000_000_000) },
          { ip: `198.51.100.${i + 1}` },
        );
        return { name, res };
      }),
    ),
  ]);
  return { forms: formAnswers, hits: hitAnswers };
}

async function storedNames(label: string): Promise<{ forms: string[]; hits: string[] }> {
  const submissions = await query<{ message: string }>(`SELECT "values"->>'message' AS message FROM form_submissions WHERE "values"->>'message' LIKE $1`, [
    `${label} message %`,
  ]);
  const hits = await query<{ page_path: string }>('SELECT page_path FROM census_hits WHERE page_path LIKE $1', [`/${label}/%`]);
  return { forms: submissions.map((r) => r.message).sort(), hits: hits.map((r) => r.page_path).sort() };
}

const names = (sent: Sent[], ok: boolean) =>
  sent
    .filter((s) => (s.res.statusCode === 200) === ok)
    .map((s) => s.name)
    .sort();

describe('acknowledged only after the commit', () => {
  it('answers no call 200 whose batch lost its connection at COMMIT, and stores none of them', async () => {
    proxy.cutCommitsWriting(['form_submissions', 'census_hits']);
    const sent = await wave('cut', 8);
    proxy.cutCommitsWriting(undefined);
    expect(proxy.cut).toBeGreaterThanOrEqual(2);
    for (const s of [...sent.forms, ...sent.hits]) expect(s.res.statusCode, s.res.body).toBeGreaterThanOrEqual(500);
    for (const s of sent.forms) expect(s.res.json()).toEqual({ error: 'Unable to send form. Please try again later.' });
    for (const s of sent.hits) expect(s.res.json()).toEqual({ error: 'This service is temporarily unavailable. Please try again later.' });
    expect(await storedNames('cut')).toEqual({ forms: [], hits: [] });
    // Neither the spent keys nor the visits the cut batches started were kept.
    expect(
      await query("SELECT count(*)::int AS n FROM visit_starts WHERE visitor_hash IN (SELECT visitor_hash FROM census_hits WHERE page_path LIKE '/cut/%')"),
    ).toEqual([{ n: 0 }]);
  });

  it('stores every call it answered 200 while some batches are cut, and answers the others with an error', async () => {
    // Only the first batches of the wave lose their connection; the calls that follow, and form calls written again one by one, commit.
    let armed = true;
    proxy.cutCommitsWriting(['form_submissions', 'census_hits']);
    const before = proxy.cut;
    const disarm = setInterval(() => {
      if (armed && proxy.cut >= before + 2) {
        armed = false;
        proxy.cutCommitsWriting(undefined);
      }
    }, 1);
    const sent = await wave('mixed', 12).finally(() => {
      clearInterval(disarm);
      proxy.cutCommitsWriting(undefined);
    });
    const stored = await storedNames('mixed');
    expect(stored.forms).toEqual(names(sent.forms, true));
    expect(stored.hits).toEqual(names(sent.hits, true));
    expect(names(sent.hits, false).length + names(sent.forms, false).length).toBeGreaterThan(0);
    expect(names(sent.hits, true).length + names(sent.forms, true).length).toBeGreaterThan(0);
  });
});

describe('under concurrent load', () => {
  it('stores every acknowledged call exactly once, calls that arrive together sharing a transaction', async () => {
    const batches = async () =>
      Object.fromEntries(
        (await app.metrics.ingestBatchSize.get()).values.filter((v) => v.metricName === 'ingest_batch_calls_count').map((v) => [v.labels.writer, v.value]),
      );
    const calls = async () =>
      Object.fromEntries(
        (await app.metrics.ingestBatchSize.get()).values.filter((v) => v.metricName === 'ingest_batch_calls_sum').map((v) => [v.labels.writer, v.value]),
      );
    const [batchesBefore, callsBefore] = [await batches(), await calls()];
    const sent = await wave('load', 40);
    for (const s of [...sent.forms, ...sent.hits]) expect(s.res.statusCode, s.res.body).toBe(200);
    await app.ingest.flush();
    expect(await storedNames('load')).toEqual({ forms: names(sent.forms, true), hits: names(sent.hits, true) });
    expect(await query("SELECT sum(page_views)::int AS n FROM page_daily_stats WHERE page_path LIKE '/load/%'")).toEqual([{ n: 40 }]);
    // Fewer transactions than calls: 40 of each kind in fewer than 40 batches.
    const [batchesAfter, callsAfter] = [await batches(), await calls()];
    for (const writer of ['forms', 'census']) {
      expect(callsAfter[writer]! - (callsBefore[writer] ?? 0), writer).toBe(40);
      expect(batchesAfter[writer]! - (batchesBefore[writer] ?? 0), writer).toBeLessThan(40);
    }
  });
});
