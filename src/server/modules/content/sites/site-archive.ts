/**
 * A site as one archive: a tar stream holding `site.json` (the site document, its files listed
 * without their bytes) and then each file's bytes as `files/{name}`. Exports and imports stream:
 * the bytes go from the blob store into the archive and from the archive into the blob store a
 * chunk at a time, so no file is held whole in memory. An import also takes the archive gzipped.
 *
 * Importing is all or nothing. Each file of the archive is checked as an upload is (recognised by
 * its content, within its kind's size and the pixel limit, against the document's SHA-256) and
 * stored under a new key before the import's one transaction writes the rows that name them
 * (../operations/import-site.ts); any refusal or failure deletes what was stored, and the blobs of
 * files the import replaced go only once it has committed.
 *
 * An archive is counted as it unpacks (services/site-limits.ts): it is refused, and no more of it
 * read, as soon as it passes the server's IMPORT_MAX_BYTES, unpacks to more than IMPORT_MAX_RATIO
 * times its gzipped size, holds more than its document declares, or brings the site's files past
 * its space. An entry whose header already says so is refused before its first byte is read.
 */
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { siteDocumentSchema } from '../../../../blocks/site-document';
import { loadDocument, type DocumentError } from '../../../../document/load';
import type { SiteDocument, StoredBlockData } from '../../../../document/schema';
import { BYTES_PER_MB, formatFileSize, formatMegabytes } from '../../../../domain/files';
import { format } from '../../../../messages/format';
import { siteArchiveText } from '../../../../messages/site-archive';
import { team } from '../../../../messages/team';
import type { BlobKey } from '../../../blobs/store';
import { readHead } from '../../files';
import { copyOrQueueImageVariants } from '../../files';
import { blobKey, FileRefusal, fileBytes, fileSize, moveStoredBytes, removeFileBlobs, storeUpload, type UploadDeps } from '../../files';
import { identifierRefused, siteIdOf, type SiteLimits } from '../../sites';
import { exportSiteWithFiles, newId, type ImportResult, type StagedFile } from './sites';

export const ARCHIVE_DOCUMENT = 'site.json';
const FILES_FOLDER = 'files/';
/** The document alone: a version-1 or 2 document may still carry its files in it, base64. */
const DOCUMENT_MAX_BYTES = 100 * BYTES_PER_MB;
/** What tar adds around each file (its header, a long name's extended header, padding), in the most a declared archive may unpack to. */
const ENTRY_OVERHEAD = 3 * 1024;
/** tar's end (its last record) and what the reader has taken ahead of the entry it is at. */
const ARCHIVE_END = BYTES_PER_MB;
/** A gzipped archive's first megabyte is never refused for its ratio: a small archive may well unpack far (its document). */
const RATIO_GRACE = BYTES_PER_MB;

/** Why an archive is refused, with the document's errors at their JSON paths when it is the document. */
export class ArchiveRefusal extends Error {
  constructor(
    message: string,
    readonly documentErrors?: DocumentError[],
  ) {
    super(message);
  }
}

