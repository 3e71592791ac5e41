/**
 * The one form field of the config area and the blocks' editor panels: a labelled control with its
 * hint and its error (a message from the API's `errors` map), tied to the control by
 * aria-describedby and aria-invalid so screen readers announce them with it. Every screen's inputs,
 * selects and checkboxes go through it.
 */
import { useId, type ReactNode } from 'react';

export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

export function Field(props: {
  /** The control's id; one is made when left out. */
  id?: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** A checkbox: the control comes before its label. */
  check?: boolean;
  /** The error is announced as it appears (role=alert): for a field checked on its own, such as a sign-in code. */
  alert?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const madeId = useId();
  const { id = madeId, label, error, hint, check, alert } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  const control = props.children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) });
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <div className={check ? 'field field-check' : 'field'}>
      {check ? control : labelElement}
      {check ? labelElement : control}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role={alert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
