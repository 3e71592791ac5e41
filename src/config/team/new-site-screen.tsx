/**
 * Creating a site: its title, its identifier (made from the title until the owner types one; it
 * becomes the site's address) and what it starts from: blank, or one of the server's templates,
 * each a card with the picture of its home page, its name and a sentence, and a Preview that shows
 * the picture large with the pages a site from it gets. Once created, a link to its config area,
 * where the owner signs in with the same account (each site's config area has its own address, and
 * sessions are per address). Offered only to accounts the server lets create sites
 * (SITE_CREATION); the others read who may. Its address is the account screen's with #new-site.
 */
import { slugify } from '../../domain/blog-url';
import { useState, type FormEvent } from 'react';
import type { Me } from '../../contracts/auth';
import { BLANK_TEMPLATE, newSiteAnswer, siteTemplatesAnswer, type SiteTemplateCard } from '../../contracts/pages';
import { format } from '../../messages/format';
import { pages as texts } from '../../messages/pages';
import { Popup } from '../../ui/dialogs/popup';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { errorText, fieldErrorsOf, Messages, useLoad } from '../shared/ui';
import './team.css';

/** The fragment that names the open form in the address. */
const NEW_SITE_FRAGMENT = '#new-site';

/** An identifier from a title: its slug (lowercase words joined by hyphens), at most 63 characters. */
function identifierFrom(title: string): string {
  return slugify(title).slice(0, 63).replace(/-+$/, '');
}

/** Where a site of `identifier` would be: this site's config address with the first label replaced. */
function addressFor(me: Me, identifier: string): string {
  const here = me.sites.find((s) => s.identifier === me.site.identifier)?.configUrl ?? me.sites[0]?.configUrl;
  if (!here) return `${identifier || 'my-site'}.…`;
  const url = new URL(here);
  url.hostname = `${identifier || 'my-site'}${url.hostname.slice(url.hostname.indexOf('.'))}`;
  return url.origin;
}

