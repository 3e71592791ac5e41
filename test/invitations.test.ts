/**
 * Invitations and password resets end to end through the job queue to a local SMTP server, and the
 * failed-jobs view an ADMIN uses to retry an email that could not be sent.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSettings } from '../src/server/jobs/schema';
import { TEAM_ROLES } from '../src/domain/roles';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { EMAIL_JOB, emailHandler } from '../src/server/mail/mailer';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { eq } from 'drizzle-orm';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { linkIn, mailFor, startMailbox, type Mailbox } from './mailbox';
import { client, signedIn } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let worker: Worker;
let mailbox: Mailbox;
let websiteId: string;

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  const owner = await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  await setRole(database.db, websiteId, owner, TEAM_ROLES.ADMIN);
  mailbox = await startMailbox();
  await database.db.insert(smtpSettings).values({ websiteId, host: '127.0.0.1', port: mailbox.port, secure: false, fromAddress: 'studio@example.com' });
  app = await demo.start();
  worker = startWorker(database, { [EMAIL_JOB]: emailHandler(database, { allowPrivate: true }) }, { pollMs: 50, backoff: () => 20, log: () => undefined });
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await mailbox?.stop();
  await database?.drop();
});

const mailTo = (address: string, count = 1) => mailFor(mailbox, address, count);
/** The demo site's own address in these tests: its identifier under the app domain. */
const SITE_ORIGIN = 'http://demo.sites.test';

describe('invitations', () => {
  it('an ADMIN invites by email with a role; the invitee sets a password and joins with that role', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    const res = await owner.call('POST', '/api/config/team/invitations', { email: 'New.Editor@example.com', role: TEAM_ROLES.EDITOR });
    expect(res.statusCode, res.body).toBe(200);
    const pending = (await owner.call('GET', '/api/config/team/invitations')).json().invitations;
    expect(pending).toEqual([expect.objectContaining({ email: 'new.editor@example.com', role: TEAM_ROLES.EDITOR })]);
    const mail = await mailTo('new.editor@example.com');
    expect(mail.headers.get('subject')).toBe('You are invited to Juniper Ceramics');
    // The link comes from the site's own address, not from the Host the invitation was sent with.
    const token = linkIn(mail, '/config/invitation', SITE_ORIGIN);

    const invitee = await client(app);
    const short = await invitee.call('POST', '/api/auth/AcceptInvitation', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Choose a password of at least 8 characters; 12 or more is better.');
    const accepted = await invitee.call('POST', '/api/auth/AcceptInvitation', { token, password: 'a-long-new-password' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await invitee.call('GET', '/api/auth/Me')).json()).toMatchObject({ roleName: 'EDITOR' });
    const reused = await (await client(app)).call('POST', '/api/auth/AcceptInvitation', { token, password: 'a-long-new-password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('This invitation is no longer valid. Ask the site owner for a new one.');
  });

  it('an invitation expires after 7 days', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    await owner.call('POST', '/api/config/team/invitations', { email: 'late@example.com', role: TEAM_ROLES.VIEWER });
    const token = linkIn(await mailTo('late@example.com'), '/config/invitation', SITE_ORIGIN);
    await database.pool.query(`UPDATE invitations SET expires_at = created_at + interval '7 days' WHERE email = 'late@example.com'`);
    await database.pool.query(
      `UPDATE invitations SET created_at = created_at - interval '7 days', expires_at = expires_at - interval '7 days' WHERE email = 'late@example.com'`,
    );
    const res = await (await client(app)).call('POST', '/api/auth/AcceptInvitation', { token, password: 'a-long-new-password' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a malformed invitation with 400 and writes nothing', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    const before = (await database.pool.query('SELECT count(*) FROM invitations')).rows;
    const res = await owner.call('POST', '/api/config/team/invitations', { email: 'not an email', role: 99 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'role']);
    expect((await database.pool.query('SELECT count(*) FROM invitations')).rows).toEqual(before);
  });
});

describe('password reset', () => {
  it('emails a one-hour, one-use link; the new password works, the old one no longer does, and sessions end', async () => {
    const account = await createAccount(database.db, 'forgetful@example.com', 'the-old-password');
    await setRole(database.db, websiteId, account, TEAM_ROLES.VIEWER);
    const old = await signedIn(app, 'forgetful@example.com', 'the-old-password');
    const asker = await client(app);
    const ask = await asker.call('POST', '/api/auth/PasswordReset', { email: 'forgetful@example.com' });
    const unknown = await asker.call('POST', '/api/auth/PasswordReset', { email: 'nobody@example.com' });
    expect(unknown.json()).toEqual(ask.json());
    const token = linkIn(await mailTo('forgetful@example.com'), '/config/reset-password', 'http://demo.sites.test');
    const done = await asker.call('POST', '/api/auth/PasswordReset/Complete', { token, password: 'the-new-password' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await asker.call('POST', '/api/auth/PasswordReset/Complete', { token, password: 'another-password' })).statusCode).toBe(400);
    expect((await old.call('GET', '/api/auth/Me')).statusCode).toBe(401);
    expect((await (await client(app)).call('POST', '/api/auth/Login', { email: 'forgetful@example.com', password: 'the-old-password' })).statusCode).toBe(401);
    await signedIn(app, 'forgetful@example.com', 'the-new-password');
    expect(mailbox.received.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });
});

describe('failed jobs', () => {
  it('shows an email that could not be sent to ADMINs, who retry it once the mail server works', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    await database.db.update(smtpSettings).set({ port: 1 }).where(eq(smtpSettings.websiteId, websiteId));
    await owner.call('POST', '/api/config/team/invitations', { email: 'unlucky@example.com', role: TEAM_ROLES.VIEWER });
    await expect.poll(async () => (await owner.call('GET', '/api/config/jobs?status=failed')).json().jobs.length, { timeout: 15_000 }).toBe(1);
    const [failed] = (await owner.call('GET', '/api/config/jobs?status=failed')).json().jobs;
    expect(failed).toMatchObject({ kind: 'email', status: 'failed', attempts: 12 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    await database.db.update(smtpSettings).set({ port: mailbox.port }).where(eq(smtpSettings.websiteId, websiteId));
    expect((await owner.call('POST', `/api/config/jobs/${failed.id}/retry`)).statusCode).toBe(200);
    await mailTo('unlucky@example.com');
    expect((await owner.call('POST', '/api/config/jobs/999999/retry')).statusCode).toBe(404);
  });
});
