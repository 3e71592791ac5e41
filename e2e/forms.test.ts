/**
 * The form and newsletter blocks in Chromium, on the demo's Forms page (a form of every field type)
 * and its contact page (seed 000 §3, §4, §5, §7,
 * §8, §9; seed 001 §3, §9): every field type filled and stored, each validation message, each
 * server status's text, the submitting lock, the missing key, redirect and inline success, a
 * hidden field from the query, the textarea counter behind its labs flag, the newsletter sign-up
 * and its small layout, and axe-core in the idle, error and success states. The captcha is F3's
 * e2e: this file removes the site's captcha key so the container is not rendered.
 */
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/messages/forms';
import { seriousViolations } from './axe';
import { desktop, importSiteDocument, ownerApi, requestsSeen, siteForFile, siteDocument, sqlOn, visitorContext, type SiteDocumentJson } from './harness';

const env = siteForFile();

const FORM_ID = 'c0a7ac7f0000000000000001';
/** The site guide's Forms page: the demo's form of every field type. */
const FORMS_PAGE_ID = 'c0a7ac7f0000000000000002';
const FORM_BLOCK_ID = 'c0a7ac7f0000000000000005';
const THANKS = 'Thank you for writing. We answer within two working days.';

const isPath = (path: string) => (url: URL) => url.pathname === path;
const KEY_PATH = '/api/form/FormSubmissionKey';
const SAVE_PATH = '/api/form/SaveFormSubmission';

type Block = { id: string; data: { fields: Record<string, unknown>[]; settings: Record<string, unknown> } };

/** The demo site's document before any test changed it (restored after each test that does). */
let original: SiteDocumentJson;

/** Changes the demo contact form's data through the site document's import (restored after each test). */
async function changeContactForm(change: (data: Block['data']) => void): Promise<void> {
  const doc = structuredClone(original);
  const block = doc.pages
    .find((p) => p.id === FORMS_PAGE_ID)!
    .sections.flatMap((s) => s.blocks)
    .find((b) => b.id === FORM_BLOCK_ID)!;
  change(block.data as Block['data']);
  await importSiteDocument(env.site(), doc);
}

/** Turns on the site's internal labs features, as the Labs screen does. */
async function setLabs(flags: string[]): Promise<void> {
  await (await ownerApi(env.site())).call('POST', '/api/labs/internal', { features: flags });
}

beforeAll(async () => {
  original = await siteDocument(env.site());
  // The captcha has its own tests (F3): without one the form renders no captcha container.
  await (await ownerApi(env.site())).call('DELETE', '/api/config/captcha');
});

let changed = false;
afterEach(async () => {
  if (!changed) return;
  changed = false;
  await importSiteDocument(env.site(), original);
  await setLabs([]);
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

type OpenOptions = { path?: string; query?: string; axe?: boolean; ready?: (page: Page) => Promise<boolean> };

/** Opens the Forms page (or `path`) once the form island is awake; reloads until `ready` holds (after a site change). */
async function openForm(opts: OpenOptions = {}): Promise<Page> {
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, ...(opts.axe ? { bypassCSP: true } : {}) });
  contexts.push(context);
  const page = await context.newPage();
  const url = `${env.site().url}${opts.path ?? '/blocks/forms'}${opts.query ?? ''}`;
  // After a site change, the page shows it once every cache has dropped the old one: open it again until it does.
  await expect
    .poll(
      async () => {
        await page.goto(url);
        // The island wakes when the block comes near the viewport.
        await page.locator('form.block-form').scrollIntoViewIfNeeded();
        await page.locator('form.block-form[data-enhanced="true"]').waitFor({ state: 'attached' });
        return !opts.ready || (await opts.ready(page));
      },
      { message: 'the page shows the change', timeout: 10_000 },
    )
    .toBe(true);
  return page;
}

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const submitButton = (page: Page) => page.locator('form.block-form button[type="submit"]');
const fieldError = (page: Page, fieldId: string) => page.locator(`[data-field-id="${fieldId}"] .form-field-error`);
const formError = (page: Page) => page.locator('form.block-form .form-submit-error');

