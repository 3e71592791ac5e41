/** A form's submissions, newest first, a page at a time: searched, opened, deleted after a confirmation, exported as CSV. */
import { useCallback, useId, useState } from 'react';
import { okAnswer } from '../../contracts/common';
import { submissionsAnswer, type SubmissionSummary } from '../../contracts/forms';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, LoadMore, Messages, usePagedList } from '../shared/ui';
import { Back, confirmDelete, Heading, PageLink, plural, queryString, useFormDetail, when, type View } from './shared';

export function SubmissionsView({ formId, notice, go, focus }: { formId: string; notice: string | undefined; go: (v: View) => void; focus: boolean }) {
  const [detail, detailError] = useFormDetail(formId);
  const [done, setDone] = useState<string | null>(notice ?? null);
  const [search, setSearch] = useState('');
  const [refocus, setRefocus] = useState(0);
  const id = useId();
  const fetchSubmissions = useCallback(
    (q: string, before: number | null) =>
      call(submissionsAnswer, 'GET', `/api/config/forms/${formId}/submissions${queryString({ q, before })}`).then((res) => ({
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
    call(okAnswer, 'DELETE', `/api/config/forms/${formId}/submissions/${row.id}`).then(
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
        <DataTable
          caption={`Submissions of ${name}, newest first`}
          busy={loading}
          describedBy={`${id}-status`}
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            { header: 'Submitted', cell: (r) => <time dateTime={r.createdAt}>{when(r.createdAt)}</time> },
            { header: 'Summary', cell: (r) => <Preview row={r} /> },
            { header: 'Page', cell: (r) => r.page.path },
            {
              header: 'Actions',
              className: 'row-actions',
              cell: (r) => (
                <>
                  <button
                    type="button"
                    aria-label={`Open submission ${r.id}, sent ${when(r.createdAt)}`}
                    onClick={() => go({ kind: 'submission', formId, id: r.id })}
                  >
                    Open
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Delete submission ${r.id}, sent ${when(r.createdAt)}`}
                    onClick={() => void remove(r)}
                  >
                    Delete
                  </button>
                </>
              ),
            },
          ]}
        />
      ) : null}
      <LoadMore more={next !== null} loading={loading} onLoad={loadMore} />
    </section>
  );
}

/** The first few fields a submission filled in, each named for screen readers. */
function Preview({ row }: { row: SubmissionSummary }) {
  if (row.preview.length === 0) return <>(empty)</>;
  return (
    <>
      {row.preview.map((p, i) => (
        <span key={p.label + i}>
          {i > 0 ? ' · ' : null}
          <span className="visually-hidden">{p.label}: </span>
          {p.text}
        </span>
      ))}
    </>
  );
}
