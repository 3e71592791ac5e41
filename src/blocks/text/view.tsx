/**
 * Text block: the owner's rich text rendered node by node through an allow-list (paragraph,
 * heading, lists, quote, line break; bold, italic, underline, link, highlight), each to the element it has
 * always rendered as, so no stored text can name an element or attribute of its own. A node or
 * mark the list does not name renders nothing (a mark's text stays), though the schema lets none
 * through. Alignment is a class (the page's CSP allows no inline style). A link keeps its href
 * only when a page on the serving host may carry it (the link rules: stored links were checked
 * without a host), as owner HTML's links do (../html.ts `htmlForHost`). A highlight wraps its
 * words with the SVG shape drawn over them (./highlight-view.ts).
 *
 * The markup follows the editor's: marks nest as ProseMirror nests them (one <a> around a
 * link's bold and plain parts), and a paragraph that is empty or ends in a line break gets the
 * extra break ProseMirror's editor shows there, so every line an owner sees while editing is a
 * line visitors see. A list item or quote holding one paragraph (and perhaps lists) renders that
 * paragraph's content bare, as lists and quotes have always been written in HTML.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { isPublishableLink } from '../../domain/links';
import type { RichTextBlock, RichTextInline, RichTextListItem, RichTextMark } from '../../document/rich-text';
import type { BlockViewProps } from '../types';
import { highlightElement } from './highlight-view';
import type { TextData } from './schema';

const ALIGN_CLASSES: Readonly<Record<string, string>> = {
  left: 'text-align-left',
  center: 'text-align-center',
  right: 'text-align-right',
  justify: 'text-align-justify',
};
const HEADING_TAGS: Readonly<Record<number, string>> = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4' };
const MARK_TAGS: Readonly<Record<string, string>> = { bold: 'strong', italic: 'em', underline: 'u' };

function markElement(mark: RichTextMark, host: string, children: ReactNode[], characters: number): ReactNode {
  if (mark.type === 'highlight') return highlightElement(mark.attrs, children, characters);
  if (mark.type === 'link') {
    const { href, target } = mark.attrs;
    const props = {
      ...(isPublishableLink(href, host) ? { href } : {}),
      ...(target === '_blank' ? { target, rel: 'noopener noreferrer' } : {}),
    };
    return createElement('a', props, ...children);
  }
  // A mark the list does not name adds nothing around its text.
  return createElement(MARK_TAGS[mark.type] ?? Fragment, null, ...children);
}

const sameMark = (a: RichTextMark, b: RichTextMark) => JSON.stringify(a) === JSON.stringify(b);

/** Inline content with its marks nested as ProseMirror nests them: a mark two neighbours share is one element around both. */
function inlineNodes(content: readonly RichTextInline[] | undefined, host: string): ReactNode[] {
  const root: ReactNode[] = [];
  const open: { mark: RichTextMark; children: ReactNode[]; characters: number }[] = [];
  const childrenOf = (depth: number) => (depth === 0 ? root : open[depth - 1]!.children);
  const closeTo = (depth: number) => {
    while (open.length > depth) {
      const frame = open.pop()!;
      childrenOf(open.length).push(markElement(frame.mark, host, frame.children, frame.characters));
    }
  };
  for (const node of content ?? []) {
    if (node.type !== 'text' && node.type !== 'hardBreak') continue;
    const marks = node.marks ?? [];
    let kept = 0;
    while (kept < open.length && kept < marks.length && sameMark(open[kept]!.mark, marks[kept]!)) kept++;
    closeTo(kept);
    for (const mark of marks.slice(kept)) open.push({ mark, children: [], characters: 0 });
    if (node.type === 'text') for (const frame of open) frame.characters += node.text.length;
    const into = childrenOf(open.length);
    const before = into[into.length - 1];
    if (node.type === 'hardBreak') into.push(createElement('br'));
    // Neighbouring texts are one (React would put a marker between two strings).
    else if (typeof before === 'string') into[into.length - 1] = before + node.text;
    else into.push(node.text);
  }
  closeTo(0);
  const last = content?.[content.length - 1];
  if (!last || last.type === 'hardBreak') root.push(createElement('br'));
  return root;
}

const alignment = (attrs: { textAlign: string | null } | undefined) => {
  const name = attrs?.textAlign ? ALIGN_CLASSES[attrs.textAlign] : undefined;
  return name ? { className: name } : null;
};

/**
 * A list item's or a quote's blocks. The usual one, a single unaligned paragraph perhaps followed
 * by lists, renders that paragraph's content bare, as lists and quotes have always been written.
 */
function containerContent(content: readonly RichTextBlock[], host: string): ReactNode[] {
  const [first, ...rest] = content;
  const blocks = rest.map((b) => blockElement(b, host));
  const tight = first?.type === 'paragraph' && !first.attrs.textAlign && rest.every((b) => b.type === 'bulletList' || b.type === 'orderedList');
  if (tight) return [...inlineNodes(first.content, host), ...blocks];
  return first ? [blockElement(first, host), ...blocks] : blocks;
}

function listItemElement(item: RichTextListItem, host: string): ReactNode {
  return item.type === 'listItem' ? createElement('li', null, ...containerContent(item.content, host)) : null;
}

function blockElement(block: RichTextBlock, host: string): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return createElement('p', alignment(block.attrs), ...inlineNodes(block.content, host));
    case 'heading': {
      const tag = HEADING_TAGS[block.attrs.level];
      return tag ? createElement(tag, alignment(block.attrs), ...inlineNodes(block.content, host)) : null;
    }
    case 'bulletList':
      return createElement('ul', null, ...block.content.map((item) => listItemElement(item, host)));
    case 'orderedList': {
      const { start, type } = block.attrs;
      const props = { ...(start !== 1 ? { start } : {}), ...(type && type !== '1' ? { type } : {}) };
      return createElement('ol', props, ...block.content.map((item) => listItemElement(item, host)));
    }
    case 'blockquote':
      return createElement('blockquote', null, ...containerContent(block.content, host));
    default:
      return null;
  }
}

export function TextView({ data, ctx }: BlockViewProps<TextData>) {
  return createElement('div', { className: 'block-text' }, ...data.text.content.map((block) => blockElement(block, ctx.host)));
}