async function fillRequired(page: Page, opts: { countryCode?: boolean } = {}) {
  const name = group(page, 'Name');
  await name.getByLabel('First Name').fill('Ada');
  await name.getByLabel('Last Name').fill('Lovelace');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
  await page.getByLabel('Topic').selectOption('An order');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Twelve celadon mugs, please.');
  const phone = group(page, 'Phone');
  if (opts.countryCode !== false) await phone.getByLabel('Country').fill('+44');
  await phone.getByLabel('Area Code').fill('20');
  await phone.getByLabel('Prefix').fill('7946');
  await phone.getByLabel('Line').fill('0958');
}

async function fillOptional(page: Page) {
  await page.getByLabel('Café or restaurant').fill('Tea Room');
  await page.getByLabel('How many pieces?').fill('12');
  await page.getByLabel('Budget').fill('250');
  const address = group(page, 'Delivery address');
  await address.getByLabel('Address 1').fill('1 Kiln Lane');
  await address.getByLabel('City').fill('Leeds');
  await address.getByLabel('State/Province').fill('West Yorkshire');
  await address.getByLabel('Zip/Postal Code').fill('LS1 1AA');
  await address.getByLabel('Country').fill('United Kingdom');
  const date = group(page, 'Preferred visit date');
  await date.getByLabel('Month').fill('6');
  await date.getByLabel('Day').fill('14');
  await date.getByLabel('Year').fill('2030');
  const time = group(page, 'Preferred visit time');
  await time.getByLabel('Hour').fill('10');
  await time.getByLabel('Minute').fill('30');
  await time.getByLabel('AM/PM').selectOption('AM');
  await group(page, 'Favourite glaze').getByLabel('Ash').check();
  await group(page, 'Interested in').getByLabel('Mugs').check();
  await group(page, 'Interested in').getByLabel('Vases').check();
  await group(page, 'The pieces arrived safely.').getByLabel('Strongly Agree', { exact: true }).check();
  await group(page, 'Delivery was quick.').getByLabel('Neutral', { exact: true }).check();
}

