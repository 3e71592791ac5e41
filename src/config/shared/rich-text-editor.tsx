/**
 * A small rich-text field for a block's formatted text (an accordion item's answer, a form's
 * message after sending, a disclaimer): paragraphs, bold, italic and links, edited with Tiptap and
 * handed on as HTML, which the server sanitises when the block is saved, as before. Headings,
 * lists and quotes already in the text are kept. A link is checked by the link rules as it is set,
 * with the seed's message. Loaded only when such a field is shown (./block-fields.tsx), so Tiptap
 * stays out of the config area's entry.
 */
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { linkRefusal } from '../../blocks/link-message';
import { blog } from '../../messages/blog';
import { editing } from '../../messages/editing';
import { navigation } from '../../messages/navigation';
import { richText as words } from '../../messages/rich-text';

export type RichTextEditorProps = {
  id: string;
  /** The id of the element naming the field (its label). */
  labelledBy: string;
  describedBy?: string | undefined;
  invalid: boolean;
  value: string;
  writable: boolean;
  onChange: (html: string) => void;
};

/** What the field holds: an empty editor is no text at all. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** Keeps the text's selection: pressing a tool does not take focus from the words. */
const keepSelection = (event: React.MouseEvent) => event.preventDefault();

function Tool({
  pressed,
  label,
  onPress,
  disabled,
  children,
}: {
  pressed: boolean;
  label: string;
  onPress: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="secondary text-tool"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      disabled={disabled}
      onMouseDown={keepSelection}
      onClick={onPress}
    >
      {children}
    </button>
  );
}

export default function RichTextEditor({ id, labelledBy, describedBy, invalid, value, writable, onChange }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor>();
  const [, setTick] = useState(0);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string>();
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const made = new Editor({
      element: host.current!,
      extensions: [
        StarterKit.configure({
          code: false,
          horizontalRule: false,
          strike: false,
          dropcursor: false,
          gapcursor: false,
          trailingNode: false,
          link: { openOnClick: false, autolink: false, linkOnPaste: true, HTMLAttributes: { rel: null, target: null, class: null } },
        }),
      ],
      content: value,
      injectCSS: false,
      editable: writable,
      editorProps: {
        attributes: {
          id,
          class: 'rich-text-area',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelledBy,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
      onUpdate: ({ editor: e }) => change.current(htmlOf(e)),
      onTransaction: () => setTick((t) => t + 1),
    });
    setEditor(made);
    return () => made.destroy();
    // The editor is made once; what changes later reaches it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value changed elsewhere (undo in the editor, a save's answer) replaces the words; one typed here does not.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(writable, false);
  }, [editor, writable]);
  useEffect(() => {
    if (!editor) return;
    const el = editor.view.dom;
    if (invalid) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
    if (describedBy) el.setAttribute('aria-describedby', describedBy);
    else el.removeAttribute('aria-describedby');
  }, [editor, invalid, describedBy]);

  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => {
    if (editor && writable) command(editor.chain().focus()).run();
  };
  const currentHref = (editor?.getAttributes('link') as { href?: string } | undefined)?.href ?? '';
  const openLink = () => {
    setHref(currentHref);
    setLinkError(undefined);
    setLinking(true);
  };
  const applyLink = () => {
    if (!editor) return;
    const address = href.trim();
    if (address === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinking(false);
      return;
    }
    const refusal = linkRefusal(address);
    setLinkError(refusal);
    if (refusal) return;
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run();
    else chain.extendMarkRange('link').setLink({ href: address }).run();
    setLinking(false);
  };
  const off = !editor || !writable;
  return (
    <div className="rich-text">
      <div role="toolbar" aria-label={words.toolbar} aria-controls={id} className="text-tools">
        <Tool pressed={editor?.isActive('bold') ?? false} label={words.bold} disabled={off} onPress={run((c) => c.toggleBold())}>
          <strong>B</strong>
        </Tool>
        <Tool pressed={editor?.isActive('italic') ?? false} label={words.italic} disabled={off} onPress={run((c) => c.toggleItalic())}>
          <em>I</em>
        </Tool>
        <Tool pressed={editor?.isActive('link') ?? false} label={navigation.link} disabled={off} onPress={openLink}>
          {navigation.link}
        </Tool>
      </div>
      <div ref={host} className="rich-text-host" />
      {linking ? (
        <div className="rich-text-link">
          <label htmlFor={`${id}-link`}>{editing.linkPrompt}</label>
          <p className="field-hint" id={`${id}-link-hint`}>
            {editing.linkHint}
          </p>
          <input
            id={`${id}-link`}
            type="text"
            inputMode="url"
            value={href}
            autoFocus
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                setLinking(false);
                editor?.commands.focus();
              }
            }}
            aria-describedby={linkError ? `${id}-link-hint ${id}-link-error` : `${id}-link-hint`}
            {...(linkError ? { 'aria-invalid': true as const } : {})}
          />
          {linkError ? (
            <p className="field-error" id={`${id}-link-error`} role="alert">
              {linkError}
            </p>
          ) : null}
          <div className="button-row">
            <button type="button" className="secondary" onClick={applyLink}>
              {currentHref ? words.updateLink : words.setLink}
            </button>
            {currentHref ? (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  editor?.chain().focus().extendMarkRange('link').unsetLink().run();
                  setLinking(false);
                }}
              >
                {words.removeLink}
              </button>
            ) : null}
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setLinking(false);
                editor?.commands.focus();
              }}
            >
              {blog.cancel}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
