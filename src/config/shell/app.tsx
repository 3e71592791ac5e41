/**
 * The config area: sign-in, then the shell for the site this address names: navigation showing
 * only the areas the signed-in role may use, the live preview of the published site in a frame
 * that follows `frameUrl` (seed 000 §2), and the screens for settings, pages, forms, analytics,
 * team, activity and moving the site, and the visual editor, opened from Pages (`/config/pages/{id}`).
 */
import { editorAddress, editorTargetAt, type EditorTarget } from '../editor/target';
import { useCallback, useEffect, useState } from 'react';
import { meAnswer, type Me } from '../../contracts/auth';
import { canAccess, type ConfigArea } from '../../domain/permissions';
import { sameOriginPath } from '../../domain/redirect-target';
import { TEAM_ROLES, teamRoleLabel } from '../../domain/roles';
import { logout } from '../../ui/logout';
import { call, ApiError } from '../shared/api';
import { AcceptInvitation, ResetPassword } from '../sign-in/email-link-screens';
import { useLabsScreens } from '../settings/labs-screen';
import { NAV_GROUPS, SCREEN_ADDRESSES, screenAt, type ScreenId } from './screens';
import { Login } from '../sign-in/sign-in-screen';
import { errorText } from '../shared/ui';
import { lazyScreen } from './lazy-screen';
import { toFulfilBadge, useOrdersToFulfil } from './orders-badge';
import { configArea } from '../../messages/config-area';
import { blog as blogMessages } from '../../messages/blog';
import { navigation as navigationMessages } from '../../messages/navigation';
import { filesScreen as filesMessages } from '../../messages/files-screen';
import { pricingScreens } from '../../messages/pricing-screens';
import { paymentsScreens } from '../../messages/payments-screens';
import { customers as customersMessages } from '../../messages/customers';

/**
 * Every screen loads when first opened (src/config/shell/lazy-screen.tsx): the visual editor (Tiptap, the
 * canvas, drag and drop), Navigation (its trees and link pickers), Analytics (its chart library)
 * and each of the others, so opening the config area loads only its shell.
 */
const EditorScreen = lazyScreen(() => import('../editor/editor-screen').then((m) => m.EditorScreen), configArea.loadingEditor);
const NavigationScreen = lazyScreen(() => import('../navigation/navigation-screen').then((m) => m.NavigationScreen), navigationMessages.loading);
const BlogScreen = lazyScreen(() => import('../blog/blog-screen').then((m) => m.BlogScreen), blogMessages.loading);
const FilesScreen = lazyScreen(() => import('../files/files-screen').then((m) => m.FilesScreen), filesMessages.loading);
const AnalyticsScreen = lazyScreen(() => import('../analytics/analytics-screen').then((m) => m.AnalyticsScreen), configArea.loadingAnalytics);
const LiveEvents = lazyScreen(() => import('../analytics/live-events').then((m) => m.LiveEvents));
const AccountScreen = lazyScreen(() => import('../team/account-screen').then((m) => m.AccountScreen));
const ActivityScreen = lazyScreen(() => import('../team/activity-screen').then((m) => m.ActivityScreen));
const CaptchaScreen = lazyScreen(() => import('../settings/captcha-screen').then((m) => m.CaptchaScreen));
const CookieBannerScreen = lazyScreen(() => import('../settings/cookie-banner-screen').then((m) => m.CookieBannerScreen));
const DesignScreen = lazyScreen(() => import('../design/design-screen').then((m) => m.DesignScreen));
const FormsScreen = lazyScreen(() => import('../forms/forms-screen').then((m) => m.FormsScreen));
const JobsScreen = lazyScreen(() => import('../settings/jobs-screen').then((m) => m.JobsScreen));
const NewSiteEntry = lazyScreen(() => import('../team/new-site-screen').then((m) => m.NewSiteEntry));
const PagesScreen = lazyScreen(() => import('../pages/pages-screen').then((m) => m.PagesScreen));
const SettingsScreen = lazyScreen(() => import('../settings/settings-screen').then((m) => m.SettingsScreen));
const SmtpScreen = lazyScreen(() => import('../settings/smtp-screen').then((m) => m.SmtpScreen));
const TeamScreen = lazyScreen(() => import('../team/team-screen').then((m) => m.TeamScreen));
const StoreScreens = {
  products: lazyScreen(() => import('../store/products-screen').then((m) => m.ProductsScreen)),
  inventory: lazyScreen(() => import('../store/inventory-screen').then((m) => m.InventoryScreen)),
  categories: lazyScreen(() => import('../store/categories-screen').then((m) => m.CategoriesScreen)),
  settings: lazyScreen(() => import('../store/store-settings-screen').then((m) => m.StoreSettingsScreen)),
  coupons: lazyScreen(() => import('../store/coupons-screen').then((m) => m.CouponsScreen), pricingScreens.loading),
  shipping: lazyScreen(() => import('../store/shipping-screen').then((m) => m.ShippingScreen), pricingScreens.loading),
  taxes: lazyScreen(() => import('../store/taxes-screen').then((m) => m.TaxesScreen), pricingScreens.loading),
  payments: lazyScreen(() => import('../store/payments-screen').then((m) => m.PaymentsScreen), paymentsScreens.loading),
  orders: lazyScreen(() => import('../store/orders-screen').then((m) => m.OrdersScreen), paymentsScreens.loading),
  customers: lazyScreen(() => import('../store/customers-screen').then((m) => m.CustomersScreen), customersMessages.loading),
};
const TransferScreen = lazyScreen(() => import('../settings/transfer-screen').then((m) => m.TransferScreen));

