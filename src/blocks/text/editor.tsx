/**
 * The text block's panel editor (`rich-text`): the words are edited in place on the canvas; here is
 * the formatting toolbar acting on them while they are open (text style, bold, italic, underline,
 * lists, quote, alignment, a highlight (./highlight-control.tsx), and a link checked by the link rules with the seed's message). With the
 * words closed it says how to open them, with a button that does. Browser code with no import of
 * the config area: the text being edited comes through ./session.ts.
 */
import type { Editor } from '@tiptap/core';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { editing } from '../../messages/editing';
import type { CustomEditorProps } from '../fields';
import { linkRefusal } from '../link-message';
import { HighlightControl } from './highlight-control';
import { TextSessionContext, useActiveText } from './session';

const STYLES = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: '1', label: 'Heading 1' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
  { value: '4', label: 'Heading 4' },
] as const;

const ALIGNMENTS = [
  { value: 'left', label: 'Align left', short: 'Left' },
  { value: 'center', label: 'Centre', short: 'Centre' },
  { value: 'right', label: 'Align right', short: 'Right' },
  { value: 'justify', label: 'Justify', short: 'Justify' },
] as const;

/** Re-renders on every change of the editing view (selection included), so the buttons show what is on. */
export function useEditorState(editor: Editor): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const changed = () => setTick((t) => t + 1);
    editor.on('transaction', changed);
    return () => {
      editor.off('transaction', changed);
    };
  }, [editor]);
}

/** Keeps the canvas's text selection: the press does not take focus from the words. */
const keepSelection = (event: React.MouseEvent) => event.preventDefault();

export function ToggleButton({ pressed, label, onPress, children }: { pressed: boolean; label: string; onPress: () => void; children: ReactNode }) {
  return (
    <button type="button" className="secondary text-tool" aria-pressed={pressed} aria-label={label} title={label} onMouseDown={keepSelection} onClick={onPress}>
      {children}
    </button>
  );
}

function currentStyle(editor: Editor): string {
  for (const level of [1, 2, 3, 4]) if (editor.isActive('heading', { level })) return String(level);
  return 'paragraph';
}

