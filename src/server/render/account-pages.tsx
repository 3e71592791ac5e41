/**
 * The customer account pages every published site has (seed 001 §3 site users): sign in, sign up,
 * confirm the email address, forgotten and new password, and the account itself: the customer's
 * orders (each linked to its page), its name, changing the password, and where it is signed in (the island fills the list from the sessions call, since
 * only the browser's own calls know which session is this device). Forms are plain HTML with
 * labels; the `customer-account` island sends them through the data-request client. New-password
 * fields carry the shared rule's hint (src/domain/passwords.ts).
 * Opening an emailed link shows a button rather than acting at once, so a mail scanner that
 * fetches the link changes nothing.
 */
import type { ReactNode } from 'react';
import { CHECKOUT_PATHS } from '../../domain/checkout/paths';
import { formatPrice, isCurrencyCode, type MoneyFormat } from '../../domain/commerce';
import { orderStatusWords } from '../../domain/order-status-words';
import { PAGE_TYPES } from '../../domain/page-types';
import { PASSWORD_HINT } from '../../domain/passwords';
import { sameOriginPath } from '../../domain/redirect-target';
import { ACCOUNT_PATHS } from '../../domain/routes';
import type { CustomerOrder } from '../../contracts/customers';
import type { SiteUser } from '../modules/accounts';
import type { SiteContentSource } from '../modules/content';
import type { WebsiteRow } from '../modules/sites';
import { siteSettings } from '../modules/sites';
import type { ClientAssets } from './assets';
import { renderPage } from './page';
import { renderContext, shell, type SiteResponse, type SystemPageInfo } from './site-page';
import { authentication } from '../../messages/authentication';
import { customers } from '../../messages/customers';
import { format } from '../../messages/format';
import { memberPages } from '../../messages/member-pages';
import { orderEmails } from '../../messages/order-emails';
import { ordersScreens } from '../../messages/orders-screens';
import { paymentsScreens } from '../../messages/payments-screens';

type Info = SystemPageInfo;

/** Only a path on this site may be a place to return to (the one same-origin check). */
export function safeReturnTo(raw: string | null, origin: string): string {
  return sameOriginPath(raw, origin) ?? ACCOUNT_PATHS.HOME;
}

function Field({
  id,
  label,
  type,
  autoComplete,
  hint,
  required = true,
}: {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
  required?: boolean;
}) {
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id.replace(/^account-/, '')}
        type={type}
        autoComplete={autoComplete}
        required={required}
        {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
      />
      {hint ? (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
    </p>
  );
}

function AccountForm({
  kind,
  submit,
  returnTo,
  token,
  label,
  secondary = false,
  children,
}: {
  kind: string;
  submit: string;
  returnTo?: string;
  token?: string;
  label?: string;
  secondary?: boolean;
  children?: ReactNode;
}) {
  return (
    <form
      className="account-form"
      method="post"
      data-account-form={kind}
      {...(label ? { 'aria-labelledby': label } : {})}
      {...(returnTo ? { 'data-return-to': returnTo } : {})}
      {...(token ? { 'data-token': token } : {})}
      noValidate
    >
      {children}
      <p className="form-message" role="alert" />
      <button className={`button ${secondary ? 'button-secondary' : 'button-primary'} button-medium`} type="submit">
        {submit}
      </button>
    </form>
  );
}

const passwordHint = PASSWORD_HINT;

/** The query parameter of the account page naming where its list of orders goes on from (the next page's `before`). */
export const ORDERS_BEFORE_QUERY = 'ordersBefore';

/** The signed-in customer's orders, a page of them, each with the token its page opens with, and how the site writes money and dates. */
export type AccountOrders = {
  orders: readonly (CustomerOrder & { token: string })[];
  next: number | null;
  money: MoneyFormat;
  timeZone: string;
};

function orderDate(iso: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
  }
}

