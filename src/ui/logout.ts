/**
 * Logging a team member out (seed 000 §4): a guard against a second logout while one is under way,
 * nothing at all when nobody is signed in, `POST /api/auth/Logout`, a `logout` event on window, then
 * the site root — or, from the config area's preview frame, the frame's address — with
 * `logout=true`. A failed logout is only logged to the console.
 */
import { sameOriginPath } from '../domain/redirect-target';
import { API_PATHS, logoutReturnUrl } from '../domain/routes';
import { dataRequest } from './data-request';

export const LOGOUT_EVENT = 'logout';

let loggingOut = false;

export async function logout(opts: { signedIn: boolean; returnTo?: string; navigate?: (url: string) => void }): Promise<void> {
  if (!opts.signedIn || loggingOut) return;
  loggingOut = true;
  try {
    await dataRequest({ url: API_PATHS.LOGOUT, method: 'POST' });
  } catch (err) {
    loggingOut = false;
    console.error('logout failed', err);
    return;
  }
  window.dispatchEvent(new CustomEvent(LOGOUT_EVENT));
  const returnTo = sameOriginPath(opts.returnTo, window.location.origin) ?? '/';
  (opts.navigate ?? ((url: string) => window.location.assign(url)))(logoutReturnUrl(returnTo));
}
