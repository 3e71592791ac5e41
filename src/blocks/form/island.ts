/**
 * The form block in the browser (seed 000 §3, §4, §5, §7, §8), over the server's markup (view.tsx
 * names the contract): fills hidden fields from the query, runs the textarea counter, collects
 * values, validates them with the rules the server runs again, asks for a submission key and
 * submits, then shows success or the seed's failure messages; it also sends the form-render count.
 * Plain DOM code: it loads on every page with a form, so it stays small; the captcha's code loads
 * only once the visitor starts.
 */
import { characterCounter, checkForm, type FieldRules, type FieldValue, type FormFieldType } from '../../domain/forms';
import { forms } from '../../messages/forms';
import { API_PATHS } from '../../domain/routes';
import { dataRequest, DataRequestError } from '../../ui/data-request';
import { formRender } from '../../runtime/api';
import { fieldValue, queryValue, redirectTarget, submissionFailure, submissionPayload, type ControlState, type Failure } from './collect';
import { captchaOnFirstUse, honeypotValue, pageFacts, say, setLocked } from './dom';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const INVALID_CLASS = 'form-field-invalid';
const COUNTER_OVER_CLASS = 'form-counter-error';

function controlsOf(field: HTMLElement): Control[] {
  return field instanceof HTMLInputElement ? [field] : [...field.querySelectorAll<Control>('input, select, textarea')];
}

/** A field's label text, without the required marker. */
function labelOf(field: HTMLElement): string {
  const label = field.querySelector('legend, label');
  if (!label) return field.dataset.fieldId ?? '';
  return [...label.childNodes]
    .filter((n) => !(n instanceof HTMLElement && n.classList.contains('form-required')))
    .map((n) => n.textContent)
    .join('')
    .trim();
}

/** What the shared rules need to know, read back from the markup. */
function rulesOf(field: HTMLElement): FieldRules {
  const type = field.dataset.fieldType as FormFieldType;
  const controls = controlsOf(field);
  let options: string[] | undefined;
  if (type === 'radio' || type === 'checkbox') options = controls.map((c) => c.value);
  else if (type === 'select') options = [...(controls[0] as HTMLSelectElement).options].map((o) => o.value).filter((v) => v !== '');
  else if (type === 'likert') options = [...new Set(controls.map((c) => c.dataset.statement ?? ''))];
  const maxLength = Number(field.querySelector('textarea')?.dataset.maxLength);
  return {
    id: field.dataset.fieldId ?? '',
    type,
    label: labelOf(field),
    required: field.dataset.required === 'true',
    ...(options ? { options } : {}),
    ...(maxLength > 0 ? { maxLength } : {}),
  };
}

function stateOf(control: Control): ControlState {
  const checkable = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
  return {
    value: control.value,
    ...(checkable ? { checked: control.checked } : {}),
    ...(control.dataset.part !== undefined ? { part: Number(control.dataset.part) } : {}),
    ...(control.dataset.statement !== undefined ? { statement: control.dataset.statement } : {}),
  };
}

