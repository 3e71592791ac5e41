/**
 * The rich-text schema: it reads ProseMirror JSON as Tiptap 3 (StarterKit and TextAlign) writes it
 * and stores it in one form, refuses anything outside its allow-list at the path of the problem,
 * and holds its bounds, the deep ones without exhausting the stack.
 */
import { describe, expect, it } from 'vitest';
import { readStored } from './link';
import { emptyRichText, plainTextOf, RICH_TEXT_LIMITS, richText, type RichText } from './rich-text';

const issues = (value: unknown) => richText.safeParse(value).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const p = (...content: unknown[]) => ({ type: 'paragraph', attrs: { textAlign: null }, ...(content.length > 0 ? { content } : {}) });
const text = (words: string, ...marks: unknown[]) => ({ type: 'text', text: words, ...(marks.length > 0 ? { marks } : {}) });
const item = (...content: unknown[]) => ({ type: 'listItem', content });

/** What Tiptap 3.34's editor emits (getJSON) for a text using every node, mark and attribute the schema keeps. */
const FROM_TIPTAP = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { textAlign: 'center', level: 2 }, content: [{ type: 'text', text: 'Opening hours' }] },
    {
      type: 'paragraph',
      attrs: { textAlign: null },
      content: [
        {
          type: 'text',
          marks: [
            { type: 'link', attrs: { href: 'https://example.com', target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title: null } },
            { type: 'bold' },
          ],
          text: 'Bold link',
        },
        { type: 'hardBreak', marks: [{ type: 'italic' }] },
        { type: 'text', marks: [{ type: 'underline' }], text: 'underlined' },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 3, type: null },
      content: [
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', attrs: { textAlign: null } },
            {
              type: 'bulletList',
              content: [{ type: 'listItem', content: [{ type: 'paragraph', attrs: { textAlign: 'right' }, content: [{ type: 'text', text: 'nested' }] }] }],
            },
          ],
        },
      ],
    },
    { type: 'blockquote', content: [{ type: 'paragraph', attrs: { textAlign: 'justify' }, content: [{ type: 'text', text: 'Quoted' }] }] },
  ],
};

