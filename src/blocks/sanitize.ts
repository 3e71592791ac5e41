/**
 * The one policy for owner-written HTML (text, code and accordion blocks, and the HTML of forms and
 * newsletters). Scripts, styles, event handlers, frames and forms are removed; links keep only the
 * schemes a published page may carry (`PUBLISHABLE_SCHEMES`) and must pass the link rules of seed
 * 000 §5, so `javascript:` and malformed links never reach a page. `ownerHtml` is the zod type of
 * such a field: it refuses, on save and import, HTML holding a link the policy would drop.
 */
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { refineLinks } from '../document/link';
import { isPublishableLink, PUBLISHABLE_SCHEMES } from '../domain/links';

const TEXT_TAGS = [
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sup', 'sub', 'small', 'mark',
  'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'span', 'hr',
];
const CODE_TAGS = [...TEXT_TAGS, 'div', 'section', 'article', 'aside', 'figure', 'figcaption', 'img', 'picture', 'source', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'dl', 'dt', 'dd', 'details', 'summary', 'abbr', 'cite', 'q', 'time', 'kbd', 'var', 'samp'];

type Policy = { tags: string[]; attributes: sanitizeHtml.IOptions['allowedAttributes'] };

/** `seen` is told every href of a link the policy keeps, before it is checked. */
function policy(host: string, { tags, attributes: extraAttributes }: Policy, seen?: (href: string) => void): sanitizeHtml.IOptions {
  return {
    allowedTags: tags,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      span: ['class'],
      p: ['class'],
      code: ['class'],
      '*': ['id', 'lang', 'dir'],
      ...extraAttributes,
    },
    allowedClasses: { span: ['highlight', 'sqsrte-large', 'sqsrte-small'], p: ['lead'], code: [/^language-[a-z0-9-]+$/] },
    allowedSchemes: [...PUBLISHABLE_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset'],
    allowProtocolRelative: true,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href;
        if (href !== undefined) seen?.(href);
        const next: Record<string, string> = { ...attribs };
        if (href !== undefined && !isPublishableLink(href, host)) delete next.href;
        if (next.target === '_blank') next.rel = 'noopener noreferrer';
        else delete next.target;
        return { tagName, attribs: next };
      },
    },
  };
}

const TEXT: Policy = { tags: TEXT_TAGS, attributes: {} };
const CODE: Policy = {
  tags: CODE_TAGS,
  attributes: {
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    source: ['srcset', 'sizes', 'media', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    time: ['datetime'],
    abbr: ['title'],
    details: ['open'],
  },
};
const POLICIES = { text: TEXT, code: CODE } as const;
export type HtmlKind = keyof typeof POLICIES;

/** Rich text: inline formatting, headings, lists and links. */
export function sanitizeText(html: string, host: string): string {
  return sanitizeHtml(html, policy(host, TEXT));
}

/** The code block's owner HTML: a wider set of structural tags and images, still without scripts or handlers. */
export function sanitizeCode(html: string, host: string): string {
  return sanitizeHtml(html, policy(host, CODE));
}

/** The href of every link the sanitiser of `kind` meets in `html`, as a browser would read the attribute. */
export function linksIn(html: string, kind: HtmlKind): string[] {
  const hrefs: string[] = [];
  sanitizeHtml(html, policy('', POLICIES[kind], (href) => hrefs.push(href)));
  return hrefs;
}

/** Adds an issue at `path` for each link in `html` that a published page may not carry. */
export function refineHtmlLinks(ctx: z.RefinementCtx, html: string, kind: HtmlKind, path: PropertyKey[] = []): void {
  refineLinks(ctx, () => linksIn(html, kind), (href, index) => `link ${index + 1}, ${href},`, path);
}

/** A field of owner HTML of at most `max` characters, rendered by the sanitiser of `kind`. */
export function ownerHtml(max: number, kind: HtmlKind) {
  return z
    .string()
    .max(max)
    .superRefine((html, ctx) => refineHtmlLinks(ctx, html, kind))
    .meta({ description: 'HTML, sanitised as it renders; its links follow the rules of a link field' });
}
