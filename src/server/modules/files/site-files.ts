/**
 * A site's files: what the asset library lists and changes, and what /s/… serves. Bytes live in
 * the blob store (src/server/blobs/store.ts); a file row names its original's blob, and images get
 * their variants from the pipeline job (src/server/modules/files/images/variants-job.ts) queued in the upload's
 * own transaction.
 *
 * An upload streams: its first bytes are read to recognise the file by content (files/sniff.ts),
 * then the whole body goes to the blob store under a new key with the byte limit of its kind, an
 * image's header is probed against the pixel limit, and only then is the row written. A refusal,
 * a failure or a cancelled upload at any step deletes the new blob, so nothing is left behind; a
 * replacement's old blob is deleted only after the new row commits.
 *
 * Files stored before the blob store keep their bytes in `files.data` until `moveStoredBytes` moves
 * them (at start); until then they are served from there.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { fileVariants, files, type FileStatus } from './schema/files';
import { BYTES_PER_MB, FILE_KIND_LIMITS_MB, formatFileSize, MAX_IMAGE_PIXELS, type FileKind } from '../../../domain/files';
import { format } from '../../../messages/format';
import { siteFilesText } from '../../../messages/site-files';
import { strings } from '../../../messages/strings';
import { BlobTooLargeError, type BlobKey, type BlobStore, type ByteRange } from '../../blobs/store';
import { ICON_SOURCE_TYPES, ImageRefusedError, probeImage } from './images/image-pipeline';
import { hasImageVariants, readHead, sniffFile } from './images/sniff';
import { copyOrQueueImageVariants, enqueueImageVariants, variantDonor } from './images/variants-job';
import { logActivity } from '../sites';
import { markSiteChanged } from '../sites';
import { lockSite } from '../sites';
import { spaceLeftText, storageUsed } from '../sites';

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

/** A served name's stem at most, so a name with its number and extension stays under the document's 200. */
const NAME_STEM_MAX = 120;

export const blobKey = (websiteId: string, path: string): BlobKey => ({ websiteId, path });

/** The file whose address is /s/{name}. */
export async function siteFile(db: Db, websiteId: string, name: string): Promise<FileRow | undefined> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.websiteId, websiteId), eq(files.name, name)));
  return file;
}

export async function fileById(db: Executor, websiteId: string, id: string): Promise<FileRow | undefined> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.websiteId, websiteId), eq(files.id, id)));
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

// ---- names ----

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
};

/**
 * The address name for a file the owner calls `given`: letters, digits, dots, dashes and
 * underscores (accents dropped, anything else a dash), with the extension of what the file is.
 */
export function servedName(given: string, contentType: string): string {
  const dot = given.lastIndexOf('.');
  const stem = (dot > 0 ? given.slice(0, dot) : given)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Za-z0-9]+|[-._]+$/g, '')
    .slice(0, NAME_STEM_MAX);
  const givenExt = dot > 0 ? given.slice(dot + 1).toLowerCase() : '';
  const ext = EXTENSION_OF[contentType] ?? (/^[a-z0-9]{1,8}$/.test(givenExt) ? givenExt : 'bin');
  const keepExt = ext === 'jpg' && (givenExt === 'jpeg' || givenExt === 'jpg') ? givenExt : ext;
  return `${stem || 'file'}.${keepExt}`;
}

