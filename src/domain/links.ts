/**
 * Link rules of seed 000 §5 (categories and length bounds, tel and mailto checks) and the link
 * shapes of seed 000 §2 (/pages/{24 hex}, /s/...). The editor's link field, document import, the
 * HTML sanitiser and block views all check owner-written hrefs here. An href is read the way a
 * browser reads it, so a link cannot pass as one category and navigate as another. Choices where
 * the seed is silent: docs/decisions/0062-link-categories.md and
 * docs/decisions/0063-link-length-bounds.md.
 */
import { ROUTES } from './routes';

export const LINK_CATEGORIES = ['empty', 'anchor', 'external', 'file', 'content', 'misc-protocol', 'malformed'] as const;
export type LinkCategory = (typeof LINK_CATEGORIES)[number];

/** Exclusive upper bounds on an href's length: seed 000 §5 says "under" each number. */
export const LINK_MAX_LENGTH = {
  anchor: 100,
  tel: 50,
  sms: 1000,
  mailto: 1000,
  javascript: 250,
  ftp: 100,
  internal: 150,
} as const;

/** Seed 000 §5: a tel link needs at least this many digits. */
export const TEL_MIN_DIGITS = 4;

export type LinkProblem = 'malformed' | 'too-long' | 'tel-characters' | 'tel-digits' | 'mailto-at' | 'mailto-domain';

export type LinkCheck = { ok: true; category: LinkCategory } | { ok: false; category: LinkCategory; reason: LinkProblem };

