/**
 * The owner's side of forms and newsletters (issue 4, item 8): which form and newsletter blocks
 * the site's content holds, the submissions and subscribers they collected (listed, searched,
 * opened, deleted, exported as CSV), erasing everything one email address left on the site, and
 * replacing a form block's fields and settings. Content changes follow the site-change pattern of
 * ./sites.ts: one transaction that bumps the content version, logs the activity and notifies
 * `site_changed`, so published pages show the new form at once.
 */
import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { formData, type FormData, type StoredFormData } from '../../blocks/form/schema';
import { readStored } from '../../document/link';
import { BLOCK_TYPES } from '../../domain/block-types';
import { valueText } from '../../domain/forms';
import type { Db, Executor } from '../../db/client';
import type { StoredBlockData, StoredSection } from '../../document/schema';
import { collectionItems, formSubmissions, newsletterSubscribers, pages, websites } from '../../db/schema';
import type { FormSummary, NewsletterSummary, Placement, SubmissionDetail, SubmissionSummary, Subscriber, SubscriberCounts } from '../../contracts/forms';
import { logActivity } from './activity';
import { CSV_BOM, csvRow } from './csv';
import { SITE_CHANGED_CHANNEL } from './sites';
import { ensureWebhookSecret } from './webhook-secrets';

export type { FormSummary, NewsletterSummary, Placement, SubmissionDetail, SubmissionSummary, Subscriber, SubscriberCounts } from '../../contracts/forms';

export type FieldSnapshot = { id: string; type: string; label: string };

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBMISSIONS_PAGE_SIZE = 50;
export const SUBSCRIBERS_PAGE_SIZE = 100;
/** Rows fetched per query while a CSV streams out: memory stays flat however many there are. */
const CSV_BATCH = 500;
const PREVIEW_FIELDS = 3;
const PREVIEW_LENGTH = 120;

const FORM = BLOCK_TYPES.FORM;
const NEWSLETTER = BLOCK_TYPES.NEWSLETTER;

/* ---------- blocks in the site's content ---------- */

type FoundBlock = { placement: Placement; type: number; data: Record<string, unknown> };

const ANY_FORM_OR_NEWSLETTER = `$[*].blocks[*] ? (@.type == ${FORM} || @.type == ${NEWSLETTER})`;
const FORM_WITH_ID = `$[*].blocks[*] ? (@.type == ${FORM} && @.data.formId == $id)`;
const NEWSLETTER_WITH_ID = `$[*].blocks[*] ? (@.type == ${NEWSLETTER} && @.data.listId == $id)`;

/**
 * Form and newsletter blocks in pages and collection items, in page order then item order. The
 * JSON path runs in PostgreSQL, so only the blocks themselves leave the database.
 */
async function blocksInContent(db: Executor, websiteId: string, path: string, id = ''): Promise<FoundBlock[]> {
  const vars = JSON.stringify({ id });
  const { rows } = await db.execute<{ kind: 'page' | 'item'; id: string; title: string; path: string | null; block: { type: number; data: Record<string, unknown> } }>(sql`
    SELECT 'page' AS kind, p.id, p.title, p.path, 0 AS grp, '' AS coll, p.position, b.block
      FROM ${pages} p CROSS JOIN LATERAL jsonb_path_query(p.sections, ${path}::jsonpath, ${vars}::jsonb) AS b(block)
     WHERE p.website_id = ${websiteId}
    UNION ALL
    SELECT 'item', i.id, i.title, i.path, 1, i.collection_id, i.position, b.block
      FROM ${collectionItems} i CROSS JOIN LATERAL jsonb_path_query(i.sections, ${path}::jsonpath, ${vars}::jsonb) AS b(block)
     WHERE i.website_id = ${websiteId}
     ORDER BY grp, coll, position`);
  return rows.map((r) => ({ placement: { kind: r.kind, id: r.id, title: r.title, path: r.path }, type: r.block.type, data: r.block.data }));
}

/**
 * A form block's data with its defaults filled (as stored it already passed the same schema at
 * import), read with the links it was stored with: the editor shows them, and saving checks them.
 */
function readForm(data: Record<string, unknown>): FormData | undefined {
  const parsed = readStored(() => formData.safeParse(data));
  return parsed.success ? parsed.data : undefined;
}

function placementsOf(found: FoundBlock[]): { page: Placement | null; otherPages: Placement[] } {
  const seen = new Map<string, Placement>();
  for (const f of found) seen.set(`${f.placement.kind}:${f.placement.id}`, f.placement);
  const [page = null, ...otherPages] = seen.values();
  return { page, otherPages };
}

