/**
 * Outgoing mail against a local SMTP server (smtp-server on 127.0.0.1): an enqueued email arrives
 * with its subject, body and the job's delivery key as Message-ID; while the server is down the
 * job fails and is retried until the server is back; a repeat delivery carries the same Message-ID;
 * the server-wide SMTP_URL is used when a site has no settings; a bad address is refused before
 * anything is written. A site's own SMTP host that resolves to loopback or a private address is
 * refused at once unless the operator allows it, and the connection goes only to the address
 * checked; the server-wide mail server is the operator's and is not checked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, smtpSettings } from '../src/server/jobs/schema';
import { websites } from '../src/server/modules/sites/schema/sites';
import { retryJob, startWorker, type Worker } from '../src/server/jobs/queue';
import { EMAIL_JOB, InvalidEmailError, emailHandler, enqueueEmail, mailTransportFor } from '../src/server/mail/mailer';
import type { OutgoingPolicy } from '../src/server/net/outgoing';
import { freshDatabase } from './db';
import { startMailbox, type Mailbox, type Received } from './mailbox';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let worker: Worker | undefined;
const mailboxes: Mailbox[] = [];
const logs: string[] = [];

/** The tests' mail servers listen on loopback, which a site's own SMTP settings reach only when the operator allows private targets. */
function startMailWorker(policy: OutgoingPolicy = { allowPrivate: true }) {
  worker = startWorker(database, { [EMAIL_JOB]: emailHandler(database, policy) }, { pollMs: 50, backoff: () => 100, log: (line) => logs.push(line) });
}

async function mailbox(opts: Parameters<typeof startMailbox>[0] = {}): Promise<Mailbox> {
  const box = await startMailbox(opts);
  mailboxes.push(box);
  return box;
}

async function siteSendingTo(identifier: string, port: number, host = '127.0.0.1'): Promise<string> {
  const websiteId = `site-${identifier}`;
  await database.db.insert(websites).values({ id: websiteId, identifier, settings: {}, navigation: [] });
  await database.db.insert(smtpSettings).values({ websiteId, host, port, secure: false, fromAddress: `${identifier}@example.com` });
  return websiteId;
}

