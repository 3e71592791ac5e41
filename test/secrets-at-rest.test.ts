/**
 * Secrets at rest: SMTP passwords, captcha keys, webhook signing secrets, translation API keys and
 * two-factor seeds are stored sealed. The start's pass seals any still in plain text, once, even
 * when app servers start together, and stops on a secret under a key the server lacks.
 * `npm run secrets -- rotate` re-seals everything under the new key in one transaction (afterwards
 * every secret opens with the new key alone, none with the old), and is refused while an app
 * server still seals with the old key. A saved secret leaves the server only as the fixed mask:
 * never in config answers, exports, the activity log or job errors.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import { MASKED_SECRET } from '../src/domain/secrets';
import { startWorker } from '../src/server/jobs/queue';
import { EMAIL_JOB, emailHandler, mailTransportFor } from '../src/server/mail/mailer';
import { sealingApplicationName } from '../src/server/secrets/keys';
import { generateSecretKey, keyId, parseSecretKey, seal, setSecretKeys, unseal } from '../src/server/secrets/sealed';
import { SECRET_PLACES, sealPlainSecrets, storedSecretKeys } from '../src/server/secrets/stored';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { demoDatabase, type DemoApp } from './demo-app';
import { startMailbox } from './mailbox';
import { signedIn, type Client } from './session';
import { programArgs } from '../e2e/server-process';

const exec = promisify(execFile);

const KEY_A = generateSecretKey();
const KEY_B = generateSecretKey();
const ID_A = keyId(parseSecretKey(KEY_A));
const ID_B = keyId(parseSecretKey(KEY_B));

const SMTP_PASSWORD = 'smtp-password-7f3a91';
const RECAPTCHA_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';
const API_KEY = 'deepl-key-9a8b7c6d5e';
const TOTP_SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const STRIPE_SECRET_KEY = 'sk_test_51Plain0SecretKey0From0Before0Sealing';
const STRIPE_WEBHOOK_SECRET = 'whsec_stripeEndpointSecretBeforeSealing01';
const STRIPE_ROLLED_SECRET = 'whsec_stripeRolledSecretBeforeSealing002';
const PLAIN = [SMTP_PASSWORD, RECAPTCHA_SECRET, API_KEY, TOTP_SEED, WEBHOOK_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_ROLLED_SECRET];

let demo: DemoApp;
let app: FastifyInstance;
let owner: Client;
let ownerId: string;

beforeAll(async () => {
  // Key A as SECRET_KEY would set it, so the rotation below can name it.
  setSecretKeys(parseSecretKey(KEY_A));
  demo = await demoDatabase();
  ownerId = await createAccount(demo.database.db, 'owner@example.com', 'owner-password-1');
  await setRole(demo.database.db, demo.websiteId, ownerId, TEAM_ROLES.ADMIN);
  app = await demo.start();
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

/** Every stored secret's text, by place. */
async function storedTexts(): Promise<Record<string, string[]>> {
  const texts: Record<string, string[]> = {};
  for (const place of SECRET_PLACES) texts[place.what] = await place.texts(demo.database.db);
  return texts;
}

