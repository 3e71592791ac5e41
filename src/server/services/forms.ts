/**
 * Form submissions on the server (seed 000 §7): single-use submission keys bound to the visitor's
 * crumb, finding a form in the site's published content, and accepting a submission — stored with
 * its notifications (emails to the owner's addresses, the auto-reply, the webhook) as jobs in ONE
 * transaction that also spends the key, so a submission is kept whole or not at all and nothing
 * it should cause is lost to a crash. Also the retention of submissions and the pruning of spent
 * keys and captcha solutions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FormData } from '../../blocks/form/schema';
import { readStored } from '../../document/link';
import { formData } from '../../blocks/form/schema';
import { BLOCK_TYPES } from '../../domain/block-types';
import { valueText, type FieldValue } from '../../domain/forms';
import { CONTENT_STATUSES } from '../../domain/website';
import type { Db, Executor } from '../../db/client';
import { formSubmissionKeys, formSubmissions } from '../../db/schema';
import { emailMessageSchema, enqueueEmail } from '../mail/mailer';
import { pruneSpentCaptchas } from './captcha';
import { enqueueWebhook } from './webhooks';

/** How long a submission key may be used after it was issued. */
export const SUBMISSION_KEY_TTL_MS = 10 * 60 * 1000;

/**
 * Rate limits per visitor (hashed IP): keys issued on a site, and submissions to one form. Generous
 * enough for many people behind one address (an office, a mobile carrier), small enough that a
 * script cannot flood a site's submissions or its owner's inbox.
 */
export const FORM_RATE_LIMITS = {
  keys: { max: 60, windowMs: 10 * 60 * 1000 },
  submissions: { max: 20, windowMs: 10 * 60 * 1000 },
} as const;

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Issues a new key for a visitor; only its hash is stored, with the hash of the visitor's crumb. */
export async function issueSubmissionKey(db: Executor, websiteId: string, crumb: string): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await db.insert(formSubmissionKeys).values({
    keyHash: hash(key),
    websiteId,
    crumbHash: hash(crumb),
    expiresAt: new Date(Date.now() + SUBMISSION_KEY_TTL_MS),
  });
  return key;
}

const usableKey = (websiteId: string, key: string, crumb: string) =>
  and(
    eq(formSubmissionKeys.keyHash, hash(key)),
    eq(formSubmissionKeys.websiteId, websiteId),
    eq(formSubmissionKeys.crumbHash, hash(crumb)),
    isNull(formSubmissionKeys.usedAt),
    gt(formSubmissionKeys.expiresAt, sql`now()`),
  );

/** Whether the key was issued on this site to this crumb, is unused and has not expired (it is spent only with an accepted submission). */
export async function submissionKeyUsable(db: Executor, websiteId: string, key: string, crumb: string): Promise<boolean> {
  const [row] = await db.select({ keyHash: formSubmissionKeys.keyHash }).from(formSubmissionKeys).where(usableKey(websiteId, key, crumb));
  return !!row;
}

/** Spends a usable key; false when it was not usable (used meanwhile by a racing submission). */
export async function spendSubmissionKey(db: Executor, websiteId: string, key: string, crumb: string): Promise<boolean> {
  const spent = await db
    .update(formSubmissionKeys)
    .set({ usedAt: sql`now()` })
    .where(usableKey(websiteId, key, crumb))
    .returning({ keyHash: formSubmissionKeys.keyHash });
  return spent.length > 0;
}

/**
 * The data of the block of this type whose `key` is `id`, on a published page or published
 * collection item of the site; undefined when there is none. Callers parse it with the block's schema.
 */
export async function findPublishedBlockData(db: Executor, websiteId: string, type: number, key: 'formId' | 'listId', id: string): Promise<unknown> {
  const path = `$[*].blocks[*] ? (@.type == $type && @.data.${key} == $id).data`;
  const vars = JSON.stringify({ type, id });
  const published = CONTENT_STATUSES.PUBLISHED;
  const { rows } = await db.execute<{ data: unknown }>(sql`
    SELECT data FROM (
      SELECT jsonb_path_query_first(p.sections, ${path}::jsonpath, ${vars}::jsonb) AS data
        FROM pages p WHERE p.website_id = ${websiteId} AND p.status = ${published}
      UNION ALL
      SELECT jsonb_path_query_first(i.sections, ${path}::jsonpath, ${vars}::jsonb)
        FROM collection_items i JOIN collections c ON c.website_id = i.website_id AND c.id = i.collection_id
        WHERE i.website_id = ${websiteId} AND i.status = ${published} AND c.status = ${published}
    ) found WHERE data IS NOT NULL LIMIT 1`);
  return rows[0]?.data;
}

/**
 * The form block with this formId on a published page or item of the site, parsed; undefined when
 * there is none. A link stored before the link rules does not stop the form (it renders as text).
 */
