/**
 * The one policy for owner-written HTML, applied when it is written (document import and load,
 * the config APIs, and once to the rows stored before: src/db/data-migrations.ts). Scripts,
 * styles, event handlers, frames and forms are removed; links keep only the schemes a published
 * page may carry (`PUBLISHABLE_SCHEMES`) and must pass the link rules of seed 000 §5, so
 * `javascript:` and malformed links never reach a page; a link opening a new window gets
 * `rel="noopener noreferrer"`. On save and import, HTML holding a link the policy would drop is
 * refused, saying which link and what is wrong.
 *
 * This module alone makes `SanitizedHtml` and `StoredBlockData` (src/blocks/sanitize.test.ts
 * checks no other casts to them), so block data reaches the database and the views only through
 * here. It runs in Node: sanitize-html never reaches the browser.
 */
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { readStored, refineLinks } from '../document/link';
import type { BlockDataSchemas, StoredBlockData, StoredSection } from '../document/schema';
import { BLOCK_TYPES } from '../domain/block-types';
import { isPublishableLink, PUBLISHABLE_SCHEMES } from '../domain/links';
import { BLOCK_DEFINITIONS } from './definitions';
import { OWNER_HTML_DESCRIPTION, type HtmlKind, type HtmlRules, type SanitizedHtml } from './html';

/**
 * The sanitiser does not know the host pages will be served on, so, as in the site document, every
 * http(s) link is read as external; the views apply the serving host's rules (html.ts `htmlForHost`).
 */
const NO_HOST = '';

const TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sup',
  'sub',
  'small',
  'mark',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'span',
  'hr',
];
const CODE_TAGS = [
  ...TEXT_TAGS,
  'div',
  'section',
  'article',
  'aside',
  'figure',
  'figcaption',
  'img',
  'picture',
  'source',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'dl',
  'dt',
  'dd',
  'details',
  'summary',
  'abbr',
  'cite',
  'q',
  'time',
  'kbd',
  'var',
  'samp',
];

type Policy = { tags: string[]; attributes: sanitizeHtml.IOptions['allowedAttributes'] };

/**
 * The prefix of every id in owner HTML, so that none can stand in for an element the page's own
 * markup or scripts name (the island map, the site context, the cookie banner, a form's inputs):
 * an owner's `id="team"` is written `id="user-content-team"`, and a link to `#team` in the same
 * HTML is written `#user-content-team`, so in-page anchors keep working.
 */
export const OWNER_ID_PREFIX = 'user-content-';

const ownerId = (id: string) => (id.startsWith(OWNER_ID_PREFIX) ? id : `${OWNER_ID_PREFIX}${id}`);

/** `seen` is told every href of a link the policy keeps, before it is checked. */
function options({ tags, attributes: extraAttributes }: Policy, seen?: (href: string) => void): sanitizeHtml.IOptions {
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
        if (href !== undefined && !isPublishableLink(href, NO_HOST)) delete next.href;
        else if (href !== undefined && href.length > 1 && href.startsWith('#')) next.href = `#${ownerId(href.slice(1))}`;
        if (next.target === '_blank') next.rel = 'noopener noreferrer';
        else delete next.target;
        return { tagName, attribs: next };
      },
      '*': (tagName, attribs) => (attribs.id ? { tagName, attribs: { ...attribs, id: ownerId(attribs.id) } } : { tagName, attribs }),
    },
  };
}

const POLICIES: Record<HtmlKind, Policy> = {
  /** Rich text: inline formatting, headings, lists and links. */
  text: { tags: TEXT_TAGS, attributes: {} },
  /** The code block's owner HTML: a wider set of structural tags and images, still without scripts or handlers. */
  code: {
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
  },
};
const OPTIONS: Record<HtmlKind, sanitizeHtml.IOptions> = { text: options(POLICIES.text), code: options(POLICIES.code) };

/** `html` through the policy of `kind`. */
export function sanitize(html: string, kind: HtmlKind): SanitizedHtml {
  return sanitizeHtml(html, OPTIONS[kind]) as SanitizedHtml;
}

