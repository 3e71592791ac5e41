/**
 * Newsletter subscribers on the server (issue 4 item 7): a sign-up through a published newsletter
 * block stores a pending subscriber of the block's list and emails a confirmation link (double
 * opt-in), in one transaction; confirming makes the subscriber confirmed and emails a welcome.
 * Every newsletter email carries an unsubscribe link (`unsubscribeUrl`) whose token is sealed
 * with a server secret, so it names the subscriber without showing the address and cannot be
 * forged; it never expires, as old emails must keep working. Its List-Unsubscribe and
 * List-Unsubscribe-Post headers (RFC 2369, RFC 8058) name the one-click address, which mail
 * providers POST to with that token alone. Links in emails are built from the site's own address,
 * never from a request.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { newsletterData, type NewsletterData } from '../../../blocks/newsletter/schema';
import { readStored } from '../../../document/link';
import { BLOCK_TYPES } from '../../../domain/block-types';
import { NEWSLETTER_PATHS } from '../../../domain/routes';
import type { Db, Executor } from '../../../db/client';
import { newsletterSubscribers } from './schema/forms';
import { enqueueEmail, type EmailMessage } from '../../mail/mailer';
import { serverSecret } from '../../secrets/server-secrets';
import { findPublishedBlockData } from './forms';
import { emails } from '../../../messages/emails';
import { format } from '../../../messages/format';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** A confirmation link is good for this long after it was emailed. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The newsletter block with this listId on a published page or item of the site, parsed; undefined
 * when there is none. A link stored before the link rules does not stop the sign-up.
 */
export async function findPublishedNewsletter(db: Executor, websiteId: string, listId: string): Promise<NewsletterData | undefined> {
  const data = await findPublishedBlockData(db, websiteId, BLOCK_TYPES.NEWSLETTER, 'listId', listId);
  const parsed = readStored(() => newsletterData.safeParse(data));
  return parsed.success ? parsed.data : undefined;
}

// --- Unsubscribe tokens --------------------------------------------------------------------

let sealKey: Buffer | undefined;

/** Loads the secret that seals unsubscribe tokens (one per server database); call once at start. */
export async function loadNewsletterSecret(db: Db): Promise<void> {
  sealKey = createHash('sha256')
    .update(await serverSecret(db, 'newsletter_secret'))
    .digest();
}

function key(): Buffer {
  if (!sealKey) throw new Error('loadNewsletterSecret(db) must run before newsletter links are made');
  return sealKey;
}

type Sealed = { w: string; l: string; e: string };

/** AES-256-GCM: the address stays private in logs and history, and the tag makes the token unforgeable. */
function seal(value: Sealed): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(token: string): Sealed | undefined {
  try {
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 29) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const value = JSON.parse(text) as Partial<Sealed>;
    return typeof value.w === 'string' && typeof value.l === 'string' && typeof value.e === 'string' ? (value as Sealed) : undefined;
  } catch {
    return undefined;
  }
}

/** The unsubscribe page's address for one subscriber of one list: every newsletter email includes it. */
export function unsubscribeUrl(origin: string, websiteId: string, listId: string, email: string): string {
  return `${origin}${NEWSLETTER_PATHS.UNSUBSCRIBE}?token=${seal({ w: websiteId, l: listId, e: email.toLowerCase() })}`;
}

/** Where a mail provider POSTs `List-Unsubscribe=One-Click` (RFC 8058): the token alone authorises it. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletter/one-click-unsubscribe';

/**
 * The headers every newsletter email carries, so mail apps offer their own unsubscribe button: the
 * one-click address for one subscriber of one list, and the RFC 8058 marker that it takes a POST.
 */
