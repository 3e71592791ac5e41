/**
 * The visual editor: a page's draft on the canvas (./canvas.tsx) with the interaction layer over it
 * (./overlay.tsx), the block palette, the selected block's settings generated from its kind's
 * fields, undo and redo, autosave with its status, the conflict dialog, preview, and publishing
 * with a summary of what will change. Loaded as a chunk of its own when an owner opens a page, so
 * the rest of the config area (and every published page) carries none of it.
 */
import './editor.css';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BLOCK_DEFINITIONS, blockDefinition } from '../../blocks/definitions';
import { groupOf } from '../../blocks/fields';
import { editorPageAnswer, published, type DraftState, type EditorPage } from '../../contracts/editor';
import { pageUrlMessage } from '../../blocks/link-message';
import type { RenderContext } from '../../blocks/types';
import type { PublishProblem } from '../../domain/links';
import { BLOCK_TYPES } from '../../domain/block-types';
import { format } from '../../messages/format';
import { configArea } from '../../messages/config-area';
import { editing } from '../../messages/editing';
import { Popup } from '../../ui/dialogs/popup';
import { call } from '../shared/api';
import { BlockFields } from '../shared/block-fields';
import { FilePicker, LibraryImageButton, placedImage } from '../shared/file-picker';
import { GalleryPanel } from '../../blocks/gallery/editor-panel';
import { MapPlaceSearch } from '../../blocks/map/editor-panel';
import type { PickedImage } from '../../contracts/files';
import { errorText } from '../shared/ui';
import { createAutosave, readKept, type Autosave, type SaveStatus } from './autosave';
import { createTextSession, TextSessionContext } from '../../blocks/text/session';
import { Canvas, CanvasText, type CanvasFrame, type CanvasSetup } from './canvas';
import { cellAt, gridAt, measureGrids } from './geometry';
import { useEditorKeys } from './keyboard';
import { Overlay } from './overlay';
import { OVERLAY_CSS } from './overlay-css';
import { changeSummary } from './summary';
import { buildSectionLayout, sectionLayout, type SectionLayoutKey } from '../../blocks/section-layouts';
import { draftState } from '../../contracts/editor';
import { phoneEdited } from './grid';
import { HistoryView } from './history';
import { AddSectionDialog, SectionPanel } from './section-panel';
import { createEditorStore, useEditor, type EditorStore } from './store';
import { findBlock, newId, type ClipboardItem, type EditorBlock, type EditorClipboard, type EditorSection } from './document';
import { editorApi, type EditorTarget } from './target';
import { TextEditorHost } from './text-editing';
import { ConfirmChange } from './confirm-change';

const isTextBlock = (type: number) => type === BLOCK_TYPES.HTML;

/**
 * Device views of the canvas: desktop fills the stage; a tablet is a tablet's width and shows the
 * desktop layout (edits there are desktop's); a phone is a phone's width and edits the phone layout.
 */
const DEVICES = { desktop: undefined, tablet: 820, phone: 390 } as const;
type View = keyof typeof DEVICES;
const VIEW_LABELS: Record<View, string> = { desktop: editing.deviceDesktop, tablet: editing.deviceTablet, phone: editing.devicePhone };

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