/** The href of every link the sanitiser of `kind` meets in `html`, as a browser would read the attribute. */
export function linksIn(html: string, kind: HtmlKind): string[] {
  const hrefs: string[] = [];
  sanitizeHtml(
    html,
    options(POLICIES[kind], (href) => hrefs.push(href)),
  );
  return hrefs;
}

/** Adds an issue at `path` for each link in `html` that a published page may not carry. */
function refineHtmlLinks(ctx: z.RefinementCtx, html: string, kind: HtmlKind, path: PropertyKey[] = []): void {
  refineLinks(
    ctx,
    () => linksIn(html, kind),
    (href, index) => `link ${index + 1}, ${href},`,
    path,
  );
}

/** Owner HTML as it is written: its links checked, then sanitised. */
export const sanitizingHtml: HtmlRules<SanitizedHtml> = {
  field: (max, kind) =>
    z
      .string()
      .max(max)
      .superRefine((html, ctx) => refineHtmlLinks(ctx, html, kind))
      .transform((html) => sanitize(html, kind))
      .meta({ description: OWNER_HTML_DESCRIPTION }),
  check: refineHtmlLinks,
  clean: sanitize,
};

/** Each kind's data schema as it writes: owner HTML checked and sanitised, the result branded as stored. */
export const storedBlockSchemas: BlockDataSchemas<StoredBlockData> = new Map(
  BLOCK_DEFINITIONS.map((b) => [b.type, b.schema(sanitizingHtml).transform((data) => data as StoredBlockData)]),
);

/**
 * Each kind's data schema as stored rows are read back (src/server/modules/sites/stored-json.ts): the
 * shape checked (./html.ts `plainHtml`), the HTML taken as the sanitiser left it when it was
 * written, so reading never sanitises again.
 */
export const readBlockSchemas: BlockDataSchemas<StoredBlockData> = new Map(
  BLOCK_DEFINITIONS.map((b) => [b.type, b.data.transform((data) => data as StoredBlockData)]),
);

/** One kind's writing schema, keeping its data type: for a config API that writes blocks of that kind (the form editor). */
export function storedSchema<D>(schema: (html: HtmlRules<SanitizedHtml>) => z.ZodType<D, unknown>): z.ZodType<D & StoredBlockData, unknown> {
  return schema(sanitizingHtml).transform((data) => data as D & StoredBlockData);
}

/**
 * Block data stored before it was sanitised when written, as it is stored now. Read as stored data
 * is (its links not refused, ../document/link.ts `readStored`) through its kind's writing schema, so
 * its owner HTML is cleaned and links a page may not carry are dropped. Data its schema refuses
 * (a kind that changed, a hand-edited row) keeps its shape, with every text under a key ending in
 * "html" cleaned by the policy of its kind, as a view would have rendered it.
 */
function storedData(type: number, data: unknown): StoredBlockData {
  const schema = storedBlockSchemas.get(type);
  const parsed = schema ? readStored(() => schema.safeParse(data)) : undefined;
  if (parsed?.success) return parsed.data;
  const kind: HtmlKind = type === BLOCK_TYPES.CODE ? 'code' : 'text';
  const keepSource = type === BLOCK_TYPES.CODE && (data as { displaySource?: unknown } | null)?.displaySource === true;
  const clean = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return /html$/i.test(key) && !keepSource ? sanitize(value, kind) : value;
    if (Array.isArray(value)) return value.map((v) => clean(v, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, k)]));
    return value;
  };
  return clean(data ?? {}, '') as StoredBlockData;
}

/**
 * A `sections` column's value written before owner HTML was sanitised when written, as it is
 * written now. A text block is read as rich text, its links checked as any stored link is; one
 * still holding HTML (from before rich text) has that HTML cleaned here, and becomes rich text by
 * document version 2's upgrade (src/document/load.ts), applied to rows by a data migration.
 */
export function sanitizeStoredSections(sections: unknown): StoredSection[] {
  if (!Array.isArray(sections)) return [];
  return sections.map((section: StoredSection) => ({
    ...section,
    blocks: Array.isArray(section?.blocks) ? section.blocks.map((block) => ({ ...block, data: storedData(block.type, block.data) })) : [],
  }));
}
