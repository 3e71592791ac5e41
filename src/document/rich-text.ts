/**
 * Rich text as the site document holds it (the text block's `text`): ProseMirror JSON as Tiptap 3's
 * StarterKit and TextAlign write it, limited to an allow-list. Block nodes: paragraph, heading
 * (levels 1–4), bulletList, orderedList, listItem, blockquote; inline: text and hardBreak; marks:
 * bold, italic, underline, link and highlight (./text-highlight.ts). Paragraphs and headings carry `textAlign`. Nothing else is
 * accepted, so no stored text can name an element, an attribute or a style a page would run: a
 * view renders each node and mark through its own allow-list (src/blocks/text/view.tsx), and a
 * link's address follows the link rules of every other link field (./link.ts): refused when
 * written, left out (its text kept) when stored text from before the rules is read.
 *
 * Documents are read leniently where Tiptap varies (attributes left out take their defaults; a
 * link's `rel`, `class` and `title`, which Tiptap adds, are dropped; `target` is kept only as
 * `_blank`) and written in one form: every attribute present, marks in ProseMirror's order,
 * neighbouring texts with the same marks joined, as the editor emits them. The bounds (text, depth
 * of lists and quotes, nodes) are checked before the shape, so a document nested ten thousand deep
 * is refused with one message, never by exhausting the stack.
 */
import { z } from 'zod';
import { isPublishableLink } from '../domain/links';
import { siteLink } from './link';
import { highlightMark } from './text-highlight';

/** As everywhere in the document, links are checked without the host pages will be served on (./link.ts). */
const NO_HOST = '';

export const RICH_TEXT_LIMITS = {
  /** Characters of text in one document. */
  text: 100_000,
  /** Lists and quotes within each other. */
  depth: 8,
  /** Nodes of every kind: text, breaks, paragraphs, lists, their items … */
  nodes: 100_000,
  /** Characters of a link's address. */
  href: 2000,
} as const;

export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlign = (typeof TEXT_ALIGNS)[number];
export const HEADING_LEVELS = [1, 2, 3, 4] as const;
/** An ordered list's numbering, as HTML's `type` attribute names it. */
export const ORDERED_LIST_TYPES = ['1', 'a', 'A', 'i', 'I'] as const;
/** The marks, in the order ProseMirror keeps them on a text (Tiptap ranks link first, then highlight, by their priorities). */
export const MARK_TYPES = ['link', 'highlight', 'bold', 'italic', 'underline'] as const;
export type MarkType = (typeof MARK_TYPES)[number];
const BLOCK_NODES = ['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote'] as const;
/** Nodes that hold blocks: each counts one level of depth. */
const NESTING = new Set(['bulletList', 'orderedList', 'blockquote']);

const oneOf = (what: string, types: readonly string[]) => (issue: { code: string; input?: unknown }) =>
  issue.code === 'invalid_union'
    ? `${what} is one of ${types.join(', ')}${issue.input && typeof issue.input === 'object' && 'type' in issue.input ? `, not ${JSON.stringify((issue.input as { type: unknown }).type)}` : ''}`
    : undefined;

/* ---------- marks ---------- */

const plainMark = <T extends MarkType>(type: T) => z.object({ type: z.literal(type) }).strict();

const linkMark = z
  .object({
    type: z.literal('link'),
    attrs: z
      .object({
        href: siteLink(RICH_TEXT_LIMITS.href).min(1, 'a link needs an address'),
        /** Kept only as `_blank` (a new window); Tiptap writes null or a target of its own. */
        target: z.string().max(100).nullable().optional(),
        // Written by Tiptap, never rendered: a new-window link gets its rel when rendered.
        rel: z.string().max(200).nullable().optional(),
        class: z.string().max(200).nullable().optional(),
        title: z.string().max(300).nullable().optional(),
      })
      .strict()
      .transform(({ href, target }) => ({ href, target: target === '_blank' ? ('_blank' as const) : null })),
  })
  .strict();

const mark = z.discriminatedUnion('type', [linkMark, highlightMark, plainMark('bold'), plainMark('italic'), plainMark('underline')], {
  error: oneOf('a mark', MARK_TYPES),
});
export type RichTextMark = z.output<typeof mark>;

const rank = (m: { type: MarkType }) => MARK_TYPES.indexOf(m.type);

