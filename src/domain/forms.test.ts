import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  characterCounter,
  checkForm,
  isPhoneNumber,
  CONTENT_SOURCES,
  emailFieldError,
  exceedsMaxLength,
  FORM_FIELD_PROPERTIES,
  FORM_FIELD_TYPES,
  FORM_SETTINGS_TABS,
  isUsZipCode,
  isValidEmail,
  LIKERT_SCALE,
  phoneFieldValue,
  radioFieldValue,
  type FieldRules,
} from './forms';
import { EMAIL_LENGTH } from './limits';

describe('form field types', () => {
  // constants and helpers for 000-3.31 (the browser behaviour is left to end-to-end tests)
  it('lists the seed field types', () => {
    expect([...FORM_FIELD_TYPES].sort()).toEqual([
      'address',
      'checkbox',
      'currency',
      'date',
      'email',
      'hidden',
      'likert',
      'name',
      'number',
      'phone',
      'radio',
      'section',
      'select',
      'text',
      'textarea',
      'time',
    ]);
  });

  // constants and helpers for 001-3.79, 001-3.80, 001-3.81, 001-3.82, 001-3.83, 001-3.84, 001-3.85 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('gives each type the editable properties of seed 001', () => {
    for (const t of ['text', 'email', 'number'] as const) expect(FORM_FIELD_PROPERTIES[t]).toEqual(['description', 'placeholder', 'required']);
    expect(FORM_FIELD_PROPERTIES.textarea).toEqual(['description', 'placeholder', 'required', 'maxLength']);
    expect(FORM_FIELD_PROPERTIES.currency).toEqual(['currencySymbol']);
    expect(FORM_FIELD_PROPERTIES.phone).toEqual(['showCountryCode']);
    expect(FORM_FIELD_PROPERTIES.section).toEqual(['underline']);
    for (const t of ['radio', 'checkbox', 'select', 'likert'] as const) expect(FORM_FIELD_PROPERTIES[t]).toEqual(['options']);
    expect(FORM_FIELD_PROPERTIES.hidden).toEqual(['key', 'value']);
  });

  // constants and helpers for 001-3.86 (the on-screen text is left to end-to-end tests)
  it('has the settings tabs build, storage, advanced, captcha, disclaimer', () => {
    expect(FORM_SETTINGS_TABS).toEqual(['build', 'storage', 'advanced', 'captcha', 'disclaimer']);
  });

  // constants and helpers for 000-3.30 (the browser behaviour is left to end-to-end tests)
  it('marks content source i for items and c for collections', () => {
    expect(CONTENT_SOURCES).toEqual({ ITEM: 'i', COLLECTION: 'c' });
  });

  // constants and helpers for 000-9.20 (the on-screen text is left to end-to-end tests)
  it('has the likert labels from -2 to 2 in order', () => {
    expect(LIKERT_SCALE).toEqual([
      { value: -2, label: 'Strongly Disagree' },
      { value: -1, label: 'Disagree' },
      { value: 0, label: 'Neutral' },
      { value: 1, label: 'Agree' },
      { value: 2, label: 'Strongly Agree' },
    ]);
  });
});

