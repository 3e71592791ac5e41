/**
 * Form submissions on the server (seed 000 §7): single-use submission keys bound to the visitor's
 * crumb (signed, spent by a row), finding a form in the site's published content, and accepting a
 * submission — stored with its notifications (emails to the owner's addresses, the auto-reply, the
 * webhook) as jobs in ONE transaction that also spends the key, so a submission is kept whole or
 * not at all and nothing it should cause is lost to a crash. Submissions arriving together share
 * that transaction (group commit, ./batch-writer.ts) and are answered once it has committed. Also
 * the retention of submissions and the pruning of spent keys and captcha solutions.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FormData } from '../../../blocks/form/schema';
import { readStored } from '../../../document/link';
import { formData } from '../../../blocks/form/schema';
import { BLOCK_TYPES } from '../../../domain/block-types';
import { valueText, type FieldValue } from '../../../domain/forms';
import { CONTENT_STATUSES } from '../../../domain/website';
import type { Db, Executor } from '../../../db/client';
import { formSubmissionKeys, type formSubmissions } from './schema/forms';
import { enqueueAll, type NewJob } from '../../jobs/queue';
import { emailJob, emailMessageSchema } from '../../mail/mailer';
import type { Metrics } from '../../metrics';
import { createBatchWriter, type BatchWriter } from '../../group-commit/batch-writer';
import { pruneSpentCaptchas } from '../sites';
import { webhookJob } from './webhooks';

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

/** A key as its spending stores it: its hash, the site and crumb it was issued to, and when it stops being usable. */
export type KeySpend = { keyHash: string; websiteId: string; crumbHash: string; expiresAt: Date };

/**
 * Submission keys: signed, so issuing one writes nothing. A key names a random nonce and its
 * expiry, and its MAC binds both to the site and the visitor's crumb; it is single use because
 * spending it inserts its hash (with the site, the crumb's hash and the expiry) into
 * form_submission_keys, in the submission's own transaction, and a second spending finds the row.
 */
export function submissionKeys(secret: string) {
  const mac = (websiteId: string, crumbHash: string, nonce: string, expires: string) =>
    createHmac('sha256', secret).update(`form-key\n${websiteId}\n${crumbHash}\n${nonce}\n${expires}`).digest('base64url').slice(0, 22);
  return {
    issue(websiteId: string, crumb: string, now = Date.now()): string {
      const nonce = randomBytes(12).toString('base64url');
      const expires = (now + SUBMISSION_KEY_TTL_MS).toString(36);
      return `${nonce}.${expires}.${mac(websiteId, hash(crumb), nonce, expires)}`;
    },
    /** What spending the key stores, when it was issued on this site to this crumb and has not expired (it may have been spent). */
    check(websiteId: string, key: string, crumb: string, now = Date.now()): KeySpend | undefined {
      const [nonce, expires, given, rest] = key.split('.');
      if (!nonce || !expires || !given || rest !== undefined || !/^[0-9a-z]{1,11}$/.test(expires)) return undefined;
      const expiresAt = parseInt(expires, 36);
      if (expiresAt <= now) return undefined;
      const crumbHash = hash(crumb);
      const expected = Buffer.from(mac(websiteId, crumbHash, nonce, expires));
      const sent = Buffer.from(given);
      if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) return undefined;
      return { keyHash: hash(key), websiteId, crumbHash, expiresAt: new Date(expiresAt) };
    },
  };
}

export type SubmissionKeys = ReturnType<typeof submissionKeys>;

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

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
const isSendable = (address: string) => emailMessageSchema.shape.to.safeParse(address).success;

/**
 * A submission as readable lines (the notification email): each field that has a value, by label.
 * Multi-part values are joined as a person writes them (name with spaces, address with commas,
 * date as month/day/year, the phone as +country area-prefix-line); checkboxes with commas; each
 * likert statement on its own line with the scale's label.
 */
