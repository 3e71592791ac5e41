/**
 * Owner-written HTML (code and accordion blocks, the HTML of forms and newsletters), as the
 * block schemas and views see it. It is sanitised once, when it is written (document import and
 * load, the config APIs), by src/blocks/sanitize.ts, the one module that makes a `SanitizedHtml`;
 * views take only that type, so HTML that skipped the sanitiser does not compile into a view.
 * This module is pure (no sanitize-html), so the block definitions and views run in Node, the
 * browser and the CLI alike.
 *
 * A block schema is written once over `HtmlRules`: with `plainHtml` it checks the shape only (the
 * editor, the JSON Schema export, reading stored rows); with the sanitiser's rules it also refuses
 * links a page may not carry and cleans the HTML.
 */
import { z } from 'zod';
import { isPublishableLink } from '../domain/links';

declare const sanitized: unique symbol;
/** HTML that went through the sanitiser's policy of its kind. Made only by src/blocks/sanitize.ts. */
export type SanitizedHtml = string & { readonly [sanitized]: true };

/**
 * The two policies: formatted text (headings, lists, emphasis, links), and the code block's wider
 * set of structural tags and images. The text block holds no HTML: its rich text is structured
 * (src/document/rich-text.ts), read from HTML as the text policy keeps it.
 */
export const HTML_KINDS = ['text', 'code'] as const;
export type HtmlKind = (typeof HTML_KINDS)[number];

export const OWNER_HTML_DESCRIPTION = 'HTML, sanitised when saved: no scripts, styles or event handlers; its links follow the rules of a link field';

/** How a block schema reads owner HTML, giving values of type `H`. */
export type HtmlRules<H extends string> = {
  /** A field of owner HTML of at most `max` characters. */
  field(max: number, kind: HtmlKind): z.ZodType<H, string>;
  /** Checks the links of HTML that is not a field of its own (the code block's, when it renders as HTML) and adds an issue at `path` for each a page may not carry. */
  check(ctx: z.RefinementCtx, html: string, kind: HtmlKind, path: PropertyKey[]): void;
  /** The HTML as it is stored. */
  clean(html: string, kind: HtmlKind): H;
};

/** The shape only: HTML is read as the string it is (stored rows are already clean). */
export const plainHtml: HtmlRules<string> = {
  field: (max) => z.string().max(max).meta({ description: OWNER_HTML_DESCRIPTION }),
  check: () => undefined,
  clean: (html) => html,
};

const ANCHOR_TAG = /<a\s[^>]*>/g;
const HREF_ATTRIBUTE = / href="([^"]*)"/;

/** An attribute value as the sanitiser writes it, which escapes exactly these four characters. */
function attributeText(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The HTML for a page served on `host`: a link the page may not carry there loses its href. The
 * sanitiser checks links without a host (every http(s) link is external, as in the site document),
 * so only links to the serving host itself, read as the path they name, can fail here (a path too
 * long for a link within the site). Reads the sanitiser's own output, whose tags and attributes
 * follow one form: `<a href="…">`, with `&`, `<`, `>` and `"` escaped in attribute values.
 */
export function htmlForHost(html: SanitizedHtml, host: string): string {
  if (!html.includes(' href="')) return html;
  return html.replace(ANCHOR_TAG, (tag) => {
    const href = HREF_ATTRIBUTE.exec(tag);
    if (!href || isPublishableLink(attributeText(href[1]!), host)) return tag;
    return tag.replace(href[0], '');
  });
}
