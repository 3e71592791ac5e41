/**
 * A product's description as the HTML a product CSV carries ("Body (HTML)", "Description"): the
 * elements the import reads back (src/document/rich-text-html.ts) and nothing else, so a
 * description exported and imported again is the same text. A highlight has no HTML of its own
 * and is kept as its words; alignment is the shop's to draw, not the file's.
 */
import type { RichText, RichTextBlock, RichTextInline, RichTextListItem, RichTextMark } from '../../../../document/rich-text';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

const MARK_TAGS: Readonly<Record<string, string>> = { bold: 'strong', italic: 'em', underline: 'u' };

function open(mark: RichTextMark): string {
  if (mark.type === 'link') return `<a href="${escapeAttribute(mark.attrs.href)}"${mark.attrs.target === '_blank' ? ' target="_blank"' : ''}>`;
  const tag = MARK_TAGS[mark.type];
  return tag ? `<${tag}>` : '';
}

function close(mark: RichTextMark): string {
  if (mark.type === 'link') return '</a>';
  const tag = MARK_TAGS[mark.type];
  return tag ? `</${tag}>` : '';
}

/** Inline nodes with their marks opened and closed around each run, as the editor nests them. */
function inline(content: readonly RichTextInline[] = []): string {
  let out = '';
  let stack: RichTextMark[] = [];
  for (const node of content) {
    const marks = node.marks ?? [];
    let keep = 0;
    while (keep < stack.length && keep < marks.length && JSON.stringify(stack[keep]) === JSON.stringify(marks[keep])) keep += 1;
    for (const m of stack.slice(keep).reverse()) out += close(m);
    for (const m of marks.slice(keep)) out += open(m);
    stack = [...marks];
    out += node.type === 'text' ? escapeText(node.text) : '<br>';
  }
  for (const m of stack.reverse()) out += close(m);
  return out;
}

function item(node: RichTextListItem): string {
  return `<li>${node.content.map(block).join('')}</li>`;
}

function block(node: RichTextBlock): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${inline(node.content)}</p>`;
    case 'heading':
      return `<h${node.attrs.level}>${inline(node.content)}</h${node.attrs.level}>`;
    case 'blockquote':
      return `<blockquote>${node.content.map(block).join('')}</blockquote>`;
    case 'bulletList':
      return `<ul>${node.content.map(item).join('')}</ul>`;
    case 'orderedList': {
      const start = node.attrs.start !== 1 ? ` start="${node.attrs.start}"` : '';
      const type = node.attrs.type !== null ? ` type="${node.attrs.type}"` : '';
      return `<ol${start}${type}>${node.content.map(item).join('')}</ol>`;
    }
  }
}

export function richTextToHtml(doc: RichText): string {
  return doc.content.map(block).join('');
}
