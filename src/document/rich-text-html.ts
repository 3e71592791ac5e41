/**
 * Owner HTML as rich text (./rich-text.ts): how text blocks written as HTML (site documents before
 * version 2, rows stored before) become the structured text the editor writes. It reads HTML as
 * the text policy of src/blocks/sanitize.ts keeps it: p, h1–h6, ul, ol, li, blockquote, br,
 * strong/b, em/i, u and a[href] carry over; pre keeps its spaces and lines; every other element is
 * flattened to its text (block-level ones, such as div, still end a paragraph, as they end a line
 * in a browser), and the elements whose content the policy drops (script, style, textarea, option)
 * are dropped with it. Attributes other than a link's href and a new-window target are dropped, as
 * the policy drops them (classes such as `lead`, ids, styles).
 *
 * The result is what a browser showed: whitespace collapsed as in normal flow, text outside any
 * block wrapped in paragraphs, a paragraph's last line break (which draws nothing) left out,
 * paragraphs with nothing to show left out. h5 and h6 become level-4 headings, the smallest the
 * text keeps, so they stay headings. Lists and quotes nested deeper than the limit are flattened;
 * text beyond the text bound and nodes beyond the node bound are left out, so any HTML gives a
 * document the schema accepts, given links it accepts.
 *
 * Streamed (htmlparser2's tokenizer and an explicit stack), never recursive over the input, so
 * deeply nested HTML costs no stack.
 */
import { Parser } from 'htmlparser2';
import { BLOCK_TYPES } from '../domain/block-types';
import {
  MARK_TYPES,
  RICH_TEXT_LIMITS,
  type RichText,
  type RichTextBlock,
  type RichTextInline,
  type RichTextListItem,
  type RichTextMark,
  type RichTextParagraph,
} from './rich-text';

export type HtmlToRichTextOptions = {
  /**
   * Whether a link keeps its address. A link that does not is kept as its text. By default every
   * link keeps it, so the schema refuses one a page may not carry, at its path (document import);
   * stored rows pass the link rules here, so that they are dropped as the sanitiser drops them.
   */
  keepHref?: (href: string) => boolean;
};

/** Elements whose content the text policy drops with them (sanitize-html's non-text tags). */
const DROPPED = new Set(['script', 'style', 'textarea', 'option']);
/** Elements a browser lays out as blocks: flattened, but they end the paragraph they interrupt. */
const BLOCK_LEVEL = new Set([
  'address',
  'article',
  'aside',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'main',
  'menu',
  'nav',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);
const HEADINGS: Readonly<Record<string, 1 | 2 | 3 | 4>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 4, h6: 4 };
const MARKS: Readonly<Record<string, 'bold' | 'italic' | 'underline'>> = { strong: 'bold', b: 'bold', em: 'italic', i: 'italic', u: 'underline' };
/** Whitespace a browser collapses in normal flow (not the no-break space). */
const COLLAPSIBLE = /[ \t\n\r\f]+/g;

type Item = { kind: 'text'; text: string; marks: RichTextMark[]; pre: boolean } | { kind: 'break'; marks: RichTextMark[] };
type TextBlock = { kind: 'paragraph' | 'heading'; level: 1 | 2 | 3 | 4; items: Item[] };
type Container = { kind: 'doc' | 'blockquote' | 'bulletList' | 'orderedList' | 'listItem'; children: (Container | TextBlock)[]; implicit?: boolean };
type Action =
  | { kind: 'none' | 'drop' | 'break' | 'pre' }
  | { kind: 'mark'; mark: RichTextMark }
  /** An `a`: the link it makes, or none (no href, or one not kept), hiding a link around it as a browser does. */
  | { kind: 'link'; mark: RichTextMark | null }
  | { kind: 'textblock'; block: TextBlock }
  | { kind: 'container'; container: Container };

const isList = (c: Container) => c.kind === 'bulletList' || c.kind === 'orderedList';
const rank = (m: RichTextMark) => MARK_TYPES.indexOf(m.type);

