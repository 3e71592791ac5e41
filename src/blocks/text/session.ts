/**
 * The text being edited in place, shared by the canvas (where Tiptap edits a text block's words)
 * and the block's panel (where the formatting toolbar acts on them). Only types come from Tiptap
 * here: Tiptap itself loads with the visual editor.
 */
import type { Editor } from '@tiptap/core';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** The editing view of the text block being edited, when there is one. */
export type ActiveText = { blockId: string; editor: Editor } | undefined;

/** `startEditing` opens the selected text block's words for editing (the panel's "Edit text"). */
export function createTextSession(startEditing: () => void = () => undefined) {
  let active: ActiveText;
  const listeners = new Set<() => void>();
  return {
    get: () => active,
    set(next: ActiveText) {
      active = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    startEditing,
  };
}
export type TextSession = ReturnType<typeof createTextSession>;

export const TextSessionContext = createContext<TextSession | undefined>(undefined);

const none = () => () => undefined;

export function useActiveText(): ActiveText {
  const session = useContext(TextSessionContext);
  const read = () => session?.get();
  return useSyncExternalStore(session?.subscribe ?? none, read, read);
}
