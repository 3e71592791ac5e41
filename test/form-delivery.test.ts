/**
 * Delivery of form notifications through failures (issue 4, "Done when"): a real server (`npm
 * start`'s main) sends each submission's notification email and auto-reply to a local SMTP server
 * and POSTs it to a local webhook receiver. The SMTP server is stopped mid-way; then the app is
 * killed with -9 after a receiver acknowledged a webhook (status line sent) but before the job
 * could be marked done; the app and the SMTP server are started again. Every notification is
 * delivered, and each repeat carries the same key (Message-ID, Idempotency-Key).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sqlOn, startServer, type RunningServer } from '../e2e/harness';
import { DEMO_FORM_ID, FORMS_PAGE_ID, demoPayload, demoValues } from './form-visitor';
import { startMailbox, type Mailbox, type Received } from './mailbox';

type Hit = { key: string; body: string };

let server: RunningServer | undefined;
let mailbox: Mailbox | undefined;
let receiver: Server | undefined;

afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
  if (receiver) {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver!.close(resolve));
  }
});

async function visitor(base: string) {
  const page = await fetch(`${base}/blocks/forms`);
  const crumb = /crumb=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
  if (!crumb) throw new Error('no crumb cookie');
  const headers = { cookie: `crumb=${crumb}`, 'x-csrf-token': decodeURIComponent(crumb) };
  return async function submit(n: number): Promise<void> {
    const keyRes = await fetch(`${base}/api/form/FormSubmissionKey?crumb=${crumb}`, { method: 'POST', headers });
    expect(keyRes.status).toBe(200);
    const { key } = (await keyRes.json()) as { key: string };
    const values = demoValues({ email: `visitor${n}@example.org`, message: `Message number ${n}` });
    const res = await fetch(`${base}/api/form/SaveFormSubmission?crumb=${crumb}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams(demoPayload(key, values)),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
}

async function exited(s: RunningServer) {
  if (s.process.exitCode !== null || s.process.signalCode !== null) return;
  await new Promise((r) => s.process.once('exit', r));
}

describe('form notifications through failures', () => {
  it('delivers every email and webhook across a mail server outage and a kill -9 between acknowledgement and completion, repeats carrying the same key', async () => {
    const received: Received[] = [];
    mailbox = await startMailbox({ received });
    const smtpPort = mailbox.port;

    const hits: Hit[] = [];
    let killOnNext: ((res: ServerResponse) => Promise<void>) | undefined;
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        hits.push({ key: String(req.headers['idempotency-key']), body });
        res.on('error', () => undefined);
        const kill = killOnNext;
        killOnNext = undefined;
        if (kill) void kill(res);
        else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/forms`;

    const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'forms@openpress.test', WEBHOOK_ALLOW_PRIVATE: 'true' };
    server = await startServer({ env });
    const dataDir = server.dataDir;

    // The demo form: its notification address, an auto-reply to the visitor, the webhook; no captcha to solve here.
    const [page] = await sqlOn(server, 'SELECT sections FROM pages WHERE id = $1', [FORMS_PAGE_ID]);
    const sections = page!.sections as { blocks: { type: number; data: { formId: string; settings: Record<string, unknown> } }[] }[];
    for (const block of sections.flatMap((s) => s.blocks)) {
      if (block.type !== 9 || block.data.formId !== DEMO_FORM_ID) continue;
      Object.assign(block.data.settings, {
        captcha: false,
        notifyEmails: ['studio@juniper.example'],
        webhookUrl: hookUrl,
        autoReply: { fieldId: 'email', subject: 'We have your message', text: 'Thank you for writing.' },
      });
    }
    await sqlOn(server, 'UPDATE pages SET sections = $2::jsonb WHERE id = $1', [FORMS_PAGE_ID, JSON.stringify(sections)]);

    let submit = await visitor(server.url);
    const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));

    // 1. Everything up: two submissions, two emails and a webhook each.
    await submit(1);
    await submit(2);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(4);
    await expect.poll(() => hits.length, { timeout: 20_000 }).toBe(2);

    // 2. The mail server stops: the emails of the next submissions fail and wait for a retry; webhooks still go.
    await mailbox.stop();
    await submit(3);
    await submit(4);
    await expect.poll(() => hits.length, { timeout: 20_000 }).toBe(4);
    const waiting = async () =>
      (await sqlOn(server!, "SELECT count(*)::int AS n FROM jobs WHERE kind = 'email' AND status = 'pending' AND last_error IS NOT NULL"))[0]!.n;
    await expect.poll(waiting, { timeout: 20_000, interval: 500 }).toBe(4);
    expect(received).toHaveLength(4);

    // 3. The receiver acknowledges the next webhook (its status line is sent), and the app is killed before it completes the job.
    const killed = server;
    killOnNext = async (res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('accepted');
      killed.process.kill('SIGKILL');
      await exited(killed);
      res.end();
    };
    await submit(5);
    await exited(killed);
    expect(hits).toHaveLength(5);
    const [unfinished] = await sqlOn(
      killed,
      "SELECT status, attempts FROM jobs WHERE kind = 'form-webhook' AND payload->>'submissionId' = (SELECT max(id)::text FROM form_submissions)",
    );
    expect(unfinished).toEqual({ status: 'running', attempts: 1 });

    // 4. Both come back. The dead worker's lease and the retries' backoff are let run out rather than waited for.
    mailbox = await startMailbox({ port: smtpPort, received });
    server = await startServer({ dataDir, env });
    await sqlOn(server, "UPDATE jobs SET locked_until = now() WHERE status = 'running'");
    await sqlOn(server, "UPDATE jobs SET run_at = now() WHERE status = 'pending'");
    const notDone = async () => (await sqlOn(server!, "SELECT count(*)::int AS n FROM jobs WHERE status <> 'done'"))[0]!.n;
    await expect.poll(notDone, { timeout: 60_000, interval: 500 }).toBe(0);

    // Every notification delivered: each email job's message (Message-ID from its delivery key), each webhook job's POST.
    const jobs = (await sqlOn(server, "SELECT kind, delivery_key, payload FROM jobs WHERE kind IN ('email', 'form-webhook') ORDER BY id")) as {
      kind: string;
      delivery_key: string;
      payload: { to?: string; submissionId?: number };
    }[];
    expect(jobs.filter((j) => j.kind === 'email')).toHaveLength(10);
    expect(jobs.filter((j) => j.kind === 'form-webhook')).toHaveLength(5);
    for (const job of jobs) {
      if (job.kind === 'email') {
        const copies = received.filter((m) => m.headers.get('message-id') === `<${job.delivery_key}@openpress>`);
        expect(copies.length, `email to ${job.payload.to}`).toBeGreaterThanOrEqual(1);
        for (const copy of copies) expect(copy.to).toEqual([job.payload.to]);
      } else {
        const copies = hits.filter((h) => h.key === job.delivery_key);
        expect(copies.length, `webhook of submission ${job.payload.submissionId}`).toBeGreaterThanOrEqual(1);
        // A repeat is the same delivery: same key, same body.
        for (const copy of copies) expect(copy.body).toBe(copies[0]!.body);
        expect(JSON.parse(copies[0]!.body)).toMatchObject({ formId: DEMO_FORM_ID, submissionId: job.payload.submissionId });
      }
    }
    // No delivery without its job: every key received belongs to one.
    const keys = new Set(jobs.map((j) => j.delivery_key));
    for (const hit of hits) expect(keys.has(hit.key)).toBe(true);
    for (const mail of received) expect(keys.has(/^<(.+)@openpress>$/.exec(mail.headers.get('message-id') ?? '')?.[1] ?? '')).toBe(true);

    // The killed delivery was repeated, with the same Idempotency-Key.
    expect(hits).toHaveLength(6);
    expect(hits[5]!.key).toBe(hits[4]!.key);
    expect(hits[5]!.body).toBe(hits[4]!.body);

    for (let n = 1; n <= 5; n++) {
      expect(mailsTo(`visitor${n}@example.org`).length, `auto-reply ${n}`).toBeGreaterThanOrEqual(1);
      expect(mailsTo(`visitor${n}@example.org`)[0]!.headers.get('subject')).toBe('We have your message');
    }
    const notices = mailsTo('studio@juniper.example');
    for (let n = 1; n <= 5; n++)
      expect(
        notices.some((m) => m.body.includes(`Message number ${n}`)),
        `notification ${n}`,
      ).toBe(true);
    // Notifications go out in whatever order their jobs finish: read the first submission's by its message.
    const first = notices.find((m) => /Message number 1(?!\d)/.test(m.body))!;
    expect(first.headers.get('subject')).toBe('New submission: Write to the studio');
    expect(first.headers.get('reply-to')).toBe('visitor1@example.org');

    // The site still takes submissions after the restart.
    submit = await visitor(server.url);
    await submit(6);
    expect((await sqlOn(server, 'SELECT count(*)::int AS n FROM form_submissions'))[0]!.n).toBe(6);
  }, 240_000);
});
