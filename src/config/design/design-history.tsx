/**
 * The design's published versions (the last 50, newest first): each with when and by whom it was
 * published, the live one marked, and a way to make one the draft again (the screen confirms it).
 */
import { useEffect, useState } from 'react';
import { revisionList, type RevisionList } from '../../contracts/editor';
import { call } from '../shared/api';
import { errorText } from '../shared/ui';
import { words } from './design-words';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function DesignHistory({
  writable,
  busy,
  onRestore,
  onClose,
}: {
  writable: boolean;
  /** A change to the draft is under way: restoring waits for it. */
  busy: boolean;
  onRestore: (revision: number) => void;
  onClose: () => void;
}) {
  const [list, setList] = useState<RevisionList>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    call(revisionList, 'GET', '/api/config/design/revisions').then(setList, (err: unknown) => setError(errorText(err)));
  }, []);
  return (
    <section className="design-history" aria-labelledby="design-history-title">
      <div className="design-history-head">
        <h2 id="design-history-title">{words.historyTitle}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          {words.close}
        </button>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : !list ? (
        <p className="hint" role="status">
          {words.loading}
        </p>
      ) : list.revisions.length === 0 ? (
        <p className="hint">{words.historyEmpty}</p>
      ) : (
        <>
          <p className="hint">{words.historyHint}</p>
          <ol className="design-revisions">
            {list.revisions.map((r) => (
              <li key={r.revision}>
                <span className="design-revision-name">
                  <strong>{words.versionLabel(r.revision)}</strong>
                  {r.revision === list.live ? <span className="role-badge">{words.liveNow}</span> : null}
                </span>
                <span className="design-revision-when">{words.versionWhen(when(r.publishedAt), r.publishedBy)}</span>
                {writable ? (
                  <button type="button" className="secondary" aria-label={words.restoreName(r.revision)} disabled={busy} onClick={() => onRestore(r.revision)}>
                    {words.restore}
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
