/**
 * Form rules of seed 000 (§3, §5, §9) and seed 001 (§3): field types and their editable
 * properties, the likert scale, settings tabs, the submission payload's content source, and the
 * client-side checks (email, US zip code, max length and its counter, phone values). The form
 * island validates with these before submitting and the server validates with them again.
 */
import { EMAIL_LENGTH } from './limits';
import { formatMessage, MESSAGES } from './messages';

export const FORM_FIELD_TYPES = [
  'date',
  'name',
  'time',
  'address',
  'phone',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
  'text',
  'textarea',
  'email',
  'number',
  'currency',
  'section',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Seed 001 §3: the properties the form editor lets an owner set, per field type. */
export const FORM_FIELD_PROPERTIES = {
  text: ['description', 'placeholder', 'required'],
  textarea: ['description', 'placeholder', 'required', 'maxLength'],
  email: ['description', 'placeholder', 'required'],
  number: ['description', 'placeholder', 'required'],
  currency: ['currencySymbol'],
  phone: ['showCountryCode'],
  section: ['underline'],
  radio: ['options'],
  checkbox: ['options'],
  select: ['options'],
  likert: ['options'],
  hidden: ['key', 'value'],
} as const satisfies Partial<Record<FormFieldType, readonly string[]>>;

/** Seed 000 §5: fields whose value is an array of their parts. */
export const MULTI_PART_FIELD_TYPES = ['address', 'date', 'name', 'time', 'phone'] as const;

/** Seed 000 §9: the likert scale, in display order. */
export const LIKERT_SCALE = [
  { value: -2, label: 'Strongly Disagree' },
  { value: -1, label: 'Disagree' },
  { value: 0, label: 'Neutral' },
  { value: 1, label: 'Agree' },
  { value: 2, label: 'Strongly Agree' },
] as const;

export const FORM_SETTINGS_TABS = ['build', 'storage', 'advanced', 'captcha', 'disclaimer'] as const;
export type FormSettingsTab = (typeof FORM_SETTINGS_TABS)[number];

/** Seed 000 §3: contentSource of the submission payload, i for an item page, c for a collection page. */
export const CONTENT_SOURCES = { ITEM: 'i', COLLECTION: 'c' } as const;

/** The example address the invalid-email message shows for `{email}`. */
export const EMAIL_FORMAT_EXAMPLE = 'name@example.com';

/**
 * The "valid e-mail address" of the HTML standard, which browsers apply to <input type=email>, so
 * the browser, the form island and the server agree on what an email is.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Seed 000 §5: matches the email pattern and is 3 to 256 characters long. */
export function isValidEmail(value: string): boolean {
  return value.length >= EMAIL_LENGTH.MIN && value.length <= EMAIL_LENGTH.MAX && EMAIL_PATTERN.test(value);
}

/** Seed 000 §5: a required email must be filled in; an optional empty one passes. */
export function emailFieldError(value: string, required: boolean): 'required' | 'invalid' | undefined {
  if (value === '') return required ? 'required' : undefined;
  return isValidEmail(value) ? undefined : 'invalid';
}

/** Seed 000 §5: exactly five digits. */
export function isUsZipCode(value: string): boolean {
  return /^[0-9]{5}$/.test(value);
}

/**
 * Seed 000 §5: a field with a max length must not exceed it. Length counts UTF-16 code units, as
 * the browser's own maxlength does, so the counter and the browser never disagree.
 */
export function exceedsMaxLength(value: string, maxLength: number): boolean {
  return value.length > maxLength;
}

/** Seed 000 §5: the live counter text 'length / max' and whether it carries the error class. */
export function characterCounter(value: string, maxLength: number): { text: string; over: boolean } {
  return {
    text: formatMessage(MESSAGES.formCharacterCount, { length: value.length, max: maxLength }),
    over: exceedsMaxLength(value, maxLength),
  };
}

/**
 * Seed 000 §5: a phone field's value is its parts; three parts (no country code) get an empty
 * string in front, so the country code is always the first element.
 */
export function phoneFieldValue(parts: readonly string[]): string[] {
  return parts.length === 3 ? ['', ...parts] : [...parts];
}

/** Seed 000 §5: a radio group's value is its first checked option. */
export function radioFieldValue(checked: readonly string[]): string | undefined {
  return checked[0];
}
