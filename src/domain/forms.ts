/**
 * Form rules of seed 000 (§3, §5, §9) and seed 001 (§3): field types and their editable
 * properties, the likert scale, settings tabs, the submission payload's content source, and the
 * client-side checks (email, US zip code, max length and its counter, phone values). The form
 * island validates with these before submitting and the server validates with them again.
 */
import { EMAIL_LENGTH } from './limits';
import { format } from '../messages/format';
import { forms } from '../messages/forms';

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

/**
 * What a one-line text field asks for, beyond the seed: anything, a person's name (the browser's
 * autofill offers it), or a phone number in one field (a telephone keyboard, autofill, and the
 * characters a number is written with).
 */
export const TEXT_FIELD_ASKS = ['anything', 'name', 'phone'] as const;
export type TextFieldAsks = (typeof TEXT_FIELD_ASKS)[number];

/** A phone number written in one field: digits, spaces, brackets, dots and dashes, a leading +, 5 to 30 characters with at least 5 digits. */
export const isPhoneNumber = (text: string): boolean => /^\+?[\d\s().-]{5,30}$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 5;

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
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

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
    text: format(forms.characterCount, { length: value.length, max: maxLength }),
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

/** Seed 000 §5, §9: the parts of multi-part fields, in value order, with their labels. */
export const FIELD_PARTS = {
  name: ['First Name', 'Last Name'],
  address: ['Address 1', 'Address 2', 'City', 'State/Province', 'Zip/Postal Code', 'Country'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'AM/PM'],
  phone: ['Country', 'Area Code', 'Prefix', 'Line'],
} as const satisfies Record<(typeof MULTI_PART_FIELD_TYPES)[number], readonly string[]>;

/** Which parts must be filled when the field is required (Address 2, Second and Country are never needed). */
const REQUIRED_PARTS: Record<keyof typeof FIELD_PARTS, readonly number[]> = {
  name: [0, 1],
  address: [0, 2, 3, 4],
  date: [0, 1, 2],
  time: [0, 1],
  phone: [1, 2, 3],
};

/** The longest value a one-line field and a textarea take when no max length is set. */
export const FIELD_VALUE_MAX = { line: 2000, textarea: 20_000, hidden: 2000 } as const;

/** What the rules need to know about a field (the form block's field schema has more). */
export type FieldRules = {
  id: string;
  type: FormFieldType;
  label: string;
  required?: boolean;
  options?: readonly string[];
  maxLength?: number;
  asks?: TextFieldAsks;
};

/** A field's value as the form island collects it (seed 000 §5). */
export type FieldValue = string | string[] | Record<string, string>;

export type FormCheck = {
  /** Field id -> message, for the fields that fail. */
  errors: Record<string, string>;
  /** The values kept, by field id: known fields only, sections left out, text trimmed at the ends. */
  values: Record<string, FieldValue>;
};

const LIKERT_VALUES: ReadonlySet<string> = new Set(LIKERT_SCALE.map((s) => String(s.value)));

function isNumeric(value: string): boolean {
  return /^[-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/.test(value.replace(/[\s,](?=\d{3}\b)/g, ''));
}

function validDate(month: string, day: string, year: string): boolean {
  if (!/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day) || !/^\d{4}$/.test(year)) return false;
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return d.getUTCFullYear() === Number(year) && d.getUTCMonth() === Number(month) - 1 && d.getUTCDate() === Number(day);
}

function validTime([hour = '', minute = '', second = '', ampm = '']: readonly string[]): boolean {
  const twelve = ampm !== '';
  if (twelve && ampm !== 'AM' && ampm !== 'PM') return false;
  const h = Number(hour);
  if (!/^\d{1,2}$/.test(hour) || (twelve ? h < 1 || h > 12 : h > 23)) return false;
  if (!/^\d{1,2}$/.test(minute) || Number(minute) > 59) return false;
  return second === '' || (/^\d{1,2}$/.test(second) && Number(second) <= 59);
}

/** Messages for field rules the seeds leave without wording (ours). */
type FieldMessage = (typeof forms)[`field${string}` & keyof typeof forms];

/**
 * One field's rule check (seed 000 §5): undefined when valid. `value` is what the island
 * collected; anything else (a wrong shape from a crafted request) is 'malformed'.
 * `maxLengthOn` says whether the site's textarea max-length labs flag is on.
 */
