/**
 * Editing a form (seed 001 §3) until the visual editor arrives: the form block's fields, rendered
 * from its definition (src/blocks/form/fields.ts) in the editor's tabs, saved whole to every page
 * holding the form. A refused save marks each field the API names and opens the first tab with an
 * error; the webhook's signing secret is shown once, when made.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { blockDefinition } from '../../blocks/definitions';
import { groupOf } from '../../blocks/fields';
import type { FormData as FormBlockData } from '../../blocks/form/schema';
import { BLOCK_TYPES } from '../../domain/block-types';
import { formSavedAnswer, type FormDetail, type WebhookSecretAnswer } from '../../contracts/forms';
import { call } from '../shared/api';
import { BlockFields } from '../shared/block-fields';
import { errorText, fieldErrorsOf, Messages } from '../shared/ui';
import { Back, Heading, PageLink, plural, useFormDetail, type View } from './shared';
import { WebhookSecret } from './webhook-secret';

const FORM = blockDefinition(BLOCK_TYPES.FORM)!;
const GROUPS = FORM.groups ?? [];

/** The form's data as the editor changes it: the block's data, any property possibly unset. */
type Draft = Record<string, unknown>;

/** What PUT /api/config/forms/:formId takes. The title is always sent: an empty one removes it. */
function payload(draft: Draft) {
  return { title: typeof draft.title === 'string' ? draft.title.trim() : '', fields: draft.fields, settings: draft.settings };
}

export function EditFormView({ formId, writable, go }: { formId: string; writable: boolean; go: (v: View) => void }) {
  const [detail, loadError] = useFormDetail(formId);
  if (!detail?.form) {
    return (
      <section className="forms-screen">
        <Back onClick={() => go({ kind: 'list' })} />
        <Messages error={loadError ?? (detail ? 'No page holds this form any more.' : null)} />
        {loadError || detail ? null : <p role="status">Loading the form…</p>}
      </section>
    );
  }
  return <FormEditor detail={detail} form={detail.form} writable={writable} go={go} />;
}

function FormEditor({ detail, form, writable, go }: { detail: FormDetail; form: FormBlockData; writable: boolean; go: (v: View) => void }) {
  const formId = detail.formId;
  const [draft, setDraft] = useState<Draft>(form);
  const [tab, setTab] = useState(GROUPS[0]!.key);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedWebhook, setSavedWebhook] = useState(form.settings.webhookUrl);
  const [secret, setSecret] = useState<WebhookSecretAnswer>({ webhookSecretMadeAt: detail.webhookSecretMadeAt });
  const tabRefs = useRef<Partial<Record<string, HTMLButtonElement | null>>>({});
  const base = useId();

  const change = (next: Draft, structural = false) => {
    setDraft(next);
    setDone(null);
    // Messages name fields by position: after a move or removal they would point at the wrong one.
    if (structural) setErrors({});
  };
  const tabOf = (path: string) => groupOf(FORM.fields, path) ?? GROUPS[0]!.key;
  const tabsWithErrors = new Set(Object.keys(errors).map(tabOf));
  const tabName = (key: string) => GROUPS.find((g) => g.key === key)?.label ?? key;
  const fields = Array.isArray(draft.fields) ? (draft.fields as { label?: string }[]) : [];
  const describe = (path: string) => {
    const [, index, ...rest] = path.split('.');
    const at = fields[Number(index)];
    if (path.startsWith('fields.') && at) return `${at.label || `Field ${Number(index) + 1}`}${rest.length ? ` (${rest.join(' ')})` : ''}`;
    return path.replace(/^settings\./, '').replace(/\./g, ' ');
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? GROUPS.length - 1 : (i + delta + GROUPS.length) % GROUPS.length;
    if (delta === 0 && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = GROUPS[to]!.key;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="forms-screen">
      <Back onClick={() => go({ kind: 'list' })} />
      <Heading focus>
        {writable ? 'Edit form' : 'Form'}: {detail.name}
      </Heading>
      <p>
        On <PageLink page={detail.page} />
        {detail.otherPages.length > 0 ? ` and ${plural(detail.otherPages.length, 'other page', 'other pages')} (a change applies to every one)` : ''}.
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!writable) return;
          setSaving(true);
          setError(null);
          setErrors({});
          setDone(null);
          call(formSavedAnswer, 'PUT', `/api/config/forms/${formId}`, payload(draft))
            .then(
              (res) => {
                setDraft(res.form);
                setSavedWebhook(res.form.settings.webhookUrl);
                setSecret({ webhookSecretMadeAt: res.webhookSecretMadeAt, ...(res.webhookSecret ? { webhookSecret: res.webhookSecret } : {}) });
                setDone('Saved. The published pages show the form as it is now.');
              },
              (err: unknown) => {
                const found = fieldErrorsOf(err);
                setErrors(found);
                setError(errorText(err));
                const first = Object.keys(found)[0];
                if (first) setTab(tabOf(first));
              },
            )
            .finally(() => setSaving(false));
        }}
      >
        <div role="tablist" aria-label="Form settings" className="tabs">
          {GROUPS.map((g, i) => (
            <button
              key={g.key}
              ref={(el) => {
                tabRefs.current[g.key] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${g.key}`}
              aria-selected={tab === g.key}
              aria-controls={`${base}-panel-${g.key}`}
              tabIndex={tab === g.key ? 0 : -1}
              className={tab === g.key ? '' : 'secondary'}
              onClick={() => setTab(g.key)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {g.label}
              {tabsWithErrors.has(g.key) ? <span className="visually-hidden"> (has errors)</span> : null}
              {tabsWithErrors.has(g.key) ? <span aria-hidden="true"> !</span> : null}
            </button>
          ))}
        </div>
        {GROUPS.map((g) => (
          <div key={g.key} role="tabpanel" id={`${base}-panel-${g.key}`} aria-labelledby={`${base}-tab-${g.key}`} hidden={tab !== g.key} tabIndex={0}>
            <fieldset disabled={!writable}>
              <legend>{g.label}</legend>
              {g.intro ? <p className="hint">{g.intro}</p> : null}
              <BlockFields fields={FORM.fields} value={draft} onChange={change} errors={errors} idBase={base} writable={writable} group={g.key} />
              {g.key === 'storage' && savedWebhook ? <WebhookSecret formId={formId} answer={secret} writable={writable} onMade={setSecret} /> : null}
            </fieldset>
          </div>
        ))}
        {error ? (
          <div className="form-error" role="alert">
            <p>{error}</p>
            {Object.keys(errors).length > 0 ? (
              <ul>
                {Object.entries(errors).map(([path, message]) => (
                  <li key={path}>
                    {tabName(tabOf(path))}: {describe(path)}: {message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <p className="form-done" role="status">
          {done}
        </p>
        {writable ? (
          <button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save form'}
          </button>
        ) : (
          <p>Your role may see this form but not change it.</p>
        )}
      </form>
    </section>
  );
}
