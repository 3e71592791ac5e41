import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkForm, type FieldRules } from '../../domain/forms';
import { forms } from '../../messages/forms';
import { fieldValue, queryValue, redirectTarget, submissionFailure, submissionPayload, type PageFacts } from './collect';

describe('field values as the island collects them', () => {
  // covers 000-5.17, 000-5.18, 000-5.19, 000-5.20
  it('address, date, name and time give their parts in part order', () => {
    expect(
      fieldValue('name', [
        { value: 'Lovelace', part: 1 },
        { value: 'Ada', part: 0 },
      ]),
    ).toEqual(['Ada', 'Lovelace']);
    expect(
      fieldValue('date', [
        { value: '12', part: 0 },
        { value: '10', part: 1 },
        { value: '2025', part: 2 },
      ]),
    ).toEqual(['12', '10', '2025']);
    expect(
      fieldValue(
        'time',
        ['9', '30', '', 'AM'].map((value, part) => ({ value, part })),
      ),
    ).toEqual(['9', '30', '', 'AM']);
    expect(
      fieldValue(
        'address',
        ['1 Kiln Lane', '', 'Leeds', 'West Yorkshire', 'LS1 1AA', 'UK'].map((value, part) => ({ value, part })),
      ),
    ).toHaveLength(6);
  });

  // covers 000-5.21, 000-5.22
  it('a phone gives an array, with an empty country code when it shows three parts', () => {
    expect(
      fieldValue('phone', [
        { value: '555', part: 1 },
        { value: '010', part: 2 },
        { value: '9999', part: 3 },
      ]),
    ).toEqual(['', '555', '010', '9999']);
    expect(
      fieldValue('phone', [
        { value: '+44', part: 0 },
        { value: '555', part: 1 },
        { value: '010', part: 2 },
        { value: '9999', part: 3 },
      ]),
    ).toEqual(['+44', '555', '010', '9999']);
  });

  // covers 000-5.23, 000-5.24, 000-5.25, 000-5.26
  it('checkbox, radio, select and likert values', () => {
    const boxes = ['Mugs', 'Bowls', 'Plates'].map((value, i) => ({ value, checked: i !== 1 }));
    expect(fieldValue('checkbox', boxes)).toEqual(['Mugs', 'Plates']);
    expect(
      fieldValue(
        'checkbox',
        boxes.map((b) => ({ ...b, checked: false })),
      ),
    ).toEqual([]);
    expect(fieldValue('radio', boxes)).toBe('Mugs');
    expect(fieldValue('radio', [{ value: 'A', checked: false }])).toBeUndefined();
    expect(fieldValue('select', [{ value: 'An order' }])).toBe('An order');
    const likert = [
      { value: '2', checked: true, statement: 'Arrived safely.' },
      { value: '-1', checked: false, statement: 'Arrived safely.' },
      { value: '0', checked: true, statement: 'Quick.' },
    ];
    expect(fieldValue('likert', likert)).toEqual({ 'Arrived safely.': '2', 'Quick.': '0' });
  });

  // covers 000-5.15
  it('a section gives nothing; single-value fields give their text', () => {
    expect(fieldValue('section', [])).toBeUndefined();
    expect(fieldValue('text', [{ value: ' hi ' }])).toBe(' hi ');
    expect(fieldValue('hidden', [{ value: 'ads' }])).toBe('ads');
  });

  it('every collected shape is one the shared rules accept', () => {
    const fields: FieldRules[] = [
      { id: 'n', type: 'name', label: 'Name' },
      { id: 'p', type: 'phone', label: 'Phone' },
      { id: 'c', type: 'checkbox', label: 'C', options: ['a', 'b'] },
      { id: 'r', type: 'radio', label: 'R', options: ['a', 'b'] },
      { id: 'l', type: 'likert', label: 'L', options: ['q1', 'q2'] },
      { id: 's', type: 'select', label: 'S', options: ['a'] },
    ];
    const values = {
      n: fieldValue('name', [
        { value: '', part: 0 },
        { value: '', part: 1 },
      ])!,
      p: fieldValue('phone', [
        { value: '', part: 1 },
        { value: '', part: 2 },
        { value: '', part: 3 },
      ])!,
      c: fieldValue('checkbox', [{ value: 'a', checked: false }])!,
      l: fieldValue('likert', [{ value: '1', checked: true, statement: 'q2' }])!,
      s: fieldValue('select', [{ value: '' }])!,
    };
    expect(checkForm(fields, values, true).errors).toEqual({});
  });
});

