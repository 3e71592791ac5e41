/**
 * Signed webhooks (Standard Webhooks): the owner is shown a form's signing secret once, when the
 * form first gets a webhook address in the form editor, and again only by making a new one; a
 * local receiver running docs/webhooks.md's own verifying code accepts every delivery with that
 * secret (webhook-id stable across tries, a timestamp and signature per try) and refuses another
 * secret, a changed body and a stale timestamp. A form whose address came without the editor gets
 * its secret at the first delivery.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { unseal } from '../src/server/secrets/sealed';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { WEBHOOK_JOB, webhookHandler } from '../src/server/modules/forms/webhooks';
import { demoDatabase, type DemoApp } from './demo-app';
import { changeDemoForm, DEMO_FORM_ID, demoPayload, formVisitor, type FormVisitor } from './form-visitor';
import { signedIn, type Client } from './session';

type Hit = { headers: IncomingHttpHeaders; body: string };
type Verify = (secret: string, headers: IncomingHttpHeaders, body: string, nowSeconds?: number) => boolean;

let demo: DemoApp;
let app: FastifyInstance;
let owner: Client;
let visitor: FormVisitor;
let receiver: Server;
let hookUrl: string;
let worker: Worker;
let verifyWebhook: Verify;
let dir: string;
const hits: Hit[] = [];
let answers: number[] = [];
let nextIp = 1;

beforeAll(async () => {
  // The receiver's code is the one docs/webhooks.md gives.
  const docs = await readFile('docs/webhooks.md', 'utf8');
  const verifyCode = /```js\n([\s\S]*?)```/.exec(docs)![1]!;
  dir = await mkdtemp(path.join(tmpdir(), 'openpress-webhook-receiver-'));
  await writeFile(path.join(dir, 'verify.mjs'), verifyCode);
  ({ verifyWebhook } = (await import(pathToFileURL(path.join(dir, 'verify.mjs')).href)) as { verifyWebhook: Verify });

  demo = await demoDatabase();
  const ownerId = await createAccount(demo.database.db, 'owner@example.com', 'owner-password-1');
  await setRole(demo.database.db, demo.websiteId, ownerId, TEAM_ROLES.ADMIN);
  app = await demo.start();
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
  visitor = await formVisitor(app);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/forms`;
  // The receiver listens on loopback, which webhooks reach only when the operator allows private targets.
  worker = startWorker(
    demo.database,
    { [WEBHOOK_JOB]: webhookHandler(demo.database, { allowPrivate: true }) },
    { pollMs: 50, backoff: () => 50, log: () => undefined },
  );
});
afterEach(() => {
  hits.length = 0;
  answers = [];
});
afterAll(async () => {
  await worker?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await app?.close();
  await demo?.database.drop();
  await rm(dir, { recursive: true, force: true });
});

/** The form editor's GET, and a save of the demo form with the receiver as its webhook (and no notification emails). */
const formDetail = () => owner.call('GET', `/api/config/forms/${DEMO_FORM_ID}`);
async function saveWithWebhook() {
  const { form } = (await formDetail()).json() as { form: { fields: unknown; settings: Record<string, unknown> } };
  return owner.call('PUT', `/api/config/forms/${DEMO_FORM_ID}`, { fields: form.fields, settings: { ...form.settings, notifyEmails: [], webhookUrl: hookUrl } });
}

