/** The config area's screens: site settings, pages, team, activity log, and moving the site. */
import { useState } from 'react';
import { canAccess } from '../domain/permissions';
import { TEAM_ROLES, teamRoleName } from '../domain/roles';
import type { Me } from './app';
import { api } from './api';
import { errorText, Messages, useLoad } from './ui';

type Settings = { identifier: string; title: string; tagline?: string; description?: string; footerText?: string; locale: string; timeZone: string };

export function SettingsScreen({ me }: { me: Me }) {
  const [settings, loadError] = useLoad<Settings>('/api/config/site');
  const [edited, setDraft] = useState<Settings>();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const draft = edited ?? settings;
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!draft) return <Messages error={loadError} />;
  const field = (key: 'title' | 'tagline' | 'description' | 'footerText' | 'locale' | 'timeZone', label: string) => (
    <label>
      {label}
      <input value={draft[key] ?? ''} disabled={!writable} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </label>
  );
  return (
    <section>
      <h1>Settings</h1>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setDone(null);
          const { title, tagline, description, footerText, locale, timeZone } = draft;
          api('PUT', '/api/config/site', { title, tagline, description, footerText, locale, timeZone }).then(
            () => setDone('Saved. The published site shows the change now.'),
            (err: unknown) => setError(errorText(err)),
          );
        }}
      >
        <p>
          Site identifier: <code>{draft.identifier}</code>
        </p>
        {field('title', 'Site title')}
        {field('tagline', 'Tagline')}
        {field('description', 'Description (for search engines)')}
        {field('footerText', 'Footer text')}
        {field('locale', 'Locale')}
        {field('timeZone', 'Time zone')}
        <Messages error={error} done={done} />
        {writable ? <button type="submit">Save settings</button> : <p>Your role may view these settings but not change them.</p>}
      </form>
    </section>
  );
}

type PageRow = { id: string; title: string; path: string | null; pageType: number; status: number };

