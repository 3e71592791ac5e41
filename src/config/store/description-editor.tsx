/**
 * A product's description in the config area's rich-text field (../shared/rich-text-editor.tsx:
 * bold, italic, links; lists and paragraphs kept), held as the site document holds rich text:
 * ProseMirror JSON. The field speaks HTML, so the text is turned into JSON as it changes and back
 * when it is shown; what the field last sent is remembered, so a change typed here never resets
 * the words under the cursor. Loaded with Tiptap only when a product is opened.
 */
import { generateHTML, generateJSON, type JSONContent } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { useMemo, useState } from 'react';
import type { RichText } from '../../document/rich-text';
import RichTextEditor from '../shared/rich-text-editor';

const EXTENSIONS = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    heading: { levels: [1, 2, 3, 4] },
    link: { openOnClick: false, autolink: false, HTMLAttributes: { rel: null, target: null, class: null } },
  }),
];

export default function DescriptionEditor({
  id,
  labelledBy,
  describedBy,
  invalid,
  value,
  writable,
  onChange,
}: {
  id: string;
  labelledBy: string;
  describedBy?: string | undefined;
  invalid: boolean;
  value: RichText | undefined;
  writable: boolean;
  onChange: (text: RichText | undefined) => void;
}) {
  const [sent, setSent] = useState<{ json: RichText | undefined; html: string }>({ json: undefined, html: '' });
  const html = useMemo(() => {
    if (value === sent.json) return sent.html;
    return value ? generateHTML(value as JSONContent, EXTENSIONS) : '';
  }, [value, sent]);
  return (
    <RichTextEditor
      id={id}
      labelledBy={labelledBy}
      describedBy={describedBy}
      invalid={invalid}
      value={html}
      writable={writable}
      onChange={(next) => {
        const json = next === '' ? undefined : (generateJSON(next, EXTENSIONS) as RichText);
        setSent({ json, html: next });
        onChange(json);
      }}
    />
  );
}
