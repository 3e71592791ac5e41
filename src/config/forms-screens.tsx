/**
 * The Forms area of the config area (issue 4, item 8): the site's forms and newsletter lists;
 * a form's submissions (searchable, newest first, loaded a page at a time), each opened by label,
 * deleted after a confirmation, exported as CSV; a list's subscribers likewise; erasing everything
 * one email address left on the site; the form retention setting; and editing a form's fields and
 * settings tabs (seed 001 §3) until the visual editor arrives, with the webhook's signing secret
 * shown once when made. Roles that only read forms see the forms and their settings, never what
 * visitors sent, and no controls that change anything.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FormData as FormBlockData, FormField, FormSettings } from '../blocks/form/schema';
import { FORM_FIELD_TYPES, FORM_SETTINGS_TABS, type FormFieldType, type FormSettingsTab } from '../domain/forms';
import { canAccess } from '../domain/permissions';
import { showConfirmation } from '../ui/dialogs/show';
import type { Me } from '../contracts/auth';
import { api } from './api';
import { Field } from './field';
import { errorText, LoadMore, Messages, usePagedList } from './ui';

type Placement = { kind: 'page' | 'item'; id: string; title: string; path: string | null };
type FormSummary = {
  formId: string;
  name: string;
  title: string | null;
  fieldCount: number;
  page: Placement | null;
  otherPages: Placement[];
  submissions: number;
  lastSubmittedAt: string | null;
};
type NewsletterSummary = {
  listId: string;
  name: string;
  page: Placement | null;
  otherPages: Placement[];
  subscribers: { pending: number; confirmed: number; unsubscribed: number; total: number };
};
type FormDetail = FormSummary & { form: FormBlockData | null; webhookSecretMadeAt: string | null };
/** What a save or "Make a new secret" answers of the webhook's signing secret: the secret itself only when it was just made. */
type WebhookSecretAnswer = { webhookSecret?: string; webhookSecretMadeAt: string | null };
type SubmissionSummary = { id: number; createdAt: string; page: { title: string; path: string }; preview: { label: string; text: string }[] };
type SubmissionDetail = { id: number; formId: string; createdAt: string; page: { title: string; path: string }; fields: { id: string; label: string; type: string; text: string }[] };
type Subscriber = { email: string; name: string | null; status: string; createdAt: string; confirmedAt: string | null; unsubscribedAt: string | null };

type View =
  | { kind: 'list'; notice?: string }
  | { kind: 'submissions'; formId: string; notice?: string }
  | { kind: 'submission'; formId: string; id: number }
  | { kind: 'edit'; formId: string }
  | { kind: 'subscribers'; listId: string };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The view's main heading, focused when the view opens from another one, so keyboard and screen
 * reader users land on it, and again whenever `refocus` grows (after the row holding the focus
 * was deleted).
 */
function Heading({ children, focus, refocus = 0 }: { children: ReactNode; focus: boolean; refocus?: number }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus || refocus > 0) ref.current?.focus();
  }, [focus, refocus]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

function Back({ onClick, children = 'Back to forms' }: { onClick: () => void; children?: ReactNode }) {
  return (
    <p>
      <button type="button" className="link" onClick={onClick}>
        ← {children}
      </button>
    </p>
  );
}

function PageLink({ page }: { page: Placement | null }) {
  if (!page) return <>No page holds it any more</>;
  return page.path ? <a href={`/config/?frameUrl=${encodeURIComponent(page.path)}`}>{page.title}</a> : <>{page.title}</>;
}

export function FormsScreen({ me }: { me: Me }) {
  const [view, setView] = useState<View>({ kind: 'list' });
  // The first view keeps focus on the navigation; later views take it to their heading.
  const [moved, setMoved] = useState(false);
  const go = useCallback((next: View) => {
    setMoved(true);
    setView(next);
  }, []);
  const writable = me.role !== null && canAccess(me.role, 'forms', 'write');
  switch (view.kind) {
    case 'submissions':
      return <SubmissionsView key={view.formId} formId={view.formId} notice={view.notice} go={go} focus={moved} />;
    case 'submission':
      return <SubmissionView formId={view.formId} id={view.id} go={go} />;
    case 'edit':
      return <EditFormView formId={view.formId} writable={writable} go={go} />;
    case 'subscribers':
      return <SubscribersView listId={view.listId} go={go} />;
    default:
      return <FormsList me={me} writable={writable} notice={view.notice} go={go} focus={moved} />;
  }
}

/* ---------- the list of forms and newsletter lists ---------- */