const marks = z
  .array(mark)
  .max(MARK_TYPES.length)
  .superRefine((list, ctx) => {
    list.forEach((m, i) => {
      if (list.findIndex((other) => other.type === m.type) !== i)
        ctx.addIssue({ code: 'custom', path: [i], message: `the ${m.type} mark is on this text already` });
    });
  })
  // Only stored text read without the link rules (./link.ts `readStored`) can still hold a link a
  // page may not carry: it is read as its text, as the sanitiser reads such a link in owner HTML.
  .transform((list) => list.filter((m) => m.type !== 'link' || isPublishableLink(m.attrs.href, NO_HOST)).sort((a, b) => rank(a) - rank(b)));

/* ---------- inline nodes ---------- */

const textNode = z
  .object({
    type: z.literal('text'),
    text: z.string().min(1, 'a text node is never empty'),
    marks: marks.optional(),
  })
  .strict();

/** A line break; Tiptap keeps the marks around it on the break itself. */
const hardBreak = z.object({ type: z.literal('hardBreak'), marks: marks.optional() }).strict();

const inline = z.discriminatedUnion('type', [textNode, hardBreak], { error: oneOf('inline content', ['text', 'hardBreak']) });
export type RichTextInline = z.output<typeof inline>;

const sameMarks = (a: readonly RichTextMark[] = [], b: readonly RichTextMark[] = []) =>
  a.length === b.length && a.every((m, i) => JSON.stringify(m) === JSON.stringify(b[i]));

/** Inline content in the editor's form: no empty mark lists, neighbouring texts with the same marks joined. */
function joined(content: RichTextInline[]): RichTextInline[] {
  const out: RichTextInline[] = [];
  for (const node of content) {
    const { marks: on, ...rest } = node;
    const next: RichTextInline = on?.length ? { ...rest, marks: on } : rest;
    const last = out[out.length - 1];
    if (last?.type === 'text' && next.type === 'text' && sameMarks(last.marks, next.marks)) out[out.length - 1] = { ...last, text: last.text + next.text };
    else out.push(next);
  }
  return out;
}

const inlineContent = z.array(inline).transform(joined);

/* ---------- block nodes ---------- */

const textAlign = z.enum(TEXT_ALIGNS).nullable().default(null);

const paragraph = z
  .object({
    type: z.literal('paragraph'),
    attrs: z.object({ textAlign }).strict().prefault({}),
    content: inlineContent.optional(),
  })
  .strict();

const heading = z
  .object({
    type: z.literal('heading'),
    attrs: z
      .object({
        textAlign,
        level: z.literal(HEADING_LEVELS, { error: `a heading's level is ${HEADING_LEVELS.join(', ')}` }),
      })
      .strict(),
    content: inlineContent.optional(),
  })
  .strict();

export type RichTextParagraph = z.output<typeof paragraph>;
export type RichTextHeading = z.output<typeof heading>;
export type RichTextListItem = { type: 'listItem'; content: [RichTextParagraph, ...RichTextBlock[]] };
export type RichTextBlock =
  | RichTextParagraph
  | RichTextHeading
  | { type: 'blockquote'; content: RichTextBlock[] }
  | { type: 'bulletList'; content: RichTextListItem[] }
  | { type: 'orderedList'; attrs: { start: number; type: (typeof ORDERED_LIST_TYPES)[number] | null }; content: RichTextListItem[] };

const blocks = (what: string): z.ZodType<RichTextBlock[], unknown> => z.array(block).min(1, `${what} holds at least one block`);

const blockquote = z
  .object({
    type: z.literal('blockquote'),
    get content() {
      return blocks('a quote');
    },
  })
  .strict();

// Single-member unions, so that a node of another type gets one message saying what belongs there.
const firstParagraph = z.discriminatedUnion('type', [paragraph], {
  error: (issue) => (issue.code === 'invalid_union' ? 'a list item starts with a paragraph' : undefined),
});

const listItem: z.ZodType<RichTextListItem, unknown> = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('listItem'),
        get content() {
          return z.tuple([firstParagraph], block);
        },
      })
      .strict(),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'a list holds list items' : undefined) },
);

const listItems = z.array(listItem).min(1, 'a list holds at least one item');

