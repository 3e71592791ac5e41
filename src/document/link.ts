/**
 * Links in the site document. `siteLink` is the one zod type for a field that holds an address an
 * owner wrote (navigation, header and footer, redirect targets, SEO images, a block's link, a
 * form's success redirect): every schema uses it, so a new link field cannot skip the rules. A
 * link must pass seed 000 §5's rules for its category and have a scheme a published page may carry
 * (src/domain/links.ts, `publishProblem`); a refused one is reported at its path, saying what is
 * wrong. `refineLinks` applies the same check to links found elsewhere (inside owner HTML).
 *
 * Data stored before these rules may hold links they refuse. `readStored` reads it without them,
 * so an old link never makes a page, a form or the editor fail: every link is checked again as it
 * renders (an unpublishable one is shown without its href), and any write checks it again.
 */
import { z } from 'zod';
import { publishProblem, publishProblemText } from '../domain/links';

/**
 * The document does not know the host its pages will be served on (the site's subdomain, a custom
 * domain, another server after an export), so links are checked without one: every http(s) link
 * is read as external (docs/decisions/0108-links-in-the-site-document.md).
 */
const NO_HOST = '';

/** The longest piece of a link an error message repeats. */
const SHOWN_LENGTH = 80;

let readingStored = false;

/**
 * Runs a parse of stored data with the link rules off. The parse must be synchronous (zod's
 * `parse`/`safeParse`), so no other parse can run while the rules are off.
 */
export function readStored<T>(parse: () => T): T {
  readingStored = true;
  try {
    const result = parse();
    if (result instanceof Promise) throw new TypeError('readStored takes a synchronous parse');
    return result;
  } finally {
    readingStored = false;
  }
}

function shown(href: string): string {
  return JSON.stringify(href.length > SHOWN_LENGTH ? `${href.slice(0, SHOWN_LENGTH)}…` : href);
}

/**
 * Adds an issue to `ctx` at `path` for each of `links()` a published page may not carry, named by
 * `label` (given the link itself, quoted). `links` is not called while stored data is read.
 */
export function refineLinks(
  ctx: z.RefinementCtx,
  links: () => readonly string[],
  label: (shownHref: string, index: number) => string,
  path: PropertyKey[] = [],
): void {
  if (readingStored) return;
  links().forEach((href, index) => {
    const problem = publishProblem(href, NO_HOST);
    // `params` carries the link and its problem, so an editor can say it in its own words ('{val} is not a valid page URL').
    if (problem)
      ctx.addIssue({ code: 'custom', path, message: `${label(shown(href), index)} ${publishProblemText(problem)}`, params: { link: href, problem } });
  });
}

/** A link field of at most `max` characters; empty is allowed (the seed's empty category) unless `.min(1)` is added. */
export function siteLink(max: number) {
  return z
    .string()
    .max(max)
    .superRefine((href, ctx) =>
      refineLinks(
        ctx,
        () => [href],
        (text) => text,
      ),
    )
    .meta({ description: 'A link (seed 000 §5 rules): a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link' });
}
