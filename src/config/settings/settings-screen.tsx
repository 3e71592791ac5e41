/** The Settings screen: the site's title and texts, identifier (its address), badge and mobile information bar, contact details and behaviour. */
import { useState } from 'react';
import { savedSettingsAnswer, siteSettingsAnswer, type SavedSettings, type SiteSettings } from '../../contracts/site';
import type { Me } from '../../contracts/auth';
import { canAccess } from '../../domain/permissions';
import { BADGE_TYPES, INFO_BAR_STYLES, type BadgeType, type InfoBarStyle } from '../../domain/website';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { GoogleMapsSettings } from './google-maps-settings';
import { localeChoices, timeZoneChoices, type Choice } from './intl-options';
import { errorText, fieldErrorsOf, Messages, useLoad } from '../shared/ui';

const BADGE_CHOICES: [BadgeType, string][] = [
  [BADGE_TYPES.NONE, 'No badge'],
  [BADGE_TYPES.BLACK, 'Black badge'],
  [BADGE_TYPES.WHITE, 'White badge'],
];
const INFO_BAR_CHOICES: [InfoBarStyle, string][] = [
  [INFO_BAR_STYLES.NONE, 'No bar'],
  [INFO_BAR_STYLES.LIGHT, 'Light bar'],
  [INFO_BAR_STYLES.DARK, 'Dark bar'],
];

/** What the Settings screen sends: every setting it edits (custom domains move with import only). */
function editable(s: SiteSettings) {
  const { identifier, title, tagline, description, footerText, locale, timeZone, escapeKeyLogin, badgeType, infoBarStyle, contact, developerMode, cloneable } =
    s;
  return { identifier, title, tagline, description, footerText, locale, timeZone, escapeKeyLogin, badgeType, infoBarStyle, contact, developerMode, cloneable };
}

