/**
 * The small bar of text styles beside the words being edited on the canvas: paragraph or heading,
 * bold, italic and a link, the same commands as the panel's formatting toolbar
 * (src/blocks/text/editor.tsx), within reach of the words. It sits above the block, or below or
 * beside it where that would cover another block, below it when nothing is clear (./geometry.ts),
 * never over the words being edited, and moves with the block as it grows.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { BoldItalic, LinkControl, StyleSelect, ToggleButton, useEditorState } from '../../blocks/text/editor';
import { useActiveText } from '../../blocks/text/session';
import type { Editor } from '@tiptap/core';
import { editing } from '../../messages/editing';
import { placeToolbar } from './geometry';

export function TextBar({ blockId, doc, win, layout }: { blockId: string; doc: Document; win: Window; layout: unknown }) {
  const active = useActiveText();
  const editor = active?.blockId === blockId ? active.editor : undefined;
  return editor ? <Bar key={blockId} blockId={blockId} editor={editor} doc={doc} win={win} layout={layout} /> : null;
}

function Bar({ blockId, editor, doc, win, layout }: { blockId: string; editor: Editor; doc: Document; win: Window; layout: unknown }) {
  useEditorState(editor);
  const [linking, setLinking] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // Placed again whenever the page's layout may have moved (the block grows as words are typed).
  useLayoutEffect(() => {
    const target = doc.getElementById(`block-${blockId}`);
    if (ref.current && target) placeToolbar(ref.current, target, win);
  }, [blockId, doc, win, layout]);
  return (
    <div ref={ref} className="editor-text-bar">
      <div role="toolbar" aria-label={editing.textToolbar} className="editor-text-tools">
        <StyleSelect editor={editor} writable label="Text style" />
        <BoldItalic editor={editor} writable />
        <ToggleButton pressed={editor.isActive('link')} label="Link" onPress={() => setLinking(!linking)}>
          Link
        </ToggleButton>
      </div>
      {linking ? (
        <div className="editor-text-link">
          <LinkControl key={JSON.stringify(editor.getAttributes('link'))} editor={editor} idBase={`text-bar-${blockId}`} writable />
        </div>
      ) : null}
    </div>
  );
}
