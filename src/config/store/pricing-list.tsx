/**
 * What the Coupons, Shipping and Taxes lists share: which row's form is open (a new one, or a row
 * being changed), a delete asked for once more before it is sent, the outcome said once the list
 * is current again, the Edit and Delete buttons of a row, a screen's head and a calculator's card.
 */
import { useState, type ReactNode } from 'react';
import { okAnswer } from '../../contracts/common';
import { format } from '../../messages/format';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { errorText, useDoneAfterReload } from '../shared/ui';
import { words } from './pricing-words';

export function useRuleList<Row>(reload: () => Promise<void>) {
  const { done, setDone, sayAfterReload } = useDoneAfterReload(reload);
  const [error, setError] = useState<string | null>(null);
  /** The row whose form is open, 'new' for a new one, null when none is. */
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const open = (row: Row | 'new') => {
    setDone(null);
    setError(null);
    setEditing(row);
  };
  /** Closes the form, saying `message` (a save's outcome) once the list shows it. */
  const closed = (message: string | null) => {
    setEditing(null);
    if (message) void sayAfterReload(message);
  };
  const remove = async (ask: { url: string; title: string; text: string; done: string }) => {
    if ((await showConfirmation({ title: ask.title, text: ask.text, confirmLabel: words.delete })) !== 'confirm') return;
    setError(null);
    setDone(null);
    call(okAnswer, 'DELETE', ask.url).then(
      () => void sayAfterReload(ask.done),
      (err: unknown) => setError(errorText(err)),
    );
  };
  return { done, error, editing, open, closed, remove };
}

/** A row's Edit and Delete buttons, each naming what it acts on for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="button-row">
      <button type="button" className="secondary" onClick={onEdit} aria-label={format(words.editOf, { name })}>
        {words.edit}
      </button>
      <button type="button" className="secondary danger" onClick={onDelete} aria-label={format(words.deleteOf, { name })}>
        {words.delete}
      </button>
    </div>
  );
}

/** A save's buttons: create or save, and cancel. */
export function FormButtons({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="button-row">
      <button type="submit" disabled={busy}>
        {label}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        {words.cancel}
      </button>
    </div>
  );
}

/** A screen's heading and hint, with its Add button while no form is open and the owner may write. */
export function ScreenHead({ id, title, hint, add }: { id: string; title: string; hint: string; add: { label: string; onClick: () => void } | null }) {
  return (
    <>
      <div className="store-head">
        <h1 id={id}>{title}</h1>
        {add ? (
          <button type="button" onClick={add.onClick}>
            {add.label}
          </button>
        ) : null}
      </div>
      <p className="hint">{hint}</p>
    </>
  );
}

/** A calculator's card: its heading, its hint, the fields it is worked out from, and the outcome (read out as it changes). */
export function PreviewCard({ id, hint, fields, children }: { id: string; hint: string; fields: ReactNode; children: ReactNode }) {
  return (
    <section className="store-card pricing-preview" aria-labelledby={id}>
      <h2 id={id}>{words.previewTitle}</h2>
      <p className="field-hint">{hint}</p>
      <div className="pricing-fields">{fields}</div>
      <div className="pricing-outcome" role="status">
        {children}
      </div>
    </section>
  );
}