/** "Your orders": each order's number (a link to its page), date, state in words and total; newest first, a page at a time. */
function YourOrders({ view }: { view: AccountOrders }) {
  const money = (minor: number, code: string) => (isCurrencyCode(code) ? formatPrice({ currency: code, minor }, view.money) : String(minor));
  return (
    <section className="account-section" aria-labelledby="account-orders-title">
      <h2 id="account-orders-title">{customers.yourOrders}</h2>
      {view.orders.length === 0 ? (
        <p className="account-section-intro">{customers.youHaveNoOrders}</p>
      ) : (
        <>
          <p className="account-section-intro">{customers.yourOrdersIntro}</p>
          <ul className="account-orders" aria-labelledby="account-orders-title">
            {view.orders.map((o) => (
              <li key={o.id}>
                <span className="account-order-what">
                  <a href={CHECKOUT_PATHS.orderStatus(o.token)}>{format(orderEmails.orderNumber, { number: String(o.number) })}</a>
                  <time dateTime={new Date(o.createdAt).toISOString()}>
                    {format(ordersScreens.placedOn, { date: orderDate(o.createdAt, view.money.locale, view.timeZone) })}
                  </time>
                </span>
                <span className="account-order-state">
                  {orderStatusWords(o).join(' · ')}
                  {o.testMode ? (
                    <>
                      {' '}
                      <span className="account-order-test">{paymentsScreens.testOrder}</span>
                    </>
                  ) : null}
                </span>
                <span className="account-order-total">{money(o.totalCents, o.currency)}</span>
              </li>
            ))}
          </ul>
          {view.next !== null ? (
            <p className="account-links">
              <a href={`${ACCOUNT_PATHS.HOME}?${ORDERS_BEFORE_QUERY}=${view.next}`}>{ordersScreens.olderOrders}</a>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function content(
  path: string,
  query: URLSearchParams,
  origin: string,
  member: SiteUser | undefined,
  siteTitle: string,
  orders: AccountOrders | undefined,
): { title: string; body: ReactNode } | undefined {
  const returnTo = safeReturnTo(query.get('returnTo'), origin);
  const token = query.get('token') ?? '';
  switch (path) {
    case ACCOUNT_PATHS.LOGIN:
      return {
        title: memberPages.signIn,
        body: (
          <AccountForm kind="login" submit={memberPages.signIn} returnTo={returnTo}>
            <Field id="account-email" label={memberPages.email} type="email" autoComplete="email" />
            <Field id="account-password" label={memberPages.password} type="password" autoComplete="current-password" />
            <p className="field field-check">
              <input id="account-remember" name="rememberMe" type="checkbox" />
              <label htmlFor="account-remember">{memberPages.keepSignedIn}</label>
            </p>
            <p className="account-links">
              <a href={ACCOUNT_PATHS.FORGOT}>{authentication.forgotPassword}</a> ·{' '}
              <a href={`${ACCOUNT_PATHS.SIGNUP}?returnTo=${encodeURIComponent(returnTo)}`}>{authentication.createAccount}</a>
            </p>
          </AccountForm>
        ),
      };
    case ACCOUNT_PATHS.SIGNUP:
      return {
        title: authentication.createAccount,
        body: (
          <AccountForm kind="signup" submit={memberPages.createAccountButton}>
            <Field id="account-displayName" label={memberPages.name} type="text" autoComplete="name" required={false} />
            <Field id="account-email" label={memberPages.email} type="email" autoComplete="email" />
            <Field id="account-password" label={memberPages.password} type="password" autoComplete="new-password" hint={passwordHint} />
            <p className="account-links">
              {`${memberPages.haveAccount} `}
              <a href={`${ACCOUNT_PATHS.LOGIN}?returnTo=${encodeURIComponent(returnTo)}`}>{memberPages.signIn}</a>
            </p>
          </AccountForm>
        ),
      };
    case ACCOUNT_PATHS.VERIFY:
      return {
        title: memberPages.confirmEmailTitle,
        body: (
          <AccountForm kind="verify" submit={memberPages.confirmEmailButton} token={token}>
            <p>Confirm this email address to finish creating your account on {siteTitle}.</p>
          </AccountForm>
        ),
      };
    case ACCOUNT_PATHS.FORGOT:
      return {
        title: authentication.forgotPassword,
        body: (
          <AccountForm kind="forgot" submit={memberPages.emailMeLink}>
            <p>{memberPages.forgotText}</p>
            <Field id="account-email" label={memberPages.email} type="email" autoComplete="email" />
          </AccountForm>
        ),
      };
    case ACCOUNT_PATHS.RESET:
      return {
        title: authentication.chooseNewPasswordTitle,
        body: (
          <AccountForm kind="reset" submit={memberPages.savePassword} token={token}>
            <Field id="account-password" label={memberPages.newPassword} type="password" autoComplete="new-password" hint={passwordHint} />
          </AccountForm>
        ),
      };
    case ACCOUNT_PATHS.HOME:
      if (!member) return undefined;
      return {
        title: memberPages.yourAccount,
        body: (
          <>
            <p>
              {`${authentication.signedInAs} `}
              <strong>{member.email}</strong>.
            </p>
            {orders ? <YourOrders view={orders} /> : null}
            <section className="account-section" aria-labelledby="account-details-title">
              <h2 id="account-details-title">{memberPages.yourDetails}</h2>
              <AccountForm kind="profile" submit={memberPages.save}>
                <p className="field">
                  <label htmlFor="account-displayName">{memberPages.name}</label>
                  <input id="account-displayName" name="displayName" type="text" autoComplete="name" defaultValue={member.displayName ?? ''} />
                </p>
              </AccountForm>
            </section>
            <section className="account-section" aria-labelledby="account-password-title">
              <h2 id="account-password-title">{memberPages.changePasswordTitle}</h2>
              <AccountForm kind="password" submit={memberPages.changePasswordButton} label="account-password-title">
                {/* The email lets password managers file the new password under the right account. */}
                <input type="hidden" name="username" autoComplete="username" defaultValue={member.email} />
                <Field id="account-currentPassword" label={memberPages.currentPassword} type="password" autoComplete="current-password" />
                <Field id="account-newPassword" label={memberPages.newPassword} type="password" autoComplete="new-password" hint={passwordHint} />
              </AccountForm>
            </section>
            <section className="account-section" aria-labelledby="account-sessions-title">
              <h2 id="account-sessions-title">{authentication.sessionsTitle}</h2>
              <p className="account-section-intro">{authentication.sessionsHint}</p>
              <ul className="session-list" data-account-sessions aria-labelledby="account-sessions-title" aria-busy="true">
                <li className="session-loading">{memberPages.loadingSessions}</li>
              </ul>
              <p className="session-message" role="status" data-sessions-message />
              <AccountForm kind="end-others" submit={authentication.signOutOthers} secondary />
            </section>
            <section className="account-section" aria-label={memberPages.signOut}>
              <AccountForm kind="logout" submit={memberPages.signOut} secondary />
            </section>
          </>
        ),
      };
    default:
      return undefined;
  }
}

/** Answers an /account address, or undefined for one that is not an account page. */
export async function renderAccountPage(
  source: SiteContentSource,
  site: WebsiteRow,
  info: Info,
  assets: ClientAssets,
  member: SiteUser | undefined,
  orders?: AccountOrders,
): Promise<SiteResponse | undefined> {
  const settings = siteSettings(site);
  if (info.path === ACCOUNT_PATHS.HOME && !member)
    return { kind: 'redirect', location: `${ACCOUNT_PATHS.LOGIN}?returnTo=${encodeURIComponent(ACCOUNT_PATHS.HOME)}` };
  if (info.path === ACCOUNT_PATHS.LOGIN && member) return { kind: 'redirect', location: safeReturnTo(info.query.get('returnTo'), info.origin) };
  const page = content(info.path, info.query, info.origin, member, settings.title, orders);
  if (!page) return undefined;
  return {
    kind: 'page',
    status: 200,
    personal: true,
    page: renderPage({
      site: shell(site, info.host, info.shopPath),
      currentPath: info.path,
      ctx: renderContext(await source.read(site.id, info.path), info.host),
      assets,
      pageType: PAGE_TYPES.PAGE,
      sections: [],
      head: { title: `${page.title} — ${settings.title}`, url: `${info.origin}${info.path}`, noindex: true },
      pageIslands: [...(info.pageIslands ?? []), { name: 'customer-account' }],
      visitor: info.visitor,
      before: (
        <div className="system-message account-page">
          <h1>{page.title}</h1>
          {page.body}
        </div>
      ),
    }),
  };
}
