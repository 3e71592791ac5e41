/**
 * The config area: sign-in, then the shell for the site this address names: navigation showing
 * only the areas the signed-in role may use, the live preview of the published site in a frame
 * that follows `frameUrl` (seed 000 §2), and the screens for settings, pages, forms, analytics,
 * team, activity and moving the site, and the visual editor, opened from Pages (`/config/pages/{id}`).
 */
import { configAreaPage } from '../domain/routes';
import { editorAddress, editorTargetAt, type EditorTarget } from './editor/target';
import { useCallback, useEffect, useState } from 'react';
import { meAnswer, type Me } from '../contracts/auth';
import { canAccess, type ConfigArea } from '../domain/permissions';
import { sameOriginPath } from '../domain/redirect-target';
import { TEAM_ROLES } from '../domain/roles';
import { logout } from '../ui/logout';
import { call, ApiError } from './api';
import { AcceptInvitation, ResetPassword } from './email-link-screens';
import { useLabsScreens, type LabsScreenId } from './labs-screen';
import { Login } from './sign-in-screen';
import { errorText } from './ui';
import { lazyScreen } from './lazy-screen';
import { configArea } from '../messages/config-area';
import { blog as blogMessages } from '../messages/blog';
import { navigation as navigationMessages } from '../messages/navigation';
import { filesScreen as filesMessages } from '../messages/files-screen';

/**
 * Every screen loads when first opened (src/config/lazy-screen.tsx): the visual editor (Tiptap, the
 * canvas, drag and drop), Navigation (its trees and link pickers), Analytics (its chart library)
 * and each of the others, so opening the config area loads only its shell.
 */
