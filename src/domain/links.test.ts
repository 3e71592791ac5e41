import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkLink,
  classifyLink,
  contentPageId,
  isPublishableLink,
  LINK_CATEGORIES,
  LINK_MAX_LENGTH,
  linkScheme,
  PUBLISHABLE_SCHEMES,
  publishProblem,
  publishProblemText,
} from './links';

const HOST = 'shop.example.com';

/** `prefix` + filler + `suffix`, exactly `length` characters long. */
function ofLength(length: number, prefix: string, suffix = ''): string {
  return prefix + 'a'.repeat(length - prefix.length - suffix.length) + suffix;
}

describe('classifyLink', () => {
  // covers 000-5.29
  it('reads the empty string as empty', () => {
    expect(classifyLink('', HOST)).toBe('empty');
  });

  // covers 000-5.30
  it('reads # links as anchors', () => {
    expect(classifyLink('#top', HOST)).toBe('anchor');
    expect(classifyLink('#', HOST)).toBe('anchor');
  });

  // covers 000-5.31
  it('reads http, https and // links to another host as external', () => {
    expect(classifyLink('https://other.example/', HOST)).toBe('external');
    expect(classifyLink('http://other.example/path?q=1', HOST)).toBe('external');
    expect(classifyLink('//other.example/x', HOST)).toBe('external');
    expect(classifyLink('HTTPS://Other.Example', HOST)).toBe('external');
  });

  // covers 000-5.31 (a link to the current host is not external: it is read as the path it names)
  it('reads http, https and // links to the current host as content or file links', () => {
    expect(classifyLink('https://shop.example.com/about', HOST)).toBe('content');
    expect(classifyLink('http://SHOP.example.com', HOST)).toBe('content');
    expect(classifyLink('//shop.example.com/blog', HOST)).toBe('content');
    expect(classifyLink('https://shop.example.com:443/s/menu.pdf', HOST)).toBe('file');
    expect(classifyLink('http://localhost:3000/x', 'localhost:3000')).toBe('content');
    expect(classifyLink('http://localhost:4000/x', 'localhost:3000')).toBe('external');
  });

  // covers 000-5.31
  it('uses the real host, not a user name that looks like it', () => {
    expect(classifyLink('https://shop.example.com@evil.example/', HOST)).toBe('external');
  });

  // covers 000-5.32, 000-2.15
  it('reads /s/ links as file links', () => {
    expect(classifyLink('/s/doc.pdf', HOST)).toBe('file');
    expect(classifyLink('/s/', HOST)).toBe('file');
  });

  // covers 000-5.33, 000-2.14
  it('reads other / links as content links', () => {
    expect(classifyLink('/about', HOST)).toBe('content');
    expect(classifyLink('/', HOST)).toBe('content');
    expect(classifyLink('/s', HOST)).toBe('content');
    expect(classifyLink('/pages/0123456789abcdef01234567', HOST)).toBe('content');
  });

  // covers 000-5.34
  it('reads non-http schemes as misc protocol', () => {
    for (const href of ['tel:+15550100', 'mailto:a@b.co', 'sms:+15550100', 'javascript:void(0)', 'ftp://files.example/x', 'whatsapp://send']) {
      expect(classifyLink(href, HOST)).toBe('misc-protocol');
    }
  });

  // covers 000-5.35
  it('reads http, https and ftp without // as malformed', () => {
    expect(classifyLink('http:example.com', HOST)).toBe('malformed');
    expect(classifyLink('https:/example.com', HOST)).toBe('malformed');
    expect(classifyLink('ftp:files.example', HOST)).toBe('malformed');
    expect(classifyLink('https://', HOST)).toBe('malformed');
  });

  // covers 000-5.31, 000-5.33, 000-5.34 (read as a browser reads them)
  it('ignores what browsers ignore and treats backslashes as browsers do', () => {
    expect(classifyLink('  /about  ', HOST)).toBe('content');
    expect(classifyLink('java\nscript:alert(1)', HOST)).toBe('misc-protocol');
    expect(linkScheme('java\tscript:alert(1)')).toBe('javascript');
    expect(classifyLink('/\\evil.example/x', HOST)).toBe('external');
    expect(classifyLink('https:\\\\evil.example', HOST)).toBe('external');
  });

  // covers 000-5.35 (a relative link without a leading slash fits no category of the seed)
  it('reads scheme-less relative links as malformed', () => {
    expect(classifyLink('about', HOST)).toBe('malformed');
    expect(classifyLink('www.example.com', HOST)).toBe('malformed');
  });

  // covers 000-5.29, 000-5.30, 000-5.31, 000-5.32, 000-5.33, 000-5.34, 000-5.35
  it('never throws and always gives a known category', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (href, host) => {
        expect(LINK_CATEGORIES).toContain(classifyLink(href, host));
        expect(LINK_CATEGORIES).toContain(checkLink(href, host).category);
      }),
      { numRuns: 2000 },
    );
  });

  // covers 000-5.31
  it('classifies any web URL by whether its host is the current host', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'] }), (url) => {
        const host = new URL(url).host;
        expect(classifyLink(url, host)).not.toBe('external');
        expect(classifyLink(url, `not-${host}`)).toBe('external');
      }),
    );
  });
});

