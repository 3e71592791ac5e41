/**
 * A site's files: their rows and bytes, what the asset library lists and changes, and what /s/…
 * serves. Bytes live in the blob store (src/server/blobs/store.ts); a file row names its
 * original's blob, and images get their variants from the pipeline job
 * (src/server/modules/files/images/variants-job.ts). Bytes coming in are ./uploads.ts and
 * ./operations/upload-file.ts.
 *
 * Files stored before the blob store keep their bytes in `files.data` until `moveStoredBytes` moves
 * them (at start); until then they are served from there.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { fileNamed } from './file-rows';
import { fileVariants, files, type FileStatus } from './schema/files';
import { formatFileSize, type FileKind } from '../../../domain/files';
import { format } from '../../../messages/format';
import { siteFilesText } from '../../../messages/site-files';
import { strings } from '../../../messages/strings';
import { type BlobKey, type BlobStore, type ByteRange } from '../../blobs/store';
import { ICON_SOURCE_TYPES } from './images/image-pipeline';
import { hasImageVariants } from './images/sniff';
import { copyOrQueueImageVariants, enqueueImageVariants, variantDonor } from './images/variants-job';
import { logActivity } from '../sites';
import { markSiteChanged } from '../sites';
import { lockSite } from '../sites';

export type FileRow = typeof files.$inferSelect;
export type VariantRow = typeof fileVariants.$inferSelect;

/** Why a file call is refused, with its status: the route sends it as it is. */
export class FileRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 415,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const blobKey = (websiteId: string, path: string): BlobKey => ({ websiteId, path });

export const newOriginalPath = (fileId: string) => `files/${fileId}/original-${randomBytes(6).toString('hex')}`;

/** The file whose address is /s/{name}. A private file (a digital product's download) has none. */
export async function siteFile(db: Db, websiteId: string, name: string): Promise<FileRow | undefined> {
  return fileNamed(db, websiteId, name, 'public');
}

/** A file of the library by id: never a private one, which the library neither lists nor changes. */
export async function fileById(db: Executor, websiteId: string, id: string): Promise<FileRow | undefined> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.websiteId, websiteId), eq(files.id, id), eq(files.private, false)));
  return file;
}

/** The pipeline's copies of a file at `width`, one per format it has made. */
export async function fileVariantsAt(db: Db, websiteId: string, fileId: string, width: number): Promise<VariantRow[]> {
  return db
    .select()
    .from(fileVariants)
    .where(and(eq(fileVariants.websiteId, websiteId), eq(fileVariants.fileId, fileId), eq(fileVariants.width, width)));
}

/** A file's bytes (a range of them), from the blob store or, for a file not yet moved there, its row. */
export async function fileBytes(store: BlobStore, file: FileRow, range?: ByteRange): Promise<Readable | undefined> {
  if (file.blobPath) return store.get(blobKey(file.websiteId, file.blobPath), range);
  if (!file.data) return undefined;
  return Readable.from([range ? file.data.subarray(range.start, range.end + 1) : file.data]);
}

export function fileSize(file: FileRow): number {
  return file.size ?? file.data?.length ?? 0;
}

export function kindOf(contentType: string): FileKind {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  return 'document';
}

// ---- the library ----

/** Where a file is used: each page, post, item, draft or kept revision naming its address, once. */
export type FileUse = { kind: 'page' | 'item' | 'site'; id: string; title: string; where: 'published' | 'draft' | 'revision' };

/**
 * Where stored content may name a file: each table's rows, what they belong to (the page or item
 * whose title is shown), and the JSON columns to look in. `content` columns may hold the hashed address too.
 */
/** A kind's published rows, then its drafts and its revisions joined to them for the owner's title. */
const versionedSources = (kind: 'page' | 'item', live: string, key: string, drafts: string, revisions: string, other: SQL[]) => [
  { kind, at: 'published', from: sql.raw(`${live} o`), owner: sql`o`, content: [sql`o.sections`], other },
  ...(
    [
      ['draft', drafts],
      ['revision', revisions],
    ] as const
  ).map(([at, table]) => ({
    kind,
    at,
    from: sql.raw(`${table} o JOIN ${live} p ON p.website_id = o.website_id AND p.id = o.${key}`),
    owner: sql`p`,
    content: [sql`o.sections`],
    other: [] as SQL[],
  })),
];
const USE_SOURCES = [
  ...versionedSources('page', 'pages', 'page_id', 'page_drafts', 'page_revisions', [sql`o.seo`]),
  ...versionedSources('item', 'collection_items', 'item_id', 'post_drafts', 'post_revisions', [sql`o.seo`, sql`to_jsonb(coalesce(o.thumbnail, ''))`]),
];

/** The images the header may show: those a browser draws (the site icon's sources, which the pipeline draws too). */
const HEADER_IMAGE_TYPES: readonly string[] = ICON_SOURCE_TYPES;

/**
 * Why the header's logo or site icon cannot be saved, by field (`header.logo`, `header.icon`):
 * the address names no file of the site, or one that is not an image a browser and the pipeline
 * draw. Empty when both are fine or unset.
 */