export function SettingsScreen({ me }: { me: Me }) {
  const [settings, loadError] = useLoad(siteSettingsAnswer, '/api/config/site');
  const [edited, setDraft] = useState<SiteSettings>();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<(SavedSettings & { at: Date }) | null>(null);
  const [saving, setSaving] = useState(false);
  const [locales] = useState(localeChoices);
  const [timeZones] = useState(timeZoneChoices);
  const draft = edited ?? settings;
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!draft) return <Messages error={loadError} />;
  const change = (next: SiteSettings) => {
    setDraft(next);
    setSaved(null);
  };
  const text = (
    key: 'identifier' | 'title' | 'tagline' | 'description' | 'footerText' | 'locale' | 'timeZone',
    label: string,
    hint?: string,
    choices?: Choice[],
  ) => (
    <Field id={`settings-${key}`} label={label} error={fieldErrors[key]} hint={hint}>
      {(props) => (
        <>
          <input
            {...props}
            value={draft[key] ?? ''}
            onChange={(e) => change({ ...draft, [key]: e.target.value })}
            {...(choices ? { list: `settings-${key}-choices`, autoComplete: 'off', spellCheck: false } : {})}
          />
          {choices ? (
            <datalist id={`settings-${key}-choices`}>
              {choices.map((c) => (
                <option key={c.value} value={c.value} label={c.label} />
              ))}
            </datalist>
          ) : null}
        </>
      )}
    </Field>
  );
  const contact = (key: 'email' | 'phone' | 'address', label: string, type: 'email' | 'tel' | 'text') => (
    <Field id={`settings-contact-${key}`} label={label} error={fieldErrors[`contact.${key}`]}>
      {(props) => (
        <input
          {...props}
          type={type}
          value={draft.contact[key] ?? ''}
          onChange={(e) => change({ ...draft, contact: { ...draft.contact, [key]: e.target.value } })}
        />
      )}
    </Field>
  );
  const check = (key: 'escapeKeyLogin' | 'developerMode' | 'cloneable', label: string, hint?: string) => (
    <Field id={`settings-${key}`} label={label} error={fieldErrors[key]} hint={hint} check>
      {(props) => <input {...props} type="checkbox" checked={draft[key]} onChange={(e) => change({ ...draft, [key]: e.target.checked })} />}
    </Field>
  );
  return (
    <section>
      <h1>Settings</h1>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setFieldErrors({});
          setSaved(null);
          setSaving(true);
          call(savedSettingsAnswer, 'PUT', '/api/config/site', editable(draft))
            .then(
              (res) => setSaved({ ...res, at: new Date() }),
              (err: unknown) => {
                setError(errorText(err));
                setFieldErrors(fieldErrorsOf(err));
              },
            )
            .finally(() => setSaving(false));
        }}
      >
        <fieldset disabled={!writable}>
          <legend>Site</legend>
          {text('title', 'Site title')}
          {text('tagline', 'Tagline')}
          {text('description', 'Description (for search engines)')}
          {text('footerText', 'Footer text')}
          {text('locale', 'Language and region', 'Dates, numbers and the page’s language follow it. Type to search, such as “English” or “en-GB”.', locales)}
          {text('timeZone', 'Time zone', 'Type to search, such as “London” or “New York”.', timeZones)}
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Address</legend>
          {text('identifier', 'Site identifier', identifierHint(settings?.identifier ?? draft.identifier))}
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Badge and mobile information bar</legend>
          <Field
            id="settings-badgeType"
            label="Site badge"
            error={fieldErrors.badgeType}
            hint="A small 'Made with OpenPress' link in the bottom right corner of every page."
          >
            {(props) => (
              <select {...props} value={draft.badgeType} onChange={(e) => change({ ...draft, badgeType: Number(e.target.value) as BadgeType })}>
                {BADGE_CHOICES.map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id="settings-infoBarStyle"
            label="Mobile information bar"
            error={fieldErrors.infoBarStyle}
            hint="Shows the contact details below at the bottom of screens 1024 pixels wide or narrower (phones and tablets)."
          >
            {(props) => (
              <select {...props} value={draft.infoBarStyle} onChange={(e) => change({ ...draft, infoBarStyle: Number(e.target.value) as InfoBarStyle })}>
                {INFO_BAR_CHOICES.map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Contact details</legend>
          {contact('phone', 'Contact phone', 'tel')}
          {contact('email', 'Contact email', 'email')}
          {contact('address', 'Contact address', 'text')}
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Behaviour</legend>
          {check('escapeKeyLogin', 'Escape key opens the sign-in dialog', 'On the published site, team members press Escape to sign in.')}
          {check('developerMode', 'Developer mode', 'Team members stay on the published pages instead of being sent to the config area.')}
          {check('cloneable', 'Allow copying this site as a template')}
        </fieldset>
        <Messages error={error} />
        <p className="form-done" role="status">
          {saved ? <SavedNote saved={saved} /> : null}
        </p>
        {writable ? (
          <button type="submit" disabled={saving}>
            Save settings
          </button>
        ) : (
          <p>Your role may view these settings but not change them.</p>
        )}
      </form>
      <GoogleMapsSettings me={me} />
    </section>
  );
}

/** Where the site answers now, read from this address when it is the identifier's subdomain. */
function identifierHint(identifier: string): string {
  const host = window.location.hostname;
  const where = host.startsWith(`${identifier}.`) ? host : 'its identifier followed by this server’s domain';
  return `Lowercase letters, digits and hyphens. The site answers at ${where}; a new identifier moves it to a new address, where you sign in again.`;
}

function SavedNote({ saved }: { saved: SavedSettings & { at: Date } }) {
  const time = saved.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (!saved.address) return <>Saved. The published site shows the change now (saved at {time}).</>;
  return (
    <>
      Saved. The site&apos;s address is now <a href={saved.address}>{saved.address}</a>.{' '}
      {saved.signInAgain ? (
        <>
          This address no longer leads to the site, and your sign-in stays with it: sign in again at <a href={saved.configAddress}>{saved.configAddress}</a>.
        </>
      ) : (
        <>
          Your sign-in belongs to the address you signed in at: to use the new one, sign in again at <a href={saved.configAddress}>{saved.configAddress}</a>.
        </>
      )}
    </>
  );
}
