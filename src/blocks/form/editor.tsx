/**
 * The form block's custom editors (seed 001 §3), for what the generic controls cannot express:
 * the list of fields, each added by type, moved, removed and edited by the properties of its type
 * (./fields.ts `FORM_FIELD_FIELDS`, rendered by the config area's generic renderer), and the
 * automatic reply, which answers to one of the form's own email fields. Browser code with no
 * import of the config area: the labelled field and the renderer come in through the props.
 */
import { useState } from 'react';
import { FORM_FIELD_TYPES, type FormFieldType } from '../../domain/forms';
import type { CustomEditorProps } from '../fields';
import { FORM_FIELD_FIELDS, FORM_FIELD_TYPE_LABELS } from './fields';

/** A form field as the editor holds it: the data of one field, any type. */
type DraftField = Readonly<Record<string, unknown>> & { id: string; type: FormFieldType; label?: string };
type AutoReply = { fieldId: string; subject: string; text: string };

const CHOICE_TYPES: readonly FormFieldType[] = ['radio', 'checkbox', 'select', 'likert'];

let nextUid = 1;

/** A new field of `type` with an id no field of the form has. */
export function newFormField(type: FormFieldType, taken: readonly string[]): DraftField {
  let id: string = type;
  for (let n = 2; taken.includes(id); n++) id = `${type}-${n}`;
  const label = `New ${FORM_FIELD_TYPE_LABELS[type].toLowerCase()} field`;
  if (type === 'hidden') return { id, type, label, key: 'source', value: '' };
  if (type === 'section') return { id, type, label, underline: false };
  const extra =
    type === 'likert'
      ? { options: ['First statement'] }
      : CHOICE_TYPES.includes(type)
        ? { options: ['First choice', 'Second choice'] }
        : type === 'currency'
          ? { currencySymbol: '$' }
          : type === 'phone'
            ? { showCountryCode: false }
            : {};
  return { id, type, label, required: false, ...extra };
}

/** The form's fields: each edited by the properties of its type, moved, removed, and new ones added by type. */
export function FormFieldsEditor({ id, value, onChange, errorAt, writable, renderFields }: CustomEditorProps) {
  const fields = (Array.isArray(value) ? value : []) as DraftField[];
  // Keys that follow a field as it moves, so its controls keep their state and focus.
  const [uids, setUids] = useState<number[]>(() => fields.map(() => nextUid++));
  const [addType, setAddType] = useState<FormFieldType>('text');
  const keys = uids.length === fields.length ? uids : fields.map((_, i) => -i - 1);
  const change = (next: DraftField[], nextUids: number[]) => {
    setUids(nextUids);
    onChange(next, true);
  };
  const move = (from: number, to: number) => {
    const reorder = <T,>(list: readonly T[]) => {
      const out = [...list];
      const [moved] = out.splice(from, 1);
      out.splice(to, 0, moved!);
      return out;
    };
    change(reorder(fields), reorder(keys));
  };
  const problem = errorAt('', true);
  return (
    <>
      {problem ? <p className="field-error">{problem}</p> : null}
      <ol className="form-fields-editor">
        {fields.map((field, i) => (
          <li key={keys[i]}>
            <fieldset className="form-field-editor">
              <legend>
                {i + 1}. {field.label || '(no label)'} <span className="hint">— {FORM_FIELD_TYPE_LABELS[field.type]}</span>
              </legend>
              {renderFields({
                fields: FORM_FIELD_FIELDS[field.type],
                value: field,
                idBase: `${id}-f${keys[i]}`,
                errorPath: String(i),
                onChange: (next) => onChange(fields.map((f, j) => (j === i ? (next as DraftField) : f))),
              })}
              <p className="hint">Field id: {field.id}</p>
            </fieldset>
            {writable ? (
              <div className="button-row">
                <button type="button" className="secondary" disabled={i === 0} aria-label={`Move up: ${field.label ?? ''}`} onClick={() => move(i, i - 1)}>
                  Move up
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={i === fields.length - 1}
                  aria-label={`Move down: ${field.label ?? ''}`}
                  onClick={() => move(i, i + 1)}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={fields.length === 1}
                  aria-label={`Remove: ${field.label ?? ''}`}
                  onClick={() =>
                    change(
                      fields.filter((_, j) => j !== i),
                      keys.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {writable ? (
        <div className="inline-form">
          <label>
            New field type
            <select value={addType} onChange={(e) => setAddType(e.target.value as FormFieldType)}>
              {FORM_FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FORM_FIELD_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="secondary"
            onClick={() =>
              change(
                [
                  ...fields,
                  newFormField(
                    addType,
                    fields.map((f) => f.id),
                  ),
                ],
                [...keys, nextUid++],
              )
            }
          >
            Add field
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The automatic reply: on or off, then which email field of the form it answers, its subject and text. */
export function AutoReplyEditor({ id, label, value, data, onChange, errorAt, Field }: CustomEditorProps) {
  const reply = value as AutoReply | undefined;
  const fields = (Array.isArray(data.fields) ? data.fields : []) as DraftField[];
  const emailFields = fields.filter((f) => f.type === 'email');
  return (
    <>
      <Field id={id} label={label} check hint={emailFields.length === 0 ? 'Add an email field to the form first.' : undefined}>
        {(props) => (
          <input
            {...props}
            type="checkbox"
            checked={reply !== undefined}
            disabled={emailFields.length === 0 && reply === undefined}
            onChange={(e) =>
              onChange(
                e.target.checked ? { fieldId: emailFields[0]?.id ?? '', subject: 'Thank you for writing', text: 'We received your message.' } : undefined,
              )
            }
          />
        )}
      </Field>
      {reply ? (
        <fieldset>
          <legend>Automatic reply</legend>
          <Field id={`${id}-field`} label="Send it to the address in" error={errorAt('fieldId')}>
            {(props) => (
              <select {...props} value={reply.fieldId} onChange={(e) => onChange({ ...reply, fieldId: e.target.value })}>
                {emailFields.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-subject`} label="Subject" error={errorAt('subject')}>
            {(props) => <input {...props} value={reply.subject} onChange={(e) => onChange({ ...reply, subject: e.target.value })} />}
          </Field>
          <Field id={`${id}-text`} label="Text" error={errorAt('text')}>
            {(props) => <textarea {...props} rows={4} value={reply.text} onChange={(e) => onChange({ ...reply, text: e.target.value })} />}
          </Field>
        </fieldset>
      ) : null}
    </>
  );
}