/** `/config/pages/{id}` or `/config/posts/{id}`: what is open in the editor, so a reload comes back to it. */
function editorTargetFromAddress(): EditorTarget | undefined {
  return editorTargetAt(window.location.pathname);
}

function AnalyticsArea({ me }: { me: Me }) {
  return (
    <>
      <AnalyticsScreen />
      {/* Only an admin's pages mirror their events (seed 000 §6), so only an admin sees them live. */}
      {me.role === TEAM_ROLES.ADMIN ? <LiveEvents /> : null}
    </>
  );
}

/** The site picker: the account's other sites, each a link to its own config area. */
function SitePicker({ me }: { me: Me }) {
  const others = me.sites.filter((s) => s.identifier !== me.site.identifier);
  if (others.length === 0) return null;
  return (
    <nav className="site-picker" aria-label="Your sites">
      <p>{me.role === null ? 'Choose one of your sites:' : 'Your other sites:'}</p>
      <ul>
        {others.map((s) => (
          <li key={s.identifier}>
            <a href={s.configUrl}>{s.title}</a> {s.role !== null ? <span className="role-badge">{teamRoleLabel(s.role)}</span> : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Screens of a config area (src/domain/permissions), drawn by the one component each. */
const SCREENS: Partial<Record<ScreenId, (props: { me: Me; onEdit: (target: EditorTarget) => void }) => React.ReactNode>> = {
  pages: ({ me, onEdit }) => (
    <PagesScreen
      onEdit={(id) => onEdit({ kind: 'page', id })}
      writable={me.role !== null && canAccess(me.role, 'pages', 'write')}
      menuWritable={me.role !== null && canAccess(me.role, 'design', 'write')}
    />
  ),
  blog: ({ me, onEdit }) => <BlogScreen writable={me.role !== null && canAccess(me.role, 'pages', 'write')} onEdit={onEdit} />,
  files: ({ me }) => <FilesScreen writable={me.role !== null && canAccess(me.role, 'pages', 'write')} />,
  design: DesignScreen,
  navigation: NavigationScreen,
  forms: FormsScreen,
  analytics: AnalyticsArea,
  settings: SettingsScreen,
  captcha: CaptchaScreen,
  'cookie-banner': CookieBannerScreen,
  mail: SmtpScreen,
  team: TeamScreen,
  activity: ActivityScreen,
  transfer: TransferScreen,
  system: JobsScreen,
  'store-products': ({ me }) => <StoreScreens.products writable={canWrite(me, 'commerce-inventory')} />,
  'store-inventory': ({ me }) => <StoreScreens.inventory writable={canWrite(me, 'commerce-inventory')} />,
  'store-categories': ({ me }) => <StoreScreens.categories writable={canWrite(me, 'commerce-inventory')} />,
  'store-settings': ({ me }) => <StoreScreens.settings writable={canWrite(me, 'commerce-payments')} />,
  'store-coupons': ({ me }) => <StoreScreens.coupons writable={canWrite(me, 'commerce-coupons')} />,
  'store-shipping': ({ me }) => <StoreScreens.shipping writable={canWrite(me, 'commerce-shipping')} />,
  'store-taxes': ({ me }) => <StoreScreens.taxes writable={canWrite(me, 'commerce-taxes')} />,
  'store-payments': ({ me }) => <StoreScreens.payments writable={canWrite(me, 'commerce-payments')} />,
  'store-orders': ({ me }) => <StoreScreens.orders writable={canWrite(me, 'commerce-orders')} />,
  'store-customers': () => <StoreScreens.customers />,
};

const canWrite = (me: Me, area: ConfigArea) => me.role !== null && canAccess(me.role, area, 'write');

/**
 * A sidebar entry: a link to the screen's address, opened in place (a click with a modifier key,
 * or the middle button, opens it in a new tab as any link would).
 */
function NavLink({
  id,
  label,
  current,
  onOpen,
  className,
  badge,
}: {
  id: ScreenId;
  label: string;
  current: ScreenId;
  onOpen: (id: ScreenId) => void;
  className?: string;
  /** A count shown beside the label, the link's accessible name saying what it counts. */
  badge?: { count: number; name: string } | undefined;
}) {
  return (
    <a
      className={className}
      href={SCREEN_ADDRESSES[id]}
      aria-current={current === id ? 'page' : undefined}
      aria-label={badge?.name}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onOpen(id);
      }}
    >
      {label}
      {/* A space between the label and the count, so the visible text reads as the start of the link's name. */}
      {badge ? ' ' : null}
      {badge ? (
        <span className="nav-badge" aria-hidden="true">
          {badge.count}
        </span>
      ) : null}
    </a>
  );
}

/** Where the preview frame is now (it follows links), else the page it was opened at. */
function previewAddress(openedAt: string): string {
  const frame = document.querySelector<HTMLIFrameElement>('iframe.preview');
  try {
    const loc = frame?.contentWindow?.location;
    if (loc && loc.origin === window.location.origin) return `${loc.pathname}${loc.search.replace(/[?&]logout=true/, '')}`;
  } catch {
    /* not readable: fall back to the address the frame was given */
  }
  return openedAt;
}

function frameUrlFromAddress(): string {
  // Only a path on this site may be framed (and so be where logout lands): never another origin.
  return sameOriginPath(new URLSearchParams(window.location.search).get('frameUrl'), window.location.origin) ?? '/';
}

export function App() {
  const path = window.location.pathname;
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  if (path === '/config/reset-password') return <ResetPassword token={token} />;
  if (path === '/config/invitation') return <AcceptInvitation token={token} />;
  return <SignedInApp />;
}

function SignedInApp() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    call(meAnswer, 'GET', '/api/auth/Me').then(
      (m) => setMe(m),
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 401) setMe(null);
        else setError(errorText(err));
      },
    );
  }, []);
  useEffect(load, [load]);

  if (error) return <p role="alert">{error}</p>;
  if (me === undefined) return <p className="loading">{configArea.loading}</p>;
  if (me === null) return <Login onSignedIn={load} />;
  return <Shell me={me} onMeChanged={load} />;
}

