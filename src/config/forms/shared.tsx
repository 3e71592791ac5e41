/**
 * What the Forms screens share (the API's answers are src/contracts/forms.ts): which view is open,
 * how they word times and counts, and the heading, back button and page link every view shows.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formDetailAnswer, type FormDetail, type Placement } from '../../contracts/forms';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { errorText } from '../shared/ui';

/** The role the signed-in account has on this site, as the config area knows it. */
export type Viewer = { role: number | null };

export type View =
  | { kind: 'list'; notice?: string }
  | { kind: 'submissions'; formId: string; notice?: string }
  | { kind: 'submission'; formId: string; id: number }
  | { kind: 'edit'; formId: string }
  | { kind: 'subscribers'; listId: string };

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The view's main heading, focused when the view opens from another one, so keyboard and screen
 * reader users land on it, and again whenever `refocus` grows (after the row holding the focus
 * was deleted).
 */
export function Heading({ children, focus, refocus = 0 }: { children: ReactNode; focus: boolean; refocus?: number }) {
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

export function Back({ onClick, children = 'Back to forms' }: { onClick: () => void; children?: ReactNode }) {
  return (
    <p>
      <button type="button" className="link" onClick={onClick}>
        ← {children}
      </button>
    </p>
  );
}

export function PageLink({ page }: { page: Placement | null }) {
  if (!page) return <>No page holds it any more</>;
  return page.path ? <a href={`/config/?frameUrl=${encodeURIComponent(page.path)}`}>{page.title}</a> : <>{page.title}</>;
}
export function useFormDetail(formId: string): [FormDetail | undefined, string | null] {
  const [detail, setDetail] = useState<FormDetail>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(formDetailAnswer, 'GET', `/api/config/forms/${formId}`).then(setDetail, (err: unknown) => setError(errorText(err)));
  }, [formId]);
  return [detail, error];
}

export const confirmDelete = () =>
  showConfirmation({
    title: 'Delete this submission?',
    text: 'The submission is deleted from this site for good. This cannot be undone.',
    confirmLabel: 'Delete',
  });

/** `?a=1&b=2` from the values that are set, or '' when none is. */
export function queryString(values: Record<string, string | number | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== '') params.set(key, String(value));
  return params.toString() ? `?${params}` : '';
}
