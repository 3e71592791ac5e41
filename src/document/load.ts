/**
 * Loading a site document: upgrade older versions through the ordered list of migrations, then
 * validate against the current schema. A refused document comes back with every error's JSON path
 * and reason, so an import can be fixed in one pass. With the writing schema
 * (src/blocks/site-document.ts) a loaded document's owner HTML is sanitised, ready to store.
 */
import type { z } from 'zod';
import { BLOCK_TYPES } from '../domain/block-types';
import { isPublishableLink } from '../domain/links';
import { DEFAULT_DESIGN } from './design';
import { sectionsWithRichText } from './rich-text-html';
import { SITE_DOCUMENT_FORMAT, SITE_DOCUMENT_VERSION, type BlockData, type SiteDocument } from './schema';

/**
 * A change to one `sections` value (a page's or a collection item's), by which a version differs
 * from the one before. Stored rows are upgraded by the same step (src/server/modules/content/
 * data-migrations.ts), so content in the database and content imported are upgraded alike.
 */
export type SectionsUpgrade = {
  /**
   * `stored`: the sections are a database row's, which no schema reads again, so whatever the
   * schema would refuse is made safe here; in a document it is kept, to be refused at its path.
   */
  change(sections: unknown, stored: boolean): unknown;
  /** A PostgreSQL JSON path finding the sections `change` would change, so a row holding none is not read. */
  finds: string;
};

/** Upgrades a document of version `from` to `from + 1`: its pages' and items' sections, then the rest. */
export type DocumentMigration = { from: number; sections?: SectionsUpgrade; upgrade?: (doc: Record<string, unknown>) => Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const each = (list: unknown, change: (item: Record<string, unknown>) => Record<string, unknown>) =>
  Array.isArray(list) ? list.map((item: unknown) => (isRecord(item) ? change(item) : item)) : list;

/** `doc` with `step` applied to the sections of each page and each collection item. */
function withSections(doc: Record<string, unknown>, step: SectionsUpgrade): Record<string, unknown> {
  const upgraded = (holder: Record<string, unknown>) => ('sections' in holder ? { ...holder, sections: step.change(holder.sections, false) } : holder);
  return {
    ...doc,
    pages: each(doc.pages, upgraded),
    collections: each(doc.collections, (collection) => ('items' in collection ? { ...collection, items: each(collection.items, upgraded) } : collection)),
  };
}

/**
 * Version 2: a text block holds structured rich text (`{ text }`, ./rich-text.ts) instead of HTML
 * (`{ html }`). In a document its links are kept as written, so one a page may not carry is refused
 * at its path, as it was in the HTML; in a stored row (sanitised when written) such a link, possible
 * only in a row written by hand, is kept as its text, as the sanitiser would have kept it.
 */
const textBlocksAsRichText: SectionsUpgrade = {
  change: (sections, stored) => sectionsWithRichText(sections, stored ? { keepHref: (href) => isPublishableLink(href, '') } : {}),
  // PostgreSQL's lax mode: a section without blocks matches nothing.
  finds: `$[*].blocks[*] ? (@.type == ${BLOCK_TYPES.HTML} && exists(@.data.html))`,
};

/** A version-5 document's settings with the design every site had before designs were data. */
function withDefaultDesign(doc: Record<string, unknown>): Record<string, unknown> {
  const settings = typeof doc.settings === 'object' && doc.settings !== null ? (doc.settings as Record<string, unknown>) : {};
  return { ...doc, settings: { ...settings, design: settings.design ?? DEFAULT_DESIGN } };
}

/**
 * The migrations from each older version, in order: the one list, for documents loaded and for
 * stored rows. A change to the format adds an entry here and bumps SITE_DOCUMENT_VERSION; one with
 * a `sections` step adds its data migration too.
 */
export const DOCUMENT_MIGRATIONS: readonly DocumentMigration[] = [
  { from: 1, sections: textBlocksAsRichText },
  // Version 3 only adds to what a file may say: a version-2 document is a version-3 one as it is.
  { from: 2 },
  // Version 4 adds the store, private files and view modes: a version-3 document is a version-4 one as it is, with an empty store.
  { from: 3 },
  // Version 5 adds the store's coupons, shipping zones and tax: a version-4 document has none.
  { from: 4 },
  // Version 6 adds the site's design (settings.design): a version-5 site looked as the default design does, so it gets that one.
  { from: 5, upgrade: withDefaultDesign },
];

export type DocumentError = { path: string; message: string };
export type LoadResult<D extends BlockData = BlockData> = { ok: true; document: SiteDocument<D> } | { ok: false; errors: DocumentError[] };

/** `$.pages[3].sections[0].blocks[2].data.html` style paths. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`), '$');
}

export function upgradeDocument(
  raw: unknown,
  migrations: readonly DocumentMigration[] = DOCUMENT_MIGRATIONS,
  current: number = SITE_DOCUMENT_VERSION,
): { ok: true; value: unknown } | { ok: false; errors: DocumentError[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: [{ path: '$', message: 'a site document is a JSON object' }] };
  }
  let doc = raw as Record<string, unknown>;
  if (doc.format !== SITE_DOCUMENT_FORMAT) {
    return { ok: false, errors: [{ path: '$.format', message: `must be "${SITE_DOCUMENT_FORMAT}"` }] };
  }
  const version = doc.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, errors: [{ path: '$.version', message: 'must be a positive whole number' }] };
  }
  if (version > current) {
    return { ok: false, errors: [{ path: '$.version', message: `version ${version} is newer than this server understands (${current})` }] };
  }
  for (let v = version; v < current; v++) {
    const step = migrations.find((m) => m.from === v);
    if (!step) return { ok: false, errors: [{ path: '$.version', message: `no upgrade from version ${v}` }] };
    const sectioned = step.sections ? withSections(doc, step.sections) : doc;
    doc = { ...(step.upgrade ? step.upgrade(sectioned) : sectioned), version: v + 1 };
  }
  return { ok: true, value: doc };
}

export function loadDocument<D extends BlockData>(raw: unknown, schema: z.ZodType<SiteDocument<D>, unknown>): LoadResult<D> {
  const upgraded = upgradeDocument(raw);
  if (!upgraded.ok) return upgraded;
  const parsed = schema.safeParse(upgraded.value);
  if (parsed.success) return { ok: true, document: parsed.data };
  return { ok: false, errors: parsed.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: issue.message })) };
}
