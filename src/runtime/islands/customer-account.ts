/**
 * The customer account pages' forms (seed 001 §3, §7): sign in (`POST
 * /api/site-users/account/session`, whose xsrfToken is kept and sent back as a header), sign up,
 * confirm the email address, forgotten and new password, the name on the account, changing the
 * password, the list of where the account is signed in (each session with its own 'Sign out', and
 * 'Sign out everywhere else'), and sign out (`DELETE /api/site-users/account/session`; the
 * data-request client retries once on crumbFail). New passwords are checked against the shared
 * rule before they are sent; the server adds the list of common passwords.
 */
import { passwordProblem, passwordProblemText } from '../../domain/passwords';
import { sameOriginPath } from '../../domain/redirect-target';
import { API_PATHS } from '../../domain/routes';
import { field, showMessage, storedXsrf, storeXsrf, submitForm, XSRF_HEADER, XSRF_STORAGE_KEY } from '../account/forms';
import { dataRequest, DataRequestError } from '../../ui/data-request';
import { passwords } from '../../messages/passwords';
import { authentication } from '../../messages/authentication';
import { format } from '../../messages/format';
import { members } from '../../messages/members';

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

/** The shared rule's message for a new password in this form's field, shown at once; true when there is one. */
function refusedNewPassword(form: HTMLFormElement, name: string): boolean {
  const problem = passwordProblem(field(form, name), { email: field(form, 'email') || field(form, 'username') });
  if (!problem) return false;
  showMessage(form, passwordProblemText(problem));
  form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  return true;
}

type Listed = { id: string; browser: string; system: string; signedInAt: string; lastSeenAt: string; current: boolean };

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function sessionsMessage(text: string): void {
  const region = document.querySelector<HTMLElement>('[data-sessions-message]');
  if (region) region.textContent = text;
}

/** Fills the list of the account's sessions: this device first, each other one with its own 'Sign out'. */
async function showSessions(): Promise<void> {
  const list = document.querySelector<HTMLUListElement>('[data-account-sessions]');
  if (!list) return;
  let sessions: Listed[];
  try {
    sessions = (await dataRequest<{ sessions: Listed[] }>({ url: '/api/site-users/account/sessions' })).data.sessions;
  } catch {
    list.setAttribute('aria-busy', 'false');
    sessionsMessage(members.sessionsUnavailable);
    return;
  }
  list.replaceChildren(
    ...sessions.map((session) => {
      const item = document.createElement('li');
      const what = document.createElement('span');
      what.className = 'session-what';
      const name = document.createElement('span');
      name.className = 'session-name';
      name.textContent = `${session.browser} on ${session.system}`;
      if (session.current) {
        const mark = document.createElement('span');
        mark.className = 'session-this';
        mark.textContent = 'This device';
        name.append(mark);
      }
      const times = document.createElement('span');
      times.className = 'session-when';
      times.textContent = format(members.sessionTimes, {
        signedIn: when(session.signedInAt),
        current: session.current ? 'yes' : 'no',
        lastActive: when(session.lastSeenAt),
      });
      what.append(name, times);
      item.append(what);
      if (!session.current) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'button button-secondary button-small';
        button.textContent = 'Sign out';
        button.setAttribute(
          'aria-label',
          format(authentication.signOutSession, { browser: session.browser, system: session.system, when: when(session.signedInAt) }),
        );
        button.addEventListener('click', () => void endSession(session, button));
        item.append(button);
      }
      return item;
    }),
  );
  list.setAttribute('aria-busy', 'false');
}

async function endSession(session: Listed, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  const token = await xsrf();
  try {
    await dataRequest({
      url: `/api/site-users/account/sessions/${encodeURIComponent(session.id)}`,
      method: 'DELETE',
      headers: token ? { [XSRF_HEADER]: token } : {},
    });
    sessionsMessage(format(authentication.signedOutSession, { browser: session.browser, system: session.system }));
  } catch (err) {
    button.disabled = false;
    sessionsMessage(err instanceof DataRequestError ? (err.body.error ?? err.message) : authentication.tryAgain);
    return;
  }
  await showSessions();
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
    if (refusedNewPassword(form, 'password')) return;
    const data = await submitForm<{ message: string }>(form, {
      url: '/api/site-users/account',
      method: 'POST',
      json: true,
      data: {
        email: field(form, 'email'),
        password: field(form, 'password'),
        ...(field(form, 'displayName') ? { displayName: field(form, 'displayName') } : {}),
      },
    });
    if (data) {
      form.reset();
      showMessage(form, data.message, 'info');
    }
  },
  async verify(form) {
    const data = await submitForm<Session>(form, {
      url: '/api/site-users/account/verify',
      method: 'POST',
      json: true,
      data: { token: form.dataset.token ?? '' },
    });
    if (!data) return;
    storeXsrf(data.xsrfToken);
    go('/account');
  },
  async forgot(form) {
    const data = await submitForm<{ message: string }>(form, {
      url: '/api/site-users/account/password-reset',
      method: 'POST',
      json: true,
      data: { email: field(form, 'email') },
    });
    if (data) showMessage(form, data.message, 'info');
  },
  async reset(form) {
    if (refusedNewPassword(form, 'password')) return;
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
  async password(form) {
    if (!field(form, 'currentPassword')) {
      showMessage(form, passwords.enterCurrent);
      return;
    }
    if (refusedNewPassword(form, 'newPassword')) return;
    const token = await xsrf();
    const data = await submitForm(form, {
      url: '/api/site-users/account/password',
      method: 'PUT',
      json: true,
      data: { currentPassword: field(form, 'currentPassword'), newPassword: field(form, 'newPassword') },
      headers: token ? { [XSRF_HEADER]: token } : {},
    });
    if (!data) return;
    form.reset();
    showMessage(form, passwords.changed, 'info');
    await showSessions();
  },
  async 'end-others'(form) {
    const token = await xsrf();
    const data = await submitForm<{ ended: number }>(form, {
      url: '/api/site-users/account/sessions/end-others',
      method: 'POST',
      json: true,
      data: {},
      headers: token ? { [XSRF_HEADER]: token } : {},
    });
    if (!data) return;
    showMessage(form, format(members.signedOutOthers, { count: data.ended }), 'info');
    await showSessions();
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
    if (form) showMessage(form, members.newPasswordSaved, 'info');
  }
  void showSessions();
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-account-form]')) {
    const handle = handlers[form.dataset.accountForm ?? ''];
    if (!handle) continue;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void handle(form);
    });
  }
}
