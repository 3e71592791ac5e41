/**
 * The form calls of seed 000 §7 against a real PostgreSQL: FormSubmissionKey issues single-use keys
 * bound to the visitor's crumb; SaveFormSubmission answers each status with its message (400 for an
 * unreadable payload, unparseable fields, an unsolved captcha and field errors; 401 for a key that
 * is missing, used, expired or another browser's; 404 for a form that is not published; 413 for a
 * body over 1 MB; 429 past the rate limit), drops a honeypot submission quietly, and stores an
 * accepted submission with its notification jobs in one transaction, or nothing. Also retention.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formSubmissionKeys, formSubmissions } from '../src/server/modules/forms/schema/forms';
import { jobs } from '../src/server/jobs/schema';
import { pages } from '../src/server/modules/content/schema/content';
import { siteCaptcha } from '../src/server/modules/sites/schema/captcha';
import { websites } from '../src/server/modules/sites/schema/sites';
import { formApi } from '../src/messages/form-api';
import { format } from '../src/messages/format';
import { forms } from '../src/messages/forms';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { RATE_LIMITS_UNAVAILABLE, RateLimitsUnavailableError, type RateLimitStore } from '../src/server/rate-limits/rate-limit';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { chooseAltcha } from '../src/server/modules/sites/captcha';
import { FORM_RATE_LIMITS, pruneFormData, SUBMISSION_KEY_TTL_MS, submissionKeys, submissionLines } from '../src/server/modules/forms/forms';
import { serverSecret } from '../src/server/secrets/server-secrets';
import { deliverWebhook, WEBHOOK_JOB, webhookHandler } from '../src/server/modules/forms/webhooks';
import { demoDatabase, type DemoApp } from './demo-app';
import { changeDemoForm, changePublished, FORMS_PAGE_ID, DEMO_FORM_ID, demoPayload, demoValues, formVisitor, type FormVisitor } from './form-visitor';

let demo: DemoApp;
let app: FastifyInstance;
let visitor: FormVisitor;
let nextIp = 1;
/** A new visitor address per test, so one test's rate-limit counters do not reach the next. */
let ip: string;

const submissions = () => demo.database.db.select().from(formSubmissions);
const jobRows = () => demo.database.db.select().from(jobs);