/** The site's archive, or undefined when there is no such site. Refuses (ArchiveRefusal) a site whose file bytes are missing, before anything is sent. */
export async function siteArchive(deps: Pick<UploadDeps, 'db' | 'store'>, websiteId: string): Promise<Readable | undefined> {
  const exported = await exportSiteWithFiles(deps.db, websiteId);
  if (!exported) return undefined;
  const { document: doc, fileRows } = exported;
  // Checked first: once the answer has begun, a missing file could only cut the archive short.
  for (const row of fileRows) {
    if (row.blobPath && !(await deps.store.stat(blobKey(websiteId, row.blobPath))))
      throw new ArchiveRefusal(format(siteArchiveText.bytesMissing, { name: row.name }));
  }
  const json = Buffer.from(`${JSON.stringify(doc, null, 2)}\n`);
  const pack = tar.pack();
  const entryDone = (header: tar.Headers, write: (entry: NodeJS.WritableStream) => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      const entry = pack.entry(header, (err) => (err ? reject(err) : resolve()));
      write(entry).catch((err: unknown) => {
        entry.destroy(err instanceof Error ? err : new Error(String(err)));
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  void (async () => {
    await entryDone({ name: ARCHIVE_DOCUMENT, size: json.length, mode: 0o644, mtime: new Date() }, async (entry) => void entry.end(json));
    for (const row of fileRows) {
      await entryDone({ name: `${FILES_FOLDER}${row.name}`, size: fileSize(row), mode: 0o644, mtime: row.updatedAt }, async (entry) => {
        const body = await fileBytes(deps.store, row);
        if (!body) throw new Error(`the bytes of ${row.name} went missing while the archive was written`);
        for await (const chunk of body) {
          if (!entry.write(chunk as Buffer)) await new Promise((resolve) => entry.once('drain', resolve));
        }
        entry.end();
      });
    }
    pack.finalize();
  })().catch((err: unknown) => pack.destroy(err instanceof Error ? err : new Error(String(err))));
  return Readable.from(pack);
}

export type ArchiveImport = {
  /** The site the document must be for (an import from the config area replaces its own site only). */
  identifier?: string;
  /** The operator's limits (IMPORT_MAX_BYTES, IMPORT_MAX_RATIO, SITE_STORAGE_MB, ALLOW_PUNYCODE_IDENTIFIERS). */
  limits: SiteLimits;
  /** APP_DOMAIN, whose labels a new site may not take as its identifier. */
  appDomain?: string;
};

/** An archive read whole: its document, the site it is for, and its files' bytes in the blob store, waiting for their rows. */
export type StagedArchive = { document: SiteDocument<StoredBlockData>; websiteId: string; files: ReadonlyMap<string, StagedFile>; keys: BlobKey[] };

/** The most an archive may unpack to, and what its refusal says. */
type UnpackLimit = { bytes: number; refusal: string };

/**
 * Counts what the archive unpacks to and errors with ArchiveRefusal (kept as `refused`) once it
 * passes `limit()` or, gzipped, `maxRatio` times the bytes read of it so far (`packed()`).
 */
function unpackGuard(limit: () => UnpackLimit, packed: (() => number) | undefined, maxRatio: number) {
  let unpacked = 0;
  let refused: ArchiveRefusal | undefined;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      unpacked += chunk.length;
      const max = limit();
      if (unpacked > max.bytes) refused = new ArchiveRefusal(max.refusal);
      else if (packed && unpacked > RATIO_GRACE && unpacked > maxRatio * packed())
        refused = new ArchiveRefusal(format(siteArchiveText.tooCompressed, { ratio: maxRatio }));
      done(refused, refused ? undefined : chunk);
    },
  });
  return { stream: guard, unpacked: () => unpacked, refused: () => refused };
}

/** Passes the archive's bytes through as they are read, counting them. */
function byteCounter() {
  let count = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, count: () => count };
}

/** The bytes a document's own files take (an older document's, base64 in it). */
function documentDataBytes(document: SiteDocument<StoredBlockData>): number {
  return document.files.reduce((sum, f) => sum + (f.data ? Buffer.byteLength(f.data, 'base64') : 0), 0);
}

const noSpaceText = (limits: SiteLimits) => format(siteArchiveText.noSpace, { quota: formatMegabytes(limits.storageBytes) });

/**
 * Why the operator's limits refuse a document before anything of it is written: the identifier of
 * a site it would create (`creates`), or its own files (base64) past the site's space.
 */
export function documentRefusal(document: SiteDocument<StoredBlockData>, creates: boolean, limits: SiteLimits, appDomain: string): string | undefined {
  if (creates) {
    const refusal = identifierRefused(document.settings.identifier, limits, appDomain);
    if (refusal) return refusal;
  }
  if (documentDataBytes(document) > limits.storageBytes) return noSpaceText(limits);
  return undefined;
}

