/**
 * The page's published versions: the last 50, newest first, each opened side by side with the page
 * as it is now (two read-only canvases, rendered as visitors get them), and restored as the page's
 * draft after a confirmation that says what changes. Restoring shows visitors nothing new: the
 * owner publishes when ready.
 */
import { useEffect, useMemo, useState } from 'react';
import { draftState, revisionAnswer, revisionList, type DraftState, type RevisionList } from '../../contracts/editor';
import { editing } from '../../messages/editing';
import { format } from '../../messages/format';
import { call } from '../shared/api';
import { errorText } from '../shared/ui';
import { Canvas, type CanvasSetup } from './canvas';
import { ConfirmChange } from './confirm-change';
import { OVERLAY_CSS } from './overlay-css';
import { createEditorStore } from './store';
import type { EditorSection } from './document';
import { changeSummary } from './summary';

/** The width the two versions are laid out at (the desktop grid's), before the frames are zoomed to fit side by side. */
const COMPARE_WIDTH = 1200;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A read-only canvas of `sections`, in preview (nothing on it reacts as in editing). */
function ReadOnlyCanvas({ sections, setup, label }: { sections: EditorSection[]; setup: CanvasSetup; label: string }) {
  const store = useMemo(() => {
    const s = createEditorStore(sections);
    s.setPreview(true);
    return s;
  }, [sections]);
  return (
    <figure className="editor-compare-side">
      <figcaption>{label}</figcaption>
      <div className="editor-compare-frame">
        {/* At a desktop's width, shown smaller: both sides show the desktop layout. */}
        <Canvas key={label} store={store} setup={setup} overlayCss={OVERLAY_CSS} width={COMPARE_WIDTH} renderLayer={() => null} />
      </div>
    </figure>
  );
}

export function HistoryView({
  api,
  setup,
  current,
  writable,
  baseVersion,
  onRestored,
  onClose,
}: {
  /** The page's editor calls' address (./target.ts). */
  api: string;
  setup: CanvasSetup;
  /** The page as it is now in the editor. */
  current: EditorSection[];
  writable: boolean;
  /** Saves what is unsaved and gives the draft's version a restore is based on, or undefined when that failed. */
  baseVersion: () => Promise<number | undefined>;
  onRestored: (draft: DraftState, revision: number) => void;
  onClose: () => void;
}) {
  const [list, setList] = useState<RevisionList>();
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<{ revision: number; sections: EditorSection[] }>();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    call(revisionList, 'GET', `${api}/revisions`).then(setList, (err: unknown) => setError(errorText(err)));
  }, [api]);
  const choose = (revision: number) => {
    setError(undefined);
    call(revisionAnswer, 'GET', `${api}/revisions/${revision}`).then(
      (r) => setOpen({ revision: r.revision, sections: r.sections as EditorSection[] }),
      (err: unknown) => setError(errorText(err)),
    );
  };
  const restore = async () => {
    if (!open) return;
    const base = await baseVersion();
    if (base === undefined) return;
    try {
      const draft = await call(draftState, 'POST', `${api}/revisions/${open.revision}/restore`, { baseVersion: base });
      onRestored(draft, open.revision);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const summary = confirming && open ? changeSummary(current, open.sections) : undefined;
  return (
    <section className="editor-history-view" aria-labelledby="editor-history-title">
      <header className="editor-history-head">
        <h2 id="editor-history-title">{editing.historyTitle}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          {editing.backToEditing}
        </button>
      </header>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="editor-history-body">
        <nav className="editor-revisions" aria-label={editing.historyTitle}>
          {list ? (
            list.revisions.length === 0 ? (
              <p className="hint">{editing.historyEmpty}</p>
            ) : (
              <>
                <p className="hint">{format(editing.historyHint, { count: 50 })}</p>
                <ol>
                  {list.revisions.map((r) => (
                    <li key={r.revision}>
                      <button type="button" className="editor-revision" aria-pressed={open?.revision === r.revision} onClick={() => choose(r.revision)}>
                        <strong>{format(editing.revisionLabel, { revision: r.revision })}</strong>{' '}
                        {r.revision === list.live ? <span className="role-badge">{editing.revisionCurrent}</span> : null}{' '}
                        <span>
                          {r.publishedBy
                            ? format(editing.revisionBy, { when: when(r.publishedAt), who: r.publishedBy })
                            : format(editing.revisionWhen, { when: when(r.publishedAt) })}
                        </span>
                      </button>
                    </li>
                  ))}
                </ol>
              </>
            )
          ) : (
            <p className="loading" role="status">
              Loading…
            </p>
          )}
        </nav>
        {open ? (
          <div className="editor-compare">
            <p className="editor-compare-caption" role="status">
              {format(editing.comparing, { revision: open.revision })}
            </p>
            <div className="editor-compare-sides">
              <ReadOnlyCanvas
                key={`r${open.revision}`}
                sections={open.sections}
                setup={setup}
                label={format(editing.revisionLabel, { revision: open.revision })}
              />
              <ReadOnlyCanvas key="now" sections={current} setup={setup} label={editing.nowVersion} />
            </div>
            {writable ? (
              <div className="button-row">
                <button type="button" onClick={() => setConfirming(true)}>
                  {editing.restore}
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      {summary && open ? (
        <ConfirmChange
          title={format(editing.restoreTitle, { revision: open.revision })}
          text={format(editing.restoreText, { revision: open.revision, summary: summary.nothing ? editing.restoreSame : summary.text })}
          action={editing.restore}
          onConfirm={() => void restore()}
          onHide={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
