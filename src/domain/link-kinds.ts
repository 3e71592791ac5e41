/**
 * What a link leads to, as the link picker shows it: a page of the site, a file, a place (an
 * anchor) on a page, a web address, an email address or a phone number. `parseLink` reads an href
 * as one of these, by the seed 000 §5 categories (src/domain/links.ts), and `linkOf` writes it
 * back, so `linkOf(parseLink(href))` is the href again. The picker's value is always the href: the
 * kind only chooses which controls help write it.
 */
import { classifyLink, linkScheme } from './links';
import { ROUTES } from './routes';

export const LINK_KINDS = ['page', 'file', 'anchor', 'external', 'email', 'phone'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export type ParsedLink =
  | { kind: 'none' }
  /** `path` with any query, as written. */
  | { kind: 'page'; path: string }
  | { kind: 'file'; name: string }
  /** `path` '' is the page the link is on (`#top`). */
  | { kind: 'anchor'; path: string; anchor: string }
  /** Any other address, as written (an http(s) address, or text the link rules refuse). */
  | { kind: 'external'; url: string }
  | { kind: 'email'; address: string }
  | { kind: 'phone'; number: string };

export function parseLink(href: string): ParsedLink {
  const category = classifyLink(href, '');
  switch (category) {
    case 'empty':
      return { kind: 'none' };
    case 'anchor':
      return { kind: 'anchor', path: '', anchor: href.trim().slice(1) };
    case 'file': {
      const rest = href.trim().slice(ROUTES.FILE_PREFIX.length);
      // A query or fragment on a file link is kept in the address; the picker names the file only.
      return /[?#]/.test(rest) ? { kind: 'external', url: href } : { kind: 'file', name: rest };
    }
    case 'content': {
      const trimmed = href.trim();
      const hash = trimmed.indexOf('#');
      return hash === -1 ? { kind: 'page', path: trimmed } : { kind: 'anchor', path: trimmed.slice(0, hash), anchor: trimmed.slice(hash + 1) };
    }
    case 'misc-protocol': {
      const scheme = linkScheme(href);
      const body = href.trim().slice((scheme?.length ?? 0) + 1);
      if (scheme === 'mailto') return { kind: 'email', address: body };
      if (scheme === 'tel') return { kind: 'phone', number: body };
      return { kind: 'external', url: href };
    }
    case 'external':
    case 'malformed':
      return { kind: 'external', url: href };
  }
}

/** The number as a tel: link takes it: the spaces, brackets, dots and slashes people write are dropped (anything else is kept, for the rules to refuse). */
export function phoneHref(number: string): string {
  return `tel:${number.trim().replace(/[\s()./]/g, '')}`;
}

export function linkOf(parsed: ParsedLink): string {
  switch (parsed.kind) {
    case 'none':
      return '';
    case 'page':
      return parsed.path;
    case 'file':
      return `${ROUTES.FILE_PREFIX}${parsed.name}`;
    case 'anchor':
      return `${parsed.path}#${parsed.anchor}`;
    case 'external':
      return parsed.url;
    case 'email':
      return `mailto:${parsed.address.trim()}`;
    case 'phone':
      return phoneHref(parsed.number);
  }
}

/** The ids a published page gives its sections and blocks (src/blocks/sections-view.tsx), which anchors name. */
export const sectionAnchor = (id: string) => `section-${id}`;
export const blockAnchor = (id: string) => `block-${id}`;
