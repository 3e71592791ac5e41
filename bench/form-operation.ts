/**
 * The form submission as the operation the route calls, in this process (a part of the bench's
 * form section): `submitForm` on the form server's database, at the same fixed offered load as the
 * HTTP calls, with its own group-commit writer and keys from `issueFormKey`. Beside the HTTP row it
 * shows what the server's own work costs (key, published form, fields, the committed row and its
 * job) apart from HTTP, body parsing and the crumb check. Latencies count from each call's
 * scheduled start, so a slow call delays none of the others' clocks.
 */
import pg from 'pg';
import { connect } from '../src/db/client';
import { createPublishedForms, issueFormKey, submitForm } from '../src/server/modules/forms';
import { createSubmissionWriter, submissionKeys } from '../src/server/modules/forms/forms';
import { serverSecret } from '../src/server/secrets/server-secrets';
import { unlimited } from './unlimited-rate-limits';

export type OperationRun = { rps: number; p50: number; p99: number; errors: number; acknowledged: number };

/** A form's submission, as the island sends it but for its key. */
export type FormBody = Record<string, string>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function formOperationRun(
  databaseUrl: string,
  body: FormBody,
  opts: { rate: number; seconds: number; warmupSeconds: number },
): Promise<OperationRun> {
  const database = connect(databaseUrl, 4);
  const { db } = database;
  const writer = createSubmissionWriter(db);
  try {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const site = (await client.query<{ id: string; labs: Record<string, unknown> }>('SELECT id, labs FROM websites WHERE is_default')).rows[0];
    await client.end();
    if (!site) throw new Error('the form server has no default site');
    const keys = submissionKeys(await serverSecret(db, 'form_key_secret'));
    const deps = { db, keys, writer, publishedForms: createPublishedForms(db, () => 0), rateLimits: unlimited };
    const crumb = 'bench-crumb';
    const call = async () => {
      const { key } = await issueFormKey({ keys, rateLimits: unlimited }, { websiteId: site.id, ip: '127.0.0.1', crumb });
      await submitForm(deps, { site, body: { ...body, key }, ip: '127.0.0.1', crumb });
    };
    // Every call acknowledged, warm-up included, must be found stored afterwards.
    const warmedUp = opts.warmupSeconds > 0 ? (await atRate(call, opts.rate, opts.warmupSeconds)).acknowledged : 0;
    const run = await atRate(call, opts.rate, opts.seconds);
    return { ...run, acknowledged: warmedUp + run.acknowledged };
  } finally {
    await writer.close();
    await database.close();
  }
}

/** `call` started `rate` times a second for `seconds`; answers once every call has ended. */
async function atRate(call: () => Promise<void>, rate: number, seconds: number): Promise<OperationRun> {
  const latencies: number[] = [];
  let errors = 0;
  const calls: Promise<void>[] = [];
  const start = performance.now();
  const count = Math.round(rate * seconds);
  for (let i = 0; i < count; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      call().then(
        () => void latencies.push(performance.now() - scheduled),
        () => void (errors += 1),
      ),
    );
  }
  await Promise.all(calls);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, acknowledged: latencies.length };
}
