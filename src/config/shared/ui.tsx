/** Small pieces every config screen uses: loading a call's answer, saving, showing an error or a done message, and lists read a page at a time. */
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { call, refusalOf } from './api';

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * GET `url`, its answer parsed by `answer`: the data once loaded, the error to show, and a reload
 * whose promise settles once the new answer is shown (so a screen can say "done" after its list is current).
 */
export function useLoad<S extends z.ZodType>(answer: S, url: string): [z.output<S> | undefined, string | null, () => Promise<void>] {
  const [data, setData] = useState<z.output<S>>();
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => call(answer, 'GET', url).then(setData, (err: unknown) => setError(errorText(err))), [answer, url]);
  useEffect(() => {
    void load();
  }, [load]);
  return [data, error, load];
}

/**
 * A list screen's outcome message (`done`), shown with the list it speaks of: `sayAfterReload`
 * clears the last message, reads the list again, and only then shows the new one (none when null),
 * so a row said to be deleted is gone by the time the message says so.
 */
export function useDoneAfterReload(reload: () => Promise<void>) {
  const [done, setDone] = useState<string | null>(null);
  const sayAfterReload = useCallback(
    async (message: string | null) => {
      setDone(null);
      await reload();
      setDone(message);
    },
    [reload],
  );
  return { done, setDone, sayAfterReload };
}

export function Messages({ error, done }: { error: string | null; done?: string | null }) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="form-done" role="status">
          {done}
        </p>
      ) : null}
    </>
  );
}

/** The field errors of a refused call (the API's `errors` map), if it has any. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  return refusalOf(err).errors ?? {};
}

/**
 * A settings screen's save: `save(call, onSaved)` clears the last outcome, runs the call, and then
 * shows `doneText` (or the `message` given for this call) or the error with each refused field's
 * message; `busy` while it runs.
 */
export function useSave(doneText: string) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = (call: () => Promise<unknown>, onSaved: () => void, message = doneText) => {
    setError(null);
    setFieldErrors({});
    setDone(null);
    setBusy(true);
    call()
      .then(
        () => {
          onSaved();
          setDone(message);
        },
        (err: unknown) => {
          setError(errorText(err));
          setFieldErrors(fieldErrorsOf(err));
        },
      )
      .finally(() => setBusy(false));
  };
  return { error, fieldErrors, done, busy, save, clearDone: () => setDone(null) };
}

/**
 * A list read a page at a time under a filter: `show` starts over with a filter, `loadMore` appends
 * the page after `next`. The table is marked loading from the moment either is asked.
 */
export function usePagedList<Row, Filter, Cursor>(
  fetch: (filter: Filter, cursor: Cursor | null) => Promise<{ rows: Row[]; next: Cursor | null }>,
  initial: NoInfer<Filter>,
) {
  const [rows, setRows] = useState<Row[]>([]);
  const [next, setNext] = useState<Cursor | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState(initial);
  const [reload, setReload] = useState(0);
  const fetchPage = useCallback(
    (f: Filter, cursor: Cursor | null) => {
      fetch(f, cursor)
        .then(
          (res) => {
            setRows((prev) => (cursor === null ? res.rows : [...prev, ...res.rows]));
            setNext(res.next);
          },
          (err: unknown) => setError(errorText(err)),
        )
        .finally(() => setLoading(false));
    },
    [fetch],
  );
  useEffect(() => fetchPage(filter, null), [fetchPage, filter, reload]);
  const show = (f: Filter) => {
    setLoading(true);
    setError(null);
    setFilter(f);
    setReload((n) => n + 1);
  };
  const loadMore = () => {
    setLoading(true);
    setError(null);
    fetchPage(filter, next);
  };
  return { rows, setRows, next, loading, error, setError, filter, show, loadMore };
}

/** The button under a paged list that fetches its next page, while there is one (`more`). */
export function LoadMore({ more, loading, onLoad, label = 'Load more' }: { more: boolean; loading: boolean; onLoad: () => void; label?: string }) {
  if (!more) return null;
  return (
    <p>
      <button type="button" className="secondary" disabled={loading} onClick={onLoad}>
        {loading ? 'Loading…' : label}
      </button>
    </p>
  );
}
