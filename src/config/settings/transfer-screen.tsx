/**
 * The Import and export screen: the whole site as one archive to download (or its document alone),
 * and an archive or document to import in its place. An import is sent with a progress bar (an
 * archive can be large), after a confirmation saying what it replaces, and can be cancelled while
 * it is sent; the server changes nothing unless the whole import succeeds.
 */
import { useRef, useState } from 'react';
import type { Me } from '../../contracts/auth';
import { formatFileSize } from '../../domain/files';
import { configArea } from '../../messages/config-area';
import { format } from '../../messages/format';
import { transferScreen as words } from '../../messages/transfer-screen';
import { showConfirmation } from '../../ui/dialogs/show';
import { Messages, errorText } from '../shared/ui';
import { sendBody, UploadFailure } from '../shared/upload-queue';
import './settings.css';

type Problem = { path: string; message: string };
type Sending = { loaded: number; sent: boolean; abort: () => void };

const isDocument = (file: File) => file.name.toLowerCase().endsWith('.json') || file.type === 'application/json';

export function TransferScreen({ me }: { me: Me }) {
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const start = async () => {
    if (!file) return;
    const answer = await showConfirmation({
      title: words.confirmTitle,
      text: format(words.confirmText, { site: me.site.title || me.site.identifier, name: file.name }),
      confirmLabel: words.confirmButton,
    });
    if (answer !== 'confirm') return;
    setError(null);
    setDone(null);
    setProblems([]);
    let body: Blob = file;
    if (isDocument(file)) {
      // Checked here first, so a file that is no JSON gets a message that says so.
      const text = await file.text();
      try {
        JSON.parse(text);
      } catch {
        setError(format(words.notJson, { name: file.name }));
        return;
      }
      body = new Blob([text], { type: 'application/json' });
    }
    const request = sendBody(
      body,
      { method: 'POST', url: '/api/config/import' },
      { 'Content-Type': isDocument(file) ? 'application/json' : 'application/x-tar' },
      {
        onProgress: (loaded) => setSending((s) => (s ? { ...s, loaded } : s)),
        onSent: () => setSending((s) => (s ? { ...s, sent: true } : s)),
      },
    );
    setSending({ loaded: 0, sent: false, abort: request.abort });
    request.promise
      .then(
        () => {
          setDone(words.imported);
          setFile(null);
          if (input.current) input.current.value = '';
        },
        (err: unknown) => {
          if (err instanceof UploadFailure && err.cancelled) return setDone(words.cancelled);
          setError(errorText(err));
          const listed = err instanceof UploadFailure ? err.answer.documentErrors : undefined;
          setProblems(Array.isArray(listed) ? (listed as Problem[]) : []);
        },
      )
      .finally(() => setSending(null));
  };

  return (
    <section className="transfer">
      <h1>{configArea.importExportTitle}</h1>
      <p>{words.intro}</p>
      <section aria-labelledby="transfer-export">
        <h2 id="transfer-export">{words.exportTitle}</h2>
        <p>{words.exportText}</p>
        <p>
          <a className="button" href="/api/config/export" download={`${me.site.identifier}.site.tar`}>
            {words.exportButton}
          </a>
        </p>
        <p>
          <a href="/api/config/export/document" download={`${me.site.identifier}.site.json`}>
            {words.documentLink}
          </a>
        </p>
        <p className="hint">{words.documentHint}</p>
      </section>
      <section aria-labelledby="transfer-import">
        <h2 id="transfer-import">{words.importTitle}</h2>
        <p>{words.importText}</p>
        <label>
          {words.chooseLabel}
          <input
            ref={input}
            type="file"
            aria-describedby="transfer-choose-hint"
            accept=".tar,.tgz,.gz,.json,application/x-tar,application/gzip,application/json"
            disabled={sending !== null}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
              setDone(null);
              setProblems([]);
            }}
          />
        </label>
        <p className="hint" id="transfer-choose-hint">
          {words.chooseHint}
        </p>
        {file && !sending ? (
          <p className="transfer-chosen">
            <span>{format(words.chosen, { name: file.name, size: formatFileSize(file.size) })}</span>{' '}
            <button type="button" className="secondary danger" onClick={() => void start()}>
              {words.importButton}
            </button>
          </p>
        ) : null}
        {file && sending ? (
          <div className="transfer-sending">
            <progress
              aria-label={format(words.sendingLabel, { name: file.name })}
              max={Math.max(file.size, 1)}
              value={sending.sent ? Math.max(file.size, 1) : sending.loaded}
            />
            <p role="status">
              {sending.sent
                ? words.checking
                : format(words.sending, { name: file.name, loaded: formatFileSize(sending.loaded), size: formatFileSize(file.size) })}
            </p>
            <button type="button" className="secondary" onClick={sending.abort}>
              {words.cancel}
            </button>
          </div>
        ) : null}
        <Messages error={error} done={done} />
        {problems.length > 0 ? (
          <ul className="problems" aria-label={words.problemsLabel}>
            {problems.map((p) => (
              <li key={p.path + p.message}>
                <code>{p.path}</code>: {p.message}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  );
}