beforeAll(async () => {
  demo = await demoDatabase();
  app = await demo.start();
  visitor = await formVisitor(app);
});
beforeEach(() => {
  ip = `198.51.100.${nextIp++}`;
});
afterEach(async () => {
  await demo.database.db.delete(formSubmissions);
  await demo.database.db.delete(jobs);
  await changeDemoForm(app, demo.database.db, demo.websiteId, (form) => {
    form.settings.notifyEmails = ['studio@juniper.example'];
    delete form.settings.autoReply;
    delete form.settings.webhookUrl;
  });
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

async function submit(values = demoValues(), extra: Record<string, string> = {}, as: 'form' | 'json' = 'form') {
  const key = await visitor.key({ remoteAddress: ip });
  return visitor.save(demoPayload(key, values, extra), { as, remoteAddress: ip });
}

describe('FormSubmissionKey', () => {
  // covers 000-7.03
  it('answers a new key in data.key for each call, not to be cached; issuing stores nothing, and spending stores it only as a hash bound to the crumb', async () => {
    const res = await visitor.keyCall({ remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { key } = res.json() as { key: string };
    expect(key).toMatch(/^[A-Za-z0-9_-]{16}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(await visitor.key({ remoteAddress: ip })).not.toBe(key);
    expect(await demo.database.db.select().from(formSubmissionKeys)).toEqual([]);
    expect((await visitor.save(demoPayload(key), { remoteAddress: ip })).statusCode).toBe(200);
    const [row] = await demo.database.db.select().from(formSubmissionKeys);
    expect(row!.keyHash).not.toBe(key);
    expect(row!.crumbHash).not.toBe(visitor.crumb);
    expect(row!.usedAt).not.toBeNull();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(SUBMISSION_KEY_TTL_MS - 60_000);
  });

  it('needs the crumb like every state-changing call', async () => {
    const res = await visitor.keyCall({ crumb: false, remoteAddress: ip });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ crumbFail: true });
  });

  it(`issues at most ${FORM_RATE_LIMITS.keys.max} keys per visitor address in ${FORM_RATE_LIMITS.keys.windowMs / 60_000} minutes`, async () => {
    for (let i = 0; i < FORM_RATE_LIMITS.keys.max; i++) expect((await visitor.keyCall({ remoteAddress: ip })).statusCode).toBe(200);
    const limited = await visitor.keyCall({ remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: forms.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visitor.keyCall({ remoteAddress: '198.51.100.250' })).statusCode).toBe(200);
  });
});

describe('SaveFormSubmission', () => {
  it('stores a form-encoded submission as the island sends it, with its notification email, and answers 200', async () => {
    const res = await submit(demoValues({ company: '  Café Fern  ', unknown: 'dropped' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({});
    const [row] = await submissions();
    expect(row).toMatchObject({
      websiteId: demo.websiteId,
      formId: DEMO_FORM_ID,
      page: { pageTitle: 'Forms', pageId: FORMS_PAGE_ID, contentSource: 'c', pagePath: '/blocks/forms' },
      emails: ['ada@example.org'],
    });
    expect(row!.fields.map((f) => f.id)).toEqual([
      'name',
      'email',
      'phone',
      'topic',
      'message',
      'details',
      'company',
      'pieces',
      'budget',
      'address',
      'visit-date',
      'visit-time',
      'glaze',
      'items',
      'survey',
      'source',
    ]);
    expect(row!.fields[0]).toEqual({ id: 'name', type: 'name', label: 'Name' });
    expect(row!.values).toMatchObject({ name: ['Ada', 'Lovelace'], email: 'Ada@Example.org', company: 'Café Fern', survey: { 'Delivery was quick.': '-1' } });
    expect(row!.values).not.toHaveProperty('unknown');
    expect(row!.values).not.toHaveProperty('details');

    const [mail] = await jobRows();
    expect(mail).toMatchObject({ kind: 'email', websiteId: demo.websiteId, status: 'pending' });
    expect(mail!.payload).toMatchObject({ to: 'studio@juniper.example', subject: 'New submission: Write to the studio', replyTo: 'ada@example.org' });
    const text = mail!.payload.text as string;
    expect(text).toContain('A visitor sent the form "Write to the studio" on the page Forms (/blocks/forms).');
    expect(text).toContain('Name: Ada Lovelace\n');
    expect(text).toContain('Phone: +44 20-7946-0000\n');
    expect(text).toContain('Delivery address: 1 Kiln Lane, Stoke, Staffs, 12345, UK\n');
    expect(text).toContain('Preferred visit date: 5/14/2026\n');
    expect(text).toContain('Preferred visit time: 3:30 PM\n');
    expect(text).toContain('Interested in: Mugs, Bowls\n');
    expect(text).toContain('About your last order:\n  The pieces arrived safely.: Strongly Agree\n  Delivery was quick.: Disagree\n');
  });

  it('takes a JSON body whose form is an object', async () => {
    const key = await visitor.key({ remoteAddress: ip });
    const res = await visitor.save({ ...demoPayload(key), form: demoValues(), isOverlayForm: false }, { as: 'json', remoteAddress: ip });
    expect(res.statusCode, res.body).toBe(200);
    expect(await submissions()).toHaveLength(1);
  });

  it('emails each notify address separately, sends the auto-reply and queues the webhook, all in the same transaction', async () => {
    await changeDemoForm(app, demo.database.db, demo.websiteId, (form) => {
      form.settings.notifyEmails = ['studio@juniper.example', 'kiln@juniper.example'];
      form.settings.autoReply = { fieldId: 'email', subject: 'Thank you\r\nfor writing', text: 'We answer within two days.' };
      form.settings.webhookUrl = 'https://hooks.example.com/forms';
    });
    expect((await submit()).statusCode).toBe(200);
    const [row] = await submissions();
    const rows = await jobRows();
    expect(rows.map((j) => [j.kind, j.payload.to ?? j.payload.url])).toEqual([
      ['email', 'studio@juniper.example'],
      ['email', 'kiln@juniper.example'],
      ['email', 'Ada@Example.org'],
      [WEBHOOK_JOB, 'https://hooks.example.com/forms'],
    ]);
    expect(rows[2]!.payload).toMatchObject({ subject: 'Thank you for writing', text: 'We answer within two days.' });
    expect(rows[3]!.payload).toEqual({ submissionId: row!.id, url: 'https://hooks.example.com/forms' });
    expect(new Set(rows.map((j) => j.deliveryKey)).size).toBe(4);
  });

  describe('401: the key', () => {
    it('is refused when missing or unknown', async () => {
      for (const key of [undefined, '', 'not-a-key-we-issued']) {
        const res = await visitor.save(demoPayload(key), { remoteAddress: ip });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: formApi.keyInvalid });
      }
      expect(await submissions()).toHaveLength(0);
    });

    it('is single use', async () => {
      const key = await visitor.key({ remoteAddress: ip });
      expect((await visitor.save(demoPayload(key), { remoteAddress: ip })).statusCode).toBe(200);
      const again = await visitor.save(demoPayload(key), { remoteAddress: ip });
      expect(again.statusCode).toBe(401);
      expect(again.json().error).toBe(formApi.keyInvalid);
      expect(await submissions()).toHaveLength(1);
    });

    it('is good for one of two submissions racing with it', async () => {
      const key = await visitor.key({ remoteAddress: ip });
      const answers = await Promise.all([0, 1, 2].map(() => visitor.save(demoPayload(key), { remoteAddress: ip })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
      expect(await submissions()).toHaveLength(1);
    });

    it('expires ten minutes after it was issued', async () => {
      const keys = submissionKeys(await serverSecret(demo.database.db, 'form_key_secret'));
      const expired = keys.issue(demo.websiteId, visitor.crumb, Date.now() - SUBMISSION_KEY_TTL_MS - 1000);
      const res = await visitor.save(demoPayload(expired), { remoteAddress: ip });
      expect(res.statusCode).toBe(401);
      expect(await submissions()).toHaveLength(0);
      const nineMinutesOld = keys.issue(demo.websiteId, visitor.crumb, Date.now() - SUBMISSION_KEY_TTL_MS + 60_000);
      expect((await visitor.save(demoPayload(nineMinutesOld), { remoteAddress: ip })).statusCode).toBe(200);
    });

    it("is bound to the visitor's crumb and to the site", async () => {
      const key = await visitor.key({ remoteAddress: ip });
      const other = await formVisitor(app);
      expect(other.crumb).not.toBe(visitor.crumb);
      expect((await other.save(demoPayload(key), { remoteAddress: ip })).statusCode).toBe(401);

      await demo.database.db.insert(websites).values({ id: 'other-site', identifier: 'other', settings: {}, navigation: [] }).onConflictDoNothing();
      const elsewhere = submissionKeys(await serverSecret(demo.database.db, 'form_key_secret')).issue('other-site', visitor.crumb);
      expect((await visitor.save(demoPayload(elsewhere), { remoteAddress: ip })).statusCode).toBe(401);

      expect((await visitor.save(demoPayload(key), { remoteAddress: ip })).statusCode).toBe(200);
    });
  });

  describe('404: the form', () => {
    // covers 000-8.19
    it('answers "This form has not been configured yet." for a formId on no published page', async () => {
      for (const formId of ['ffffffffffffffffffffffff', '', '"); DROP TABLE pages; --', '$.x']) {
        const key = await visitor.key({ remoteAddress: ip });
        const res = await visitor.save(demoPayload(key, demoValues(), { formId }), { remoteAddress: ip });
        expect(res.statusCode, formId).toBe(404);
        expect(res.json()).toEqual({ error: 'This form has not been configured yet.' });
      }
    });

    it('answers 404 while the page is not published, and when the form data does not parse', async () => {
      const db = demo.database.db;
      const setStatus = (status: number) =>
        changePublished(
          app,
          db,
          demo.websiteId,
          async (tx) =>
            void (await tx
              .update(pages)
              .set({ status })
              .where(and(eq(pages.websiteId, demo.websiteId), eq(pages.id, FORMS_PAGE_ID)))),
        );
      expect((await submit()).statusCode).toBe(200);
      await setStatus(4);
      try {
        expect((await submit()).statusCode).toBe(404);
      } finally {
        await setStatus(1);
      }
      await changeDemoForm(app, db, demo.websiteId, (form) => {
        (form.fields[0] as { type: string }).type = 'hologram';
      });
      try {
        const res = await submit();
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(forms.notConfigured);
      } finally {
        await changeDemoForm(app, db, demo.websiteId, (form) => {
          (form.fields[0] as { type: string }).type = 'name';
        });
      }
      expect((await submit()).statusCode).toBe(200);
    });
  });

  describe('400', () => {
    // covers 000-8.13
    it('answers "Could not parse the form fields" when form is not a JSON object', async () => {
      for (const form of ['not json', '[1,2]', '"text"', 'null', '']) {
        const key = await visitor.key({ remoteAddress: ip });
        const res = await visitor.save({ ...demoPayload(key), form }, { remoteAddress: ip });
        expect(res.statusCode, form).toBe(400);
        expect(res.json()).toEqual({ error: 'Could not parse the form fields, please check your entries.' });
      }
    });

    // covers 000-8.14
    it('re-runs every field rule: "One or more fields is invalid" with each failing field\'s message, and keeps the key for a corrected try', async () => {
      const key = await visitor.key({ remoteAddress: ip });
      const values = demoValues({
        name: ['', ''],
        email: 'ada@',
        topic: 'A spaceship',
        'visit-date': ['2', '30', '2026'],
        items: ['Mugs', 'Cars'],
        survey: ['Agree'],
        pieces: 'many',
      });
      const res = await visitor.save(demoPayload(key, values), { remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'One or more fields is invalid, please check your entries.',
        errors: {
          name: format(forms.fieldRequired, { label: 'Name' }),
          email: format(forms.emailInvalid, { email: 'name@example.com' }),
          topic: format(forms.fieldChoice, { label: 'Topic' }),
          'visit-date': format(forms.fieldDate, { label: 'Preferred visit date' }),
          items: format(forms.fieldChoice, { label: 'Interested in' }),
          survey: format(forms.fieldMalformed, { label: 'About your last order' }),
          pieces: format(forms.fieldNumber, { label: 'How many pieces?' }),
        },
      });
      expect(await submissions()).toHaveLength(0);
      expect((await visitor.save(demoPayload(key), { remoteAddress: ip })).statusCode).toBe(200);
    });

    it("applies the textarea's max length only while the site's labs flag is on", async () => {
      const long = demoValues({ message: 'x'.repeat(501) });
      expect((await submit(long)).statusCode).toBe(200);
      const db = demo.database.db;
      await db
        .update(websites)
        .set({ labs: { internal: ['form_textarea_max_length'] } })
        .where(eq(websites.id, demo.websiteId));
      await db.execute(sql`SELECT pg_notify('site_changed', ${demo.websiteId})`);
      try {
        await expect
          .poll(async () => {
            const res = await submit(long);
            return [res.statusCode, res.json().errors?.message];
          })
          .toEqual([400, 'You have exceeded the character limit.']);
      } finally {
        await db.update(websites).set({ labs: {} }).where(eq(websites.id, demo.websiteId));
        await db.execute(sql`SELECT pg_notify('site_changed', ${demo.websiteId})`);
      }
    });

    it('refuses a payload it cannot read with a clear error', async () => {
      const key = await visitor.key({ remoteAddress: ip });
      const cases: [unknown, 'json' | 'form' | 'raw', string | undefined][] = [
        [[1, 2], 'json', undefined],
        ['text', 'json', undefined],
        [{ ...demoPayload(key), contentSource: 'x' }, 'form', undefined],
        [{ ...demoPayload(key), pagePath: 'https://evil.example/' }, 'form', undefined],
        [{ ...demoPayload(key), formId: 12 }, 'json', undefined],
        ['{"key": ', 'raw', 'application/json'],
        ['key=1', 'raw', 'text/plain'],
        ['--x\r\n', 'raw', 'multipart/form-data; boundary=x'],
      ];
      for (const [body, as, contentType] of cases) {
        const res = await visitor.save(body, { as, contentType, remoteAddress: ip });
        expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().error, JSON.stringify(body)).toMatch(/^The form submission could not be read: /);
      }
      expect(await submissions()).toHaveLength(0);
    });

    it('asks for the captcha when the form has one on and the site has a captcha key', async () => {
      const db = demo.database.db;
      await chooseAltcha(db, demo.websiteId, null);
      try {
        for (const captchaKey of [undefined, '', 'bm90IGEgc29sdXRpb24=']) {
          const res = await submit(demoValues(), captchaKey === undefined ? {} : { captchaKey });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ error: 'Complete CAPTCHA before submitting.' });
        }
        // A solution the widget would send, solved here: it passes once; sent again it is refused.
        const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host: 'localhost' } })).json<Challenge>();
        const solution = await solveChallenge({ challenge, deriveKey });
        const captchaKey = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
        expect((await submit(demoValues(), { captchaKey })).statusCode).toBe(200);
        expect((await submit(demoValues(), { captchaKey })).statusCode).toBe(400);
        await changeDemoForm(app, db, demo.websiteId, (form) => {
          form.settings.captcha = false;
        });
        // With the form's captcha off, no key is asked for, and a spent one is not looked at.
        expect((await submit()).statusCode).toBe(200);
        expect((await submit(demoValues(), { captchaKey })).statusCode).toBe(200);
      } finally {
        await db.delete(siteCaptcha).where(eq(siteCaptcha.websiteId, demo.websiteId));
        await changeDemoForm(app, db, demo.websiteId, (form) => {
          form.settings.captcha = true;
        });
      }
      expect(await submissions()).toHaveLength(3);
    });
  });

  it('answers a filled honeypot as a success, and stores and sends nothing', async () => {
    const key = await visitor.key({ remoteAddress: ip });
    const res = await visitor.save(demoPayload(key, demoValues(), { honeypot: 'https://spam.example' }), { remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await submissions()).toHaveLength(0);
    expect(await jobRows()).toHaveLength(0);
    expect((await visitor.save(demoPayload(key), { remoteAddress: ip })).statusCode).toBe(401);
  });

  it('answers 413 with a JSON error for a body over 1 MB', async () => {
    const key = await visitor.key({ remoteAddress: ip });
    const big = demoValues({ message: 'x'.repeat(1024 * 1024) });
    for (const as of ['form', 'json'] as const) {
      const res = await visitor.save(demoPayload(key, big), { as, remoteAddress: ip });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'The form is too large to send. Please shorten your entries and try again.' });
    }
    expect(await submissions()).toHaveLength(0);
  });

  // covers 000-8.20
  it(`answers 429 past ${FORM_RATE_LIMITS.submissions.max} submissions per visitor and form in ${FORM_RATE_LIMITS.submissions.windowMs / 60_000} minutes`, async () => {
    const keys: string[] = [];
    for (let i = 0; i <= FORM_RATE_LIMITS.submissions.max; i++) keys.push(await visitor.key({ remoteAddress: ip }));
    for (let i = 0; i < FORM_RATE_LIMITS.submissions.max; i++) {
      // Refused attempts count too.
      const res = await visitor.save(demoPayload(keys[i], i % 2 ? demoValues() : demoValues({ email: 'x' })), { remoteAddress: ip });
      expect(res.statusCode).toBe(i % 2 ? 200 : 400);
    }
    const limited = await visitor.save(demoPayload(keys.at(-1)), { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Unable to submit form. Submission rate limit exceeded. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor, or another form, is counted apart.
    expect((await visitor.save(demoPayload(keys.at(-1)), { remoteAddress: '198.51.100.251' })).statusCode).toBe(200);
    expect(
      (await visitor.save(demoPayload(await visitor.key({ remoteAddress: ip }), demoValues(), { formId: 'ffffffffffffffffffffffff' }), { remoteAddress: ip }))
        .statusCode,
    ).toBe(404);
    const { rows } = await demo.database.pool.query<{ key: string }>("SELECT key FROM rate_limits WHERE key LIKE 'form-%'");
    for (const r of rows) expect(r.key).not.toContain(ip);
  });

  it('stores a submission whole or not at all: a failure while writing its jobs leaves no submission and the key unspent', async () => {
    await changeDemoForm(app, demo.database.db, demo.websiteId, (form) => {
      form.settings.notifyEmails = ['studio@juniper.example', 'kiln@juniper.example'];
    });
    const { pool } = demo.database;
    // The second email job of the transaction fails.
    await pool.query(`CREATE FUNCTION fail_second_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.payload->>'to' = 'kiln@juniper.example' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`);
    await pool.query('CREATE TRIGGER fail_second_job BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION fail_second_job()');
    const key = await visitor.key({ remoteAddress: ip });
    try {
      const res = await visitor.save(demoPayload(key), { remoteAddress: ip });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Unable to send form. Please try again later.' });
      expect(await submissions()).toHaveLength(0);
      expect(await jobRows()).toHaveLength(0);
    } finally {
      await pool.query('DROP TRIGGER fail_second_job ON jobs');
      await pool.query('DROP FUNCTION fail_second_job()');
    }
    expect((await visitor.save(demoPayload(key), { remoteAddress: ip })).statusCode).toBe(200);
    expect(await submissions()).toHaveLength(1);
    expect(await jobRows()).toHaveLength(2);
  });

  it('answers 503 rather than go uncounted when the rate-limit counters cannot be reached', async () => {
    const down: RateLimitStore = {
      hit: async () => {
        throw new RateLimitsUnavailableError(new Error('connection refused'));
      },
      forgive: async () => undefined,
      reset: async () => undefined,
      prune: async () => undefined,
      close: async () => undefined,
    };
    const other = await buildApp({ database: demo.database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true, rateLimits: down });
    try {
      const v = await formVisitor(other);
      for (const res of [await v.keyCall({ remoteAddress: ip }), await v.save(demoPayload('any-key'), { remoteAddress: ip })]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: RATE_LIMITS_UNAVAILABLE });
      }
    } finally {
      await other.close();
    }
  });

  it('refuses a NUL character in a field or in the call with 400 naming where it is, and stores lone surrogates as U+FFFD', async () => {
    const inField = await visitor.save(
      { ...demoPayload(await visitor.key({ remoteAddress: ip })), form: demoValues({ message: 'one\u0000two', items: ['Mugs'] }) },
      { as: 'json', remoteAddress: ip },
    );
    expect(inField.statusCode).toBe(400);
    expect(inField.json()).toEqual({ error: forms.invalidFields, errors: { message: formApi.nulField } });
    const inCall = await visitor.save(
      { ...demoPayload(await visitor.key({ remoteAddress: ip })), pageTitle: 'Con\u0000tact' },
      { as: 'json', remoteAddress: ip },
    );
    expect(inCall.statusCode).toBe(400);
    expect(inCall.json()).toEqual({ error: forms.invalidFields, errors: { pageTitle: formApi.nulField } });
    expect(await submissions()).toHaveLength(0);

    const key = await visitor.key({ remoteAddress: ip });
    const res = await visitor.save({ ...demoPayload(key), form: demoValues({ message: 'two \ud800', items: ['Mugs'] }) }, { as: 'json', remoteAddress: ip });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await submissions();
    expect(row!.values.message).toBe('two \ufffd');
  });
});

