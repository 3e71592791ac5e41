/**
 * A block's editable properties, rendered from its kind's field descriptions
 * (src/blocks/<kind>/fields.ts): each property's control with its label, hint and the API's error
 * at its path, optionally only the properties of one tab. Controls take the bounds the schema sets
 * (lengths, ranges, choices); a property that may be left out is removed when its control is
 * emptied. A property no generic control can edit names a custom editor of its kind
 * (src/blocks/editors.ts), which gets this renderer back for the properties it holds.
 */
import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import { CUSTOM_EDITORS } from '../../blocks/editors';
import type { FieldDescription, Fields, LinesField, ListField } from '../../blocks/fields';
import { Field } from '../../ui/field';
import { LinkPicker } from './link-picker';
import { richText } from '../../messages/rich-text';

/** The rich-text field's editor, with Tiptap: loaded when a block with formatted text is first edited. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

type Data = Readonly<Record<string, unknown>>;
/** `structural`: items moved, came or went, so errors naming positions no longer point at the right ones. */
export type OnChange = (next: Record<string, unknown>, structural?: boolean) => void;

export type BlockFieldsProps = {
  fields: Fields;
  value: Data;
  onChange: OnChange;
  /** The API's refusal, message by dot-separated path from the block's data. */
  errors: Readonly<Record<string, string>>;
  /** Prefix of the controls' ids, unique on the screen. */
  idBase: string;
  writable: boolean;
  /** Show only the properties of this tab. */
  group?: string;
  /** The whole block's data, for custom editors (defaults to `value`). */
  data?: Data;
  /** Where `value` sits in the block's data, for the errors' paths. */
  path?: string;
};

