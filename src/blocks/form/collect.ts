/**
 * The DOM-free core of the form island (seed 000 §3, §5, §8): a field's value from the state of
 * its controls, the SaveFormSubmission payload, what a failed submission shows, and where a
 * success redirect may go. The island reads the controls; these decide, so they are unit-tested.
 */
import { phoneFieldValue, radioFieldValue, type FieldValue, type FormFieldType } from '../../domain/forms';
import { formSubmissionErrorText } from '../../domain/request-errors';
import { forms } from '../../messages/forms';

/** One input, select or textarea of a field, as the island reads it. */
export type ControlState = {
  value: string;
  /** Radios and checkboxes only. */
  checked?: boolean;
  /** The part index of a multi-part field's input (data-part). */
  part?: number;
  /** The statement a likert radio answers (data-statement). */
  statement?: string;
};

const byPart = (controls: readonly ControlState[]) => [...controls].sort((a, b) => (a.part ?? 0) - (b.part ?? 0)).map((c) => c.value);

/**
 * Seed 000 §5: address, date, name and time give arrays of their parts; phone gives an array,
 * prefixed by an empty string when it has 3 parts; checkbox gives the checked values; radio the
 * first checked value; select the selected value; likert a map from statement to chosen value;
 * section nothing. Any other field gives its one control's value.
 */
export function fieldValue(type: FormFieldType, controls: readonly ControlState[]): FieldValue | undefined {
  const checked = controls.filter((c) => c.checked === true);
  switch (type) {
    case 'section':
      return undefined;
    case 'address':
    case 'date':
    case 'name':
    case 'time':
      return byPart(controls);
    case 'phone':
      return phoneFieldValue(byPart(controls));
    case 'checkbox':
      return checked.map((c) => c.value);
    case 'radio':
      return radioFieldValue(checked.map((c) => c.value));
    case 'likert':
      return Object.fromEntries(checked.filter((c) => c.statement !== undefined).map((c) => [c.statement!, c.value]));
    default:
      return controls[0]?.value ?? '';
  }
}

/** What the page tells the payload about itself (data attributes of <main>, document.title, location). */
export type PageFacts = { title: string; pageId: string; collectionId: string; contentSource: string; path: string };

export type SubmissionInput = {
  key: string;
  formId: string;
  /** The block's id. */
  objectName: string;
  submitButtonText: string;
  values: Readonly<Record<string, FieldValue>>;
  /** Present when the form has a captcha container: its solution ('' when none). */
  captchaKey?: string | undefined;
  page: PageFacts;
  /** The invisible field's value: people leave it empty. */
  honeypot: string;
};

/** Seed 000 §3, §7: the SaveFormSubmission fields, form-encoded; captchaKey only with a captcha. */
export function submissionPayload(input: SubmissionInput): Record<string, string> {
  return {
    key: input.key,
    formId: input.formId,
    collectionId: input.page.collectionId,
    objectName: input.objectName,
    isOverlayForm: 'false',
    submitButtonText: input.submitButtonText,
    form: JSON.stringify(input.values),
    ...(input.captchaKey !== undefined ? { captchaKey: input.captchaKey } : {}),
    pageTitle: input.page.title,
    pageId: input.page.pageId,
    contentSource: input.page.contentSource,
    pagePath: input.page.path,
    honeypot: input.honeypot,
  };
}

/** What a failed submission shows: messages above named fields, and one for the form as a whole. */
export type Failure = { fields: Record<string, string>; message?: string };

/**
 * Seed 000 §8: no answer at all is the submit error; a 400 with an errors map marks each named
 * field (a name the form does not show turns into the invalid-fields text); the statuses the seed
 * names get their fixed text; any other shows `data.error`, else the unknown-error text.
 */
export function submissionFailure(status: number, body: { error?: unknown; errors?: unknown }, shownFields: ReadonlySet<string>): Failure {
  if (status === 0) return { fields: {}, message: forms.submitError };
  const errors = status === 400 && typeof body.errors === 'object' && body.errors !== null ? Object.entries(body.errors as Record<string, unknown>) : [];
  const named = errors.filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  if (named.length > 0) {
    const fields = Object.fromEntries(named.filter(([id]) => shownFields.has(id)));
    return Object.keys(fields).length === named.length ? { fields } : { fields, message: forms.invalidFields };
  }
  return { fields: {}, message: formSubmissionErrorText(status, body.error) };
}

/** Seed 000 §5: a hidden field's value from the query parameter its key names, when present. */
export function queryValue(search: string, key: string): string | undefined {
  return new URLSearchParams(search).get(key) ?? undefined;
}

/** Where a success redirect may go: an http(s) address, relative ones resolved; anything else nowhere. */
export function redirectTarget(configured: string | undefined, base: string): string | undefined {
  if (!configured || configured.trim() === '') return undefined;
  try {
    const url = new URL(configured.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