const formName = (title: string | null | undefined, page: Placement | null) => title || (page ? `Form on ${page.title}` : 'Removed form');
const listName = (title: string | null | undefined, page: Placement | null) => title || (page ? `Newsletter on ${page.title}` : 'Removed newsletter list');

/** Every form and newsletter list of the site, with counts; lists that only stored rows still show (their block was removed). */
export async function listFormsAndLists(db: Db, websiteId: string): Promise<{ forms: FormSummary[]; newsletters: NewsletterSummary[] }> {
  const [found, submissionCounts, subscriberCounts] = await Promise.all([
    blocksInContent(db, websiteId, ANY_FORM_OR_NEWSLETTER),
    db
      .select({ formId: formSubmissions.formId, count: sql<number>`count(*)::int`, last: sql<Date>`max(${formSubmissions.createdAt})` })
      .from(formSubmissions)
      .where(eq(formSubmissions.websiteId, websiteId))
      .groupBy(formSubmissions.formId),
    db
      .select({ listId: newsletterSubscribers.listId, status: newsletterSubscribers.status, count: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.websiteId, websiteId))
      .groupBy(newsletterSubscribers.listId, newsletterSubscribers.status),
  ]);

  const formBlocks = new Map<string, FoundBlock[]>();
  const listBlocks = new Map<string, FoundBlock[]>();
  for (const f of found) {
    const key = f.type === FORM ? String(f.data.formId) : String(f.data.listId);
    const into = f.type === FORM ? formBlocks : listBlocks;
    into.set(key, [...(into.get(key) ?? []), f]);
  }
  for (const c of submissionCounts) if (!formBlocks.has(c.formId)) formBlocks.set(c.formId, []);
  for (const c of subscriberCounts) if (!listBlocks.has(c.listId)) listBlocks.set(c.listId, []);

  const forms = [...formBlocks].map(([formId, blocks]): FormSummary => {
    const { page, otherPages } = placementsOf(blocks);
    const data = blocks[0]?.data;
    const title = typeof data?.title === 'string' && data.title ? data.title : null;
    const counts = submissionCounts.find((c) => c.formId === formId);
    return {
      formId,
      name: formName(title, page),
      title,
      fieldCount: Array.isArray(data?.fields) ? data.fields.length : 0,
      page,
      otherPages,
      submissions: counts?.count ?? 0,
      lastSubmittedAt: counts ? new Date(counts.last).toISOString() : null,
    };
  });
  const newsletters = [...listBlocks].map(([listId, blocks]): NewsletterSummary => {
    const { page, otherPages } = placementsOf(blocks);
    const title = typeof blocks[0]?.data.title === 'string' && blocks[0].data.title ? blocks[0].data.title : null;
    const subscribers: SubscriberCounts = { pending: 0, confirmed: 0, unsubscribed: 0, total: 0 };
    for (const c of subscriberCounts.filter((s) => s.listId === listId)) {
      if (c.status === 'pending' || c.status === 'confirmed' || c.status === 'unsubscribed') subscribers[c.status] += c.count;
      subscribers.total += c.count;
    }
    return { listId, name: listName(title, page), title, page, otherPages, subscribers };
  });
  return { forms, newsletters };
}

export type FormDetail = FormSummary & {
  /** The form's fields and settings as the editor edits them; absent for a removed form. */
  form: FormData | null;
};

/** One form: its data from the first block holding it, where it is, and its counts; undefined when the site has no such form. */
export async function formDetail(db: Db, websiteId: string, formId: string): Promise<FormDetail | undefined> {
  const blocks = await blocksInContent(db, websiteId, FORM_WITH_ID, formId);
  const [counts] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<Date | null>`max(${formSubmissions.createdAt})` })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, formId)));
  const submissions = counts?.count ?? 0;
  if (blocks.length === 0 && submissions === 0) return undefined;
  const { page, otherPages } = placementsOf(blocks);
  const form = blocks[0] ? (readForm(blocks[0].data) ?? null) : null;
  const title = form?.title || null;
  return {
    formId,
    name: formName(title, page),
    title,
    fieldCount: form?.fields.length ?? 0,
    page,
    otherPages,
    submissions,
    lastSubmittedAt: counts?.last ? new Date(counts.last).toISOString() : null,
    form,
  };
}

