/** The link picker reads an address as the kind of link it is and writes it back unchanged. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkOf, parseLink, phoneHref } from './link-kinds';

describe('link kinds', () => {
  it('reads each kind of address', () => {
    expect(parseLink('')).toEqual({ kind: 'none' });
    expect(parseLink('/about')).toEqual({ kind: 'page', path: '/about' });
    expect(parseLink('/')).toEqual({ kind: 'page', path: '/' });
    expect(parseLink('/s/price-list.pdf')).toEqual({ kind: 'file', name: 'price-list.pdf' });
    expect(parseLink('/contact#section-0123456789abcdef01234567')).toEqual({ kind: 'anchor', path: '/contact', anchor: 'section-0123456789abcdef01234567' });
    expect(parseLink('#top')).toEqual({ kind: 'anchor', path: '', anchor: 'top' });
    expect(parseLink('https://example.com/x')).toEqual({ kind: 'external', url: 'https://example.com/x' });
    expect(parseLink('mailto:hello@example.com')).toEqual({ kind: 'email', address: 'hello@example.com' });
    expect(parseLink('tel:+44-20-7946-0000')).toEqual({ kind: 'phone', number: '+44-20-7946-0000' });
    // Addresses the rules refuse are shown as written, for the owner to mend.
    expect(parseLink('www.example.com')).toEqual({ kind: 'external', url: 'www.example.com' });
    expect(parseLink('ftp://files.example.com')).toEqual({ kind: 'external', url: 'ftp://files.example.com' });
  });

  it('writes each kind back as the address it was read from', () => {
    for (const href of [
      '',
      '/about',
      '/s/a.pdf',
      '/contact#block-0123456789abcdef01234567',
      '#top',
      'https://example.com',
      'mailto:a@b.co',
      'tel:+1-555-0100',
      'sms:+15550100',
      'www.x.y',
    ]) {
      expect(linkOf(parseLink(href))).toBe(href);
    }
    fc.assert(fc.property(fc.webUrl(), (url) => linkOf(parseLink(url)) === url));
    fc.assert(
      fc.property(
        fc.webPath().filter((p) => p.startsWith('/')),
        (path) => linkOf(parseLink(path)) === path,
      ),
    );
  });

  it('writes a phone number as a tel: link without the spaces and brackets people type', () => {
    expect(phoneHref(' +44 (20) 7946.0000 ')).toBe('tel:+442079460000');
    expect(linkOf({ kind: 'email', address: ' hello@example.com ' })).toBe('mailto:hello@example.com');
  });
});
