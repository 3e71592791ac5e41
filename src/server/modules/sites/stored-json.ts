/**
 * The one reader of a site's JSON columns (websites.settings, navigation, header and footer,
 * pages' and items' sections and access): each value is parsed by the site document's own zod
 * schema, with the link rules off (`readStored`: old links are checked again as they render), so
 * code past this point holds typed, checked values and never casts.
 *
 * What happens when a stored value fails its schema (a row written by an older version, or by
 * hand) depends on where it is shown:
 * - the site-wide values every page carries (`siteSettings`, `siteNavigation`, `siteHeader`,
 *   `siteFooter`) fall back part by part and keep the rest: a failing setting takes its default
 *   (a title, which has none, the site's identifier), a failing navigation link is left out.
 *   Refusing here would take down every page of the site, its error page included. Nothing is
 *   written back, and one warning names the site, the column and the paths that failed (never
 *   their values);
 * - a page's content and who may open it (`storedSections`, `storedPageAccess`), and everything the
 *   site export reads (`strict`), are refused with a `StoredDataError` (paths, no values): a page
 *   shown with parts silently missing, or to visitors a guess let in, is worse than the site's
 *   error page, which the renderer answers (500, logged, never cached) for any page that fails;
 *   and an export that left parts out would lose them on the next import.
 *
 * Parsed site-wide values are remembered per stored object: a site row kept by the host cache is
 * parsed once, not per request.
 */
import { z } from 'zod';
import { readBlockSchemas } from '../../../blocks/sanitize';
import { readStored } from '../../../document/link';
import {
  createSectionSchema,
  footerSchema,
  headerSchema,
  navLink,
  pageAccess,
  settingsSchema,
  type NavLink,
  type PageAccess,
  type SiteFooter,
  type SiteHeader,
  type SiteSettings,
  type StoredSection,
} from '../../../document/schema';

/** Where a stored value came from, for the warning and the error. */
export type StoredAt = { websiteId: string; column: string; row?: string };

export type StoredProblem = StoredAt & { paths: string[]; fallback: string };

/** A stored value that fails its schema where no fallback is safe. */
export class StoredDataError extends Error {
  constructor(
    readonly at: StoredAt,
    readonly paths: string[],
  ) {
    super(`stored ${at.column}${at.row ? ` of ${at.row}` : ''} on site ${at.websiteId} fails its schema at ${paths.join(', ')}`);
  }
}

let report: (problem: StoredProblem) => void = (problem) => console.warn(JSON.stringify({ msg: 'stored data fails its schema', ...problem }));

/** Where warnings about stored data go (the app sends them to its log). */
export function onStoredProblem(sink: (problem: StoredProblem) => void): void {
  report = sink;
}

const navigationSchema = z.array(navLink);
/** Sections as stored: each block's data in its kind's shape, its owner HTML as the sanitiser wrote it. */
const sectionsSchema = z.array(createSectionSchema(readBlockSchemas));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const pathOf = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '(the value)');

function parseStored<T>(schema: z.ZodType<T>, value: unknown): z.ZodSafeParseResult<T> {
  return readStored(() => schema.safeParse(value));
}

/**
 * An object parsed whole; when that fails, parsed again without the top-level keys that failed
 * (and with `required` in place of any that are gone), so each failing setting takes its default.
 */
function readObject<T>(schema: z.ZodType<T>, value: unknown, required: Record<string, unknown>, at: StoredAt): T {
  const whole = parseStored(schema, value);
  if (whole.success) return whole.data;
  const paths = whole.error.issues.map(pathOf);
  let kept: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  let issues = whole.error.issues;
  for (let round = 0; round < 3; round += 1) {
    for (const issue of issues) {
      const keys = issue.path.length > 0 ? [String(issue.path[0])] : issue.code === 'unrecognized_keys' ? issue.keys : Object.keys(kept);
      for (const key of keys) delete kept[key];
    }
    kept = { ...kept, ...Object.fromEntries(Object.entries(required).filter(([key]) => !(key in kept))) };
    const retried = parseStored(schema, kept);
    if (retried.success) {
      report({ ...at, paths, fallback: 'defaults for the failing fields' });
      return retried.data;
    }
    issues = retried.error.issues;
  }
  throw new StoredDataError(at, paths);
}

