/**
 * A file's bytes coming in: an upload streams, its first bytes read to recognise the file by content
 * (images/sniff.ts), then the whole body goes to the blob store under a new key with the byte limit
 * of its kind and what is left of the site's space, and an image's header is probed against the
 * pixel limit; only then may a row name it. A refusal, a failure or a cancelled upload at any of
 * these steps deletes the new blob. The address name a file gets, and new bytes for a file
 * (a replacement: its old blob goes only after the new row commits). A new file is the operation
 * ./operations/upload-file.ts.
 */
import type { Readable } from 'node:stream';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { fileVariants, files, type FileStatus } from './schema/files';
import { BYTES_PER_MB, FILE_KIND_LIMITS_MB, MAX_IMAGE_PIXELS, type FileKind } from '../../../domain/files';
import { format } from '../../../messages/format';
import { siteFilesText } from '../../../messages/site-files';
import { strings } from '../../../messages/strings';
import { BlobTooLargeError, type BlobKey, type BlobStore } from '../../blobs/store';
import { ImageRefusedError, probeImage } from './images/image-pipeline';
import { hasImageVariants, readHead, sniffFile } from './images/sniff';
import { enqueueImageVariants } from './images/variants-job';
import { logActivity, lockSite, markSiteChanged, spaceLeftText, storageUsed } from '../sites';
import { blobKey, fileById, FileRefusal, fileSize, kindOf, newOriginalPath, type FileRow } from './site-files';

/** A served name's stem at most, so a name with its number and extension stays under the document's 200. */
const NAME_STEM_MAX = 120;

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
export async function freeName(tx: Executor, websiteId: string, name: string): Promise<string> {
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
export type Space = { used: number; quota: number };

export async function siteSpace(db: Executor, deps: UploadDeps, websiteId: string, except?: FileRow): Promise<Space | undefined> {
  if (deps.storageBytes === undefined) return undefined;
  return { used: (await storageUsed(db, websiteId)) - (except ? fileSize(except) : 0), quota: deps.storageBytes };
}

/** The upload does not fit in what is left of the site's space. */
function noSpace(fileName: string, space: Space): FileRefusal {
  const { left, quota } = spaceLeftText(space.used, space.quota);
  return new FileRefusal(413, format(siteFilesText.noSpace, { fileName, left, quota }));
}

/** Checked again in the transaction that writes the row, under the site's lock: two uploads at once cannot both take the last of the space. */
export async function checkSpace(tx: Executor, deps: UploadDeps, websiteId: string, fileName: string, size: number, except?: FileRow): Promise<void> {
  const space = await siteSpace(tx, deps, websiteId, except);
  if (space && space.used + size > space.quota) throw noSpace(fileName, space);
}

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
