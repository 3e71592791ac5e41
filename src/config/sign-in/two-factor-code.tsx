/**
 * The authentication code as every code step takes it (signing in, turning two-factor sign-in on
 * and off): its format messages, the clean-up before sending, the field, and reading what a
 * refused code's answer says.
 */
import { useRef, useState, type Ref } from 'react';
import { ApiError, refusalOf } from '../shared/api';
import { Field } from '../../ui/field';
import { errorText } from '../shared/ui';
import { twoFactor } from '../../messages/two-factor';

export const CODE_FORMAT = twoFactor.enterCode;
export const CODE_OR_RECOVERY_FORMAT = twoFactor.enterCodeOrRecovery;
export const RECOVERY_FORMAT = 'Enter one of your recovery codes, such as abcd-2345.';

/** The code as the server wants it (apps show `123 456`), or null when it cannot be one. */
export function cleanCode(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The app's code, or a recovery code (`abcd-2345`, sent as typed for the server to read), or null when it can be neither. */
export function cleanCodeOrRecovery(code: string): string | null {
  const compact = code.replace(/\s/g, '');
  return cleanCode(code) ?? (/^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(compact) ? compact : null);
}

/** A failed call's message for one field: the field's own message when the server gave one. */
export function fieldError(err: unknown, field: string): string {
  return (err instanceof ApiError && err.body.errors?.[field]) || errorText(err);
}

/** What the server says went wrong with a code or password (`wrong`, `used`, `ticketExpired` …). */
export function problemOf(err: unknown): string | undefined {
  return refusalOf(err).problem;
}

/**
 * The code input every code step uses: the label and hints browsers and password managers know.
 * Where a recovery code may stand in (`recovery`), it takes letters too.
 */
/**
 * A code field's error and input: `fail` shows the message and selects what was typed, so the
 * next try replaces it; `setError(null)` clears it.
 */
export function useCodeError() {
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
    input.current?.select();
  };
  return { error, setError, input, fail };
}

export function CodeField(props: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
  hint?: string;
  recovery?: boolean;
}) {
  return (
    <Field label="Authentication code" hint={props.hint} error={props.error} alert>
      {(control) => (
        <input
          {...control}
          ref={props.inputRef}
          name="code"
          autoComplete="one-time-code"
          inputMode={props.recovery ? 'text' : 'numeric'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={props.recovery ? 11 : 7}
          required
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
