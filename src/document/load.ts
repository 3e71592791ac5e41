/**
 * Loading a site document: upgrade older versions through the ordered list of migrations, then
 * validate against the current schema. A refused document comes back with every error's JSON path
 * and reason, so an import can be fixed in one pass. With the writing schema
 * (src/blocks/site-document.ts) a loaded document's owner HTML is sanitised, ready to store.
 */
import type { z } from 'zod';
import { sectionsWithRichText } from './rich-text-html';
import { SITE_DOCUMENT_FORMAT, SITE_DOCUMENT_VERSION, type BlockData, type SiteDocument } from './schema';

/** Upgrades a document of version `from` to `from + 1`. */
export type DocumentMigration = { from: number; upgrade: (doc: Record<string, unknown>) => Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const each = (list: unknown, change: (item: Record<string, unknown>) => Record<string, unknown>) =>
  Array.isArray(list) ? list.map((item: unknown) => (isRecord(item) ? change(item) : item)) : list;

/**
 * Version 2: a text block holds structured rich text (`{ text }`, ./rich-text.ts) instead of HTML
 * (`{ html }`), in the pages' and the collection items' sections. Its links are kept as written, so
 * one a page may not carry is refused at its path, as it was in the HTML.
 */
function textBlocksAsRichText(doc: Record<string, unknown>): Record<string, unknown> {
  const withSections = (holder: Record<string, unknown>) => ('sections' in holder ? { ...holder, sections: sectionsWithRichText(holder.sections) } : holder);
  return {
    ...doc,
    pages: each(doc.pages, withSections),
    collections: each(doc.collections, (collection) => ('items' in collection ? { ...collection, items: each(collection.items, withSections) } : collection)),
  };
}

/**
 * The migrations from each older version, in order. A change to the format adds an entry here
 * and bumps SITE_DOCUMENT_VERSION.
 */
export const DOCUMENT_MIGRATIONS: readonly DocumentMigration[] = [
  { from: 1, upgrade: textBlocksAsRichText },
  // Version 3 only adds to what a file may say: a version-2 document is a version-3 one as it is.
  { from: 2, upgrade: (doc) => doc },
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
    doc = { ...step.upgrade(doc), version: v + 1 };
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