function statusText(status: SaveStatus): string {
  switch (status.state) {
    case 'saved':
      return editing.saved;
    case 'saving':
      return editing.saving;
    case 'offline':
      return editing.offline;
    case 'unsaved':
      return editing.unsaved;
    case 'refused':
      return status.message;
    case 'conflict':
      return editing.conflictTitle;
  }
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
  const canUndo = useEditor(store, (s) => s.past.length > 0);
  const canRedo = useEditor(store, (s) => s.future.length > 0);

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
          <header className="editor-bar">
            <button type="button" className="secondary" onClick={onClose}>
              {words.close}
            </button>
            <p className="editor-title">
              <strong>{page.page.title}</strong> {page.page.path ? <span className="editor-path">{page.page.path}</span> : null}
            </p>
            <div className="editor-devices" role="group" aria-label="Device">
              {(Object.keys(DEVICES) as View[]).map((d) => (
                <button key={d} type="button" className="secondary" aria-pressed={view === d} onClick={() => chooseView(d)}>
                  {VIEW_LABELS[d]}
                </button>
              ))}
            </div>
            {writable ? (
              <div className="editor-history" role="group" aria-label="History">
                <button type="button" className="secondary" disabled={!canUndo} onClick={() => store.undo()} aria-keyshortcuts="Control+Z">
                  Undo
                </button>
                <button type="button" className="secondary" disabled={!canRedo} onClick={() => store.redo()} aria-keyshortcuts="Control+Shift+Z">
                  Redo
                </button>
              </div>
            ) : null}
            <p className={`editor-status editor-status--${status.state}`} role="status">
              {writable ? statusText(status) : editing.readOnly}
            </p>
            <button type="button" className="secondary" aria-pressed={preview} onClick={() => store.setPreview(!preview)} aria-keyshortcuts="Escape">
              Preview
            </button>
            {target.kind === 'page' ? (
              <button type="button" className="secondary" aria-pressed={history} onClick={() => setHistory(!history)}>
                {editing.history}
              </button>
            ) : null}
            {writable ? (
              <button type="button" className="secondary" onClick={() => setDiscarding(true)} disabled={status.state === 'conflict'}>
                {editing.discard}
              </button>
            ) : null}
            {writable ? (
              <button type="button" onClick={publish} disabled={status.state === 'conflict'}>
                {editing.publish}
              </button>
            ) : null}
          </header>
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

/** Which layout is being edited, always in sight: desktop's, the tablet's view of it, or the phone's (automatic or the owner's). */
function DeviceNote({ store, view }: { store: EditorStore; view: View }) {
  const automatic = useEditor(store, (s) => {
    const section = findBlock(s.doc, s.selected)?.section ?? s.doc.sections.find((x) => x.id === s.shownSection);
    return section ? !phoneEdited(section.blocks) : undefined;
  });
  const text =
    view === 'desktop'
      ? editing.editingDesktop
      : view === 'tablet'
        ? editing.editingTablet
        : automatic === false
          ? editing.editingPhone
          : editing.editingPhoneAutomatic;
  return (
    <p className={`editor-device-note editor-device-note--${view}`} id="editor-device-note">
      <strong>{VIEW_LABELS[view]}</strong> {text}
    </p>
  );
}

function ConflictDialog({
  current,
  viewing,
  onSee,
  onKeepMine,
  onTheirs,
}: {
  current: DraftState;
  viewing: boolean;
  onSee: () => void;
  onKeepMine: () => void;
  onTheirs: () => void;
}) {
  const when = current.savedAt ? new Date(current.savedAt).toLocaleTimeString() : '';
  if (viewing) {
    return (
      <div className="editor-conflict-bar" role="region" aria-label={editing.conflictTitle}>
        <p>{editing.viewingTheirs}</p>
        <button type="button" className="secondary" onClick={onKeepMine}>
          {editing.keepMine}
        </button>
        <button type="button" onClick={onTheirs}>
          {editing.reload}
        </button>
      </div>
    );
  }
  return (
    <Popup
      title={editing.conflictTitle}
      text={format(editing.conflictBody, { who: current.savedBy ?? editing.conflictSomeone, when: when ? `at ${when}` : '' })}
      role="alertdialog"
      placement="center"
      onCancel={onSee}
      onReject={onTheirs}
      onConfirm={onKeepMine}
      actions={(close) => [
        <button key="see" type="button" className="op-popup__button" onClick={() => close('cancel')}>
          {editing.seeTheirs}
        </button>,
        <button key="theirs" type="button" className="op-popup__button" onClick={() => close('reject')}>
          {editing.reload}
        </button>,
        <button key="mine" type="button" className="op-popup__button op-popup__button--primary" onClick={() => close('confirm')}>
          {editing.keepMine}
        </button>,
      ]}
    />
  );
}

/** A palette entry: click adds the block to the selected block's section; drag places it on the canvas. */
function PaletteItem({ type, label, onAdd, disabled }: { type: number; label: string; onAdd: () => void; disabled: boolean }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `palette-${type}`, data: { type }, disabled });
  return (
    <li>
      <button
        type="button"
        ref={setNodeRef}
        className="editor-palette-item"
        onClick={onAdd}
        disabled={disabled}
        {...listeners}
        {...attributes}
        aria-label={`Add ${label}`}
      >
        {label}
      </button>
    </li>
  );
}

function Stage({ children, dragging }: { children: React.ReactNode; dragging: boolean }) {
  const { setNodeRef } = useDroppable({ id: 'canvas' });
  return (
    <div ref={setNodeRef} className={`editor-stage${dragging ? ' editor-stage--dropping' : ''}`}>
      {children}
    </div>
  );
}