describe('submission text', () => {
  it('lists each field with a value by its label, multi-part values joined as written', () => {
    const fields = [
      { id: 'n', type: 'name', label: 'Name' },
      { id: 'p', type: 'phone', label: 'Phone' },
      { id: 't', type: 'time', label: 'Time' },
      { id: 's', type: 'section', label: 'Section' },
      { id: 'e', type: 'text', label: 'Empty' },
      { id: 'l', type: 'likert', label: 'Survey' },
    ];
    expect(submissionLines(fields, { n: ['Ada', ''], p: ['', '20', '7946', '0000'], t: ['9', '5', '7', ''], s: 'x', e: '', l: { A: '0' } })).toEqual([
      { label: 'Name', text: 'Ada' },
      { label: 'Phone', text: '20-7946-0000' },
      { label: 'Time', text: '9:05:07' },
      { label: 'Survey', text: 'A: Neutral' },
    ]);
  });
});

describe('retention', () => {
  it("deletes submissions older than the site's formRetentionDays, and expired keys", async () => {
    const db = demo.database.db;
    const insert = (websiteId: string, daysAgo: number) =>
      db.insert(formSubmissions).values({
        websiteId,
        formId: DEMO_FORM_ID,
        fields: [],
        values: { age: daysAgo },
        page: {},
        emails: [],
        createdAt: sql`now() - make_interval(days => ${daysAgo})`,
      });
    await db.insert(websites).values({ id: 'keeps-all', identifier: 'keeps-all', settings: {}, navigation: [] });
    const [site] = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, demo.websiteId));
    await db
      .update(websites)
      .set({ settings: { ...site!.settings, formRetentionDays: 30 } })
      .where(eq(websites.id, demo.websiteId));
    for (const days of [0, 29, 31, 400]) {
      await insert(demo.websiteId, days);
      await insert('keeps-all', days);
    }
    for (const keyHash of ['spent-1', 'spent-2']) {
      await db.insert(formSubmissionKeys).values({
        keyHash,
        websiteId: demo.websiteId,
        crumbHash: 'crumb',
        expiresAt: sql`now() - interval '1 minute'`,
        usedAt: sql`now() - interval '5 minutes'`,
      });
    }
    const unexpired = (await db.select().from(formSubmissionKeys)).length - 2;

    const pruned = await pruneFormData(db);
    expect(pruned.submissions).toBe(2);
    expect(pruned.keys).toBe(2);
    const left = await db.select({ websiteId: formSubmissions.websiteId, values: formSubmissions.values }).from(formSubmissions);
    expect(
      left
        .filter((r) => r.websiteId === demo.websiteId)
        .map((r) => r.values.age)
        .sort(),
    ).toEqual([0, 29]);
    expect(left.filter((r) => r.websiteId === 'keeps-all')).toHaveLength(4);
    expect(await db.select().from(formSubmissionKeys)).toHaveLength(unexpired);
    await db.update(websites).set({ settings: site!.settings }).where(eq(websites.id, demo.websiteId));
  });
});

