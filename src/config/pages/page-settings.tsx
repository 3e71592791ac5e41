/**
 * A page's settings, in a dialog opened from the Pages screen: title, navigation title, URL slug,
 * SEO title and description, social image, hiding from search engines, visibility and who may open
 * the page (a password is sent only when typed, and never comes back). Also the image choice the
 * add-page dialog shares: an image of the library (./file-picker.tsx), or an https address.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { okAnswer } from '../../contracts/common';
import { pageChangedAnswer, pageSettingsAnswer, type PageSettings } from '../../contracts/pages';
import { format } from '../../messages/format';
import { blog } from '../../messages/blog';
import { editing } from '../../messages/editing';
import { filesScreen } from '../../messages/files-screen';
import { pages as texts } from '../../messages/pages';
import { Popup } from '../../ui/dialogs/popup';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { LibraryImageButton } from '../shared/file-picker';
import { errorText, fieldErrorsOf, Messages } from '../shared/ui';

/** A dialog of the Pages screen: a form in a modal box, closed by its Cancel, Escape, or when `open` turns false. */
export function PageDialog({ title, open, onClosed, children }: { title: string; open: boolean; onClosed: () => void; children: ReactNode }) {
  return <Popup role="dialog" placement="center" open={open} title={title} text={<div className="page-dialog">{children}</div>} onHide={onClosed} />;
}

/** An image: one from the library (picked, or uploaded into it and picked), or an address typed in; `value` is what the call sends. */
export function ImageChoice(props: { id: string; label: string; value: string; onChange: (value: string) => void; error?: string | undefined; hint: string }) {
  const { id, label, value, onChange, error, hint } = props;
  const fromSite = value.startsWith('/s/');
  return (
    <fieldset className="image-choice">
      <legend>{label}</legend>
      <p className="field-hint">{hint}</p>
      <div className="image-choice-current">
        {fromSite ? <img src={`${value}?format=300w`} alt="" width={120} height={90} /> : null}
        <p className="image-choice-name">{fromSite ? value : filesScreen.noImageChosen}</p>
        <div className="button-row">
          <LibraryImageButton label={fromSite ? filesScreen.changeImage : filesScreen.fromLibrary} onPick={(image) => onChange(image.src)} />
          {fromSite ? (
            <button type="button" className="secondary" onClick={() => onChange('')}>
              {filesScreen.removeImage}
            </button>
          ) : null}
        </div>
      </div>
      <Field id={`${id}-address`} label={texts.imageAddress} error={error}>
        {(control) => <input {...control} type="url" inputMode="url" value={fromSite ? '' : value} onChange={(e) => onChange(e.target.value.trim())} />}
      </Field>
    </fieldset>
  );
}

type Form = {
  title: string;
  navigationTitle: string;
  path: string;
  seoTitle: string;
  seoDescription: string;
  socialImage: string;
  noIndex: boolean;
  visibility: PageSettings['visibility'];
  access: PageSettings['access']['type'];
  password: string;
};

function formOf(s: PageSettings): Form {
  return {
    title: s.title,
    navigationTitle: s.navigationTitle ?? '',
    path: s.path ?? '',
    seoTitle: s.seo.title ?? '',
    seoDescription: s.seo.description ?? '',
    socialImage: s.seo.socialImage ?? '',
    noIndex: s.seo.noIndex,
    visibility: s.visibility,
    access: s.access.type,
    password: '',
  };
}

