/**
 * Newsletter sign-ups (issue 4 item 7): `POST /api/newsletter/subscribe` only for a list of a
 * published newsletter block of the site, with the shared email rule, the block's captcha, a
 * honeypot that is answered as a success and keeps nothing, and rate limits; a pending subscriber
 * and its confirmation email are written together (double opt-in). The confirmation page and the
 * unsubscribe page (page type 300) show a button and change nothing until it is pressed; every
 * email carries an unsubscribe link whose token names the subscriber without showing the address,
 * built from the site's own address, and List-Unsubscribe headers whose one-click address a mail
 * provider may POST to with no crumb or cookie (RFC 8058).
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { forms } from '../src/messages/forms';
import { newsletter as newsletterMessages } from '../src/messages/newsletter';
import { loadDocument } from '../src/document/load';
import { NEWSLETTER_LIMITS } from '../src/server/modules/forms/routes/newsletter';
import { chooseAltcha } from '../src/server/modules/sites/captcha';
import { confirmSubscription, unsubscribeTokenValid, unsubscribeUrl } from '../src/server/modules/forms/newsletter';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { siteNamed } from './fixtures';

const LIST_ID = 'c0a7ac7f0000000000000008';
const SUCCESS = 'Thank you! Check your email to confirm your subscription.';
const OTHER_HOST = 'other.sites.test';
/** The demo site's own address (its identifier on the test app's domain): every link in its emails starts here. */
const SITE_ORIGIN = 'http://demo.sites.test';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let otherId: string;

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  // Another site like the demo, whose newsletter block asks for the captcha.
  const doc = siteNamed('other', 'Other');
  for (const block of doc.pages.flatMap((p) => p.sections.flatMap((s) => s.blocks))) {
    if (block.type === 13) (block.data as { captcha: boolean }).captcha = true;
  }
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(`fixture invalid: ${JSON.stringify(loaded.errors)}`);
  otherId = (await writeSiteDocument(database.db, loaded.document)).websiteId;
  app = await demo.start();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
beforeEach(async () => {
  await database.pool.query('DELETE FROM rate_limits');
});

type Visitor = {
  post(url: string, body: Record<string, string> | string, opts?: { form?: boolean; crumb?: boolean }): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
};

let addresses = 0;

/** A visitor with a crumb from a page view, on an address of its own (rate limits count per address). */
async function visitor(host = 'localhost'): Promise<Visitor> {
  const remoteAddress = `198.51.100.${++addresses}`;
  const first = await app.inject({ method: 'GET', url: '/', headers: { host }, remoteAddress });
  const crumb = (first.cookies as { name: string; value: string }[]).find((c) => c.name === 'crumb')!.value;
  const cookie = `crumb=${crumb}`;
  return {
    post: (url, body, opts = {}) =>
      app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: {
          host,
          cookie,
          ...(opts.crumb === false ? {} : { 'x-csrf-token': crumb }),
          'content-type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json',
        },
        payload: typeof body === 'string' ? body : opts.form ? new URLSearchParams(body).toString() : JSON.stringify(body),
      }),
    get: (url) => app.inject({ method: 'GET', url, headers: { host, cookie }, remoteAddress }),
  };
}

type Row = { email: string; name: string | null; status: string; confirm_token_hash: string | null; confirmed_at: Date | null; unsubscribed_at: Date | null };

async function subscribers(id = websiteId): Promise<Row[]> {
  return (await database.pool.query<Row>('SELECT * FROM newsletter_subscribers WHERE website_id = $1 ORDER BY email', [id])).rows;
}

type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> };

async function mailsTo(address: string): Promise<Mail[]> {
  const { rows } = await database.pool.query<{ payload: Mail }>(`SELECT payload FROM jobs WHERE kind = 'email' AND payload->>'to' = $1 ORDER BY id`, [address]);
  return rows.map((r) => r.payload);
}

function linkIn(mail: Mail, path: string): string {
  const m = new RegExp(`${SITE_ORIGIN}${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in:\n${mail.text}`);
  return m[1]!;
}

/**
 * The token with one character of its sealing tag changed. (Changing its last characters could
 * leave its bytes as they were: base64's last character may carry padding bits.)
 */
