/**
 * The bench's form section (section 2 of bench/run.ts): the form calls FormSubmissionKey and
 * SaveFormSubmission over HTTP at a fixed offered load, beside the bare Node server answering a
 * small JSON body at the same load; then `submitForm`, the operation the route calls, in this
 * process at the same load (bench/form-operation.ts). Each submission spends a key issued for it
 * and is stored with its notification job, as a visitor's would be; every one acknowledged must be
 * found stored.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { formOperationRun } from './form-operation';
import { fmt, type GoalRow } from './table';

type LoadResult = { rps: number; p50: number; p99: number; errors: number };

/** What the section takes from the bench's runner: its servers, its load at the offered rate, its lines. */
export type FormBenchTools = {
  children: ChildProcess[];
  spawn: (args: string[], env?: Record<string, string>) => Promise<{ port: number; child: ChildProcess; output(): string }>;
  loadAtRate: (url: string, request?: Pick<autocannon.Request, 'method' | 'headers' | 'setupRequest' | 'onResponse'>) => Promise<LoadResult>;
  line: (name: string, r: LoadResult) => string;
  /** The offered load in requests per second, and the seconds of each run (and of its warm-up). */
  rate: number;
  seconds: number;
  warmupSeconds: number;
};

/** The demo contact form's fields, as the island sends them, but for the key. */
const SUBMISSION = {
  formId: 'c0a7ac7f0000000000000001',
  isOverlayForm: 'false',
  submitButtonText: 'Send message',
  form: JSON.stringify({
    name: ['Ada', 'Lovelace'],
    email: 'ada@example.org',
    topic: 'A commission',
    message: 'A set of six mugs in celadon, please.',
    items: ['Mugs', 'Bowls'],
    survey: { 'The pieces arrived safely.': '2' },
  }),
  pageTitle: 'Forms',
  pageId: 'c0a7ac7f0000000000000002',
  contentSource: 'c',
  pagePath: '/blocks/forms',
  honeypot: '',
};

/**
 * The form calls as the island makes them, on the demo contact form: a crumb from a page view,
 * FormSubmissionKey (keys kept), then SaveFormSubmission, each request spending the next key.
 */
async function formCalls(port: number, tools: FormBenchTools) {
  const base = `http://127.0.0.1:${port}`;
  const page = await fetch(`${base}/blocks/forms`);
  const crumb = /crumb=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
  if (!crumb) throw new Error('the contact page set no crumb cookie');
  const headers = { cookie: `crumb=${crumb}`, 'x-csrf-token': decodeURIComponent(crumb) };
  const keys: string[] = [];
  const keyRun = await tools.loadAtRate(`${base}/api/form/FormSubmissionKey?crumb=${crumb}`, {
    method: 'POST',
    headers,
    onResponse: (status, body) => {
      if (status === 200) keys.push((JSON.parse(body) as { key: string }).key);
    },
  });
  // A run can answer fewer keys than the next one spends (errors, a slow start): top up.
  while (keys.length < tools.rate * (tools.warmupSeconds + tools.seconds) * 1.2) {
    const res = await fetch(`${base}/api/form/FormSubmissionKey?crumb=${crumb}`, { method: 'POST', headers });
    keys.push(((await res.json()) as { key: string }).key);
  }
  let next = 0;
  // Every 200, warm-up included: each must be found stored afterwards.
  let acknowledged = 0;
  const saveRun = await tools.loadAtRate(`${base}/api/form/SaveFormSubmission?crumb=${crumb}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    onResponse: (status) => {
      if (status === 200) acknowledged += 1;
    },
    setupRequest: (req) => ({ ...req, body: new URLSearchParams({ key: keys[next++ % keys.length]!, ...SUBMISSION }).toString() }),
  });
  return { keyRun, saveRun, acknowledged };
}

const countStored = async (databaseUrl: string) => {
  const counting = new pg.Client({ connectionString: databaseUrl });
  await counting.connect();
  try {
    return Number((await counting.query<{ n: string }>('SELECT count(*) AS n FROM form_submissions')).rows[0]!.n);
  } finally {
    await counting.end();
  }
};

export async function formRows(dataDir: string, tools: FormBenchTools): Promise<GoalRow[]> {
  const { children, rate } = tools;
  const forms = await tools.spawn(['bench/form-server.ts'], { DATA_DIR: path.join(dataDir, 'forms') });
  children.push(forms.child);
  const small = path.join(dataDir, 'key.json');
  await writeFile(small, JSON.stringify({ key: 'x'.repeat(32) }));
  const bareJson = await tools.spawn(['bench/bare-server.ts', small, 'application/json']);
  children.push(bareJson.child);
  const jsonBaseline = await tools.loadAtRate(`http://127.0.0.1:${bareJson.port}/`, { method: 'POST' });
  const { keyRun, saveRun, acknowledged } = await formCalls(forms.port, tools);
  const databaseUrl = /Database (\S+)/.exec(forms.output())?.[1];
  if (!databaseUrl) throw new Error('the form server named no database');
  const stored = await countStored(databaseUrl);
  const inProcess = await formOperationRun(databaseUrl, SUBMISSION, tools);
  const storedInProcess = (await countStored(databaseUrl)) - stored;
  const row = tools.line;
  console.log(`Form calls at a fixed offered load of ${rate} requests/s (demo contact form, captcha off, rate limits off):`);
  console.log(row('bare Node http, small JSON', jsonBaseline));
  console.log(row('FormSubmissionKey', keyRun));
  console.log(row('SaveFormSubmission (stored + job)', saveRun));
  // Calls still in flight when the run's time is up are stored but not counted as acknowledged: none acknowledged may be missing.
  console.log(`submissions stored: ${stored}, acknowledged: ${acknowledged} (${stored >= acknowledged ? 'none missing' : 'SOME MISSING'})`);
  console.log(row('submitForm in process (no HTTP)', inProcess));
  console.log(
    `in process, submissions stored: ${storedInProcess}, acknowledged: ${inProcess.acknowledged} (${storedInProcess >= inProcess.acknowledged ? 'none missing' : 'SOME MISSING'})\n`,
  );
  const p99Row = (path: string, r: LoadResult, limit: number): GoalRow => ({
    path,
    measured: `p99 ${r.p99} ms at ${fmt(r.rps)} req/s`,
    baseline: `bare Node p99 ${jsonBaseline.p99} ms`,
    ratio: r.p99 / Math.max(jsonBaseline.p99, 1),
    goal: `p99 < ${limit} ms at ${rate} req/s`,
    met: r.p99 < limit && r.errors === 0 && r.rps >= rate * 0.95,
  });
  const save = p99Row('SaveFormSubmission at a fixed load, all stored', saveRun, 50);
  return [
    p99Row('FormSubmissionKey at a fixed load', keyRun, 20),
    { ...save, measured: `${save.measured}, ${fmt(acknowledged)} acknowledged, ${fmt(stored)} stored`, met: save.met && stored >= acknowledged },
  ];
}
