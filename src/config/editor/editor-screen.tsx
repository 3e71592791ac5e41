/**
 * The visual editor: a page's draft, its autosave and the way out of a conflict, preview, the
 * published versions, and publishing or discarding with a summary of what will change. Its bar is
 * ./editor-bar.tsx; the palette, the canvas (./canvas.tsx) with its interaction layer
 * (./overlay.tsx) and the settings panel are ./editor-body.tsx. Loaded as a chunk of its own when an owner opens a page, so
 * the rest of the config area (and every published page) carries none of it.
 */
import './editor.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { editorPageAnswer, published, type DraftState, type EditorPage } from '../../contracts/editor';
import type { RenderContext } from '../../blocks/types';
import { BLOCK_TYPES } from '../../domain/block-types';
import { format } from '../../messages/format';
import { configArea } from '../../messages/config-area';
import { editing } from '../../messages/editing';
import { call } from '../shared/api';
import { errorText } from '../shared/ui';
import { createAutosave, readKept, type Autosave, type SaveStatus } from './autosave';
import { createTextSession, TextSessionContext } from '../../blocks/text/session';
import { CanvasText, type CanvasFrame, type CanvasSetup } from './canvas';
import { useEditorKeys } from './keyboard';
import { changeSummary } from './summary';
import { draftState } from '../../contracts/editor';
import { HistoryView } from './history';
import { createEditorStore, useEditor } from './store';
import { findBlock, type ClipboardItem, type EditorBlock, type EditorClipboard, type EditorSection } from './document';
import { editorApi, type EditorTarget } from './target';
import { TextEditorHost } from './text-editing';
import { ConfirmChange } from './confirm-change';
import { ConflictDialog, DeviceNote, EditorBar, type View } from './editor-bar';
import { EditorBody, isTextBlock } from './editor-body';

/** What the editor's bar and confirmations say of a page, and of a blog post (whose status, not publishing, decides whether visitors see it). */
const WORDS = {
  page: { publishTitle: editing.publishTitle, nothing: editing.publishNothing, published: editing.published, close: editing.allPages },
  post: { publishTitle: editing.publishTitlePost, nothing: editing.publishNothingPost, published: editing.publishedPost, close: editing.allPosts },
} as const;

/** The editor's clipboard, kept in the browser for the site: a block or section copied on one page pastes into another. */
function keptClipboard(site: string, onChange: () => void): EditorClipboard {
  const key = `openpress.editor.clipboard.${site}`;
  return {
    read() {
      try {
        const raw = localStorage.getItem(key);
        return raw ? (JSON.parse(raw) as ClipboardItem) : undefined;
      } catch {
        return undefined;
      }
    },
    write(item) {
      try {
        localStorage.setItem(key, JSON.stringify(item));
      } catch {
        /* storage full or off: the copy is not kept */
      }
      onChange();
    },
  };
}

export function EditorScreen({ target, site, onClose }: { target: EditorTarget; site: string; onClose: () => void }) {
  const [page, setPage] = useState<EditorPage>();
  const [error, setError] = useState<string>();
  const api = editorApi(target);
  useEffect(() => {
    call(editorPageAnswer, 'GET', api).then(setPage, (err: unknown) => setError(errorText(err)));
  }, [api]);
  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  if (!page)
    return (
      <p className="loading" role="status">
        {configArea.loadingEditor}
      </p>
    );
  return <Workspace key={page.page.id} target={target} page={page} site={site} onClose={onClose} />;
}

/** The server's canvas answer as views read it: files by name. */
function canvasOf(page: EditorPage): CanvasSetup {
  const { ctx, ...rest } = page.canvas;
  return {
    ...rest,
    ctx: {
      host: ctx.host,
      files: new Map(ctx.files.map((f) => [f.name, f])),
      featureFlags: ctx.featureFlags as RenderContext['featureFlags'],
      ...(ctx.captcha ? { captcha: ctx.captcha } : {}),
      ...(ctx.googleMaps ? { googleMaps: ctx.googleMaps } : {}),
    },
  };
}