function tamperedToken(token: string): string {
  return `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
}

const CONFIRM_PATH = '/newsletter-subscription/confirm';
const UNSUBSCRIBE_PATH = '/newsletter-subscription/unsubscribe';

describe('signing up', () => {
  it('stores a pending subscriber and emails the confirmation link (form-encoded, as the island sends it)', async () => {
    const v = await visitor();
    const res = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'Ada@Example.com', name: 'Ada', honeypot: '' }, { form: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS });
    expect(await subscribers()).toMatchObject([{ email: 'ada@example.com', name: 'Ada', status: 'pending', confirm_token_hash: expect.any(String) }]);
    const [mail] = await mailsTo('ada@example.com');
    expect(mail!.subject).toBe('Confirm your subscription to Kiln opening news (Juniper Ceramics)');
    expect(linkIn(mail!, CONFIRM_PATH)).toBeTruthy();
    // Every newsletter email has the unsubscribe link; its token does not show the address.
    const token = linkIn(mail!, UNSUBSCRIBE_PATH);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('ada@');
    expect(unsubscribeTokenValid(websiteId, token)).toBe(true);
  });

  it('takes JSON too, and answers 400 with the shared email message for a bad address', async () => {
    const v = await visitor();
    const bad = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: forms.invalidFields,
      errors: { email: 'Email is not valid. Email addresses should follow the format name@example.com.' },
    });
    const missing = await v.post('/api/newsletter/subscribe', { listId: LIST_ID });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('email');
    const tooLong = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: `${'a'.repeat(250)}@example.com` });
    expect(tooLong.statusCode).toBe(400);
    expect((await subscribers()).map((r) => r.email)).not.toContain('not-an-email');
  });

  it('answers 404 for a list no published newsletter block of this site has', async () => {
    const v = await visitor();
    const unknown = await v.post('/api/newsletter/subscribe', { listId: 'ffffffffffffffffffffffff', email: 'bob@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: forms.notConfigured });
    // The same list on a draft page of another site.
    await database.pool.query(`UPDATE pages SET status = 4 WHERE website_id = $1 AND path = '/contact'`, [otherId]);
    const draft = await (await visitor(OTHER_HOST)).post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'bob@example.com' });
    expect(draft.statusCode).toBe(404);
    await database.pool.query(`UPDATE pages SET status = 1 WHERE website_id = $1 AND path = '/contact'`, [otherId]);
    expect((await v.post('/api/newsletter/subscribe', { listId: 'not hex', email: 'bob@example.com' })).statusCode).toBe(400);
  });

  it('refuses a call without the crumb', async () => {
    const v = await visitor();
    const res = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'carol@example.com' }, { crumb: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ crumbFail: true });
  });

  it('answers a filled honeypot with success and keeps nothing', async () => {
    const before = (await database.pool.query('SELECT count(*)::int AS n FROM jobs')).rows[0].n as number;
    const v = await visitor();
    const res = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'bot@example.com', honeypot: 'http://spam.example' }, { form: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS });
    expect((await subscribers()).map((r) => r.email)).not.toContain('bot@example.com');
    expect((await database.pool.query('SELECT count(*)::int AS n FROM jobs')).rows[0].n).toBe(before);
  });

  it('limits sign-ups per visitor with the seed’s rate-limit message', async () => {
    const v = await visitor();
    for (let i = 0; i < NEWSLETTER_LIMITS.signUps.max; i++) {
      expect((await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'x' })).statusCode).toBe(400);
    }
    const res = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'dan@example.com' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: forms.rateLimited });
    // Another visitor is not held back.
    expect((await (await visitor()).post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'dan@example.com' })).statusCode).toBe(200);
  });

  it('sends a pending address a new link each time, up to three emails a day, and the newest link is the good one', async () => {
    const address = 'erin@example.com';
    for (let i = 0; i < NEWSLETTER_LIMITS.confirmationEmails.max + 2; i++) {
      expect((await (await visitor()).post('/api/newsletter/subscribe', { listId: LIST_ID, email: address })).statusCode).toBe(200);
    }
    const mails = await mailsTo(address);
    expect(mails.length).toBe(NEWSLETTER_LIMITS.confirmationEmails.max);
    const v = await visitor();
    expect((await v.post('/api/newsletter/confirm', { token: linkIn(mails[0]!, CONFIRM_PATH) })).statusCode).toBe(400);
    expect((await v.post('/api/newsletter/confirm', { token: linkIn(mails.at(-1)!, CONFIRM_PATH) })).statusCode).toBe(200);
  });
});

describe('confirming', () => {
  it('shows a button on the page the email links to, and confirms only when it is pressed', async () => {
    const v = await visitor();
    await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'fay@example.com' });
    const token = linkIn((await mailsTo('fay@example.com'))[0]!, CONFIRM_PATH);

    const page = await v.get(`${CONFIRM_PATH}?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).toContain('Confirm my subscription');
    expect(page.body).toContain(`data-token="${token}"`);
    expect(page.body).toContain('Juniper Ceramics');
    expect((await subscribers()).find((r) => r.email === 'fay@example.com')!.status).toBe('pending');

    const confirmed = await v.post('/api/newsletter/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: newsletterMessages.confirmed });
    expect((await subscribers()).find((r) => r.email === 'fay@example.com')).toMatchObject({
      status: 'confirmed',
      confirm_token_hash: null,
      confirmed_at: expect.any(Date),
    });
    const welcome = (await mailsTo('fay@example.com'))[1]!;
    expect(welcome.subject).toBe('You are subscribed to Kiln opening news (Juniper Ceramics)');
    expect(unsubscribeTokenValid(websiteId, linkIn(welcome, UNSUBSCRIBE_PATH))).toBe(true);

    const again = await v.post('/api/newsletter/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: newsletterMessages.confirmLinkInvalid });
  });

  it('gives a confirmed address the same answer, no second row and no email', async () => {
    const mailsBefore = (await mailsTo('fay@example.com')).length;
    const res = await (await visitor()).post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'FAY@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS });
    expect((await subscribers()).filter((r) => r.email === 'fay@example.com')).toMatchObject([{ status: 'confirmed' }]);
    expect((await mailsTo('fay@example.com')).length).toBe(mailsBefore);
  });

  it('refuses a token of another site, a made-up one and an expired one', async () => {
    const v = await visitor();
    await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'gus@example.com' });
    const token = linkIn((await mailsTo('gus@example.com'))[0]!, CONFIRM_PATH);
    expect((await (await visitor(OTHER_HOST)).post('/api/newsletter/confirm', { token })).statusCode).toBe(400);
    expect((await v.post('/api/newsletter/confirm', { token: 'made-up' })).statusCode).toBe(400);
    // Eight days later the link has expired, though the subscriber is still pending.
    const mail = { origin: 'http://localhost', siteTitle: 'Juniper Ceramics', listTitle: async () => 'Kiln opening news' };
    await expect(confirmSubscription(database.db, websiteId, token, mail, Date.now() + 8 * 24 * 3600 * 1000)).resolves.toBeUndefined();
    expect((await subscribers()).find((r) => r.email === 'gus@example.com')!.status).toBe('pending');
    await expect(confirmSubscription(database.db, websiteId, token, mail, Date.now() + 6 * 24 * 3600 * 1000)).resolves.toEqual({
      listId: LIST_ID,
      email: 'gus@example.com',
    });
    const empty = await v.get(CONFIRM_PATH);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain(newsletterMessages.confirmLinkInvalid);
    expect(empty.body).not.toContain('Confirm my subscription');
  });
});