describe('contentPageId', () => {
  // covers 000-2.14
  it('reads the 24-hex id of /pages/{id} links', () => {
    expect(contentPageId('/pages/0123456789abcdef01234567')).toBe('0123456789abcdef01234567');
    expect(contentPageId('/pages/0123456789ABCDEF01234567#section')).toBe('0123456789abcdef01234567');
    expect(contentPageId('/pages/0123456789abcdef0123456')).toBeUndefined();
    expect(contentPageId('/pages/0123456789abcdef012345678')).toBeUndefined();
    expect(contentPageId('/pages/0123456789abcdef0123456g')).toBeUndefined();
    expect(contentPageId('/about')).toBeUndefined();
  });
});

describe('checkLink length bounds', () => {
  const cases: [string, number, (length: number) => string][] = [
    // covers 000-5.36
    ['anchor', LINK_MAX_LENGTH.anchor, (n) => ofLength(n, '#')],
    // covers 000-5.37
    ['tel', LINK_MAX_LENGTH.tel, (n) => 'tel:' + '1'.repeat(n - 4)],
    // covers 000-5.38
    ['sms', LINK_MAX_LENGTH.sms, (n) => ofLength(n, 'sms:')],
    // covers 000-5.39
    ['mailto', LINK_MAX_LENGTH.mailto, (n) => ofLength(n, 'mailto:', '@example.com')],
    // covers 000-5.40
    ['javascript', LINK_MAX_LENGTH.javascript, (n) => ofLength(n, 'javascript:')],
    // covers 000-5.41
    ['ftp', LINK_MAX_LENGTH.ftp, (n) => ofLength(n, 'ftp://files.example/')],
    // covers 000-5.42
    ['content', LINK_MAX_LENGTH.internal, (n) => ofLength(n, '/')],
    // covers 000-5.42
    ['file', LINK_MAX_LENGTH.internal, (n) => ofLength(n, '/s/')],
  ];

  it('fixes the seed bounds', () => {
    expect(LINK_MAX_LENGTH).toEqual({ anchor: 100, tel: 50, sms: 1000, mailto: 1000, javascript: 250, ftp: 100, internal: 150 });
  });

  for (const [name, limit, make] of cases) {
    it(`accepts a ${name} link of ${limit - 1} characters and refuses one of ${limit}`, () => {
      const under = make(limit - 1);
      const at = make(limit);
      expect(under).toHaveLength(limit - 1);
      expect(at).toHaveLength(limit);
      expect(checkLink(under, HOST)).toMatchObject({ ok: true });
      expect(checkLink(at, HOST)).toMatchObject({ ok: false, reason: 'too-long' });
    });
  }

  // covers 000-5.42 (the bound applies to the path a same-host URL names)
  it('applies the internal bound to the path of a same-host URL', () => {
    expect(checkLink(`https://${HOST}${ofLength(149, '/')}`, HOST)).toEqual({ ok: true, category: 'content' });
    expect(checkLink(`https://${HOST}${ofLength(150, '/')}`, HOST)).toEqual({ ok: false, category: 'content', reason: 'too-long' });
  });

  // covers 000-5.31 (the seed sets no bound on external links)
  it('sets no bound on external links', () => {
    expect(checkLink(`https://other.example/${'a'.repeat(5000)}`, HOST)).toEqual({ ok: true, category: 'external' });
  });

  // covers 000-5.36
  it('accepts exactly the anchors under 100 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (rest) => {
        const href = `#${rest}`.trim();
        fc.pre(href.startsWith('#') && !/[\t\n\r]/.test(href));
        expect(checkLink(href, HOST).ok).toBe(href.length < 100);
      }),
    );
  });
});