/** The messages at `path` and under it, joined; `exact`: at `path` only. */
export function errorsAt(errors: Readonly<Record<string, string>>, path: string, exact = false): string | undefined {
  const found = Object.entries(errors)
    .filter(([p]) => p === path || (!exact && p.startsWith(`${path}.`)))
    .map(([, m]) => m);
  return found.length > 0 ? found.join(' ') : undefined;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * Formatted text (owner HTML of the text policy): its label, hint and error as every field has
 * them, and the rich-text editor once it has loaded.
 */
function RichTextControl(props: {
  id: string;
  label: string;
  hint: string | undefined;
  error: string | undefined;
  value: string;
  writable: boolean;
  onChange: (html: string) => void;
}) {
  const { id, label, hint, error } = props;
  const labelId = `${id}-label`;
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      {/* It names the editable area through aria-labelledby: a label's for= reaches form controls only. */}
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <Suspense
        fallback={
          <p className="hint" role="status">
            {richText.loading}
          </p>
        }
      >
        <RichTextEditor
          id={id}
          labelledBy={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          value={props.value}
          writable={props.writable}
          onChange={props.onChange}
        />
      </Suspense>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const idOf = (idBase: string, path: string) => `${idBase}-${path.replace(/\./g, '-')}`;
const join = (path: string, key: string) => (key === '' ? path : path ? `${path}.${key}` : key);

/** Texts one per line. The text is kept as typed (blank lines, a line begun) while the value holds the lines. */
function LinesControl({
  id,
  description,
  value,
  onChange,
  error,
}: {
  id: string;
  description: LinesField;
  value: readonly string[];
  onChange: (v: string[]) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState(value.join('\n'));
  // A value changed from outside (a save's answer) replaces the text; one this control wrote does not.
  const shown = lines(text).join('\n') === value.join('\n') ? text : value.join('\n');
  const rows = description.rows ?? Math.min(8, Math.max(3, shown.split('\n').length + 1));
  return (
    <Field id={id} label={description.label} error={error} hint={description.hint}>
      {(p) => (
        <textarea
          {...p}
          rows={rows}
          value={shown}
          onChange={(e) => {
            setText(e.target.value);
            onChange(lines(e.target.value));
          }}
        />
      )}
    </Field>
  );
}

function ListControl(props: {
  id: string;
  path: string;
  description: ListField;
  value: readonly Data[];
  onChange: (v: Data[], structural?: boolean) => void;
  common: Omit<BlockFieldsProps, 'fields' | 'value' | 'onChange' | 'idBase' | 'path'>;
}) {
  const { id, path, description, value, onChange, common } = props;
  const move = (from: number, to: number) => {
    const next = [...value];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next, true);
  };
  const itemName = (i: number) => `${description.itemLabel} ${i + 1}`;
  return (
    <fieldset>
      <legend>{description.label}</legend>
      {errorsAt(common.errors, path, true) ? <p className="field-error">{errorsAt(common.errors, path, true)}</p> : null}
      {value.map((item, i) => (
        <fieldset key={i}>
          <legend>{itemName(i)}</legend>
          <BlockFields
            {...common}
            group={undefined}
            fields={description.fields}
            value={item}
            idBase={`${id}-${i}`}
            path={join(path, String(i))}
            onChange={(next) => onChange(value.map((v, j) => (j === i ? next : v)))}
          />
          {common.writable ? (
            <div className="button-row">
              <button type="button" className="secondary" disabled={i === 0} aria-label={`Move up: ${itemName(i)}`} onClick={() => move(i, i - 1)}>
                Move up
              </button>
              <button
                type="button"
                className="secondary"
                disabled={i === value.length - 1}
                aria-label={`Move down: ${itemName(i)}`}
                onClick={() => move(i, i + 1)}
              >
                Move down
              </button>
              <button
                type="button"
                className="secondary"
                disabled={value.length <= (description.minItems ?? 0)}
                aria-label={`Remove: ${itemName(i)}`}
                onClick={() =>
                  onChange(
                    value.filter((_, j) => j !== i),
                    true,
                  )
                }
              >
                Remove
              </button>
            </div>
          ) : null}
        </fieldset>
      ))}
      {common.writable ? (
        <button
          type="button"
          className="secondary"
          disabled={description.maxItems !== undefined && value.length >= description.maxItems}
          onClick={() => onChange([...value, { ...description.newItem }], true)}
        >
          Add {description.itemLabel.toLowerCase()}
        </button>
      ) : null}
    </fieldset>
  );
}

function Control(props: {
  description: FieldDescription;
  path: string;
  value: unknown;
  set: (v: unknown, structural?: boolean) => void;
  common: Omit<BlockFieldsProps, 'fields' | 'value' | 'onChange' | 'idBase' | 'path'> & { idBase: string };
}): ReactNode {
  const { description: d, path, value, set, common } = props;
  const id = idOf(common.idBase, path);
  const error = errorsAt(common.errors, path);
  const emptied = (text: string) => (text === '' && d.optional ? undefined : text);
  switch (d.type) {
    case 'text':
      return (
        <Field id={id} label={d.label} error={error} hint={d.hint}>
          {(p) => (
            <input
              {...p}
              type={d.inputType ?? 'text'}
              maxLength={d.maxLength}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => set(emptied(e.target.value))}
            />
          )}
        </Field>
      );
    case 'link':
      // The link picker: the address, a choice of what it links to, and the link rules' message beside it.
      return (
        <LinkPicker
          id={id}
          label={d.label}
          hint={d.hint}
          value={typeof value === 'string' ? value : ''}
          optional={d.optional === true || !d.minLength}
          maxLength={d.maxLength}
          writable={common.writable}
          error={error}
          onChange={(href) => set(emptied(href))}
        />
      );
    case 'textarea':
      if (d.html === 'text')
        return (
          <RichTextControl
            id={id}
            label={d.label}
            hint={d.hint}
            error={error}
            value={typeof value === 'string' ? value : ''}
            writable={common.writable}
            onChange={(html) => set(emptied(html))}
          />
        );
      return (
        <Field id={id} label={d.label} error={error} hint={d.hint}>
          {(p) => (
            <textarea
              {...p}
              rows={d.rows ?? 3}
              maxLength={d.maxLength}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => set(emptied(e.target.value))}
            />
          )}
        </Field>
      );
    case 'number':
      return (
        <Field id={id} label={d.label} error={error} hint={d.hint}>
          {(p) => (
            <input
              {...p}
              type="number"
              min={d.min}
              max={d.max}
              step={d.integer ? 1 : 'any'}
              inputMode={d.integer ? 'numeric' : 'decimal'}
              value={typeof value === 'number' && !Number.isNaN(value) ? value : ''}
              onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
            />
          )}
        </Field>
      );
    case 'select':
      return (
        <Field id={id} label={d.label} error={error} hint={d.hint}>
          {(p) => (
            // A numbered choice (a map's style 1 to 6) stays a number.
            <select
              {...p}
              value={typeof value === 'string' || typeof value === 'number' ? String(value) : (d.options[0]?.value ?? '')}
              onChange={(e) => set(typeof value === 'number' ? Number(e.target.value) : e.target.value)}
            >
              {d.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    case 'checkbox':
      return (
        <Field id={id} label={d.label} check error={error} hint={d.hint}>
          {(p) => <input {...p} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />}
        </Field>
      );
    case 'lines':
      return <LinesControl id={id} description={d} value={Array.isArray(value) ? (value as string[]) : []} onChange={set} error={error} />;
    case 'list':
      return <ListControl id={id} path={path} description={d} value={Array.isArray(value) ? (value as Data[]) : []} onChange={set} common={common} />;
    case 'object':
      return <BlockFields {...common} fields={d.fields} value={(value ?? {}) as Data} path={path} onChange={(next, structural) => set(next, structural)} />;
    case 'custom': {
      const Editor = CUSTOM_EDITORS[d.editor];
      if (!Editor) throw new Error(`no custom editor named ${d.editor}`);
      return (
        <Editor
          id={id}
          label={d.label}
          value={value}
          data={common.data ?? {}}
          onChange={set}
          errorAt={(sub, exact) => errorsAt(common.errors, join(path, sub), exact)}
          writable={common.writable}
          Field={Field}
          renderFields={(r) => (
            <BlockFields
              {...common}
              group={undefined}
              fields={r.fields}
              value={r.value}
              idBase={r.idBase}
              path={join(path, r.errorPath)}
              onChange={(next) => r.onChange(next)}
            />
          )}
        />
      );
    }
  }
}

export function BlockFields(props: BlockFieldsProps) {
  const { fields, value, onChange, group, path = '' } = props;
  const common = { errors: props.errors, idBase: props.idBase, writable: props.writable, data: props.data ?? value, ...(group ? { group } : {}) };
  return (
    <>
      {Object.entries(fields).map(([name, d]) => {
        // An object's properties sit in tabs of their own; the object itself belongs to none.
        if (group && d.type !== 'object' && d.group !== group) return null;
        const at = join(path, name);
        const set = (v: unknown, structural?: boolean) => {
          const next: Record<string, unknown> = { ...value, [name]: v };
          if (v === undefined) delete next[name];
          onChange(next, structural);
        };
        return (
          <Fragment key={name}>
            {d.heading ? <h3>{d.heading}</h3> : null}
            <Control description={d} path={at} value={value[name]} set={set} common={common} />
          </Fragment>
        );
      })}
    </>
  );
}
