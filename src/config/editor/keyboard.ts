/**
 * Every editor action from the keyboard: arrows move the selected block a cell, Shift+arrows
 * resize it, Delete removes it, Ctrl/Cmd+D duplicates it, Ctrl/Cmd+C copies it and Ctrl/Cmd+V
 * pastes what was copied (on any page of the site), Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or
 * Ctrl+Y) undo and redo, Ctrl/Cmd+] and Ctrl/Cmd+[ bring it forward and send it back, Tab and
 * Shift+Tab go from block to block in reading order, Enter edits a text block's words. Escape steps
 * back one thing a press: out of the words being edited, then off the selected block (or section);
 * with nothing of the editor's open it toggles preview mode (seed 000 §4: "in the editor it toggles
 * preview mode"); a dialog that closes on Escape claims
 * the press first (it prevents its default), as the visitor runtime's close targets do. Undo and redo
 * are the editor's wherever focus is in it, panel fields and text included.
 */
import { useEffect } from 'react';
import { pageOrder } from './grid';
import type { EditorStore } from './store';
import { findBlock } from './document';

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Whether the key goes to a control being typed in (the panel's fields), not to the canvas. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

export function handleEditorKey(
  store: EditorStore,
  event: KeyboardEvent,
  opts: { writable: boolean; inCanvas: boolean; isTextBlock: (type: number) => boolean },
) {
  const state = store.getState();
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (mod && !event.altKey && (key === 'z' || key === 'y')) {
    if (!opts.writable) return;
    event.preventDefault();
    if (key === 'y' || event.shiftKey) store.redo();
    else store.undo();
    return;
  }
  if (key === 'Escape') {
    // ProseMirror claims Escape in the words being edited (it prevents the default): here it ends the editing.
    const inWords = state.editingText !== undefined && (event.target as HTMLElement | null)?.isContentEditable === true;
    if (event.defaultPrevented && !inWords) return;
    event.preventDefault();
    // One step back a press: out of the words (the block stays selected), then the selection goes,
    // and only with nothing held does it toggle preview.
    if (state.editingText) {
      const id = state.editingText;
      store.editText(undefined);
      store.select(id);
    } else if (!state.preview && (state.selected || state.shownSection)) store.deselect();
    else store.setPreview(!state.preview);
    return;
  }
  if (state.preview || state.editingText || !opts.inCanvas || typing(event.target)) return;
  // The toolbars over the canvas are ordinary controls: Tab and Enter work on them as anywhere.
  if ((event.target as Element | null)?.closest?.('.editor-block-bar, .editor-section-bar')) return;
  const order = pageOrder(state.doc.sections);
  if (key === 'Tab') {
    if (order.length === 0) return;
    const at = order.findIndex((o) => o.block.id === state.selected);
    const next = at === -1 ? (event.shiftKey ? order.length - 1 : 0) : at + (event.shiftKey ? -1 : 1);
    // Past the first or the last block, Tab leaves the canvas as it would any other control.
    if (next < 0 || next >= order.length) return;
    event.preventDefault();
    store.select(order[next]!.block.id, { announce: true });
    return;
  }
  if (mod && key === 'v' && opts.writable) {
    event.preventDefault();
    store.paste();
    return;
  }
  const found = findBlock(state.doc, state.selected);
  if (!found) return;
  const id = found.block.id;
  if (key === 'Enter' && opts.writable && opts.isTextBlock(found.block.type)) {
    event.preventDefault();
    store.editText(id);
    return;
  }
  if (!opts.writable) return;
  const arrow = ARROWS[key];
  if (arrow && !mod && !event.altKey) {
    event.preventDefault();
    if (event.shiftKey) store.stretch(id, arrow[0], arrow[1]);
    else store.nudge(id, arrow[0], arrow[1]);
    return;
  }
  if ((key === 'Delete' || key === 'Backspace') && !mod) {
    event.preventDefault();
    store.deleteBlock(id);
    return;
  }
  if (mod && key === 'c') {
    event.preventDefault();
    store.copyBlock(id);
    return;
  }
  if (mod && key === 'd') {
    event.preventDefault();
    store.duplicateBlock(id);
    return;
  }
  if (mod && (key === ']' || key === '[')) {
    event.preventDefault();
    if (key === ']') store.bringForward(id);
    else store.sendBack(id);
  }
}

/** Listens on the config area's document and the canvas frame's. */
export function useEditorKeys(store: EditorStore, frameDoc: Document | undefined, opts: { writable: boolean; isTextBlock: (type: number) => boolean }) {
  const { writable, isTextBlock } = opts;
  useEffect(() => {
    const outside = (event: KeyboardEvent) => handleEditorKey(store, event, { writable, isTextBlock, inCanvas: false });
    const inside = (event: KeyboardEvent) => handleEditorKey(store, event, { writable, isTextBlock, inCanvas: true });
    document.addEventListener('keydown', outside);
    frameDoc?.addEventListener('keydown', inside);
    return () => {
      document.removeEventListener('keydown', outside);
      frameDoc?.removeEventListener('keydown', inside);
    };
  }, [store, frameDoc, writable, isTextBlock]);
}
