/**
 * The owner's side of forms (issue 4, item 8): the forms and newsletter lists of the site's
 * content with their counts; submissions listed newest first, paged, searched, opened, deleted and
 * exported as CSV (quoting, formula neutralisation, UTF-8 with a BOM); subscribers likewise;
 * erasing one address's data across the site; editing a form's fields and settings, which the
 * published page shows after the change notification; the form retention setting. Bad input is
 * refused with 400 and writes nothing. Submissions are inserted directly: the submission call is
 * tested on its own.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { freshDatabase } from './db';
import { demoWithTeam } from './demo-app';
import type { Client } from './session';

const FORM_ID = 'c0a7ac7f0000000000000001';
const LIST_ID = 'c0a7ac7f0000000000000008';
const REMOVED_FORM_ID = 'dead00000000000000000001';
const UNKNOWN_ID = 'abcdef000000000000000000';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;
let editor: Client;

const CONTACT_FIELDS = [
  { id: 'name', type: 'name', label: 'Name' },
  { id: 'email', type: 'email', label: 'Email' },
  { id: 'details', type: 'section', label: 'A few more details' },
  { id: 'message', type: 'textarea', label: 'Message' },
  { id: 'address', type: 'address', label: 'Delivery address' },
  { id: 'items', type: 'checkbox', label: 'Interested in' },
  { id: 'survey', type: 'likert', label: 'About your last order' },
  { id: 'source', type: 'hidden', label: 'Campaign' },
];

type Inserted = {
  formId?: string;
  values: Record<string, unknown>;
  fields?: { id: string; type: string; label: string }[];
  emails?: string[];
  createdAt?: string;
  path?: string;
};

async function insertSubmission(s: Inserted): Promise<number> {
  const { rows } = await database.pool.query<{ id: number }>(
    `INSERT INTO form_submissions (website_id, form_id, fields, values, page, emails, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, now())) RETURNING id`,
    [
      websiteId,
      s.formId ?? FORM_ID,
      JSON.stringify(s.fields ?? CONTACT_FIELDS),
      JSON.stringify(s.values),
      JSON.stringify({ pageTitle: 'Contact', pageId: 'x', contentSource: 'c', pagePath: s.path ?? '/contact' }),
      s.emails ?? [],
      s.createdAt ?? null,
    ],
  );
  return Number(rows[0]!.id);
}

async function insertSubscriber(email: string, status: string, name: string | null = null, listId = LIST_ID) {
  await database.pool.query(`INSERT INTO newsletter_subscribers (website_id, list_id, email, name, status) VALUES ($1, $2, $3, $4, $5)`, [
    websiteId,
    listId,
    email,
    name,
    status,
  ]);
}

const count = async (sqlText: string, values: unknown[] = []) => Number((await database.pool.query<{ n: string }>(sqlText, values)).rows[0]!.n);
const page = async (url: string) => (await app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).body;

beforeAll(async () => {
  ({ database, websiteId, app, owner, editor } = await demoWithTeam());
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
beforeEach(async () => {
  await database.pool.query('DELETE FROM form_submissions');
  await database.pool.query('DELETE FROM newsletter_subscribers');
});

describe('forms and lists', () => {
  it('lists the forms and newsletter lists of the content with their pages and counts, and forms that only left submissions', async () => {
    await insertSubmission({ values: { message: 'one' } });
    await insertSubmission({ values: { message: 'two' } });
    await insertSubmission({ formId: REMOVED_FORM_ID, values: { note: 'left over' }, fields: [{ id: 'note', type: 'text', label: 'Note' }] });
    await insertSubscriber('a@example.com', 'confirmed');
    await insertSubscriber('b@example.com', 'pending');
    const res = await owner.call('GET', '/api/config/forms');
    expect(res.statusCode, res.body).toBe(200);
    const { forms, newsletters } = res.json();
    expect(forms).toEqual([
      expect.objectContaining({
        formId: FORM_ID,
        name: 'Write to the studio',
        title: 'Write to the studio',
        fieldCount: 16,
        page: { kind: 'page', id: expect.any(String), title: 'Forms', path: '/blocks/forms' },
        otherPages: [],
        submissions: 2,
      }),
      expect.objectContaining({
        name: 'Send us a message',
        fieldCount: 5,
        page: { kind: 'page', id: expect.any(String), title: 'Contact', path: '/contact' },
        submissions: 0,
      }),
      expect.objectContaining({ formId: REMOVED_FORM_ID, name: 'Removed form', page: null, submissions: 1 }),
    ]);
    expect(forms[0].lastSubmittedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(newsletters).toEqual([
      expect.objectContaining({
        listId: LIST_ID,
        name: 'Kiln opening news',
        page: expect.objectContaining({ path: '/contact' }),
        subscribers: { pending: 1, confirmed: 1, unsubscribed: 0, total: 2 },
      }),
    ]);
  });

  it('answers one form with its fields and settings, and 404 for a form the site does not have', async () => {
    const res = await editor.call('GET', `/api/config/forms/${FORM_ID}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.form.fields.map((f: { id: string }) => f.id)).toContain('visit-time');
    expect(detail.form.settings).toMatchObject({
      submitButtonText: 'Send message',
      captcha: true,
      notifyEmails: ['studio@juniper.example'],
      disableValidation: false,
    });
    expect((await owner.call('GET', `/api/config/forms/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await owner.call('GET', '/api/config/forms/not-an-id')).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/config/forms/${UNKNOWN_ID}/submissions`)).statusCode).toBe(404);
  });
});

describe('submissions', () => {
  it('lists newest first in pages of 50, with a preview of the first filled-in fields', async () => {
    for (let i = 1; i <= 60; i++) await insertSubmission({ values: { name: ['Visitor', String(i)], email: `v${i}@example.com`, source: 'ads' } });
    const first = (await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions`)).json();
    expect(first.submissions).toHaveLength(50);
    expect(first.submissions[0].preview).toEqual([
      { label: 'Name', text: 'Visitor 60' },
      { label: 'Email', text: 'v60@example.com' },
    ]);
    expect(first.submissions[0].page).toEqual({ title: 'Contact', path: '/contact' });
    const ids = first.submissions.map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next).toBe(ids[49]);
    const second = (await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions?before=${first.next}`)).json();
    expect(second.submissions).toHaveLength(10);
    expect(second.next).toBeNull();
    expect(second.submissions.at(-1).preview[0].text).toBe('Visitor 1');
  });

  it('finds submissions by any value text, ignoring case, at any depth, with % and _ taken literally', async () => {
    await insertSubmission({ values: { message: 'A glaze question', address: ['1 Quay St', '', 'Harbourtown', 'Kent', '', 'Écosse'] } });
    await insertSubmission({ values: { message: 'Order 100% done_now', items: ['Mugs'] } });
    await insertSubmission({ values: { message: 'Nothing to see', survey: { 'Delivery was quick.': '1' } } });
    const search = async (q: string) =>
      (await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions?q=${encodeURIComponent(q)}`))
        .json()
        .submissions.map((s: { preview: { text: string }[] }) => s.preview[0]!.text);
    expect(await search('HARBOURTOWN')).toEqual(['A glaze question']);
    expect(await search('écosse')).toEqual(['A glaze question']);
    expect(await search('mugs')).toEqual(['Order 100% done_now']);
    expect(await search('100%')).toEqual(['Order 100% done_now']);
    expect(await search('e_n')).toEqual(['Order 100% done_now']);
    expect(await search('%')).toEqual(['Order 100% done_now']);
    // Field ids and likert statements are keys, not values.
    expect(await search('message')).toEqual([]);
    expect(await search('Delivery was quick')).toEqual([]);
    expect(await search('')).toHaveLength(3);
    const tooLong = await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions?q=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toHaveProperty('q');
  });

  it('opens one with every field by label, and deletes it', async () => {
    const id = await insertSubmission({
      values: {
        name: ['Ada', 'Lovelace'],
        email: 'ada@example.com',
        message: 'Hello',
        items: ['Mugs', 'Vases'],
        survey: { 'Delivery was quick.': '2' },
        source: 'newsletter',
      },
      emails: ['ada@example.com'],
    });
    const other = await insertSubmission({ formId: REMOVED_FORM_ID, values: { note: 'x' }, fields: [{ id: 'note', type: 'text', label: 'Note' }] });
    const res = await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id,
      formId: FORM_ID,
      createdAt: expect.any(String),
      page: { title: 'Contact', path: '/contact' },
      fields: [
        { id: 'name', label: 'Name', type: 'name', text: 'Ada Lovelace' },
        { id: 'email', label: 'Email', type: 'email', text: 'ada@example.com' },
        { id: 'message', label: 'Message', type: 'textarea', text: 'Hello' },
        { id: 'address', label: 'Delivery address', type: 'address', text: '' },
        { id: 'items', label: 'Interested in', type: 'checkbox', text: 'Mugs, Vases' },
        { id: 'survey', label: 'About your last order', type: 'likert', text: 'Delivery was quick.: Strongly Agree' },
        { id: 'source', label: 'Campaign', type: 'hidden', text: 'newsletter' },
      ],
    });
    // A submission is found only under its own form.
    expect((await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions/${other}`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/api/config/forms/${FORM_ID}/submissions/${other}`)).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions/nope`)).statusCode).toBe(404);

    const del = await owner.call('DELETE', `/api/config/forms/${FORM_ID}/submissions/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions/${id}`)).statusCode).toBe(404);
    expect(await count('SELECT count(*) AS n FROM form_submissions')).toBe(1);
    const { rows } = await database.pool.query(`SELECT action, detail FROM activity_log WHERE website_id = $1 ORDER BY id DESC LIMIT 1`, [websiteId]);
    expect(rows[0]).toEqual({ action: 'forms.submission_deleted', detail: { formId: FORM_ID, submission: id } });
  });

  it('exports every submission as CSV: UTF-8 with a BOM, fields by label over every version of the form, quoted, formulas neutralised', async () => {
    // An older version of the form had a field since removed, and called Email "E-mail".
    await insertSubmission({
      createdAt: '2025-01-02T03:04:05Z',
      fields: [
        { id: 'email', type: 'email', label: 'E-mail' },
        { id: 'fax', type: 'text', label: 'Fax' },
      ],
      values: { email: 'old@example.com', fax: '+44 20 7946 0000' },
      path: '/old-contact',
    });
    await insertSubmission({
      createdAt: '2025-03-04T05:06:07Z',
      values: {
        name: ['Zoë', 'Ångström'],
        email: '@evil.example',
        message: '=HYPERLINK("http://evil.example","click")\nsecond line, with a comma',
        items: ['Mugs', 'Bowls'],
        source: '-2+3',
      },
    });
    const res = await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="write-to-the-studio-submissions-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8').slice(1);
    expect(text.split('\r\n')).toEqual([
      'Submitted at (UTC),Name,Email,Message,Delivery address,Interested in,About your last order,Campaign,Fax,Page',
      `2025-03-04 05:06:07,Zoë Ångström,'@evil.example,"'=HYPERLINK(""http://evil.example"",""click"")\nsecond line, with a comma",,"Mugs, Bowls",,'-2+3,,/contact`,
      "2025-01-02 03:04:05,,old@example.com,,,,,,'+44 20 7946 0000,/old-contact",
      '',
    ]);
  });

  it('streams a large export whole', async () => {
    await database.pool.query(
      `INSERT INTO form_submissions (website_id, form_id, fields, values, page, emails)
       SELECT $1, $2, $3, jsonb_build_object('message', 'row ' || g), '{"pagePath": "/contact"}', '{}' FROM generate_series(1, 1234) g`,
      [websiteId, FORM_ID, JSON.stringify(CONTACT_FIELDS)],
    );
    const res = await owner.call('GET', `/api/config/forms/${FORM_ID}/submissions.csv`);
    const lines = res.rawPayload.toString('utf8').split('\r\n');
    expect(lines).toHaveLength(1 + 1234 + 1);
    expect(new Set(lines.slice(1, -1).map((l) => l.split(',')[3])).size).toBe(1234);
  });
});

describe('newsletter subscribers', () => {
  it('lists, searches, filters by status, deletes and exports', async () => {
    await insertSubscriber('ann@example.com', 'confirmed', 'Ann Potter');
    await insertSubscriber('bob@example.com', 'pending', '=cmd|calc');
    await insertSubscriber('cy@example.com', 'unsubscribed');
    await insertSubscriber('dee@example.com', 'confirmed', null, 'ffff00000000000000000000');
    const list = async (query = '') => (await owner.call('GET', `/api/config/newsletter/${LIST_ID}/subscribers${query}`)).json();
    expect((await list()).subscribers.map((s: { email: string }) => s.email)).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com']);
    expect((await list()).subscribers[0]).toEqual({
      email: 'ann@example.com',
      name: 'Ann Potter',
      status: 'confirmed',
      createdAt: expect.any(String),
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect((await list('?q=POTTER')).subscribers.map((s: { email: string }) => s.email)).toEqual(['ann@example.com']);
    expect((await list('?status=pending')).subscribers.map((s: { email: string }) => s.email)).toEqual(['bob@example.com']);
    expect((await owner.call('GET', `/api/config/newsletter/${LIST_ID}/subscribers?status=bouncing`)).statusCode).toBe(400);
    expect((await owner.call('GET', `/api/config/newsletter/${UNKNOWN_ID}/subscribers`)).statusCode).toBe(404);

    const csv = await owner.call('GET', `/api/config/newsletter/${LIST_ID}/subscribers.csv`);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="kiln-opening-news-subscribers-\d{4}-\d\d-\d\d\.csv"$/);
    const rows = csv.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(rows[0]).toBe('Email,Name,Status,Signed up at (UTC),Confirmed at (UTC),Unsubscribed at (UTC)');
    expect(rows[2]).toMatch(/^bob@example\.com,'=cmd\|calc,pending,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,,$/);
    expect(rows).toHaveLength(5);

    const del = await owner.call('DELETE', `/api/config/newsletter/${LIST_ID}/subscribers/${encodeURIComponent('BOB@example.com')}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await list()).subscribers).toHaveLength(2);
    expect((await owner.call('DELETE', `/api/config/newsletter/${LIST_ID}/subscribers/bob%40example.com`)).statusCode).toBe(404);
    const { rows: logged } = await database.pool.query(`SELECT detail FROM activity_log WHERE website_id = $1 AND action = 'newsletter.subscriber_deleted'`, [
      websiteId,
    ]);
    expect(JSON.stringify(logged)).not.toContain('bob');
  });

  it('pages a long list by address', async () => {
    for (let i = 0; i < 105; i++) await insertSubscriber(`p${String(i).padStart(3, '0')}@example.com`, 'confirmed');
    const first = (await owner.call('GET', `/api/config/newsletter/${LIST_ID}/subscribers`)).json();
    expect(first.subscribers).toHaveLength(100);
    expect(first.next).toBe('p099@example.com');
    const second = (await owner.call('GET', `/api/config/newsletter/${LIST_ID}/subscribers?after=${encodeURIComponent(first.next)}`)).json();
    expect(second.subscribers.map((s: { email: string }) => s.email)).toEqual([
      'p100@example.com',
      'p101@example.com',
      'p102@example.com',
      'p103@example.com',
      'p104@example.com',
    ]);
    expect(second.next).toBeNull();
  });
});

describe("erasing a person's data", () => {
  it("deletes only that address's submissions and subscriptions, and logs the counts without the address", async () => {
    const kept = await insertSubmission({
      values: { email: 'keep@example.com', message: 'mentions erase.me@example.com in passing' },
      emails: ['keep@example.com'],
    });
    await insertSubmission({ values: { email: 'erase.me@example.com' }, emails: ['erase.me@example.com'] });
    await insertSubmission({ formId: REMOVED_FORM_ID, values: { a: 'Erase.Me@example.com' }, emails: ['other@example.com', 'erase.me@example.com'] });
    await insertSubscriber('erase.me@example.com', 'confirmed');
    await insertSubscriber('erase.me@example.com', 'pending', null, 'ffff00000000000000000000');
    await insertSubscriber('keep@example.com', 'confirmed');

    const bad = await owner.call('POST', '/api/config/forms/erase', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('email');
    expect(await count('SELECT count(*) AS n FROM form_submissions')).toBe(3);

    const res = await owner.call('POST', '/api/config/forms/erase', { email: '  Erase.Me@Example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, submissions: 2, subscribers: 2 });
    expect((await database.pool.query('SELECT id FROM form_submissions')).rows.map((r) => Number(r.id))).toEqual([kept]);
    expect((await database.pool.query('SELECT email FROM newsletter_subscribers')).rows).toEqual([{ email: 'keep@example.com' }]);
    const { rows } = await database.pool.query(`SELECT action, detail FROM activity_log WHERE website_id = $1 ORDER BY id DESC LIMIT 1`, [websiteId]);
    expect(rows[0]).toEqual({ action: 'forms.person_erased', detail: { submissions: 2, subscribers: 2 } });
    const everything = JSON.stringify((await database.pool.query('SELECT * FROM activity_log')).rows);
    expect(everything.toLowerCase()).not.toContain('erase.me');

    expect((await owner.call('POST', '/api/config/forms/erase', { email: 'erase.me@example.com' })).json()).toEqual({
      ok: true,
      submissions: 0,
      subscribers: 0,
    });
  });
});

describe('editing a form', () => {
  const current = async () => (await owner.call('GET', `/api/config/forms/${FORM_ID}`)).json().form;
  const pageState = async () =>
    (await database.pool.query(`SELECT p.sections, w.content_version FROM pages p JOIN websites w ON w.id = p.website_id WHERE p.path = '/blocks/forms'`))
      .rows[0];

  it('refuses bad fields and settings with 400 and per-path errors, and writes nothing', async () => {
    const form = await current();
    const before = await pageState();
    const logBefore = await count('SELECT count(*) AS n FROM activity_log');
    const attempts: [unknown, string[]][] = [
      [{ fields: [{ ...form.fields[0], label: '' }, ...form.fields.slice(1)], settings: form.settings }, ['fields.0.label']],
      [{ fields: [...form.fields, { ...form.fields[1] }], settings: form.settings }, [`fields.${form.fields.length}.id`]],
      [{ fields: form.fields, settings: { ...form.settings, notifyEmails: ['nope'] } }, ['settings.notifyEmails.0']],
      [{ fields: [{ id: 'x', type: 'radio', label: 'Pick', options: [] }], settings: form.settings }, ['fields.0.options']],
      [{ fields: [{ id: 'x', type: 'colour', label: 'Pick' }], settings: form.settings }, ['fields.0.type']],
      [{ fields: [], settings: form.settings }, ['fields']],
      [
        { fields: form.fields, settings: { ...form.settings, autoReply: { fieldId: 'message', subject: 'Hi', text: 'Thanks' } } },
        ['settings.autoReply.fieldId'],
      ],
      [{ fields: form.fields }, ['settings']],
      [{ fields: form.fields, settings: form.settings, formId: UNKNOWN_ID }, ['_']],
    ];
    for (const [body, paths] of attempts) {
      const res = await owner.call('PUT', `/api/config/forms/${FORM_ID}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json().error).toBe('Some fields are not valid.');
      for (const path of paths) expect(Object.keys(res.json().errors), JSON.stringify(res.json().errors)).toContain(path);
    }
    expect(await pageState()).toEqual(before);
    expect(await count('SELECT count(*) AS n FROM activity_log')).toBe(logBefore);
    expect((await owner.call('PUT', `/api/config/forms/${UNKNOWN_ID}`, { fields: form.fields, settings: form.settings })).statusCode).toBe(404);
  });

  it('replaces the fields and settings in the page, and the published page shows them after the change notification', async () => {
    expect(await page('/blocks/forms')).toContain('Send message');
    const form = await current();
    const versionBefore = (await pageState()).content_version;
    const fields = form.fields.map((f: { id: string; label: string }) => (f.id === 'message' ? { ...f, label: 'Your message to the potters' } : f));
    fields.push({ id: 'newsletter-ok', type: 'checkbox', label: 'Keep me posted', options: ['Yes please'], required: false });
    const res = await owner.call('PUT', `/api/config/forms/${FORM_ID}`, { fields, settings: { ...form.settings, submitButtonText: 'Send to the studio' } });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => page('/blocks/forms'), { timeout: 5000 }).toContain('Your message to the potters');
    const html = await page('/blocks/forms');
    expect(html).toContain('Send to the studio');
    expect(html).toContain('Keep me posted');
    expect(html).not.toContain('Send message');
    const after = await pageState();
    expect(Number(after.content_version)).toBe(Number(versionBefore) + 1);
    expect((await current()).fields.at(-1)).toEqual({
      id: 'newsletter-ok',
      type: 'checkbox',
      label: 'Keep me posted',
      options: ['Yes please'],
      required: false,
    });
    const { rows } = await database.pool.query(`SELECT action, detail FROM activity_log WHERE website_id = $1 ORDER BY id DESC LIMIT 1`, [websiteId]);
    expect(rows[0]).toEqual({ action: 'forms.form_updated', detail: { formId: FORM_ID, fields: fields.length } });
  });

  it('is refused to a role that may only read forms, which still sees the form but not what visitors sent', async () => {
    await insertSubmission({ values: { message: 'private' } });
    const form = await current();
    expect((await editor.call('GET', '/api/config/forms')).statusCode).toBe(200);
    expect((await editor.call('PUT', `/api/config/forms/${FORM_ID}`, { fields: form.fields, settings: form.settings })).statusCode).toBe(403);
    expect((await editor.call('GET', `/api/config/forms/${FORM_ID}/submissions`)).statusCode).toBe(403);
    expect((await editor.call('GET', `/api/config/forms/${FORM_ID}/submissions.csv`)).statusCode).toBe(403);
    expect((await editor.call('GET', `/api/config/newsletter/${LIST_ID}/subscribers`)).statusCode).toBe(403);
  });
});

describe('form retention', () => {
  it('is a site setting: a number of days from 1 to 3650, or empty to keep submissions', async () => {
    const set = await owner.call('PUT', '/api/config/site', { formRetentionDays: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await owner.call('GET', '/api/config/site')).json().formRetentionDays).toBe(30);
    for (const bad of [0, 3651, 1.5, '30']) {
      const res = await owner.call('PUT', '/api/config/site', { formRetentionDays: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.formRetentionDays).toContain('from 1 to 3650');
    }
    expect((await owner.call('PUT', '/api/config/site', { tagline: 'Still here' })).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/config/site')).json().formRetentionDays).toBe(30);
    expect((await owner.call('PUT', '/api/config/site', { formRetentionDays: null })).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/config/site')).json()).not.toHaveProperty('formRetentionDays');
  });
});
