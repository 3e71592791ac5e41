/**
 * The Languages screen (multilingual settings, under Settings, shown only while the `multilingual`
 * flag is on): the site's languages, the default and which are shown, and the translation
 * provider's connection.
 */
import { useCallback, useId, useState } from 'react';
import type { Me } from '../../contracts/auth';
import {
  connectionAnswer,
  languagesAnswer,
  multilingualSettingsAnswer,
  type Connection,
  type Language,
  type MultilingualSettings,
} from '../../contracts/multilingual';
import { languageName, LANGUAGE_CODE_PATTERN, normalizeLanguageCode } from '../../domain/multilingual';
import { canAccess } from '../../domain/permissions';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, Messages, useLoad } from '../shared/ui';
import { format } from '../../messages/format';
import { multilingual } from '../../messages/multilingual';
import './settings.css';

export function LanguagesScreen({ me }: { me: Me }) {
  const [loaded, loadError, reload] = useLoad(multilingualSettingsAnswer, '/api/multilingual/settings');
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
    call(languagesAnswer, 'PUT', '/api/multilingual/languages', {
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
        The languages your site is offered in. The default is the site’s primary language; a hidden language is kept but not offered to visitors. Translating
        your pages arrives in a later version.
      </p>
      <DataTable
        caption="Site languages"
        rows={languages}
        rowKey={(l) => l.code}
        rowHeaders
        columns={[
          {
            header: 'Language',
            cell: (l) => (
              <>
                {l.name} <code>{l.code}</code>
              </>
            ),
          },
          {
            header: 'Default',
            cell: (l) => (
              <input
                type="radio"
                name="default-language"
                aria-label={`${l.name} is the default language`}
                checked={l.default}
                disabled={!writable}
                onChange={() => change(languages.map((x) => ({ ...x, default: x.code === l.code, visible: x.code === l.code ? true : x.visible })))}
              />
            ),
          },
          {
            header: 'Shown to visitors',
            cell: (l) => (
              <input
                type="checkbox"
                aria-label={`Show ${l.name} to visitors`}
                checked={l.visible}
                disabled={!writable || l.default}
                onChange={(e) => change(languages.map((x) => (x.code === l.code ? { ...x, visible: e.target.checked } : x)))}
              />
            ),
          },
          {
            header: 'Order',
            className: 'row-actions',
            cell: (l) => {
              const i = languages.indexOf(l);
              return (
                <>
                  <button type="button" className="secondary" aria-label={`Move ${l.name} up`} disabled={!writable || i === 0} onClick={() => move(i, i - 1)}>
                    Up
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Move ${l.name} down`}
                    disabled={!writable || i === languages.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    Down
                  </button>
                </>
              );
            },
          },
          {
            header: <span className="visually-hidden">Remove</span>,
            cell: (l) => (
              <button
                type="button"
                className="secondary"
                aria-label={`Remove ${l.name}`}
                disabled={!writable || l.default}
                onClick={() => change(languages.filter((x) => x.code !== l.code))}
              >
                Remove
              </button>
            ),
          },
        ]}
      />
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
              () => call(connectionAnswer, 'PUT', '/api/multilingual/connection', { provider: shownProvider, apiKey: shownKey }),
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
            <input
              type="password"
              autoComplete="off"
              required
              value={shownKey}
              onFocus={(e) => e.target.select()}
              onChange={(e) => setApiKey(e.target.value)}
            />
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
              if (outcome === 'confirm') run(() => call(connectionAnswer, 'DELETE', '/api/multilingual/connection'), 'Disconnected. The API key is forgotten.');
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