function EditorBody({
  store,
  page,
  setup,
  view,
  frame,
  setFrame,
  writable,
  canPaste,
}: {
  store: EditorStore;
  page: EditorPage;
  setup: CanvasSetup;
  view: View;
  frame: CanvasFrame | undefined;
  setFrame: (f: CanvasFrame) => void;
  writable: boolean;
  canPaste: boolean;
}) {
  const preview = useEditor(store, (s) => s.preview);
  const [search, setSearch] = useState('');
  const [dragType, setDragType] = useState<number>();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const kinds = BLOCK_DEFINITIONS.filter((d) => d.label.toLowerCase().includes(search.trim().toLowerCase()));

  /** The section new blocks go to: the selected block's, else the last one (made when the page has none). */
  const targetSection = () => {
    const state = store.getState();
    const found = findBlock(state.doc, state.selected);
    if (found) return found.section.id;
    const last = state.doc.sections.at(-1);
    return last ? last.id : store.addSection(-1);
  };
  const [picking, setPicking] = useState<{ type: number; sectionId: string; at?: { x: number; y: number } } | { layout: SectionLayoutKey; after: number }>();
  const [addingAfter, setAddingAfter] = useState<number>();
  /** A new section after the one at `after`: blank, or from a layout (one with an image asks for it first). */
  const addSection = (layout: SectionLayoutKey | 'blank', after: number, image?: PickedImage) => {
    if (layout === 'blank') {
      store.showSection(store.addSection(after));
      return;
    }
    const chosen = sectionLayout(layout)!;
    if (chosen.needsImage && !image) return setPicking({ layout, after });
    const section = buildSectionLayout(layout, newId, image ? { image: image.src } : {});
    if (!section) return;
    // The layout's image takes the library's alternative text and focal point, as a placed image block does.
    for (const b of section.blocks) if (b.type === BLOCK_TYPES.IMAGE && image) b.data = { ...b.data, ...placedImage(image, String(b.data.alt ?? '')) };
    store.insertSection(after, section, format(editing.stepAddLayout, { layout: chosen.label }));
  };
  /** A kind that needs its image as it is placed asks for it first. */
  const place = (type: number, sectionId: string, at?: { x: number; y: number }) => {
    if (blockDefinition(type)?.needs?.includes('src')) setPicking({ type, sectionId, ...(at ? { at } : {}) });
    else store.insertBlock(sectionId, type, at);
  };
  const add = (type: number) => place(type, targetSection());
  const onDragStart = (event: DragStartEvent) => setDragType((event.active.data.current as { type: number }).type);
  const onDragEnd = (event: DragEndEvent) => {
    setDragType(undefined);
    const type = (event.active.data.current as { type: number } | undefined)?.type;
    const iframe = frameRef.current;
    if (!type || !event.over || !frame || !iframe) return;
    const start = event.activatorEvent as PointerEvent;
    const box = iframe.getBoundingClientRect();
    const x = start.clientX + event.delta.x - box.left + frame.win.scrollX;
    const y = start.clientY + event.delta.y - box.top + frame.win.scrollY;
    const grid = gridAt(measureGrids(frame.doc, frame.win), y);
    if (!grid) return add(type);
    const cell = cellAt(grid, x, y);
    place(type, grid.sectionId, { x: cell.col, y: cell.row });
  };
  const onFrame = useCallback(
    (f: CanvasFrame) => {
      frameRef.current = f.win.frameElement as HTMLIFrameElement;
      setFrame(f);
    },
    [setFrame],
  );
  return (
    <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragType(undefined)}>
      <div className={`editor-body${writable && !preview ? '' : ' editor-body--no-palette'}`}>
        {writable && !preview ? (
          <aside className="editor-palette" aria-label="Add blocks">
            <h2>Add a block</h2>
            <label>
              Search blocks
              <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <ul>
              {kinds.map((d) => (
                <PaletteItem key={d.type} type={d.type} label={d.label} onAdd={() => add(d.type)} disabled={false} />
              ))}
            </ul>
            {kinds.length === 0 ? <p className="hint">No block is called that.</p> : null}
            <div className="editor-palette-more">
              <button type="button" className="secondary" onClick={() => setAddingAfter(store.getState().doc.sections.length - 1)}>
                {editing.addSectionTitle}
              </button>
              <button type="button" className="secondary" disabled={!canPaste} onClick={() => store.paste()} aria-keyshortcuts="Control+V">
                Paste
              </button>
            </div>
          </aside>
        ) : null}
        <Stage dragging={dragType !== undefined}>
          <div className={`editor-device editor-device--${view}`}>
            <Canvas
              store={store}
              setup={setup}
              overlayCss={OVERLAY_CSS}
              width={DEVICES[view]}
              onFrame={onFrame}
              withSiteFrame
              renderLayer={(f) => <Overlay store={store} frame={f} writable={writable} isTextBlock={isTextBlock} onAddSection={setAddingAfter} />}
            />
          </div>
        </Stage>
        {!preview ? <SettingsPanel store={store} page={page} writable={writable} canPaste={canPaste} /> : null}
      </div>
      {addingAfter !== undefined ? <AddSectionDialog onPick={(layout) => addSection(layout, addingAfter)} onDone={() => setAddingAfter(undefined)} /> : null}
      {picking ? (
        <FilePicker
          allowAddress
          onPick={(image) =>
            'layout' in picking
              ? addSection(picking.layout, picking.after, image)
              : store.insertBlock(picking.sectionId, picking.type, picking.at, placedImage(image))
          }
          onDone={() => setPicking(undefined)}
        />
      ) : null}
      <DragOverlay dropAnimation={null}>{dragType ? <div className="editor-drag">{blockDefinition(dragType)?.label}</div> : null}</DragOverlay>
    </DndContext>
  );
}

