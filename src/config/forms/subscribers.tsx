/** A newsletter list's subscribers by address, a page at a time: searched, filtered by status, removed after a confirmation, exported as CSV. */
import { useCallback, useEffect, useId, useState } from 'react';
import { showConfirmation } from '../../runtime/dialogs/show';
import { api } from '../api';
import { errorText, LoadMore, Messages, usePagedList } from '../ui';
import { Back, Heading, plural, queryString, when, type NewsletterSummary, type View } from './shared';

type Subscriber = { email: string; name: string | null; status: string; createdAt: string; confirmedAt: string | null; unsubscribedAt: string | null };

const STATUS_NAMES: Record<string, string> = { pending: 'Waiting to confirm', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

export function SubscribersView({ listId, go }: { listId: string; go: (v: View) => void }) {
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