describe('the rich-text schema', () => {
  it('reads what Tiptap writes, keeping a link’s href and a new window and dropping the attributes Tiptap adds', () => {
    const read = richText.parse(FROM_TIPTAP);
    expect(read.content[1]).toEqual(
      p(
        text('Bold link', { type: 'link', attrs: { href: 'https://example.com', target: '_blank' } }, { type: 'bold' }),
        { type: 'hardBreak', marks: [{ type: 'italic' }] },
        text('underlined', { type: 'underline' }),
      ),
    );
    expect({ ...read, content: [read.content[0], read.content[2], read.content[3]] }).toEqual({
      ...FROM_TIPTAP,
      content: [FROM_TIPTAP.content[0], FROM_TIPTAP.content[2], FROM_TIPTAP.content[3]],
    });
  });

  it('writes one form: defaults filled in, marks in ProseMirror’s order, neighbouring texts with the same marks joined, a target other than _blank dropped', () => {
    const link = (target?: string) => ({ type: 'link', attrs: { href: '/about', ...(target === undefined ? {} : { target }) } });
    const read = richText.parse(
      doc(
        {
          type: 'paragraph',
          content: [text('a', { type: 'bold' }, link('_self')), text('b', link(), { type: 'bold' }), { type: 'text', text: 'c', marks: [] }, text('d')],
        },
        { type: 'heading', attrs: { level: 1 } },
        { type: 'orderedList', content: [item({ type: 'paragraph' })] },
      ),
    );
    const stored = { type: 'link', attrs: { href: '/about', target: null } };
    expect(read).toEqual(
      doc(
        p(text('ab', stored, { type: 'bold' }), text('cd')),
        { type: 'heading', attrs: { textAlign: null, level: 1 } },
        { type: 'orderedList', attrs: { start: 1, type: null }, content: [item(p())] },
      ),
    );
    // What it writes it reads back unchanged.
    expect(richText.parse(read)).toEqual(read);
  });

  it('refuses anything outside its allow-list, at the path of the problem', () => {
    expect(issues('<p>hi</p>')).toEqual([{ path: '', message: 'Invalid input: expected object, received string' }]);
    expect(issues({ type: 'paragraph' })).toEqual([
      { path: 'type', message: 'a text is a ProseMirror document: { "type": "doc", "content": [ … ] }' },
      { path: 'content', message: 'Invalid input: expected array, received undefined' },
    ]);
    expect(issues(doc())).toEqual([{ path: 'content', message: 'a text holds at least one block' }]);
    expect(issues(doc({ type: 'codeBlock', content: [text('x')] }, { type: 'horizontalRule' }))).toEqual([
      { path: 'content.0.type', message: 'a block is one of paragraph, heading, bulletList, orderedList, blockquote, not "codeBlock"' },
      { path: 'content.1.type', message: 'a block is one of paragraph, heading, bulletList, orderedList, blockquote, not "horizontalRule"' },
    ]);
    expect(issues(doc(p(text(''), { type: 'image', attrs: { src: '/s/a.jpg' } }, text('x', { type: 'strike' }, { type: 'bold' }, { type: 'bold' }))))).toEqual([
      { path: 'content.0.content.0.text', message: 'a text node is never empty' },
      { path: 'content.0.content.1.type', message: 'inline content is one of text, hardBreak, not "image"' },
      { path: 'content.0.content.2.marks.0.type', message: 'a mark is one of link, highlight, bold, italic, underline, not "strike"' },
    ]);
    expect(issues(doc(p(text('x', { type: 'bold' }, { type: 'bold' }))))).toEqual([
      { path: 'content.0.content.0.marks.1', message: 'the bold mark is on this text already' },
    ]);
    expect(issues(doc({ type: 'heading', attrs: { level: 5, textAlign: 'start' } }, { type: 'paragraph', attrs: { class: 'lead' } }))).toEqual([
      { path: 'content.0.attrs.textAlign', message: 'Invalid option: expected one of "left"|"center"|"right"|"justify"' },
      { path: 'content.0.attrs.level', message: "a heading's level is 1, 2, 3, 4" },
      { path: 'content.1.attrs', message: 'Unrecognized key: "class"' },
    ]);
    expect(issues(doc({ type: 'bulletList', content: [] }, { type: 'bulletList', content: [p()] }, { type: 'blockquote', content: [] }))).toEqual([
      { path: 'content.0.content', message: 'a list holds at least one item' },
      { path: 'content.1.content.0.type', message: 'a list holds list items' },
      { path: 'content.2.content', message: 'a quote holds at least one block' },
    ]);
    expect(issues(doc({ type: 'bulletList', content: [item({ type: 'bulletList', content: [item(p())] })] }))).toEqual([
      { path: 'content.0.content.0.content.0.type', message: 'a list item starts with a paragraph' },
    ]);
  });

  it('checks a link’s address by the link rules, and reads stored text from before them without the link', () => {
    const linked = (href: unknown) => doc(p(text('go', { type: 'link', attrs: { href } })));
    expect(issues(linked('javascript:alert(1)'))).toEqual([
      {
        path: 'content.0.content.0.marks.0.attrs.href',
        message:
          '"javascript:alert(1)" is a javascript: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link',
      },
    ]);
    expect(issues(linked('tel:12'))?.[0]?.message).toBe('"tel:12" is a tel: link with fewer than 4 digits');
    expect(issues(linked(''))?.[0]?.message).toBe('a link needs an address');
    expect(issues(linked(null))?.[0]?.path).toBe('content.0.content.0.marks.0.attrs.href');
    expect(issues(linked(`/${'a'.repeat(RICH_TEXT_LIMITS.href)}`))?.[0]?.message).toBe('Too big: expected string to have <=2000 characters');
    for (const href of ['/about', '#top', 'https://example.com/x', 'mailto:hi@example.com', 'tel:+15555550123']) expect(issues(linked(href))).toBeUndefined();
    expect(readStored(() => richText.parse(linked('javascript:alert(1)')))).toEqual(doc(p(text('go'))));
  });

  it('holds at most 100,000 characters of text and 100,000 nodes', () => {
    const half = 'x'.repeat(RICH_TEXT_LIMITS.text / 2);
    expect(issues(doc(p(text(half)), p(text(half))))).toBeUndefined();
    expect(issues(doc(p(text(half)), p(text(`${half}y`))))).toEqual([
      { path: '', message: 'a text holds at most 100,000 characters (this one holds 100,001)' },
    ]);
    expect(issues(doc(...Array.from({ length: RICH_TEXT_LIMITS.nodes + 1 }, () => p())))).toEqual([
      { path: '', message: 'a text holds at most 100,000 nodes (paragraphs, list items, texts, line breaks …)' },
    ]);
  });

  it('nests lists and quotes at most 8 deep, and refuses a far deeper text with one message, not a stack overflow', () => {
    const nested = (levels: number) => {
      let block: unknown = p(text('deep'));
      for (let i = 0; i < levels; i++) block = i % 2 === 0 ? { type: 'bulletList', content: [item(p(), block)] } : { type: 'blockquote', content: [block] };
      return doc(block);
    };
    expect(issues(nested(RICH_TEXT_LIMITS.depth))).toBeUndefined();
    const refused = issues(nested(RICH_TEXT_LIMITS.depth + 1));
    expect(refused).toHaveLength(1);
    expect(refused![0]!.message).toBe('lists and quotes nest at most 8 deep');
    expect(refused![0]!.path.startsWith('content.0.content.0.content.1')).toBe(true);
    const far = issues(nested(50_000));
    expect(far?.map((i) => i.message)).toEqual(['lists and quotes nest at most 8 deep']);
    // At the ninth level: four lists, each with its item, and four quotes above it.
    expect(far![0]!.path.split('.').length).toBe(2 * (4 * 2 + 4 + 1));
  });
});

describe('rich-text helpers', () => {
  it('starts a text as the editor does: one empty paragraph', () => {
    expect(emptyRichText()).toEqual(doc(p()));
    expect(richText.parse(emptyRichText())).toEqual(emptyRichText());
  });

  it('gives the plain text with blocks, list items and line breaks on lines of their own', () => {
    const read: RichText = richText.parse(FROM_TIPTAP);
    expect(plainTextOf(read)).toBe('Opening hours\nBold link\nunderlined\n\nnested\nQuoted');
    expect(plainTextOf(emptyRichText())).toBe('');
  });
});
