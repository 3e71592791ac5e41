/**
 * A site's own SMTP settings (GET, PUT, DELETE /api/config/smtp, POST /api/config/smtp/test):
 * ADMIN only; the password is never answered back, and a save without one keeps it; bad input is
 * refused with 400, a message per field, and nothing written; the test email arrives through the
 * site's own server (signing in with its credentials), or the server-wide default once the site's
 * settings are removed. Password reset links for an account that is on other sites too never go
 * through a site's own server.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { TEAM_ROLES } from '../src/domain/roles';
import { MASKED_SECRET } from '../src/domain/secrets';
import { loadDocument } from '../src/document/load';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { EMAIL_JOB, emailHandler } from '../src/server/mail/mailer';
import { unseal } from '../src/server/secrets/sealed';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { siteNamed } from './fixtures';
import { startMailbox, type Mailbox, type Received } from './mailbox';
import { client, signedIn } from './session';

const SECRET = 'correct horse battery staple';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let worker: Worker;
let websiteId: string;
let siteBox: Mailbox;
let serverBox: Mailbox;

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  const owner = await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  await setRole(database.db, websiteId, owner, TEAM_ROLES.ADMIN);
  const manager = await createAccount(database.db, 'manager@example.com', 'manager-password-1');
  await setRole(database.db, websiteId, manager, TEAM_ROLES.WEBSITE_MANAGER);
  siteBox = await startMailbox({ login: { user: 'site-mailer', pass: SECRET } });
  serverBox = await startMailbox();
  app = await demo.start();
  worker = startWorker(database, { [EMAIL_JOB]: emailHandler(database, { allowPrivate: true }) }, { pollMs: 50, backoff: () => 50, log: () => undefined });
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await siteBox?.stop();
  await serverBox?.stop();
  await database?.drop();
});

const owner = () => signedIn(app, 'owner@example.com', 'owner-password-1');
const noServerDefault = () => vi.stubEnv('SMTP_URL', '');
const serverDefault = () => {
  vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${serverBox.port}`);
  vi.stubEnv('MAIL_FROM', 'server@example.com');
};
const siteSettings = () => ({
  host: '127.0.0.1',
  port: siteBox.port,
  secure: false,
  username: 'site-mailer',
  password: SECRET,
  fromAddress: 'studio@juniper.example',
});

async function storedRows() {
  const smtp = (await database.pool.query('SELECT * FROM smtp_settings ORDER BY website_id')).rows;
  const jobs = (await database.pool.query('SELECT count(*)::int AS n FROM jobs')).rows[0].n;
  return { smtp, jobs };
}

/** The body with quoted-printable soft line breaks joined (long lines go out so). */
const bodyText = (mail: Received) => mail.body.replace(/=\r\n/g, '');