/** Whether the site has this newsletter list: a block names it or subscribers are stored under it. */
export async function listExists(db: Db, websiteId: string, listId: string): Promise<boolean> {
  if ((await blocksInContent(db, websiteId, NEWSLETTER_WITH_ID, listId)).length > 0) return true;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.websiteId, websiteId), eq(newsletterSubscribers.listId, listId)))
    .limit(1);
  return row !== undefined;
}

/* ---------- values as text ---------- */

const isoTime = (d: Date | string) => new Date(d).toISOString();
/** Spreadsheet apps read this as a date and time; the header says it is UTC. */
const csvTime = (d: Date | string | null) => (d ? new Date(d).toISOString().replace('T', ' ').slice(0, 19) : '');

type SubmissionRow = typeof formSubmissions.$inferSelect;

const pageOf = (row: SubmissionRow) => ({ title: row.page.pageTitle ?? '', path: row.page.pagePath ?? '' });

/** The fields worth showing: sections hold no value. */
const valueFields = (fields: readonly FieldSnapshot[]) => fields.filter((f) => f.type !== 'section');

/** Any stored value whose field the snapshot lacks still shows, under its id. */
function fieldsOf(row: SubmissionRow): FieldSnapshot[] {
  const fields = valueFields(row.fields);
  const known = new Set(fields.map((f) => f.id));
  const extra = Object.keys(row.values)
    .filter((id) => !known.has(id))
    .map((id) => ({ id, type: 'text', label: id }));
  return [...fields, ...extra];
}

function summary(row: SubmissionRow): SubmissionSummary {
  const preview: SubmissionSummary['preview'] = [];
  for (const f of fieldsOf(row)) {
    if (f.type === 'hidden' || preview.length === PREVIEW_FIELDS) continue;
    const text = valueText(f.type, row.values[f.id]);
    if (text) preview.push({ label: f.label, text: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text });
  }
  return { id: row.id, createdAt: isoTime(row.createdAt), page: pageOf(row), preview };
}

/** An ILIKE pattern that matches `text` anywhere, with the pattern's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Any string in the values, at any depth (parts of an address, checkbox choices …), contains the text, ignoring case. */
function valuesContain(q: string): SQL {
  return sql`EXISTS (SELECT 1 FROM jsonb_path_query(${formSubmissions.values}, 'strict $.**') AS v(x) WHERE jsonb_typeof(v.x) = 'string' AND v.x #>> '{}' ILIKE ${containsPattern(q)})`;
}

/* ---------- submissions ---------- */

/** A page of submissions, newest first; `next` is the `before` for the page after, null at the end. */
export async function listSubmissions(
  db: Db,
  websiteId: string,
  formId: string,
  opts: { q?: string | undefined; before?: number | undefined; limit?: number },
): Promise<{ submissions: SubmissionSummary[]; next: number | null }> {
  const limit = opts.limit ?? SUBMISSIONS_PAGE_SIZE;
  const where = [eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, formId)];
  if (opts.before !== undefined) where.push(lt(formSubmissions.id, opts.before));
  if (opts.q) where.push(valuesContain(opts.q));
  const rows = await db
    .select()
    .from(formSubmissions)
    .where(and(...where))
    .orderBy(desc(formSubmissions.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  return { submissions: shown.map(summary), next: rows.length > limit ? shown[shown.length - 1]!.id : null };
}

export async function getSubmission(db: Db, websiteId: string, formId: string, id: number): Promise<SubmissionDetail | undefined> {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, formId), eq(formSubmissions.id, id)));
  if (!row) return undefined;
  return {
    id: row.id,
    formId: row.formId,
    createdAt: isoTime(row.createdAt),
    page: pageOf(row),
    fields: fieldsOf(row).map((f) => ({ id: f.id, label: f.label, type: f.type, text: valueText(f.type, row.values[f.id]) })),
  };
}

export async function deleteSubmission(db: Db, websiteId: string, formId: string, id: number, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(formSubmissions)
      .where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, formId), eq(formSubmissions.id, id)))
      .returning({ id: formSubmissions.id });
    if (deleted.length === 0) return false;
    await logActivity(tx, websiteId, actorId, 'forms.submission_deleted', { formId, submission: id });
    return true;
  });
}

/**
 * The CSV columns: submitted at, each field by label (the union of the stored field snapshots,
 * newest form first, so the columns follow the form as it is now and fields since removed come
 * after), then the page. Two fields with the same label are told apart by their ids.
 */