/** Requests to a path, counted from now. */
function requestsTo(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

/** Submits and waits until the form is idle again (failure) or its answer is handled. */
async function submitAndSettle(page: Page) {
  const saved = page.waitForRequest((r) => new URL(r.url()).pathname === SAVE_PATH);
  await submitButton(page).click();
  await saved;
  await page.locator('form.block-form:not([aria-busy])').waitFor({ state: 'attached' });
}

const form = (body: URLSearchParams) => JSON.parse(body.get('form') ?? 'null') as Record<string, unknown>;

describe('form block', () => {
  // covers 000-1.02, 000-3.26, 000-3.27, 000-3.28, 000-3.29, 000-3.31, 000-5.16, 000-5.17, 000-5.18, 000-5.19, 000-5.20, 000-5.21, 000-5.23, 000-5.24, 000-5.25, 000-5.26, 000-5.15, 000-7.01, 000-7.02, 000-7.04, 000-7.05, 000-4.08, 000-4.09, 000-9.20, 000-9.21, 001-3.79, 001-3.80, 001-3.81, 001-3.82, 001-3.83, 001-3.84
  it('every field type is filled, submitted, stored, and the submission text shown', async () => {
    const page = await openForm({ query: '?utm_source=newsletter' });
    // Seed 000 §9: likert labels in order, the phone's +country then area code, prefix and line.
    expect(await group(page, 'The pieces arrived safely.').locator('label').allTextContents()).toEqual([
      'Strongly Disagree',
      'Disagree',
      'Neutral',
      'Agree',
      'Strongly Agree',
    ]);
    expect(await group(page, 'Phone').locator('label').allTextContents()).toEqual(['Country', 'Area Code', 'Prefix', 'Line']);
    expect(await page.locator('.form-currency-symbol').textContent()).toBe('£');
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).getAttribute('placeholder')).toBe('you@example.com');
    expect(await page.getByText('We call only about your order.').isVisible()).toBe(true);
    expect(await page.locator('.form-section-underline h3').evaluate((h) => getComputedStyle(h).borderBottomStyle)).toBe('solid');
    expect(await page.locator('.form-captcha').count()).toBe(0);

    await fillRequired(page);
    await fillOptional(page);
    const keyRequest = page.waitForRequest((r) => new URL(r.url()).pathname === KEY_PATH);
    const saveRequest = page.waitForRequest((r) => new URL(r.url()).pathname === SAVE_PATH);
    await submitButton(page).click();
    const key = await keyRequest;
    expect(key.method()).toBe('POST');
    expect(key.postData() ?? '').toBe('');
    expect((await key.allHeaders()).cookie).toMatch(/(^|; )crumb=/);
    const save = await saveRequest;
    expect((await save.allHeaders()).cookie).toMatch(/(^|; )crumb=/);
    expect((await save.allHeaders())['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(save.postData() ?? '');
    expect(body.get('formId')).toBe(FORM_ID);
    expect(body.get('objectName')).toBe(FORM_BLOCK_ID);
    expect(body.get('collectionId')).toBe(FORMS_PAGE_ID);
    expect(body.get('pageId')).toBe(FORMS_PAGE_ID);
    expect(body.get('contentSource')).toBe('c');
    expect(body.get('pagePath')).toBe('/blocks/forms');
    expect(body.get('pageTitle')).toBe(await page.title());
    expect(body.get('isOverlayForm')).toBe('false');
    expect(body.get('submitButtonText')).toBe('Send message');
    expect(body.get('key')).toBeTruthy();
    expect(body.get('honeypot')).toBe('');
    expect(body.has('captchaKey')).toBe(false);
    const expected = {
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      phone: ['+44', '20', '7946', '0958'],
      topic: 'An order',
      message: 'Twelve celadon mugs, please.',
      company: 'Tea Room',
      pieces: '12',
      budget: '250',
      address: ['1 Kiln Lane', '', 'Leeds', 'West Yorkshire', 'LS1 1AA', 'United Kingdom'],
      'visit-date': ['6', '14', '2030'],
      'visit-time': ['10', '30', '', 'AM'],
      glaze: 'Ash',
      items: ['Mugs', 'Vases'],
      survey: { 'The pieces arrived safely.': '2', 'Delivery was quick.': '0' },
      source: 'newsletter',
    };
    expect(form(body)).toEqual(expected);

    const success = page.locator('.form-success');
    await success.waitFor({ state: 'visible' });
    expect(await success.textContent()).toContain(THANKS);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('form-success'))).toBe(true);
    expect(await page.locator('form.block-form').getAttribute('aria-busy')).toBeNull();
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).isVisible()).toBe(false);
    expect(await submitButton(page).isVisible()).toBe(false);

    const [stored] = await sqlOn(env.site(), `SELECT values, page FROM form_submissions WHERE website_id = $1 AND form_id = $2 ORDER BY id DESC LIMIT 1`, [
      env.site().websiteId,
      FORM_ID,
    ]);
    expect(stored?.values).toEqual(expected);
    expect(stored?.page).toMatchObject({ pageId: FORMS_PAGE_ID, contentSource: 'c', pagePath: '/blocks/forms' });
  });

  // covers 000-2.27, 000-4.07, 000-5.08, 000-5.22, 001-3.81
  it('a form with a success address goes there; optional fields left empty pass; a phone without country code starts with an empty string', async () => {
    changed = true;
    await changeContactForm((data) => {
      data.settings.redirectUrl = '/about';
      const phone = data.fields.find((f) => f.id === 'phone')!;
      phone.showCountryCode = false;
    });
    const page = await openForm({ ready: async (p) => (await group(p, 'Phone').getByLabel('Country').count()) === 0 });
    await fillRequired(page, { countryCode: false });
    const saveRequest = page.waitForRequest((r) => new URL(r.url()).pathname === SAVE_PATH);
    await submitButton(page).click();
    const body = new URLSearchParams((await saveRequest).postData() ?? '');
    expect(form(body).phone).toEqual(['', '20', '7946', '0958']);
    // No query parameter: the hidden field keeps its configured value.
    expect(form(body).source).toBe('website');
    await page.waitForURL(`${env.site().url}/about`);
  });

  // covers 000-5.04, 000-5.12, 000-5.28, 000-8.15, 000-8.16
  it('required fields of every kind refuse an empty submit, with the message above each and the notices above and below the form', async () => {
    changed = true;
    await changeContactForm((data) => {
      for (const f of data.fields) if (f.type !== 'section' && f.type !== 'hidden') f.required = true;
    });
    const page = await openForm({ ready: async (p) => (await p.locator('[data-field-id="glaze"][data-required="true"]').count()) === 1 });
    const keys = requestsTo(page, KEY_PATH);
    const saves = requestsTo(page, SAVE_PATH);
    await submitButton(page).click();
    await fieldError(page, 'name').waitFor({ state: 'visible' });
    const labels: Record<string, string> = {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      topic: 'Topic',
      message: 'Message',
      company: 'Café or restaurant',
      pieces: 'How many pieces?',
      budget: 'Budget',
      address: 'Delivery address',
      'visit-date': 'Preferred visit date',
      'visit-time': 'Preferred visit time',
      glaze: 'Favourite glaze',
      items: 'Interested in',
      survey: 'About your last order',
    };
    for (const [id, label] of Object.entries(labels)) {
      expect(await fieldError(page, id).textContent(), id).toBe(`${label} is required.`);
      expect(await page.locator(`[data-field-id="${id}"]`).getAttribute('class'), id).toContain('form-field-invalid');
      const controls = page.locator(`[data-field-id="${id}"] :is(input, select, textarea)`);
      for (const invalid of await controls.evaluateAll((els) => els.map((e) => e.getAttribute('aria-invalid')))) expect(invalid, id).toBe('true');
      // The message sits above its field's inputs and is announced with them.
      const [errorBox, inputBox] = await Promise.all([
        fieldError(page, id).boundingBox(),
        page.locator(`[data-field-id="${id}"] :is(input, select, textarea)`).first().boundingBox(),
      ]);
      expect(errorBox!.y, id).toBeLessThan(inputBox!.y);
    }
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).evaluate((e) => e.getAttribute('aria-describedby'))).toContain('-email-error');
    const above = page.locator('.form-problem-above');
    const below = page.locator('.form-problem-below');
    expect(await above.textContent()).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(await below.textContent()).toBe('Your form has encountered a problem. Please scroll up to review.');
    const [aboveBox, fieldsBox, belowBox] = await Promise.all([above.boundingBox(), page.locator('.form-fields').boundingBox(), below.boundingBox()]);
    expect(aboveBox!.y + aboveBox!.height).toBeLessThanOrEqual(fieldsBox!.y);
    expect(belowBox!.y).toBeGreaterThanOrEqual(fieldsBox!.y + fieldsBox!.height);
    // Focus moves to the first field in error.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('given-name');
    expect(keys).toHaveLength(0);
    expect(saves).toHaveLength(0);
  });

  // covers 000-5.13, 000-5.14, 000-9.22, 000-5.01
  it('email format and length, numbers, dates, times and phones are checked before submitting', async () => {
    const page = await openForm();
    const saves = requestsTo(page, SAVE_PATH);
    await fillRequired(page);
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await email.fill('not-an-email');
    await page.getByLabel('How many pieces?').fill('lots');
    await page.getByLabel('Budget').fill('£ a lot');
    await group(page, 'Preferred visit date').getByLabel('Month').fill('13');
    await group(page, 'Preferred visit date').getByLabel('Day').fill('1');
    await group(page, 'Preferred visit date').getByLabel('Year').fill('2030');
    await group(page, 'Preferred visit time').getByLabel('Hour').fill('25');
    await group(page, 'Preferred visit time').getByLabel('Minute').fill('00');
    await group(page, 'Phone').getByLabel('Line').fill('09x8');
    await submitButton(page).click();
    await fieldError(page, 'email').waitFor({ state: 'visible' });
    expect(await fieldError(page, 'email').textContent()).toBe('Email is not valid. Email addresses should follow the format name@example.com.');
    expect(await fieldError(page, 'pieces').textContent()).toBe('How many pieces? must be a number.');
    expect(await fieldError(page, 'budget').textContent()).toBe('Budget must be a number.');
    expect(await fieldError(page, 'visit-date').textContent()).toBe('Preferred visit date is not a valid date.');
    expect(await fieldError(page, 'visit-time').textContent()).toBe('Preferred visit time is not a valid time.');
    expect(await fieldError(page, 'phone').textContent()).toBe('Phone must be a phone number.');
    expect(await fieldError(page, 'name').isVisible()).toBe(false);

    // Seed 000 §5: 3 to 256 characters.
    const at256 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}`;
    expect(at256).toHaveLength(256);
    await email.fill(`x${at256}`);
    await submitButton(page).click();
    await page.waitForFunction(() => document.querySelector('[data-field-id="email"]')?.classList.contains('form-field-invalid'));
    expect(await fieldError(page, 'email').textContent()).toContain('Email is not valid.');
    await email.fill(at256);
    await submitButton(page).click();
    await page.waitForFunction(() => !document.querySelector('[data-field-id="email"]')?.classList.contains('form-field-invalid'));
    expect(await fieldError(page, 'email').isVisible()).toBe(false);
    expect(saves).toHaveLength(0);
  });

  // covers 000-5.07, 000-5.09, 000-5.10, 000-5.11, 001-3.85
  it('the textarea limit and its live counter exist only with the labs flag on', async () => {
    const page = await openForm();
    expect(await page.locator('.form-counter').count()).toBe(0);
    const long = 'm'.repeat(501);
    await fillRequired(page);
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(long);
    await page.getByLabel('How many pieces?').fill('lots');
    await submitButton(page).click();
    await fieldError(page, 'pieces').waitFor({ state: 'visible' });
    expect(await fieldError(page, 'message').isVisible()).toBe(false);

    changed = true;
    await setLabs(['form_textarea_max_length']);
    const flagged = await openForm({ ready: async (p) => (await p.locator('.form-counter').count()) === 1 });
    const counter = flagged.locator('.form-counter');
    expect(await counter.textContent()).toBe('0 / 500');
    await fillRequired(flagged);
    await flagged.getByRole('textbox', { name: 'Message', exact: true }).fill('');
    await flagged.getByRole('textbox', { name: 'Message', exact: true }).pressSequentially('hello');
    expect(await counter.textContent()).toBe('5 / 500');
    expect(await counter.getAttribute('class')).not.toContain('form-counter-error');
    await flagged.getByRole('textbox', { name: 'Message', exact: true }).fill(long);
    expect(await counter.textContent()).toBe('501 / 500');
    expect(await counter.getAttribute('class')).toContain('form-counter-error');
    const saves = requestsTo(flagged, SAVE_PATH);
    await submitButton(flagged).click();
    await fieldError(flagged, 'message').waitFor({ state: 'visible' });
    expect(await fieldError(flagged, 'message').textContent()).toBe('You have exceeded the character limit.');
    expect(saves).toHaveLength(0);
  });

  // covers 000-4.11, 000-4.12, 000-5.27, 000-5.28, 000-7.06, 000-8.10, 000-8.11, 000-8.17, 000-8.18, 000-8.19, 000-8.20, 000-8.21, 000-8.22
  it('each answer of SaveFormSubmission shows the seed text, and the form unlocks', async () => {
    const page = await openForm();
    await page.route(isPath(KEY_PATH), (route) => route.fulfill({ json: { key: 'routed-key' } }));
    let answer: (route: Route) => Promise<void> = (route) => route.fulfill({ json: {} });
    await page.route(isPath(SAVE_PATH), (route) => answer(route));
    await fillRequired(page);

    answer = (route) => route.fulfill({ status: 400, json: { errors: { email: 'Use the address we can answer.' } } });
    await submitAndSettle(page);
    expect(await fieldError(page, 'email').textContent()).toBe('Use the address we can answer.');
    expect(await page.locator('[data-field-id="email"]').getAttribute('class')).toContain('form-field-invalid');
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.form-problem-above').textContent()).toBe(forms.problemAbove);
    expect(await page.locator('.form-problem-below').textContent()).toBe(forms.problemBelow);
    expect(await formError(page).isVisible()).toBe(false);

    const cases: [number | 'abort', Record<string, unknown>, string][] = [
      [401, {}, 'Unable to submit form. Please try again later.'],
      [404, { error: 'ignored' }, 'This form has not been configured yet.'],
      [429, {}, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
      [500, {}, 'Unable to send form. Please try again later.'],
      [418, { error: 'x' }, 'x'],
      [409, { error: 'Boom' }, 'Boom'],
      [418, {}, 'Unknown error, please try again later.'],
      ['abort', {}, 'Error processing form submission. Please reload and try again.'],
    ];
    for (const [status, json, text] of cases) {
      answer = (route) => (status === 'abort' ? route.abort('failed') : route.fulfill({ status, json }));
      await submitAndSettle(page);
      await page.waitForFunction((t) => document.querySelector('.form-submit-error')?.textContent === t, text);
      expect(await formError(page).isVisible(), String(status)).toBe(true);
      expect(await page.locator('.form-problem-above').isVisible()).toBe(true);
      // The earlier field error is gone; the form is unlocked with its own button text.
      expect(await fieldError(page, 'email').isVisible()).toBe(false);
      expect(await submitButton(page).textContent()).toBe('Send message');
      expect(await submitButton(page).isEnabled()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Email', exact: true }).isEnabled()).toBe(true);
    }
  });

  // covers 000-4.15, 000-7.03, 000-8.12
  it('without a submission key the form fails and nothing is sent', async () => {
    const page = await openForm();
    const saves = requestsTo(page, SAVE_PATH);
    let keyAnswer: (route: Route) => Promise<void> = (route) => route.fulfill({ json: {} });
    await page.route(isPath(KEY_PATH), (route) => keyAnswer(route));
    await fillRequired(page);
    for (const answer of [(route: Route) => route.fulfill({ json: {} }), (route: Route) => route.fulfill({ status: 500, json: {} })]) {
      keyAnswer = answer;
      await page.evaluate(() => {
        const el = document.querySelector('.form-submit-error');
        if (el) el.textContent = '';
      });
      await submitButton(page).click();
      await page.waitForFunction((t) => document.querySelector('.form-submit-error')?.textContent === t, forms.noSubmissionKey);
      expect(await page.locator('.form-problem-above').isVisible()).toBe(true);
      expect(await submitButton(page).isEnabled()).toBe(true);
    }
    expect(saves).toHaveLength(0);
  });

  // covers 000-4.05, 000-4.06, 000-5.06, 000-4.10
  it('while submitting the form is locked and shows Submitting…; a second submit sends nothing', async () => {
    changed = true;
    await changeContactForm((data) => {
      data.settings.postSubmitHtml = '<p>Meanwhile, see <a href="/about">how we work</a>.</p>';
    });
    const page = await openForm({ ready: async (p) => (await p.locator('.form-post-submit').count()) === 1 });
    const keys = requestsTo(page, KEY_PATH);
    const saves = requestsTo(page, SAVE_PATH);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isPath(SAVE_PATH), async (route) => {
      await held;
      await route.fulfill({ json: {} });
    });
    await fillRequired(page);
    const saveSent = page.waitForRequest((r) => new URL(r.url()).pathname === SAVE_PATH);
    await submitButton(page).click();
    await saveSent;
    expect(await submitButton(page).textContent()).toBe('Submitting…');
    expect(await submitButton(page).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Topic').isDisabled()).toBe(true);
    expect(await page.locator('form.block-form').getAttribute('aria-busy')).toBe('true');
    // A second submit while one is out (Enter, a script, a double click) sends nothing more.
    await page.evaluate(() => {
      const f = document.querySelector<HTMLFormElement>('form.block-form')!;
      f.requestSubmit();
      f.requestSubmit();
    });
    // A submit that got through would have asked for a key at once (no captcha here).
    await requestsSeen(page);
    expect(keys).toHaveLength(1);
    release();
    await page.locator('.form-success').waitFor({ state: 'visible' });
    expect(await page.getByText(THANKS).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'how we work' }).isVisible()).toBe(true);
    expect(keys).toHaveLength(1);
    expect(saves).toHaveLength(1);
  });

  // covers 000-5.27, 000-5.28, 000-8.17
  it('the server checks every field again: a choice the form does not offer comes back as a 400 shown above its field', async () => {
    const page = await openForm();
    await fillRequired(page);
    // A crafted value the island cannot know is wrong (it reads the choices from the same markup).
    await page.locator('[data-field-id="glaze"] input[value="Ash"]').evaluate((el) => {
      const radio = el as HTMLInputElement;
      radio.value = 'Porcelain';
      radio.checked = true;
    });
    await submitAndSettle(page);
    await fieldError(page, 'glaze').waitFor({ state: 'visible' });
    expect(await fieldError(page, 'glaze').textContent()).toBe('Favourite glaze must be one of its choices.');
    expect(await page.locator('[data-field-id="glaze"]').getAttribute('class')).toContain('form-field-invalid');
    expect(await page.locator('.form-problem-above').textContent()).toBe(forms.problemAbove);
    expect(await submitButton(page).isEnabled()).toBe(true);
  });

  // covers 000-3.30
  it('on a collection item page the submission names the item, its collection and contentSource i', async () => {
    changed = true;
    const doc = structuredClone(original);
    type Item = { id: string; status: number; sections: unknown[] };
    const collections = doc.collections as { id: string; items: Item[] }[];
    const collection = collections.find((c) => c.items.some((i) => i.status === 1))!;
    const item = collection.items.find((i) => i.status === 1)!;
    const formBlock = original.pages
      .find((p) => p.id === FORMS_PAGE_ID)!
      .sections.flatMap((sec) => sec.blocks)
      .find((b) => b.id === FORM_BLOCK_ID)!;
    item.sections.push({ id: 'f2f2f2f2f2f2f2f2f2f2f2f1', theme: 'white', blocks: [{ ...structuredClone(formBlock), id: 'f2f2f2f2f2f2f2f2f2f2f2f2' }] });
    await importSiteDocument(env.site(), doc);
    // The item's address, as the server made it from its collection's pattern.
    const [{ path } = {}] = (await sqlOn(env.site(), 'SELECT path FROM collection_items WHERE website_id = $1 AND id = $2', [
      env.site().websiteId,
      item.id,
    ])) as { path?: string }[];
    const { id } = item;
    const collectionId = collection.id;
    const page = await openForm({ path });
    await page.route(isPath(SAVE_PATH), (route) => route.fulfill({ json: {} }));
    await fillRequired(page);
    const saved = page.waitForRequest((r) => new URL(r.url()).pathname === SAVE_PATH);
    await submitButton(page).click();
    const body = new URLSearchParams((await saved).postData() ?? '');
    expect(body.get('contentSource')).toBe('i');
    expect(body.get('pageId')).toBe(id);
    expect(body.get('collectionId')).toBe(collectionId);
    expect(body.get('objectName')).toBe('f2f2f2f2f2f2f2f2f2f2f2f2');
    expect(body.get('pagePath')).toBe(path);
  });

  // covers 000-5.16
  it('a hidden field takes its value from a matching query parameter', async () => {
    const page = await openForm({ query: '?utm_source=spring%20fair&other=1' });
    expect(await page.locator('input[type="hidden"][name="source"]').inputValue()).toBe('spring fair');
  });

  it('passes axe-core with no serious violation when idle, in error and after success', async () => {
    const page = await openForm({ axe: true });
    const found: string[] = [];
    found.push(...(await seriousViolations(page)).map((v) => `idle: ${v}`));
    await submitButton(page).click();
    await fieldError(page, 'name').waitFor({ state: 'visible' });
    found.push(...(await seriousViolations(page)).map((v) => `error: ${v}`));
    await page.route(isPath(KEY_PATH), (route) => route.fulfill({ json: { key: 'routed-key' } }));
    await page.route(isPath(SAVE_PATH), (route) => route.fulfill({ status: 500, json: {} }));
    await fillRequired(page);
    await submitAndSettle(page);
    found.push(...(await seriousViolations(page)).map((v) => `server error: ${v}`));
    await page.unroute(isPath(SAVE_PATH));
    await page.route(isPath(SAVE_PATH), (route) => route.fulfill({ json: {} }));
    await submitButton(page).click();
    await page.locator('.form-success').waitFor({ state: 'visible' });
    found.push(...(await seriousViolations(page)).map((v) => `success: ${v}`));
    expect(found).toEqual([]);
  });

  it('the contact page asks what a studio asks: a name, an email, a phone number in one field, a subject and a message', async () => {
    const page = await openForm({ path: '/contact' });
    const form = page.getByRole('form', { name: 'Send us a message' });
    expect(await form.locator('.form-fields label').allTextContents()).toEqual(['Name *', 'Email *', 'Phone', 'Subject *', 'Message *']);
    const phone = form.getByRole('textbox', { name: 'Phone' });
    // One field with the telephone keyboard and the browser's autofill; a name the browser fills in whole.
    expect([await phone.getAttribute('type'), await phone.getAttribute('autocomplete')]).toEqual(['tel', 'tel']);
    expect(await form.getByRole('textbox', { name: 'Name' }).getAttribute('autocomplete')).toBe('name');
    expect(await form.getByRole('group').count()).toBe(0);

    await form.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await form.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
    await phone.fill('call me');
    await form.getByRole('textbox', { name: 'Subject' }).fill('A set of café bowls');
    await form.getByRole('textbox', { name: 'Message' }).fill('Six bowls in ash glaze, please.');
    await submitButton(page).click();
    await fieldError(page, 'phone').waitFor({ state: 'visible' });
    expect(await fieldError(page, 'phone').textContent()).toBe('Phone must be a phone number.');

    await phone.fill('+44 (0)1736 796 000');
    await submitButton(page).click();
    await page.getByText(THANKS).waitFor();
    const [stored] = (await sqlOn(env.site(), "SELECT values FROM form_submissions WHERE website_id = $1 AND values->>'subject' = 'A set of café bowls'", [
      env.site().websiteId,
    ])) as { values: Record<string, unknown> }[];
    expect(stored?.values).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '+44 (0)1736 796 000',
      subject: 'A set of café bowls',
      message: 'Six bowls in ash glaze, please.',
    });
  });
});

describe('newsletter block', () => {
  const SUBSCRIBE_PATH = '/api/newsletter/subscribe';

  async function openNewsletter(opts: { axe?: boolean } = {}): Promise<Page> {
    const page = await openForm({ ...opts, path: '/contact' });
    await page.locator('.block-newsletter').scrollIntoViewIfNeeded();
    await page.locator('form.newsletter-form[data-enhanced="true"]').waitFor({ state: 'attached' });
    return page;
  }

  // covers 000-1.03
  it('checks the email, signs up through the API and shows the success text', async () => {
    const page = await openNewsletter({ axe: true });
    const found: string[] = [];
    const calls = requestsTo(page, SUBSCRIBE_PATH);
    const signup = page.locator('form.newsletter-form');
    const email = signup.getByLabel('Email address');
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    const error = signup.locator('.form-field-error');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toBe('Email address is required.');
    await email.fill('not-an-email');
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForFunction(() => document.querySelector('.newsletter-form .form-field-error')?.textContent?.startsWith('Email is not valid.'));
    expect(await error.textContent()).toBe('Email is not valid. Email addresses should follow the format name@example.com.');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    found.push(...(await seriousViolations(page)).map((v) => `error: ${v}`));
    expect(calls).toHaveLength(0);

    await page.route(isPath(SUBSCRIBE_PATH), (route) => route.fulfill({ status: 429, json: { error: 'ignored' } }));
    await email.fill('ada@example.com');
    await signup.getByLabel('Name').fill('Ada');
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForFunction((t) => document.querySelector('.newsletter-form .form-problem')?.textContent === t, forms.rateLimited);
    expect(await signup.getByRole('button', { name: 'Sign Up' }).isEnabled()).toBe(true);

    await page.unroute(isPath(SUBSCRIBE_PATH));
    await page.route(isPath(SUBSCRIBE_PATH), (route) => route.fulfill({ json: { message: 'ok' } }));
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === SUBSCRIBE_PATH);
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    const body = new URLSearchParams((await sent).postData() ?? '');
    expect(Object.fromEntries(body)).toEqual({ listId: 'c0a7ac7f0000000000000008', email: 'ada@example.com', name: 'Ada', honeypot: '' });
    const success = signup.locator('.newsletter-success');
    await success.waitFor({ state: 'visible' });
    expect(await success.textContent()).toBe('Thank you! Check your email to confirm your subscription.');
    expect(await email.isVisible()).toBe(false);
    found.push(...(await seriousViolations(page)).map((v) => `success: ${v}`));
    expect(found).toEqual([]);
  });

  // covers 000-9.33
  it('takes its small layout when its container is under 320 px wide', async () => {
    const page = await openNewsletter();
    const directionAt = (width: number) =>
      page.evaluate((w) => {
        const block = document.querySelector<HTMLElement>('.block-newsletter')!;
        block.style.width = `${w}px`;
        return getComputedStyle(block.querySelector('.newsletter-fields')!).flexDirection;
      }, width);
    expect(await directionAt(319)).toBe('column');
    expect(await directionAt(320)).toBe('row');
    expect(await directionAt(600)).toBe('row');
  });
});
