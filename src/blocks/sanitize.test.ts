import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStored } from '../document/link';
import { classifyLink, isPublishableLink } from '../domain/links';
import { linksIn, ownerHtml, sanitizeCode, sanitizeText } from './sanitize';

describe('owner HTML sanitising', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const out = sanitizeCode('<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">go</a><img src="/s/a.jpg" onerror="x()">', 'example.com');
    expect(out).toBe('<p>Hi</p><a>go</a><img src="/s/a.jpg" />');
  });

  it('keeps links that pass the link rules and drops malformed ones', () => {
    expect(sanitizeText('<a href="/about">a</a>', 'example.com')).toBe('<a href="/about">a</a>');
    expect(sanitizeText('<a href="mailto:hi@example.com">m</a>', 'example.com')).toBe('<a href="mailto:hi@example.com">m</a>');
    expect(sanitizeText('<a href="http:example.com">bad</a>', 'example.com')).toBe('<a>bad</a>');
    expect(sanitizeText('<a href="tel:12">short</a>', 'example.com')).toBe('<a>short</a>');
  });

  it('opens new-window links with noopener', () => {
    expect(sanitizeText('<a href="https://other.org" target="_blank">o</a>', 'example.com')).toBe('<a href="https://other.org" target="_blank" rel="noopener noreferrer">o</a>');
  });

  it('keeps text formatting but drops styles, iframes and forms from text', () => {
    expect(sanitizeText('<h2 style="color:red">T</h2><iframe src="x"></iframe><form><input></form><strong>b</strong>', 'example.com')).toBe('<h2>T</h2><strong>b</strong>');
  });
});

describe('links in owner HTML', () => {
  const HOST = 'example.com';
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

  // covers 000-5.34 (the sanitiser's schemes are those a published page may carry)
  it('keeps an href exactly when the link rules let a page carry it', () => {
    const hrefs = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .tuple(fc.constantFrom('#', '/', '//', 'https://', 'HTTP://', 'http:', 'javascript:', ' java\tscript:', 'data:', 'vbscript:', 'mailto:', 'tel:', 'sms:', 'ftp://', 'file:', '/s/'), fc.string({ maxLength: 30 }))
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(hrefs, fc.constantFrom('text', 'code'), (href, kind) => {
        // An empty href names no other place; the sanitiser drops it, which changes nothing a visitor can reach.
        fc.pre(classifyLink(href, HOST) !== 'empty');
        const html = `<a href="${attribute(href)}">x</a>`;
        const out = kind === 'text' ? sanitizeText(html, HOST) : sanitizeCode(html, HOST);
        expect(out.includes(' href=')).toBe(isPublishableLink(href, HOST));
      }),
      { numRuns: 500 },
    );
  });

  it('finds every link the sanitiser meets, decoded as a browser reads it', () => {
    expect(linksIn('<p><a href="/a">a</a><script><a href="/hidden">no</a></script><iframe></iframe><a href="java&#x09;script:x">b</a><a>no href</a></p>', 'text')).toEqual([
      '/a',
      'java\tscript:x',
    ]);
    expect(linksIn('<section><a href="mailto:a@b.co">m</a></section>', 'code')).toEqual(['mailto:a@b.co']);
  });

  it('refuses owner HTML holding a link a page may not carry, saying which link and what is wrong', () => {
    const field = ownerHtml(1000, 'text');
    expect(field.safeParse('<p><a href="/about">About</a> <a href="tel:+15555550123">Call</a></p>').success).toBe(true);
    const refused = field.safeParse('<p><a href="/about">ok</a><a href="javascript:alert(1)">x</a><a href="tel:12">y</a></p>');
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      'link 2, "javascript:alert(1)", is a javascript: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link',
      'link 3, "tel:12", is a tel: link with fewer than 4 digits',
    ]);
    // Stored before the rules: read as it is (the sanitiser drops the link as it renders).
    expect(readStored(() => field.safeParse('<a href="javascript:alert(1)">x</a>')).success).toBe(true);
  });
});
