/**
 * A form's submissions and a list's subscribers as CSV files (../csv.ts rules), newest first and
 * in address order, read in batches as the file streams out: memory stays flat however many there are.
 */
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { valueText } from '../../../../domain/forms';
import type { Db } from '../../../../db/client';
import { formSubmissions, newsletterSubscribers } from '../schema/forms';
import { CSV_BOM, csvRow } from '../../../http/csv';
import { valueFields, type FieldSnapshot } from './submissions';
import { subscriberWhere } from './subscribers';
import { csvTime } from './values';

/** Rows fetched per query while a CSV streams out. */
const CSV_BATCH = 500;

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

/** Every submission of a form, newest first. */
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

/** Every subscriber of a list, in address order. */
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
