/**
 * Creating a site: its title, its identifier (made from the title until the owner types one; it
 * becomes the site's address) and what it starts from (blank, or the demo site). Once created, a
 * link to its config area, where the owner signs in with the same account (each site's config
 * area has its own address, and sessions are per address). Offered only to accounts the server
 * lets create sites (SITE_CREATION); the others read who may.
 */
import { slugify } from '../../domain/blog-url';
import { useState, type FormEvent } from 'react';
import type { Me } from '../../contracts/auth';
import { newSiteAnswer, SITE_TEMPLATES } from '../../contracts/pages';
import { format } from '../../messages/format';
import { pages as texts } from '../../messages/pages';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { errorText, fieldErrorsOf, Messages } from '../shared/ui';
import './team.css';

const TEMPLATE_LABELS: Record<(typeof SITE_TEMPLATES)[number], string> = { blank: texts.templateBlank, demo: texts.templateDemo };

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
  const [open, setOpen] = useState(false);
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
        <button type="button" className="secondary" aria-expanded={open} aria-controls="new-site" onClick={() => setOpen(!open)}>
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
  const [template, setTemplate] = useState<(typeof SITE_TEMPLATES)[number]>('blank');
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
        <fieldset>
          <legend>{texts.startFrom}</legend>
          {SITE_TEMPLATES.map((t) => (
            <Field key={t} id={`new-site-template-${t}`} label={TEMPLATE_LABELS[t]} check>
              {(control) => <input {...control} type="radio" name="new-site-template" checked={template === t} onChange={() => setTemplate(t)} />}
            </Field>
          ))}
        </fieldset>
        <p>
          <button type="submit" disabled={busy}>
            {busy ? texts.creatingSite : texts.createSite}
          </button>
        </p>
      </form>
      <Messages error={error} />
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
