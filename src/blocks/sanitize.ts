/**
 * The one policy for owner-written HTML (text, code and accordion blocks). Scripts, styles, event
 * handlers, frames and forms are removed; links keep only http(s), mailto, tel and sms schemes and
 * must pass the link rules of seed 000 §5, so `javascript:` and malformed links never reach a page.
 */
import sanitizeHtml from 'sanitize-html';
import { isPublishableLink } from '../domain/links';

const TEXT_TAGS = [
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sup', 'sub', 'small', 'mark',
  'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'span', 'hr',
];
const CODE_TAGS = [...TEXT_TAGS, 'div', 'section', 'article', 'aside', 'figure', 'figcaption', 'img', 'picture', 'source', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'dl', 'dt', 'dd', 'details', 'summary', 'abbr', 'cite', 'q', 'time', 'kbd', 'var', 'samp'];

function policy(host: string, tags: string[], extraAttributes: sanitizeHtml.IOptions['allowedAttributes']): sanitizeHtml.IOptions {
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
    allowedSchemes: ['http', 'https', 'mailto', 'tel', 'sms'],
    allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset'],
    allowProtocolRelative: true,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href;
        const next: Record<string, string> = { ...attribs };
        if (href !== undefined && !isPublishableLink(href, host)) delete next.href;
        if (next.target === '_blank') next.rel = 'noopener noreferrer';
        else delete next.target;
        return { tagName, attribs: next };
      },
    },
  };
}

/** Rich text: inline formatting, headings, lists and links. */
export function sanitizeText(html: string, host: string): string {
  return sanitizeHtml(html, policy(host, TEXT_TAGS, {}));
}

/** The code block's owner HTML: a wider set of structural tags and images, still without scripts or handlers. */
export function sanitizeCode(html: string, host: string): string {
  return sanitizeHtml(
    html,
    policy(host, CODE_TAGS, {
      img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
      source: ['srcset', 'sizes', 'media', 'type'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      time: ['datetime'],
      abbr: ['title'],
      details: ['open'],
    }),
  );
}
