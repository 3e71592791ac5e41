/**
 * The Settings screen's Google Maps part: the site's browser key and the map's optional language
 * and region (GET/PUT /api/config/google-maps). With a key, map blocks show Google Maps and the
 * editor gets a place search; emptied, maps go back to OpenStreetMap. Its own form, so saving it
 * never sends the site's other settings.
 */
import { useState } from 'react';
import { googleMapsSettingsAnswer, type GoogleMapsSettingsAnswer } from '../../contracts/google-maps';
import type { Me } from '../../contracts/auth';
import { canAccess } from '../../domain/permissions';
import { format } from '../../messages/format';
import { googleMaps as words } from '../../messages/google-maps';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { errorText, fieldErrorsOf, Messages, useLoad } from '../shared/ui';
import './settings.css';

type Draft = { key: string; language: string; region: string };
const draftOf = (s: GoogleMapsSettingsAnswer): Draft => ({ key: s.key ?? '', language: s.language ?? '', region: s.region ?? '' });

export function GoogleMapsSettings({ me }: { me: Me }) {
  const [loaded, loadError] = useLoad(googleMapsSettingsAnswer, '/api/config/google-maps');
  const [edited, setEdited] = useState<Draft>();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!loaded) return <Messages error={loadError} />;
  const draft = edited ?? draftOf(loaded);
  const field = (key: keyof Draft, label: string, hint: string) => (
    <Field id={`google-maps-${key}`} label={label} hint={hint} error={fieldErrors[key]}>
      {(props) => (
        <input
          {...props}
          value={draft[key]}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setEdited({ ...draft, [key]: e.target.value });
            setDone(null);
          }}
        />
      )}
    </Field>
  );
  return (
    <form
      className="stack google-maps-settings"
      noValidate
      aria-labelledby="google-maps-legend"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setFieldErrors({});
        setDone(null);
        setSaving(true);
        call(googleMapsSettingsAnswer, 'PUT', '/api/config/google-maps', draft)
          .then(
            (saved) => {
              setEdited(draftOf(saved));
              const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
              setDone(saved.key ? format(words.saved, { time }) : format(words.removed, { time }));
            },
            (err: unknown) => {
              setError(errorText(err));
              setFieldErrors(fieldErrorsOf(err));
            },
          )
          .finally(() => setSaving(false));
      }}
    >
      <fieldset disabled={!writable}>
        <legend id="google-maps-legend">{words.settingsLegend}</legend>
        <p className="hint">{words.settingsIntro}</p>
        {field('key', words.keyLabel, words.keyHint)}
        {field('language', words.languageLabel, words.languageHint)}
        {field('region', words.regionLabel, words.regionHint)}
      </fieldset>
      <Messages error={error} />
      <p className="form-done" role="status">
        {done}
      </p>
      {writable ? (
        <button type="submit" disabled={saving}>
          {words.save}
        </button>
      ) : (
        <p>{words.readOnly}</p>
      )}
    </form>
  );
}