export async function findPublishedForm(db: Executor, websiteId: string, formId: string): Promise<FormData | undefined> {
  const data = await findPublishedBlockData(db, websiteId, BLOCK_TYPES.FORM, 'formId', formId);
  const parsed = readStored(() => formData.safeParse(data));
  return parsed.success ? parsed.data : undefined;
}

/** The seed's intra-page event fields as stored with a submission (only those sent). */
export type SubmissionPage = { pageTitle?: string; pageId?: string; contentSource?: string; pagePath?: string; collectionId?: string };

export type AcceptedSubmission = { id: number; createdAt: Date };

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
const isSendable = (address: string) => emailMessageSchema.shape.to.safeParse(address).success;

/**
 * A submission as readable lines (the notification email): each field that has a value, by label.
 * Multi-part values are joined as a person writes them (name with spaces, address with commas,
 * date as month/day/year, the phone as +country area-prefix-line); checkboxes with commas; each
 * likert statement on its own line with the scale's label.
 */
export function submissionLines(fields: readonly { id: string; type: string; label: string }[], values: Readonly<Record<string, unknown>>): { label: string; text: string }[] {
  const lines: { label: string; text: string }[] = [];
  for (const field of fields) {
    if (field.type === 'section') continue;
    const text = valueText(field.type, values[field.id], '\n');
    if (text.trim() !== '') lines.push({ label: field.label, text });
  }
  return lines;
}

function notificationText(form: FormData, page: SubmissionPage, lines: { label: string; text: string }[]): string {
  const where = page.pageTitle || page.pagePath ? ` on the page ${[page.pageTitle, page.pagePath && `(${page.pagePath})`].filter(Boolean).join(' ')}` : '';
  const intro = `A visitor sent the form${form.title ? ` "${form.title}"` : ''}${where}.`;
  const body = lines.map(({ label, text }) => (text.includes('\n') ? `${label}:\n${text.replace(/^/gm, '  ')}` : `${label}: ${text}`));
  return [intro, '', ...body, ''].join('\n');
}

/**
 * Stores an accepted submission and its notifications in one transaction, spending the key in the
 * same transaction: undefined (and nothing written) when the key is no longer usable, which is how
 * two submissions racing with one key end — one is stored. `values` are the checked values
 * (checkForm's `values`).
 */
export async function acceptSubmission(
  db: Db,
  input: { websiteId: string; key: string; crumb: string; form: FormData; values: Record<string, FieldValue>; page: SubmissionPage },
): Promise<AcceptedSubmission | undefined> {
  const { websiteId, form, values, page } = input;
  const emailFields = form.fields.filter((f) => f.type === 'email');
  const emails = [...new Set(emailFields.map((f) => values[f.id]).filter((v): v is string => typeof v === 'string' && v !== '').map((v) => v.toLowerCase()))];
  const lines = submissionLines(form.fields, values);
  const subject = `New submission: ${oneLine(form.title || page.pageTitle || 'a form on your site').slice(0, 200)}`;
  const replyTo = emails.find(isSendable);
  return db.transaction(async (tx) => {
    if (!(await spendSubmissionKey(tx, websiteId, input.key, input.crumb))) return undefined;
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        websiteId,
        formId: form.formId,
        fields: form.fields.map(({ id, type, label }) => ({ id, type, label })),
        values,
        page: Object.fromEntries(Object.entries(page).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>,
        emails,
      })
      .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt });
    const { settings } = form;
    const text = notificationText(form, page, lines);
    // One email per address: a bounce at one does not hold up the others, and no one sees who else was told.
    for (const to of settings.notifyEmails) await enqueueEmail(tx, websiteId, { to, subject, text, ...(replyTo ? { replyTo } : {}) });
    const reply = settings.autoReply;
    const replyAddress = reply ? values[reply.fieldId] : undefined;
    if (reply && typeof replyAddress === 'string' && isSendable(replyAddress)) {
      await enqueueEmail(tx, websiteId, { to: replyAddress, subject: oneLine(reply.subject), text: reply.text });
    }
    if (settings.webhookUrl) await enqueueWebhook(tx, websiteId, row!.id, settings.webhookUrl);
    return row!;
  });
}

/**
 * Retention: deletes the submissions older than their site's `formRetentionDays` (sites without
 * the setting keep theirs), expired submission keys, and spent captcha solutions past their expiry.
 */
export async function pruneFormData(db: Db): Promise<{ submissions: number; keys: number; captchas: number }> {
  const submissions = await db.execute(sql`
    DELETE FROM form_submissions s USING websites w
    WHERE s.website_id = w.id
      AND jsonb_typeof(w.settings -> 'formRetentionDays') = 'number'
      AND s.created_at < now() - make_interval(days => (w.settings ->> 'formRetentionDays')::int)`);
  const keys = await db.delete(formSubmissionKeys).where(lt(formSubmissionKeys.expiresAt, sql`now()`)).returning({ keyHash: formSubmissionKeys.keyHash });
  const captchas = await pruneSpentCaptchas(db);
  return { submissions: submissions.rowCount ?? 0, keys: keys.length, captchas };
}