const bulletList = z
  .object({
    type: z.literal('bulletList'),
    get content() {
      return listItems;
    },
  })
  .strict();

const orderedList = z
  .object({
    type: z.literal('orderedList'),
    attrs: z
      .object({
        start: z.number().int().min(0).max(1_000_000).default(1),
        type: z.enum(ORDERED_LIST_TYPES).nullable().default(null),
      })
      .strict()
      .prefault({}),
    get content() {
      return listItems;
    },
  })
  .strict();

const block: z.ZodType<RichTextBlock, unknown> = z.discriminatedUnion('type', [paragraph, heading, bulletList, orderedList, blockquote], {
  error: oneOf('a block', BLOCK_NODES),
});

/* ---------- the document ---------- */

type Found = { path: (string | number)[]; message: string };

/**
 * The bounds no shape check should pay for: lists and quotes nested deeper than the limit, and more
 * nodes than the limit. Walks the raw value without recursion, stopping at the first it finds.
 */
function outOfBounds(value: unknown): Found | undefined {
  const stack: { node: unknown; path: (string | number)[]; depth: number }[] = [{ node: value, path: [], depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const { type, content } = node as { type?: unknown; content?: unknown };
    const here = typeof type === 'string' && NESTING.has(type) ? depth + 1 : depth;
    if (here > RICH_TEXT_LIMITS.depth) return { path, message: `lists and quotes nest at most ${RICH_TEXT_LIMITS.depth} deep` };
    if (!Array.isArray(content)) continue;
    nodes += content.length;
    if (nodes > RICH_TEXT_LIMITS.nodes)
      return {
        path: [],
        message: `a text holds at most ${RICH_TEXT_LIMITS.nodes.toLocaleString('en-US')} nodes (paragraphs, list items, texts, line breaks …)`,
      };
    content.forEach((child, i) => stack.push({ node: child, path: [...path, 'content', i], depth: here }));
  }
  return undefined;
}

const docShape = z
  .object({
    type: z.literal('doc', { error: 'a text is a ProseMirror document: { "type": "doc", "content": [ … ] }' }),
    content: blocks('a text'),
  })
  .strict();

/** Every text node's characters, in document order. */
function* texts(nodes: readonly (RichTextBlock | RichTextListItem | RichTextInline)[]): Generator<string> {
  for (const node of nodes) {
    if (node.type === 'text') yield node.text;
    else if ('content' in node && node.content) yield* texts(node.content);
  }
}

/** The text block's rich text: checked, and in the form the editor writes. */
export const richText = z
  .preprocess((value, ctx) => {
    const found = outOfBounds(value);
    if (found) ctx.addIssue({ code: 'custom', path: found.path, message: found.message, input: value });
    return value;
  }, docShape)
  .superRefine((doc, ctx) => {
    let length = 0;
    for (const text of texts(doc.content)) length += text.length;
    if (length > RICH_TEXT_LIMITS.text) {
      ctx.addIssue({
        code: 'custom',
        message: `a text holds at most ${RICH_TEXT_LIMITS.text.toLocaleString('en-US')} characters (this one holds ${length.toLocaleString('en-US')})`,
      });
    }
  })
  .meta({
    description:
      'Rich text as ProseMirror JSON (Tiptap 3): doc; paragraph and heading (levels 1–4, textAlign); bulletList, orderedList, listItem, blockquote; text with bold, italic, underline, link (href, target) and highlight (seed 001 text highlight settings) marks; hardBreak',
  });

export type RichText = z.output<typeof richText>;

/** A text of one empty paragraph, as the editor starts one. */
export function emptyRichText(): RichText {
  return { type: 'doc', content: [{ type: 'paragraph', attrs: { textAlign: null } }] };
}

/**
 * The text without its formatting (excerpts, search, announcements): blocks and list items on lines
 * of their own, line breaks kept.
 */
export function plainTextOf(doc: RichText): string {
  const lines: string[] = [];
  const walk = (nodes: readonly (RichTextBlock | RichTextListItem)[]) => {
    for (const node of nodes) {
      if (node.type === 'paragraph' || node.type === 'heading') {
        lines.push((node.content ?? []).map((n) => (n.type === 'text' ? n.text : '\n')).join(''));
      } else walk(node.content);
    }
  };
  walk(doc.content);
  return lines.join('\n');
}