async function submissionColumns(db: Db, websiteId: string, formId: string): Promise<FieldSnapshot[]> {
  const snapshots = await db
    .select({ fields: formSubmissions.fields, newest: sql<number>`max(${formSubmissions.id})` })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, formId)))
    .groupBy(formSubmissions.fields)
    .orderBy(desc(sql`max(${formSubmissions.id})`));
  const columns = new Map<string, FieldSnapshot>();
  for (const { fields } of snapshots) for (const f of valueFields(fields)) if (!columns.has(f.id)) columns.set(f.id, f);
  const list = [...columns.values()];
  const labelCount = new Map<string, number>();
  for (const f of list) labelCount.set(f.label, (labelCount.get(f.label) ?? 0) + 1);
  return list.map((f) => ((labelCount.get(f.label) ?? 0) > 1 ? { ...f, label: `${f.label} (${f.id})` } : f));
}

/** Every submission of a form as CSV (./csv.ts rules), newest first, read in batches as the file streams out. */
export async function* submissionsCsv(db: Db, websiteId: string, formId: string): AsyncGenerator<string> {
  const columns = await submissionColumns(db, websiteId, formId);
  yield CSV_BOM + csvRow(['Submitted at (UTC)', ...columns.map((c) => c.label), 'Page']);
  let before: number | undefined;
  for (;;) {
    const where = [eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, formId)];
    if (before !== undefined) where.push(lt(formSubmissions.id, before));
    const rows = await db
      .select()
      .from(formSubmissions)
      .where(and(...where))
      .orderBy(desc(formSubmissions.id))
      .limit(CSV_BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) => csvRow([csvTime(r.createdAt), ...columns.map((c) => valueText(c.type, r.values[c.id])), r.page.pagePath ?? ''])).join('');
    before = rows[rows.length - 1]!.id;
  }
}

/* ---------- newsletter subscribers ---------- */

const subscriberOf = (r: typeof newsletterSubscribers.$inferSelect): Subscriber => ({
  email: r.email,
  name: r.name,
  status: r.status,
  createdAt: isoTime(r.createdAt),
  confirmedAt: r.confirmedAt ? isoTime(r.confirmedAt) : null,
  unsubscribedAt: r.unsubscribedAt ? isoTime(r.unsubscribedAt) : null,
});

function subscriberWhere(websiteId: string, listId: string, opts: { q?: string | undefined; status?: SubscriberStatus | undefined; after?: string | undefined }) {
  const where = [eq(newsletterSubscribers.websiteId, websiteId), eq(newsletterSubscribers.listId, listId)];
  if (opts.status) where.push(eq(newsletterSubscribers.status, opts.status));
  if (opts.after !== undefined) where.push(gt(newsletterSubscribers.email, opts.after));
  if (opts.q) {
    const pattern = containsPattern(opts.q);
    where.push(sql`(${newsletterSubscribers.email} ILIKE ${pattern} OR ${newsletterSubscribers.name} ILIKE ${pattern})`);
  }
  return and(...where);
}

/** A page of a list's subscribers in address order; `next` is the `after` for the page after, null at the end. */
export async function listSubscribers(
  db: Db,
  websiteId: string,
  listId: string,
  opts: { q?: string | undefined; status?: SubscriberStatus | undefined; after?: string | undefined; limit?: number },
): Promise<{ subscribers: Subscriber[]; next: string | null }> {
  const limit = opts.limit ?? SUBSCRIBERS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(subscriberWhere(websiteId, listId, opts))
    .orderBy(asc(newsletterSubscribers.email))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  return { subscribers: shown.map(subscriberOf), next: rows.length > limit ? shown[shown.length - 1]!.email : null };
}

export async function deleteSubscriber(db: Db, websiteId: string, listId: string, email: string, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.websiteId, websiteId), eq(newsletterSubscribers.listId, listId), eq(newsletterSubscribers.email, email.trim().toLowerCase())))
      .returning({ email: newsletterSubscribers.email });
    if (deleted.length === 0) return false;
    // The activity log keeps no address (docs/decisions.md, "Erasing a person's data").
    await logActivity(tx, websiteId, actorId, 'newsletter.subscriber_deleted', { listId });
    return true;
  });
}

