/**
 * The editor's state: the page's sections being edited, the selection, preview mode, and the
 * history of document changes as immer patches and their inverses (never whole snapshots). Every
 * change to the document is one labelled step; changes made in a burst under one merge key (typing
 * in a block, dragging a number field) join the step before, so undo takes back the burst.
 * Selection, hover and preview are state but never steps. Components read it through `useEditor`
 * with a selector; immer keeps every untouched block the same object, so memoised blocks skip.
 * The actions on blocks and sections are in ./block-actions.ts and ./section-actions.ts.
 */
import { applyPatches, enablePatches, produceWithPatches, type Draft } from 'immer';
import { useSyncExternalStore } from 'react';
import { format } from '../../messages/format';
import { blockCover } from '../../messages/block-cover';
import { editing } from '../../messages/editing';
import { blockActions } from './block-actions';
import { findBlock, kindLabel, kindsOf, memoryClipboard, type EditorBlock, type EditorClipboard, type EditorDoc, type EditorSection } from './document';
import { coveredBlocks, placementOf, type Device } from './grid';
import { sectionActions } from './section-actions';
import { HISTORY_LIMIT, MERGE_WINDOW_MS, type ChangeOptions, type EditorState, type Step, type StoreCore } from './state';

enablePatches();

type Listener = () => void;

