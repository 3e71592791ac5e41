/** Small pieces every config screen uses: loading a call's answer, and showing an error or a done message. */
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
