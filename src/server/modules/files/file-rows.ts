/**
 * A site's file rows for the modules that name files: whether an image of a name exists (what a
 * setting's `/s/{name}` must name), the names a link picker offers, and the rows a site's export
 * lists and its import rewrites (in the import's own transaction).
 */
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { files } from './schema/files';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
/** What a site's import may change of a file it keeps: its place in the library and what the document says of it. */
export type FileDetails = Pick<NewFileRow, 'position' | 'alt' | 'focalX' | 'focalY' | 'title' | 'private'>;

/** Whether the site has an image file of this name (what a setting's `/s/{name}` must name); a private file is none. */
export async function siteImageExists(tx: Executor, websiteId: string, name: string): Promise<boolean> {
  return (await libraryImageNames(tx, websiteId, [name])).has(name);
}

/** Which of `names` are images of the site's library (served at /s/{name}, not private). */
export async function libraryImageNames(tx: Executor, websiteId: string, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await tx
    .select({ name: files.name })
    .from(files)
    .where(and(eq(files.websiteId, websiteId), inArray(files.name, [...names]), like(files.contentType, 'image/%'), eq(files.private, false)));
  return new Set(rows.map((r) => r.name));
}

/**
 * The site's file of this name, public (what `/s/{name}` serves) or private (a digital product's
 * download, for its signed link): a private file has no public address, and a public one no link.
 */
export async function fileNamed(ex: Executor, websiteId: string, name: string, kept: 'public' | 'private'): Promise<FileRow | undefined> {
  const [file] = await ex
    .select()
    .from(files)
    .where(and(eq(files.websiteId, websiteId), eq(files.name, name), eq(files.private, kept === 'private')));
  return file;
}

/** Whether the site has a private file of this name (a digital product's download). */
export async function privateFileExists(tx: Executor, websiteId: string, name: string): Promise<boolean> {
  return (await fileNamed(tx, websiteId, name, 'private')) !== undefined;
}

/** The site's files by name and type, in the library's order. */
export async function siteFileNames(db: Executor, websiteId: string): Promise<{ name: string; contentType: string }[]> {
  return db.select({ name: files.name, contentType: files.contentType }).from(files).where(eq(files.websiteId, websiteId)).orderBy(asc(files.position));
}

/** The site's file rows, in the library's order. */
export async function siteFileRows(db: Executor, websiteId: string): Promise<FileRow[]> {
  return db.select().from(files).where(eq(files.websiteId, websiteId)).orderBy(asc(files.position));
}

/** Deletes the rows only: their blobs are the caller's to remove once the transaction commits (removeFileBlobs). */
export async function deleteFileRows(tx: Executor, websiteId: string, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(files).where(and(eq(files.websiteId, websiteId), inArray(files.id, [...ids])));
}

export async function updateFileDetails(tx: Executor, websiteId: string, id: string, details: FileDetails): Promise<void> {
  await tx
    .update(files)
    .set(details)
    .where(and(eq(files.websiteId, websiteId), eq(files.id, id)));
}

export async function insertFileRows(tx: Executor, rows: readonly NewFileRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(files).values([...rows]);
}