/**
 * Reads a site's archive (tar, or tar gzipped): its document, checked against the operator's
 * limits, and each of its files stored as an upload is, under a new key, for the site of the
 * document's identifier (or the one it creates). Throws ArchiveRefusal with nothing left stored.
 */
export async function stageArchive(deps: UploadDeps, body: Readable, opts: ArchiveImport): Promise<StagedArchive> {
  const { limits } = opts;
  const staged = new Map<string, StagedFile>();
  const stagedKeys: BlobKey[] = [];
  const extract = tar.extract();
  const serverLimit: UnpackLimit = {
    bytes: limits.importMaxBytes,
    refusal: format(siteArchiveText.tooLarge, { maxSize: formatMegabytes(limits.importMaxBytes) }),
  };
  let unpackLimit = serverLimit;
  let stages: Transform[] = [];
  let guard: ReturnType<typeof unpackGuard> | undefined;
  try {
    const { head, body: whole } = await readHead(body, 2);
    const gzipped = head[0] === 0x1f && head[1] === 0x8b;
    const packed = byteCounter();
    guard = unpackGuard(() => unpackLimit, gzipped ? packed.count : undefined, limits.importMaxRatio);
    stages = gzipped ? [packed.stream, createGunzip(), guard.stream] : [guard.stream];
    let input: Readable = whole;
    for (const stage of stages) {
      input.on('error', (err) => extract.destroy(err));
      input = input.pipe(stage);
    }
    input.on('error', (err) => extract.destroy(err));
    input.pipe(extract);
    let document: SiteDocument<StoredBlockData> | undefined;
    let websiteId: string | undefined;
    /** The bytes the site's files take so far: the document's own, and each file of the archive as its header announces it. */
    let filesBytes = 0;
    /** The bytes of the archive's files, as their headers announce them. */
    let archivedBytes = 0;
    // Each entry is read to its end (or drained) before the next one comes.
    for await (const entry of extract) {
      const name = entry.header.name.replace(/^\.\//, '');
      if (entry.header.type === 'directory') {
        await drain(entry);
        continue;
      }
      if (name === ARCHIVE_DOCUMENT) {
        if (document) throw new ArchiveRefusal(siteArchiveText.twoDocuments);
        document = await readDocument(entry, opts.identifier);
        const siteId = await siteIdOf(deps.db, document.settings.identifier);
        const refusal = documentRefusal(document, !siteId, limits, opts.appDomain ?? 'localhost');
        if (refusal) throw new ArchiveRefusal(refusal);
        websiteId = siteId ?? newId();
        filesBytes = documentDataBytes(document);
        // A document that gives every file's size declares how much more the archive holds.
        if (document.files.every((f) => f.size !== undefined)) {
          const declared = guard.unpacked() + document.files.reduce((sum, f) => sum + (f.size ?? 0) + ENTRY_OVERHEAD, ARCHIVE_END);
          if (declared < unpackLimit.bytes) unpackLimit = { bytes: declared, refusal: siteArchiveText.moreThanDeclared };
        }
        continue;
      }
      if (!name.startsWith(FILES_FOLDER) || entry.header.type !== 'file') throw new ArchiveRefusal(format(siteArchiveText.strayEntry, { name }));
      if (!document || !websiteId) throw new ArchiveRefusal(siteArchiveText.documentFirst);
      const fileName = name.slice(FILES_FOLDER.length);
      const listed = document.files.find((f) => f.name === fileName);
      if (!listed) throw new ArchiveRefusal(format(siteArchiveText.unlistedFile, { name }));
      if (staged.has(fileName)) throw new ArchiveRefusal(format(siteArchiveText.twoCopies, { name }));
      const size = entry.header.size ?? 0;
      if (listed.size !== undefined && size > listed.size) {
        throw new ArchiveRefusal(format(siteArchiveText.largerThanListed, { name, size: formatFileSize(listed.size) }));
      }
      archivedBytes += size;
      if (archivedBytes > serverLimit.bytes) throw new ArchiveRefusal(serverLimit.refusal);
      filesBytes += size;
      if (filesBytes > limits.storageBytes) throw new ArchiveRefusal(noSpaceText(limits));
      const id = randomUUID();
      let stored;
      try {
        stored = await storeUpload(deps, websiteId, id, { fileName, declaredType: listed.contentType, body: entry });
      } catch (err) {
        if (err instanceof FileRefusal) throw new ArchiveRefusal(err.message);
        throw err;
      }
      stagedKeys.push(stored.key);
      staged.set(fileName, { id, path: stored.path, contentType: stored.contentType, size: stored.size, sha256: stored.sha256, dimensions: stored.dimensions });
      if (listed.sha256 !== undefined && listed.sha256 !== stored.sha256) throw new ArchiveRefusal(format(siteArchiveText.hashMismatch, { name }));
    }
    if (!document || !websiteId) throw new ArchiveRefusal(siteArchiveText.noDocument);
    return { document, websiteId, files: staged, keys: stagedKeys };
  } catch (caught) {
    // No more of the archive is read: the stages between it and the reader stop (the body itself is
    // the caller's, left unread so an answer can still be sent on its connection).
    extract.destroy();
    for (const stage of stages) stage.destroy();
    await deps.store.delete(stagedKeys);
    // A limit passed while a file streamed into the store surfaces there as that file cut short: the limit is the reason.
    const err = guard?.refused() ?? caught;
    if (isTarError(err)) throw new ArchiveRefusal(siteArchiveText.notAnArchive);
    throw err;
  }
}

/**
 * What an import leaves to do once it has committed: the replaced files' blobs go, images whose
 * bytes the server already had get copies of their variants, and a document's base64 files move
 * into the blob store.
 */
export async function afterImport(deps: Pick<UploadDeps, 'db' | 'store'>, result: ImportResult): Promise<void> {
  await deps.store.delete(result.unusedBlobs.map((path) => blobKey(result.websiteId, path)));
  await removeFileBlobs(deps.store, result.websiteId, result.removedFiles);
  for (const copy of result.variantCopies) await copyOrQueueImageVariants(deps.db, deps.store, result.websiteId, copy.fileId, copy.sha256, copy.donor);
  await moveStoredBytes(deps.db, deps.store);
}

async function drain(entry: AsyncIterable<unknown>): Promise<void> {
  for await (const chunk of entry) void chunk;
}

async function readDocument(entry: tar.Entry, identifier: string | undefined): Promise<SiteDocument<StoredBlockData>> {
  const tooLarge = () => new ArchiveRefusal(format(siteArchiveText.documentTooLarge, { maxSize: `${DOCUMENT_MAX_BYTES / BYTES_PER_MB} MB` }));
  if ((entry.header.size ?? 0) > DOCUMENT_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of entry) {
    length += (chunk as Buffer).length;
    if (length > DOCUMENT_MAX_BYTES) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ArchiveRefusal(siteArchiveText.documentNotJson);
  }
  const loaded = loadDocument(raw, siteDocumentSchema);
  if (!loaded.ok) throw new ArchiveRefusal(team.invalidDocument, loaded.errors);
  if (identifier !== undefined && loaded.document.settings.identifier !== identifier) {
    throw new ArchiveRefusal(format(siteArchiveText.otherSite, { found: loaded.document.settings.identifier, identifier }));
  }
  return loaded.document;
}

/** tar-stream's and zlib's complaints about bytes that are no archive. */
function isTarError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code ?? '';
  return ['Z_DATA_ERROR', 'Z_BUF_ERROR'].includes(code) || /Invalid tar header|Unexpected end of data|unexpected end of file|Invalid tar/i.test(err.message);
}
