/**
 * One labelled form control with its hint and its error (a message from the API's `errors` map),
 * tied to the control by aria-describedby and aria-invalid so screen readers announce them with it.
 */
import type { ReactNode } from 'react';

export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

export function Field(props: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** A checkbox: the control comes before its label. */
  check?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { id, label, error, hint, check } = props;
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
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
