import { describe, expect, it } from 'vitest';
import { sanitizeCode, sanitizeText } from './sanitize';

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
