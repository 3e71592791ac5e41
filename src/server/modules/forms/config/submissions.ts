/**
 * What a form collected: a page of its submissions (newest first, searchable in every value), one
 * submission with every field as it was when sent, and deleting one (logged).
 */
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { valueText } from '../../../../domain/forms';
import type { Db } from '../../../../db/client';
import { formSubmissions } from '../schema/forms';
import type { SubmissionDetail, SubmissionSummary } from '../../../../contracts/forms';
import { logActivity } from '../../sites';
import { containsPattern, isoTime } from './values';

export type FieldSnapshot = { id: string; type: string; label: string };

export const SUBMISSIONS_PAGE_SIZE = 50;
const PREVIEW_FIELDS = 3;
const PREVIEW_LENGTH = 120;

type SubmissionRow = typeof formSubmissions.$inferSelect;

const pageOf = (row: SubmissionRow) => ({ title: row.page.pageTitle ?? '', path: row.page.pagePath ?? '' });

/** The fields worth showing: sections hold no value. */
export const valueFields = (fields: readonly FieldSnapshot[]) => fields.filter((f) => f.type !== 'section');

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

/** Any string in the values, at any depth (parts of an address, checkbox choices …), contains the text, ignoring case. */
function valuesContain(q: string): SQL {
  return sql`EXISTS (SELECT 1 FROM jsonb_path_query(${formSubmissions.values}, 'strict $.**') AS v(x) WHERE jsonb_typeof(v.x) = 'string' AND v.x #>> '{}' ILIKE ${containsPattern(q)})`;
}

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
