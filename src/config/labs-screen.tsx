/**
 * The Labs screen (the site's feature flags, in the internal and early-access lists), under
 * Settings: roles that may read settings see it, roles that may write it change it.
 * `useLabsScreens` gives the navigation the entries the signed-in role may open: Labs, and
 * Languages while the `multilingual` flag is on.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Me } from '../contracts/auth';
import { labsAnswer, type LabsAnswer } from '../contracts/labs';
import { FEATURE_FLAGS } from '../domain/feature-flags';
import type { LabsList } from '../domain/labs';
import { canAccess } from '../domain/permissions';
import { call } from './api';
import { lazyScreen } from './lazy-screen';
import { errorText, Messages, useLoad } from './ui';

/** The Languages screen loads when first opened. */
const LanguagesScreen = lazyScreen(() => import('./languages-screen').then((m) => m.LanguagesScreen));

export type LabsScreenId = 'labs' | 'languages';
export type LabsNavEntry = { id: LabsScreenId; label: string; render: () => ReactNode };

/** Labs for roles that may read settings; Languages as well while the multilingual flag is on. */
export function useLabsScreens(me: Me): LabsNavEntry[] {
  const allowed = me.areas.includes('settings');
  const [activeFlags, setActiveFlags] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!allowed) return;
    call(labsAnswer, 'GET', '/api/labs/internal').then(
      (answer) => setActiveFlags(answer.activeFlags),
      () => setActiveFlags([]),
    );
  }, [allowed]);
  if (!allowed) return [];
  const entries: LabsNavEntry[] = [{ id: 'labs', label: 'Labs', render: () => <LabsScreen me={me} onSaved={setActiveFlags} /> }];
  if (activeFlags.includes(FEATURE_FLAGS.MULTILINGUAL)) entries.push({ id: 'languages', label: 'Languages', render: () => <LanguagesScreen me={me} /> });
  return entries;
}

const enabledIn = (answer: LabsAnswer) => answer.features.filter((f) => f.enabled).map((f) => f.name);

export function LabsScreen({ me, onSaved }: { me: Me; onSaved: (activeFlags: readonly string[]) => void }) {
  const [internal, internalError] = useLoad(labsAnswer, '/api/labs/internal');
  const [circle, circleError] = useLoad(labsAnswer, '/api/labs/circle');
  const [draft, setDraft] = useState<Record<LabsList, string[]>>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!internal || !circle) return <Messages error={internalError ?? circleError} />;
  const selection = draft ?? { internal: enabledIn(internal), circle: enabledIn(circle) };
  const toggle = (list: LabsList, name: string, on: boolean) => {
    setDone(null);
    setDraft({ ...selection, [list]: on ? [...selection[list], name] : selection[list].filter((n) => n !== name) });
  };
  return (
    <section>
      <h1>Labs</h1>
      <p>Turn on features before they are finished. A feature that is on in either list is on for the whole site, and the published pages follow at once.</p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          setDone(null);
          call(labsAnswer, 'POST', '/api/labs/internal', { features: selection.internal })
            .then(() => call(labsAnswer, 'POST', '/api/labs/circle', { features: selection.circle }))
            .then(
              (saved) => {
                setBusy(false);
                onSaved(saved.activeFlags);
                setDone('Saved. The features you turned on are on for this site now.');
              },
              (err: unknown) => {
                setBusy(false);
                setError(errorText(err));
              },
            );
        }}
      >
        {[internal, circle].map((answer) => (
          <fieldset key={answer.list} disabled={!writable} aria-describedby={`${id}-${answer.list}`}>
            <legend>{answer.title}</legend>
            <p className="hint" id={`${id}-${answer.list}`}>
              {answer.description}
            </p>
            <ul className="flag-list">
              {answer.features.map((f) => (
                <li key={f.name}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={selection[answer.list].includes(f.name)}
                      aria-describedby={`${id}-${answer.list}-${f.name}`}
                      onChange={(e) => toggle(answer.list, f.name, e.target.checked)}
                    />
                    {f.title}
                  </label>
                  <p className="hint" id={`${id}-${answer.list}-${f.name}`}>
                    {f.description}
                    {f.available ? null : ' Not built yet: turning it on changes nothing today.'}
                  </p>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        <Messages error={error} done={done} />
        {writable ? (
          <button type="submit" disabled={busy}>
            Save labs features
          </button>
        ) : (
          <p>Your role may view labs features but not change them.</p>
        )}
      </form>
    </section>
  );
}
