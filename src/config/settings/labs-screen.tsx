/**
 * The Labs screen (the site's feature flags, stored in the internal and early-access lists, shown
 * as one list of the features built so far), under Settings: roles that may read settings see it, roles that may write it change it.
 * `useLabsScreens` gives the navigation the entries the signed-in role may open: Labs, and
 * Languages while the `multilingual` flag is on.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Me } from '../../contracts/auth';
import { labsAnswer, type LabsAnswer } from '../../contracts/labs';
import { FEATURE_FLAGS } from '../../domain/feature-flags';
import { canAccess } from '../../domain/permissions';
import { call } from '../shared/api';
import { lazyScreen } from '../shell/lazy-screen';
import { errorText, Messages, useLoad } from '../shared/ui';
import './settings.css';

/** The Languages screen loads when first opened. */
const LanguagesScreen = lazyScreen(() => import('./languages-screen').then((m) => m.LanguagesScreen));

export type LabsScreenId = 'labs' | 'languages';
export type LabsNavEntry = { id: LabsScreenId; label: string; render: () => ReactNode };

/**
 * Labs for roles that may read settings; Languages as well while the multilingual flag is on.
 * `settled` is false until the flags are known (a Languages address waits for them).
 */
export function useLabsScreens(me: Me): { entries: LabsNavEntry[]; settled: boolean } {
  const allowed = me.areas.includes('settings');
  const [activeFlags, setActiveFlags] = useState<readonly string[] | undefined>(undefined);
  useEffect(() => {
    if (!allowed) return;
    call(labsAnswer, 'GET', '/api/labs/internal').then(
      (answer) => setActiveFlags(answer.activeFlags),
      () => setActiveFlags([]),
    );
  }, [allowed]);
  if (!allowed) return { entries: [], settled: true };
  const entries: LabsNavEntry[] = [{ id: 'labs', label: 'Labs', render: () => <LabsScreen me={me} onSaved={setActiveFlags} /> }];
  if (activeFlags?.includes(FEATURE_FLAGS.MULTILINGUAL)) entries.push({ id: 'languages', label: 'Languages', render: () => <LanguagesScreen me={me} /> });
  return { entries, settled: activeFlags !== undefined };
}

/**
 * The features an owner can switch: those built (a flag whose feature does not exist yet has no
 * switch), each once, on when either list has it on. Turning one on adds it to the internal list;
 * turning it off takes it out of both; flags of features not built yet stay as stored.
 */
type Feature = { name: string; title: string; description: string; on: boolean };

function featuresOf(internal: LabsAnswer, circle: LabsAnswer): Feature[] {
  const onInCircle = new Set(circle.features.filter((f) => f.enabled).map((f) => f.name));
  return internal.features
    .filter((f) => f.available)
    .map((f) => ({ name: f.name, title: f.title, description: f.description, on: f.enabled || onInCircle.has(f.name) }));
}

/** The two lists to store for the switches' states. */
function selectionFor(answer: LabsAnswer, on: ReadonlySet<string>, addHere: boolean): string[] {
  return answer.features.filter((f) => (f.available ? on.has(f.name) && (f.enabled || addHere) : f.enabled)).map((f) => f.name);
}

export function LabsScreen({ me, onSaved }: { me: Me; onSaved: (activeFlags: readonly string[]) => void }) {
  const [internal, internalError] = useLoad(labsAnswer, '/api/labs/internal');
  const [circle, circleError] = useLoad(labsAnswer, '/api/labs/circle');
  const [draft, setDraft] = useState<ReadonlySet<string>>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!internal || !circle) return <Messages error={internalError ?? circleError} />;
  const features = featuresOf(internal, circle);
  const on = draft ?? new Set(features.filter((f) => f.on).map((f) => f.name));
  const toggle = (name: string, checked: boolean) => {
    setDone(null);
    const next = new Set(on);
    if (checked) next.add(name);
    else next.delete(name);
    setDraft(next);
  };
  return (
    <section>
      <h1>Labs</h1>
      <p>Turn on features before they are finished. A feature you turn on is on for the whole site, and the published pages follow at once.</p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          setDone(null);
          call(labsAnswer, 'POST', '/api/labs/internal', { features: selectionFor(internal, on, true) })
            .then(() => call(labsAnswer, 'POST', '/api/labs/circle', { features: selectionFor(circle, on, false) }))
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
        <fieldset disabled={!writable}>
          <legend>Features</legend>
          <ul className="flag-list">
            {features.map((f) => (
              <li key={f.name}>
                <label className="check">
                  <input type="checkbox" checked={on.has(f.name)} aria-describedby={`${id}-${f.name}`} onChange={(e) => toggle(f.name, e.target.checked)} />
                  {f.title}
                </label>
                <p className="hint" id={`${id}-${f.name}`}>
                  {f.description}
                </p>
              </li>
            ))}
          </ul>
        </fieldset>
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
