/**
 * What a request's Host header may and may not do. A malformed one (a user part, a path, spaces,
 * control characters) is refused with 400 before anything runs; a well-formed foreign one (served
 * the default site) never reaches an emailed link (invitations, team and customer password resets,
 * sign-up confirmations), which comes from the site's own address, nor another host's cached page,
 * whose canonical link and og:url name only the host it was asked for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSettings } from '../src/server/jobs/schema';
import { TEAM_ROLES } from '../src/domain/roles';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { EMAIL_JOB, emailHandler } from '../src/server/mail/mailer';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { demoDatabase, type DemoApp } from './demo-app';
import { linkIn, mailFor, startMailbox, type Mailbox } from './mailbox';
import { client, signedIn } from './session';

let demo: DemoApp;
let app: FastifyInstance;
let worker: Worker;
let mailbox: Mailbox;

beforeAll(async () => {
  demo = await demoDatabase();
  await setRole(demo.database.db, demo.websiteId, await createAccount(demo.database.db, 'owner@example.com', 'owner-password-1'), TEAM_ROLES.ADMIN);
  await createVerifiedSiteUser(demo.database.db, demo.websiteId, 'shopper@example.com', 'shopper-password-1');
  mailbox = await startMailbox();
  await demo.database.db
    .insert(smtpSettings)
    .values({ websiteId: demo.websiteId, host: '127.0.0.1', port: mailbox.port, secure: false, fromAddress: 'studio@example.com' });
  app = await demo.start();
  worker = startWorker(
    demo.database,
    { [EMAIL_JOB]: emailHandler(demo.database, { allowPrivate: true }) },
    { pollMs: 50, backoff: () => 20, log: () => undefined },
  );
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await mailbox?.stop();
  await demo?.database.drop();
});

const page = (host: string, url = '/') => app.inject({ method: 'GET', url, headers: { host } });

describe('the Host header', () => {
  it('is refused with 400 when it is not a plain host[:port], on pages and calls alike', async () => {
    for (const host of ['demo.localhost:3000@attacker.example', 'localhost/phish', 'local host', 'localhost:3000:1', 'localhost\u0007']) {
      for (const url of ['/', '/about', '/api/auth/Me', '/sitemap.xml']) {
        const res = await page(host, url);
        expect(res.statusCode, `${host} ${url}`).toBe(400);
        expect(res.body).not.toContain('attacker');
      }
    }
  });

  it('never lets a page asked for under one host be served under another (the cache is keyed by the checked host)', async () => {
    const poisoned = await page('demo.localhost:3000@attacker.example');
    expect(poisoned.statusCode).toBe(400);
    const foreign = await page('attacker.example');
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toContain('<link rel="canonical" href="http://attacker.example/"');
    for (let i = 0; i < 2; i++) {
      const next = await page('localhost:3000');
      expect(next.body).toContain('<link rel="canonical" href="http://localhost:3000/"');
      expect(next.body).toContain('<meta property="og:url" content="http://localhost:3000/"');
      expect(next.body).not.toContain('attacker');
    }
  });

  it('never reaches an emailed link: an invitation sent through a foreign host links to the site itself', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1', 'attacker.example');
    expect((await owner.call('POST', '/api/config/team/invitations', { email: 'invitee@example.com', role: TEAM_ROLES.EDITOR })).statusCode).toBe(200);
    const mail = await mailFor(mailbox, 'invitee@example.com');
    expect(mail.body).not.toContain('attacker');
    expect(linkIn(mail, '/config/invitation', 'http://demo.sites.test')).toMatch(/^[\w-]{20,}$/);
  });

  it('never reaches an emailed link: password resets and sign-up confirmations asked for through a foreign host link to the site itself', async () => {
    const visitor = await client(app, 'attacker.example');
    expect((await visitor.call('POST', '/api/auth/PasswordReset', { email: 'owner@example.com' })).statusCode).toBe(200);
    expect(
      (await visitor.call('POST', '/api/site-users/account', { email: 'newcomer@example.com', password: 'a long enough passphrase', displayName: 'New' }))
        .statusCode,
    ).toBe(200);
    expect((await visitor.call('POST', '/api/site-users/account/password-reset', { email: 'shopper@example.com' })).statusCode).toBe(200);
    const [reset, verify, customerReset] = [
      await mailFor(mailbox, 'owner@example.com'),
      await mailFor(mailbox, 'newcomer@example.com'),
      await mailFor(mailbox, 'shopper@example.com'),
    ];
    for (const mail of [reset, verify, customerReset]) expect(mail.body).not.toContain('attacker');
    expect(linkIn(reset, '/config/reset-password', 'http://demo.sites.test')).toMatch(/^[\w-]{20,}$/);
    expect(linkIn(verify, '/account/verify', 'http://demo.sites.test')).toMatch(/^[\w-]{20,}$/);
    expect(linkIn(customerReset, '/account/reset-password', 'http://demo.sites.test')).toMatch(/^[\w-]{20,}$/);
  });

  it("links visitors to the site's first custom domain, and team members to the config area on its identifier subdomain", async () => {
    await demo.database.pool.query(
      `WITH changed AS (UPDATE websites SET settings = settings || '{"customDomains":["shop.juniper.example"]}'::jsonb WHERE id = $1 RETURNING id) SELECT pg_notify('site_changed', id) FROM changed`,
      [demo.websiteId],
    );
    // The change reaches the app's host lookups through the change notification: wait until it has.
    const asked = { hostHeader: { hostname: 'attacker.example', port: undefined, host: 'attacker.example' } } as FastifyRequest;
    await expect.poll(async () => (await app.siteForRequest(asked))?.settings).toMatchObject({ customDomains: ['shop.juniper.example'] });
    const visitor = await client(app, 'attacker.example');
    await visitor.call('POST', '/api/auth/PasswordReset', { email: 'owner@example.com' });
    await visitor.call('POST', '/api/site-users/account/password-reset', { email: 'shopper@example.com' });
    expect(linkIn(await mailFor(mailbox, 'owner@example.com', 2), '/config/reset-password', 'http://demo.sites.test')).toMatch(/^[\w-]{20,}$/);
    expect(linkIn(await mailFor(mailbox, 'shopper@example.com', 2), '/account/reset-password', 'http://shop.juniper.example')).toMatch(/^[\w-]{20,}$/);
  });
});
