/** The forms and newsletter lists of the site, where each sits and what it collected; then erasing a person's data and how long submissions are kept. */
import { formsAnswer, type FormSummary, type NewsletterSummary } from '../../contracts/forms';
import { canAccess } from '../../domain/permissions';
import { DataTable } from '../shared/data-table';
import { Messages, useLoad } from '../shared/ui';
import { EraseSection } from './erase';
import { RetentionSection } from './retention';
import { Heading, PageLink, plural, when, type View, type Viewer } from './shared';

export function FormsList({
  me,
  writable,
  notice,
  go,
  focus,
}: {
  me: Viewer;
  writable: boolean;
  notice: string | undefined;
  go: (v: View) => void;
  focus: boolean;
}) {
  const [data, error, load] = useLoad(formsAnswer, '/api/config/forms');
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
          <DataTable
            rows={data.forms}
            rowKey={(f) => f.formId}
            rowHeaders
            empty="No page of this site has a form yet."
            columns={[
              { header: 'Form', cell: (f) => f.name },
              { header: 'Page', cell: (f) => <Placed item={f} /> },
              { header: 'Submissions', cell: (f) => f.submissions },
              { header: 'Last submission', cell: (f) => when(f.lastSubmittedAt) || 'None yet' },
              {
                header: 'Actions',
                className: 'row-actions',
                cell: (f) => (
                  <>
                    {writable ? (
                      <button type="button" aria-label={`Submissions of ${f.name}`} onClick={() => go({ kind: 'submissions', formId: f.formId })}>
                        Submissions
                      </button>
                    ) : null}
                    {f.page ? (
                      <button
                        type="button"
                        className="secondary"
                        aria-label={`${writable ? 'Edit form' : 'View form'}: ${f.name}`}
                        onClick={() => go({ kind: 'edit', formId: f.formId })}
                      >
                        {writable ? 'Edit form' : 'View form'}
                      </button>
                    ) : null}
                  </>
                ),
              },
            ]}
          />
          <h2>Newsletter lists</h2>
          <DataTable
            rows={data.newsletters}
            rowKey={(n) => n.listId}
            rowHeaders
            empty="No page of this site has a newsletter sign-up yet."
            columns={[
              { header: 'List', cell: (n) => n.name },
              { header: 'Page', cell: (n) => <Placed item={n} /> },
              {
                header: 'Subscribers',
                cell: (n) => `${n.subscribers.confirmed} confirmed, ${n.subscribers.pending} waiting to confirm, ${n.subscribers.unsubscribed} unsubscribed`,
              },
              writable && {
                header: 'Actions',
                className: 'row-actions',
                cell: (n) => (
                  <button type="button" aria-label={`Subscribers of ${n.name}`} onClick={() => go({ kind: 'subscribers', listId: n.listId })}>
                    Subscribers
                  </button>
                ),
              },
            ]}
          />
          {writable ? (
            <p className="hint">
              What visitors send is kept in this site&apos;s database. Open a form&apos;s submissions to read, search, delete or export them.
            </p>
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

/** The first page holding a form or list, and how many others do. */
function Placed({ item }: { item: FormSummary | NewsletterSummary }) {
  return (
    <>
      <PageLink page={item.page} />
      {item.otherPages.length > 0 ? ` and ${plural(item.otherPages.length, 'other page', 'other pages')}` : null}
    </>
  );
}
