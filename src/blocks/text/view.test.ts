/**
 * The text block's view: rich text to the markup visitors have always had (a text block written as
 * HTML renders as the sanitiser left that HTML, and keeps its words whatever the HTML), alignment
 * as classes, marks nested as the editor nests them, the editor's empty lines kept, and links
 * checked for the serving host.
 */
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { plainTextOf, richText, type RichText } from '../../document/rich-text';
import { htmlToRichText } from '../../document/rich-text-html';
import { sanitize } from '../sanitize';
import { TextView } from './view';

const render = (text: RichText, host = 'example.com') =>
  renderToStaticMarkup(createElement(TextView, { id: 'b', data: { text }, ctx: { host, files: new Map(), featureFlags: [] }, columns: 24, priority: false }));
const renderHtml = (html: string) => render(richText.parse(htmlToRichText(html)));

/** The words of some HTML, as a browser reads its text. */
function wordsOf(html: string): string {
  let text = '';
  let skipped = 0;
  const parser = new Parser({
    onopentag: (name) => void (skipped += ['script', 'style', 'textarea', 'option'].includes(name) ? 1 : 0),
    onclosetag: (name) => void (skipped -= ['script', 'style', 'textarea', 'option'].includes(name) ? 1 : 0),
    ontext: (data) => void (text += skipped > 0 ? '' : data),
  });
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, '');
}

describe('the text block’s view', () => {
  it('renders a text block written as HTML as the sanitiser left that HTML', () => {
    for (const html of [
      '<h1>About the studio</h1><p>Juniper Ceramics began in 2016 in a converted boat shed.</p><blockquote>We want the cup you reach for first in the morning.</blockquote>',
      '<h2>Visit us</h2><p>Email <a href="mailto:hello@juniper.example">hello@juniper.example</a> or call <a href="tel:+15555550123">+1 555 555 0123</a>.</p>',
      '<h1>Blocks</h1><ul><li><a href="/blocks/text">Text</a></li><li><a href="/blocks/image">Image</a></li></ul>',
      '<h1>Text</h1><p>Rich text with <strong>bold</strong>, <em>italic</em>, <u>underline</u> and <a href="/about">links</a>.</p><ol><li>Throw</li><li>Trim</li></ol>',
      '<ul><li>a<ul><li>a.1</li><li>a.2</li></ul></li><li><p>b</p><p>b, again</p></li></ul><blockquote><p>One</p><p>Two</p></blockquote>',
      '<h3>Lines</h3><p>one<br>two<br><br>four</p><p><a href="https://other.example/x" target="_blank"><strong>bold</strong> link</a></p>',
    ]) {
      // The sanitiser writes a break as <br />, React as <br/>.
      expect(renderHtml(html), html).toBe(`<div class="block-text">${sanitize(html, 'text').replaceAll('<br />', '<br/>')}</div>`);
    }
  });

  it('keeps the words of any HTML the sanitiser keeps', () => {
    const tags = ['p', 'h2', 'h5', 'ul', 'ol', 'li', 'blockquote', 'br', 'strong', 'em', 'u', 'a', 'pre', 'span', 'code', 'div', 'script', 'style', 'textarea'];
    const piece = fc.oneof(
      fc.constantFrom(...tags).map((tag) => `<${tag}>`),
      fc.constantFrom(...tags).map((tag) => `</${tag}>`),
      fc.constantFrom('<a href="/x">', '<a href="javascript:alert(1)">', ' ', '\n', '&nbsp;', '&amp;', '&lt;b&gt;'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const html = pieces.join('');
        const text = richText.parse(htmlToRichText(html, { keepHref: () => false }));
        expect(plainTextOf(text).replace(/\s+/g, '')).toBe(wordsOf(sanitize(html, 'text')));
      }),
      { numRuns: 500 },
    );
  });

  it('aligns paragraphs and headings with classes, numbers ordered lists as stored, and nests marks as the editor does', () => {
    const text = richText.parse({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, textAlign: 'center' }, content: [{ type: 'text', text: 'Centred' }] },
        { type: 'paragraph', attrs: { textAlign: 'justify' }, content: [{ type: 'text', text: 'Justified' }] },
        {
          type: 'orderedList',
          attrs: { start: 3, type: 'i' },
          content: [{ type: 'listItem', content: [{ type: 'paragraph', attrs: { textAlign: 'right' }, content: [{ type: 'text', text: 'Right' }] }] }],
        },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a', marks: [{ type: 'link', attrs: { href: '/x' } }, { type: 'bold' }] },
            { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { href: '/x' } }, { type: 'bold' }, { type: 'italic' }] },
            { type: 'text', text: 'c', marks: [{ type: 'link', attrs: { href: '/x' } }] },
            { type: 'text', text: 'd', marks: [{ type: 'underline' }] },
          ],
        },
      ],
    });
    expect(render(text)).toBe(
      '<div class="block-text"><h2 class="text-align-center">Centred</h2><p class="text-align-justify">Justified</p>' +
        '<ol start="3" type="i"><li><p class="text-align-right">Right</p></li></ol>' +
        '<p><a href="/x"><strong>a<em>b</em></strong>c</a><u>d</u></p></div>',
    );
  });

  it('shows the empty lines the editor shows: an empty paragraph, and a line after a last break', () => {
    const text = richText.parse({
      type: 'doc',
      content: [
        { type: 'paragraph' },
        { type: 'paragraph', content: [{ type: 'text', text: 'last line then' }, { type: 'hardBreak' }] },
        { type: 'heading', attrs: { level: 3 } },
      ],
    });
    expect(render(text)).toBe('<div class="block-text"><p><br/></p><p>last line then<br/><br/></p><h3><br/></h3></div>');
  });

  it('opens new-window links with noopener, and renders a link the serving host makes unpublishable without its href', () => {
    const long = `/${'a'.repeat(160)}`;
    const text = richText.parse({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'own', marks: [{ type: 'link', attrs: { href: `https://example.com${long}`, target: '_blank' } }] },
            { type: 'text', text: ' ' },
            { type: 'text', text: 'other', marks: [{ type: 'link', attrs: { href: `https://other.org${long}` } }] },
          ],
        },
      ],
    });
    expect(render(text, 'example.com')).toBe(
      `<div class="block-text"><p><a target="_blank" rel="noopener noreferrer">own</a> <a href="https://other.org${long}">other</a></p></div>`,
    );
    expect(render(text, 'other.org')).toBe(
      `<div class="block-text"><p><a href="https://example.com${long}" target="_blank" rel="noopener noreferrer">own</a> <a>other</a></p></div>`,
    );
  });
});