export async function* subscribersCsv(db: Db, websiteId: string, listId: string): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(['Email', 'Name', 'Status', 'Signed up at (UTC)', 'Confirmed at (UTC)', 'Unsubscribed at (UTC)']);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(subscriberWhere(websiteId, listId, { after }))
      .orderBy(asc(newsletterSubscribers.email))
      .limit(CSV_BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) => csvRow([r.email, r.name ?? '', r.status, csvTime(r.createdAt), csvTime(r.confirmedAt), csvTime(r.unsubscribedAt)])).join('');
    after = rows[rows.length - 1]!.email;
  }
}

/* ---------- erasing a person's data ---------- */

/**
 * Deletes every submission that holds the address (its `emails`, lowercased when stored) and the
 * address's subscriptions to every list, in one transaction. The activity log records the counts,
 * never the address nor a hash of it (docs/decisions.md, "Erasing a person's data").
 */
export async function eraseByEmail(db: Db, websiteId: string, email: string, actorId: string): Promise<{ submissions: number; subscribers: number }> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const submissions = await tx
      .delete(formSubmissions)
      .where(and(eq(formSubmissions.websiteId, websiteId), sql`${formSubmissions.emails} @> ARRAY[${address}]::text[]`))
      .returning({ id: formSubmissions.id });
    const subscribers = await tx
      .delete(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.websiteId, websiteId), eq(newsletterSubscribers.email, address)))
      .returning({ listId: newsletterSubscribers.listId });
    const counts = { submissions: submissions.length, subscribers: subscribers.length };
    await logActivity(tx, websiteId, actorId, 'forms.person_erased', counts);
    return counts;
  });
}

/* ---------- editing a form ---------- */

/** A form's data as the form block's writing schema gives it (src/blocks/sanitize.ts `storedSchema`). */
export type StoredForm = StoredFormData & StoredBlockData;

/** Puts `form` into every block of `sections` that holds its form id; answers how many it replaced. */
function replaceForm(sections: StoredSection[], form: StoredForm): number {
  let replaced = 0;
  for (const section of sections) {
    for (const block of section.blocks) {
      if (block.type === FORM && block.data.formId === form.formId) {
        block.data = form;
        replaced += 1;
      }
    }
  }
  return replaced;
}

/**
 * Replaces the form's data (checked and sanitised by the form block's writing schema) in every page and
 * item holding it, in one transaction: the site row is locked first, as an import locks it, so an
 * import and an edit never interleave. A form with a webhook address gets its signing secret in
 * the same transaction if it has none, answered here once. Answers `updated: false` when no block
 * holds the form.
 */
export async function updateForm(db: Db, websiteId: string, form: StoredForm, actorId: string): Promise<{ updated: boolean; webhookSecret?: string }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
    const holds = (column: typeof pages.sections | typeof collectionItems.sections) =>
      sql`jsonb_path_exists(${column}, ${FORM_WITH_ID}::jsonpath, ${JSON.stringify({ id: form.formId })}::jsonb)`;
    const pageRows = await tx
      .select({ id: pages.id, sections: pages.sections })
      .from(pages)
      .where(and(eq(pages.websiteId, websiteId), holds(pages.sections)))
      .for('update');
    const itemRows = await tx
      .select({ id: collectionItems.id, sections: collectionItems.sections })
      .from(collectionItems)
      .where(and(eq(collectionItems.websiteId, websiteId), holds(collectionItems.sections)))
      .for('update');
    let replaced = 0;
    for (const row of pageRows) {
      replaced += replaceForm(row.sections, form);
      await tx.update(pages).set({ sections: row.sections }).where(and(eq(pages.websiteId, websiteId), eq(pages.id, row.id)));
    }
    for (const row of itemRows) {
      replaced += replaceForm(row.sections, form);
      await tx.update(collectionItems).set({ sections: row.sections }).where(and(eq(collectionItems.websiteId, websiteId), eq(collectionItems.id, row.id)));
    }
    if (replaced === 0) return { updated: false };
    await tx.update(websites).set({ updatedAt: new Date(), contentVersion: sql`${websites.contentVersion} + 1` }).where(eq(websites.id, websiteId));
    const webhookSecret = form.settings.webhookUrl ? await ensureWebhookSecret(tx, websiteId, form.formId) : undefined;
    await logActivity(tx, websiteId, actorId, 'forms.form_updated', { formId: form.formId, fields: form.fields.length, ...(webhookSecret ? { webhookSecretMade: true } : {}) });
    await tx.execute(sql`SELECT pg_notify(${SITE_CHANGED_CHANNEL}, ${websiteId})`);
    return { updated: true, ...(webhookSecret ? { webhookSecret } : {}) };
  });
}