/** An object parsed whole, or a StoredDataError. */
function strictly<T>(schema: z.ZodType<T>, value: unknown, at: StoredAt): T {
  const parsed = parseStored(schema, value);
  if (parsed.success) return parsed.data;
  throw new StoredDataError(at, parsed.error.issues.map(pathOf));
}

/** Remembers a parse per stored object (and the identifier it was parsed with). */
function remembered<T>() {
  const cache = new WeakMap<object, { key: string; value: T }>();
  return (stored: unknown, key: string, parse: () => T): T => {
    if (!isRecord(stored) && !Array.isArray(stored)) return parse();
    const hit = cache.get(stored);
    if (hit && hit.key === key) return hit.value;
    const value = parse();
    cache.set(stored, { key, value });
    return value;
  };
}

type SiteRow = { id: string; identifier: string; settings: unknown };

const settingsCache = remembered<SiteSettings>();
/** The site's settings (the document's `settings`, identifier included), every setting checked, defaults filled. */
export function siteSettings(site: SiteRow): SiteSettings {
  return settingsCache(site.settings, site.identifier, () => {
    const stored = { ...(isRecord(site.settings) ? site.settings : {}), identifier: site.identifier };
    return readObject(settingsSchema, stored, { identifier: site.identifier, title: site.identifier }, { websiteId: site.id, column: 'websites.settings' });
  });
}

const headerCache = remembered<SiteHeader>();
export function siteHeader(site: { id: string; header: unknown }): SiteHeader {
  return headerCache(site.header, '', () => readObject(headerSchema, site.header, {}, { websiteId: site.id, column: 'websites.header' }));
}

const footerCache = remembered<SiteFooter>();
export function siteFooter(site: { id: string; footer: unknown }): SiteFooter {
  return footerCache(site.footer, '', () => readObject(footerSchema, site.footer, {}, { websiteId: site.id, column: 'websites.footer' }));
}

const navigationCache = remembered<NavLink[]>();
/** The site's navigation; a link that fails is left out. */
export function siteNavigation(site: { id: string; navigation: unknown }): NavLink[] {
  return navigationCache(site.navigation, '', () => {
    const at = { websiteId: site.id, column: 'websites.navigation' };
    const stored: unknown[] = Array.isArray(site.navigation) ? site.navigation : [];
    const links: NavLink[] = [];
    const paths: string[] = Array.isArray(site.navigation) ? [] : ['(the value)'];
    stored.forEach((value, i) => {
      const parsed = parseStored(navLink, value);
      if (parsed.success) links.push(parsed.data);
      else paths.push(String(i));
    });
    if (paths.length > 0) report({ ...at, paths, fallback: 'the failing links left out' });
    return links;
  });
}

/** A page's or item's sections, refused whole when any part fails (the renderer then answers its error page). */
export function storedSections(value: unknown, at: StoredAt): StoredSection[] {
  return strictly(sectionsSchema, value, at);
}

/** Who may open a page. Refused when it fails: a guess could show a protected page to anyone. */
export function storedPageAccess(value: unknown, at: StoredAt): PageAccess {
  return strictly(pageAccess, value, at);
}

/** For the site export: every value whole, or a StoredDataError (a document that leaves parts out would lose them on import). */
export const strict = {
  settings: (site: SiteRow): SiteSettings =>
    strictly(
      settingsSchema,
      { ...(isRecord(site.settings) ? site.settings : {}), identifier: site.identifier },
      { websiteId: site.id, column: 'websites.settings' },
    ),
  header: (site: { id: string; header: unknown }): SiteHeader => strictly(headerSchema, site.header, { websiteId: site.id, column: 'websites.header' }),
  footer: (site: { id: string; footer: unknown }): SiteFooter => strictly(footerSchema, site.footer, { websiteId: site.id, column: 'websites.footer' }),
  navigation: (site: { id: string; navigation: unknown }): NavLink[] =>
    strictly(navigationSchema, site.navigation, { websiteId: site.id, column: 'websites.navigation' }),
  sections: storedSections,
  pageAccess: storedPageAccess,
};
