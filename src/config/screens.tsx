/** The config area's screens: site settings, pages, team, activity log, and moving the site. */
import { useState } from 'react';
import { canAccess } from '../domain/permissions';
import { TEAM_ROLES, teamRoleName } from '../domain/roles';
import { BADGE_TYPES, INFO_BAR_STYLES, type BadgeType, type InfoBarStyle } from '../domain/website';
import type { SiteSettings } from '../document/schema';
import type { Me } from './app';
import { api } from './api';
import { Field } from './field';
import { errorText, Messages, useLoad } from './ui';
import { showConfirmation } from '../runtime/dialogs/show';
import { configArea } from '../messages/config-area';

type Settings = SiteSettings;
type SavedSettings = { ok: true; address?: string; configAddress?: string; signInAgain?: boolean };

const BADGE_CHOICES: [BadgeType, string][] = [
  [BADGE_TYPES.NONE, 'No badge'],
  [BADGE_TYPES.BLACK, 'Black badge'],
  [BADGE_TYPES.WHITE, 'White badge'],
];
const INFO_BAR_CHOICES: [InfoBarStyle, string][] = [
  [INFO_BAR_STYLES.NONE, 'No bar'],
  [INFO_BAR_STYLES.LIGHT, 'Light bar'],
  [INFO_BAR_STYLES.DARK, 'Dark bar'],
];

/** What the Settings screen sends: every setting it edits (custom domains move with import only). */
function editable(s: Settings) {
  const { identifier, title, tagline, description, footerText, locale, timeZone, escapeKeyLogin, badgeType, infoBarStyle, contact, developerMode, cloneable } = s;
  return { identifier, title, tagline, description, footerText, locale, timeZone, escapeKeyLogin, badgeType, infoBarStyle, contact, developerMode, cloneable };
}

