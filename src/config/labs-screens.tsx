/**
 * The Labs screen (the site's feature flags, in the internal and early-access lists) and the
 * Languages screen (multilingual settings, shown only while the `multilingual` flag is on). Both
 * belong to the Settings area: roles that may read settings see them, roles that may write it
 * change them. `useLabsScreens` gives the navigation the entries the signed-in role may open.
 */
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { FEATURE_FLAGS } from '../domain/feature-flags';
import type { LabsList } from '../domain/labs';
import { languageName, LANGUAGE_CODE_PATTERN, normalizeLanguageCode } from '../domain/multilingual';
import { canAccess } from '../domain/permissions';
import { showConfirmation } from '../runtime/dialogs/show';
import type { Me } from './app';
import { api } from './api';
import { errorText, Messages, useLoad } from './ui';
import { format } from '../messages/format';
import { multilingual } from '../messages/multilingual';

export type LabsScreenId = 'labs' | 'languages';
export type LabsNavEntry = { id: LabsScreenId; label: string; render: () => ReactNode };

type LabsFeature = { name: string; title: string; description: string; available: boolean; enabled: boolean };
type LabsAnswer = { list: LabsList; title: string; description: string; features: LabsFeature[]; activeFlags: string[] };

/** Labs for roles that may read settings; Languages as well while the multilingual flag is on. */
export function useLabsScreens(me: Me): LabsNavEntry[] {
  const allowed = me.areas.includes('settings');
  const [activeFlags, setActiveFlags] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!allowed) return;
    api<LabsAnswer>('GET', '/api/labs/internal').then(
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
  const [internal, internalError] = useLoad<LabsAnswer>('/api/labs/internal');
  const [circle, circleError] = useLoad<LabsAnswer>('/api/labs/circle');
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
          api<LabsAnswer>('POST', '/api/labs/internal', { features: selection.internal })
            .then(() => api<LabsAnswer>('POST', '/api/labs/circle', { features: selection.circle }))
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

type Language = { code: string; name: string; default: boolean; visible: boolean };
type Connection = { status: 'connected' | 'disconnected'; provider: string | null; providerName: string | null; connectedAt: string | null; apiKey?: string };
type MultilingualSettings = {
  defaultLanguage: string;
  languages: Language[];
  maxLanguages: number;
  providers: { id: string; name: string }[];
  connection: Connection;
};

export function LanguagesScreen({ me }: { me: Me }) {
  const [loaded, loadError, reload] = useLoad<MultilingualSettings>('/api/multilingual/settings');
  const [edited, setEdited] = useState<Language[]>();
  const [newCode, setNewCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!loaded) return <Messages error={loadError} />;
  const languages = edited ?? loaded.languages;
  const change = (next: Language[], message: string | null = null) => {
    setError(null);
    setDone(message);
    setEdited(next);
  };
  const move = (from: number, to: number) => {
    const next = [...languages];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    change(next);
  };
  const add = () => {
    const code = normalizeLanguageCode(newCode);
    const name = LANGUAGE_CODE_PATTERN.test(code) ? languageName(code) : undefined;
    if (!LANGUAGE_CODE_PATTERN.test(code)) return setError(`"${newCode.trim()}" is not a language code such as fr or fr-CA.`);
    if (!name) return setError(`"${code}" is not a language we know.`);
    if (languages.some((l) => l.code === code)) return setError(`${name} is already in the list.`);
    if (languages.length >= loaded.maxLanguages) return setError(format(multilingual.tooManyLanguages, { max: loaded.maxLanguages }));
    setNewCode('');
    change([...languages, { code, name, default: false, visible: true }], `${name} added. Save the languages to keep it.`);
  };
  const save = () => {
    setBusy(true);
    setError(null);
    setDone(null);
    api<{ languages: Language[] }>('PUT', '/api/multilingual/languages', {
      languages: languages.map((l) => ({ code: l.code, default: l.default, visible: l.visible })),
    }).then(
      (saved) => {
        setBusy(false);
        setEdited(saved.languages);
        setDone('Saved. The default language is the site’s primary language on every page.');
      },
      (err: unknown) => {
        setBusy(false);
        setError(errorText(err));
      },
    );
  };
  return (
    <section>
      <h1>Languages</h1>
      <p>
        The languages your site is offered in. The default is the site’s primary language; a hidden language is kept but not offered to visitors. Translating your
        pages arrives in a later version.
      </p>
      <table>
        <caption className="visually-hidden">Site languages</caption>
        <thead>
          <tr>
            <th scope="col">Language</th>
            <th scope="col">Default</th>
            <th scope="col">Shown to visitors</th>
            <th scope="col">Order</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {languages.map((l, i) => (
            <tr key={l.code}>
              <th scope="row">
                {l.name} <code>{l.code}</code>
              </th>
              <td>
                <input
                  type="radio"
                  name="default-language"
                  aria-label={`${l.name} is the default language`}
                  checked={l.default}
                  disabled={!writable}
                  onChange={() => change(languages.map((x) => ({ ...x, default: x.code === l.code, visible: x.code === l.code ? true : x.visible })))}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Show ${l.name} to visitors`}
                  checked={l.visible}
                  disabled={!writable || l.default}
                  onChange={(e) => change(languages.map((x) => (x.code === l.code ? { ...x, visible: e.target.checked } : x)))}
                />
              </td>
              <td className="row-actions">
                <button type="button" className="secondary" aria-label={`Move ${l.name} up`} disabled={!writable || i === 0} onClick={() => move(i, i - 1)}>
                  Up
                </button>
                <button type="button" className="secondary" aria-label={`Move ${l.name} down`} disabled={!writable || i === languages.length - 1} onClick={() => move(i, i + 1)}>
                  Down
                </button>
              </td>
              <td>
                <button type="button" className="secondary" aria-label={`Remove ${l.name}`} disabled={!writable || l.default} onClick={() => change(languages.filter((x) => x.code !== l.code))}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {writable ? (
        <>
          <form
            className="inline-form"
            aria-label="Add a language"
            onSubmit={(e) => {
              e.preventDefault();
              add();
            }}
          >
            <label>
              Language code (such as fr or fr-CA)
              <input value={newCode} required onChange={(e) => setNewCode(e.target.value)} />
            </label>
            <button type="submit" className="secondary">
              Add language
            </button>
          </form>
          <Messages error={error} done={done} />
          <button type="button" disabled={busy} onClick={save}>
            Save languages
          </button>
        </>
      ) : (
        <p>Your role may view the languages but not change them.</p>
      )}
      <ProviderConnection connection={loaded.connection} providers={loaded.providers} writable={writable} onChanged={reload} />
    </section>
  );
}

/**
 * The translation provider's connection. A saved API key shows as the fixed mask, which a save
 * sends back to keep it (a change of provider alone); typing replaces it.
 */
function ProviderConnection({
  connection,
  providers,
  writable,
  onChanged,
}: {
  connection: Connection;
  providers: MultilingualSettings['providers'];
  writable: boolean;
  onChanged: () => void;
}) {
  const id = useId();
  const connected = connection.status === 'connected';
  const [provider, setProvider] = useState<string>();
  const [apiKey, setApiKey] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = useCallback(
    (call: () => Promise<unknown>, message: string) => {
      setBusy(true);
      setError(null);
      setDone(null);
      call().then(
        () => {
          setBusy(false);
          setProvider(undefined);
          setApiKey(undefined);
          setDone(message);
          onChanged();
        },
        (err: unknown) => {
          setBusy(false);
          setError(errorText(err));
        },
      );
    },
    [onChanged],
  );
  const shownProvider = provider ?? connection.provider ?? providers[0]?.id ?? '';
  const shownKey = apiKey ?? connection.apiKey ?? '';
  return (
    <section className="provider-connection" aria-labelledby="provider-title">
      <h2 id="provider-title">Translation provider</h2>
      {connected ? (
        <p>
          Connected to {connection.providerName}
          {connection.connectedAt ? ` since ${new Date(connection.connectedAt).toLocaleDateString()}` : ''}.
        </p>
      ) : (
        <p>No translation provider is connected.</p>
      )}
      {writable ? (
        <form
          className="inline-form"
          aria-label={connected ? 'Translation provider connection' : 'Connect a translation provider'}
          onSubmit={(e) => {
            e.preventDefault();
            run(
              () => api('PUT', '/api/multilingual/connection', { provider: shownProvider, apiKey: shownKey }),
              connected ? 'Saved. The key is kept on the server and shown only as dots.' : 'Connected. The key is kept on the server and never shown again.',
            );
          }}
        >
          {/* Labelled by `for`, not by wrapping: a wrapping label would add the chosen option to the name. */}
          <div>
            <label htmlFor={`${id}-provider`}>Provider</label>
            <select id={`${id}-provider`} value={shownProvider} onChange={(e) => setProvider(e.target.value)}>
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <label>
            API key
            <input type="password" autoComplete="off" required value={shownKey} onFocus={(e) => e.target.select()} onChange={(e) => setApiKey(e.target.value)} />
          </label>
          <button type="submit" disabled={busy}>
            {connected ? 'Save connection' : 'Connect'}
          </button>
        </form>
      ) : null}
      {connected && writable ? (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => {
            void showConfirmation({
              title: `Disconnect ${connection.providerName ?? 'the provider'}?`,
              text: 'The API key is forgotten. To connect again, paste the key again.',
              confirmLabel: 'Disconnect',
            }).then((outcome) => {
              if (outcome === 'confirm') run(() => api('DELETE', '/api/multilingual/connection'), 'Disconnected. The API key is forgotten.');
            });
          }}
        >
          Disconnect
        </button>
      ) : null}
      <Messages error={error} done={done} />
    </section>
  );
}
