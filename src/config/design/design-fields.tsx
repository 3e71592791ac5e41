/**
 * Pieces the Design screen's panels share: a change to the draft (an immer recipe), the server's
 * refusals beside the field they name (by JSON path, `design.type.desktop.baseSizePx`), a colour
 * chosen with the browser's picker or typed as a code, and a choice among a few named options.
 */
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import type { Draft } from 'immer';
import type { Design } from '../../document/design';
import { words } from './design-words';

/** A change to the design: an immer recipe over the draft. */
export type UpdateDesign = (recipe: (draft: Draft<Design>) => void) => void;

/** What every panel gets. */
export type PanelProps = { design: Design; update: UpdateDesign; writable: boolean };

/** The server's message for each refused field, by its JSON path. */
export const FieldErrors = createContext<Readonly<Record<string, string>>>({});

/** The server's message for the field at `path` or anything under it, if it refused one. */
export function useFieldError(path: string): string | undefined {
  const errors = useContext(FieldErrors);
  const key = Object.keys(errors).find((k) => k === path || k.startsWith(`${path}.`));
  return key === undefined ? undefined : errors[key];
}

/** A field's error, with the id its control points at (aria-describedby), or nothing. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id}>
      {message}
    </p>
  );
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A typed code as #rrggbb, when it is one (#rgb grown, the # optional). */
export function hexOf(text: string): string | undefined {
  const m = HEX.exec(text.trim());
  if (!m) return undefined;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!;
  return `#${digits.toLowerCase()}`;
}

/**
 * A colour as #rrggbb, chosen with the browser's picker or typed: a code is taken once it is a
 * whole one, and until then the field says what it needs.
 */
export function HexColourInput({
  label,
  codeLabel,
  value,
  onChange,
  disabled,
  error,
}: {
  label: string;
  codeLabel: string;
  value: string;
  onChange: (hex: string) => void;
  disabled: boolean;
  error?: string | undefined;
}) {
  const [typed, setTyped] = useState<string>();
  const hintId = useId();
  const errorId = useId();
  const shown = typed ?? value;
  const wrong = typed !== undefined && hexOf(typed) === undefined;
  return (
    <div className="colour-input">
      <input type="color" aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      <input
        className="colour-code"
        aria-label={codeLabel}
        value={shown}
        disabled={disabled}
        spellCheck={false}
        maxLength={7}
        aria-invalid={wrong || error ? true : undefined}
        aria-describedby={wrong ? hintId : error ? errorId : undefined}
        onChange={(e) => {
          const next = e.target.value;
          const hex = hexOf(next);
          setTyped(hex === undefined ? next : undefined);
          if (hex) onChange(hex);
        }}
        onBlur={() => setTyped(undefined)}
      />
      {wrong ? (
        <p className="field-error" id={hintId}>
          {words.hexHint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** One choice among a few, as radio buttons, each with an optional line saying what it does. */
export function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
  error,
  compact = false,
  children,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string; hint?: string }[];
  onChange: (value: T) => void;
  disabled: boolean;
  error?: string | undefined;
  /** Short options, several to a row. */
  compact?: boolean;
  children?: ReactNode;
}) {
  const errorId = useId();
  const id = useId();
  return (
    <fieldset className={`design-choice${compact ? ' design-choice--compact' : ''}`} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="design-choice-options">
        {options.map((o, i) => (
          <label key={o.value} className="design-option">
            {/* Named by its label alone; its hint describes it. */}
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              aria-labelledby={`${id}-${i}`}
              aria-describedby={o.hint ? `${id}-${i}-hint` : undefined}
              onChange={() => onChange(o.value)}
            />
            <span>
              <span className="design-option-label" id={`${id}-${i}`}>
                {o.label}
              </span>
              {o.hint ? (
                <span className="design-option-hint" id={`${id}-${i}-hint`}>
                  {o.hint}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
      {children}
    </fieldset>
  );
}
