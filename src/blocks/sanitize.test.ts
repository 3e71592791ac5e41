import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStored } from '../document/link';
import { classifyLink, isPublishableLink } from '../domain/links';
import { htmlForHost } from './html';
import { linksIn, sanitize, sanitizeStoredSections, sanitizingHtml } from './sanitize';
import type { StoredAccordionData } from './accordion/schema';

describe('owner HTML sanitising', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const out = sanitize('<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">go</a><img src="/s/a.jpg" onerror="x()">', 'code');
    expect(out).toBe('<p>Hi</p><a>go</a><img src="/s/a.jpg" />');
  });

  it('keeps links that pass the link rules and drops malformed ones', () => {
    expect(sanitize('<a href="/about">a</a>', 'text')).toBe('<a href="/about">a</a>');
    expect(sanitize('<a href="mailto:hi@example.com">m</a>', 'text')).toBe('<a href="mailto:hi@example.com">m</a>');
    expect(sanitize('<a href="http:example.com">bad</a>', 'text')).toBe('<a>bad</a>');
    expect(sanitize('<a href="tel:12">short</a>', 'text')).toBe('<a>short</a>');
  });

  it('opens new-window links with noopener', () => {
    expect(sanitize('<a href="https://other.org" target="_blank">o</a>', 'text')).toBe(
      '<a href="https://other.org" target="_blank" rel="noopener noreferrer">o</a>',
    );
  });

  it('keeps text formatting but drops styles, iframes and forms from text', () => {
    expect(sanitize('<h2 style="color:red">T</h2><iframe src="x"></iframe><form><input></form><strong>b</strong>', 'text')).toBe(
      '<h2>T</h2><strong>b</strong>',
    );
  });

  it('gives the same HTML when sanitised again, so a stored document exports and imports unchanged', () => {
    const html = '<p class="lead">A &amp; B &lt;tag&gt; "q"<br><a href="/x?a=1&b=2" target="_blank">l</a><img src="/s/a.jpg" alt="a&quot;b"></p>';
    for (const kind of ['text', 'code'] as const) expect(sanitize(sanitize(html, kind), kind)).toBe(sanitize(html, kind));
  });

  it('prefixes every id, so owner HTML cannot stand in for an element the page names, and keeps its in-page anchors working', () => {
    const html =
      '<p id="islands">{"form":"/s/evil.js"}</p><h2 id="team">Team</h2><a href="#team">Meet us</a><a href="/about#team">About</a><a href="#">Top</a>';
    const out = sanitize(html, 'code');
    expect(out).toBe(
      '<p id="user-content-islands">{"form":"/s/evil.js"}</p><h2 id="user-content-team">Team</h2><a href="#user-content-team">Meet us</a>' +
        '<a href="/about#team">About</a><a href="#">Top</a>',
    );
    expect(sanitize(out, 'code')).toBe(out);
    for (const id of ['op-site', 'op-cookie-banner', 'content', 'site-menu']) expect(sanitize(`<div id="${id}"></div>`, 'code')).not.toContain(`id="${id}"`);
  });
});