describe('webhooks', () => {
  type Hit = { headers: Record<string, string | string[] | undefined>; body: string };
  let receiver: Server;
  let port: number;
  const hits: Hit[] = [];
  let answer = 200;
  let worker: Worker | undefined;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        hits.push({ headers: req.headers, body });
        res.writeHead(answer).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  beforeEach(async () => {
    // Only webhook jobs: this worker has no email handler.
    await changeDemoForm(app, demo.database.db, demo.websiteId, (form) => {
      form.settings.notifyEmails = [];
    });
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    hits.length = 0;
    answer = 200;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  const startWebhookWorker = (allowPrivate: boolean) => {
    worker = startWorker(
      demo.database,
      { [WEBHOOK_JOB]: webhookHandler(demo.database, { allowPrivate }) },
      { pollMs: 50, backoff: () => 50, log: () => undefined },
    );
  };
  const webhookJob = async () => (await jobRows()).find((j) => j.kind === WEBHOOK_JOB)!;
  const signedAs = (id: string) => ({ id, secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` });

  it('POSTs the submission as JSON with the delivery key as Idempotency-Key, when the operator allows private targets', async () => {
    await changeDemoForm(app, demo.database.db, demo.websiteId, (form) => {
      form.settings.webhookUrl = `http://127.0.0.1:${port}/hook`;
    });
    expect((await submit()).statusCode).toBe(200);
    startWebhookWorker(true);
    await expect.poll(async () => (await webhookJob()).status, { timeout: 10_000 }).toBe('done');
    const job = await webhookJob();
    const [row] = await submissions();
    expect(hits).toHaveLength(1);
    expect(hits[0]!.headers['idempotency-key']).toBe(job.deliveryKey);
    expect(hits[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(hits[0]!.body)).toEqual({
      event: 'form.submission',
      formId: DEMO_FORM_ID,
      submissionId: row!.id,
      createdAt: row!.createdAt.toISOString(),
      fields: row!.fields,
      values: row!.values,
      page: row!.page,
    });
  });

  it('retries a receiver that does not answer 2xx, with the same Idempotency-Key', async () => {
    await changeDemoForm(app, demo.database.db, demo.websiteId, (form) => {
      form.settings.webhookUrl = `http://127.0.0.1:${port}/hook`;
    });
    answer = 503;
    expect((await submit()).statusCode).toBe(200);
    startWebhookWorker(true);
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    answer = 200;
    await expect.poll(async () => (await webhookJob()).status, { timeout: 10_000 }).toBe('done');
    const job = await webhookJob();
    expect(job.attempts).toBeGreaterThanOrEqual(3);
    expect(new Set(hits.map((h) => h.headers['idempotency-key']))).toEqual(new Set([job.deliveryKey]));
  });

  it('fails a webhook to a loopback or private address at once, without retries, unless the operator allows it', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://0x7f.1:${port}/hook`,
    ]) {
      await changeDemoForm(app, demo.database.db, demo.websiteId, (form) => {
        form.settings.webhookUrl = url;
      });
      expect((await submit()).statusCode).toBe(200);
    }
    startWebhookWorker(false);
    await expect.poll(async () => (await jobRows()).filter((j) => j.status === 'failed').length, { timeout: 10_000 }).toBe(4);
    for (const job of await jobRows()) {
      if (job.kind !== WEBHOOK_JOB) continue;
      expect(job.attempts).toBe(1);
      expect(job.lastError).toMatch(/^Webhook refused: .* is not a public address\. .*WEBHOOK_ALLOW_PRIVATE=true/);
    }
    expect(hits).toHaveLength(0);
  });

  it('connects only to the address it checked, never resolving the host a second time', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '203.0.113.9', family: 4 }];
    };
    await deliverWebhook(`http://hooks.invalid:${port}/x`, { a: 1 }, signedAs('key-1'), { allowPrivate: true, resolve });
    expect(lookups).toBe(1);
    expect(hits.map((h) => [h.headers.host, h.headers['idempotency-key'], h.body])).toEqual([[`hooks.invalid:${port}`, 'key-1', '{"a":1}']]);
    const mixed = async () => [
      { address: '10.0.0.7', family: 4 },
      { address: 'fd00::7', family: 6 },
    ];
    await expect(deliverWebhook('http://hooks.invalid/x', {}, signedAs('key-2'), { allowPrivate: false, resolve: mixed })).rejects.toThrow(
      'Webhook refused: hooks.invalid is not a public address.',
    );
    // What the name resolves to stays on the server: the message an ADMIN reads names none of it.
    await expect(deliverWebhook('http://hooks.invalid/x', {}, signedAs('key-3'), { allowPrivate: false, resolve: mixed })).rejects.not.toThrow(
      /10\.0\.0\.7|fd00|private\)/,
    );
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const silentPort = (silent.address() as AddressInfo).port;
      await expect(deliverWebhook(`http://127.0.0.1:${silentPort}/`, {}, signedAs('k'), { allowPrivate: true, timeoutMs: 200 })).rejects.toThrow(
        'Webhook did not answer within 0.2 s',
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
