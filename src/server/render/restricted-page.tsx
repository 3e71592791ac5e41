/**
 * The pages a visitor sees in place of a page that is not public to them: the lock screen that asks
 * for its password, and the member area's access-denied page.
 */
import { PAGE_TYPES } from '../../domain/page-types';
import { ACCOUNT_PATHS } from '../../domain/routes';
import { authentication } from '../../messages/authentication';
import { format } from '../../messages/format';
import { memberPages } from '../../messages/member-pages';
import { systemPages } from '../../messages/system-pages';
import type { PublishedPage } from '../modules/content';
import { renderPage, type RenderedPage } from './page';

/**
 * A page the visitor may not see yet: the lock screen (103) asks for the page's password; the
 * member area's access-denied page (106) offers sign-in and sign-up. Both answer 403 and are not
 * for search engines.
 */
export function restrictedPage(
  base: Omit<Parameters<typeof renderPage>[0], 'pageType' | 'sections' | 'head'>,
  siteTitle: string,
  url: string,
  page: Pick<PublishedPage, 'id' | 'title' | 'path'>,
  decision: 'locked' | 'denied',
): { kind: 'page'; status: number; page: RenderedPage } {
  const returnTo = encodeURIComponent(page.path ?? '/');
  if (decision === 'locked') {
    return {
      kind: 'page',
      status: 403,
      page: renderPage({
        ...base,
        pageType: PAGE_TYPES.LOCK_SCREEN,
        sections: [],
        head: { title: `${page.title} — ${siteTitle}`, url, noindex: true },
        pageIslands: [...(base.pageIslands ?? []), { name: 'lock-screen' }],
        before: (
          <div className="system-message lock-screen">
            <h1>{page.title}</h1>
            <p>{systemPages.passwordProtected}</p>
            <form className="account-form" data-lock-page={page.id} noValidate>
              <p className="field">
                <label htmlFor="lock-password">{memberPages.password}</label>
                <input id="lock-password" name="password" type="password" autoComplete="current-password" required />
              </p>
              <p className="form-message" role="alert" />
              <button className="button button-primary button-medium" type="submit">
                {systemPages.unlock}
              </button>
            </form>
          </div>
        ),
      }),
    };
  }
  return {
    kind: 'page',
    status: 403,
    page: renderPage({
      ...base,
      pageType: PAGE_TYPES.MEMBER_AREA_ACCESS_DENIED,
      sections: [],
      head: { title: format(systemPages.membersOnlyTitle, { site: siteTitle }), url, noindex: true },
      before: (
        <div className="system-message">
          <h1>{systemPages.membersOnly}</h1>
          <p>
            “{page.title}” is for signed-in members of {siteTitle}.
          </p>
          <p className="system-actions">
            <a className="button button-primary button-medium" href={`${ACCOUNT_PATHS.LOGIN}?returnTo=${returnTo}`}>
              {memberPages.signIn}
            </a>{' '}
            <a className="button button-secondary button-medium" href={`${ACCOUNT_PATHS.SIGNUP}?returnTo=${returnTo}`}>
              {authentication.createAccount}
            </a>
          </p>
        </div>
      ),
    }),
  };
}