describe('email', () => {
  // constants and helpers for 000-5.13 (the on-screen text is left to end-to-end tests)
  it('accepts addresses matching the pattern and refuses others', () => {
    for (const good of ['a@b', 'name@example.com', 'first.last+tag@mail.example.co.uk']) expect(isValidEmail(good)).toBe(true);
    for (const bad of ['not-an-email', '@example.com', 'name@', 'a b@example.com', 'name@exa mple.com', 'name@-example.com', 'a@@b.com']) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });

  // constants and helpers for 000-5.14, 000-9.22 (the browser behaviour is left to end-to-end tests)
  it('is 3 to 256 characters long', () => {
    expect(EMAIL_LENGTH).toEqual({ MIN: 3, MAX: 256 });
    const domain = `@${'d'.repeat(60)}.${'e'.repeat(60)}.com`;
    const at256 = 'l'.repeat(256 - domain.length) + domain;
    const at257 = 'l'.repeat(257 - domain.length) + domain;
    expect(at256).toHaveLength(256);
    expect(isValidEmail(at256)).toBe(true);
    expect(isValidEmail(at257)).toBe(false);
    expect(isValidEmail('a@b')).toBe(true);
  });

  // constants and helpers for 000-5.14 (the browser behaviour is left to end-to-end tests)
  it('never accepts more than 256 or fewer than 3 characters', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.string(), (address, padding) => {
        const long = padding.replace(/[^a-z]/g, '') + 'x'.repeat(257) + address;
        expect(isValidEmail(long)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 2 }), (s) => {
        expect(isValidEmail(s)).toBe(false);
      }),
    );
  });

  // constants and helpers for 000-5.12, 000-5.08 (the browser behaviour is left to end-to-end tests)
  it('requires a value only when the field is required', () => {
    expect(emailFieldError('', true)).toBe('required');
    expect(emailFieldError('', false)).toBeUndefined();
    expect(emailFieldError('nope', false)).toBe('invalid');
    expect(emailFieldError('a@b.co', true)).toBeUndefined();
  });
});

describe('US zip code', () => {
  // constants and helpers for 000-5.01 (the browser behaviour is left to end-to-end tests)
  it('is exactly 5 digits', () => {
    expect(isUsZipCode('12345')).toBe(true);
    for (const bad of ['1234', '123456', '1234a', ' 12345', '12345 ', '12 45', '١٢٣٤٥', '']) expect(isUsZipCode(bad)).toBe(false);
  });
});

describe('max length and counter', () => {
  // constants and helpers for 000-5.07 (the on-screen text is left to end-to-end tests)
  it('refuses a value longer than the max', () => {
    expect(exceedsMaxLength('a'.repeat(100), 100)).toBe(false);
    expect(exceedsMaxLength('a'.repeat(101), 100)).toBe(true);
  });

  // constants and helpers for 000-5.09, 000-5.10 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('shows length / max and flags going over', () => {
    expect(characterCounter('hello', 100)).toEqual({ text: '5 / 100', over: false });
    expect(characterCounter('a'.repeat(101), 100)).toEqual({ text: '101 / 100', over: true });
  });
});

describe('field values', () => {
  // constants and helpers for 000-5.21, 000-5.22 (the browser behaviour is left to end-to-end tests)
  it('prefixes a three-part phone with an empty string', () => {
    expect(phoneFieldValue(['555', '010', '0100'])).toEqual(['', '555', '010', '0100']);
    expect(phoneFieldValue(['+1', '555', '010', '0100'])).toEqual(['+1', '555', '010', '0100']);
  });

  // constants and helpers for 000-5.24 (the browser behaviour is left to end-to-end tests)
  it('gives a radio group its first checked value', () => {
    expect(radioFieldValue(['b', 'c'])).toBe('b');
    expect(radioFieldValue([])).toBeUndefined();
  });
});