/** `name`, or the first of name-2, name-3 … no file of the site has. */
async function freeName(tx: Executor, websiteId: string, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const stem = name.slice(0, dot);
  const ext = name.slice(dot);
  const taken = new Set(
    (
      await tx
        .select({ name: files.name })
        .from(files)
        .where(
          and(
            eq(files.websiteId, websiteId),
            or(eq(files.name, name), sql`${files.name} LIKE ${`${stem.replace(/[\\%_]/g, '\\$&')}-%${ext.replace(/[\\%_]/g, '\\$&')}`}`),
          ),
        )
    ).map((r) => r.name),
  );
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}${ext}`)) return `${stem}-${n}${ext}`;
}

// ---- uploads ----

export type Upload = {
  /** The name on the owner's computer. */
  fileName: string;
  /** What the browser said the file is, if anything. */
  declaredType?: string;
  body: Readable;
};

export type UploadDeps = {
  db: Db;
  store: BlobStore;
  maxPixels?: number;
  limitsMb?: Partial<Record<FileKind, number>>;
  /** SITE_STORAGE_MB in bytes: the most the site's files may take together (no limit when not given). */
  storageBytes?: number;
};

/** The site's space when it has a limit: what its files take now, leaving out `except` (a file being replaced). */
type Space = { used: number; quota: number };

async function siteSpace(db: Executor, deps: UploadDeps, websiteId: string, except?: FileRow): Promise<Space | undefined> {
  if (deps.storageBytes === undefined) return undefined;
  return { used: (await storageUsed(db, websiteId)) - (except ? fileSize(except) : 0), quota: deps.storageBytes };
}

/** The upload does not fit in what is left of the site's space. */
function noSpace(fileName: string, space: Space): FileRefusal {
  const { left, quota } = spaceLeftText(space.used, space.quota);
  return new FileRefusal(413, format(siteFilesText.noSpace, { fileName, left, quota }));
}

/** Checked again in the transaction that writes the row, under the site's lock: two uploads at once cannot both take the last of the space. */
async function checkSpace(tx: Executor, deps: UploadDeps, websiteId: string, fileName: string, size: number, except?: FileRow): Promise<void> {
  const space = await siteSpace(tx, deps, websiteId, except);
  if (space && space.used + size > space.quota) throw noSpace(fileName, space);
}

const newOriginalPath = (fileId: string) => `files/${fileId}/original-${randomBytes(6).toString('hex')}`;

/** A file's bytes checked and in the blob store under a new key, its row not yet written. */
export type StoredUpload = {
  key: BlobKey;
  path: string;
  contentType: string;
  kind: FileKind;
  size: number;
  sha256: string;
  dimensions?: { width: number; height: number };
};

/**
 * The upload checked and in the blob store under a new key: what the row needs. Throws FileRefusal;
 * leaves nothing stored then. Uploads and a site archive's files (./site-archive.ts) both come in here.
 */
export async function storeUpload(deps: UploadDeps, websiteId: string, fileId: string, upload: Upload, space?: Space): Promise<StoredUpload> {
  const { head, body: whole } = await readHead(upload.body);
  const sniffed = sniffFile(head, { name: upload.fileName, contentType: upload.declaredType });
  if ('refused' in sniffed) {
    throw new FileRefusal(415, format(strings.fileTypeUnsupported, { fileName: upload.fileName, fileTypeMessage: '' }));
  }
  const limitMb = deps.limitsMb?.[sniffed.kind] ?? FILE_KIND_LIMITS_MB[sniffed.kind];
  const left = space ? Math.max(0, space.quota - space.used) : Infinity;
  const path = newOriginalPath(fileId);
  const key = blobKey(websiteId, path);
  let stored;
  try {
    stored = await deps.store.put(key, whole, { maxBytes: Math.min(limitMb * BYTES_PER_MB, left), contentType: sniffed.contentType });
  } catch (err) {
    if (err instanceof BlobTooLargeError && space && left < limitMb * BYTES_PER_MB) throw noSpace(upload.fileName, space);
    if (err instanceof BlobTooLargeError) throw new FileRefusal(413, format(strings.fileTooLarge, { fileName: upload.fileName, maxSize: `${limitMb} MB` }));
    // The browser stopped sending (a cancelled upload, a lost connection): nothing was stored.
    if (upload.body.destroyed || upload.body.errored) throw new FileRefusal(400, strings.fileUploadIncomplete);
    throw err;
  }
  let dimensions: { width: number; height: number } | undefined;
  if (hasImageVariants(sniffed.contentType)) {
    try {
      const source = await deps.store.get(key);
      if (!source) throw new Error('the upload is gone from the store');
      const probed = await probeImage(source, { maxPixels: deps.maxPixels ?? MAX_IMAGE_PIXELS });
      dimensions = { width: probed.width, height: probed.height };
    } catch (err) {
      await deps.store.delete([key]);
      throw new FileRefusal(400, imageRefusal(err, upload.fileName, deps.maxPixels ?? MAX_IMAGE_PIXELS));
    }
  }
  return { key, path, contentType: sniffed.contentType, kind: sniffed.kind, size: stored.size, sha256: stored.sha256, ...(dimensions ? { dimensions } : {}) };
}

/** A file row's columns for bytes just stored: 'processing' until an image's copies exist. */
export function storedFileColumns(stored: Pick<StoredUpload, 'path' | 'contentType' | 'size' | 'sha256' | 'dimensions'>) {
  return {
    contentType: stored.contentType,
    width: stored.dimensions?.width ?? null,
    height: stored.dimensions?.height ?? null,
    size: stored.size,
    sha256: stored.sha256,
    blobPath: stored.path,
    status: (stored.dimensions ? 'processing' : 'ready') as FileStatus,
  };
}

function imageRefusal(err: unknown, fileName: string, maxPixels: number): string {
  if (err instanceof ImageRefusedError && err.reason === 'too-large')
    return format(siteFilesText.tooManyPixels, { fileName, megapixels: Math.round(maxPixels / 1_000_000) });
  return format(siteFilesText.unreadableImage, { fileName, reason: strings.fileProcessingFailed });
}

export type UploadedFile = { file: FileRow };

/** A new file of the site from an upload. */
export async function uploadFile(deps: UploadDeps, websiteId: string, accountId: string, upload: Upload): Promise<FileRow> {
  const fileId = randomUUID();
  const stored = await storeUpload(deps, websiteId, fileId, upload, await siteSpace(deps.db, deps, websiteId));
  try {
    return await deps.db.transaction(async (tx) => {
      await lockSite(tx, websiteId);
      await checkSpace(tx, deps, websiteId, upload.fileName, stored.size);
      const name = await freeName(tx, websiteId, servedName(upload.fileName, stored.contentType));
      const [{ next }] = (
        await tx.execute<{ next: number }>(sql`SELECT coalesce(max(position) + 1, 0)::int AS next FROM files WHERE website_id = ${websiteId}`)
      ).rows as [{ next: number }];
      const [row] = await tx
        .insert(files)
        .values({ websiteId, id: fileId, name, title: upload.fileName.slice(0, 200), ...storedFileColumns(stored), position: next })
        .returning();
      if (stored.dimensions) await enqueueImageVariants(tx, websiteId, fileId, stored.sha256);
      await logActivity(tx, websiteId, accountId, 'file.upload', { name, size: stored.size });
      return row!;
    });
  } catch (err) {
    await deps.store.delete([stored.key]);
    throw err;
  }
}

/** New bytes for a file: its address stays, pages show the new bytes once the site changes. */
export async function replaceFile(deps: UploadDeps, websiteId: string, accountId: string, fileId: string, upload: Upload): Promise<FileRow> {
  const existing = await fileById(deps.db, websiteId, fileId);
  if (!existing) throw new FileRefusal(404, siteFilesText.noSuchFile);
  const stored = await storeUpload(deps, websiteId, fileId, upload, await siteSpace(deps.db, deps, websiteId, existing));
  let replaced: FileRow | undefined;
  let oldPath: string | null = null;
  try {
    replaced = await deps.db.transaction(async (tx) => {
      await lockSite(tx, websiteId);
      const current = await fileById(tx, websiteId, fileId);
      if (!current) throw new FileRefusal(404, siteFilesText.noSuchFile);
      await checkSpace(tx, deps, websiteId, upload.fileName, stored.size, current);
      if (kindOf(current.contentType) !== stored.kind) {
        throw new FileRefusal(415, format(strings.fileTypeUnsupported, { fileName: upload.fileName, fileTypeMessage: KIND_WORD[kindOf(current.contentType)] }));
      }
      oldPath = current.blobPath;
      const [row] = await tx
        .update(files)
        .set({ ...storedFileColumns(stored), data: null, updatedAt: new Date() })
        .where(and(eq(files.websiteId, websiteId), eq(files.id, fileId)))
        .returning();
      await tx.delete(fileVariants).where(and(eq(fileVariants.websiteId, websiteId), eq(fileVariants.fileId, fileId)));
      if (stored.dimensions) await enqueueImageVariants(tx, websiteId, fileId, stored.sha256);
      await markSiteChanged(tx, websiteId);
      await logActivity(tx, websiteId, accountId, 'file.replace', { name: current.name, size: stored.size });
      return row!;
    });
  } catch (err) {
    await deps.store.delete([stored.key]);
    throw err;
  }
  // The old bytes and the old variants' blobs go once the new row is committed.
  const stale: BlobKey[] = [];
  for await (const key of deps.store.list(websiteId, `files/${fileId}/`)) if (key.path !== stored.path) stale.push(key);
  if (oldPath && !stale.some((k) => k.path === oldPath)) stale.push(blobKey(websiteId, oldPath));
  await deps.store.delete(stale);
  return replaced;
}

const KIND_WORD: Record<FileKind, string> = {
  image: siteFilesText.kindImage,
  video: siteFilesText.kindVideo,
  audio: siteFilesText.kindAudio,
  document: siteFilesText.kindDocument,
};

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
const USE_SOURCES = [
  { kind: 'page', at: 'published', from: sql`pages o`, owner: sql`o`, content: [sql`o.sections`], other: [sql`o.seo`] },
  {
    kind: 'page',
    at: 'draft',
    from: sql`page_drafts o JOIN pages p ON p.website_id = o.website_id AND p.id = o.page_id`,
    owner: sql`p`,
    content: [sql`o.sections`],
    other: [],
  },
  {
    kind: 'page',
    at: 'revision',
    from: sql`page_revisions o JOIN pages p ON p.website_id = o.website_id AND p.id = o.page_id`,
    owner: sql`p`,
    content: [sql`o.sections`],
    other: [],
  },
  {
    kind: 'item',
    at: 'published',
    from: sql`collection_items o`,
    owner: sql`o`,
    content: [sql`o.sections`],
    other: [sql`o.seo`, sql`to_jsonb(coalesce(o.thumbnail, ''))`],
  },
  {
    kind: 'item',
    at: 'draft',
    from: sql`post_drafts o JOIN collection_items p ON p.website_id = o.website_id AND p.id = o.item_id`,
    owner: sql`p`,
    content: [sql`o.sections`],
    other: [],
  },
  {
    kind: 'item',
    at: 'revision',
    from: sql`post_revisions o JOIN collection_items p ON p.website_id = o.website_id AND p.id = o.item_id`,
    owner: sql`p`,
    content: [sql`o.sections`],
    other: [],
  },
] as const;

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
  const where = term
    ? and(
        eq(files.websiteId, websiteId),
        or(ilike(files.name, `%${term.replace(/[\\%_]/g, '\\$&')}%`), ilike(files.title, `%${term.replace(/[\\%_]/g, '\\$&')}%`)),
      )
    : eq(files.websiteId, websiteId);
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