async function job(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} is gone`);
  return row;
}

const hello = { to: 'visitor@example.org', subject: 'Your order 1001', text: 'Thank you for your order.', html: '<p>Thank you for your <b>order</b>.</p>' };

beforeAll(async () => {
  database = await freshDatabase();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await Promise.all(mailboxes.splice(0).map((m) => m.stop()));
  vi.unstubAllEnvs();
  logs.length = 0;
});
afterAll(async () => {
  await database?.drop();
});

describe('outgoing mail', () => {
  it("delivers an enqueued email with its subject, body, and the job's delivery key as Message-ID", async () => {
    const box = await mailbox();
    const websiteId = await siteSendingTo('shop', box.port);
    startMailWorker();
    const id = await database.db.transaction((tx) => enqueueEmail(tx, websiteId, { ...hello, replyTo: 'owner@example.com' }));

    await expect.poll(() => box.received.length, { timeout: 10_000 }).toBe(1);
    const [mail] = box.received;
    const row = await job(id);
    expect(row.kind).toBe('email');
    expect(mail!.headers.get('message-id')).toBe(`<${row.deliveryKey}@openpress>`);
    expect(mail!.headers.get('subject')).toBe('Your order 1001');
    expect(mail!.headers.get('from')).toBe('shop@example.com');
    expect(mail!.headers.get('to')).toBe('visitor@example.org');
    expect(mail!.headers.get('reply-to')).toBe('owner@example.com');
    expect(mail!.from).toBe('shop@example.com');
    expect(mail!.to).toEqual(['visitor@example.org']);
    expect(mail!.body).toContain('Thank you for your order.');
    expect(mail!.body).toContain('<p>Thank you for your <b>order</b>.</p>');
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');
  });

  it('refuses a bad address before anything is written', async () => {
    const before = (await database.db.select().from(jobs)).length;
    await expect(database.db.transaction((tx) => enqueueEmail(tx, undefined, { ...hello, to: 'not an address' }))).rejects.toThrow(InvalidEmailError);
    await expect(enqueueEmail(database.db, undefined, { ...hello, replyTo: 'owner@' })).rejects.toThrow('replyTo: not an email address');
    await expect(enqueueEmail(database.db, undefined, { ...hello, subject: 'Hi\r\nBcc: everyone@example.com' })).rejects.toThrow('subject must be one line');
    expect(await database.db.select().from(jobs)).toHaveLength(before);
  });

  it('delivers the List-Unsubscribe headers a message gives as they are, however long', async () => {
    const box = await mailbox();
    const websiteId = await siteSendingTo('letters', box.port);
    startMailWorker();
    const oneClick = `<https://letters.example/api/newsletter/one-click-unsubscribe?token=${'T0k3n_-'.repeat(20)}>`;
    const headers = { 'List-Unsubscribe': oneClick, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await database.db.transaction((tx) => enqueueEmail(tx, websiteId, { ...hello, headers }));
    await expect.poll(() => box.received.length, { timeout: 10_000 }).toBe(1);
    // Folded lines are unfolded by the mailbox: the value reads back whole.
    expect(box.received[0]!.headers.get('list-unsubscribe')).toBe(oneClick);
    expect(box.received[0]!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('refuses headers the mailer owns, and header values of more than one line', async () => {
    const before = (await database.db.select().from(jobs)).length;
    const send = (headers: unknown) => enqueueEmail(database.db, undefined, { ...hello, headers } as Parameters<typeof enqueueEmail>[2]);
    await expect(send({ Bcc: 'everyone@example.com' })).rejects.toThrow(InvalidEmailError);
    await expect(send({ From: 'ceo@example.com' })).rejects.toThrow(InvalidEmailError);
    await expect(send({ 'List-Unsubscribe': '<https://x.example/u>\r\nBcc: everyone@example.com' })).rejects.toThrow('a header must be one line');
    expect(await database.db.select().from(jobs)).toHaveLength(before);
  });

  it('retries while the mail server is down and delivers once it is back', async () => {
    const received: Received[] = [];
    const first = await startMailbox({ received });
    const port = first.port;
    await first.stop();
    const websiteId = await siteSendingTo('outage', port);
    startMailWorker();
    const id = await enqueueEmail(database.db, websiteId, hello);

    await expect.poll(async () => (await job(id)).attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const waiting = await job(id);
    expect(waiting.status).not.toBe('done');
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(received).toHaveLength(0);

    await mailbox({ port, received });
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.get('message-id')).toBe(`<${waiting.deliveryKey}@openpress>`);
    expect(received[0]!.headers.get('subject')).toBe('Your order 1001');
  });

  it('sends a repeat delivery with the same Message-ID', async () => {
    const box = await mailbox();
    const websiteId = await siteSendingTo('repeat', box.port);
    startMailWorker();
    const id = await enqueueEmail(database.db, websiteId, hello);
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');

    // The state a crash leaves between the send and the write of its outcome: running, lease run out.
    await database.pool.query(`UPDATE jobs SET status = 'running', locked_until = now() - interval '1 second' WHERE id = $1`, [id]);
    await expect.poll(() => box.received.length, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');

    const { deliveryKey, attempts } = await job(id);
    expect(attempts).toBe(2);
    expect(box.received.map((m) => m.headers.get('message-id'))).toEqual([`<${deliveryKey}@openpress>`, `<${deliveryKey}@openpress>`]);
  });

  it('uses SMTP_URL and MAIL_FROM for mail without site settings, keeping the password out of errors', async () => {
    const box = await mailbox({ login: { user: 'mailer@example.com', pass: 'p@ss:word' } });
    vi.stubEnv('MAIL_FROM', 'server@example.com');
    vi.stubEnv('SMTP_URL', `smtp://mailer%40example.com:wrong-secret@127.0.0.1:${box.port}`);
    startMailWorker();
    const id = await enqueueEmail(database.db, undefined, hello);

    await expect.poll(async () => (await job(id)).status, { timeout: 20_000 }).toBe('failed');
    const failed = await job(id);
    expect(failed.attempts).toBe(12);
    expect(failed.lastError).toMatch(/Invalid login/);
    expect(failed.lastError).not.toContain('wrong-secret');
    expect(logs.join('\n')).not.toContain('wrong-secret');
    expect(box.received).toHaveLength(0);

    // Settings are read at each send: once fixed, the next email goes through.
    vi.stubEnv('SMTP_URL', `smtp://mailer%40example.com:${encodeURIComponent('p@ss:word')}@127.0.0.1:${box.port}`);
    const next = await enqueueEmail(database.db, undefined, hello);
    await expect.poll(async () => (await job(next)).status, { timeout: 10_000 }).toBe('done');
    expect(box.received).toHaveLength(1);
    expect(box.received[0]).toMatchObject({ user: 'mailer@example.com', from: 'server@example.com', to: ['visitor@example.org'] });
    expect(box.received[0]!.headers.get('message-id')).toBe(`<${(await job(next)).deliveryKey}@openpress>`);
  });

  it('fails with a clear error when no mail server is configured, and goes out after a retry once one is', async () => {
    vi.stubEnv('SMTP_URL', '');
    const websiteId = `site-unconfigured`;
    await database.db.insert(websites).values({ id: websiteId, identifier: 'unconfigured', settings: {}, navigation: [] });
    startMailWorker();
    const id = await enqueueEmail(database.db, websiteId, hello);

    await expect.poll(async () => (await job(id)).status, { timeout: 20_000 }).toBe('failed');
    expect((await job(id)).lastError).toBe("No mail server: set the site's SMTP settings, or SMTP_URL and MAIL_FROM for the server");

    const box = await mailbox();
    await database.db.insert(smtpSettings).values({ websiteId, host: '127.0.0.1', port: box.port, secure: false, fromAddress: 'unconfigured@example.com' });
    expect(await retryJob(database.db, websiteId, id)).toBe(true);
    await expect.poll(() => box.received.length, { timeout: 10_000 }).toBe(1);
  });
});

describe("a site's own SMTP host", () => {
  const names: Record<string, string> = { 'mail.loopback.test': '127.0.0.1', 'mail.lan.test': '10.0.0.25' };
  const resolveNames = async (host: string) => [{ address: names[host] ?? '203.0.113.9', family: 4 }];

  it('is refused when it resolves to a loopback or private address: the job fails at once with a clear message', async () => {
    const box = await mailbox();
    const sites = [
      await siteSendingTo('loopback-name', box.port, 'mail.loopback.test'),
      await siteSendingTo('lan-name', box.port, 'mail.lan.test'),
      await siteSendingTo('loopback-ip', box.port),
    ];
    startMailWorker({ allowPrivate: false, resolve: resolveNames });
    const ids = await Promise.all(sites.map((websiteId) => enqueueEmail(database.db, websiteId, hello)));

    await expect.poll(async () => (await Promise.all(ids.map(job))).map((j) => j.status), { timeout: 10_000 }).toEqual(['failed', 'failed', 'failed']);
    const rows = await Promise.all(ids.map(job));
    expect(rows.map((j) => j.attempts)).toEqual([1, 1, 1]);
    const allow = 'An operator can allow private addresses with OUTGOING_ALLOW_PRIVATE=true.';
    expect(rows.map((j) => j.lastError)).toEqual([
      `Mail not sent: the site's SMTP server mail.loopback.test is not a public address. ${allow}`,
      `Mail not sent: the site's SMTP server mail.lan.test is not a public address. ${allow}`,
      `Mail not sent: the site's SMTP server 127.0.0.1 is not a public address. ${allow}`,
    ]);
    expect(box.received).toHaveLength(0);
  });

  it('when the operator allows private addresses, is resolved once and the connection pinned to the checked address, its name kept for TLS', async () => {
    const box = await mailbox();
    const websiteId = await siteSendingTo('pinned', box.port, 'mail.rebinding.test');
    let lookups = 0;
    // A rebinding name: the first answer is the one checked; any later lookup would point elsewhere.
    const rebinding = async () => [{ address: lookups++ === 0 ? '127.0.0.1' : '203.0.113.9', family: 4 }];
    const { transport } = await mailTransportFor(database.db, websiteId, { allowPrivate: true, resolve: rebinding });
    expect(transport.options).toMatchObject({ host: '127.0.0.1', servername: 'mail.rebinding.test', port: box.port });
    transport.close();

    lookups = 0;
    startMailWorker({ allowPrivate: true, resolve: rebinding });
    const id = await enqueueEmail(database.db, websiteId, hello);
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');
    expect(lookups).toBe(1);
    expect(box.received).toHaveLength(1);
  });

  it("does not apply to the server-wide SMTP_URL, which is the operator's own choice", async () => {
    const box = await mailbox();
    vi.stubEnv('MAIL_FROM', 'server@example.com');
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${box.port}`);
    startMailWorker({ allowPrivate: false });
    const id = await enqueueEmail(database.db, undefined, hello);
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');
    expect(box.received).toHaveLength(1);
  });
});
