/**
 * Which form and newsletter blocks a site's content holds, and where (pages and collection items),
 * with their counts: the forms and lists the owner sees, one form's detail, and whether a list
 * exists. The JSON path runs in PostgreSQL, so only the blocks themselves leave the database.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formData, type FormData } from '../../../../blocks/form/schema';
import { readStored } from '../../../../document/link';
import { BLOCK_TYPES } from '../../../../domain/block-types';
import { FORM_WITH_ID } from '../../../../blocks/form/json-paths';
import type { Db, Executor } from '../../../../db/client';
import { blocksInContent } from '../../content';
import { formSubmissions, newsletterSubscribers } from '../schema/forms';
import type { FormSummary, NewsletterSummary, Placement, SubscriberCounts } from '../../../../contracts/forms';

const FORM = BLOCK_TYPES.FORM;
const NEWSLETTER = BLOCK_TYPES.NEWSLETTER;

type FoundBlock = { placement: Placement; type: number; data: Record<string, unknown> };

const ANY_FORM_OR_NEWSLETTER = `$[*].blocks[*] ? (@.type == ${FORM} || @.type == ${NEWSLETTER})`;
const NEWSLETTER_WITH_ID = `$[*].blocks[*] ? (@.type == ${NEWSLETTER} && @.data.listId == $id)`;

/** Form and newsletter blocks in pages and collection items, in page order then item order. */
async function blocksFound(db: Executor, websiteId: string, path: string, id = ''): Promise<FoundBlock[]> {
  const rows = await blocksInContent(db, websiteId, path, { id });
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
    blocksFound(db, websiteId, ANY_FORM_OR_NEWSLETTER),
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
  const blocks = await blocksFound(db, websiteId, FORM_WITH_ID, formId);
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
  if ((await blocksFound(db, websiteId, NEWSLETTER_WITH_ID, listId)).length > 0) return true;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.websiteId, websiteId), eq(newsletterSubscribers.listId, listId)))
    .limit(1);
  return row !== undefined;
}