/** Beside the site picker: a button that opens the form to create a site, or, for an account that may not, who may. */
export function NewSiteEntry({ me, onCreated }: { me: Me; onCreated: () => void }) {
  const [open, setOpen] = useState(() => window.location.hash === NEW_SITE_FRAGMENT);
  const toggle = () => {
    // The open form has an address of its own (a reload, a bookmark or a link comes back to it).
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${open ? '' : NEW_SITE_FRAGMENT}`);
    setOpen(!open);
  };
  if (!me.siteCreation.allowed) {
    return (
      <div className="new-site-entry">
        <p className="hint">{me.siteCreation.by === 'operator' ? texts.siteCreationOperator : texts.siteCreationAdmins}</p>
      </div>
    );
  }
  return (
    <div className="new-site-entry">
      <p>
        <button type="button" className="secondary" aria-expanded={open} aria-controls="new-site" onClick={toggle}>
          {texts.newSite}
        </button>
      </p>
      {open ? <NewSiteScreen me={me} onCreated={onCreated} /> : null}
    </div>
  );
}

export function NewSiteScreen({ me, onCreated }: { me: Me; onCreated: () => void }) {
  const [title, setTitle] = useState('');
  const [identifier, setIdentifier] = useState<string | null>(null);
  const [template, setTemplate] = useState<string>(BLANK_TEMPLATE);
  const [templates, loadError] = useLoad(siteTemplatesAnswer, '/api/auth/Templates');
  // Each opening its own dialog (`n`), so a Preview clicked while the last one fades out opens at once.
  const [previewed, setPreviewed] = useState<{ template: SiteTemplateCard; n: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ title: string; configUrl: string } | null>(null);
  const shownIdentifier = identifier ?? identifierFrom(title);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    setCreated(null);
    setBusy(true);
    call(newSiteAnswer, 'POST', '/api/auth/Sites', { title, identifier: shownIdentifier, template })
      .then(
        (res) => {
          setCreated(res);
          onCreated();
        },
        (err: unknown) => {
          setError(errorText(err));
          setFieldErrors(fieldErrorsOf(err));
        },
      )
      .finally(() => setBusy(false));
  };
  return (
    <section className="new-site" id="new-site" aria-labelledby="new-site-heading">
      <h2 id="new-site-heading">{texts.newSiteHeading}</h2>
      <p>{texts.newSiteIntro}</p>
      <form className="stack" noValidate onSubmit={submit}>
        <Field id="new-site-title" label={texts.siteTitle} error={fieldErrors.title}>
          {(control) => <input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field
          id="new-site-identifier"
          label={texts.identifier}
          hint={format(texts.identifierHint, { example: addressFor(me, shownIdentifier) })}
          error={fieldErrors.identifier}
        >
          {(control) => <input {...control} value={shownIdentifier} autoCapitalize="none" spellCheck={false} onChange={(e) => setIdentifier(e.target.value)} />}
        </Field>
        <fieldset className="template-choice">
          <legend>{texts.startFrom}</legend>
          <ul className="template-cards">
            <li className="template-card">
              <div className="template-picture template-picture--blank" aria-hidden="true" />
              <Field id={`new-site-template-${BLANK_TEMPLATE}`} label={texts.templateBlank} hint={texts.templateBlankDescription} check>
                {(control) => (
                  <input
                    {...control}
                    type="radio"
                    name="new-site-template"
                    checked={template === BLANK_TEMPLATE}
                    onChange={() => setTemplate(BLANK_TEMPLATE)}
                  />
                )}
              </Field>
            </li>
            {(templates?.templates ?? []).map((t) => (
              <li key={t.id} className="template-card">
                <TemplatePicture template={t} />
                <Field id={`new-site-template-${t.id}`} label={t.name} hint={t.description} check>
                  {(control) => <input {...control} type="radio" name="new-site-template" checked={template === t.id} onChange={() => setTemplate(t.id)} />}
                </Field>
                <p className="template-actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-label={format(texts.previewTemplateName, { name: t.name })}
                    onClick={() => setPreviewed((p) => ({ template: t, n: (p?.n ?? 0) + 1 }))}
                  >
                    {texts.previewTemplate}
                  </button>
                </p>
              </li>
            ))}
          </ul>
          {templates === undefined && !loadError ? <p className="loading-inline">{texts.templatesLoading}</p> : null}
          {loadError ? <p className="field-error">{loadError}</p> : null}
          {fieldErrors.template ? <p className="field-error">{fieldErrors.template}</p> : null}
        </fieldset>
        <p>
          <button type="submit" disabled={busy}>
            {busy ? texts.creatingSite : texts.createSite}
          </button>
        </p>
      </form>
      <Messages error={error} />
      {previewed ? (
        <TemplatePreview
          key={previewed.n}
          template={previewed.template}
          onUse={() => setTemplate(previewed.template.id)}
          onClosed={() => setPreviewed((p) => (p?.n === previewed.n ? null : p))}
        />
      ) : null}
      <div role="status">
        {created ? (
          <div className="form-done">
            <p>{format(texts.siteCreated, { title: created.title })}</p>
            <p>
              <a href={created.configUrl}>{format(texts.openSite, { title: created.title })}</a>
            </p>
            <p className="field-hint">{texts.signInThere}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** A template's home page, as `npm run pictures` took it (640 x 400); a plain box until it has one. */
function TemplatePicture({ template }: { template: SiteTemplateCard }) {
  if (!template.picture) return <div className="template-picture template-picture--none" aria-hidden="true" />;
  return <img className="template-picture" src={template.picture} alt={format(texts.templatePicture, { name: template.name })} width={640} height={400} />;
}

/**
 * A template's preview: the picture of its home page at its full size, its sentence and the pages a
 * site from it gets, and a button that chooses it. (The picture rather than the live template: a
 * template is a document on the server, not a site, until a site is made from it.)
 */
function TemplatePreview({ template, onUse, onClosed }: { template: SiteTemplateCard; onUse: () => void; onClosed: () => void }) {
  return (
    <Popup
      role="dialog"
      placement="center"
      title={format(texts.previewHeading, { name: template.name })}
      text={
        <div className="template-preview">
          {template.picture ? <TemplatePicture template={template} /> : <p>{texts.previewNoPicture}</p>}
          <p>{template.description}</p>
          <h3>{texts.previewPages}</h3>
          <ul className="template-pages">
            {template.pages.map((p) => (
              <li key={p.path}>
                {p.title} <span className="muted">{p.path}</span>
              </li>
            ))}
          </ul>
        </div>
      }
      actions={(close) => (
        <>
          <button type="button" className="secondary" onClick={() => close('cancel')}>
            {texts.closePreview}
          </button>
          <button
            type="button"
            onClick={() => {
              onUse();
              close('confirm');
            }}
          >
            {texts.useTemplate}
          </button>
        </>
      )}
      onHide={onClosed}
    />
  );
}