describe('checkLink tel rules', () => {
  // covers 000-5.43
  it('needs 4 or more digits', () => {
    expect(checkLink('tel:123', HOST)).toEqual({ ok: false, category: 'misc-protocol', reason: 'tel-digits' });
    expect(checkLink('tel:1234', HOST)).toEqual({ ok: true, category: 'misc-protocol' });
    expect(checkLink('tel:+1234', HOST)).toEqual({ ok: true, category: 'misc-protocol' });
    expect(checkLink('tel:+1-2-3', HOST)).toMatchObject({ ok: false, reason: 'tel-digits' });
  });

  // covers 000-5.43
  it('allows plus and minus and nothing else besides digits', () => {
    expect(checkLink('tel:+1-555-0100', HOST)).toEqual({ ok: true, category: 'misc-protocol' });
    expect(checkLink('tel:555 0100', HOST)).toMatchObject({ ok: false, reason: 'tel-characters' });
    expect(checkLink('tel:(555)0100', HOST)).toMatchObject({ ok: false, reason: 'tel-characters' });
    expect(checkLink('tel:555.0100', HOST)).toMatchObject({ ok: false, reason: 'tel-characters' });
    expect(checkLink('TEL:5550100', HOST)).toEqual({ ok: true, category: 'misc-protocol' });
  });

  // covers 000-5.37, 000-5.43
  it('accepts a digit string exactly when it has 4 to 45 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,60}$/), (digits) => {
        expect(checkLink(`tel:${digits}`, HOST).ok).toBe(digits.length >= 4 && digits.length <= 45);
      }),
    );
  });
});

describe('checkLink mailto rules', () => {
  // covers 000-5.44
  it('needs exactly one @', () => {
    expect(checkLink('mailto:a@@b.com', HOST)).toMatchObject({ ok: false, reason: 'mailto-at' });
    expect(checkLink('mailto:ab.com', HOST)).toMatchObject({ ok: false, reason: 'mailto-at' });
    expect(checkLink('mailto:a@b.com,c@d.com', HOST)).toMatchObject({ ok: false, reason: 'mailto-at' });
    expect(checkLink('mailto:a@b.com', HOST)).toEqual({ ok: true, category: 'misc-protocol' });
  });

  // covers 000-5.45
  it('needs a dotted suffix after the @', () => {
    expect(checkLink('mailto:a@b', HOST)).toMatchObject({ ok: false, reason: 'mailto-domain' });
    expect(checkLink('mailto:a@b.', HOST)).toMatchObject({ ok: false, reason: 'mailto-domain' });
    expect(checkLink('mailto:a@.co', HOST)).toMatchObject({ ok: false, reason: 'mailto-domain' });
    expect(checkLink('mailto:a@b.co', HOST)).toEqual({ ok: true, category: 'misc-protocol' });
    expect(checkLink('mailto:a@mail.b.co', HOST)).toEqual({ ok: true, category: 'misc-protocol' });
  });

  // covers 000-5.44 (the query is not part of the address)
  it('checks the address, not the query after it', () => {
    expect(checkLink('mailto:hi@shop.example?subject=Orders @ the shop', HOST)).toEqual({ ok: true, category: 'misc-protocol' });
  });
});