describe('unsubscribing', () => {
  it('shows the unsubscribe page (type 300) with a button, and unsubscribes only when it is pressed', async () => {
    const token = linkIn((await mailsTo('fay@example.com')).at(-1)!, UNSUBSCRIBE_PATH);
    const v = await visitor();
    const page = await v.get(`${UNSUBSCRIBE_PATH}?token=${token}`);
    expect(page.statusCode).toBe(200);
    // covers 000-2.32 (newsletter unsubscribe 300)
    expect(page.body).toMatch(/<main id="content" class="page page-type-300"/);
    expect(page.body).toContain('>Unsubscribe</button>');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect((await subscribers()).find((r) => r.email === 'fay@example.com')!.status).toBe('confirmed');

    const res = await v.post('/api/newsletter/unsubscribe', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: newsletterMessages.unsubscribed });
    expect((await subscribers()).find((r) => r.email === 'fay@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(Date) });
    // A second press (or an old email) says the same.
    expect((await v.post('/api/newsletter/unsubscribe', { token })).statusCode).toBe(200);
  });

  it('refuses tampered tokens and tokens of another site', async () => {
    const token = unsubscribeUrl('http://localhost', websiteId, LIST_ID, 'hal@example.com').split('token=')[1]!;
    const tampered = tamperedToken(token);
    const v = await visitor();
    expect((await v.post('/api/newsletter/unsubscribe', { token: tampered })).statusCode).toBe(400);
    const page = await v.get(`${UNSUBSCRIBE_PATH}?token=${tampered}`);
    expect(page.body).toContain(newsletterMessages.unsubscribeLinkInvalid);
    expect(page.body).not.toContain('>Unsubscribe</button>');
    const elsewhere = await (await visitor(OTHER_HOST)).post('/api/newsletter/unsubscribe', { token });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ error: newsletterMessages.unsubscribeLinkInvalid });
  });

  it('lets an unsubscribed address sign up again, confirming again', async () => {
    const v = await visitor();
    await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'fay@example.com' });
    expect((await subscribers()).find((r) => r.email === 'fay@example.com')!.status).toBe('pending');
    const token = linkIn((await mailsTo('fay@example.com')).at(-1)!, CONFIRM_PATH);
    expect((await v.post('/api/newsletter/confirm', { token })).statusCode).toBe(200);
    expect((await subscribers()).find((r) => r.email === 'fay@example.com')).toMatchObject({ status: 'confirmed', unsubscribed_at: null });
  });
});