export function fieldError(field: FieldRules, value: unknown, maxLengthOn: boolean): string | undefined {
  const say = (message: FieldMessage) => format(message, { label: field.label });
  const required = field.required === true;
  switch (field.type) {
    case 'section':
      return undefined;
    case 'hidden':
      return value === undefined || (typeof value === 'string' && value.length <= FIELD_VALUE_MAX.hidden) ? undefined : say(forms.fieldMalformed);
    case 'checkbox': {
      if (value === undefined) return required ? say(forms.fieldRequired) : undefined;
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return say(forms.fieldMalformed);
      if (value.some((v) => !field.options?.includes(v))) return say(forms.fieldChoice);
      return required && value.length === 0 ? say(forms.fieldRequired) : undefined;
    }
    case 'likert': {
      if (value === undefined) return required ? say(forms.fieldRequired) : undefined;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return say(forms.fieldMalformed);
      const answers = Object.entries(value as Record<string, unknown>);
      if (answers.some(([q, a]) => !field.options?.includes(q) || typeof a !== 'string' || !LIKERT_VALUES.has(a))) return say(forms.fieldChoice);
      return required && answers.length < (field.options?.length ?? 0) ? say(forms.fieldRequired) : undefined;
    }
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone': {
      const size = FIELD_PARTS[field.type].length;
      if (value === undefined) return required ? say(forms.fieldRequired) : undefined;
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length <= 500)) return say(forms.fieldMalformed);
      const parts = field.type === 'phone' ? phoneFieldValue(value as string[]) : (value as string[]);
      if (parts.length !== size) return say(forms.fieldMalformed);
      const trimmed = parts.map((p) => p.trim());
      if (trimmed.every((p) => p === '')) return required ? say(forms.fieldRequired) : undefined;
      if (required && REQUIRED_PARTS[field.type].some((i) => trimmed[i] === '')) return say(forms.fieldRequired);
      if (field.type === 'date' && !validDate(trimmed[0]!, trimmed[1]!, trimmed[2]!)) return say(forms.fieldDate);
      if (field.type === 'time' && !validTime(trimmed)) return say(forms.fieldTime);
      if (field.type === 'phone' && !trimmed.every((p, i) => p === '' || (i === 0 ? /^\+?\d{1,4}$/ : /^\d{1,6}$/).test(p))) return say(forms.fieldPhone);
      return undefined;
    }
    default: {
      if (value === undefined) return required ? say(forms.fieldRequired) : undefined;
      if (typeof value !== 'string') return say(forms.fieldMalformed);
      const text = field.type === 'textarea' ? value : value.trim();
      if (text.trim() === '') return required ? say(forms.fieldRequired) : undefined;
      if (field.type === 'email') return emailFieldError(text, required) ? format(forms.emailInvalid, { email: EMAIL_FORMAT_EXAMPLE }) : undefined;
      if (field.type === 'textarea' && maxLengthOn && field.maxLength !== undefined && exceedsMaxLength(text, field.maxLength)) return forms.characterLimit;
      if (text.length > (field.type === 'textarea' ? FIELD_VALUE_MAX.textarea : FIELD_VALUE_MAX.line)) return say(forms.fieldTooLong);
      if ((field.type === 'number' || field.type === 'currency') && !isNumeric(text)) return say(forms.fieldNumber);
      if (field.type === 'text' && field.asks === 'phone' && !isPhoneNumber(text)) return say(forms.fieldPhone);
      if ((field.type === 'select' || field.type === 'radio') && !field.options?.includes(text)) return say(forms.fieldChoice);
      return undefined;
    }
  }
}

/**
 * Every field's rule at once, as the island runs them before submitting and the server runs them
 * again on what arrives: errors by field id, and the values worth keeping.
 */
export function checkForm(fields: readonly FieldRules[], values: Readonly<Record<string, unknown>>, maxLengthOn: boolean): FormCheck {
  const errors: Record<string, string> = {};
  const kept: Record<string, FieldValue> = {};
  for (const field of fields) {
    const value = Object.hasOwn(values, field.id) ? values[field.id] : undefined;
    const error = fieldError(field, value, maxLengthOn);
    if (error) {
      errors[field.id] = error;
      continue;
    }
    if (field.type === 'section' || value === undefined) continue;
    if (typeof value === 'string') kept[field.id] = field.type === 'textarea' ? value : value.trim();
    else if (Array.isArray(value)) kept[field.id] = field.type === 'phone' ? phoneFieldValue(value as string[]) : (value as string[]).map((v) => v.trim());
    else kept[field.id] = { ...(value as Record<string, string>) };
  }
  return { errors, values: kept };
}

const LIKERT_LABELS: ReadonlyMap<string, string> = new Map(LIKERT_SCALE.map((s) => [String(s.value), s.label]));

/**
 * A stored value as a person reads it (seed 000 §5 value shapes): a name's parts with spaces, an
 * address's with commas, a date as month/day/year, a time as h:mm[:ss] [AM|PM], a phone as
 * +country area-prefix-line (seed 000 §9), checkbox choices with commas, likert answers as
 * "statement: Agree" joined by `likertJoin` (a list on one line by default; the notification
 * email puts each on its own line). Empty parts are left out; all-empty values read as ''.
 */
export function valueText(type: string, value: unknown, likertJoin = '; '): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const parts = value.map((v) => (typeof v === 'string' ? v.trim() : String(v)));
    if (parts.every((p) => p === '')) return '';
    const [a = '', b = '', c = '', d = ''] = parts;
    switch (type) {
      case 'name':
        return parts.filter(Boolean).join(' ');
      case 'date':
        return `${a}/${b}/${c}`;
      case 'time':
        return a === '' && b === '' ? '' : `${a}:${b.padStart(2, '0')}${c ? `:${c.padStart(2, '0')}` : ''}${d ? ` ${d}` : ''}`;
      case 'phone': {
        const number = [b, c, d].filter(Boolean).join('-');
        return [a ? `+${a.replace(/^\+/, '')}` : '', number].filter(Boolean).join(' ');
      }
      default:
        return parts.filter(Boolean).join(', ');
    }
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([statement, answer]) => `${statement}: ${LIKERT_LABELS.get(String(answer)) ?? String(answer)}`)
      .join(likertJoin);
  }
  return String(value);
}