export function SettingsScreen({ me }: { me: Me }) {
  const [settings, loadError] = useLoad<Settings>('/api/config/site');
  const [edited, setDraft] = useState<Settings>();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<(SavedSettings & { at: Date }) | null>(null);
  const [saving, setSaving] = useState(false);
  const draft = edited ?? settings;
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!draft) return <Messages error={loadError} />;
  const change = (next: Settings) => {
    setDraft(next);
    setSaved(null);
  };
  const text = (key: 'identifier' | 'title' | 'tagline' | 'description' | 'footerText' | 'locale' | 'timeZone', label: string, hint?: string) => (
    <Field id={`settings-${key}`} label={label} error={fieldErrors[key]} hint={hint}>
      {(props) => <input {...props} value={draft[key] ?? ''} onChange={(e) => change({ ...draft, [key]: e.target.value })} />}
    </Field>
  );
  const contact = (key: 'email' | 'phone' | 'address', label: string, type: 'email' | 'tel' | 'text') => (
    <Field id={`settings-contact-${key}`} label={label} error={fieldErrors[`contact.${key}`]}>
      {(props) => (
        <input {...props} type={type} value={draft.contact[key] ?? ''} onChange={(e) => change({ ...draft, contact: { ...draft.contact, [key]: e.target.value } })} />
      )}
    </Field>
  );
  const check = (key: 'escapeKeyLogin' | 'developerMode' | 'cloneable', label: string, hint?: string) => (
    <Field id={`settings-${key}`} label={label} error={fieldErrors[key]} hint={hint} check>
      {(props) => <input {...props} type="checkbox" checked={draft[key]} onChange={(e) => change({ ...draft, [key]: e.target.checked })} />}
    </Field>
  );
  return (
    <section>
      <h1>Settings</h1>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setFieldErrors({});
          setSaved(null);
          setSaving(true);
          api<SavedSettings>('PUT', '/api/config/site', editable(draft))
            .then(
              (res) => setSaved({ ...res, at: new Date() }),
              (err: unknown) => {
                setError(errorText(err));
                setFieldErrors((err as { body?: { errors?: Record<string, string> } }).body?.errors ?? {});
              },
            )
            .finally(() => setSaving(false));
        }}
      >
        <fieldset disabled={!writable}>
          <legend>Site</legend>
          {text('title', 'Site title')}
          {text('tagline', 'Tagline')}
          {text('description', 'Description (for search engines)')}
          {text('footerText', 'Footer text')}
          {text('locale', 'Locale', 'Such as en-US.')}
          {text('timeZone', 'Time zone', 'Such as Europe/London.')}
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Address</legend>
          {text('identifier', 'Site identifier', identifierHint(settings?.identifier ?? draft.identifier))}
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Badge and mobile information bar</legend>
          <Field id="settings-badgeType" label="Site badge" error={fieldErrors.badgeType} hint="A small 'Made with OpenPress' link in the bottom right corner of every page.">
            {(props) => (
              <select {...props} value={draft.badgeType} onChange={(e) => change({ ...draft, badgeType: Number(e.target.value) as BadgeType })}>
                {BADGE_CHOICES.map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id="settings-infoBarStyle"
            label="Mobile information bar"
            error={fieldErrors.infoBarStyle}
            hint="Shows the contact details below at the bottom of screens 1024 pixels wide or narrower (phones and tablets)."
          >
            {(props) => (
              <select {...props} value={draft.infoBarStyle} onChange={(e) => change({ ...draft, infoBarStyle: Number(e.target.value) as InfoBarStyle })}>
                {INFO_BAR_CHOICES.map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Contact details</legend>
          {contact('phone', 'Contact phone', 'tel')}
          {contact('email', 'Contact email', 'email')}
          {contact('address', 'Contact address', 'text')}
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Behaviour</legend>
          {check('escapeKeyLogin', 'Escape key opens the sign-in dialog', 'On the published site, team members press Escape to sign in.')}
          {check('developerMode', 'Developer mode', 'Team members stay on the published pages instead of being sent to the config area.')}
          {check('cloneable', 'Allow copying this site as a template')}
        </fieldset>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="form-done" role="status">
          {saved ? <SavedNote saved={saved} /> : null}
        </p>
        {writable ? (
          <button type="submit" disabled={saving}>
            Save settings
          </button>
        ) : (
          <p>Your role may view these settings but not change them.</p>
        )}
      </form>
    </section>
  );
}

/** Where the site answers now, read from this address when it is the identifier's subdomain. */
function identifierHint(identifier: string): string {
  const host = window.location.hostname;
  const where = host.startsWith(`${identifier}.`) ? host : 'its identifier followed by this server’s domain';
  return `Lowercase letters, digits and hyphens. The site answers at ${where}; a new identifier moves it to a new address, where you sign in again.`;
}

function SavedNote({ saved }: { saved: SavedSettings & { at: Date } }) {
  const time = saved.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (!saved.address) return <>Saved. The published site shows the change now (saved at {time}).</>;
  return (
    <>
      Saved. The site&apos;s address is now <a href={saved.address}>{saved.address}</a>.{' '}
      {saved.signInAgain ? (
        <>
          This address no longer leads to the site, and your sign-in stays with it: sign in again at <a href={saved.configAddress}>{saved.configAddress}</a>.
        </>
      ) : (
        <>
          Your sign-in belongs to the address you signed in at: to use the new one, sign in again at <a href={saved.configAddress}>{saved.configAddress}</a>.
        </>
      )}
    </>
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
  // Handing over makes the member an ADMIN and this ADMIN a WEBSITE_MANAGER, in one step.
  const handOver = async (m: Member) => {
    const answer = await showConfirmation({
      title: 'Hand the site over?',
      text: `${m.email} becomes an ADMIN of this site, and you become a WEBSITE_MANAGER. Only an ADMIN can make you an ADMIN again.`,
      confirmLabel: 'Hand over',
    });
    if (answer !== 'confirm') return;
    setError(null);
    api('POST', `/api/config/team/${m.accountId}/transfer-ownership`, { yourNewRole: TEAM_ROLES.WEBSITE_MANAGER }).then(
      () => window.location.reload(),
      (err: unknown) => setError(errorText(err)),
    );
  };
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
                    </button>{' '}
                    {m.accountId !== me.account.id && me.role === TEAM_ROLES.ADMIN ? (
                      <button type="button" className="secondary" onClick={() => void handOver(m)}>
                        Hand the site to {m.email}
                      </button>
                    ) : null}
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
      <h1>{configArea.importExportTitle}</h1>
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