function FormsList({ me, writable, notice, go, focus }: { me: Me; writable: boolean; notice: string | undefined; go: (v: View) => void; focus: boolean }) {
  const [data, setData] = useState<{ forms: FormSummary[]; newsletters: NewsletterSummary[] }>();
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api<{ forms: FormSummary[]; newsletters: NewsletterSummary[] }>('GET', '/api/config/forms').then(setData, (err: unknown) => setError(errorText(err)));
  }, []);
  useEffect(load, [load]);
  return (
    <section className="forms-screen">
      <Heading focus={focus}>Forms</Heading>
      <Messages error={error} done={notice ?? null} />
      {!data && !error ? (
        <p className="loading" role="status">
          Loading forms…
        </p>
      ) : null}
      {data ? (
        <>
          <h2>Forms</h2>
          {data.forms.length === 0 ? (
            <p>No page of this site has a form yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Form</th>
                  <th scope="col">Page</th>
                  <th scope="col">Submissions</th>
                  <th scope="col">Last submission</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.forms.map((f) => (
                  <tr key={f.formId}>
                    <th scope="row">{f.name}</th>
                    <td>
                      <PageLink page={f.page} />
                      {f.otherPages.length > 0 ? ` and ${plural(f.otherPages.length, 'other page', 'other pages')}` : null}
                    </td>
                    <td>{f.submissions}</td>
                    <td>{when(f.lastSubmittedAt) || 'None yet'}</td>
                    <td className="row-actions">
                      {writable ? (
                        <button type="button" aria-label={`Submissions of ${f.name}`} onClick={() => go({ kind: 'submissions', formId: f.formId })}>
                          Submissions
                        </button>
                      ) : null}
                      {f.page ? (
                        <button type="button" className="secondary" aria-label={`${writable ? 'Edit form' : 'View form'}: ${f.name}`} onClick={() => go({ kind: 'edit', formId: f.formId })}>
                          {writable ? 'Edit form' : 'View form'}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>Newsletter lists</h2>
          {data.newsletters.length === 0 ? (
            <p>No page of this site has a newsletter sign-up yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">List</th>
                  <th scope="col">Page</th>
                  <th scope="col">Subscribers</th>
                  {writable ? <th scope="col">Actions</th> : null}
                </tr>
              </thead>
              <tbody>
                {data.newsletters.map((n) => (
                  <tr key={n.listId}>
                    <th scope="row">{n.name}</th>
                    <td>
                      <PageLink page={n.page} />
                      {n.otherPages.length > 0 ? ` and ${plural(n.otherPages.length, 'other page', 'other pages')}` : null}
                    </td>
                    <td>
                      {n.subscribers.confirmed} confirmed, {n.subscribers.pending} waiting to confirm, {n.subscribers.unsubscribed} unsubscribed
                    </td>
                    {writable ? (
                      <td className="row-actions">
                        <button type="button" aria-label={`Subscribers of ${n.name}`} onClick={() => go({ kind: 'subscribers', listId: n.listId })}>
                          Subscribers
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {writable ? (
            <p className="hint">What visitors send is kept in this site&apos;s database. Open a form&apos;s submissions to read, search, delete or export them.</p>
          ) : (
            <p className="hint">Your role may see the forms and their settings, but not what visitors sent through them.</p>
          )}
        </>
      ) : null}
      {writable ? <EraseSection onErased={load} /> : null}
      {me.role !== null && canAccess(me.role, 'settings', 'read') ? <RetentionSection writable={canAccess(me.role, 'settings', 'write')} /> : null}
    </section>
  );
}

function EraseSection({ onErased }: { onErased: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Erase a person&apos;s data</h2>
      <p className="hint" id={`${id}-hint`}>
        When someone asks you to delete what they sent, enter their email address: every form submission holding it and every newsletter subscription of it on this site are
        deleted. This cannot be undone.
      </p>
      <form
        className="inline-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setDone(null);
          const address = email.trim();
          if (!address) return setError('Enter the email address whose data to erase.');
          void showConfirmation({
            title: 'Erase this person’s data?',
            text: `Every form submission holding ${address} and its newsletter subscriptions on this site will be deleted. This cannot be undone.`,
            confirmLabel: 'Erase',
          }).then((answer) => {
            if (answer !== 'confirm') return;
            setBusy(true);
            api<{ submissions: number; subscribers: number }>('POST', '/api/config/forms/erase', { email: address })
              .then(
                (res) => {
                  setDone(`Erased ${plural(res.submissions, 'form submission', 'form submissions')} and ${plural(res.subscribers, 'newsletter subscription', 'newsletter subscriptions')} of ${address}.`);
                  setEmail('');
                  onErased();
                },
                (err: unknown) => setError((err as { body?: { errors?: Record<string, string> } }).body?.errors?.email ?? errorText(err)),
              )
              .finally(() => setBusy(false));
          });
        }}
      >
        <label>
          Email address to erase
          <input type="email" value={email} aria-describedby={`${id}-hint`} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          Erase data
        </button>
      </form>
      <Messages error={error} done={done} />
    </section>
  );
}

function RetentionSection({ writable }: { writable: boolean }) {
  const [days, setDays] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    api<{ formRetentionDays?: number }>('GET', '/api/config/site').then(
      (s) => setDays(s.formRetentionDays === undefined ? '' : String(s.formRetentionDays)),
      (err: unknown) => setError(errorText(err)),
    );
  }, []);
  if (days === undefined) return <Messages error={error} />;
  return (
    <section aria-labelledby="retention-title">
      <h2 id="retention-title">Keeping submissions</h2>
      <form
        className="inline-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setFieldError(undefined);
          setDone(null);
          const value = days.trim() === '' ? null : Number(days);
          api('PUT', '/api/config/site', { formRetentionDays: value }).then(
            () => setDone(value === null ? 'Saved. Submissions are kept until you delete them.' : `Saved. Submissions older than ${plural(value, 'day', 'days')} are deleted.`),
            (err: unknown) => {
              setError(errorText(err));
              setFieldError((err as { body?: { errors?: Record<string, string> } }).body?.errors?.formRetentionDays);
            },
          );
        }}
      >
        <Field id="form-retention-days" label="Delete submissions after this many days" error={fieldError} hint="From 1 to 3650. Leave empty to keep submissions until you delete them.">
          {(props) => <input {...props} type="number" min={1} max={3650} inputMode="numeric" value={days} disabled={!writable} onChange={(e) => setDays(e.target.value)} />}
        </Field>
        {writable ? <button type="submit">Save</button> : null}
      </form>
      <Messages error={error} done={done} />
    </section>
  );
}

/* ---------- submissions ---------- */

function useFormDetail(formId: string): [FormDetail | undefined, string | null] {
  const [detail, setDetail] = useState<FormDetail>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<FormDetail>('GET', `/api/config/forms/${formId}`).then(setDetail, (err: unknown) => setError(errorText(err)));
  }, [formId]);
  return [detail, error];
}

const confirmDelete = () =>
  showConfirmation({ title: 'Delete this submission?', text: 'The submission is deleted from this site for good. This cannot be undone.', confirmLabel: 'Delete' });

function SubmissionsView({ formId, notice, go, focus }: { formId: string; notice: string | undefined; go: (v: View) => void; focus: boolean }) {
  const [detail, detailError] = useFormDetail(formId);
  const [done, setDone] = useState<string | null>(notice ?? null);
  const [search, setSearch] = useState('');
  const [refocus, setRefocus] = useState(0);
  const id = useId();
  const fetchSubmissions = useCallback(
    (q: string, before: number | null) =>
      api<{ submissions: SubmissionSummary[]; next: number | null }>('GET', `/api/config/forms/${formId}/submissions${queryString({ q, before })}`).then((res) => ({
        rows: res.submissions,
        next: res.next,
      })),
    [formId],
  );
  const { rows, setRows, next, loading, error, setError, filter: shown, show: showPage, loadMore } = usePagedList(fetchSubmissions, '');
  const show = (q: string) => {
    setDone(null);
    showPage(q);
  };

  const remove = async (row: SubmissionSummary) => {
    if ((await confirmDelete()) !== 'confirm') return;
    setError(null);
    setDone(null);
    api('DELETE', `/api/config/forms/${formId}/submissions/${row.id}`).then(
      () => {
        setRows((prev) => prev.filter((r) => r.id !== row.id));
        setDone(`Deleted the submission of ${when(row.createdAt)}.`);
        setRefocus((n) => n + 1);
      },
      (err: unknown) => setError(errorText(err)),
    );
  };

  const name = detail?.name ?? 'Form';
  return (
    <section className="forms-screen">
      <Back onClick={() => go({ kind: 'list' })} />
      <Heading focus={focus} refocus={refocus}>
        Submissions: {name}
      </Heading>
      {detail ? (
        <p>
          On <PageLink page={detail.page} />. {plural(detail.submissions, 'submission', 'submissions')} in all.
        </p>
      ) : null}
      <div className="button-row">
        <a className="button" href={`/api/config/forms/${formId}/submissions.csv`} download>
          Export CSV
        </a>
        {detail?.page ? (
          <button type="button" className="secondary" onClick={() => go({ kind: 'edit', formId })}>
            Edit form
          </button>
        ) : null}
      </div>
      <form
        className="inline-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          show(search.trim());
        }}
      >
        <label>
          Search submissions
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit">Search</button>
        {shown ? (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setSearch('');
              show('');
            }}
          >
            Show all
          </button>
        ) : null}
      </form>
      <Messages error={error ?? detailError} done={done} />
      <p role="status" id={`${id}-status`}>
        {loading
          ? 'Loading submissions…'
          : rows.length === 0
            ? shown
              ? `No submission contains “${shown}”.`
              : 'No submissions yet.'
            : `Showing ${plural(rows.length, 'submission', 'submissions')}${shown ? ` containing “${shown}”` : ''}, newest first${next !== null ? '; more to load' : ''}.`}
      </p>
      {rows.length > 0 ? (
        <table aria-busy={loading} aria-describedby={`${id}-status`}>
          <caption className="visually-hidden">Submissions of {name}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Submitted</th>
              <th scope="col">Summary</th>
              <th scope="col">Page</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
                </td>
                <td>
                  {r.preview.length === 0
                    ? '(empty)'
                    : r.preview.map((p, i) => (
                        <span key={p.label + i}>
                          {i > 0 ? ' · ' : null}
                          <span className="visually-hidden">{p.label}: </span>
                          {p.text}
                        </span>
                      ))}
                </td>
                <td>{r.page.path}</td>
                <td className="row-actions">
                  <button type="button" aria-label={`Open submission ${r.id}, sent ${when(r.createdAt)}`} onClick={() => go({ kind: 'submission', formId, id: r.id })}>
                    Open
                  </button>
                  <button type="button" className="secondary" aria-label={`Delete submission ${r.id}, sent ${when(r.createdAt)}`} onClick={() => void remove(r)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {next !== null ? (
        <LoadMore
          loading={loading}
          onLoad={loadMore}
        />
      ) : null}
    </section>
  );
}

function SubmissionView({ formId, id, go }: { formId: string; id: number; go: (v: View) => void }) {
  const [detail, setDetail] = useState<SubmissionDetail>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<SubmissionDetail>('GET', `/api/config/forms/${formId}/submissions/${id}`).then(setDetail, (err: unknown) => setError(errorText(err)));
  }, [formId, id]);
  const back = () => go({ kind: 'submissions', formId });
  return (
    <section className="forms-screen">
      <Back onClick={back}>Back to the submissions</Back>
      <Heading focus>Submission {detail ? `of ${when(detail.createdAt)}` : ''}</Heading>
      <Messages error={error} />
      {!detail && !error ? <p role="status">Loading the submission…</p> : null}
      {detail ? (
        <>
          <dl className="submission">
            {detail.fields.map((f) => (
              <div key={f.id}>
                <dt>{f.label}</dt>
                <dd>{f.text === '' ? <span className="hint">(left empty)</span> : f.text}</dd>
              </div>
            ))}
            <div>
              <dt>Sent from</dt>
              <dd>
                {detail.page.title} ({detail.page.path})
              </dd>
            </div>
          </dl>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              void confirmDelete().then((answer) => {
                if (answer !== 'confirm') return;
                api('DELETE', `/api/config/forms/${formId}/submissions/${id}`).then(
                  () => go({ kind: 'submissions', formId, notice: `Deleted the submission of ${when(detail.createdAt)}.` }),
                  (err: unknown) => setError(errorText(err)),
                );
              });
            }}
          >
            Delete this submission
          </button>
        </>
      ) : null}
    </section>
  );
}