async function mailTo(box: Mailbox, address: string, count = 1) {
  await expect.poll(() => box.received.filter((m) => m.to.includes(address)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return box.received.filter((m) => m.to.includes(address)).at(-1)!;
}

describe('SMTP settings', () => {
  it('answers that no mail server is in use, and refuses a test email with 409 without queueing one', async () => {
    noServerDefault();
    const c = await owner();
    const res = await c.call('GET', '/api/config/smtp');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ smtp: null, inUse: 'none', serverDefault: null });
    const before = await storedRows();
    const test = await c.call('POST', '/api/config/smtp/test');
    expect(test.statusCode).toBe(409);
    expect(test.json().error).toBe('No mail server is set up for this site or this server: save the SMTP settings first.');
    expect(await storedRows()).toEqual(before);
  });

  it("saves the site's server; the password is never answered back, and the test email arrives through that server", async () => {
    noServerDefault();
    const c = await owner();
    const put = await c.call('PUT', '/api/config/smtp', siteSettings());
    expect(put.statusCode, put.body).toBe(200);
    expect(put.body).not.toContain(SECRET);
    const got = await c.call('GET', '/api/config/smtp');
    expect(got.body).not.toContain(SECRET);
    expect(got.json()).toEqual({
      smtp: {
        host: '127.0.0.1',
        port: siteBox.port,
        secure: false,
        username: 'site-mailer',
        fromAddress: 'studio@juniper.example',
        passwordSet: true,
        password: MASKED_SECRET,
      },
      inUse: 'site',
      serverDefault: null,
    });
    const activity = await database.pool.query(`SELECT action, detail::text FROM activity_log WHERE website_id = $1 AND action LIKE 'mail.%'`, [websiteId]);
    expect(activity.rows).toEqual([{ action: 'mail.smtp_updated', detail: expect.not.stringContaining(SECRET) }]);

    const test = await c.call('POST', '/api/config/smtp/test');
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ ok: true, to: 'owner@example.com' });
    const mail = await mailTo(siteBox, 'owner@example.com');
    expect(mail.user).toBe('site-mailer');
    expect(mail.from).toBe('studio@juniper.example');
    expect(mail.headers.get('subject')).toBe('Test email from Juniper Ceramics');
    expect(bodyText(mail)).toContain("the site's own mail server");
    const { rows } = await database.pool.query('SELECT website_id, kind FROM jobs WHERE id = $1', [test.json().jobId]);
    expect(rows).toEqual([{ website_id: websiteId, kind: 'email' }]);
  });

  it('keeps the stored password, sealed, when a save leaves it out or sends the mask back, and drops it with the user name', async () => {
    noServerDefault();
    const c = await owner();
    const { password: _password, ...withoutPassword } = siteSettings();
    expect((await c.call('PUT', '/api/config/smtp', { ...withoutPassword, fromAddress: 'hello@juniper.example' })).statusCode).toBe(200);
    const [row] = (await storedRows()).smtp;
    expect(row).toMatchObject({ password: expect.stringMatching(/^sealed:v1:/), from_address: 'hello@juniper.example' });
    expect(row.password).not.toContain(SECRET);
    expect(unseal(row.password)).toBe(SECRET);
    expect((await c.call('POST', '/api/config/smtp/test')).statusCode).toBe(200);
    const mail = await mailTo(siteBox, 'owner@example.com', 2);
    expect(mail.user).toBe('site-mailer');
    expect(mail.from).toBe('hello@juniper.example');

    expect((await c.call('PUT', '/api/config/smtp', { ...withoutPassword, password: MASKED_SECRET })).statusCode).toBe(200);
    expect(unseal((await storedRows()).smtp[0].password)).toBe(SECRET);
    expect((await c.call('POST', '/api/config/smtp/test')).statusCode).toBe(200);
    expect((await mailTo(siteBox, 'owner@example.com', 3)).user).toBe('site-mailer');

    expect((await c.call('PUT', '/api/config/smtp', { ...withoutPassword, username: '' })).statusCode).toBe(200);
    expect((await storedRows()).smtp[0]).toMatchObject({ username: null, password: null });
    expect((await c.call('GET', '/api/config/smtp')).json().smtp).toMatchObject({ username: null, passwordSet: false });
    expect((await c.call('PUT', '/api/config/smtp', siteSettings())).statusCode).toBe(200);
  });

  it('refuses bad input with 400, a message for each field, and writes nothing', async () => {
    const c = await owner();
    const before = await storedRows();
    const good = siteSettings();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...good, port: 0 }, ['port']],
      [{ ...good, port: 65536 }, ['port']],
      [{ ...good, port: '587' }, ['port']],
      [{ ...good, port: 25.5 }, ['port']],
      [{ ...good, host: '' }, ['host']],
      [{ ...good, host: 'smtp example com' }, ['host']],
      [{ ...good, fromAddress: 'not an email' }, ['fromAddress']],
      [{ ...good, secure: 'yes' }, ['secure']],
      [{ ...good, password: 'two\r\nlines' }, ['password']],
      [{ ...good, tls: true }, ['_']],
      [{}, ['fromAddress', 'host', 'port', 'secure']],
    ];
    for (const [body, fields] of cases) {
      const res = await c.call('PUT', '/api/config/smtp', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual(fields);
      expect(res.body).not.toContain(SECRET);
    }
    const res = await c.call('PUT', '/api/config/smtp', { ...good, port: 70000, fromAddress: 'nope' });
    expect(res.json().errors).toEqual({ port: 'Enter a port number from 1 to 65535.', fromAddress: 'Enter the From address, such as hello@example.com.' });
    expect(await storedRows()).toEqual(before);
  });

  it('is for ADMINs only: a WEBSITE_MANAGER may neither read nor change where mail goes', async () => {
    const manager = await signedIn(app, 'manager@example.com', 'manager-password-1');
    const before = await storedRows();
    expect((await manager.call('GET', '/api/config/smtp')).statusCode).toBe(403);
    expect((await manager.call('PUT', '/api/config/smtp', { ...siteSettings(), host: 'evil.example' })).statusCode).toBe(403);
    expect((await manager.call('DELETE', '/api/config/smtp')).statusCode).toBe(403);
    expect((await manager.call('POST', '/api/config/smtp/test')).statusCode).toBe(403);
    expect((await (await client(app)).call('GET', '/api/config/smtp')).statusCode).toBe(401);
    expect(await storedRows()).toEqual(before);
  });

  it("never sends a password reset link through the site's server for an account that is on another site too", async () => {
    serverDefault();
    const loaded = loadDocument(siteNamed('elsewhere', 'Elsewhere'), siteDocumentSchema);
    if (!loaded.ok) throw new Error('fixture invalid');
    const other = await writeSiteDocument(database.db, loaded.document);
    const shared = await createAccount(database.db, 'shared@example.com', 'shared-password-1');
    await setRole(database.db, websiteId, shared, TEAM_ROLES.EDITOR);
    await setRole(database.db, other.websiteId, shared, TEAM_ROLES.ADMIN);
    const only = await createAccount(database.db, 'only-here@example.com', 'only-here-password-1');
    await setRole(database.db, websiteId, only, TEAM_ROLES.EDITOR);
    await createAccount(database.db, 'stranger@example.com', 'stranger-password-1');

    const asker = await client(app);
    for (const email of ['shared@example.com', 'only-here@example.com', 'stranger@example.com']) {
      expect((await asker.call('POST', '/api/auth/PasswordReset', { email })).statusCode).toBe(200);
    }
    expect((await mailTo(serverBox, 'shared@example.com')).headers.get('subject')).toBe('Reset your password');
    await mailTo(serverBox, 'stranger@example.com');
    await mailTo(siteBox, 'only-here@example.com');
    expect(siteBox.received.some((m) => m.to.includes('shared@example.com') || m.to.includes('stranger@example.com'))).toBe(false);
  });

  it("goes back to the server's default mail server when the site's settings are removed", async () => {
    serverDefault();
    const c = await owner();
    const del = await c.call('DELETE', '/api/config/smtp');
    expect(del.statusCode, del.body).toBe(200);
    expect((await storedRows()).smtp).toEqual([]);
    expect((await c.call('GET', '/api/config/smtp')).json()).toEqual({ smtp: null, inUse: 'server', serverDefault: { fromAddress: 'server@example.com' } });
    expect((await c.call('DELETE', '/api/config/smtp')).statusCode).toBe(200);

    const before = siteBox.received.length;
    expect((await c.call('POST', '/api/config/smtp/test')).statusCode).toBe(200);
    const mail = await mailTo(serverBox, 'owner@example.com');
    expect(mail.from).toBe('server@example.com');
    expect(bodyText(mail)).toContain("the server's default mail server");
    expect(siteBox.received.length).toBe(before);
    const activity = await database.pool.query(`SELECT action FROM activity_log WHERE website_id = $1 AND action = 'mail.smtp_removed'`, [websiteId]);
    expect(activity.rowCount).toBe(1);
  });
});