type Analysis = {
  category: LinkCategory;
  /** The href as a browser sees it (see `browserForm`). */
  href: string;
  /** For misc-protocol links: the lowercased scheme, which picks the rules that apply. */
  scheme?: string;
  /** For content and file links: the part the internal length bound applies to. */
  internal?: string;
};

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const SCHEME_MAX_LENGTH = new Map<string, number>([
  ['tel', LINK_MAX_LENGTH.tel],
  ['sms', LINK_MAX_LENGTH.sms],
  ['mailto', LINK_MAX_LENGTH.mailto],
  ['javascript', LINK_MAX_LENGTH.javascript],
  ['ftp', LINK_MAX_LENGTH.ftp],
]);
const HIERARCHICAL_SCHEMES = new Set(['http', 'https', 'ftp']);
const CONTENT_PAGE_LINK = /^\/pages\/([0-9a-fA-F]{24})(?:[?#].*)?$/;
const MAILTO_DOMAIN = /^[^.\s]+(?:\.[^.\s]+)+$/;
const TEL_NUMBER = /^\+?[0-9-]+$/;

/**
 * The URL parser of browsers drops leading and trailing control characters and spaces, and every
 * tab and newline, before it reads an href ('java\nscript:' is a javascript: link to a browser).
 */
function browserForm(href: string): string {
  let start = 0;
  let end = href.length;
  while (start < end && href.charCodeAt(start) <= 0x20) start++;
  while (end > start && href.charCodeAt(end - 1) <= 0x20) end--;
  return href.slice(start, end).replace(/[\t\n\r]/g, '');
}

/** Host (with a non-default port) as the URL parser gives it, or undefined when it has none. */
function hostOf(absolute: string): string | undefined {
  try {
    const host = new URL(absolute).host;
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}

function normalHost(host: string): string {
  return hostOf(`https://${host}`) ?? host.toLowerCase();
}

/** Internal links: /s/... are files (seed 000 §2), any other path is content. */
function internalCategory(path: string): 'file' | 'content' {
  return path.startsWith(ROUTES.FILE_PREFIX) ? 'file' : 'content';
}

/**
 * A link naming a host. Another host is external; the current host is the site itself, so the link
 * is read as the path it names (docs/decisions/0062-link-categories.md).
 */
function withHost(href: string, slashed: string, afterScheme: number, currentHost: string, scheme?: string): Analysis {
  const host = hostOf(scheme === undefined ? `https:${slashed}` : slashed);
  if (host === undefined) return { category: 'malformed', href };
  if (scheme === 'ftp') return { category: 'misc-protocol', href, scheme };
  if (currentHost === '' || host !== normalHost(currentHost)) return { category: 'external', href };
  // Like the URL parser, skip every slash before the authority ('https:///host/x' names host).
  const authorityAndPath = slashed.slice(afterScheme).replace(/^\/+/, '');
  const pathStart = authorityAndPath.search(/[/?#]/);
  const path = pathStart === -1 ? '' : authorityAndPath.slice(pathStart);
  const internal = path.startsWith('/') ? path : `/${path}`;
  return { category: internalCategory(internal), href, internal };
}

function analyse(raw: string, currentHost: string): Analysis {
  const href = browserForm(raw);
  if (href === '') return { category: 'empty', href };
  if (href.startsWith('#')) return { category: 'anchor', href };
  // For http(s) and for relative links a browser reads '\' as '/', so '/\evil.example' leaves the site.
  const slashed = href.replace(/\\/g, '/');
  if (slashed.startsWith('//')) return withHost(href, slashed, 0, currentHost);
  if (slashed.startsWith('/')) return { category: internalCategory(slashed), href, internal: slashed };
  const match = SCHEME.exec(href);
  if (!match?.[1]) return { category: 'malformed', href };
  const scheme = match[1].toLowerCase();
  if (!HIERARCHICAL_SCHEMES.has(scheme)) return { category: 'misc-protocol', href, scheme };
  const afterScheme = scheme.length + 1;
  if (!slashed.startsWith('//', afterScheme)) return { category: 'malformed', href };
  return withHost(href, slashed, afterScheme, currentHost, scheme);
}

/**
 * Seed 000 §5 link category of `href` on a page served from `currentHost` (host name, with the
 * port when it is not the default). Never throws.
 */
export function classifyLink(href: string, currentHost: string): LinkCategory {
  return analyse(href, currentHost).category;
}

/** The lowercased scheme of `href` ('mailto', 'https' …), or undefined for relative links. */
export function linkScheme(href: string): string | undefined {
  return SCHEME.exec(browserForm(href))?.[1]?.toLowerCase();
}

/** Seed 000 §2: the 24-hex page id of an internal content link `/pages/{id}`, lowercased. */
export function contentPageId(href: string): string | undefined {
  return CONTENT_PAGE_LINK.exec(browserForm(href))?.[1]?.toLowerCase();
}

function fail(category: LinkCategory, reason: LinkProblem): LinkCheck {
  return { ok: false, category, reason };
}

function checkTel(body: string): LinkProblem | undefined {
  if (!TEL_NUMBER.test(body)) return 'tel-characters';
  return (body.match(/[0-9]/g)?.length ?? 0) >= TEL_MIN_DIGITS ? undefined : 'tel-digits';
}

/** The address is the part before any query ('?subject=…'), whose text may hold an @ of its own. */
function checkMailto(body: string): LinkProblem | undefined {
  const address = body.split('?')[0] ?? '';
  const parts = address.split('@');
  if (parts.length !== 2) return 'mailto-at';
  return MAILTO_DOMAIN.test(parts[1] ?? '') ? undefined : 'mailto-domain';
}

function checkMisc(a: Analysis): LinkCheck {
  const { href, scheme } = a;
  const body = href.slice((scheme?.length ?? 0) + 1);
  const limit = scheme === undefined ? undefined : SCHEME_MAX_LENGTH.get(scheme);
  if (limit !== undefined && href.length >= limit) return fail(a.category, 'too-long');
  const problem = scheme === 'tel' ? checkTel(body) : scheme === 'mailto' ? checkMailto(body) : undefined;
  return problem ? fail(a.category, problem) : { ok: true, category: a.category };
}

/** Seed 000 §5: the category of `href` and whether it passes that category's rules. */
export function checkLink(href: string, currentHost: string): LinkCheck {
  return checkAnalysed(analyse(href, currentHost));
}

function checkAnalysed(a: Analysis): LinkCheck {
  switch (a.category) {
    case 'empty':
    case 'external':
      return { ok: true, category: a.category };
    case 'malformed':
      return fail(a.category, 'malformed');
    case 'anchor':
      return a.href.length < LINK_MAX_LENGTH.anchor ? { ok: true, category: a.category } : fail(a.category, 'too-long');
    case 'file':
    case 'content':
      return (a.internal ?? a.href).length < LINK_MAX_LENGTH.internal ? { ok: true, category: a.category } : fail(a.category, 'too-long');
    case 'misc-protocol':
      return checkMisc(a);
  }
}

/**
 * Schemes a published page may link to besides http(s). The seed bounds javascript: and ftp: links
 * but a page we render never carries them (docs/decisions/0064-publishable-links.md).
 */
export const PUBLISHABLE_MISC_SCHEMES: ReadonlySet<string> = new Set(['mailto', 'tel', 'sms']);

/** Every scheme a published page's href may have: the HTML sanitiser allows exactly these. */
export const PUBLISHABLE_SCHEMES: readonly string[] = ['http', 'https', ...PUBLISHABLE_MISC_SCHEMES];

/** Why a link may not be on a published page: a rule of the seed it breaks, or a scheme a page never carries. */
export type PublishProblem = { reason: LinkProblem | 'scheme'; category: LinkCategory; scheme?: string };

/** What keeps `href` off a published page, or undefined when it may be rendered as an href. */
export function publishProblem(href: string, currentHost: string): PublishProblem | undefined {
  const a = analyse(href, currentHost);
  const scheme = a.scheme === undefined ? {} : { scheme: a.scheme };
  // A scheme no page carries is the first thing to say, whatever else is wrong with the link.
  if (a.category === 'misc-protocol' && !(a.scheme !== undefined && PUBLISHABLE_MISC_SCHEMES.has(a.scheme)))
    return { reason: 'scheme', category: a.category, ...scheme };
  const check = checkAnalysed(a);
  return check.ok ? undefined : { reason: check.reason, category: a.category, ...scheme };
}

/** Passes `checkLink` and is safe to render as an href: no javascript:, data:, ftp: or other schemes. */
export function isPublishableLink(href: string, currentHost: string): boolean {
  return publishProblem(href, currentHost) === undefined;
}

/** The bound a too-long link broke: its kind in words and the length it must stay under. */
function boundOf(problem: PublishProblem): { kind: string; limit: number } {
  if (problem.category === 'anchor') return { kind: 'an anchor (#…) link', limit: LINK_MAX_LENGTH.anchor };
  if (problem.category === 'content' || problem.category === 'file') return { kind: 'a link within the site', limit: LINK_MAX_LENGTH.internal };
  const scheme = problem.scheme ?? '';
  return { kind: `a ${scheme}: link`, limit: SCHEME_MAX_LENGTH.get(scheme) ?? 0 };
}

/** What is wrong with a link, in words for the owner who wrote it, to follow the link itself ("… is too long"). */
export function publishProblemText(problem: PublishProblem): string {
  switch (problem.reason) {
    case 'malformed':
      return 'is not a link a page can use: write a path (/about), an anchor (#top), an address (https://example.com/…), or a mailto:, tel: or sms: link';
    case 'too-long': {
      const { kind, limit } = boundOf(problem);
      return `is too long for ${kind}: it must be under ${limit} characters`;
    }
    case 'tel-characters':
      return 'is a tel: link with characters other than digits, - and a leading +';
    case 'tel-digits':
      return `is a tel: link with fewer than ${TEL_MIN_DIGITS} digits`;
    case 'mailto-at':
      return 'is a mailto: link without exactly one @ in its address';
    case 'mailto-domain':
      return 'is a mailto: link without a domain with a dot after the @ (name@example.com)';
    case 'scheme':
      return `is a ${problem.scheme ?? 'non-web'}: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link`;
  }
}