function Shell({ me, onMeChanged }: { me: Me; onMeChanged: () => void }) {
  // Every screen has its address (./screens.ts): the one opened is the one the address names.
  const [screen, setScreen] = useState<ScreenId>(() => screenAt(window.location.pathname));
  const [editing, setEditing] = useState<EditorTarget | undefined>(editorTargetFromAddress);
  useEffect(() => {
    const moved = () => {
      setScreen(screenAt(window.location.pathname));
      setEditing(editorTargetFromAddress());
    };
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  // The page the preview shows (seed 000 §2: `frameUrl`), kept while other screens are open.
  const [frameUrl] = useState(frameUrlFromAddress);
  const open = (id: ScreenId) => {
    const address = id === 'preview' && frameUrl !== '/' ? `${SCREEN_ADDRESSES.preview}?frameUrl=${encodeURIComponent(frameUrl)}` : SCREEN_ADDRESSES[id];
    if (`${window.location.pathname}${window.location.search}` !== address) window.history.pushState(null, '', address);
    setScreen(id);
    // A screen with addresses of its own below it (a product's editor) follows the move as it follows Back.
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  const openEditor = (target: EditorTarget) => {
    window.history.pushState(null, '', editorAddress(target));
    setEditing(target);
  };
  const closeEditor = () => {
    // Back to the list the target was opened from.
    open(editing?.kind === 'post' ? 'blog' : 'pages');
    setEditing(undefined);
  };
  // Labs and Languages sit under Settings in the navigation; Languages only while its feature is on.
  const labs = useLabsScreens(me);
  const toFulfil = useOrdersToFulfil(me.areas.includes('commerce-orders'));
  const labsScreens = labs.entries;
  const labsScreen = labsScreens.find((s) => s.id === screen);
  const groups = NAV_GROUPS.map((g) => ({
    ...g,
    entries: g.entries.filter((e) => me.areas.includes(e.area) && (e.id === 'labs' || e.id === 'languages' ? labsScreens.some((l) => l.id === e.id) : true)),
  })).filter((g) => g.entries.length > 0);
  const navigable = screen === 'preview' || screen === 'account' || groups.some((g) => g.entries.some((e) => e.id === screen));
  // Languages appears once the Labs answer says its feature is on: its address waits for that answer.
  const waiting = screen === 'languages' && !labs.settled;
  const shown: ScreenId = navigable || waiting ? screen : 'preview';
  const Screen = SCREENS[shown];
  if (editing && me.areas.includes('pages')) {
    return <EditorScreen target={editing} site={me.site.identifier} onClose={closeEditor} />;
  }
  return (
    <div className="shell">
      <header className="shell-header">
        <p className="shell-site">{me.site.title}</p>
        <p className="shell-account">
          {me.account.email}
          {me.role !== null ? <span className="role-badge">{teamRoleLabel(me.role)}</span> : null}
        </p>
        <NavLink id="account" label="Your account" current={shown} onOpen={open} className="button secondary" />
        <button
          type="button"
          className="secondary"
          onClick={() => {
            // Seed 000 §4: logout goes to the preview frame's address with logout=true; a failed
            // logout is only logged, and the guard keeps a second click from sending another.
            void logout({ signedIn: true, returnTo: previewAddress(frameUrl) });
          }}
        >
          Log out
        </button>
      </header>
      <nav className="shell-nav" aria-label="Config">
        <ul>
          <li>
            <NavLink id="preview" label="Preview" current={shown} onOpen={open} />
          </li>
        </ul>
        {groups.map((g) => (
          <section key={g.label} className="shell-nav-group" aria-label={g.label}>
            <h2>{g.label}</h2>
            <ul>
              {g.entries.map((e) => (
                <li key={e.id}>
                  <NavLink
                    id={e.id}
                    label={e.label}
                    current={shown}
                    onOpen={open}
                    badge={e.id === 'store-orders' ? toFulfilBadge(e.label, toFulfil) : undefined}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <main className="shell-main">
        {me.role === null ? <p role="alert">You are signed in, but you are not a member of this site&apos;s team.</p> : null}
        {shown !== screen && !waiting ? <p role="status">{configArea.notYourScreen}</p> : null}
        {me.role === null || shown === 'account' ? (
          <>
            <SitePicker me={me} />
            <NewSiteEntry me={me} onCreated={onMeChanged} />
          </>
        ) : null}
        {shown === 'preview' ? (
          <iframe className="preview" title="Site preview" src={frameUrl} />
        ) : shown === 'account' ? (
          <AccountScreen me={me} />
        ) : labsScreen ? (
          labsScreen.render()
        ) : Screen ? (
          <Screen me={me} onEdit={openEditor} />
        ) : null}
      </main>
    </div>
  );
}
