/**
 * The 'Captcha' screen (Settings area): whether the site has a captcha, and which. Forms and
 * newsletter sign-ups that ask for a captcha show one only while the site has one (seed 001 §5).
 * The built-in captcha (ALTCHA, a proof of work the visitor's browser does, no third party) gets a
 * key generated on the server; reCAPTCHA uses the site key and secret key the owner got from
 * Google (the secret is write-only: a saved one shows as the fixed mask, which sent back keeps it).
 * Roles that may read settings see it; ADMIN and WEBSITE_MANAGER change it.
 */
import { useState } from 'react';
import { canAccess } from '../../domain/permissions';
import type { Me } from '../../contracts/auth';
import { captchaAnswer, type CaptchaAnswer as CaptchaView } from '../../contracts/captcha';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { Messages, useLoad, useSave } from '../shared/ui';
import { settingsScreens } from '../../messages/settings-screens';

type Provider = 'altcha' | 'recaptcha';
type Choice = Provider | 'off';
type Draft = { choice: Choice; siteKey: string; secret: string };

const CAPTCHA_PATH = '/api/config/captcha';

function Current({ view }: { view: CaptchaView }) {
  if (view.provider === 'altcha') return <p>The built-in captcha is on. Forms and sign-ups that ask for a captcha show it.</p>;
  if (view.provider === 'recaptcha') {
    return (
      <p>
        reCAPTCHA is on, with the site key <code>{view.siteKey}</code>. Forms and sign-ups that ask for a captcha show it.
      </p>
    );
  }
  return <p>No captcha: forms and sign-ups show none, even those that ask for one.</p>;
}

export function CaptchaScreen({ me }: { me: Me }) {
  const [view, loadError, reload] = useLoad(captchaAnswer, CAPTCHA_PATH);
  const [edited, setDraft] = useState<Draft>();
  const { error, fieldErrors, done, busy, save: run, clearDone } = useSave(settingsScreens.savedPublished);
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!view) return <Messages error={loadError} />;
  const draft: Draft = edited ?? {
    choice: view.provider ?? 'off',
    siteKey: view.provider === 'recaptcha' ? (view.siteKey ?? '') : '',
    secret: view.secret ?? '',
  };
  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    clearDone();
  };
  const secretSaved = view.provider === 'recaptcha';
  const save = () =>
    run(
      () =>
        draft.choice === 'off'
          ? call(captchaAnswer, 'DELETE', CAPTCHA_PATH)
          : draft.choice === 'altcha'
            ? call(captchaAnswer, 'PUT', CAPTCHA_PATH, { provider: 'altcha' })
            : call(captchaAnswer, 'PUT', CAPTCHA_PATH, { provider: 'recaptcha', siteKey: draft.siteKey, ...(draft.secret ? { secret: draft.secret } : {}) }),
      () => {
        setDraft(undefined);
        reload();
      },
    );
  const option = (choice: Choice, label: string, hint: string) => (
    <div className="field field-check">
      <input
        id={`captcha-${choice}`}
        type="radio"
        name="captcha-choice"
        checked={draft.choice === choice}
        onChange={() => change({ choice })}
        aria-describedby={`captcha-${choice}-hint`}
      />
      <label htmlFor={`captcha-${choice}`}>{label}</label>
      <p className="field-hint" id={`captcha-${choice}-hint`}>
        {hint}
      </p>
    </div>
  );
  return (
    <section>
      <h1>Captcha</h1>
      <Current view={view} />
      <form
        noValidate
        aria-label="Captcha settings"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <fieldset disabled={!writable}>
          <legend>Captcha for this site</legend>
          {option('off', 'No captcha', 'Forms rely on their hidden spam trap alone.')}
          {option(
            'altcha',
            'Built-in captcha (recommended)',
            'The visitor ticks a box and their browser does about a second of work. Nothing is sent to anyone else.',
          )}
          {option('recaptcha', 'Google reCAPTCHA', 'Uses your reCAPTCHA v2 keys. Pages with a form then load Google’s script.')}
          {draft.choice === 'recaptcha' ? (
            <>
              <Field id="captcha-site-key" label="reCAPTCHA site key" error={fieldErrors.siteKey}>
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    value={draft.siteKey}
                    onChange={(e) => change({ siteKey: e.target.value })}
                  />
                )}
              </Field>
              <Field
                id="captcha-secret"
                label="reCAPTCHA secret key"
                error={fieldErrors.secret}
                hint={
                  secretSaved ? 'A secret key is saved. Type a new one to change it.' : 'Shown by reCAPTCHA beside the site key. It is never shown here again.'
                }
              >
                {(props) => (
                  <input
                    {...props}
                    type="password"
                    autoComplete="new-password"
                    value={draft.secret}
                    // Typing replaces the mask rather than adding to it.
                    onFocus={(e) => e.target.select()}
                    onChange={(e) => change({ secret: e.target.value })}
                  />
                )}
              </Field>
            </>
          ) : null}
        </fieldset>
        <Messages error={error} done={done} />
        {writable ? (
          <button type="submit" disabled={busy}>
            Save captcha settings
          </button>
        ) : (
          <p>Your role may view the captcha settings but not change them.</p>
        )}
      </form>
    </section>
  );
}
