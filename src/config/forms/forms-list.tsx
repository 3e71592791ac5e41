/** The forms and newsletter lists of the site, where each sits and what it collected; then erasing a person's data and how long submissions are kept. */
import { useCallback, useEffect, useState } from 'react';
import { canAccess } from '../../domain/permissions';
import { api } from '../api';
import { errorText, Messages } from '../ui';
import { EraseSection } from './erase';
import { RetentionSection } from './retention';
import { Heading, PageLink, plural, when, type FormSummary, type NewsletterSummary, type View, type Viewer } from './shared';

export function FormsList({ me, writable, notice, go, focus }: { me: Viewer; writable: boolean; notice: string | undefined; go: (v: View) => void; focus: boolean }) {
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
