/**
 * Owner HTML as rich text: what each element becomes, whitespace as a browser lays it out, the
 * bounds held whatever the HTML, and (fast-check) any HTML gives a text the schema accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublishableLink } from '../domain/links';
import { readStored } from './link';
import { RICH_TEXT_LIMITS, richText, type RichText } from './rich-text';
import { htmlToRichText, sectionsWithRichText, textBlockDataAsRichText } from './rich-text-html';

const p = (...content: unknown[]) => ({ type: 'paragraph', attrs: { textAlign: null }, ...(content.length > 0 ? { content } : {}) });
const h = (level: number, ...content: unknown[]) => ({ type: 'heading', attrs: { textAlign: null, level }, content });
const t = (text: string, ...marks: unknown[]) => ({ type: 'text', text, ...(marks.length > 0 ? { marks } : {}) });
const li = (...content: unknown[]) => ({ type: 'listItem', content });
const ul = (...content: unknown[]) => ({ type: 'bulletList', content });
const ol = (...content: unknown[]) => ({ type: 'orderedList', attrs: { start: 1, type: null }, content });
const quote = (...content: unknown[]) => ({ type: 'blockquote', content });
const br = { type: 'hardBreak' };
const bold = { type: 'bold' };
const italic = { type: 'italic' };
const underline = { type: 'underline' };
const link = (href: string, target: '_blank' | null = null) => ({ type: 'link', attrs: { href, target } });
const blocks = (html: string) => htmlToRichText(html).content;

describe('owner HTML as rich text', () => {
  it('carries over the elements the text policy keeps', () => {
    const cases: [string, unknown[]][] = [
      ['<p>One</p><p>Two</p>', [p(t('One')), p(t('Two'))]],
      ['<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4>', [h(1, t('1')), h(2, t('2')), h(3, t('3')), h(4, t('4'))]],
      // The text keeps four levels: h5 and h6 stay headings, at the smallest.
      ['<h5>5</h5><h6>6</h6>', [h(4, t('5')), h(4, t('6'))]],
      ['<p><strong>s</strong><b>b</b> <em>e</em><i>i</i> <u>u</u></p>', [p(t('sb', bold), t(' '), t('ei', italic), t(' '), t('u', underline))]],
      ['<p><u><i><b>all</b></i></u></p>', [p(t('all', bold, italic, underline))]],
      [
        '<p><a href="/about">About</a> <a href="https://example.com" target="_blank" rel="nofollow" title="t">away</a> <a href="/x" target="_self">self</a></p>',
        [p(t('About', link('/about')), t(' '), t('away', link('https://example.com', '_blank')), t(' '), t('self', link('/x')))],
      ],
      // One link around a bold part and a plain part, as the editor keeps it.
      ['<p><a href="/a"><strong>bold</strong> plain</a></p>', [p(t('bold', link('/a'), bold), t(' plain', link('/a')))]],
      ['<p><a>no href</a> <a href="">empty</a></p>', [p(t('no href empty'))]],
      ['<ul><li>a</li><li>b</li></ul><ol><li>1</li></ol>', [ul(li(p(t('a'))), li(p(t('b')))), ol(li(p(t('1'))))]],
      ['<ul><li>a<ul><li>a.1</li></ul></li><li><p>b</p><p>b, again</p></li></ul>', [ul(li(p(t('a')), ul(li(p(t('a.1'))))), li(p(t('b')), p(t('b, again'))))]],
      ['<blockquote>Said.</blockquote><blockquote><p>One</p><p>Two</p></blockquote>', [quote(p(t('Said.'))), quote(p(t('One')), p(t('Two')))]],
      ['<p>line<br>next</p>', [p(t('line'), br, t('next'))]],
    ];
    for (const [html, expected] of cases) expect(blocks(html), html).toEqual(expected);
  });

  it('flattens every other element to its text, ending a paragraph where a browser ends a line, and drops what the policy drops with its content', () => {
    const cases: [string, unknown[]][] = [
      ['<p>a <span class="highlight">b</span> <code>c</code> <s>d</s> <sup>e</sup> <small>f</small> <mark>g</mark></p>', [p(t('a b c d e f g'))]],
      ['<div>one</div><div>two</div><section><article>three</article></section>', [p(t('one')), p(t('two')), p(t('three'))]],
      ['<p>before</p><hr><p>after</p>', [p(t('before')), p(t('after'))]],
      ['<table><tr><td>cell 1</td><td>cell 2</td></tr></table>', [p(t('cell 1')), p(t('cell 2'))]],
      ['<p class="lead" id="intro" style="color:red" onclick="alert(1)">Lead</p>', [p(t('Lead'))]],
      ['<p>Hi<script>alert(1)</script><style>p{}</style><textarea>typed</textarea><select><option>opt</option></select></p>', [p(t('Hi'))]],
      [
        '<p><img src="/s/a.jpg" onerror="alert(1)" alt="alt">x<iframe src="javascript:alert(2)"></iframe><svg onload="alert(3)"><text>svg text</text></svg></p>',
        [p(t('xsvg text'))],
      ],
      ['<!-- a comment --><p>kept</p><![CDATA[ cdata ]]>', [p(t('kept'))]],
    ];
    for (const [html, expected] of cases) expect(blocks(html), html).toEqual(expected);
  });

  it('wraps text outside any block in paragraphs, and gives lists and items what the schema needs', () => {
    const cases: [string, unknown[]][] = [
      ['Plain text', [p(t('Plain text'))]],
      ['<b>bold</b> then <h2>Title</h2> after', [p(t('bold', bold), t(' then')), h(2, t('Title')), p(t('after'))]],
      ['<ul>loose<li>item</li></ul>', [ul(li(p(t('loose'))), li(p(t('item'))))]],
      ['<ul><ul><li>nested</li></ul></ul>', [ul(li(p(), ul(li(p(t('nested'))))))]],
      ['<ul><li><h3>heading</h3></li><li></li></ul><ul></ul><ol> </ol>', [ul(li(p(), h(3, t('heading'))), li(p()))]],
      ['<li>outside a list</li>', [p(t('outside a list'))]],
      ['<ul><li>one<li>two</ul>', [ul(li(p(t('one'))), li(p(t('two'))))]],
      ['<blockquote></blockquote><p></p>', [p()]],
      ['', [p()]],
    ];
    for (const [html, expected] of cases) expect(blocks(html), html).toEqual(expected);
  });

  it('lays out whitespace as a browser does, keeping what a browser shows', () => {
    const cases: [string, unknown[]][] = [
      ['<p>  one \n\t two  </p>', [p(t('one two'))]],
      ['<p>a <b> b </b> <i> c</i></p>', [p(t('a '), t('b ', bold), t('c', italic))]],
      ['<p>\n  <a href="/x">x</a>\n</p>\n\n<p>y</p>\n', [p(t('x', link('/x'))), p(t('y'))]],
      ['<p>a&nbsp;&nbsp;b &amp; &lt;c&gt; &quot;d&quot; &#x2014;</p>', [p(t('a\u00a0\u00a0b & <c> "d" —'))]],
      ['<p>end <br> start</p>', [p(t('end'), br, t('start'))]],
      // A paragraph's last break draws nothing; an empty paragraph shows nothing, unless a break makes it a line.
      ['<p>a<br></p><p> </p><p><br></p><p>b<br><br></p>', [p(t('a')), p(), p(t('b'), br)]],
      ['<pre>\n  two  spaces\n\tand a tab</pre>', [p(t('  two  spaces'), br, t('\tand a tab'))]],
      ['<p><b>bold<br>still</b></p>', [p(t('bold', bold), { ...br, marks: [bold] }, t('still', bold))]],
    ];
    for (const [html, expected] of cases) expect(blocks(html), html).toEqual(expected);
  });

  it('converts the demo site’s text blocks as they read (their lead style and inline code are not kept)', () => {
    expect(
      blocks(
        '<h1>Text</h1><p class="lead">Rich text with <strong>bold</strong>, <em>italic</em>, <a href="/about">links</a> and lists.</p><h2>A second-level heading</h2><p>Paragraphs wrap to the width of their block.</p><ol><li>Throw</li><li>Trim</li></ol><blockquote>Quotes stand apart from the text around them.</blockquote>',
      ),
    ).toEqual([
      h(1, t('Text')),
      p(t('Rich text with '), t('bold', bold), t(', '), t('italic', italic), t(', '), t('links', link('/about')), t(' and lists.')),
      h(2, t('A second-level heading')),
      p(t('Paragraphs wrap to the width of their block.')),
      ol(li(p(t('Throw'))), li(p(t('Trim')))),
      quote(p(t('Quotes stand apart from the text around them.'))),
    ]);
    expect(
      blocks(
        '<h2>Visit us</h2><p>Saturdays 10:00–16:00, Harbour Road 12. Email <a href="mailto:hello@juniper.example">hello@juniper.example</a> or call <a href="tel:+15555550123">+1 555 555 0123</a>.</p>',
      ),
    ).toEqual([
      h(2, t('Visit us')),
      p(
        t('Saturdays 10:00–16:00, Harbour Road 12. Email '),
        t('hello@juniper.example', link('mailto:hello@juniper.example')),
        t(' or call '),
        t('+1 555 555 0123', link('tel:+15555550123')),
        t('.'),
      ),
    ]);
    expect(blocks('<h1>Blocks</h1><ul><li><a href="/blocks/text">Text</a></li><li><a href="/blocks/image">Image</a></li></ul>')).toEqual([
      h(1, t('Blocks')),
      ul(li(p(t('Text', link('/blocks/text')))), li(p(t('Image', link('/blocks/image'))))),
    ]);
    expect(blocks('<p>a link no published page may carry (such as <code>javascript:</code>) is refused</p>')).toEqual([
      p(t('a link no published page may carry (such as javascript:) is refused')),
    ]);
  });

  it('keeps every link for the schema to judge, unless told which to drop', () => {
    const html = '<p><a href="javascript:alert(1)">bad</a> <a href="/good">good</a></p>';
    expect(blocks(html)).toEqual([p(t('bad', link('javascript:alert(1)')), t(' '), t('good', link('/good')))]);
    expect(richText.safeParse(htmlToRichText(html)).success).toBe(false);
    const stored = htmlToRichText(html, { keepHref: (href) => isPublishableLink(href, '') });
    expect(stored.content).toEqual([p(t('bad '), t('good', link('/good')))]);
    expect(richText.safeParse(stored).success).toBe(true);
  });

  it('holds the bounds whatever the HTML: depth flattened past the limit, text and nodes cut at theirs', () => {
    const deep = `${'<ul><li>'.repeat(20_000)}deepest${'</li></ul>'.repeat(20_000)}`;
    const nested = htmlToRichText(deep);
    expect(richText.safeParse(nested).success).toBe(true);
    expect(JSON.stringify(nested)).toContain('deepest');
    const quotes = htmlToRichText(`${'<blockquote>'.repeat(50)}q${'</blockquote>'.repeat(50)}`);
    expect(richText.safeParse(quotes).success).toBe(true);

    const long = htmlToRichText(`<p>${'x'.repeat(RICH_TEXT_LIMITS.text - 1)}😀 and more</p><p>gone</p>`);
    expect(richText.safeParse(long).success).toBe(true);
    expect(long.content).toEqual([p(t('x'.repeat(RICH_TEXT_LIMITS.text - 1)))]);

    const many = htmlToRichText('<p>a<br>'.repeat(RICH_TEXT_LIMITS.nodes));
    expect(richText.safeParse(many).success).toBe(true);
    expect(many.content.length).toBeGreaterThan(RICH_TEXT_LIMITS.nodes / 4);
  });

  it('gives a text the schema accepts for any HTML, with its links kept, or dropped as stored rows drop them', () => {
    const tags = [
      'p',
      'h1',
      'h3',
      'h6',
      'ul',
      'ol',
      'li',
      'blockquote',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'a',
      'pre',
      'div',
      'span',
      'code',
      'hr',
      'script',
      'style',
      'table',
      'td',
      'img',
      'svg',
    ];
    const piece = fc.oneof(
      fc.constantFrom(...tags).map((tag) => `<${tag}>`),
      fc.constantFrom(...tags).map((tag) => `</${tag}>`),
      fc.constantFrom(
        '<a href="/about">',
        '<a href="javascript:alert(1)" target="_blank">',
        '<a href="https://example.com/x">',
        '<a href="tel:12">',
        '<p onclick="x()" class="lead">',
        '<img src=x onerror=alert(1)>',
      ),
      fc.constantFrom(' ', '\n', '\t', '&nbsp;', '&amp;', '&lt;', '<!-- c -->', '<', '>', '"', '😀'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const html = pieces.join('');
        const kept: RichText = htmlToRichText(html);
        const stored = htmlToRichText(html, { keepHref: (href) => isPublishableLink(href, '') });
        // In the form the schema writes, links and all (the link rules off, as for stored text) …
        const read = readStored(() => richText.safeParse(kept));
        expect(read.success, JSON.stringify(read.error?.issues)).toBe(true);
        // … which drops the links a page may not carry, as the converter does when told to.
        expect(read.data).toEqual(stored);
        const checked = richText.safeParse(stored);
        expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
        expect(checked.data).toEqual(stored);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('text blocks written as HTML', () => {
  const layout = { desktop: { x: 0, y: 0, w: 24, h: 4 } };

  it('upgrades the text blocks of sections, and nothing else', () => {
    const sections = [
      {
        id: 'a',
        blocks: [
          { id: 'b', type: 2, data: { html: '<p>Hi</p>' }, layout },
          { id: 'c', type: 23, data: { html: '<p>code</p>' }, layout },
          { id: 'd', type: 2, data: { text: htmlToRichText('done') }, layout },
        ],
      },
      { id: 'e', blocks: [] },
    ];
    const out = sectionsWithRichText(sections) as typeof sections;
    expect(out[0]!.blocks.map((b) => b.data)).toEqual([
      { text: { type: 'doc', content: [p(t('Hi'))] } },
      { html: '<p>code</p>' },
      { text: htmlToRichText('done') },
    ]);
    expect(out[1]).toBe(sections[1]);
    // Nothing to upgrade: the same value, so a caller can tell nothing changed.
    expect(sectionsWithRichText(out)).toBe(out);
    for (const odd of [null, 'x', [null, { blocks: 'x' }, { blocks: [null, { type: 2, data: null }, { type: 2, data: { html: 5 } }] }]])
      expect(sectionsWithRichText(odd)).toBe(odd);
  });

  it('keeps a text block’s other properties, and HTML longer than version 1 took, for the schema to judge', () => {
    expect(textBlockDataAsRichText({ html: '<p>x</p>', legacy: true })).toEqual({ legacy: true, text: { type: 'doc', content: [p(t('x'))] } });
    const longest = { html: 'x'.repeat(RICH_TEXT_LIMITS.text) };
    expect(textBlockDataAsRichText(longest)).toEqual({ text: { type: 'doc', content: [p(t(longest.html))] } });
    const longer = { html: `${longest.html}y` };
    expect(textBlockDataAsRichText(longer)).toBe(longer);
  });
});
