/**
 * The config area: sign-in, then the shell for the site this address names: navigation showing
 * only the areas the signed-in role may use, the live preview of the published site in a frame
 * that follows `frameUrl` (seed 000 §2), and the screens for settings, pages, team, activity and
 * moving the site. The visual editor will take its place under Pages.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConfigArea } from '../domain/permissions';
import { api, ApiError } from './api';
import { errorText } from './ui';
import { AcceptInvitation, Login, ResetPassword } from './account-screens';
import { DesignScreen } from './design-screen';
import { ActivityScreen, JobsScreen, PagesScreen, SettingsScreen, TeamScreen, TransferScreen } from './screens';

export type Me = {
  account: { id: string; email: string; displayName: string | null };
  site: { id: string; identifier: string; title: string };
  role: number | null;
  roleName: string | null;
  areas: ConfigArea[];
};

const AREA_LABELS: Partial<Record<ConfigArea, string>> = {
  pages: 'Pages',
  design: 'Design',
  commerce: 'Commerce',
  forms: 'Forms',
  analytics: 'Analytics',
  settings: 'Settings',
  team: 'Team',
  activity: 'Activity',
  transfer: 'Import and export',
  system: 'Background jobs',
};

/** Areas with a screen; an area the role may use appears in the navigation once it has one. */
const SCREENS: Partial<Record<ConfigArea, (props: { me: Me }) => React.ReactNode>> = {
  pages: PagesScreen,
  design: DesignScreen,
  settings: SettingsScreen,
  team: TeamScreen,
  activity: ActivityScreen,
  transfer: TransferScreen,
  system: JobsScreen,
};

function frameUrlFromAddress(): string {
  const raw = new URLSearchParams(window.location.search).get('frameUrl');
  // Only a path on this site may be framed: never another origin.
  return raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/';
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
    api<Me>('GET', '/api/auth/Me').then(
      (m) => setMe(m),
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 401) setMe(null);
        else setError(errorText(err));
      },
    );
  }, []);
  useEffect(load, [load]);

  if (error) return <p role="alert">{error}</p>;
  if (me === undefined) return <p className="loading">Loading…</p>;
  if (me === null) return <Login onSignedIn={load} />;
  return <Shell me={me} />;
}

function Shell({ me }: { me: Me }) {
  const loggingOut = useRef(false);
  const [area, setArea] = useState<ConfigArea | 'preview'>('preview');
  const Screen = area === 'preview' ? undefined : SCREENS[area];
  const frameUrl = frameUrlFromAddress();
  return (
    <div className="shell">
      <header className="shell-header">
        <p className="shell-site">{me.site.title}</p>
        <p className="shell-account">
          {me.account.email}
          {me.roleName ? <span className="role-badge">{me.roleName}</span> : null}
        </p>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            // Seed 000 §4: after logout the browser goes to the site root with logout=true. A failed
            // logout is only logged, and the guard keeps a second click from sending another.
            if (loggingOut.current) return;
            loggingOut.current = true;
            api('POST', '/api/auth/Logout').then(
              () => window.location.assign('/?logout=true'),
              (err: unknown) => {
                loggingOut.current = false;
                console.error('logout failed', err);
              },
            );
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
            .map((a) => (
              <li key={a}>
                <button type="button" aria-current={area === a ? 'page' : undefined} onClick={() => setArea(a)}>
                  {AREA_LABELS[a]}
                </button>
              </li>
            ))}
        </ul>
      </nav>
      <main className="shell-main">
        {me.role === null ? <p role="alert">You are signed in, but you are not a member of this site&apos;s team.</p> : null}
        {area === 'preview' ? (
          <iframe className="preview" title="Site preview" src={frameUrl} />
        ) : Screen ? (
          <Screen me={me} />
        ) : null}
      </main>
    </div>
  );
}