const EditorScreen = lazyScreen(() => import('./editor/editor-screen').then((m) => m.EditorScreen), configArea.loadingEditor);
const NavigationScreen = lazyScreen(() => import('./navigation-screen').then((m) => m.NavigationScreen), navigationMessages.loading);
const BlogScreen = lazyScreen(() => import('./blog-screen').then((m) => m.BlogScreen), blogMessages.loading);
const FilesScreen = lazyScreen(() => import('./files-screen').then((m) => m.FilesScreen), filesMessages.loading);
const AnalyticsScreen = lazyScreen(() => import('./analytics-screen').then((m) => m.AnalyticsScreen), configArea.loadingAnalytics);
const LiveEvents = lazyScreen(() => import('./live-events').then((m) => m.LiveEvents));
const AccountScreen = lazyScreen(() => import('./account-screen').then((m) => m.AccountScreen));
const ActivityScreen = lazyScreen(() => import('./activity-screen').then((m) => m.ActivityScreen));
const CaptchaScreen = lazyScreen(() => import('./captcha-screen').then((m) => m.CaptchaScreen));
const CookieBannerScreen = lazyScreen(() => import('./cookie-banner-screen').then((m) => m.CookieBannerScreen));
const DesignScreen = lazyScreen(() => import('./design-screen').then((m) => m.DesignScreen));
const FormsScreen = lazyScreen(() => import('./forms/forms-screen').then((m) => m.FormsScreen));
const JobsScreen = lazyScreen(() => import('./jobs-screen').then((m) => m.JobsScreen));
const NewSiteEntry = lazyScreen(() => import('./new-site-screen').then((m) => m.NewSiteEntry));
const PagesScreen = lazyScreen(() => import('./pages-screen').then((m) => m.PagesScreen));
const SettingsScreen = lazyScreen(() => import('./settings-screen').then((m) => m.SettingsScreen));
const SmtpScreen = lazyScreen(() => import('./smtp-screen').then((m) => m.SmtpScreen));
const TeamScreen = lazyScreen(() => import('./team-screen').then((m) => m.TeamScreen));
const TransferScreen = lazyScreen(() => import('./transfer-screen').then((m) => m.TransferScreen));

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
            <a href={s.configUrl}>{s.title}</a> {s.roleName ? <span className="role-badge">{s.roleName}</span> : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

const AREA_LABELS: Partial<Record<ConfigArea, string>> = {
  pages: 'Pages',
  design: 'Design',
  commerce: 'Commerce',
  forms: 'Forms',
  analytics: 'Analytics',
  settings: 'Settings',
  mail: 'Email (SMTP)',
  team: 'Team',
  activity: 'Activity',
  transfer: configArea.importExportTitle,
  system: 'Background jobs',
};

/** Areas with a screen; an area the role may use appears in the navigation once it has one. */
const SCREENS: Partial<Record<ConfigArea, (props: { me: Me; onEdit: (target: EditorTarget) => void }) => React.ReactNode>> = {
  pages: ({ me, onEdit }) => <PagesScreen onEdit={(id) => onEdit({ kind: 'page', id })} writable={me.role !== null && canAccess(me.role, 'pages', 'write')} />,
  design: DesignScreen,
  forms: FormsScreen,
  analytics: AnalyticsArea,
  settings: SettingsScreen,
  mail: SmtpScreen,
  team: TeamScreen,
  activity: ActivityScreen,
  transfer: TransferScreen,
  system: JobsScreen,
};

/** Where the preview frame is now (it follows links), else the address it was opened at. */
function previewAddress(): string {
  const frame = document.querySelector<HTMLIFrameElement>('iframe.preview');
  try {
    const loc = frame?.contentWindow?.location;
    if (loc && loc.origin === window.location.origin) return `${loc.pathname}${loc.search.replace(/[?&]logout=true/, '')}`;
  } catch {
    /* not readable: fall back to the address the frame was given */
  }
  return frameUrlFromAddress();
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
  // `/config/design` is the design path (seed 000 §2): it opens the Design screen.
  const [area, setArea] = useState<ConfigArea | 'preview' | 'account' | LabsScreenId | 'captcha' | 'cookie-banner' | 'navigation' | 'blog' | 'files'>(() =>
    editorTargetFromAddress() ? 'pages' : configAreaPage(window.location.pathname) === 'design' && me.areas.includes('design') ? 'design' : 'preview',
  );
  const [editing, setEditing] = useState<EditorTarget | undefined>(editorTargetFromAddress);
  useEffect(() => {
    const back = () => setEditing(editorTargetFromAddress());
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);
  const openEditor = (target: EditorTarget) => {
    window.history.pushState(null, '', editorAddress(target));
    setEditing(target);
  };
  const closeEditor = () => {
    window.history.pushState(null, '', '/config/');
    // Back to the list the target was opened from.
    setArea(editing?.kind === 'post' ? 'blog' : 'pages');
    setEditing(undefined);
  };
  // Labs and Languages sit under Settings in the navigation; Languages only while its flag is on.
  const labsScreens = useLabsScreens(me);
  const labsScreen = labsScreens.find((s) => s.id === area);
  const Screen =
    area === 'preview' ||
    area === 'account' ||
    area === 'labs' ||
    area === 'languages' ||
    area === 'captcha' ||
    area === 'cookie-banner' ||
    area === 'navigation' ||
    area === 'blog' ||
    area === 'files'
      ? undefined
      : SCREENS[area];
  const frameUrl = frameUrlFromAddress();
  if (editing && me.areas.includes('pages')) {
    return <EditorScreen target={editing} site={me.site.identifier} onClose={closeEditor} />;
  }
  return (
    <div className="shell">
      <header className="shell-header">
        <p className="shell-site">{me.site.title}</p>
        <p className="shell-account">
          {me.account.email}
          {me.roleName ? <span className="role-badge">{me.roleName}</span> : null}
        </p>
        <button type="button" className="secondary" aria-current={area === 'account' ? 'page' : undefined} onClick={() => setArea('account')}>
          Your account
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            // Seed 000 §4: logout goes to the preview frame's address with logout=true; a failed
            // logout is only logged, and the guard keeps a second click from sending another.
            void logout({ signedIn: true, returnTo: previewAddress() });
          }}
        >
          Log out
        </button>
      </header>
      <nav className="shell-nav" aria-label="Config">
        <ul>
          <li>
            <button type="button" aria-current={area === 'preview' ? 'page' : undefined} onClick={() => setArea('preview')}>
              Preview
            </button>
          </li>
          {me.areas
            .filter((a) => SCREENS[a] && AREA_LABELS[a])
            .flatMap((a) => [
              { id: a, label: AREA_LABELS[a] },
              ...(a === 'settings'
                ? [...labsScreens, { id: 'captcha' as const, label: 'Captcha' }, { id: 'cookie-banner' as const, label: 'Cookie banner' }]
                : []),
              // The menus belong to the Design area, with the header and footer they sit in.
              ...(a === 'design' ? [{ id: 'navigation' as const, label: navigationMessages.title }] : []),
              // Blog posts and files are pages' content: the Blog and Files screens sit under Pages.
              ...(a === 'pages'
                ? [
                    { id: 'blog' as const, label: blogMessages.title },
                    { id: 'files' as const, label: filesMessages.title },
                  ]
                : []),
            ])
            .map(({ id, label }) => (
              <li key={id}>
                <button type="button" aria-current={area === id ? 'page' : undefined} onClick={() => setArea(id)}>
                  {label}
                </button>
              </li>
            ))}
        </ul>
      </nav>
      <main className="shell-main">
        {me.role === null ? <p role="alert">You are signed in, but you are not a member of this site&apos;s team.</p> : null}
        {me.role === null || area === 'account' ? (
          <>
            <SitePicker me={me} />
            <NewSiteEntry me={me} onCreated={onMeChanged} />
          </>
        ) : null}
        {area === 'preview' ? (
          <iframe className="preview" title="Site preview" src={frameUrl} />
        ) : area === 'account' ? (
          <AccountScreen me={me} />
        ) : labsScreen ? (
          labsScreen.render()
        ) : area === 'captcha' ? (
          <CaptchaScreen me={me} />
        ) : area === 'cookie-banner' ? (
          <CookieBannerScreen me={me} />
        ) : area === 'navigation' ? (
          <NavigationScreen me={me} />
        ) : area === 'blog' ? (
          <BlogScreen writable={me.role !== null && canAccess(me.role, 'pages', 'write')} onEdit={openEditor} />
        ) : area === 'files' ? (
          <FilesScreen writable={me.role !== null && canAccess(me.role, 'pages', 'write')} />
        ) : Screen ? (
          <Screen me={me} onEdit={openEditor} />
        ) : null}
      </main>
    </div>
  );
}
