/** Small pieces every config screen uses: loading a call's answer, saving, and showing an error or a done message. */
import { useEffect, useState } from 'react';
import { api } from './api';

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function useLoad<T>(url: string): [T | undefined, string | null, () => void] {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    api<T>('GET', url).then(setData, (err: unknown) => setError(errorText(err)));
  }, [url, tick]);
  return [data, error, () => setTick((t) => t + 1)];
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
  return (err as { body?: { errors?: Record<string, string> } }).body?.errors ?? {};
}

/**
 * A settings screen's save: `save(call, onSaved)` clears the last outcome, runs the call, and then
 * shows `doneText` or the error with each refused field's message; `busy` while it runs.
 */
export function useSave(doneText: string) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = (call: () => Promise<unknown>, onSaved: () => void) => {
    setError(null);
    setFieldErrors({});
    setDone(null);
    setBusy(true);
    call()
      .then(
        () => {
          onSaved();
          setDone(doneText);
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