describe('links in owner HTML', () => {
  const HOST = 'example.com';
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

  // covers 000-5.34 (the sanitiser's schemes are those a published page may carry)
  it('keeps an href, sanitised when saved and rendered for the serving host, exactly when the link rules let a page there carry it', () => {
    const hrefs = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .tuple(
          fc.constantFrom(
            '#',
            '/',
            '//',
            'https://',
            'HTTP://',
            'http:',
            'javascript:',
            ' java\tscript:',
            'data:',
            'vbscript:',
            'mailto:',
            'tel:',
            'sms:',
            'ftp://',
            'file:',
            '/s/',
            'https://example.com/',
            '//example.com/',
          ),
          fc.oneof(fc.string({ maxLength: 30 }), fc.string({ minLength: 140, maxLength: 170 })),
        )
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(hrefs, fc.constantFrom('text', 'code'), (href, kind) => {
        // An empty href names no other place; the sanitiser drops it, which changes nothing a visitor can reach.
        fc.pre(classifyLink(href, HOST) !== 'empty');
        const out = htmlForHost(sanitize(`<a href="${attribute(href)}">x</a>`, kind), HOST);
        expect(out.includes(' href=')).toBe(isPublishableLink(href, HOST));
      }),
      { numRuns: 500 },
    );
  });

  it('drops at render time only the links the serving host makes unpublishable', () => {
    const long = `/${'a'.repeat(160)}`;
    const html = sanitize(`<p><a href="https://example.com${long}" title="t">own</a> <a href="https://other.org${long}">other</a></p>`, 'text');
    expect(htmlForHost(html, 'example.com')).toBe(`<p><a title="t">own</a> <a href="https://other.org${long}">other</a></p>`);
    expect(htmlForHost(html, 'other.org')).toBe(`<p><a href="https://example.com${long}" title="t">own</a> <a>other</a></p>`);
  });

  it('finds every link the sanitiser meets, decoded as a browser reads it', () => {
    expect(
      linksIn('<p><a href="/a">a</a><script><a href="/hidden">no</a></script><iframe></iframe><a href="java&#x09;script:x">b</a><a>no href</a></p>', 'text'),
    ).toEqual(['/a', 'java\tscript:x']);
    expect(linksIn('<section><a href="mailto:a@b.co">m</a></section>', 'code')).toEqual(['mailto:a@b.co']);
  });

  it('refuses owner HTML holding a link a page may not carry, saying which link and what is wrong', () => {
    const field = sanitizingHtml.field(1000, 'text');
    expect(field.safeParse('<p><a href="/about">About</a> <a href="tel:+15555550123">Call</a></p>').success).toBe(true);
    const refused = field.safeParse('<p><a href="/about">ok</a><a href="javascript:alert(1)">x</a><a href="tel:12">y</a></p>');
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      'link 2, "javascript:alert(1)", is a javascript: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link',
      'link 3, "tel:12", is a tel: link with fewer than 4 digits',
    ]);
    // Stored before the rules: read as it is, and the sanitiser drops the link.
    expect(readStored(() => field.safeParse('<a href="javascript:alert(1)">x</a>'))).toEqual({ success: true, data: '<a>x</a>' });
  });
});

describe('stored sections, as they are written now', () => {
  const layout = { desktop: { x: 0, y: 0, w: 24, h: 4 } };
  const section = (...blocks: { type: number; data: unknown }[]) => [
    { id: 'a'.repeat(24), theme: 'white', blocks: blocks.map((b, i) => ({ id: String(i).repeat(24), layout, ...b })) },
  ];
  const paragraph = (...content: unknown[]) => ({ type: 'paragraph', attrs: { textAlign: null }, content });

  it('reads a text block’s rich text as it is, without a link a page may not carry, and cleans one still holding HTML', () => {
    const text = {
      type: 'doc',
      content: [
        paragraph(
          { type: 'text', text: 'Hi ', marks: [{ type: 'bold' }] },
          { type: 'text', text: 'there', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)', target: null } }, { type: 'bold' }] },
        ),
      ],
    };
    const [read] = sanitizeStoredSections(
      section({ type: 2, data: { text } }, { type: 2, data: { html: '<p onclick="x()">Old<script>alert(1)</script></p>' } }),
    );
    expect(read!.blocks.map((b) => b.data)).toEqual([
      { text: { type: 'doc', content: [paragraph({ type: 'text', text: 'Hi there', marks: [{ type: 'bold' }] })] } },
      { html: '<p>Old</p>' },
    ]);
  });
});

describe('sanitised HTML as a type', () => {
  it('is made only by the sanitiser', () => {
    // @ts-expect-error A plain string is not sanitised HTML: a view's data cannot be built from one.
    const unclean: StoredAccordionData = { items: [{ title: 'Q', html: '<p>x</p>' }], allowMultipleOpen: false, firstItemExpanded: false, headingLevel: 'h3' };
    expect(unclean.items[0]!.html).toBe('<p>x</p>');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
      });
    const casts = files('src')
      .filter((f) => f !== path.join('src', 'blocks', 'sanitize.ts'))
      .filter((f) => /\bas\s+(?:unknown\s+as\s+)?(?:[\w.]+\s*&\s*)*(?:SanitizedHtml|StoredBlockData)\b/.test(readFileSync(f, 'utf8')));
    expect(casts).toEqual([]);
  });
});
