/** The shared link field type, and reading stored data without the link rules. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readStored, siteLink } from './link';

describe('siteLink', () => {
  const field = z.object({ href: siteLink(1000) });
  const messages = (href: string) => field.safeParse({ href }).error?.issues.map((i) => ({ path: i.path, message: i.message }));

  // covers 000-5.29, 000-5.30, 000-5.31, 000-5.32, 000-5.33, 000-5.34
  it('accepts the links a published page may carry', () => {
    for (const href of [
      '',
      '#top',
      '/about',
      '/s/menu.pdf',
      'https://other.example/x',
      '//other.example',
      'mailto:hi@shop.example',
      'tel:+44-1632-960123',
      'sms:+441632960123',
    ]) {
      expect(messages(href)).toBeUndefined();
    }
  });

  // covers 000-5.34, 000-5.35, 000-5.36
  it('refuses the others at their path, quoting the link and saying what is wrong', () => {
    expect(messages('data:text/html,<script>alert(1)</script>')).toEqual([
      {
        path: ['href'],
        message:
          '"data:text/html,<script>alert(1)</script>" is a data: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link',
      },
    ]);
    expect(messages('about')?.[0]?.message).toMatch(/^"about" is not a link a page can use/);
    expect(messages(`#${'a'.repeat(120)}`)?.[0]?.message).toBe(`"#${'a'.repeat(79)}…" is too long for an anchor (#…) link: it must be under 100 characters`);
  });

  it('keeps its length bound and takes a minimum', () => {
    expect(siteLink(10).safeParse('/abcdefghijk').success).toBe(false);
    expect(siteLink(10).min(1).safeParse('').success).toBe(false);
  });
});

describe('readStored', () => {
  it('reads stored data with the link rules off, and only while it reads', () => {
    const header = z.object({ button: z.object({ href: siteLink(1000) }) });
    const stored = { button: { href: 'javascript:alert(1)' } };
    expect(readStored(() => header.parse(stored))).toEqual(stored);
    expect(header.safeParse(stored).success).toBe(false);
    expect(() => readStored(() => z.number().parse('x'))).toThrow();
    expect(header.safeParse(stored).success).toBe(false);
  });
});