describe('checkForm: the field rules the island and the server share', () => {
  const fields: FieldRules[] = [
    { id: 'name', type: 'name', label: 'Name', required: true },
    { id: 'email', type: 'email', label: 'Email', required: true },
    { id: 'note', type: 'textarea', label: 'Note', maxLength: 5 },
    { id: 'count', type: 'number', label: 'Count' },
    { id: 'topic', type: 'select', label: 'Topic', options: ['A', 'B'] },
    { id: 'colour', type: 'radio', label: 'Colour', options: ['Red', 'Blue'] },
    { id: 'likes', type: 'checkbox', label: 'Likes', options: ['Mugs', 'Bowls'], required: true },
    { id: 'survey', type: 'likert', label: 'Survey', options: ['Quick', 'Safe'], required: true },
    { id: 'when', type: 'date', label: 'When' },
    { id: 'at', type: 'time', label: 'At' },
    { id: 'phone', type: 'phone', label: 'Phone' },
    { id: 'part', type: 'section', label: 'More' },
    { id: 'src', type: 'hidden', label: 'Source' },
  ];
  const good = {
    name: ['Ada', 'Lovelace'],
    email: ' ada@example.com ',
    note: 'short',
    count: '12',
    topic: 'B',
    colour: 'Red',
    likes: ['Bowls'],
    survey: { Quick: '2', Safe: '-1' },
    when: ['2', '29', '2024'],
    at: ['9', '30', '', 'AM'],
    phone: ['555', '555', '0123'],
    src: 'newsletter',
  };

  it('accepts a good submission and keeps known values only, trimmed, with the phone rule applied', () => {
    const { errors, values } = checkForm(fields, { ...good, intruder: 'x' }, true);
    expect(errors).toEqual({});
    expect(values).toMatchObject({ email: 'ada@example.com', phone: ['', '555', '555', '0123'], survey: { Quick: '2', Safe: '-1' } });
    expect(values).not.toHaveProperty('intruder');
    expect(values).not.toHaveProperty('part');
  });

  it('names each broken rule with its message', () => {
    const { errors } = checkForm(
      fields,
      {
        ...good,
        name: ['Ada', ''],
        email: 'ada@',
        note: 'too long',
        count: 'many',
        topic: 'C',
        likes: [],
        survey: { Quick: '3' },
        when: ['2', '30', '2024'],
        at: ['13', '00', '', 'PM'],
        phone: ['55a', '555', '0123'],
      },
      true,
    );
    expect(errors).toEqual({
      name: 'Name is required.',
      email: 'Email is not valid. Email addresses should follow the format name@example.com.',
      note: 'You have exceeded the character limit.',
      count: 'Count must be a number.',
      topic: 'Topic must be one of its choices.',
      likes: 'Likes is required.',
      survey: 'Survey must be one of its choices.',
      when: 'When is not a valid date.',
      at: 'At is not a valid time.',
      phone: 'Phone must be a phone number.',
    });
  });

  it('lets optional empty fields pass, keeps the max length off without its flag, and reads wrong shapes as malformed', () => {
    const optional = fields.filter((f) => !f.required);
    expect(checkForm(optional, {}, true).errors).toEqual({});
    expect(checkForm(fields, { ...good, note: 'far too long' }, false).errors).toEqual({});
    expect(checkForm(fields, { ...good, name: 'Ada', likes: 'Mugs', survey: ['2'] }, true).errors).toEqual({
      name: 'Name could not be read. Please fill it in again.',
      likes: 'Likes could not be read. Please fill it in again.',
      survey: 'Survey could not be read. Please fill it in again.',
    });
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...fields.map((f) => f.id), 'other'), fc.anything()), fc.boolean(), (values, flag) => {
        const { errors, values: kept } = checkForm(fields, values, flag);
        for (const id of Object.keys(kept)) expect(errors).not.toHaveProperty(id);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a phone number in one text field', () => {
  const phone = { id: 'phone', type: 'text', label: 'Phone', asks: 'phone' } as const;

  it('takes the ways people write a number and refuses words', () => {
    for (const good of ['+44 (0)1736 796 000', '01736 796000', '020-7946-0958', '+1 555.123.4567']) expect(isPhoneNumber(good), good).toBe(true);
    for (const bad of ['call me', '123', '+44 1736 ext. 12', '12345678901234567890123456789012']) expect(isPhoneNumber(bad), bad).toBe(false);
    expect(checkForm([phone], { phone: 'call me' }, false).errors).toEqual({ phone: 'Phone must be a phone number.' });
    expect(checkForm([phone], { phone: ' +44 20 7946 0958 ' }, false)).toEqual({ errors: {}, values: { phone: '+44 20 7946 0958' } });
  });

  it('leaves a text field that asks for anything else unchecked', () => {
    expect(checkForm([{ ...phone, asks: 'name' }], { phone: 'call me' }, false).errors).toEqual({});
    expect(checkForm([{ id: 'phone', type: 'text', label: 'Phone' }], { phone: 'call me' }, false).errors).toEqual({});
  });
});
