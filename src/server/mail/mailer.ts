/**
 * Outgoing mail. An email is a job of kind 'email', written in the same transaction as its cause
 * and sent by a worker through the site's SMTP server (its `smtp_settings` row) or else the
 * server-wide one from the environment (SMTP_URL, MAIL_FROM); mail that unlocks a team account
 * leaves through the server-wide one unless the account is on that site alone (the accounts module's `accountMailOptions`).
 * Every delivery of a job carries the job's delivery key as its Message-ID, so a repeat after a
 * crash is the same message to the receiver. A failed send throws, and the queue retries it with
 * backoff.
 *
 * A site's own SMTP host is chosen by the site's ADMINs, so it is checked like a webhook's
 * (net/outgoing.ts): resolved once when the mail is sent, and the connection pinned to a checked
 * address, with the host's name kept for TLS. A host with no address the operator allows fails the
 * job at once. The server-wide mail server (SMTP_URL) is the operator's own choice and is not
 * checked.
 */
import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer, { type SMTPTransportOptions, type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { smtpSettings } from '../jobs/schema';
import { enqueue, PermanentJobError, type JobHandler, type NewJob } from '../jobs/queue';
import { checkedAddresses, RefusedTargetError, type OutgoingPolicy } from '../net/outgoing';
import { unsealOptional } from '../secrets/sealed';

export const EMAIL_JOB = 'email';
/** The right-hand side of every Message-ID we send. */
const MESSAGE_ID_DOMAIN = 'openpress';
/**
 * Email waits out a longer outage of the mail server than the queue's default of 8 tries
 * (about 10 minutes): 12 tries span about 2.5 hours.
 */
const EMAIL_MAX_ATTEMPTS = 12;

const oneLine = (what: string) => z.string().regex(/^[^\r\n]*$/, `${what} must be one line`);

/**
 * Headers a message may add to those the mailer writes: only the ones we send, so a caller cannot
 * set From, To or another header the mailer owns (newsletter mail: RFC 2369 and RFC 8058 one-click).
 */
export const EXTRA_EMAIL_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post'] as const;

export const emailMessageSchema = z.object({
  to: z.email('to: not an email address'),
  subject: oneLine('subject').min(1, 'subject: must not be empty'),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.email('replyTo: not an email address').optional(),
  headers: z.partialRecord(z.enum(EXTRA_EMAIL_HEADERS), oneLine('a header').min(1, 'a header must not be empty').max(2000)).optional(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

/** A job's payload: the message, and whether it must leave through the server-wide mail server. */
const emailJobSchema = emailMessageSchema.extend({ serverMailOnly: z.literal(true).optional() });

export type EnqueueEmailOptions = {
  /** Send through the server-wide mail server even when the site has its own (mail that must not reach a server the site's ADMINs chose). */
  serverMailOnly?: boolean;
};

/** Where a site's mail goes out: the `smtp_settings` row, less its website id, with its password opened. */
export type MailSettings = Omit<typeof smtpSettings.$inferSelect, 'websiteId'>;

export class InvalidEmailError extends Error {}
export class MailNotConfiguredError extends Error {}

const mailEnvironment = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, 'SMTP_URL must look like smtp://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(1).optional(),
});

/**
 * The server-wide mail server from SMTP_URL (smtp:// or smtps:// for TLS from the start, user and
 * password URL-encoded) and MAIL_FROM; undefined when SMTP_URL is unset. Throws on a malformed
 * value, never echoing it (it holds a password).
 */
export function serverMailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings | undefined {
  // An empty variable (SMTP_URL= in an env file) means unset.
  const parsed = mailEnvironment.safeParse({ SMTP_URL: env.SMTP_URL || undefined, MAIL_FROM: env.MAIL_FROM || undefined });
  if (!parsed.success) {
    throw new MailNotConfiguredError(`Invalid mail settings: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  const { SMTP_URL, MAIL_FROM } = parsed.data;
  if (!SMTP_URL) return undefined;
  if (!MAIL_FROM) throw new MailNotConfiguredError('MAIL_FROM must be set with SMTP_URL: it is the From address of mail this server sends');
  const url = new URL(SMTP_URL);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    fromAddress: MAIL_FROM,
  };
}

const SITE_MAIL_SERVER = { refused: "Mail not sent: the site's SMTP server", allowWith: 'OUTGOING_ALLOW_PRIVATE=true' };

/**
 * Where a connection goes: the server-wide mail server as configured, a site's own pinned to an
 * address checked now. The host's name stays the TLS server name, so the certificate is still
 * checked against it.
 */
async function connectionTarget(settings: MailSettings, own: boolean, policy: OutgoingPolicy): Promise<{ host: string; servername?: string }> {
  if (!own) return { host: settings.host };
  const [address] = await checkedAddresses(settings.host, policy, SITE_MAIL_SERVER);
  const bare = settings.host.replace(/^\[|\]$/g, '');
  return { host: address!.address, ...(isIP(bare) ? {} : { servername: bare }) };
}

/** A transport for one send (a fresh connection, so changed settings apply at once) and the From address. */
export async function mailTransportFor(db: Executor, websiteId: string | undefined, policy: OutgoingPolicy): Promise<{ transport: Transporter; from: string }> {
  const [site] = websiteId ? await db.select().from(smtpSettings).where(eq(smtpSettings.websiteId, websiteId)) : [];
  const settings = site ? { ...site, password: unsealOptional(site.password) } : serverMailSettings();
  if (!settings) {
    throw new MailNotConfiguredError("No mail server: set the site's SMTP settings, or SMTP_URL and MAIL_FROM for the server");
  }
  const options: SMTPTransportOptions = {
    ...(await connectionTarget(settings, site !== undefined, policy)),
    port: settings.port,
    secure: settings.secure,
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    // Nodemailer's defaults (2 and 10 minutes) would hold a job's worker slot long after the server went quiet.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  };
  return { transport: nodemailer.createTransport(options), from: settings.fromAddress };
}

export function messageIdFor(deliveryKey: string): string {
  return `<${deliveryKey}@${MESSAGE_ID_DOMAIN}>`;
}

/** Which mail server a site's email goes out through now: its own, the server-wide one, or none. */
export async function mailServerInUse(db: Executor, websiteId: string): Promise<'site' | 'server' | 'none'> {
  const [own] = await db.select({ websiteId: smtpSettings.websiteId }).from(smtpSettings).where(eq(smtpSettings.websiteId, websiteId));
  if (own) return 'site';
  return serverMailSettings() ? 'server' : 'none';
}

/** An email as a job to queue (enqueueAll); throws InvalidEmailError for a message that cannot be sent. */
export function emailJob(websiteId: string | undefined, message: EmailMessage, opts: EnqueueEmailOptions = {}): NewJob {
  const parsed = emailMessageSchema.safeParse(message);
  if (!parsed.success) {
    throw new InvalidEmailError(`Cannot send this email: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  const payload = opts.serverMailOnly ? { ...parsed.data, serverMailOnly: true } : parsed.data;
  return { websiteId, kind: EMAIL_JOB, payload, maxAttempts: EMAIL_MAX_ATTEMPTS };
}

/** Queues an email; call it on the transaction that makes the change the email tells of. */
export async function enqueueEmail(tx: Executor, websiteId: string | undefined, message: EmailMessage, opts: EnqueueEmailOptions = {}): Promise<number> {
  return enqueue(tx, emailJob(websiteId, message, opts));
}

/** The handler for jobs of kind 'email'; `policy` says whether a site's own SMTP host may be a private address. */
export function emailHandler(database: Database, policy: OutgoingPolicy): JobHandler {
  return async (job) => {
    const { serverMailOnly, ...message } = emailJobSchema.parse(job.payload);
    let sender: Awaited<ReturnType<typeof mailTransportFor>>;
    try {
      sender = await mailTransportFor(database.db, serverMailOnly ? undefined : (job.websiteId ?? undefined), policy);
    } catch (err) {
      throw err instanceof RefusedTargetError ? new PermanentJobError(err.message) : err;
    }
    try {
      await sender.transport.sendMail({ ...message, from: sender.from, messageId: messageIdFor(job.deliveryKey) });
    } finally {
      sender.transport.close();
    }
  };
}
