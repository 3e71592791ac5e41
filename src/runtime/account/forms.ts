/**
 * Shared by the customer-account and lock-screen islands: send a server-rendered form through the
 * data-request client, lock it while the call is out, and show the server's message in the
 * form's alert region.
 */
import { dataRequest, DataRequestError, type DataRequestOptions } from '../../ui/data-request';
import { authentication } from '../../messages/authentication';

export const XSRF_STORAGE_KEY = 'op_member_xsrf';
export const XSRF_HEADER = 'X-SiteUser-Xsrf-Token';

export function showMessage(form: HTMLFormElement, text: string, kind: 'error' | 'info' = 'error'): void {
  const region = form.querySelector<HTMLElement>('.form-message');
  if (!region) return;
  region.textContent = text;
  region.dataset.kind = kind;
}

/** The customer's xsrf token, kept for the browser session (seed 001 §7: stored, then sent as a header). */
export function storeXsrf(token: string | undefined): void {
  if (!token) return;
  try {
    sessionStorage.setItem(XSRF_STORAGE_KEY, token);
  } catch {
    /* storage refused: the account page asks the server for a new token when it needs one */
  }
}

export function storedXsrf(): string | undefined {
  try {
    return sessionStorage.getItem(XSRF_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Sends the call while the form is locked; answers the data, or shows the error and answers undefined. */
export async function submitForm<T>(form: HTMLFormElement, request: DataRequestOptions): Promise<T | undefined> {
  if (form.dataset.busy === 'true') return undefined;
  form.dataset.busy = 'true';
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  if (button) button.disabled = true;
  showMessage(form, '', 'info');
  try {
    const { data } = await dataRequest<T>(request);
    return data;
  } catch (err) {
    showMessage(
      form,
      err instanceof DataRequestError
        ? err.body.errors
          ? Object.values(err.body.errors).join(' ')
          : (err.body.error ?? err.message)
        : authentication.tryAgain,
    );
    return undefined;
  } finally {
    form.dataset.busy = 'false';
    if (button) button.disabled = false;
  }
}

export const field = (form: HTMLFormElement, name: string): string => {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement ? (el.type === 'checkbox' ? String(el.checked) : el.value) : '';
};
