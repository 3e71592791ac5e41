/** A newsletter list's subscribers by address, a page at a time: searched, filtered by status, removed after a confirmation, exported as CSV. */
import { useCallback, useEffect, useId, useState } from 'react';
import { okAnswer } from '../../contracts/common';
import { formsAnswer, subscribersAnswer, type Subscriber } from '../../contracts/forms';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, LoadMore, Messages, usePagedList } from '../shared/ui';
import { Back, Heading, plural, queryString, when, type View } from './shared';

const STATUS_NAMES: Record<string, string> = { pending: 'Waiting to confirm', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

export function SubscribersView({ listId, go }: { listId: string; go: (v: View) => void }) {
  const [name, setName] = useState('Newsletter list');
  const [done, setDone] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [refocus, setRefocus] = useState(0);
  const id = useId();

  useEffect(() => {
    call(formsAnswer, 'GET', '/api/config/forms').then(
      (res) => setName(res.newsletters.find((n) => n.listId === listId)?.name ?? 'Newsletter list'),
      () => undefined,
    );
  }, [listId]);

  const fetchSubscribers = useCallback(
    (f: { q: string; status: string }, after: string | null) =>
      call(subscribersAnswer, 'GET', `/api/config/newsletter/${listId}/subscribers${queryString({ ...f, after })}`).then((res) => ({
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
    const answer = await showConfirmation({
      title: 'Remove this subscriber?',
      text: `${s.email} is removed from the list for good. This cannot be undone.`,
      confirmLabel: 'Remove',
    });
    if (answer !== 'confirm') return;
    setError(null);
    setDone(null);
    call(okAnswer, 'DELETE', `/api/config/newsletter/${listId}/subscribers/${encodeURIComponent(s.email)}`).then(
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
        {loading
          ? 'Loading subscribers…'
          : rows.length === 0
            ? 'No subscribers found.'
            : `Showing ${plural(rows.length, 'subscriber', 'subscribers')} by address${next !== null ? '; more to load' : ''}.`}
      </p>
      {rows.length > 0 ? (
        <DataTable
          caption={`Subscribers of ${name}`}
          busy={loading}
          describedBy={`${id}-status`}
          rows={rows}
          rowKey={(s) => s.email}
          columns={[
            { header: 'Email', cell: (s) => s.email },
            { header: 'Name', cell: (s) => s.name ?? '' },
            { header: 'Status', cell: (s) => STATUS_NAMES[s.status] ?? s.status },
            { header: 'Signed up', cell: (s) => <time dateTime={s.createdAt}>{when(s.createdAt)}</time> },
            {
              header: 'Actions',
              className: 'row-actions',
              cell: (s) => (
                <button type="button" className="secondary" aria-label={`Remove ${s.email}`} onClick={() => void remove(s)}>
                  Remove
                </button>
              ),
            },
          ]}
        />
      ) : null}
      <LoadMore more={next !== null} loading={loading} onLoad={loadMore} />
    </section>
  );
}
