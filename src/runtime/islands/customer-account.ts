/**
 * The customer account pages' forms (seed 001 §3, §7): sign in (`POST
 * /api/site-users/account/session`, whose xsrfToken is kept and sent back as a header), sign up,
 * confirm the email address, forgotten and new password, the name on the account, and sign out
 * (`DELETE /api/site-users/account/session`; the data-request client retries once on crumbFail).
 */
import { sameOriginPath } from '../../domain/redirect-target';
import { API_PATHS } from '../../domain/routes';
import { field, showMessage, storedXsrf, storeXsrf, submitForm, XSRF_HEADER, XSRF_STORAGE_KEY } from '../account/forms';
import { dataRequest } from '../data-request';

type Session = { xsrfToken?: string };

const go = (path: string | undefined) => window.location.assign(sameOriginPath(path, window.location.origin) ?? '/account');

async function xsrf(): Promise<string | undefined> {
  const known = storedXsrf();
  if (known) return known;
  try {
    const { data } = await dataRequest<Session>({ url: '/api/site-users/account' });
    storeXsrf(data.xsrfToken);
  } catch {
    /* not signed in any more: the call below answers that */
  }
  return storedXsrf();
}

const handlers: Record<string, (form: HTMLFormElement) => Promise<void>> = {
  async login(form) {
    const data = await submitForm<Session>(form, {
      url: API_PATHS.SITE_USER_SESSION,
      method: 'POST',
      json: true,
      data: { email: field(form, 'email'), password: field(form, 'password'), rememberMe: field(form, 'rememberMe') === 'true' },
    });
    if (!data) return;
    storeXsrf(data.xsrfToken);
    go(form.dataset.returnTo);
  },
  async signup(form) {
    const data = await submitForm<{ message: string }>(form, {
      url: '/api/site-users/account',
      method: 'POST',
      json: true,
      data: { email: field(form, 'email'), password: field(form, 'password'), ...(field(form, 'displayName') ? { displayName: field(form, 'displayName') } : {}) },
    });
    if (data) {
      form.reset();
      showMessage(form, data.message, 'info');
    }
  },
  async verify(form) {
    const data = await submitForm<Session>(form, { url: '/api/site-users/account/verify', method: 'POST', json: true, data: { token: form.dataset.token ?? '' } });
    if (!data) return;
    storeXsrf(data.xsrfToken);
    go('/account');
  },
  async forgot(form) {
    const data = await submitForm<{ message: string }>(form, { url: '/api/site-users/account/password-reset', method: 'POST', json: true, data: { email: field(form, 'email') } });
    if (data) showMessage(form, data.message, 'info');
  },
  async reset(form) {
    const data = await submitForm(form, {
      url: '/api/site-users/account/password-reset/complete',
      method: 'POST',
      json: true,
      data: { token: form.dataset.token ?? '', password: field(form, 'password') },
    });
    if (data) window.location.assign('/account/login?reset=done');
  },
  async profile(form) {
    const token = await xsrf();
    const data = await submitForm(form, {
      url: '/api/site-users/account',
      method: 'PUT',
      json: true,
      data: { displayName: field(form, 'displayName') },
      headers: token ? { [XSRF_HEADER]: token } : {},
    });
    if (data) showMessage(form, 'Saved.', 'info');
  },
  async logout(form) {
    const data = await submitForm(form, { url: `${API_PATHS.SITE_USER_SESSION}?cloneCart=false`, method: 'DELETE' });
    if (!data) return;
    try {
      sessionStorage.removeItem(XSRF_STORAGE_KEY);
    } catch {
      /* nothing stored */
    }
    go('/');
  },
};

export default function customerAccount(): void {
  if (new URLSearchParams(window.location.search).get('reset') === 'done') {
    const form = document.querySelector<HTMLFormElement>('form[data-account-form="login"]');
    if (form) showMessage(form, 'Your new password is saved. Sign in with it.', 'info');
  }
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-account-form]')) {
    const handle = handlers[form.dataset.accountForm ?? ''];
    if (!handle) continue;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void handle(form);
    });
  }
}