function Workspace({ target, page, site, onClose }: { target: EditorTarget; page: EditorPage; site: string; onClose: () => void }) {
  const writable = page.writable;
  const [copied, setCopied] = useState(false);
  const clipboard = useMemo(() => keptClipboard(site, () => setCopied(true)), [site]);
  const store = useMemo(
    () =>
      createEditorStore(page.draft.sections as EditorSection[], {
        copyRefusal: (block) => (block.type === BLOCK_TYPES.FORM && !page.formsWritable ? editing.formCopyRefused : undefined),
        clipboard,
      }),
    [page, clipboard],
  );
  // Something copied on another page of the site, or just now here.
  const [keptBefore] = useState(() => clipboard.read() !== undefined);
  const canPaste = copied || keptBefore;
  const [frame, setFrame] = useState<CanvasFrame>();
  const [view, setView] = useState<View>('desktop');
  const [history, setHistory] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const api = editorApi(target);
  const words = WORDS[target.kind];
  const [status, setStatus] = useState<SaveStatus>({ state: 'saved', ...(page.draft.savedAt ? { at: page.draft.savedAt } : {}) });
  const [publishedSections, setPublishedSections] = useState(page.published.sections as EditorSection[]);
  const [publishing, setPublishing] = useState(false);
  const [done, setDone] = useState<string>();
  // Changes a reload interrupted are in the browser: sent if the draft has not moved since, else a conflict.
  const [kept] = useState(() => (writable ? readKept(site, target) : undefined));
  const [theirs, setTheirs] = useState<{ current: DraftState; mine: EditorSection[] } | undefined>(() =>
    kept && kept.baseVersion !== page.draft.version ? { current: page.draft, mine: kept.sections } : undefined,
  );
  const autosave = useRef<Autosave | undefined>(undefined);

  useEffect(() => {
    if (!writable) return;
    const resume = kept && kept.baseVersion === page.draft.version;
    if (resume) store.load(kept.sections);
    const saver = createAutosave({ store, site, target, version: page.draft.version, onStatus: setStatus });
    autosave.current = saver;
    if (resume) saver.sendKept();
    else if (kept) saver.conflict(page.draft);
    return () => saver.stop();
  }, [store, site, target, page, writable, kept]);

  useEditorKeys(store, frame?.doc, { writable, isTextBlock });

  // The words of a text block are edited on the canvas; the panel's toolbar acts on them through the session.
  const session = useMemo(
    () =>
      createTextSession(() => {
        const found = findBlock(store.getState().doc, store.getState().selected);
        if (found && isTextBlock(found.block.type)) store.editText(found.block.id);
      }),
    [store],
  );
  const canvasText = useMemo(
    () => (writable ? { store, render: (block: EditorBlock) => <TextEditorHost block={block} store={store} session={session} /> } : undefined),
    [store, session, writable],
  );

  const setup = useMemo<CanvasSetup>(() => canvasOf(page), [page]);
  const preview = useEditor(store, (s) => s.preview);
  const announcement = useEditor(store, (s) => s.announcement);
  const notice = useEditor(store, (s) => s.notice);

  const publish = () => {
    setDone(undefined);
    setPublishing(true);
  };
  const confirmPublish = async () => {
    const saver = autosave.current!;
    if (!(await saver.flush())) return;
    try {
      await call(published, 'POST', `${api}/publish`, { version: saver.version() });
      setPublishedSections(store.getState().doc.sections);
      setDone(words.published);
      store.announce(words.published);
    } catch (err) {
      setDone(errorText(err));
    }
  };

  const confirmDiscard = async () => {
    const saver = autosave.current!;
    // What is still unsaved is saved first, so that no save lands after the draft is dropped.
    await saver.flush();
    try {
      const draft = await call(draftState, 'DELETE', `${api}/draft`);
      saver.resolve('theirs', draft);
      setDone(editing.discarded);
      store.announce(editing.discarded);
    } catch (err) {
      setDone(errorText(err));
    }
  };
  const chooseView = (next: View) => {
    setView(next);
    store.setDevice(next === 'phone' ? 'phone' : 'desktop');
  };

  const conflict = status.state === 'conflict' ? status.current : undefined;
  const discardSummary = discarding ? changeSummary(store.getState().doc.sections, publishedSections) : undefined;
  // Worked out when the confirmation opens, not on every render: it compares every block of the page.
  const summary = publishing ? changeSummary(publishedSections, store.getState().doc.sections) : undefined;
  return (
    <TextSessionContext.Provider value={session}>
      <CanvasText.Provider value={canvasText}>
        <div className={`editor${preview ? ' editor--preview' : ''}`}>
          <EditorBar
            title={page.page.title}
            path={page.page.path}
            closeLabel={words.close}
            onClose={onClose}
            view={view}
            onView={chooseView}
            store={store}
            writable={writable}
            status={status}
            history={target.kind === 'page' ? { open: history, toggle: () => setHistory(!history) } : undefined}
            onDiscard={() => setDiscarding(true)}
            onPublish={publish}
          />
          {preview ? (
            <p className="editor-preview-note">
              {editing.previewHint}
              <button type="button" onClick={() => store.setPreview(false)}>
                {editing.backToEditing}
              </button>
            </p>
          ) : (
            <DeviceNote store={store} view={view} />
          )}
          {done ? (
            <p className="editor-done" role="status">
              {done}
            </p>
          ) : null}
          {history ? (
            <HistoryView
              api={api}
              setup={setup}
              current={store.getState().doc.sections}
              writable={writable}
              baseVersion={async () => {
                const saver = autosave.current;
                return saver && (await saver.flush()) ? saver.version() : undefined;
              }}
              onRestored={(draft, revision) => {
                autosave.current?.resolve('theirs', draft);
                setHistory(false);
                const text = format(editing.restored, { revision });
                setDone(text);
                store.announce(text);
              }}
              onClose={() => setHistory(false)}
            />
          ) : (
            <EditorBody store={store} page={page} setup={setup} view={view} frame={frame} setFrame={setFrame} writable={writable} canPaste={canPaste} />
          )}
          {discardSummary ? (
            <ConfirmChange
              title={editing.discardTitle}
              text={discardSummary.nothing ? words.nothing : format(editing.discardText, { summary: discardSummary.text })}
              action={editing.discard}
              enabled={!discardSummary.nothing}
              onConfirm={() => void confirmDiscard()}
              onHide={() => setDiscarding(false)}
            />
          ) : null}
          {notice ? (
            <p className="editor-notice" role="alert">
              {notice}
            </p>
          ) : null}
          <p className="visually-hidden" aria-live="polite" key={announcement.serial}>
            {announcement.text}
          </p>
          {summary ? (
            <ConfirmChange
              title={words.publishTitle}
              text={summary.nothing ? words.nothing : summary.text}
              action={editing.publish}
              onConfirm={() => void confirmPublish()}
              onHide={() => setPublishing(false)}
            />
          ) : null}
          {conflict ? (
            <ConflictDialog
              current={conflict}
              viewing={!!theirs}
              onSee={() => {
                setTheirs({ current: conflict, mine: store.getState().doc.sections });
                store.load(conflict.sections as EditorSection[]);
              }}
              onKeepMine={() => {
                const mine = theirs?.mine ?? store.getState().doc.sections;
                setTheirs(undefined);
                autosave.current?.resolve('mine', conflict, mine);
              }}
              onTheirs={() => {
                setTheirs(undefined);
                autosave.current?.resolve('theirs', conflict);
              }}
            />
          ) : null}
        </div>
      </CanvasText.Provider>
    </TextSessionContext.Provider>
  );
}