/* ---------- subscribers ---------- */

const STATUS_NAMES: Record<string, string> = { pending: 'Waiting to confirm', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

function SubscribersView({ listId, go }: { listId: string; go: (v: View) => void }) {
  const [name, setName] = useState('Newsletter list');
  const [done, setDone] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [refocus, setRefocus] = useState(0);
  const id = useId();

  useEffect(() => {
    api<{ newsletters: NewsletterSummary[] }>('GET', '/api/config/forms').then(
      (res) => setName(res.newsletters.find((n) => n.listId === listId)?.name ?? 'Newsletter list'),
      () => undefined,
    );
  }, [listId]);

  const fetchSubscribers = useCallback(
    (f: { q: string; status: string }, after: string | null) =>
      api<{ subscribers: Subscriber[]; next: string | null }>('GET', `/api/config/newsletter/${listId}/subscribers${queryString({ ...f, after })}`).then((res) => ({
        rows: res.subscribers,
        next: res.next,
      })),
    [listId],
  );
  const { rows, setRows, next, loading, error, setError, filter, show: showPage, loadMore } = usePagedList(fetchSubscribers, { q: '', status: '' });
  const show = (f: { q: string; status: string }) => {
    setDone(null);
    showPage(f);
  };

  const remove = async (s: Subscriber) => {
    const answer = await showConfirmation({ title: 'Remove this subscriber?', text: `${s.email} is removed from the list for good. This cannot be undone.`, confirmLabel: 'Remove' });
    if (answer !== 'confirm') return;
    setError(null);
    setDone(null);
    api('DELETE', `/api/config/newsletter/${listId}/subscribers/${encodeURIComponent(s.email)}`).then(
      () => {
        setRows((prev) => prev.filter((r) => r.email !== s.email));
        setDone(`Removed ${s.email}.`);
        setRefocus((n) => n + 1);
      },
      (err: unknown) => setError(errorText(err)),
    );
  };

  return (
    <section className="forms-screen">
      <Back onClick={() => go({ kind: 'list' })} />
      <Heading focus refocus={refocus}>
        Subscribers: {name}
      </Heading>
      <div className="button-row">
        <a className="button" href={`/api/config/newsletter/${listId}/subscribers.csv`} download>
          Export CSV
        </a>
      </div>
      <form
        className="inline-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          show({ ...filter, q: search.trim() });
        }}
      >
        <label>
          Search subscribers
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          Status
          <select value={filter.status} onChange={(e) => show({ ...filter, status: e.target.value })}>
            <option value="">Any</option>
            {Object.entries(STATUS_NAMES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      <Messages error={error} done={done} />
      <p role="status" id={`${id}-status`}>
        {loading ? 'Loading subscribers…' : rows.length === 0 ? 'No subscribers found.' : `Showing ${plural(rows.length, 'subscriber', 'subscribers')} by address${next !== null ? '; more to load' : ''}.`}
      </p>
      {rows.length > 0 ? (
        <table aria-busy={loading} aria-describedby={`${id}-status`}>
          <caption className="visually-hidden">Subscribers of {name}</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Signed up</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.email}>
                <td>{s.email}</td>
                <td>{s.name ?? ''}</td>
                <td>{STATUS_NAMES[s.status] ?? s.status}</td>
                <td>
                  <time dateTime={s.createdAt}>{when(s.createdAt)}</time>
                </td>
                <td className="row-actions">
                  <button type="button" className="secondary" aria-label={`Remove ${s.email}`} onClick={() => void remove(s)}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {next !== null ? (
        <LoadMore
          loading={loading}
          onLoad={loadMore}
        />
      ) : null}
    </section>
  );
}

/* ---------- editing a form ---------- */

const TYPE_NAMES: Record<FormFieldType, string> = {
  text: 'Text (one line)',
  textarea: 'Text area',
  email: 'Email',
  number: 'Number',
  currency: 'Currency',
  phone: 'Phone',
  name: 'Name',
  address: 'Address',
  date: 'Date',
  time: 'Time',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Drop-down list',
  likert: 'Likert scale',
  hidden: 'Hidden',
  section: 'Section heading',
};

const TAB_NAMES: Record<FormSettingsTab, string> = { build: 'Build', storage: 'Storage', advanced: 'Advanced', captcha: 'Captcha', disclaimer: 'Disclaimer' };

/** A field being edited: `uid` keys it while it moves; choices are edited as text, one per line. */
type DraftField = { uid: number; field: FormField; optionsText: string };
type Draft = { title: string; fields: DraftField[]; settings: FormSettings; notifyText: string };

const CHOICE_TYPES: readonly FormFieldType[] = ['radio', 'checkbox', 'select', 'likert'];
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

let nextUid = 1;
const draftField = (field: FormField): DraftField => ({ uid: nextUid++, field, optionsText: 'options' in field ? field.options.join('\n') : '' });

function newField(type: FormFieldType, taken: readonly string[]): FormField {
  let id: string = type;
  for (let n = 2; taken.includes(id); n++) id = `${type}-${n}`;
  const label = `New ${TYPE_NAMES[type].toLowerCase()} field`;
  switch (type) {
    case 'radio':
    case 'checkbox':
    case 'select':
      return { id, type, label, required: false, options: ['First choice', 'Second choice'] };
    case 'likert':
      return { id, type, label, required: false, options: ['First statement'] };
    case 'currency':
      return { id, type, label, required: false, currencySymbol: '$' };
    case 'phone':
      return { id, type, label, required: false, showCountryCode: false };
    case 'hidden':
      return { id, type, label, key: 'source', value: '' };
    case 'section':
      return { id, type, label, underline: false };
    default:
      return { id, type, label, required: false } as FormField;
  }
}

/** What PUT /api/config/forms/:formId takes: empty optional texts left out, choices from their lines. */
function payload(draft: Draft) {
  const fields = draft.fields.map(({ field, optionsText }) => {
    const out: Record<string, unknown> = { ...field };
    for (const key of ['description', 'placeholder'] as const) if (out[key] === '') delete out[key];
    if (out.maxLength === undefined || Number.isNaN(out.maxLength)) delete out.maxLength;
    if (CHOICE_TYPES.includes(field.type)) out.options = lines(optionsText);
    return out;
  });
  const settings: Record<string, unknown> = { ...draft.settings, notifyEmails: lines(draft.notifyText) };
  for (const key of ['redirectUrl', 'webhookUrl', 'postSubmitHtml', 'disclaimerHtml'] as const) if (settings[key] === '') delete settings[key];
  return { title: draft.title.trim(), fields, settings };
}

function toDraft(form: FormBlockData): Draft {
  return { title: form.title ?? '', fields: form.fields.map(draftField), settings: form.settings, notifyText: form.settings.notifyEmails.join('\n') };
}

function EditFormView({ formId, writable, go }: { formId: string; writable: boolean; go: (v: View) => void }) {
  const [detail, loadError] = useFormDetail(formId);
  if (!detail?.form) {
    return (
      <section className="forms-screen">
        <Back onClick={() => go({ kind: 'list' })} />
        <Messages error={loadError ?? (detail ? 'No page holds this form any more.' : null)} />
        {loadError || detail ? null : <p role="status">Loading the form…</p>}
      </section>
    );
  }
  return <FormEditor detail={detail} form={detail.form} writable={writable} go={go} />;
}

function FormEditor({ detail, form, writable, go }: { detail: FormDetail; form: FormBlockData; writable: boolean; go: (v: View) => void }) {
  const formId = detail.formId;
  const [draft, setDraft] = useState<Draft>(() => toDraft(form));
  const [tab, setTab] = useState<FormSettingsTab>('build');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [addType, setAddType] = useState<FormFieldType>('text');
  const [savedWebhook, setSavedWebhook] = useState(form.settings.webhookUrl);
  const [secret, setSecret] = useState<WebhookSecretAnswer>({ webhookSecretMadeAt: detail.webhookSecretMadeAt });
  const tabRefs = useRef<Partial<Record<FormSettingsTab, HTMLButtonElement | null>>>({});
  const base = useId();

  const change = (next: Draft, structural = false) => {
    setDraft(next);
    setDone(null);
    // Messages name fields by position: after a move or removal they would point at the wrong one.
    if (structural) setErrors({});
  };
  const setField = (uid: number, patch: Partial<Record<string, unknown>>) =>
    change({ ...draft, fields: draft.fields.map((d) => (d.uid === uid ? { ...d, field: { ...d.field, ...patch } as FormField } : d)) });
  const setOptions = (uid: number, optionsText: string) => change({ ...draft, fields: draft.fields.map((d) => (d.uid === uid ? { ...d, optionsText } : d)) });
  const setSettings = (patch: Partial<FormSettings>) => change({ ...draft, settings: { ...draft.settings, ...patch } });
  const move = (from: number, to: number) => {
    const fields = [...draft.fields];
    const [moved] = fields.splice(from, 1);
    fields.splice(to, 0, moved!);
    change({ ...draft, fields }, true);
  };

  const errorsIn = (prefix: string) => Object.entries(errors).filter(([path]) => path === prefix || path.startsWith(`${prefix}.`));
  const tabOf = (path: string): FormSettingsTab => {
    if (path.startsWith('fields') || path === 'title' || path.startsWith('settings.submitButtonText') || path.startsWith('settings.disableValidation')) return 'build';
    if (/^settings\.(notifyEmails|autoReply|webhookUrl)/.test(path)) return 'storage';
    if (/^settings\.(redirectUrl|submissionHtml|postSubmitHtml)/.test(path)) return 'advanced';
    if (path.startsWith('settings.captcha')) return 'captcha';
    if (path.startsWith('settings.disclaimerHtml')) return 'disclaimer';
    return 'build';
  };
  const tabsWithErrors = new Set(Object.keys(errors).map(tabOf));
  const fieldError = (path: string) => errorsIn(path).map(([, m]) => m).join(' ') || undefined;
  const describe = (path: string) => {
    const [, index, ...rest] = path.split('.');
    const at = draft.fields[Number(index)];
    if (path.startsWith('fields.') && at) return `${at.field.label || `Field ${Number(index) + 1}`}${rest.length ? ` (${rest.join(' ')})` : ''}`;
    return path.replace(/^settings\./, '').replace(/\./g, ' ');
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? FORM_SETTINGS_TABS.length - 1 : (i + delta + FORM_SETTINGS_TABS.length) % FORM_SETTINGS_TABS.length;
    if (delta === 0 && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = FORM_SETTINGS_TABS[to]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const s = draft.settings;
  const emailFields = draft.fields.filter((d) => d.field.type === 'email');
  const panels: Record<FormSettingsTab, ReactNode> = {
    build: (
      <>
        <Field id={`${base}-title`} label="Form title" error={fieldError('title')} hint="Shown above the form. Leave empty for none.">
          {(props) => <input {...props} value={draft.title} onChange={(e) => change({ ...draft, title: e.target.value })} />}
        </Field>
        <h3>Fields</h3>
        {errorsIn('fields').some(([p]) => p === 'fields') ? <p className="field-error">{errors.fields}</p> : null}
        <ol className="form-fields-editor">
          {draft.fields.map((d, i) => (
            <li key={d.uid}>
              <FieldEditor
                draft={d}
                index={i}
                base={`${base}-f${d.uid}`}
                errorAt={(key) => fieldError(`fields.${i}.${key}`)}
                writable={writable}
                onChange={(patch) => setField(d.uid, patch)}
                onOptions={(text) => setOptions(d.uid, text)}
              />
              {writable ? (
                <div className="button-row">
                  <button type="button" className="secondary" disabled={i === 0} aria-label={`Move up: ${d.field.label}`} onClick={() => move(i, i - 1)}>
                    Move up
                  </button>
                  <button type="button" className="secondary" disabled={i === draft.fields.length - 1} aria-label={`Move down: ${d.field.label}`} onClick={() => move(i, i + 1)}>
                    Move down
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    disabled={draft.fields.length === 1}
                    aria-label={`Remove: ${d.field.label}`}
                    onClick={() => change({ ...draft, fields: draft.fields.filter((x) => x.uid !== d.uid) }, true)}
                  >
                    Remove
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
        {writable ? (
          <div className="inline-form">
            <label>
              New field type
              <select value={addType} onChange={(e) => setAddType(e.target.value as FormFieldType)}>
                {FORM_FIELD_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_NAMES[t]}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="secondary"
              onClick={() =>
                change(
                  {
                    ...draft,
                    fields: [
                      ...draft.fields,
                      draftField(
                        newField(
                          addType,
                          draft.fields.map((x) => x.field.id),
                        ),
                      ),
                    ],
                  },
                  true,
                )
              }
            >
              Add field
            </button>
          </div>
        ) : null}
        <h3>Submit button</h3>
        <Field id={`${base}-submit`} label="Submit button text" error={fieldError('settings.submitButtonText')}>
          {(props) => <input {...props} value={s.submitButtonText} onChange={(e) => setSettings({ submitButtonText: e.target.value })} />}
        </Field>
        <Field id={`${base}-novalidate`} label="Skip checking the fields in the browser before sending" check hint="The server checks every submission either way.">
          {(props) => <input {...props} type="checkbox" checked={s.disableValidation} onChange={(e) => setSettings({ disableValidation: e.target.checked })} />}
        </Field>
      </>
    ),
    storage: (
      <>
        <p className="hint">Every submission is kept in this site&apos;s database. It can also go to these places.</p>
        <Field id={`${base}-notify`} label="Email each submission to (one address per line)" error={fieldError('settings.notifyEmails')}>
          {(props) => <textarea {...props} rows={3} value={draft.notifyText} onChange={(e) => change({ ...draft, notifyText: e.target.value })} />}
        </Field>
        <Field
          id={`${base}-autoreply`}
          label="Send the visitor an automatic reply"
          check
          hint={emailFields.length === 0 ? 'Add an email field to the form first.' : undefined}
        >
          {(props) => (
            <input
              {...props}
              type="checkbox"
              checked={s.autoReply !== undefined}
              disabled={emailFields.length === 0 && s.autoReply === undefined}
              onChange={(e) =>
                setSettings({ autoReply: e.target.checked ? { fieldId: emailFields[0]?.field.id ?? '', subject: 'Thank you for writing', text: 'We received your message.' } : undefined })
              }
            />
          )}
        </Field>
        {s.autoReply ? (
          <fieldset>
            <legend>Automatic reply</legend>
            <Field id={`${base}-ar-field`} label="Send it to the address in" error={fieldError('settings.autoReply.fieldId')}>
              {(props) => (
                <select {...props} value={s.autoReply!.fieldId} onChange={(e) => setSettings({ autoReply: { ...s.autoReply!, fieldId: e.target.value } })}>
                  {emailFields.map((d) => (
                    <option key={d.uid} value={d.field.id}>
                      {d.field.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${base}-ar-subject`} label="Subject" error={fieldError('settings.autoReply.subject')}>
              {(props) => <input {...props} value={s.autoReply!.subject} onChange={(e) => setSettings({ autoReply: { ...s.autoReply!, subject: e.target.value } })} />}
            </Field>
            <Field id={`${base}-ar-text`} label="Text" error={fieldError('settings.autoReply.text')}>
              {(props) => <textarea {...props} rows={4} value={s.autoReply!.text} onChange={(e) => setSettings({ autoReply: { ...s.autoReply!, text: e.target.value } })} />}
            </Field>
          </fieldset>
        ) : null}
        <Field id={`${base}-webhook`} label="Send each submission to this web address (webhook)" error={fieldError('settings.webhookUrl')} hint="An https address that receives each submission as JSON.">
          {(props) => <input {...props} type="url" value={s.webhookUrl ?? ''} onChange={(e) => setSettings({ webhookUrl: e.target.value })} />}
        </Field>
        {savedWebhook ? <WebhookSecret formId={formId} answer={secret} writable={writable} onMade={setSecret} /> : null}
      </>
    ),
    advanced: (
      <>
        <Field id={`${base}-redirect`} label="After sending, go to this address" error={fieldError('settings.redirectUrl')} hint="Leave empty to stay on the page and show the text below.">
          {(props) => <input {...props} value={s.redirectUrl ?? ''} onChange={(e) => setSettings({ redirectUrl: e.target.value })} />}
        </Field>
        <Field id={`${base}-thanks`} label="Text shown after sending (HTML)" error={fieldError('settings.submissionHtml')}>
          {(props) => <textarea {...props} rows={3} value={s.submissionHtml} onChange={(e) => setSettings({ submissionHtml: e.target.value })} />}
        </Field>
        <Field id={`${base}-post`} label="More content shown after sending (HTML)" error={fieldError('settings.postSubmitHtml')}>
          {(props) => <textarea {...props} rows={3} value={s.postSubmitHtml ?? ''} onChange={(e) => setSettings({ postSubmitHtml: e.target.value })} />}
        </Field>
      </>
    ),
    captcha: (
      <Field
        id={`${base}-captcha`}
        label="Ask visitors to complete a captcha"
        check
        error={fieldError('settings.captcha')}
        hint="Shown only once the site has a captcha key; turning captcha on gives the site one."
      >
        {(props) => <input {...props} type="checkbox" checked={s.captcha} onChange={(e) => setSettings({ captcha: e.target.checked })} />}
      </Field>
    ),
    disclaimer: (
      <Field id={`${base}-disclaimer`} label="Disclaimer shown above the submit button (HTML)" error={fieldError('settings.disclaimerHtml')} hint="Sending the form accepts it.">
        {(props) => <textarea {...props} rows={4} value={s.disclaimerHtml ?? ''} onChange={(e) => setSettings({ disclaimerHtml: e.target.value })} />}
      </Field>
    ),
  };

  return (
    <section className="forms-screen">
      <Back onClick={() => go({ kind: 'list' })} />
      <Heading focus>
        {writable ? 'Edit form' : 'Form'}: {detail.name}
      </Heading>
      <p>
        On <PageLink page={detail.page} />
        {detail.otherPages.length > 0 ? ` and ${plural(detail.otherPages.length, 'other page', 'other pages')} (a change applies to every one)` : ''}.
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!writable) return;
          setSaving(true);
          setError(null);
          setErrors({});
          setDone(null);
          api<{ form: FormBlockData } & WebhookSecretAnswer>('PUT', `/api/config/forms/${formId}`, payload(draft))
            .then(
              (res) => {
                setDraft(toDraft(res.form));
                setSavedWebhook(res.form.settings.webhookUrl);
                setSecret({ webhookSecretMadeAt: res.webhookSecretMadeAt, ...(res.webhookSecret ? { webhookSecret: res.webhookSecret } : {}) });
                setDone('Saved. The published pages show the form as it is now.');
              },
              (err: unknown) => {
                const found = (err as { body?: { errors?: Record<string, string> } }).body?.errors ?? {};
                setErrors(found);
                setError(errorText(err));
                const first = Object.keys(found)[0];
                if (first) setTab(tabOf(first));
              },
            )
            .finally(() => setSaving(false));
        }}
      >
        <div role="tablist" aria-label="Form settings" className="tabs">
          {FORM_SETTINGS_TABS.map((t, i) => (
            <button
              key={t}
              ref={(el) => {
                tabRefs.current[t] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`${base}-panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              className={tab === t ? '' : 'secondary'}
              onClick={() => setTab(t)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {TAB_NAMES[t]}
              {tabsWithErrors.has(t) ? <span className="visually-hidden"> (has errors)</span> : null}
              {tabsWithErrors.has(t) ? <span aria-hidden="true"> !</span> : null}
            </button>
          ))}
        </div>
        {FORM_SETTINGS_TABS.map((t) => (
          <div key={t} role="tabpanel" id={`${base}-panel-${t}`} aria-labelledby={`${base}-tab-${t}`} hidden={tab !== t} tabIndex={0}>
            <fieldset disabled={!writable}>
              <legend>{TAB_NAMES[t]}</legend>
              {panels[t]}
            </fieldset>
          </div>
        ))}
        {error ? (
          <div className="form-error" role="alert">
            <p>{error}</p>
            {Object.keys(errors).length > 0 ? (
              <ul>
                {Object.entries(errors).map(([path, message]) => (
                  <li key={path}>
                    {TAB_NAMES[tabOf(path)]}: {describe(path)}: {message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <p className="form-done" role="status">
          {done}
        </p>
        {writable ? (
          <button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save form'}
          </button>
        ) : (
          <p>Your role may see this form but not change it.</p>
        )}
      </form>
    </section>
  );
}

/**
 * The webhook's signing secret (docs/webhooks.md): the secret itself right after it was made (the
 * only time it is shown), otherwise when it was made, and "Make a new secret" for roles that edit
 * forms.
 */
function WebhookSecret({ formId, answer, writable, onMade }: { formId: string; answer: WebhookSecretAnswer; writable: boolean; onMade: (a: WebhookSecretAnswer) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const id = useId();
  const copy = (secret: string) =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('Copied the secret.'),
      () => setCopied('Copying is not allowed here: select the secret and copy it yourself.'),
    );
  const renew = () =>
    void showConfirmation({
      title: 'Make a new signing secret?',
      text: 'Deliveries from now on are signed with the new secret: give it to your receiver, which will refuse them until it has it.',
      confirmLabel: 'Make a new secret',
    }).then((outcome) => {
      if (outcome !== 'confirm') return;
      setBusy(true);
      setError(null);
      api<WebhookSecretAnswer>('POST', `/api/config/forms/${formId}/webhook-secret`)
        .then(onMade, (err: unknown) => setError(errorText(err)))
        .finally(() => setBusy(false));
    });
  return (
    <section aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Webhook signing secret</h4>
      {answer.webhookSecret ? (
        <>
          <p className="field-hint" id={`${id}-hint`}>
            Copy it to your receiver now: it is shown only this once. Each delivery is signed with it (webhook-signature header, Standard Webhooks).
          </p>
          <input className="webhook-secret" type="text" readOnly aria-label="Webhook signing secret" aria-describedby={`${id}-hint`} value={answer.webhookSecret} onFocus={(e) => e.target.select()} />
        </>
      ) : (
        <p className="field-hint">
          {answer.webhookSecretMadeAt
            ? `Each delivery is signed (Standard Webhooks) with a secret made ${when(answer.webhookSecretMadeAt)}. It was shown once; make a new one if your receiver does not have it.`
            : 'Each delivery is signed (Standard Webhooks) with a secret made at the first delivery. Make a new one to see it.'}
        </p>
      )}
      <div className="button-row">
        {answer.webhookSecret ? (
          <button type="button" className="secondary" onClick={() => void copy(answer.webhookSecret!)}>
            Copy secret
          </button>
        ) : null}
        {writable ? (
          <button type="button" className="secondary" disabled={busy} onClick={renew}>
            Make a new secret
          </button>
        ) : null}
      </div>
      {copied ? (
        <p role="status" className="form-done">
          {copied}
        </p>
      ) : null}
      <Messages error={error} />
    </section>
  );
}

/** One field's editable properties, by type (seed 001 §3). */
function FieldEditor(props: {
  draft: DraftField;
  index: number;
  base: string;
  errorAt: (key: string) => string | undefined;
  writable: boolean;
  onChange: (patch: Partial<Record<string, unknown>>) => void;
  onOptions: (text: string) => void;
}) {
  const { draft, index, base, errorAt, onChange, onOptions } = props;
  const f = draft.field as FormField & Record<string, unknown>;
  const text = (key: 'label' | 'description' | 'placeholder' | 'key' | 'value', label: string, hint?: string) => (
    <Field id={`${base}-${key}`} label={label} error={errorAt(key)} hint={hint}>
      {(p) => <input {...p} value={typeof f[key] === 'string' ? (f[key] as string) : ''} onChange={(e) => onChange({ [key]: e.target.value })} />}
    </Field>
  );
  const check = (key: 'required' | 'showCountryCode' | 'underline', label: string) => (
    <Field id={`${base}-${key}`} label={label} check error={errorAt(key)}>
      {(p) => <input {...p} type="checkbox" checked={f[key] === true} onChange={(e) => onChange({ [key]: e.target.checked })} />}
    </Field>
  );
  const type = f.type;
  return (
    <fieldset className="form-field-editor">
      <legend>
        {index + 1}. {f.label || '(no label)'} <span className="hint">— {TYPE_NAMES[type]}</span>
      </legend>
      {text('label', 'Label')}
      {text('description', 'Description', type === 'section' ? 'Shown under the heading.' : 'Shown with the field to help people fill it in.')}
      {type === 'text' || type === 'textarea' || type === 'email' || type === 'number' ? text('placeholder', 'Placeholder') : null}
      {type !== 'hidden' && type !== 'section' ? check('required', 'Required') : null}
      {type === 'textarea' ? (
        <Field
          id={`${base}-maxLength`}
          label="Maximum length (characters)"
          error={errorAt('maxLength')}
          hint="Applies only while the labs feature form_textarea_max_length is on. Leave empty for no limit."
        >
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              max={10000}
              inputMode="numeric"
              value={typeof f.maxLength === 'number' ? f.maxLength : ''}
              onChange={(e) => onChange({ maxLength: e.target.value === '' ? undefined : Number(e.target.value) })}
            />
          )}
        </Field>
      ) : null}
      {type === 'currency' ? (
        <Field id={`${base}-currencySymbol`} label="Currency symbol" error={errorAt('currencySymbol')}>
          {(p) => <input {...p} value={typeof f.currencySymbol === 'string' ? f.currencySymbol : ''} maxLength={4} onChange={(e) => onChange({ currencySymbol: e.target.value })} />}
        </Field>
      ) : null}
      {type === 'phone' ? check('showCountryCode', 'Show the country code') : null}
      {type === 'section' ? check('underline', 'Underline the heading') : null}
      {CHOICE_TYPES.includes(type) ? (
        <Field id={`${base}-options`} label={type === 'likert' ? 'Statements (one per line)' : 'Options (one per line)'} error={errorAt('options')}>
          {(p) => <textarea {...p} rows={Math.min(8, Math.max(3, draft.optionsText.split('\n').length + 1))} value={draft.optionsText} onChange={(e) => onOptions(e.target.value)} />}
        </Field>
      ) : null}
      {type === 'hidden' ? (
        <>
          {text('key', 'Query parameter', 'The field takes its value from this parameter of the page address, such as utm_source.')}
          {text('value', 'Value when the address has none')}
        </>
      ) : null}
      <p className="hint">Field id: {f.id}</p>
    </fieldset>
  );
}

/** `?a=1&b=2` from the values that are set, or '' when none is. */
function queryString(values: Record<string, string | number | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== '') params.set(key, String(value));
  return params.toString() ? `?${params}` : '';
}