const allTexts = async () => Object.values(await storedTexts()).flat();
const opened = async () => Object.fromEntries(Object.entries(await storedTexts()).map(([what, texts]) => [what, texts.map(unseal).sort()]));

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [...programArgs('secrets'), ...args], {
      env: { ...process.env, DATABASE_URL: demo.database.url, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the start', () => {
  it('seals every secret still stored in plain text, once, when app servers start together', async () => {
    const { pool } = demo.database;
    const websiteId = demo.websiteId;
    // Rows as a server from before sealing left them.
    await pool.query(
      `INSERT INTO smtp_settings (website_id, host, port, secure, username, password, from_address) VALUES ($1, 'smtp.example.com', 587, false, 'mailer', $2, 'studio@example.com')`,
      [websiteId, SMTP_PASSWORD],
    );
    await pool.query(
      `INSERT INTO site_captcha (website_id, provider, site_key, secret) VALUES ($1, 'recaptcha', '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', $2)`,
      [websiteId, RECAPTCHA_SECRET],
    );
    await pool.query(`INSERT INTO webhook_secrets (website_id, form_id, secret) VALUES ($1, 'a1b2c3d4e5f6a1b2c3d4e5f6', $2)`, [websiteId, WEBHOOK_SECRET]);
    await pool.query(`UPDATE websites SET multilingual = jsonb_set(multilingual, '{connection}', $2::jsonb) WHERE id = $1`, [
      websiteId,
      JSON.stringify({ provider: 'deepl', apiKey: API_KEY, connectedAt: new Date().toISOString() }),
    ]);
    await pool.query(`UPDATE accounts SET totp_secret = $2 WHERE id = $1`, [ownerId, TOTP_SEED]);
    await pool.query(
      `INSERT INTO payment_settings (website_id, stripe_publishable_key, stripe_secret_key, stripe_webhook_secret, stripe_previous_webhook_secret)
       VALUES ($1, 'pk_test_51PlainPublishableKey', $2, $3, $4)
       ON CONFLICT (website_id) DO UPDATE SET stripe_publishable_key = excluded.stripe_publishable_key, stripe_secret_key = excluded.stripe_secret_key,
         stripe_webhook_secret = excluded.stripe_webhook_secret, stripe_previous_webhook_secret = excluded.stripe_previous_webhook_secret`,
      [websiteId, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_ROLLED_SECRET],
    );
    expect(await storedSecretKeys(demo.database.db)).toEqual({ plain: 8, byKey: {} });

    const passes = await Promise.all([sealPlainSecrets(demo.database.db), sealPlainSecrets(demo.database.db)]);
    expect(passes.sort()).toEqual([0, 8]);
    expect(await sealPlainSecrets(demo.database.db)).toBe(0);
    expect(await storedSecretKeys(demo.database.db)).toEqual({ plain: 0, byKey: { [ID_A]: 8 } });
    for (const text of await allTexts()) for (const plain of PLAIN) expect(text).not.toContain(plain);
    expect(await opened()).toEqual({
      'SMTP passwords': [SMTP_PASSWORD],
      'captcha keys': [RECAPTCHA_SECRET],
      'webhook signing secrets': [WEBHOOK_SECRET],
      'translation API keys': [API_KEY],
      'two-factor seeds': [TOTP_SEED],
      'Stripe secret keys': [STRIPE_SECRET_KEY],
      'Stripe webhook signing secrets': [STRIPE_WEBHOOK_SECRET],
      'Stripe webhook signing secrets being rolled': [STRIPE_ROLLED_SECRET],
    });
    // The mailer opens what it sends with.
    const { transport } = await mailTransportFor(demo.database.db, websiteId, {
      allowPrivate: false,
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
    });
    expect(transport.options).toMatchObject({ auth: { user: 'mailer', pass: SMTP_PASSWORD } });
    transport.close();
  });

  it('stops when a stored secret is under a key the server does not have, naming the key', async () => {
    const stranger = generateSecretKey();
    setSecretKeys(parseSecretKey(stranger));
    const foreign = seal('whsec_sealed-by-another-server');
    setSecretKeys(parseSecretKey(KEY_A));
    const { pool } = demo.database;
    const [{ secret }] = (await pool.query(`SELECT secret FROM webhook_secrets`)).rows as [{ secret: string }];
    await pool.query(`UPDATE webhook_secrets SET secret = $1`, [foreign]);
    try {
      await expect(sealPlainSecrets(demo.database.db)).rejects.toThrow(
        `Stored secrets are sealed with key ${keyId(parseSecretKey(stranger))}, which this server does not have: set SECRET_KEY (and SECRET_KEY_NEXT during a rotation) to the keys the other app servers use`,
      );
    } finally {
      await pool.query(`UPDATE webhook_secrets SET secret = $1`, [secret]);
    }
  });
});

