/**
 * A text block's words edited in place on the canvas with Tiptap (ProseMirror), limited to what the
 * stored rich text allows (src/document/rich-text.ts): paragraphs, headings, lists, quotes, bold,
 * italic, underline, links, highlights and alignment. Each change goes to the editor's store as the block's
 * data, one undo step per burst of typing; Tiptap's own history is off, so Ctrl+Z undoes through
 * the editor's history like every other change. A change made elsewhere while the words are open
 * (undo, redo) is put back into the editing view. This module, and Tiptap with it, loads only with
 * the editor.
 */
import { Editor, type JSONContent } from '@tiptap/core';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { HighlightMark } from '../../blocks/text/highlight-mark';
import type { TextSession } from '../../blocks/text/session';
import type { BlockData } from '../../document/schema';
import type { EditorStore } from './store';
import { findBlock, type EditorBlock } from './document';

/** The text alignments the stored rich text allows, as the classes visitors' pages carry. */
export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

const alignAsClass = TextAlign.extend({
  addGlobalAttributes() {
    return [
      {
        types: ['heading', 'paragraph'],
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element: HTMLElement) => ALIGNMENTS.find((a) => element.classList.contains(`text-align-${a}`)) ?? null,
            // A class, not a style attribute: the config area's CSP allows no inline style.
            renderHTML: (attributes: Record<string, unknown>) => (attributes.textAlign ? { class: `text-align-${String(attributes.textAlign)}` } : {}),
          },
        },
      },
    ];
  },
}).configure({ types: ['heading', 'paragraph'], alignments: [...ALIGNMENTS] });

export function textExtensions() {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      undoRedo: false,
      dropcursor: false,
      gapcursor: false,
      trailingNode: false,
      heading: { levels: [1, 2, 3, 4] },
      link: { openOnClick: false, autolink: false, linkOnPaste: true, HTMLAttributes: { rel: null, target: null, class: null } },
    }),
    alignAsClass,
    HighlightMark,
  ];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The block's words as Tiptap edits them, in the block's own markup, inside the canvas frame. */
export function TextEditorHost({ block, store, session }: { block: EditorBlock; store: EditorStore; session: TextSession }) {
  const ref = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | undefined>(undefined);
  const pendingRef = useRef<() => boolean>(() => false);
  useLayoutEffect(() => {
    const element = ref.current!;
    const at = store.getState().editingAt;
    const win = element.ownerDocument.defaultView ?? window;
    let pending = false;
    let frame: number | undefined;
    let timer: number | undefined;
    const editor = new Editor({
      element,
      extensions: textExtensions(),
      content: block.data.text as JSONContent,
      injectCSS: false,
      autofocus: at ? false : 'end',
      editorProps: { attributes: { class: 'editor-text', 'aria-label': 'Text', role: 'textbox', 'aria-multiline': 'true' } },
      // The view shows a keystroke at once; the store (and with it the rest of the editor: the panel,
      // the selection's outline, autosave) hears of it after that frame is painted, a burst of keys at
      // a time, so typing on a long page costs a keystroke what ProseMirror does and no more.
      onUpdate: () => {
        if (pending) return;
        pending = true;
        frame = win.requestAnimationFrame(() => {
          timer = win.setTimeout(write, 0);
        });
      },
    });
    const write = () => {
      if (!pending) return;
      pending = false;
      if (frame !== undefined) win.cancelAnimationFrame(frame);
      if (timer !== undefined) win.clearTimeout(timer);
      const current = findBlock(store.getState().doc, block.id)?.block;
      const text = editor.getJSON();
      if (!current || same(text, current.data.text)) return;
      store.setBlockData(block.id, { ...current.data, text } as BlockData, { merge: `text:${block.id}` });
    };
    const unregister = store.addPendingWrite(write);
    pendingRef.current = () => pending;
    editorRef.current = editor;
    // Opened by a click: the caret goes where the owner clicked, as in any text field.
    if (at) {
      const clicked = editor.view.posAtCoords({ left: at.x, top: at.y });
      editor
        .chain()
        .setTextSelection(clicked ? clicked.pos : editor.state.doc.content.size)
        .focus()
        .run();
    }
    session.set({ blockId: block.id, editor });
    return () => {
      write();
      unregister();
      pendingRef.current = () => false;
      if (session.get()?.editor === editor) session.set(undefined);
      editor.destroy();
      editorRef.current = undefined;
    };
    // One editing view per block being edited; later data comes in below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [block.id, store, session]);
  // Undo or redo changed the words while they are open: show them.
  // Compared with the store as it is now, not with this render's data: typing runs ahead of React's
  // renders, and an older render's words must never be put back over newer ones.
  useEffect(() => {
    const editor = editorRef.current;
    // Words still on their way to the store are newer than it: nothing to show.
    if (pendingRef.current()) return;
    const latest = findBlock(store.getState().doc, block.id)?.block.data.text;
    if (editor && latest !== undefined && !same(editor.getJSON(), latest)) editor.commands.setContent(latest as JSONContent, { emitUpdate: false });
  }, [block.data.text, block.id, store]);
  return <div className="block-text" ref={ref} />;
}