export function listUnsubscribeHeaders(origin: string, websiteId: string, listId: string, email: string): EmailMessage['headers'] {
  const url = `${origin}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${seal({ w: websiteId, l: listId, e: email.toLowerCase() })}`;
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function confirmUrl(origin: string, token: string): string {
  return `${origin}${NEWSLETTER_PATHS.CONFIRM}?token=${token}`;
}

// --- Subscribing ---------------------------------------------------------------------------

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The issue time (seconds, 8 hex digits) then 32 random characters: the token carries its own age, so no column is needed for its expiry. */
function newConfirmToken(now: number): string {
  return `${Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')}${randomBytes(24).toString('base64url')}`;
}

function confirmTokenFresh(token: string, now: number): boolean {
  if (!/^[0-9a-f]{8}[A-Za-z0-9_-]{32}$/.test(token)) return false;
  const issuedMs = Number.parseInt(token.slice(0, 8), 16) * 1000;
  return now - issuedMs <= CONFIRM_TOKEN_TTL_MS && issuedMs <= now + 60_000;
}

export type SignUp = {
  websiteId: string;
  listId: string;
  email: string;
  name?: string | undefined;
  /** For the links in the email: the site's own address (`app.siteOrigin`), never the request's. */
  origin: string;
  siteTitle: string;
  listTitle: string;
  /** False when this address was sent enough confirmation emails lately: the sign-up is kept, no email goes. */
  sendEmail: boolean;
};

export type SignUpOutcome = 'pending' | 'already-confirmed';

function confirmationEmail(s: SignUp, email: string, token: string) {
  return {
    to: email,
    subject: format(emails.newsletterConfirmSubject, { list: s.listTitle, site: s.siteTitle }).replace(/[\r\n]+/g, ' '),
    text: [
      format(emails.newsletterConfirm, { list: s.listTitle, site: s.siteTitle }),
      '',
      emails.newsletterConfirmLink,
      confirmUrl(s.origin, token),
      '',
      emails.newsletterIgnore,
      '',
      format(emails.newsletterUnsubscribe, { url: unsubscribeUrl(s.origin, s.websiteId, s.listId, email) }),
    ].join('\n'),
    headers: listUnsubscribeHeaders(s.origin, s.websiteId, s.listId, email),
  };
}

/**
 * Stores a sign-up and emails its confirmation link, in one transaction. A pending or unsubscribed
 * address gets a new link; a confirmed one is left as it is and gets no email
 * (docs/decisions/0056-newsletter-sign-ups-and-what-they-email.md).
 */
export async function signUp(db: Db, s: SignUp, now = Date.now()): Promise<SignUpOutcome> {
  const email = s.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const where = and(eq(newsletterSubscribers.websiteId, s.websiteId), eq(newsletterSubscribers.listId, s.listId), eq(newsletterSubscribers.email, email));
    const [current] = await tx.select().from(newsletterSubscribers).where(where).for('update');
    if (current?.status === 'confirmed') return 'already-confirmed';
    // Out of emails for this address lately: the link already sent stays the good one.
    if (current && !s.sendEmail) return 'pending';
    const token = newConfirmToken(now);
    const name = s.name?.trim() || current?.name || null;
    if (current) {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'pending', confirmTokenHash: hash(token), name })
        .where(where);
    } else {
      await tx
        .insert(newsletterSubscribers)
        .values({ websiteId: s.websiteId, listId: s.listId, email, name, status: 'pending', confirmTokenHash: hash(token) });
    }
    if (s.sendEmail) await enqueueEmail(tx, s.websiteId, confirmationEmail(s, email, token));
    return 'pending';
  });
}

export type Confirmed = { listId: string; email: string };

/**
 * Confirms the pending subscriber the token names and emails a welcome with the unsubscribe link,
 * in one transaction; undefined for an unknown, used or expired token.
 */
export async function confirmSubscription(
  db: Db,
  websiteId: string,
  token: string,
  mail: { origin: string; siteTitle: string; listTitle: (listId: string) => Promise<string> },
  now = Date.now(),
): Promise<Confirmed | undefined> {
  if (!confirmTokenFresh(token, now)) return undefined;
  return db.transaction(async (tx) => {
    const where = and(
      eq(newsletterSubscribers.websiteId, websiteId),
      eq(newsletterSubscribers.confirmTokenHash, hash(token)),
      eq(newsletterSubscribers.status, 'pending'),
    );
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: new Date(now), confirmTokenHash: null, unsubscribedAt: null })
      .where(where)
      .returning({ listId: newsletterSubscribers.listId, email: newsletterSubscribers.email });
    if (!row) return undefined;
    const listTitle = await mail.listTitle(row.listId);
    await enqueueEmail(tx, websiteId, {
      to: row.email,
      subject: format(emails.newsletterSubscribedSubject, { list: listTitle, site: mail.siteTitle }).replace(/[\r\n]+/g, ' '),
      text: [
        format(emails.newsletterSubscribed, { list: listTitle, site: mail.siteTitle }),
        '',
        emails.newsletterUnsubscribeAnyTime,
        unsubscribeUrl(mail.origin, websiteId, row.listId, row.email),
      ].join('\n'),
      headers: listUnsubscribeHeaders(mail.origin, websiteId, row.listId, row.email),
    });
    return row;
  });
}

/** Whether the token is a valid unsubscribe token of this site (the page shows its button only then). */
export function unsubscribeTokenValid(websiteId: string, token: string): boolean {
  return unseal(token)?.w === websiteId;
}

/**
 * Unsubscribes the address the token names from its list. Answers false for a token that is not
 * this site's; an address that is not subscribed (any more) counts as done.
 */
export async function unsubscribe(db: Db, websiteId: string, token: string, now = new Date()): Promise<boolean> {
  const sealed = unseal(token);
  if (!sealed || sealed.w !== websiteId) return false;
  await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.websiteId, websiteId),
        eq(newsletterSubscribers.listId, sealed.l),
        eq(newsletterSubscribers.email, sealed.e),
        sql`${newsletterSubscribers.status} <> 'unsubscribed'`,
      ),
    );
  return true;
}