export default function form(el: HTMLElement): void {
  const root = el instanceof HTMLFormElement ? el : el.querySelector<HTMLFormElement>('form.block-form');
  if (!root || root.dataset.enhanced === 'true') return;
  const formEl: HTMLFormElement = root;
  formEl.dataset.enhanced = 'true';
  // Seed 000 §7: counted once shown (the island wakes near the viewport); failures are ignored.
  formRender(formEl.dataset.formId ?? '');
  const objectName = (el.closest<HTMLElement>('[id^="block-"]')?.id ?? '').replace(/^block-/, '');
  const fields = [...formEl.querySelectorAll<HTMLElement>('[data-field-id]')];
  const button = formEl.querySelector<HTMLButtonElement>('button[type="submit"]');
  const buttonText = button?.textContent ?? '';
  const captcha = captchaOnFirstUse(formEl);
  const at = (selector: string) => formEl.querySelector<HTMLElement>(selector);
  let submitting = false;
  let waitingForCaptcha = false;

  // Seed 000 §5: a hidden field takes its value from a matching query parameter.
  for (const hidden of formEl.querySelectorAll<HTMLInputElement>('input[type="hidden"][data-query-key]')) {
    const fromQuery = queryValue(location.search, hidden.dataset.queryKey ?? '');
    if (fromQuery !== undefined) hidden.value = fromQuery;
  }

  // Seed 000 §5: the live 'length / max' counter, rendered only while the labs flag is on.
  for (const textarea of formEl.querySelectorAll<HTMLTextAreaElement>('textarea[data-max-length]')) {
    const counter = textarea.parentElement?.querySelector<HTMLElement>('.form-counter');
    const max = Number(textarea.dataset.maxLength);
    const update = () => {
      const { text, over } = characterCounter(textarea.value, max);
      if (!counter) return;
      counter.textContent = text;
      counter.classList.toggle(COUNTER_OVER_CLASS, over);
    };
    textarea.addEventListener('input', update);
    update();
  }

  captcha?.onSolved(() => {
    if (waitingForCaptcha && button) {
      waitingForCaptcha = false;
      button.disabled = false;
    }
  });

  function clearErrors() {
    for (const field of fields) {
      field.classList.remove(INVALID_CLASS);
      say(field.querySelector<HTMLElement>('.form-field-error'), undefined);
      for (const c of controlsOf(field)) c.removeAttribute('aria-invalid');
    }
    for (const selector of ['.form-problem-above', '.form-problem-below', '.form-submit-error']) say(at(selector), undefined);
  }

  /** Seed 000 §4, §8: messages above the fields that failed, the form's problem above and below it. */
  function showFailure({ fields: failed, message }: Failure) {
    let first: Control | undefined;
    for (const [id, text] of Object.entries(failed)) {
      const field = fields.find((f) => f.dataset.fieldId === id);
      if (!field) continue;
      field.classList.add(INVALID_CLASS);
      say(field.querySelector<HTMLElement>('.form-field-error'), text);
      for (const c of controlsOf(field)) c.setAttribute('aria-invalid', 'true');
      first ??= controlsOf(field).find((c) => c.type !== 'hidden');
    }
    say(at('.form-problem-above'), forms.problemAbove);
    say(at('.form-problem-below'), forms.problemBelow);
    say(at('.form-submit-error'), message);
    (first ?? (button?.disabled ? undefined : button))?.focus();
  }

  function collect(): Record<string, FieldValue> {
    const values: Record<string, FieldValue> = {};
    for (const field of fields) {
      const value = fieldValue(field.dataset.fieldType as FormFieldType, controlsOf(field).map(stateOf));
      if (value !== undefined) values[field.dataset.fieldId ?? ''] = value;
    }
    return values;
  }

  async function submissionKey(): Promise<string | undefined> {
    try {
      const { data } = await dataRequest<{ key?: unknown }>({ url: API_PATHS.FORM_SUBMISSION_KEY, method: 'POST' });
      return typeof data.key === 'string' && data.key !== '' ? data.key : undefined;
    } catch {
      return undefined;
    }
  }

  function succeed() {
    const target = redirectTarget(formEl.dataset.redirect, location.href);
    if (target) {
      location.assign(target);
      return;
    }
    const success = at('.form-success');
    // Done: nothing is pending any more, so assistive technology reads the success text.
    formEl.removeAttribute('aria-busy');
    for (const child of formEl.children) {
      if (child instanceof HTMLElement && child !== success && !child.classList.contains('form-title')) child.hidden = true;
    }
    if (success) {
      success.hidden = false;
      success.focus();
    }
  }

  /** Seed 000 §4: on failure the form unlocks, the captcha resets and a captcha-bound button waits for it. */
  async function fail(failure: Failure) {
    setLocked(formEl, false);
    if (button) button.textContent = buttonText;
    const handle = await captcha?.ready();
    if (handle && button) {
      handle.reset();
      waitingForCaptcha = true;
      button.disabled = true;
    }
    showFailure(failure);
  }

  async function submit() {
    clearErrors();
    const values = collect();
    const handle = await captcha?.ready();
    const captchaKey = captcha ? (handle?.solution() ?? '') : undefined;
    if (formEl.dataset.validate !== 'false') {
      const { errors } = checkForm(fields.map(rulesOf), values, true);
      if (Object.keys(errors).length > 0 || captchaKey === '') {
        showFailure({ fields: errors, ...(captchaKey === '' ? { message: forms.captchaIncomplete } : {}) });
        return;
      }
    } else if (captchaKey === '') {
      showFailure({ fields: {}, message: forms.captchaIncomplete });
      return;
    }
    setLocked(formEl, true);
    if (button) button.textContent = forms.submitting;
    const key = await submissionKey();
    if (!key) return fail({ fields: {}, message: forms.noSubmissionKey });
    try {
      await dataRequest({
        url: API_PATHS.SAVE_FORM_SUBMISSION,
        method: 'POST',
        data: submissionPayload({
          key,
          formId: formEl.dataset.formId ?? '',
          objectName,
          submitButtonText: buttonText,
          values,
          captchaKey,
          page: pageFacts(),
          honeypot: honeypotValue(formEl),
        }),
      });
    } catch (err) {
      const status = err instanceof DataRequestError ? err.status : 0;
      const body = err instanceof DataRequestError ? err.body : {};
      return fail(submissionFailure(status, body, new Set(fields.map((f) => f.dataset.fieldId ?? ''))));
    }
    succeed();
  }

  formEl.addEventListener('submit', (event) => {
    event.preventDefault();
    // Seed 000 §5: no second submit while one is out.
    if (submitting) return;
    submitting = true;
    submit().finally(() => {
      submitting = false;
    });
  });
}