export function LinkControl({ editor, idBase, writable }: { editor: Editor; idBase: string; writable: boolean }) {
  const current = (editor.getAttributes('link') as { href?: string; target?: string | null }).href ?? '';
  const currentTarget = (editor.getAttributes('link') as { target?: string | null }).target === '_blank';
  const [href, setHref] = useState(current);
  const [newWindow, setNewWindow] = useState(currentTarget);
  const [error, setError] = useState<string>();
  const apply = () => {
    const value = href.trim();
    if (value === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    const refusal = linkRefusal(value);
    setError(refusal);
    if (refusal) return;
    const attrs = { href: value, target: newWindow ? '_blank' : null };
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs }] }).run();
    } else chain.extendMarkRange('link').setLink(attrs).run();
  };
  const errorId = `${idBase}-link-error`;
  const hintId = `${idBase}-link-hint`;
  return (
    <form
      className="text-link"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <label htmlFor={`${idBase}-link`}>{editing.linkPrompt}</label>
      <p className="hint" id={hintId}>
        {editing.linkHint}
      </p>
      <input
        id={`${idBase}-link`}
        type="text"
        inputMode="url"
        value={href}
        onChange={(e) => setHref(e.target.value)}
        disabled={!writable}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        {...(error ? { 'aria-invalid': true as const } : {})}
      />
      <label className="check">
        <input type="checkbox" checked={newWindow} onChange={(e) => setNewWindow(e.target.checked)} disabled={!writable} /> Open in a new window
      </label>
      {error ? (
        <p className="form-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="secondary" disabled={!writable}>
          {current ? 'Update link' : 'Set link'}
        </button>
        {current ? (
          <button
            type="button"
            className="secondary"
            disabled={!writable}
            onMouseDown={keepSelection}
            onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
          >
            Remove link
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** Paragraph or a heading level, for the words at the caret: here and in the bar beside the words on the canvas. */
export function StyleSelect({ editor, writable, label }: { editor: Editor; writable: boolean; label?: string }) {
  return (
    <select
      value={currentStyle(editor)}
      disabled={!writable}
      {...(label ? { 'aria-label': label } : {})}
      onChange={(e) => {
        const value = e.target.value;
        const chain = editor.chain().focus();
        if (value === 'paragraph') chain.setParagraph().run();
        else chain.setHeading({ level: Number(value) as 1 | 2 | 3 | 4 }).run();
      }}
    >
      {STYLES.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </select>
  );
}

/** Bold and italic, pressed when the words at the caret are. */
export function BoldItalic({ editor, writable }: { editor: Editor; writable: boolean }) {
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => {
    if (writable) command(editor.chain().focus()).run();
  };
  return (
    <>
      <ToggleButton pressed={editor.isActive('bold')} label="Bold" onPress={run((c) => c.toggleBold())}>
        <strong>B</strong>
      </ToggleButton>
      <ToggleButton pressed={editor.isActive('italic')} label="Italic" onPress={run((c) => c.toggleItalic())}>
        <em>I</em>
      </ToggleButton>
    </>
  );
}

function Toolbar({ editor, idBase, writable }: { editor: Editor; idBase: string; writable: boolean }) {
  useEditorState(editor);
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => {
    if (writable) command(editor.chain().focus()).run();
  };
  return (
    <div className="text-toolbar">
      <div role="toolbar" aria-label={editing.textToolbar} className="text-tools">
        <label className="text-style">
          Text style
          <StyleSelect editor={editor} writable={writable} />
        </label>
        <BoldItalic editor={editor} writable={writable} />
        <ToggleButton pressed={editor.isActive('underline')} label="Underline" onPress={run((c) => c.toggleUnderline())}>
          <u>U</u>
        </ToggleButton>
        <ToggleButton pressed={editor.isActive('bulletList')} label="Bulleted list" onPress={run((c) => c.toggleBulletList())}>
          • List
        </ToggleButton>
        <ToggleButton pressed={editor.isActive('orderedList')} label="Numbered list" onPress={run((c) => c.toggleOrderedList())}>
          {/* Its visible words are its name (axe: label-content-name-mismatch; "1. List" is not part of "Numbered list"). */}
          Numbered list
        </ToggleButton>
        <ToggleButton pressed={editor.isActive('blockquote')} label="Quote" onPress={run((c) => c.toggleBlockquote())}>
          “ Quote
        </ToggleButton>
        {ALIGNMENTS.map((a) => (
          <ToggleButton key={a.value} pressed={editor.isActive({ textAlign: a.value })} label={a.label} onPress={run((c) => c.setTextAlign(a.value))}>
            {a.short}
          </ToggleButton>
        ))}
        <HighlightControl editor={editor} writable={writable} />
      </div>
      {/* The caret moving to another link (or out of one) starts the control afresh, showing that one. */}
      <LinkControl key={JSON.stringify(editor.getAttributes('link'))} editor={editor} idBase={idBase} writable={writable} />
    </div>
  );
}

export function RichTextEditor({ id, label, writable, Field }: CustomEditorProps) {
  const session = useContext(TextSessionContext);
  const active = useActiveText();
  if (active) {
    return (
      <fieldset className="text-editing">
        <legend>{label}</legend>
        <Toolbar editor={active.editor} idBase={id} writable={writable} />
      </fieldset>
    );
  }
  return (
    <Field id={id} label={label} hint={writable ? editing.editTextHint : undefined}>
      {(control) =>
        session && writable ? (
          <button type="button" className="secondary" {...control} onClick={() => session.startEditing()}>
            Edit text
          </button>
        ) : (
          <p {...control} className="hint">
            {writable ? 'Open the page in the editor to change its words.' : 'View only.'}
          </p>
        )
      }
    </Field>
  );
}