describe('checkLink other categories', () => {
  // covers 000-5.29, 000-5.35
  it('accepts empty links and refuses malformed ones', () => {
    expect(checkLink('', HOST)).toEqual({ ok: true, category: 'empty' });
    expect(checkLink('http:example.com', HOST)).toEqual({ ok: false, category: 'malformed', reason: 'malformed' });
  });

  // covers 000-5.34
  it('sets no rule on misc protocols the seed does not bound', () => {
    expect(checkLink(`whatsapp://send?text=${'a'.repeat(3000)}`, HOST)).toEqual({ ok: true, category: 'misc-protocol' });
  });
});

describe('isPublishableLink', () => {
  // covers 000-5.34, 000-5.40 (javascript: links pass the seed bound but are never rendered)
  it('keeps http(s), internal, anchor, mailto, tel and sms links and drops other schemes', () => {
    for (const href of ['', '#top', '/about', '/s/a.pdf', 'https://other.example', 'mailto:a@b.co', 'tel:+1234', 'sms:+1234']) {
      expect(isPublishableLink(href, HOST)).toBe(true);
    }
    for (const href of ['javascript:void(0)', 'JavaScript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,x', 'ftp://files.example/x', 'tel:12']) {
      expect(isPublishableLink(href, HOST)).toBe(false);
    }
  });
});

describe('publishProblem', () => {
  // covers 000-5.35, 000-5.36, 000-5.37, 000-5.42, 000-5.43, 000-5.44, 000-5.45
  it('says which rule of its category a link breaks, in words for its owner', () => {
    const text = (href: string) => {
      const problem = publishProblem(href, HOST);
      return problem && publishProblemText(problem);
    };
    expect(text('http:example.com')).toMatch(/^is not a link a page can use/);
    expect(text(ofLength(100, '#'))).toBe('is too long for an anchor (#…) link: it must be under 100 characters');
    expect(text(ofLength(150, '/'))).toBe('is too long for a link within the site: it must be under 150 characters');
    expect(text(`tel:${'1'.repeat(46)}`)).toBe('is too long for a tel: link: it must be under 50 characters');
    expect(text('tel:(555)0100')).toBe('is a tel: link with characters other than digits, - and a leading +');
    expect(text('tel:123')).toBe('is a tel: link with fewer than 4 digits');
    expect(text('mailto:a@@b.co')).toBe('is a mailto: link without exactly one @ in its address');
    expect(text('mailto:a@b')).toBe('is a mailto: link without a domain with a dot after the @ (name@example.com)');
    expect(text('/about')).toBeUndefined();
  });

  // covers 000-5.34, 000-5.40, 000-5.41 (schemes the seed bounds but no page carries)
  it('refuses every scheme but http(s), mailto, tel and sms first, whatever else is wrong', () => {
    expect(publishProblem('data:text/html,<script>alert(1)</script>', HOST)).toEqual({ reason: 'scheme', category: 'misc-protocol', scheme: 'data' });
    expect(publishProblem(ofLength(300, 'javascript:'), HOST)).toMatchObject({ reason: 'scheme', scheme: 'javascript' });
    expect(publishProblem('ftp://files.example/x', HOST)).toMatchObject({ reason: 'scheme', scheme: 'ftp' });
    expect(publishProblemText(publishProblem(' JAVA\tSCRIPT:x', HOST)!)).toMatch(/^is a javascript: link, which a published page never carries/);
  });

  // covers 000-5.29, 000-5.30, 000-5.31, 000-5.32, 000-5.33, 000-5.34, 000-5.35
  it('lets through exactly the links that pass the seed rules with a scheme of PUBLISHABLE_SCHEMES, or none', () => {
    const hrefs = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc
        .tuple(
          fc.constantFrom('', '#', '/', '//', 'https://', 'http:', 'javascript:', 'data:', 'mailto:', 'tel:', 'sms:', 'ftp://', 'vbscript:', ' JaVa\nScRiPt:'),
          fc.string({ maxLength: 40 }),
        )
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(hrefs, fc.constantFrom(HOST, ''), (href, host) => {
        const scheme = linkScheme(href);
        const allowedScheme = scheme === undefined || PUBLISHABLE_SCHEMES.includes(scheme);
        expect(publishProblem(href, host) === undefined).toBe(checkLink(href, host).ok && allowedScheme);
        expect(isPublishableLink(href, host)).toBe(publishProblem(href, host) === undefined);
      }),
    );
  });
});