export function PagesScreen() {
  const [data, error] = useLoad<{ pages: PageRow[] }>('/api/config/pages');
  return (
    <section>
      <h1>Pages</h1>
      <Messages error={error} />
      {data ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Address</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.pages.map((p) => (
              <tr key={p.id}>
                <td>{p.title}</td>
                <td>{p.path ? <a href={`/config/?frameUrl=${encodeURIComponent(p.path)}`}>{p.path}</a> : p.pageType === 100 ? 'Not-found page' : 'Error page'}</td>
                <td>{p.status === 1 ? 'Published' : 'Not published'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

type Member = { accountId: string; email: string; role: number };
const ROLE_CHOICES = Object.values(TEAM_ROLES);

export function TeamScreen({ me }: { me: Me }) {
  const [data, loadError, reload] = useLoad<{ members: Member[] }>('/api/config/team');
  const [error, setError] = useState<string | null>(null);
  const writable = me.role !== null && canAccess(me.role, 'team', 'write');
  const act = (p: Promise<unknown>) => {
    setError(null);
    p.then(reload, (err: unknown) => setError(errorText(err)));
  };
  const [invites, , reloadInvites] = useLoad<{ invitations: { email: string; role: number; expiresAt: string }[] }>('/api/config/team/invitations');
  const [email, setEmail] = useState('');
  const [role, setRoleChoice] = useState<number>(TEAM_ROLES.EDITOR);
  const [invited, setInvited] = useState<string | null>(null);
  return (
    <section>
      <h1>Team</h1>
      {writable ? (
        <form
          className="inline-form"
          aria-label="Invite a team member"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            setInvited(null);
            api('POST', '/api/config/team/invitations', { email, role }).then(
              () => {
                setInvited(`Invitation sent to ${email}.`);
                setEmail('');
                reloadInvites();
              },
              (err: unknown) => setError(errorText(err)),
            );
          }}
        >
          <label>
            Email to invite
            <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            Role
            <select value={role} onChange={(e) => setRoleChoice(Number(e.target.value))}>
              {ROLE_CHOICES.map((r) => (
                <option key={r} value={r}>
                  {teamRoleName(r)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Send invitation</button>
        </form>
      ) : null}
      <Messages error={error ?? loadError} done={invited} />
      {data ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              {writable ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.members.map((m) => (
              <tr key={m.accountId}>
                <td>{m.email}</td>
                <td>
                  {writable ? (
                    <select aria-label={`Role of ${m.email}`} value={m.role} onChange={(e) => act(api('PUT', `/api/config/team/${m.accountId}`, { role: Number(e.target.value) }))}>
                      {ROLE_CHOICES.map((r) => (
                        <option key={r} value={r}>
                          {teamRoleName(r)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    teamRoleName(m.role)
                  )}
                </td>
                {writable ? (
                  <td>
                    <button type="button" className="secondary" onClick={() => act(api('DELETE', `/api/config/team/${m.accountId}`))}>
                      Remove {m.email}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {invites && invites.invitations.length > 0 ? (
        <>
          <h2>Invitations waiting for an answer</h2>
          <ul>
            {invites.invitations.map((i) => (
              <li key={i.email + i.expiresAt}>
                {i.email} as {teamRoleName(i.role)}, until {new Date(i.expiresAt).toLocaleDateString()}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

type Entry = { id: number; action: string; email: string | null; createdAt: string };

export function ActivityScreen() {
  const [data, error] = useLoad<{ entries: Entry[] }>('/api/config/activity');
  return (
    <section>
      <h1>Activity</h1>
      <Messages error={error} />
      {data && data.entries.length === 0 ? <p>No changes yet.</p> : null}
      {data ? (
        <ol className="activity">
          {data.entries.map((e) => (
            <li key={e.id}>
              <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time> {e.email ?? 'someone no longer on the team'}: {e.action}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

export function TransferScreen({ me }: { me: Me }) {
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ path: string; message: string }[]>([]);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section>
      <h1>Import and export</h1>
      <p>The whole site — settings, pages, collections, redirects and files — as one file you can keep or move to another server.</p>
      <p>
        <a className="button" href="/api/config/export" download={`${me.site.identifier}.site.json`}>
          Export this site
        </a>
      </p>
      <label>
        Import a site document (replaces this site)
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setError(null);
            setDone(null);
            setProblems([]);
            file
              .text()
              .then((text) => api('POST', '/api/config/import', JSON.parse(text) as Record<string, unknown>))
              .then(
                () => setDone('Imported. The published site shows the new content now.'),
                (err: unknown) => {
                  setError(errorText(err));
                  const body = (err as { body?: { documentErrors?: { path: string; message: string }[] } }).body;
                  setProblems(body?.documentErrors ?? []);
                },
              );
          }}
        />
      </label>
      <Messages error={error} done={done} />
      {problems.length > 0 ? (
        <ul className="problems">
          {problems.map((p) => (
            <li key={p.path + p.message}>
              <code>{p.path}</code>: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

type Job = { id: number; kind: string; status: string; attempts: number; maxAttempts: number; lastError: string | null; createdAt: string };

export function JobsScreen() {
  const [data, loadError, reload] = useLoad<{ counts: Record<string, number>; jobs: Job[] }>('/api/config/jobs');
  const [error, setError] = useState<string | null>(null);
  return (
    <section>
      <h1>Background jobs</h1>
      <p>Emails and other work the site does after a change. A job that keeps failing stops here until you retry it.</p>
      <Messages error={error ?? loadError} />
      {data ? (
        <>
          <p>
            {Object.entries(data.counts)
              .map(([status, n]) => `${n} ${status}`)
              .join(' · ')}
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.jobs.map((j) => (
                <tr key={j.id}>
                  <td>
                    #{j.id} {j.kind}
                  </td>
                  <td>{j.status}</td>
                  <td>
                    {j.attempts} of {j.maxAttempts}
                  </td>
                  <td>{j.lastError ?? ''}</td>
                  <td>
                    {j.status === 'failed' ? (
                      <button
                        type="button"
                        onClick={() => {
                          setError(null);
                          api('POST', `/api/config/jobs/${j.id}/retry`).then(reload, (err: unknown) => setError(errorText(err)));
                        }}
                      >
                        Retry job {j.id}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