describe('the links and headers of newsletter emails', () => {
  /** The one-click address a mail's List-Unsubscribe header names, as a path to post to. */
  function oneClickPath(mail: Mail): string {
    const m = /^<(http:\/\/[^/>]+)(\/api\/newsletter\/one-click-unsubscribe\?token=[A-Za-z0-9_-]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '');
    if (!m) throw new Error(`no List-Unsubscribe header: ${JSON.stringify(mail.headers)}`);
    expect(m[1]).toBe(SITE_ORIGIN);
    return m[2]!;
  }

  /** A mail provider's server: no crumb, no cookie, another address. */
  const provider = (url: string, payload: string, contentType: string, host = 'localhost') =>
    app.inject({ method: 'POST', url, headers: { host, 'content-type': contentType }, payload, remoteAddress: '192.0.2.25' });

  it('are built from the site’s own address, whatever Host the sign-up came with', async () => {
    // The default site answers any host that names no site: a forged one must not reach the email.
    const v = await visitor('attacker.example');
    expect((await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'mia@example.com' })).statusCode).toBe(200);
    const [mail] = await mailsTo('mia@example.com');
    expect(mail!.text).not.toContain('attacker.example');
    expect(linkIn(mail!, CONFIRM_PATH)).toBeTruthy();
    expect(linkIn(mail!, UNSUBSCRIBE_PATH)).toBeTruthy();
    expect(mail!.headers?.['List-Unsubscribe']).not.toContain('attacker.example');
  });

  it('carry List-Unsubscribe with the one-click address and List-Unsubscribe-Post, in the confirmation and the welcome', async () => {
    const v = await visitor();
    await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'ned@example.com' });
    const [confirmation] = await mailsTo('ned@example.com');
    expect(confirmation!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(oneClickPath(confirmation!)).toBeTruthy();
    expect((await v.post('/api/newsletter/confirm', { token: linkIn(confirmation!, CONFIRM_PATH) })).statusCode).toBe(200);
    const welcome = (await mailsTo('ned@example.com'))[1]!;
    expect(welcome.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = new URL(`${SITE_ORIGIN}${oneClickPath(welcome)}`).searchParams.get('token')!;
    expect(unsubscribeTokenValid(websiteId, token)).toBe(true);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('ned@');
  });

  it('unsubscribe in one click with the token alone, form-encoded or multipart, with no crumb or cookie', async () => {
    for (const email of ['olga@example.com', 'pat@example.com']) {
      const v = await visitor();
      await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email });
      expect((await v.post('/api/newsletter/confirm', { token: linkIn((await mailsTo(email))[0]!, CONFIRM_PATH) })).statusCode).toBe(200);
    }
    const olga = oneClickPath((await mailsTo('olga@example.com'))[1]!);
    const form = await provider(olga, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toEqual({ message: newsletterMessages.unsubscribed });
    expect((await subscribers()).find((r) => r.email === 'olga@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(Date) });
    expect((await subscribers()).find((r) => r.email === 'pat@example.com')!.status).toBe('confirmed');

    const pat = oneClickPath((await mailsTo('pat@example.com'))[1]!);
    const boundary = '----provider7MA4YWxkTrZu0gW';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const sent = await provider(pat, multipart, `multipart/form-data; boundary=${boundary}`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await subscribers()).find((r) => r.email === 'pat@example.com')!.status).toBe('unsubscribed');
    // Again (a provider's retry) says the same.
    expect((await provider(pat, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded')).statusCode).toBe(200);
  });

  it('refuse a one-click post without the RFC 8058 body, with a forged token or on another site, and change nothing on a GET', async () => {
    const v = await visitor();
    await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'quinn@example.com' });
    expect((await v.post('/api/newsletter/confirm', { token: linkIn((await mailsTo('quinn@example.com'))[0]!, CONFIRM_PATH) })).statusCode).toBe(200);
    const path = oneClickPath((await mailsTo('quinn@example.com'))[1]!);
    const token = new URL(`${SITE_ORIGIN}${path}`).searchParams.get('token')!;
    const tampered = tamperedToken(token);
    const form = 'application/x-www-form-urlencoded';
    expect((await provider(path, 'List-Unsubscribe=Please', form)).statusCode).toBe(400);
    expect((await provider(path, '', form)).statusCode).toBe(400);
    const forged = await provider(`/api/newsletter/one-click-unsubscribe?token=${tampered}`, 'List-Unsubscribe=One-Click', form);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: newsletterMessages.unsubscribeLinkInvalid });
    expect((await provider('/api/newsletter/one-click-unsubscribe', 'List-Unsubscribe=One-Click', form)).statusCode).toBe(400);
    expect((await provider(path, 'List-Unsubscribe=One-Click', form, OTHER_HOST)).statusCode).toBe(400);
    // A mail app that opens the address in a browser lands on the unsubscribe page and its button.
    const opened = await app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${UNSUBSCRIBE_PATH}?token=${token}`);
    expect((await subscribers()).find((r) => r.email === 'quinn@example.com')!.status).toBe('confirmed');
    // The exemption is this address alone: the other newsletter calls still need the crumb.
    expect((await provider('/api/newsletter/unsubscribe', `token=${token}`, form)).statusCode).toBe(403);
    expect((await subscribers()).find((r) => r.email === 'quinn@example.com')!.status).toBe('confirmed');
  });
});

describe('the captcha of a newsletter block', () => {
  it('is asked for only when the block has it on and the site has a captcha; a solution is good once', async () => {
    const v = await visitor(OTHER_HOST);
    // The site has no captcha yet: nothing to solve (the block renders none).
    expect((await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'ivy@example.com' })).statusCode).toBe(200);

    await chooseAltcha(database.db, otherId, null);
    const missing = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'jo@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: forms.captchaIncomplete, errors: { captchaKey: forms.captchaIncomplete } });
    const junk = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'jo@example.com', captchaKey: 'junk' });
    expect(junk.json()).toEqual({ error: forms.captchaFailed, errors: { captchaKey: forms.captchaFailed } });

    const challenge = (await v.get('/api/captcha/challenge')).json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    const captchaKey = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const ok = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'jo@example.com', captchaKey }, { form: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const replayed = await v.post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'kim@example.com', captchaKey }, { form: true });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe(forms.captchaFailed);
    expect((await subscribers(otherId)).map((r) => r.email)).toEqual(['ivy@example.com', 'jo@example.com']);
    // The demo's own block has its captcha off: no key is needed there even with a site captcha.
    await chooseAltcha(database.db, websiteId, null);
    expect((await (await visitor()).post('/api/newsletter/subscribe', { listId: LIST_ID, email: 'lee@example.com' })).statusCode).toBe(200);
  });
});

describe('the newsletter pages’ addresses', () => {
  it('are reserved: a site document may not put a page there', () => {
    const doc = siteNamed('reserved', 'Reserved');
    doc.pages[1]!.path = '/newsletter-subscription/confirm';
    const loaded = loadDocument(doc, siteDocumentSchema);
    expect(loaded.ok).toBe(false);
  });
});