export function submissionLines(
  fields: readonly { id: string; type: string; label: string }[],
  values: Readonly<Record<string, unknown>>,
): { label: string; text: string }[] {
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

/** A checked submission ready to store: its row and the jobs it causes (a webhook's gets the submission's id once stored). */
export type PreparedSubmission = { row: Omit<typeof formSubmissions.$inferInsert, 'id' | 'createdAt'>; jobs: NewJob[]; webhookUrl: string | undefined };

/**
 * A submission's row and its notifications: an email to each of the form's addresses, the
 * auto-reply, the webhook. `values` are the checked values (checkForm's `values`). Throws
 * InvalidEmailError when a notification cannot be sent (nothing is stored then).
 */
export function prepareSubmission(input: { websiteId: string; form: FormData; values: Record<string, FieldValue>; page: SubmissionPage }): PreparedSubmission {
  const { websiteId, form, values, page } = input;
  const emailFields = form.fields.filter((f) => f.type === 'email');
  const emails = [
    ...new Set(
      emailFields
        .map((f) => values[f.id])
        .filter((v): v is string => typeof v === 'string' && v !== '')
        .map((v) => v.toLowerCase()),
    ),
  ];
  const lines = submissionLines(form.fields, values);
  const subject = `New submission: ${oneLine(form.title || page.pageTitle || 'a form on your site').slice(0, 200)}`;
  const replyTo = emails.find(isSendable);
  const { settings } = form;
  const text = notificationText(form, page, lines);
  // One email per address: a bounce at one does not hold up the others, and no one sees who else was told.
  const jobs = settings.notifyEmails.map((to) => emailJob(websiteId, { to, subject, text, ...(replyTo ? { replyTo } : {}) }));
  const reply = settings.autoReply;
  const replyAddress = reply ? values[reply.fieldId] : undefined;
  if (reply && typeof replyAddress === 'string' && isSendable(replyAddress))
    jobs.push(emailJob(websiteId, { to: replyAddress, subject: oneLine(reply.subject), text: reply.text }));
  return {
    row: {
      websiteId,
      formId: form.formId,
      fields: form.fields.map(({ id, type, label }) => ({ id, type, label })),
      values,
      page: Object.fromEntries(Object.entries(page).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>,
      emails,
    },
    jobs,
    webhookUrl: settings.webhookUrl || undefined,
  };
}

/** One call for the submission writer: a key to spend, and the submission to store with it (none for a filled honeypot). */
export type SubmissionEntry = { spend: KeySpend; submission?: PreparedSubmission };
/** `spent: false`: the key had been spent already (by a submission racing this one), and nothing was stored. */
export type SubmissionOutcome = { spent: true; id?: number } | { spent: false };

/** The database did not store the submission (nothing of it is kept). */
export class SubmissionUnavailableError extends Error {}

/**
 * Writes a batch of calls inside `tx`: every key spent in one INSERT (a key already in the table,
 * or twice in the batch, is spent by its first call only), then the submissions of the calls whose
 * key this batch spent in one INSERT, their jobs in one more and one notification.
 */
async function writeSubmissions(tx: Executor, entries: readonly SubmissionEntry[]): Promise<SubmissionOutcome[]> {
  const first = new Map<string, number>();
  entries.forEach((e, i) => first.has(e.spend.keyHash) || first.set(e.spend.keyHash, i));
  const spends = [...first.values()].map((i) => ({ ...entries[i]!.spend, expiresAt: entries[i]!.spend.expiresAt.toISOString() }));
  const { rows: spentRows } = await tx.execute<{ key_hash: string }>(sql`
    INSERT INTO form_submission_keys (key_hash, website_id, crumb_hash, expires_at, used_at)
    SELECT "keyHash", "websiteId", "crumbHash", "expiresAt", now()
    FROM jsonb_to_recordset(${JSON.stringify(spends)}::jsonb) AS x("keyHash" text, "websiteId" text, "crumbHash" text, "expiresAt" timestamptz)
    ON CONFLICT (key_hash) DO NOTHING RETURNING key_hash`);
  const spent = new Set(spentRows.map((r) => r.key_hash));
  const outcomes: SubmissionOutcome[] = entries.map((e, i) =>
    first.get(e.spend.keyHash) === i && spent.has(e.spend.keyHash) ? { spent: true } : { spent: false },
  );
  const storing = entries
    .map((e, i) => ({ n: i, submission: outcomes[i]!.spent ? e.submission : undefined }))
    .filter((s): s is { n: number; submission: PreparedSubmission } => s.submission !== undefined);
  if (storing.length === 0) return outcomes;
  // Ids are taken from the sequence first, so each call learns its own (its webhook job carries it).
  const { rows: stored } = await tx.execute<{ n: number; id: string }>(sql`
    WITH input AS (
      SELECT x.*, nextval(pg_get_serial_sequence('form_submissions', 'id')) AS id
      FROM jsonb_to_recordset(${JSON.stringify(storing.map(({ n, submission }) => ({ n, ...submission.row })))}::jsonb)
        AS x(n int, "websiteId" text, "formId" text, fields jsonb, "values" jsonb, page jsonb, emails text[])
    ), stored AS (
      INSERT INTO form_submissions (id, website_id, form_id, fields, "values", page, emails)
      SELECT id, "websiteId", "formId", fields, "values", page, emails FROM input RETURNING id
    )
    SELECT n, id FROM input`);
  const ids = new Map(stored.map((r) => [r.n, Number(r.id)]));
  const jobs: NewJob[] = [];
  for (const { n, submission } of storing) {
    const id = ids.get(n)!;
    outcomes[n] = { spent: true, id };
    jobs.push(...submission.jobs);
    if (submission.webhookUrl) jobs.push(webhookJob(submission.row.websiteId, id, submission.webhookUrl));
  }
  await enqueueAll(tx, jobs);
  return outcomes;
}

export type SubmissionWriter = BatchWriter<SubmissionEntry, SubmissionOutcome>;

/**
 * The form calls' group-commit writer (./batch-writer.ts): each call is answered once the
 * transaction holding it (its key spent, its submission and jobs written) has committed. When a
 * batch of several fails, each call is written again on its own, so one call's failure stays its own.
 */
export function createSubmissionWriter(db: Db, opts: { metrics?: Metrics; concurrency?: number } = {}): SubmissionWriter {
  return createBatchWriter<SubmissionEntry, SubmissionOutcome>({
    name: 'forms',
    metrics: opts.metrics,
    concurrency: opts.concurrency ?? 2,
    maxWeight: 100,
    maxWaiting: 10_000,
    retryAlone: () => true,
    unavailable: (reason, cause) => new SubmissionUnavailableError(`form submissions: ${reason}`, { cause }),
    write: (entries) => db.transaction((tx) => writeSubmissions(tx, entries)),
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