/** `html` as rich text. */
export function htmlToRichText(html: string, options: HtmlToRichTextOptions = {}): RichText {
  const keepHref = options.keepHref ?? (() => true);
  const doc: Container = { kind: 'doc', children: [] };
  const containers: Container[] = [doc];
  const elements: Action[] = [];
  const marks: RichTextMark[] = [];
  const links: (RichTextMark | null)[] = [];
  let current: TextBlock | undefined;
  let dropping = 0;
  let pre = 0;
  /** Right after a pre opened: its first newline is not content (as in HTML). */
  let preStart = false;
  let textLeft: number = RICH_TEXT_LIMITS.text;
  // Room for the paragraphs the end may add (a list item's first, the document's only one).
  let nodesLeft: number = RICH_TEXT_LIMITS.nodes - 2;
  let full = false;

  const top = () => containers[containers.length - 1]!;
  const depth = () => containers.filter((c) => c.kind === 'blockquote' || isList(c)).length;
  const spend = (nodes: number) => {
    nodesLeft -= nodes;
    if (nodesLeft <= 0) full = true;
  };
  const push = (container: Container) => {
    top().children.push(container);
    containers.push(container);
    // A list item may need a paragraph added in front of its blocks.
    spend(container.kind === 'listItem' ? 2 : 1);
  };
  /** A container that takes blocks: inside a list, content outside its items gets an item of its own. */
  const blockContext = () => {
    if (isList(top())) push({ kind: 'listItem', children: [], implicit: true });
  };
  const endTextBlock = () => {
    current = undefined;
  };
  const startTextBlock = (kind: TextBlock['kind'], level: TextBlock['level'] = 1) => {
    endTextBlock();
    blockContext();
    current = { kind, level, items: [] };
    top().children.push(current);
    spend(1);
    return current;
  };
  const textBlock = () => current ?? startTextBlock('paragraph');
  const activeMarks = () => {
    const byType = new Map<string, RichTextMark>();
    for (const m of marks) byType.set(m.type, m);
    const link = links[links.length - 1];
    if (link) byType.set(link.type, link);
    return [...byType.values()].sort((a, b) => rank(a) - rank(b));
  };
  const addItem = (item: Item) => {
    textBlock().items.push(item);
    spend(1);
  };
  const addText = (text: string, isPre: boolean) => {
    let kept = text;
    if (kept.length > textLeft) {
      // Never between the halves of a surrogate pair.
      const cut = /[\uD800-\uDBFF]/.test(kept.charAt(textLeft - 1)) ? textLeft - 1 : textLeft;
      kept = kept.slice(0, cut);
      full = true;
    }
    textLeft -= kept.length;
    if (kept !== '') addItem({ kind: 'text', text: kept, marks: activeMarks(), pre: isPre });
  };
  /** Closes `container` and anything opened inside it; nothing when it was closed already. */
  const close = (container: Container) => {
    const at = containers.lastIndexOf(container);
    if (at > 0) {
      endTextBlock();
      containers.length = at;
    }
  };

  const open = (name: string, attribs: Record<string, string>): Action => {
    if (dropping > 0 || DROPPED.has(name)) return { kind: 'drop' };
    const level = HEADINGS[name];
    if (name === 'p' || level !== undefined) return { kind: 'textblock', block: startTextBlock(level ? 'heading' : 'paragraph', level) };
    const markType = MARKS[name];
    if (markType) return { kind: 'mark', mark: { type: markType } };
    if (name === 'a') {
      const href = attribs.href;
      if (href === undefined || href === '' || href.length > RICH_TEXT_LIMITS.href || !keepHref(href)) return { kind: 'link', mark: null };
      return { kind: 'link', mark: { type: 'link', attrs: { href, target: attribs.target === '_blank' ? '_blank' : null } } };
    }
    if (name === 'br') {
      addItem({ kind: 'break', marks: activeMarks() });
      return { kind: 'none' };
    }
    if (name === 'pre') {
      startTextBlock('paragraph');
      preStart = true;
      return { kind: 'pre' };
    }
    if ((name === 'ul' || name === 'ol' || name === 'blockquote') && depth() < RICH_TEXT_LIMITS.depth) {
      endTextBlock();
      blockContext();
      const container: Container = { kind: name === 'ul' ? 'bulletList' : name === 'ol' ? 'orderedList' : 'blockquote', children: [] };
      push(container);
      return { kind: 'container', container };
    }
    if (name === 'li') {
      // A new item ends the one before it, as in a browser, wherever that one's tags left off.
      const before = top();
      if (before.kind === 'listItem' && isList(containers[containers.length - 2]!)) close(before);
      if (isList(top())) {
        const container: Container = { kind: 'listItem', children: [] };
        push(container);
        return { kind: 'container', container };
      }
    }
    if (name === 'ul' || name === 'ol' || name === 'blockquote' || name === 'li' || BLOCK_LEVEL.has(name)) {
      endTextBlock();
      return { kind: 'break' };
    }
    return { kind: 'none' };
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const action: Action = full ? { kind: 'none' } : open(name, attribs);
        if (action.kind === 'drop') dropping++;
        if (action.kind === 'pre') pre++;
        if (action.kind === 'mark') marks.push(action.mark);
        if (action.kind === 'link') links.push(action.mark);
        if (name !== 'pre') preStart = false;
        elements.push(action);
      },
      ontext(data) {
        if (full || dropping > 0) return;
        if (pre > 0) {
          let text = data.replace(/\r\n?/g, '\n');
          if (preStart && text.startsWith('\n')) text = text.slice(1);
          preStart = false;
          text.split('\n').forEach((line, i) => {
            if (i > 0) addItem({ kind: 'break', marks: activeMarks() });
            addText(line, true);
          });
          return;
        }
        // Whitespace between blocks is not content.
        if (current === undefined && data.replace(COLLAPSIBLE, '') === '') return;
        addText(data, false);
      },
      onclosetag() {
        const action = elements.pop();
        if (!action) return;
        switch (action.kind) {
          case 'drop':
            dropping--;
            break;
          case 'pre':
            pre--;
            endTextBlock();
            break;
          case 'mark':
            marks.splice(marks.indexOf(action.mark), 1);
            break;
          case 'link':
            links.pop();
            break;
          case 'textblock':
            if (current === action.block) endTextBlock();
            break;
          case 'container':
            close(action.container);
            break;
          case 'break':
            endTextBlock();
            break;
          case 'none':
            break;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { type: 'doc', content: documentBlocks(doc) };
}

/* ---------- from what was read to the document ---------- */

const sameMarks = (a: readonly RichTextMark[], b: readonly RichTextMark[]) =>
  a.length === b.length && a.every((m, i) => JSON.stringify(m) === JSON.stringify(b[i]));

/**
 * A paragraph's content as a browser lays it out: collapsible whitespace made one space, none at
 * the start or end of a line, and a last line break left out (it draws nothing). Undefined when
 * nothing is left to show: no text and no line break.
 */
function inlineContent(items: readonly Item[]): RichTextInline[] | undefined {
  const laid: Item[] = [];
  let lineStart = true;
  let afterSpace = false;
  const trimLineEnd = () => {
    for (let i = laid.length - 1; i >= 0; i--) {
      const item = laid[i]!;
      if (item.kind !== 'text' || item.pre) return;
      item.text = item.text.replace(/ $/, '');
      if (item.text !== '') return;
      laid.splice(i, 1);
    }
  };
  for (const item of items) {
    if (item.kind === 'break') {
      trimLineEnd();
      laid.push(item);
      lineStart = true;
      afterSpace = false;
      continue;
    }
    if (item.pre) {
      laid.push({ ...item });
      lineStart = false;
      afterSpace = false;
      continue;
    }
    let text = item.text.replace(COLLAPSIBLE, ' ');
    if (lineStart || afterSpace) text = text.replace(/^ /, '');
    if (text === '') continue;
    laid.push({ ...item, text });
    lineStart = false;
    afterSpace = text.endsWith(' ');
  }
  trimLineEnd();
  const breaks = laid.some((i) => i.kind === 'break');
  if (laid[laid.length - 1]?.kind === 'break') laid.pop();
  if (laid.length === 0) return breaks ? [] : undefined;

  const out: RichTextInline[] = [];
  for (const item of laid) {
    const marks = item.marks.length > 0 ? { marks: item.marks } : {};
    const last = out[out.length - 1];
    if (item.kind === 'break') out.push({ type: 'hardBreak', ...marks });
    else if (last?.type === 'text' && sameMarks(last.marks ?? [], item.marks)) last.text += item.text;
    else out.push({ type: 'text', text: item.text, ...marks });
  }
  return out;
}

const emptyParagraph = (): RichTextParagraph => ({ type: 'paragraph', attrs: { textAlign: null } });

function textBlockNode(block: TextBlock): RichTextBlock | undefined {
  const content = inlineContent(block.items);
  if (content === undefined) return undefined;
  const rest = content.length > 0 ? { content } : {};
  return block.kind === 'heading'
    ? { type: 'heading', attrs: { textAlign: null, level: block.level }, ...rest }
    : { type: 'paragraph', attrs: { textAlign: null }, ...rest };
}

/** A container's blocks, those with nothing to show left out. Recursion is bounded by the depth limit. */
function blocksOf(container: Container): RichTextBlock[] {
  const out: RichTextBlock[] = [];
  for (const child of container.children) {
    if (child.kind === 'paragraph' || child.kind === 'heading') {
      const node = textBlockNode(child);
      if (node) out.push(node);
    } else if (child.kind === 'blockquote') {
      const content = blocksOf(child);
      if (content.length > 0) out.push({ type: 'blockquote', content });
    } else if (child.kind === 'bulletList' || child.kind === 'orderedList') {
      const items = child.children.filter((c): c is Container => c.kind === 'listItem').map(listItemOf);
      if (items.length === 0) continue;
      out.push(child.kind === 'bulletList' ? { type: 'bulletList', content: items } : { type: 'orderedList', attrs: { start: 1, type: null }, content: items });
    }
  }
  return out;
}

/** An item's blocks, starting with a paragraph as the schema wants (an empty one when it starts otherwise). */
function listItemOf(item: Container): RichTextListItem {
  const [first, ...rest] = blocksOf(item);
  if (first?.type === 'paragraph') return { type: 'listItem', content: [first, ...rest] };
  return { type: 'listItem', content: [emptyParagraph(), ...(first ? [first] : []), ...rest] };
}

function documentBlocks(doc: Container): RichTextBlock[] {
  const blocks = blocksOf(doc);
  return blocks.length > 0 ? blocks : [emptyParagraph()];
}

/* ---------- text blocks written as HTML ---------- */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A text block's data as it is written since version 2 of the document: `{ html }` becomes
 * `{ text }`, any other property kept (the schema judges it). HTML longer than version 1 allowed
 * (as many characters as the text holds now) stays HTML, for the schema to refuse rather than
 * be cut short here; so does anything else.
 */
export function textBlockDataAsRichText(data: unknown, options: HtmlToRichTextOptions = {}): unknown {
  if (!isRecord(data) || typeof data.html !== 'string' || data.html.length > RICH_TEXT_LIMITS.text) return data;
  const { html, ...rest } = data;
  return { ...rest, text: htmlToRichText(html, options) };
}

/**
 * A `sections` value (a page's or an item's, in a document or a stored row) with every text block
 * written as HTML upgraded to rich text; the same value when it holds none, so a caller can tell.
 */
export function sectionsWithRichText(sections: unknown, options: HtmlToRichTextOptions = {}): unknown {
  if (!Array.isArray(sections)) return sections;
  let changed = false;
  const out = sections.map((section: unknown) => {
    if (!isRecord(section) || !Array.isArray(section.blocks)) return section;
    const blocks = section.blocks.map((block: unknown) => {
      if (!isRecord(block) || block.type !== BLOCK_TYPES.HTML) return block;
      const data = textBlockDataAsRichText(block.data, options);
      if (data === block.data) return block;
      changed = true;
      return { ...block, data };
    });
    return blocks.some((b, i) => b !== (section.blocks as unknown[])[i]) ? { ...section, blocks } : section;
  });
  return changed ? out : sections;
}