async function submit(): Promise<void> {
  const remoteAddress = `198.51.100.${nextIp++}`;
  const key = await visitor.key({ remoteAddress });
  const res = await visitor.save(demoPayload(key), { remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
}

const storedSecret = async () =>
  (await demo.database.pool.query<{ secret: string }>('SELECT secret FROM webhook_secrets WHERE form_id = $1', [DEMO_FORM_ID])).rows[0]?.secret;
const lastJob = async () =>
  (
    await demo.database.pool.query<{ delivery_key: string; status: string }>(`SELECT delivery_key, status FROM jobs WHERE kind = $1 ORDER BY id DESC LIMIT 1`, [
      WEBHOOK_JOB,
    ])
  ).rows[0]!;

describe('signed webhooks', () => {
  it('show the owner the secret once, when the form first gets a webhook address, and a receiver verifies each delivery with it', async () => {
    expect((await formDetail()).json().webhookSecretMadeAt).toBeNull();
    const saved = await saveWithWebhook();
    expect(saved.statusCode, saved.body).toBe(200);
    const secret = saved.json().webhookSecret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const detail = await formDetail();
    expect(detail.json().webhookSecretMadeAt).toEqual(expect.any(String));
    expect(detail.body).not.toContain(secret);
    const again = await saveWithWebhook();
    expect(again.json()).not.toHaveProperty('webhookSecret');
    expect(again.body).not.toContain(secret);
    expect((await owner.call('GET', '/api/config/activity')).body).not.toContain(secret);
    expect((await owner.call('GET', '/api/config/export')).body).not.toContain(secret);
    expect((await owner.call('GET', '/api/config/export/document')).body).not.toContain(secret);
    const stored = (await storedSecret())!;
    expect(stored).toMatch(/^sealed:v1:/);
    expect(unseal(stored)).toBe(secret);

    await submit();
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(1);
    const [hit] = hits as [Hit];
    const job = await lastJob();
    expect(hit.headers['webhook-id']).toBe(job.delivery_key);
    expect(hit.headers['idempotency-key']).toBe(job.delivery_key);
    expect(Math.abs(Number(hit.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(hit.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(JSON.parse(hit.body)).toMatchObject({ event: 'form.submission', formId: DEMO_FORM_ID });

    expect(verifyWebhook(secret, hit.headers, hit.body)).toBe(true);
    expect(verifyWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, hit.headers, hit.body)).toBe(false);
    expect(verifyWebhook(secret, hit.headers, hit.body.replace('form.submission', 'form.submissiom'))).toBe(false);
    expect(verifyWebhook(secret, { ...hit.headers, 'webhook-id': 'another-id' }, hit.body)).toBe(false);
    const sent = Number(hit.headers['webhook-timestamp']);
    expect(verifyWebhook(secret, hit.headers, hit.body, sent + 299)).toBe(true);
    expect(verifyWebhook(secret, hit.headers, hit.body, sent + 301)).toBe(false);
    expect(verifyWebhook(secret, hit.headers, hit.body, sent - 301)).toBe(false);
  });

  it('sign every try of a delivery: the same webhook-id, a timestamp and signature of its own', async () => {
    const secret = unseal((await storedSecret())!);
    answers = [503];
    await submit();
    await expect.poll(async () => (await lastJob()).status, { timeout: 10_000 }).toBe('done');
    expect(hits).toHaveLength(2);
    expect(new Set(hits.map((h) => h.headers['webhook-id']))).toEqual(new Set([(await lastJob()).delivery_key]));
    for (const hit of hits) expect(verifyWebhook(secret, hit.headers, hit.body)).toBe(true);
  });

  it('use the new secret alone once the owner makes one, which is shown once', async () => {
    const old = unseal((await storedSecret())!);
    const made = await owner.call('POST', `/api/config/forms/${DEMO_FORM_ID}/webhook-secret`);
    expect(made.statusCode, made.body).toBe(200);
    const secret = made.json().webhookSecret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    expect((await formDetail()).body).not.toContain(secret);

    await submit();
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(1);
    expect(verifyWebhook(secret, hits[0]!.headers, hits[0]!.body)).toBe(true);
    expect(verifyWebhook(old, hits[0]!.headers, hits[0]!.body)).toBe(false);
  });

  it('sign the first delivery of a form whose address came without the editor, with a secret made then', async () => {
    await demo.database.pool.query('DELETE FROM webhook_secrets');
    await changeDemoForm(app, demo.database.db, demo.websiteId, (form) => {
      form.settings.webhookUrl = hookUrl;
    });
    expect((await formDetail()).json().webhookSecretMadeAt).toBeNull();
    await submit();
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(1);
    const secret = unseal((await storedSecret())!);
    expect(verifyWebhook(secret, hits[0]!.headers, hits[0]!.body)).toBe(true);
    expect((await formDetail()).json().webhookSecretMadeAt).toEqual(expect.any(String));
  });
});
