/**
 * The editor's bar: back to the list, the page's title, the device being edited, undo and redo, the
 * save status, preview, history, and the save actions (discard the draft, publish); the note under
 * it saying which layout is being edited; and the dialog when someone else saved the draft meanwhile.
 */
import type { DraftState } from '../../contracts/editor';
import { format } from '../../messages/format';
import { editing } from '../../messages/editing';
import { Popup } from '../../ui/dialogs/popup';
import type { SaveStatus } from './autosave';
import { phoneEdited } from './grid';
import { useEditor, type EditorStore } from './store';
import { findBlock } from './document';

/**
 * Device views of the canvas: desktop fills the stage; a tablet is a tablet's width and shows the
 * desktop layout (edits there are desktop's); a phone is a phone's width and edits the phone layout.
 */
export const DEVICES = { desktop: undefined, tablet: 820, phone: 390 } as const;
export type View = keyof typeof DEVICES;
const VIEW_LABELS: Record<View, string> = { desktop: editing.deviceDesktop, tablet: editing.deviceTablet, phone: editing.devicePhone };

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

/** The bar along the editor's top. */
export function EditorBar({
  title,
  path,
  closeLabel,
  onClose,
  view,
  onView,
  store,
  writable,
  status,
  history,
  onDiscard,
  onPublish,
}: {
  title: string;
  path: string | null | undefined;
  closeLabel: string;
  onClose: () => void;
  view: View;
  onView: (view: View) => void;
  store: EditorStore;
  writable: boolean;
  status: SaveStatus;
  /** The published versions' view, for pages (a post has none). */
  history: { open: boolean; toggle: () => void } | undefined;
  onDiscard: () => void;
  onPublish: () => void;
}) {
  const preview = useEditor(store, (s) => s.preview);
  const canUndo = useEditor(store, (s) => s.past.length > 0);
  const canRedo = useEditor(store, (s) => s.future.length > 0);
  return (
    <header className="editor-bar">
      <button type="button" className="secondary" onClick={onClose}>
        {closeLabel}
      </button>
      <p className="editor-title">
        <strong>{title}</strong> {path ? <span className="editor-path">{path}</span> : null}
      </p>
      <div className="editor-devices" role="group" aria-label="Device">
        {(Object.keys(DEVICES) as View[]).map((d) => (
          <button key={d} type="button" className="secondary" aria-pressed={view === d} onClick={() => onView(d)}>
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
      {history ? (
        <button type="button" className="secondary" aria-pressed={history.open} onClick={history.toggle}>
          {editing.history}
        </button>
      ) : null}
      {writable ? (
        <button type="button" className="secondary" onClick={onDiscard} disabled={status.state === 'conflict'}>
          {editing.discard}
        </button>
      ) : null}
      {writable ? (
        <button type="button" onClick={onPublish} disabled={status.state === 'conflict'}>
          {editing.publish}
        </button>
      ) : null}
    </header>
  );
}

/** Which layout is being edited, always in sight: desktop's, the tablet's view of it, or the phone's (automatic or the owner's). */
export function DeviceNote({ store, view }: { store: EditorStore; view: View }) {
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

export function ConflictDialog({
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
