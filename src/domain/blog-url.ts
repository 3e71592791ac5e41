/**
 * Blog post URL patterns of seed 000 §5: the tokens %y %m %d %t (year, month, day, title slug) and
 * the clean-up of pattern text. The collection settings store the normalised pattern; the
 * renderer and the router build post paths from it with `blogPostPath`. How letters outside ASCII
 * are treated: docs/decisions/0065-blog-url-letters.md.
 */

export const BLOG_URL_TOKENS = { YEAR: '%y', MONTH: '%m', DAY: '%d', TITLE: '%t' } as const;

export const DEFAULT_BLOG_URL_PATTERN = '%y/%m/%d/%t';

/** Letters the seed's "letters" cannot keep as ASCII by dropping accents alone. */
const FOLDED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/** Lowercases, folds accented Latin letters to ASCII and turns each whitespace into a hyphen. */
function prepare(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøđðłþı]/g, (c) => FOLDED[c] ?? '')
    .replace(/\s/g, '-');
}

/**
 * Seed 000 §5: lowercased, spaces to hyphens, characters other than letters, digits, slash and
 * hyphen removed, runs of slashes and of percent signs collapsed, and a percent sign kept only
 * before y, m, d or t. An unknown token (% and the letter or digit after it) is removed whole.
 * Leading and trailing slashes go too: a pattern is relative to its blog's path.
 */
export function normalizeBlogUrlPattern(pattern: string): string {
  return prepare(pattern)
    .replace(/[^a-z0-9/%-]/g, '')
    .replace(/%+/g, '%')
    .replace(/%([a-z0-9]?)/g, (_, next: string) => (/^[ymdt]$/.test(next) ? `%${next}` : ''))
    .replace(/\/+/g, '/')
    .replace(/^\/|\/$/g, '');
}

/**
 * The title part of a post URL: the pattern rules without slashes, so a title is one path segment,
 * and with hyphen runs merged and end hyphens cut ('A - B' gives 'a-b', not 'a---b').
 */
export function slugify(title: string): string {
  return prepare(title)
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export type BlogPostPathInput = {
  title: string;
  publishedAt: Date;
  /** IANA zone the date parts are read in; UTC when absent. */
  timeZone?: string;
  /** The item's stored slug; %t uses it when given, else the title's slug. */
  slug?: string;
};

function dateParts(date: Date, timeZone: string): { y: string; m: string; d: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { y: part('year').padStart(4, '0'), m: part('month'), d: part('day') };
}

/**
 * The post's path below its blog, e.g. '2024/03/05/hello-world' for the default pattern. An empty
 * pattern falls back to the default one.
 */
export function blogPostPath(pattern: string, input: BlogPostPathInput): string {
  const normal = normalizeBlogUrlPattern(pattern) || DEFAULT_BLOG_URL_PATTERN;
  const { y, m, d } = dateParts(input.publishedAt, input.timeZone ?? 'UTC');
  const values: Record<string, string> = { y, m, d, t: slugify(input.slug ?? input.title) };
  return normal
    .replace(/%([ymdt])/g, (_, token: string) => values[token] ?? '')
    .replace(/\/+/g, '/')
    .replace(/^\/|\/$/g, '');
}