describe('the SaveFormSubmission payload', () => {
  const page: PageFacts = { title: 'Contact — Juniper', pageId: 'p1', collectionId: 'c1', contentSource: 'c', path: '/contact' };
  const base = { key: 'k', formId: 'f', objectName: 'b', submitButtonText: 'Send', values: { email: 'a@b.co', name: ['A', 'B'] }, page, honeypot: '' };

  // covers 000-3.26, 000-3.27, 000-3.29, 000-7.04
  it('carries the seed fields, the form as JSON keyed by field id, and the page facts', () => {
    const body = submissionPayload(base);
    expect(Object.keys(body)).toEqual([
      'key',
      'formId',
      'collectionId',
      'objectName',
      'isOverlayForm',
      'submitButtonText',
      'form',
      'pageTitle',
      'pageId',
      'contentSource',
      'pagePath',
      'honeypot',
    ]);
    expect(JSON.parse(body.form!)).toEqual({ email: 'a@b.co', name: ['A', 'B'] });
    expect(body).toMatchObject({
      isOverlayForm: 'false',
      pageTitle: 'Contact — Juniper',
      pageId: 'p1',
      collectionId: 'c1',
      contentSource: 'c',
      pagePath: '/contact',
    });
  });

  // covers 000-3.28
  it('carries captchaKey only when the form has a captcha', () => {
    expect('captchaKey' in submissionPayload(base)).toBe(false);
    expect(submissionPayload({ ...base, captchaKey: 'solved' }).captchaKey).toBe('solved');
  });
});

describe('what a failed submission shows', () => {
  const shown = new Set(['email', 'name']);

  // covers 000-5.27, 000-8.18, 000-8.19, 000-8.20, 000-8.21, 000-8.22, 000-8.11, 000-8.10
  it('the seed text per status, data.error otherwise, then the unknown-error text', () => {
    expect(submissionFailure(400, { errors: { email: 'Bad email' } }, shown)).toEqual({ fields: { email: 'Bad email' } });
    expect(submissionFailure(401, {}, shown).message).toBe(forms.unauthorized);
    expect(submissionFailure(404, { error: 'x' }, shown).message).toBe('This form has not been configured yet.');
    expect(submissionFailure(429, {}, shown).message).toBe(forms.rateLimited);
    expect(submissionFailure(500, {}, shown).message).toBe(forms.sendFailed);
    expect(submissionFailure(418, { error: 'Boom' }, shown).message).toBe('Boom');
    expect(submissionFailure(418, {}, shown).message).toBe(forms.unknownError);
    expect(submissionFailure(400, { error: 'Bad' }, shown).message).toBe('Bad');
    expect(submissionFailure(0, {}, shown).message).toBe(forms.submitError);
  });

  // covers 000-8.14
  it('a 400 naming a field the form does not show says so for the form', () => {
    expect(submissionFailure(400, { errors: { email: 'Bad', ghost: 'Nope' } }, shown)).toEqual({ fields: { email: 'Bad' }, message: forms.invalidFields });
  });

  it('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 599 }), fc.anything(), fc.anything(), (status, error, errors) => {
        const failure = submissionFailure(status, { error, errors }, shown);
        expect(failure.message !== undefined || Object.keys(failure.fields).length > 0).toBe(true);
      }),
    );
  });
});

describe('query and redirect', () => {
  // covers 000-5.16
  it('a hidden field reads its query parameter when present', () => {
    expect(queryValue('?utm_source=news&x=1', 'utm_source')).toBe('news');
    expect(queryValue('?x=1', 'utm_source')).toBeUndefined();
    expect(queryValue('?utm_source=', 'utm_source')).toBe('');
  });

  it('redirects only to http(s) addresses', () => {
    expect(redirectTarget('/thanks', 'https://a.example/contact')).toBe('https://a.example/thanks');
    expect(redirectTarget('https://b.example/x', 'https://a.example/')).toBe('https://b.example/x');
    expect(redirectTarget('javascript:alert(1)', 'https://a.example/')).toBeUndefined();
    expect(redirectTarget('', 'https://a.example/')).toBeUndefined();
    expect(redirectTarget(undefined, 'https://a.example/')).toBeUndefined();
  });
});