describe('what leaves the server', () => {
  it('answers a saved secret only as the fixed mask, keeps the stored one when the mask comes back, and puts none in exports, the activity log or job errors', async () => {
    expect((await owner.call('POST', '/api/labs/internal', { features: ['multilingual'] })).statusCode).toBe(200);
    const saves = [
      [
        'PUT',
        '/api/config/smtp',
        { host: '127.0.0.1', port: 2525, secure: false, username: 'mailer', password: SMTP_PASSWORD, fromAddress: 'studio@example.com' },
      ],
      ['PUT', '/api/config/captcha', { provider: 'recaptcha', siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', secret: RECAPTCHA_SECRET }],
      ['PUT', '/api/multilingual/connection', { provider: 'deepl', apiKey: API_KEY }],
    ] as const;
    for (const [method, url, body] of saves) {
      const res = await owner.call(method, url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      for (const plain of PLAIN) expect(res.body).not.toContain(plain);
    }
    const masks = async () => [
      (await owner.call('GET', '/api/config/smtp')).json().smtp.password,
      (await owner.call('GET', '/api/config/captcha')).json().secret,
      (await owner.call('GET', '/api/multilingual/settings')).json().connection.apiKey,
    ];
    expect(await masks()).toEqual([MASKED_SECRET, MASKED_SECRET, MASKED_SECRET]);

    // The screens send the mask back with the other fields: the stored secrets stay as they were.
    const before = await storedTexts();
    const [smtp, captcha, connection] = saves.map(([, , body]) => body);
    expect((await owner.call('PUT', '/api/config/smtp', { ...smtp, password: MASKED_SECRET })).statusCode).toBe(200);
    expect((await owner.call('PUT', '/api/config/captcha', { ...captcha, secret: MASKED_SECRET })).statusCode).toBe(200);
    expect((await owner.call('PUT', '/api/multilingual/connection', { ...connection, provider: 'google', apiKey: MASKED_SECRET })).statusCode).toBe(200);
    expect(await storedTexts()).toEqual(before);
    expect(await masks()).toEqual([MASKED_SECRET, MASKED_SECRET, MASKED_SECRET]);

    // A failed send's error names the refusal, never the password.
    const box = await startMailbox({ login: { user: 'mailer', pass: 'the-right-one' } });
    await owner.call('PUT', '/api/config/smtp', { ...smtp, port: box.port });
    const logs: string[] = [];
    const worker = startWorker(
      demo.database,
      { [EMAIL_JOB]: emailHandler(demo.database, { allowPrivate: true }) },
      { pollMs: 50, backoff: () => 10, log: (line) => logs.push(line) },
    );
    try {
      const test = await owner.call('POST', '/api/config/smtp/test');
      expect(test.statusCode, test.body).toBe(200);
      const lastError = async () => (await demo.database.pool.query(`SELECT status, last_error FROM jobs WHERE id = $1`, [test.json().jobId])).rows[0];
      await expect.poll(async () => (await lastError()).status, { timeout: 20_000 }).toBe('failed');
      expect((await lastError()).last_error).toMatch(/Invalid login/);
      const jobsAnswer = (await owner.call('GET', '/api/config/jobs')).body;
      for (const text of [jobsAnswer, logs.join('\n')]) expect(text).not.toContain(SMTP_PASSWORD);
    } finally {
      await worker.stop();
      await box.stop();
    }

    const exported = await owner.call('GET', '/api/config/export');
    expect(exported.statusCode).toBe(200);
    const document = await owner.call('GET', '/api/config/export/document');
    expect(document.statusCode).toBe(200);
    const activity = await owner.call('GET', '/api/config/activity');
    const sealedTexts = await allTexts();
    for (const body of [exported.body, document.body, activity.body]) {
      for (const plain of PLAIN) expect(body).not.toContain(plain);
      for (const text of sealedTexts) expect(body).not.toContain(text);
    }
  });
});

describe('npm run secrets -- rotate', () => {
  it('needs the new key as SECRET_KEY_NEXT beside SECRET_KEY, which new-key makes', async () => {
    const refused = await cli(['rotate'], { SECRET_KEY: KEY_A });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Not rotated: Give the new key as SECRET_KEY_NEXT beside SECRET_KEY');
    const made = await cli(['new-key'], {});
    expect(made.code).toBe(0);
    expect(parseSecretKey(made.stdout)).toHaveLength(32);
  });

  it('is refused, changing nothing, while an app server still seals with the old key', async () => {
    const before = await storedTexts();
    const server = new pg.Client({ connectionString: demo.database.url, application_name: sealingApplicationName(parseSecretKey(KEY_A)) });
    await server.connect();
    try {
      const res = await cli(['rotate'], { SECRET_KEY: KEY_A, SECRET_KEY_NEXT: KEY_B });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`Not rotated: an app server still seals with key ${ID_A}`);
      expect(res.stderr).toContain('Set SECRET_KEY_NEXT to the new key beside SECRET_KEY on every app server and restart them');
    } finally {
      await server.end();
    }
    expect(await storedTexts()).toEqual(before);
  });

  it('re-seals every stored secret under the new key: all open with it alone, none is left under the old key', async () => {
    const census = await storedSecretKeys(demo.database.db);
    const total = census.byKey[ID_A]!;
    expect(census).toEqual({ plain: 0, byKey: { [ID_A]: total } });
    const plainBefore = await opened();

    const res = await cli(['rotate'], { SECRET_KEY: KEY_A, SECRET_KEY_NEXT: KEY_B });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(`Re-sealed ${total} stored secrets under key ${ID_B}`);
    expect(res.stderr).toContain('none is left under another key');
    expect(res.stdout + res.stderr).not.toContain(KEY_A);
    expect(res.stdout + res.stderr).not.toContain(KEY_B);

    expect(await storedSecretKeys(demo.database.db)).toEqual({ plain: 0, byKey: { [ID_B]: total } });
    setSecretKeys(parseSecretKey(KEY_B));
    expect(await opened()).toEqual(plainBefore);
    setSecretKeys(parseSecretKey(KEY_A));
    for (const text of await allTexts()) expect(() => unseal(text)).toThrow(`sealed with key ${ID_B}, which this server does not have`);
    setSecretKeys(parseSecretKey(KEY_B));
    // The site works on under the new key.
    expect((await owner.call('GET', '/api/config/captcha')).json()).toMatchObject({ provider: 'recaptcha', secret: MASKED_SECRET });
    expect(await sealPlainSecrets(demo.database.db)).toBe(0);
  });
});