export async function headerImageRefusals(
  db: Db,
  websiteId: string,
  header: { logo?: string | undefined; icon?: string | undefined },
): Promise<Record<string, string>> {
  const refusals: Record<string, string> = {};
  const texts = {
    logo: { missing: (name: string) => format(siteFilesText.logoNotFound, { name }), wrong: (name: string) => format(siteFilesText.logoNotImage, { name }) },
    icon: { missing: (name: string) => format(siteFilesText.iconNotFound, { name }), wrong: (name: string) => format(siteFilesText.iconNotImage, { name }) },
  };
  for (const field of ['logo', 'icon'] as const) {
    const address = header[field];
    if (!address) continue;
    const name = address.slice('/s/'.length);
    const file = await siteFile(db, websiteId, name);
    if (!file) refusals[`header.${field}`] = texts[field].missing(name);
    else if (!HEADER_IMAGE_TYPES.includes(file.contentType)) refusals[`header.${field}`] = texts[field].wrong(file.title ?? file.name);
  }
  return refusals;
}

/** Every use of the file's address (as /s/{name}, with a width, or under its hash). */
export async function fileUses(db: Executor, websiteId: string, name: string): Promise<FileUse[]> {
  const escaped = name.replace(/[\\%_]/g, '\\$&');
  const like = `%/s/${escaped}%`;
  const hashed = `%/s/%/${escaped}%`;
  const selects = USE_SOURCES.map((source) => {
    const tests = [
      ...source.content.flatMap((column) => [sql`${column}::text LIKE ${like}`, sql`${column}::text LIKE ${hashed}`]),
      ...source.other.map((column) => sql`${column}::text LIKE ${like}`),
    ];
    return sql`SELECT ${source.kind} AS kind, ${source.owner}.id, ${source.owner}.title, ${source.at} AS at FROM ${source.from} WHERE o.website_id = ${websiteId} AND (${sql.join(tests, sql` OR `)})`;
  });
  const site = sql`SELECT 'site' AS kind, w.id, ${siteFilesText.siteSettings} AS title, 'published' AS at FROM websites w
    WHERE w.id = ${websiteId} AND (w.settings::text LIKE ${like} OR w.header::text LIKE ${like} OR w.footer::text LIKE ${like} OR w.navigation::text LIKE ${like})`;
  const rows = await db.execute<{ kind: FileUse['kind']; id: string; title: string; at: FileUse['where'] }>(sql.join([...selects, site], sql` UNION ALL `));
  const seen = new Set<string>();
  const uses: FileUse[] = [];
  for (const row of rows.rows) {
    const key = `${row.kind} ${row.id} ${row.at}`;
    if (seen.has(key)) continue;
    seen.add(key);
    uses.push({ kind: row.kind, id: row.id, title: row.title, where: row.at });
  }
  return uses;
}

export type LibraryFile = {
  id: string;
  name: string;
  title: string;
  src: string;
  contentType: string;
  kind: FileKind;
  size: number;
  sizeText: string;
  width: number | null;
  height: number | null;
  status: FileStatus;
  /** 'processing' with the copies a page shows first made: AVIF and the other sizes are still coming. */
  moreComing: boolean;
  alt: string;
  focalX: number | null;
  focalY: number | null;
  createdAt: string;
  /** Distinct pages, posts and items (and the site's own settings) using it, published or not. */
  usedOn: number;
};

export function libraryFile(file: FileRow, usedOn: number, copiesMade = false): LibraryFile {
  const size = fileSize(file);
  return {
    id: file.id,
    name: file.name,
    title: file.title ?? file.name,
    src: `/s/${file.name}`,
    contentType: file.contentType,
    kind: kindOf(file.contentType),
    size,
    sizeText: formatFileSize(size),
    width: file.width,
    height: file.height,
    status: file.status,
    moreComing: file.status === 'processing' && copiesMade,
    alt: file.alt,
    focalX: file.focalX,
    focalY: file.focalY,
    createdAt: file.createdAt.toISOString(),
    usedOn,
  };
}

const distinctUses = (uses: FileUse[]) => new Set(uses.map((u) => `${u.kind} ${u.id}`)).size;

/** The site's files, newest first, those whose name or title holds `search` when given. */
export async function listFiles(db: Db, websiteId: string, search?: string): Promise<LibraryFile[]> {
  const term = search?.trim();
  const ofLibrary = and(eq(files.websiteId, websiteId), eq(files.private, false));
  const where = term
    ? and(ofLibrary, or(ilike(files.name, `%${term.replace(/[\\%_]/g, '\\$&')}%`), ilike(files.title, `%${term.replace(/[\\%_]/g, '\\$&')}%`)))
    : ofLibrary;
  const rows = await db.select().from(files).where(where).orderBy(sql`${files.createdAt} DESC`, asc(files.position));
  const processing = rows.filter((row) => row.status === 'processing').map((row) => row.id);
  const withCopies = new Set(
    processing.length === 0
      ? []
      : (
          await db
            .selectDistinct({ id: fileVariants.fileId })
            .from(fileVariants)
            .where(and(eq(fileVariants.websiteId, websiteId), inArray(fileVariants.fileId, processing)))
        ).map((v) => v.id),
  );
  return Promise.all(rows.map(async (row) => libraryFile(row, distinctUses(await fileUses(db, websiteId, row.name)), withCopies.has(row.id))));
}