/** The selected block's properties, from its kind's fields, checked as the document's schema checks them. */
function SettingsPanel({ store, page, writable, canPaste }: { store: EditorStore; page: EditorPage; writable: boolean; canPaste: boolean }) {
  const selected = useEditor(store, (s) => s.selected);
  const block = useEditor(store, (s) => findBlock(s.doc, s.selected)?.block);
  const shownSection = useEditor(store, (s) => (s.doc.sections.some((x) => x.id === s.shownSection) ? s.shownSection : undefined));
  if ((!selected || !block) && shownSection) return <SectionPanel store={store} sectionId={shownSection} writable={writable} canPaste={canPaste} />;
  if (!selected || !block) {
    return (
      <aside className="editor-panel" aria-label="Settings">
        <h2>Page</h2>
        <p className="hint">Select a block on the page to change it, or add one from the list.</p>
      </aside>
    );
  }
  const def = blockDefinition(block.type);
  if (!def) return null;
  const formLocked = block.type === BLOCK_TYPES.FORM && !page.formsWritable;
  const checked = def.data.safeParse(block.data);
  const errors: Record<string, string> = {};
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      // A refused link is said in the seed's words, then what the link rules found (src/document/link.ts gives both).
      const link = (issue as { params?: { link?: string; problem?: PublishProblem } }).params;
      errors[issue.path.join('.')] ??= link?.link !== undefined && link.problem ? pageUrlMessage(link.link, link.problem) : issue.message;
    }
  }
  const groups = def.groups ?? [{ key: '', label: '' }];
  return (
    <aside className="editor-panel" aria-label={`${def.label} settings`}>
      <h2>{def.label}</h2>
      {formLocked ? <p className="hint">{editing.formFieldsReadOnly}</p> : null}
      {block.type === BLOCK_TYPES.IMAGE && writable ? (
        <p className="editor-library-image">
          <LibraryImageButton
            onPick={(image) =>
              store.setBlockData(
                block.id,
                { ...block.data, ...placedImage(image, String(block.data.alt ?? '')) },
                { merge: `library:${block.id}:${image.src}` },
              )
            }
          />
        </p>
      ) : null}
      {block.type === BLOCK_TYPES.MAP && page.canvas.ctx.googleMaps ? (
        <MapPlaceSearch data={block.data} writable={writable} onChange={(next) => store.setBlockData(block.id, next)} />
      ) : null}
      {block.type === BLOCK_TYPES.GALLERY ? (
        <GalleryPanel
          data={block.data}
          files={new Map(page.canvas.ctx.files.map((f) => [f.name, f]))}
          writable={writable}
          onChange={(next) => store.setBlockData(block.id, next)}
          LibraryImageButton={LibraryImageButton}
        />
      ) : null}
      {groups.map((g) => (
        <fieldset key={g.key} className="editor-group">
          {g.label ? <legend>{g.label}</legend> : null}
          <BlockFields
            fields={def.fields}
            value={block.data}
            data={block.data}
            onChange={(next) => store.setBlockData(block.id, next)}
            errors={errors}
            idBase={`block-${block.id}`}
            writable={writable && !formLocked}
            {...(g.key ? { group: g.key } : {})}
          />
        </fieldset>
      ))}
      {Object.keys(errors).some((path) => def.groups && !groupOf(def.fields, path)) ? <p className="form-error">{Object.values(errors).join(' ')}</p> : null}
    </aside>
  );
}
