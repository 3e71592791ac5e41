/**
 * The newsletter sign-up in the browser (seed 000 §1, §5, §8): checks the email address with the
 * form rules, sends it to `POST /api/newsletter/subscribe` (form-encoded, through the data-request
 * client), and shows the success text or the error. The captcha mounts as on forms, when the
 * visitor starts filling the form. The small layout under 320 px is the stylesheet's container query.
 */
import { fieldError } from '../../domain/forms';
import { formSubmissionErrorText } from '../../domain/request-errors';
import { forms } from '../../messages/forms';
import { API_PATHS } from '../../domain/routes';
import { dataRequest, DataRequestError } from '../../ui/data-request';
import { captchaOnFirstUse, honeypotValue, say, setLocked } from '../form/dom';

export default function newsletter(el: HTMLElement): void {
  const formEl = el instanceof HTMLFormElement ? el : el.querySelector<HTMLFormElement>('form.newsletter-form');
  if (!formEl || formEl.dataset.enhanced === 'true') return;
  const form: HTMLFormElement = formEl;
  form.dataset.enhanced = 'true';
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const name = form.querySelector<HTMLInputElement>('input[name="name"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const buttonText = button?.textContent ?? '';
  const emailError = form.querySelector<HTMLElement>('.form-field-error');
  const problem = form.querySelector<HTMLElement>('.form-problem');
  const captcha = captchaOnFirstUse(form);
  let submitting = false;
  let waitingForCaptcha = false;

  captcha?.onSolved(() => {
    if (waitingForCaptcha && button) {
      waitingForCaptcha = false;
      button.disabled = false;
    }
  });

  function showEmailError(text: string | undefined) {
    say(emailError, text);
    if (text) {
      email?.setAttribute('aria-invalid', 'true');
      email?.focus();
    } else email?.removeAttribute('aria-invalid');
  }

  async function submit() {
    showEmailError(undefined);
    say(problem, undefined);
    const address = email?.value.trim() ?? '';
    const invalid = fieldError({ id: 'email', type: 'email', label: 'Email address', required: true }, address, false);
    if (invalid) return showEmailError(invalid);
    const handle = await captcha?.ready();
    const captchaKey = captcha ? (handle?.solution() ?? '') : undefined;
    if (captchaKey === '') return say(problem, forms.captchaIncomplete);

    setLocked(form, true);
    if (button) button.textContent = forms.submitting;
    try {
      await dataRequest({
        url: API_PATHS.NEWSLETTER_SUBSCRIBE,
        method: 'POST',
        data: {
          listId: form.dataset.listId ?? '',
          email: address,
          ...(name && name.value.trim() !== '' ? { name: name.value.trim() } : {}),
          ...(captchaKey !== undefined ? { captchaKey } : {}),
          honeypot: honeypotValue(form),
        },
      });
    } catch (err) {
      setLocked(form, false);
      if (button) button.textContent = buttonText;
      const status = err instanceof DataRequestError ? err.status : 0;
      const body = err instanceof DataRequestError ? err.body : {};
      const forEmail = status === 400 ? body.errors?.email : undefined;
      if (forEmail) showEmailError(forEmail);
      else say(problem, status === 0 ? forms.submitError : formSubmissionErrorText(status, body.error));
      if (handle && button) {
        handle.reset();
        waitingForCaptcha = true;
        button.disabled = true;
      }
      return;
    }
    form.removeAttribute('aria-busy');
    form.querySelector<HTMLElement>('.newsletter-fields')?.setAttribute('hidden', '');
    const success = form.querySelector<HTMLElement>('.newsletter-success');
    if (success) {
      success.hidden = false;
      success.tabIndex = -1;
      success.focus();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submitting) return;
    submitting = true;
    submit().finally(() => {
      submitting = false;
    });
  });
}