/** The settings dialog of one page; `onSaved` gets the message to show once it has closed. */
export function PageSettingsDialog({ pageId, writable, onDone }: { pageId: string; writable: boolean; onDone: (saved: string | null) => void }) {
  const [loaded, setLoaded] = useState<PageSettings>();
  const [form, setForm] = useState<Form>();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(true);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    call(pageSettingsAnswer, 'GET', `/api/config/pages/${pageId}`).then(
      (s) => {
        setLoaded(s);
        setForm(formOf(s));
      },
      (err: unknown) => setError(errorText(err)),
    );
  }, [pageId]);
  const system = loaded?.path === null;
  const change = (next: Partial<Form>) => setForm((f) => (f ? { ...f, ...next } : f));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form || !loaded) return;
    setError(null);
    setFieldErrors({});
    setBusy(true);
    const body = {
      title: form.title,
      navigationTitle: form.navigationTitle,
      ...(system ? {} : { path: form.path }),
      seo: { title: form.seoTitle, description: form.seoDescription, socialImage: form.socialImage, noIndex: form.noIndex },
      visibility: form.visibility,
      access: { type: form.access, ...(form.access === 'password' && form.password ? { password: form.password } : {}) },
    };
    call(pageChangedAnswer, 'PUT', `/api/config/pages/${pageId}`, body)
      .then(
        (res) => {
          setSaved(format(texts.pageSaved, { title: res.title }));
          setOpen(false);
        },
        (err: unknown) => {
          setError(errorText(err));
          setFieldErrors(fieldErrorsOf(err));
        },
      )
      .finally(() => setBusy(false));
  };
  const text = (key: 'title' | 'navigationTitle' | 'path' | 'seoTitle', label: string, errorKey: string, hint?: string) =>
    form ? (
      <Field id={`page-${key}`} label={label} hint={hint} error={fieldErrors[errorKey]}>
        {(control) => <input {...control} value={form[key]} onChange={(e) => change({ [key]: e.target.value })} />}
      </Field>
    ) : null;
  return (
    <PageDialog title={format(texts.settingsHeading, { title: loaded?.title ?? '' })} open={open} onClosed={() => onDone(saved)}>
      <Messages error={error} />
      {form && loaded ? (
        <form className="stack" noValidate onSubmit={submit}>
          <fieldset disabled={!writable}>
            <legend>{texts.basics}</legend>
            {text('title', texts.pageTitle, 'title')}
            {text('navigationTitle', texts.navigationTitle, 'navigationTitle', texts.navigationTitleHint)}
            {system ? null : loaded.isHome ? <p className="field-hint">{texts.homePathStays}</p> : text('path', blog.slug, 'path', texts.urlSlugSettingsHint)}
          </fieldset>
          <fieldset disabled={!writable}>
            <legend>{texts.seoHeading}</legend>
            {text('seoTitle', texts.seoTitle, 'seo.title', texts.seoTitleHint)}
            <Field id="page-seoDescription" label={texts.seoDescription} hint={texts.seoDescriptionHint} error={fieldErrors['seo.description']}>
              {(control) => <textarea {...control} rows={3} value={form.seoDescription} onChange={(e) => change({ seoDescription: e.target.value })} />}
            </Field>
            <ImageChoice
              id="page-socialImage"
              label={texts.socialImage}
              hint={texts.socialImageHint}
              value={form.socialImage}
              onChange={(socialImage) => change({ socialImage })}
              error={fieldErrors['seo.socialImage']}
            />
            <Field id="page-noIndex" label={texts.noIndex} hint={texts.noIndexHint} check>
              {(control) => <input {...control} type="checkbox" checked={form.noIndex} onChange={(e) => change({ noIndex: e.target.checked })} />}
            </Field>
          </fieldset>
          {system ? null : (
            <>
              <fieldset disabled={!writable}>
                <legend>{texts.visibilityHeading}</legend>
                {(
                  [
                    ['published', texts.visibilityPublished],
                    ['draft', texts.visibilityDraft],
                  ] as const
                ).map(([value, label]) => (
                  <Field key={value} id={`page-visibility-${value}`} label={label} check>
                    {(control) => (
                      <input
                        {...control}
                        type="radio"
                        name="page-visibility"
                        checked={form.visibility === value}
                        onChange={() => change({ visibility: value })}
                      />
                    )}
                  </Field>
                ))}
              </fieldset>
              <fieldset disabled={!writable}>
                <legend>{texts.accessHeading}</legend>
                {(
                  [
                    ['public', texts.accessPublic],
                    ['members', texts.accessMembers],
                    ['password', texts.accessPassword],
                  ] as const
                ).map(([value, label]) => (
                  <Field key={value} id={`page-access-${value}`} label={label} check>
                    {(control) => (
                      <input {...control} type="radio" name="page-access" checked={form.access === value} onChange={() => change({ access: value })} />
                    )}
                  </Field>
                ))}
                {form.access === 'password' ? (
                  <Field
                    id="page-password"
                    label={texts.password}
                    hint={loaded.access.hasPassword ? texts.passwordKeepHint : texts.passwordHint}
                    error={fieldErrors['access.password']}
                  >
                    {(control) => (
                      <input
                        {...control}
                        type="password"
                        autoComplete="new-password"
                        value={form.password}
                        onChange={(e) => change({ password: e.target.value })}
                      />
                    )}
                  </Field>
                ) : null}
              </fieldset>
            </>
          )}
          <p className="button-row">
            <button type="button" className="secondary" onClick={() => setOpen(false)}>
              {blog.cancel}
            </button>
            {writable ? (
              <button type="submit" disabled={busy}>
                {busy ? editing.saving : texts.save}
              </button>
            ) : null}
          </p>
        </form>
      ) : null}
    </PageDialog>
  );
}

/** A call that only succeeds: its answer is `{ ok: true }`. */
export const okCall = (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: Record<string, unknown>) => call(okAnswer, method, url, body);