export function createEditorStore(
  sections: EditorSection[],
  opts: {
    now?: () => number;
    /** Why a block may not be copied by this role (a form, for a role that may not write forms), or undefined. */
    copyRefusal?: (block: EditorBlock) => string | undefined;
    clipboard?: EditorClipboard;
  } = {},
) {
  const now = opts.now ?? (() => Date.now());
  const clipboard = opts.clipboard ?? memoryClipboard();
  let state: EditorState = { doc: { sections }, revision: 0, preview: false, device: 'desktop', past: [], future: [], announcement: { text: '', serial: 0 } };
  const listeners = new Set<Listener>();
  const pendingWrites = new Set<() => void>();

  const set = (next: Partial<EditorState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };

  const announce = (text: string): Pick<EditorState, 'announcement'> => ({ announcement: { text, serial: state.announcement.serial + 1 } });

  /** Applies one document change as a step (or joins the step before under the same merge key). */
  function change(label: string, recipe: (doc: Draft<EditorDoc>) => void, options: ChangeOptions & { announce?: string; select?: string | null } = {}) {
    const [doc, patches, inverse] = produceWithPatches(state.doc, recipe);
    // Nothing changed (a block moved against the grid's edge): no step, but the keyboard user still hears where it is.
    if (patches.length === 0) {
      if (options.announce) set(announce(options.announce));
      return;
    }
    const at = options.now ?? now();
    const last = state.past.at(-1);
    let past: Step[];
    if (options.merge && last?.merge === options.merge && at - last.at <= MERGE_WINDOW_MS) {
      past = [
        ...state.past.slice(0, -1),
        { label: last.label, patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse], merge: options.merge, at },
      ];
    } else {
      past = [...state.past, { label, patches, inverse, ...(options.merge ? { merge: options.merge } : {}), at }].slice(-HISTORY_LIMIT);
    }
    const selected = options.select === null ? undefined : (options.select ?? state.selected);
    set({ doc, revision: state.revision + 1, past, future: [], selected, notice: undefined, ...(options.announce ? announce(options.announce) : {}) });
  }

  function refuse(message: string) {
    set({ notice: message, ...announce(message) });
  }

  /** After a block is placed: the blocks it now overlaps, unless layered on purpose, said after where it went. */
  function warnOfOverlaps(id: string) {
    const found = findBlock(state.doc, id);
    if (!found) return;
    const others = [...coveredBlocks(found.section.blocks, state.device)].flatMap(([below, over]) => (below === id ? over : over.includes(id) ? [below] : []));
    if (others.length > 0) set(announce(`${state.announcement.text}. ${format(blockCover.overlapping, { others: kindsOf(others, found.section.blocks) })}`));
  }

  /** After undo or redo: the selection stays if its block still exists. */
  function keepSelection(doc: EditorDoc) {
    return findBlock(doc, state.selected) ? state.selected : undefined;
  }

  const core: StoreCore = {
    get state() {
      return state;
    },
    set,
    change,
    refuse,
    announce,
    warnOfOverlaps,
    copyRefusal: opts.copyRefusal,
    clipboard,
  };

  const store = {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Replaces the whole document (loading a page, taking someone else's version): no step, history cleared. */
    load(sections: EditorSection[]) {
      set({ doc: { sections }, revision: state.revision + 1, past: [], future: [], selected: undefined, editingText: undefined, notice: undefined });
    },

    select(id: string | undefined, opts: { announce?: boolean } = {}) {
      if (id === state.selected) return;
      const found = findBlock(state.doc, id);
      const at = found && placementOf(found.block, found.section.blocks, state.device);
      const text = found && at && opts.announce ? format(editing.selected, { kind: kindLabel(found.block.type), column: at.x + 1, row: at.y + 1 }) : undefined;
      set({
        selected: found ? id : undefined,
        shownSection: found ? undefined : state.shownSection,
        editingText: state.editingText === id ? state.editingText : undefined,
        ...(text ? announce(text) : {}),
      });
    },
    /** Lets go of the selected block or shown section, and says so. */
    deselect() {
      set({ selected: undefined, shownSection: undefined, editingText: undefined, ...announce(editing.deselected) });
    },
    /** Shows the section's settings and layers in the panel (the block selection is let go). */
    showSection(id: string | undefined) {
      set({ shownSection: id, selected: undefined, editingText: undefined });
    },
    /** Opens a text block's words for editing (the caret where the owner clicked, at `at` in the canvas's coordinates, else at the end). */
    editText(id: string | undefined, at?: { x: number; y: number }) {
      set({ editingText: id, editingAt: id ? at : undefined, ...(id ? { selected: id } : {}) });
    },
    /** Switches the layout being edited; the selection stays. */
    setDevice(device: Device) {
      if (device !== state.device) set({ device, editingText: undefined });
    },
    setPreview(preview: boolean) {
      set({ preview, editingText: undefined, ...announce(preview ? editing.previewOn : editing.previewOff) });
    },
    announce(text: string) {
      set(announce(text));
    },
    clearNotice() {
      if (state.notice) set({ notice: undefined });
    },

    /**
     * Registers a writer whose changes wait a moment (words typed in place go to the store after the
     * frame that shows them): every action that reads or rewinds the document runs it first.
     */
    addPendingWrite(write: () => void) {
      pendingWrites.add(write);
      return () => {
        pendingWrites.delete(write);
      };
    },
    /** Writes what is waiting (before undo, redo, a save). */
    flushPendingWrites() {
      for (const write of [...pendingWrites]) write();
    },

    undo() {
      store.flushPendingWrites();
      const step = state.past.at(-1);
      if (!step) return set(announce(editing.nothingToUndo));
      const doc = applyPatches(state.doc, step.inverse);
      set({
        doc,
        revision: state.revision + 1,
        past: state.past.slice(0, -1),
        future: [step, ...state.future],
        selected: keepSelection(doc),
        ...announce(format(editing.undone, { label: step.label })),
      });
    },
    redo() {
      store.flushPendingWrites();
      const step = state.future[0];
      if (!step) return set(announce(editing.nothingToRedo));
      const doc = applyPatches(state.doc, step.patches);
      set({
        doc,
        revision: state.revision + 1,
        past: [...state.past, step],
        future: state.future.slice(1),
        selected: keepSelection(doc),
        ...announce(format(editing.redone, { label: step.label })),
      });
    },

    ...blockActions(core),
    ...sectionActions(core),
  };
  return store;
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** Reads a part of the editor's state; the component renders again only when that part changes. */
export function useEditor<T>(store: EditorStore, selector: (state: EditorState) => T): T {
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}
