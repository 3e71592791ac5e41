/**
 * A visitor of the demo's form of every field (the site guide's Forms page) for integration tests: a crumb from a page view, then the
 * seed's two calls as the form island makes them (form-encoded, `form` a JSON string) or as JSON;
 * and a way to change the demo form's data in the database.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FormData } from '../src/blocks/form/schema';
import { expect, vi } from 'vitest';
import type { Db, Executor } from '../src/db/client';
import { markSiteChanged } from '../src/server/modules/sites/site-changes';
import { pages } from '../src/server/modules/content/schema/content';

export const DEMO_FORM_ID = 'c0a7ac7f0000000000000001';
/** The site guide's Forms page, where the demo's form of every field type is. */
export const FORMS_PAGE_ID = 'c0a7ac7f0000000000000002';
export const FORMS_PAGE = '/blocks/forms';

/** Values that pass every rule of the demo's form of every field. */
export function demoValues(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: ['Ada', 'Lovelace'],
    email: 'Ada@Example.org',
    phone: ['+44', '20', '7946', '0000'],
    topic: 'A commission',
    message: 'A set of six mugs in celadon, please.',
    address: ['1 Kiln Lane', '', 'Stoke', 'Staffs', '12345', 'UK'],
    'visit-date': ['5', '14', '2026'],
    'visit-time': ['3', '30', '', 'PM'],
    glaze: 'Celadon',
    items: ['Mugs', 'Bowls'],
    survey: { 'The pieces arrived safely.': '2', 'Delivery was quick.': '-1' },
    source: 'newsletter',
    ...overrides,
  };
}

/** The rest of the seed's payload around a key and the values (as the island sends them: all strings). */
export function demoPayload(
  key: string | undefined,
  values: Record<string, unknown> = demoValues(),
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...(key === undefined ? {} : { key }),
    formId: DEMO_FORM_ID,
    objectName: 'c0a7ac7f0000000000000005',
    isOverlayForm: 'false',
    submitButtonText: 'Send message',
    form: JSON.stringify(values),
    pageTitle: 'Forms',
    pageId: FORMS_PAGE_ID,
    contentSource: 'c',
    pagePath: FORMS_PAGE,
    honeypot: '',
    ...extra,
  };
}

export type FormVisitor = {
  crumb: string;
  cookie: string;
  key(opts?: { remoteAddress?: string }): Promise<string>;
  keyCall(opts?: { remoteAddress?: string; payload?: string; contentType?: string; crumb?: boolean }): Promise<LightMyRequestResponse>;
  save(body: unknown, opts?: { as?: 'form' | 'json' | 'raw'; contentType?: string; remoteAddress?: string; crumb?: boolean }): Promise<LightMyRequestResponse>;
};

export async function formVisitor(app: FastifyInstance, host = 'localhost'): Promise<FormVisitor> {
  const page = await app.inject({ method: 'GET', url: FORMS_PAGE, headers: { host } });
  const crumb = (page.cookies as { name: string; value: string }[]).find((c) => c.name === 'crumb')?.value;
  if (!crumb) throw new Error('no crumb cookie from a page view');
  const cookie = `crumb=${crumb}`;
  const headers = (withCrumb = true) => ({ host, cookie, ...(withCrumb ? { 'x-csrf-token': crumb } : {}) });
  const visitor: FormVisitor = {
    crumb,
    cookie,
    keyCall: (opts = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/form/FormSubmissionKey',
        headers: { ...headers(opts.crumb !== false), ...(opts.contentType ? { 'content-type': opts.contentType } : {}) },
        ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      }),
    async key(opts = {}) {
      const res = await visitor.keyCall(opts);
      if (res.statusCode !== 200) throw new Error(`FormSubmissionKey answered ${res.statusCode}: ${res.body}`);
      return (res.json() as { key: string }).key;
    },
    save(body, opts = {}) {
      const as = opts.as ?? 'form';
      const payload = as === 'form' ? new URLSearchParams(body as Record<string, string>).toString() : as === 'json' ? JSON.stringify(body) : (body as string);
      const contentType =
        opts.contentType ?? (as === 'form' ? 'application/x-www-form-urlencoded;charset=UTF-8' : as === 'json' ? 'application/json' : undefined);
      return app.inject({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        headers: { ...headers(opts.crumb !== false), ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      });
    },
  };
  return visitor;
}

/**
 * Changes the demo's form of every field's block data in place and marks the site changed, as publishing
 * does; resolves once `app` has heard of the change (it holds published forms in memory until then).
 */
export async function changeDemoForm(app: FastifyInstance, db: Db, websiteId: string, change: (form: FormData) => void): Promise<void> {
  await changePublished(app, db, websiteId, async (tx) => {
    const [row] = await tx
      .select({ sections: pages.sections })
      .from(pages)
      .where(and(eq(pages.websiteId, websiteId), eq(pages.id, FORMS_PAGE_ID)));
    // Straight into the column, past the writing schema: the changes are to fields and settings, never to owner HTML.
    const sections = row!.sections as unknown as { blocks: { type: number; data: FormData }[] }[];
    for (const section of sections) for (const block of section.blocks) if (block.type === 9 && block.data.formId === DEMO_FORM_ID) change(block.data);
    await tx
      .update(pages)
      .set({ sections: sql`${JSON.stringify(sections)}::jsonb` })
      .where(and(eq(pages.websiteId, websiteId), eq(pages.id, FORMS_PAGE_ID)));
  });
}

/** Runs `change` on the site's published content in one transaction that marks the site changed; resolves once `app` has heard of it. */
export async function changePublished(app: FastifyInstance, db: Db, websiteId: string, change: (tx: Executor) => Promise<void>): Promise<void> {
  const before = app.siteGeneration();
  await db.transaction(async (tx) => {
    await change(tx);
    await markSiteChanged(tx, websiteId);
  });
  await vi.waitFor(() => expect(app.siteGeneration()).toBeGreaterThan(before));
}
