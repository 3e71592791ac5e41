/**
 * Form webhooks: each accepted submission is POSTed as JSON to the form's webhook address by a job
 * of kind 'form-webhook', written in the submission's transaction. Delivery is at least once; every
 * try carries the job's delivery key as `Idempotency-Key`, so a receiver can drop a repeat. A 2xx
 * answer completes the job; anything else (or no answer within 10 s) is retried with the queue's
 * backoff. Every try is signed as Standard Webhooks has it (./webhook-secrets.ts): `webhook-id`
 * (the delivery key again, the same on every try), `webhook-timestamp` (this try's Unix seconds)
 * and `webhook-signature` over the exact bytes sent.
 *
 * SSRF: the host is resolved when the request is made (not only when the address was saved) and
 * the request connects only to an address that was checked (net/outgoing.ts), so a DNS answer that
 * changes between the check and the connection cannot reach the server's own network. A host with
 * no public address fails the job at once, without retries, unless the operator allows private
 * targets (OUTGOING_ALLOW_PRIVATE, or the older WEBHOOK_ALLOW_PRIVATE).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../../../db/client';
import { formSubmissions } from './schema/forms';
import { enqueue, PermanentJobError, type JobHandler, type NewJob } from '../../jobs/queue';
import { guardedRequest, OutgoingError, type OutgoingPolicy } from '../../net/outgoing';
import { webhookSignature, webhookSigningSecret } from './webhook-secrets';

export const WEBHOOK_JOB = 'form-webhook';
/** Like email, a webhook waits out a receiver's outage of a couple of hours (12 tries with the default backoff). */
const WEBHOOK_MAX_ATTEMPTS = 12;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const USER_AGENT = 'OpenPress-Webhook/1';
/** The most of a receiver's answer that is read (and discarded). */
const MAX_ANSWER_BYTES = 64 * 1024;

const payloadSchema = z.object({ submissionId: z.number().int(), url: z.string() });

export type WebhookOptions = OutgoingPolicy & { timeoutMs?: number };

const PURPOSE = { refused: 'Webhook refused:', allowWith: 'OUTGOING_ALLOW_PRIVATE=true (or WEBHOOK_ALLOW_PRIVATE=true, for webhooks alone)' };

/** Queues the webhook of a submission; call it on the submission's transaction. */
export async function enqueueWebhook(tx: Executor, websiteId: string, submissionId: number, url: string): Promise<number> {
  return enqueue(tx, webhookJob(websiteId, submissionId, url));
}

/** A submission's webhook delivery as a job to queue (enqueueAll). */
export function webhookJob(websiteId: string, submissionId: number, url: string): NewJob {
  return { websiteId, kind: WEBHOOK_JOB, payload: { submissionId, url }, maxAttempts: WEBHOOK_MAX_ATTEMPTS };
}

/** The request body: the same for every try of one job, built from the stored submission. */
export function webhookBody(row: typeof formSubmissions.$inferSelect) {
  return {
    event: 'form.submission',
    formId: row.formId,
    submissionId: row.id,
    createdAt: row.createdAt.toISOString(),
    fields: row.fields,
    values: row.values,
    page: row.page,
  };
}

/** What signs one delivery: its id (the job's delivery key) and the form's signing secret. */
export type WebhookSigning = { id: string; secret: string };

/** POSTs one delivery, signed; resolves on a 2xx answer, throws otherwise. */
export async function deliverWebhook(target: string, body: unknown, signing: WebhookSigning, opts: WebhookOptions): Promise<void> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new PermanentJobError(`Webhook refused: "${target}" is not an address`);
  }
  const text = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  let answer;
  try {
    // The delivery counts once the whole answer has arrived (or enough of it was read).
    answer = await guardedRequest(url, opts, PURPOSE, {
      method: 'POST',
      body: Buffer.from(text),
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      truncate: true,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'idempotency-key': signing.id,
        'webhook-id': signing.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(signing.secret, signing.id, timestamp, text),
        'user-agent': USER_AGENT,
      },
    });
  } catch (err) {
    if (!(err instanceof OutgoingError)) throw err;
    // A refused target (a private address, a scheme other than http or https) will be refused again: no retry.
    if (err.reason === 'refused') throw new PermanentJobError(err.message, { cause: err });
    throw new Error(
      err.reason === 'timeout'
        ? `Webhook did not answer within ${timeoutMs / 1000} s`
        : err.reason === 'ended'
          ? 'Webhook answer ended early'
          : `Webhook unreachable: ${err.message}`,
      { cause: err },
    );
  }
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`Webhook answered ${answer.status}${answer.statusMessage ? ` ${answer.statusMessage}` : ''}`);
}

/** The handler for jobs of kind 'form-webhook'. A submission deleted meanwhile (retention, erasure) is not sent. */
export function webhookHandler(database: Database, opts: WebhookOptions): JobHandler {
  return async (job) => {
    const { submissionId, url } = payloadSchema.parse(job.payload);
    const [row] = await database.db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId));
    if (!row) return;
    const secret = await webhookSigningSecret(database.db, row.websiteId, row.formId);
    await deliverWebhook(url, webhookBody(row), { id: job.deliveryKey, secret }, opts);
  };
}