export type FileDetails = { title?: string; alt?: string; focal?: { x: number; y: number } | null };

/** Renames a file in the library, or sets its alt text or focal point. */
export async function updateFileDetails(db: Db, websiteId: string, accountId: string, fileId: string, details: FileDetails): Promise<LibraryFile> {
  if (details.title !== undefined && details.title.trim() === '') throw new FileRefusal(400, strings.fileNameRequired, { title: strings.fileNameRequired });
  return db.transaction(async (tx) => {
    // The site's row first, as every transaction that changes a site's files and marks it changed takes them (no deadlock).
    await lockSite(tx, websiteId);
    const current = await fileById(tx, websiteId, fileId);
    if (!current) throw new FileRefusal(404, siteFilesText.noSuchFile);
    const focalChanged = details.focal !== undefined;
    const [row] = await tx
      .update(files)
      .set({
        ...(details.title !== undefined ? { title: details.title.trim() } : {}),
        ...(details.alt !== undefined ? { alt: details.alt.trim() } : {}),
        ...(focalChanged ? { focalX: details.focal?.x ?? null, focalY: details.focal?.y ?? null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(files.websiteId, websiteId), eq(files.id, fileId)))
      .returning();
    // Alt text and the focal point show on published pages.
    if (details.alt !== undefined || focalChanged) await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'file.update', { name: current.name, fields: Object.keys(details) });
    return libraryFile(row!, distinctUses(await fileUses(tx, websiteId, current.name)));
  });
}

/** Deletes a file and its blobs; refused while a page, post, item, draft or kept revision uses it. */
export async function deleteFile(deps: { db: Db; store: BlobStore }, websiteId: string, accountId: string, fileId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const current = await fileById(tx, websiteId, fileId);
    if (!current) throw new FileRefusal(404, siteFilesText.noSuchFile);
    const uses = await fileUses(tx, websiteId, current.name);
    if (uses.length > 0) {
      const titles = [...new Set(uses.map((u) => u.title))];
      throw new FileRefusal(
        409,
        format(siteFilesText.inUse, { name: current.title ?? current.name, count: titles.length, titles: titles.slice(0, 3).join(', ') }),
      );
    }
    await tx.delete(files).where(and(eq(files.websiteId, websiteId), eq(files.id, fileId)));
    await logActivity(tx, websiteId, accountId, 'file.delete', { name: current.name });
  });
  const keys: BlobKey[] = [];
  for await (const key of deps.store.list(websiteId, `files/${fileId}/`)) keys.push(key);
  await deps.store.delete(keys);
}

/** Deletes every blob of the files (once the rows naming them are gone: a replaced site's). */
export async function removeFileBlobs(store: BlobStore, websiteId: string, fileIds: readonly string[]): Promise<void> {
  for (const fileId of fileIds) {
    const keys: BlobKey[] = [];
    for await (const key of store.list(websiteId, `files/${fileId}/`)) keys.push(key);
    await store.delete(keys);
  }
}

// ---- files stored before the blob store ----

/**
 * Moves the bytes of files still held in their rows into the blob store, a file at a time (each
 * row updated once its blob is complete; its bytes cleared in the same statement), and gives
 * images their variants: copies of another file's with the same bytes when the server has one
 * (a template's images), else the image pipeline's job. Safe to run on several servers at once
 * and to stop half-way (an image stopped between its row and its copies is found by the sweep
 * of images left processing).
 */
export async function moveStoredBytes(db: Db, store: BlobStore, batch = 20): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .select({ websiteId: files.websiteId, id: files.id })
      .from(files)
      .where(and(isNull(files.blobPath), isNotNull(files.data)))
      .limit(batch);
    if (rows.length === 0) return moved;
    for (const { websiteId, id } of rows) {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.websiteId, websiteId), eq(files.id, id), isNull(files.blobPath)));
      if (!row?.data) continue;
      const path = newOriginalPath(id);
      const stored = await store.put(blobKey(websiteId, path), row.data, { contentType: row.contentType });
      const raster = hasImageVariants(row.contentType);
      const donor = raster ? await variantDonor(db, stored.sha256, { websiteId, fileId: id }) : undefined;
      const updated = await db.transaction(async (tx) => {
        const done = await tx
          .update(files)
          .set({ blobPath: path, data: null, size: stored.size, sha256: stored.sha256, ...(raster ? { status: 'processing' as const } : {}) })
          .where(and(eq(files.websiteId, websiteId), eq(files.id, id), isNull(files.blobPath)))
          .returning({ id: files.id });
        if (done.length > 0 && raster && !donor) await enqueueImageVariants(tx, websiteId, id, stored.sha256);
        return done.length > 0;
      });
      // Another server moved it first: this copy is not named by any row.
      if (!updated) await store.delete([blobKey(websiteId, path)]);
      else moved += 1;
      if (updated && donor) await copyOrQueueImageVariants(db, store, websiteId, id, stored.sha256, donor);
    }
  }
}
