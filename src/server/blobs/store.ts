/**
 * The blob store: where a site's file bytes live (uploads, their image variants), behind one
 * interface with three implementations that pass the same storage suite (test/blob-stores.test.ts):
 *
 * - `postgres` (the default): chunked rows in the app's own database, so an embedded install and
 *   several app servers on one DATABASE_URL share files with nothing more to run;
 * - `disk` (`FILE_STORE=disk`): a directory under DATA_DIR, for one server;
 * - `s3` (`FILE_STORE=s3`, `S3_*`): S3-compatible object storage, shared by any number of servers.
 *
 * Bytes stream in and out: no implementation holds a whole blob in memory. A put is all or nothing:
 * a body that fails, is cut short or passes `maxBytes` leaves no blob and no partial bytes behind, and
 * a key is readable only once its put has finished. Blobs are immutable in practice: callers write
 * a new key for new bytes (file rows name their blob), so a reader never sees bytes change under it.
 */
import type { Readable } from 'node:stream';

/** A blob's address: the site it belongs to (every site's rows carry it) and a path within the site. */
export type BlobKey = {
  websiteId: string;
  /** Segments of [A-Za-z0-9._-], joined by '/'; no empty, '.' or '..' segment. */
  path: string;
};

export type StoredBlob = { size: number; sha256: string };

/** One copy of a batch: the blob at `from` to `to`. */
export type BlobCopy = { from: BlobKey; to: BlobKey };

/** Inclusive byte offsets, as HTTP ranges are (`bytes=0-99` is 100 bytes). */
export type ByteRange = { start: number; end: number };

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the body is larger than ${maxBytes} bytes`);
  }
}

export interface BlobStore {
  readonly kind: 'postgres' | 'disk' | 's3';
  /**
   * Stores `body` under `key`, replacing what was there only once the new bytes are complete. Refuses
   * with BlobTooLargeError past `maxBytes` (reading no more of the body than one chunk past it), and
   * rejects with the body's own error when the body fails; either way nothing is stored.
   */
  put(key: BlobKey, body: Readable | Buffer, opts?: { maxBytes?: number; contentType?: string }): Promise<StoredBlob>;
  /** The blob's bytes (the range only, when given; `end` past the blob is clamped), or undefined when there is no such blob. */
  get(key: BlobKey, range?: ByteRange): Promise<Readable | undefined>;
  /** The blob's size, or undefined when there is none. */
  stat(key: BlobKey): Promise<{ size: number } | undefined>;
  /**
   * Copies the blob at `from` to `to`, replacing what was there once the copy is complete (as a
   * put does), inside the store: the bytes do not pass through the server. Answers the copy's size,
   * or undefined, having written nothing, when `from` has no blob.
   */
  copy(from: BlobKey, to: BlobKey): Promise<{ size: number } | undefined>;
  /**
   * Copies several blobs, each as `copy` would: answers each pair's result, in order. A store may
   * copy them together (PostgreSQL: a handful of statements for the whole batch instead of a
   * transaction each).
   */
  copyMany(pairs: readonly BlobCopy[]): Promise<({ size: number } | undefined)[]>;
  /** Deletes the blobs; keys with no blob are ignored. */
  delete(keys: readonly BlobKey[]): Promise<void>;
  /** Every key of the site whose path starts with `prefix` (all of the site's with ''), in no set order. */
  list(websiteId: string, prefix?: string): AsyncIterable<BlobKey>;
  /** Releases connections and handles; the store is not used after. */
  close(): Promise<void>;
}

/** `copyMany` as one `copy` after another: for stores with nothing better to do with a batch. */
export async function copyEach(store: Pick<BlobStore, 'copy'>, pairs: readonly BlobCopy[]): Promise<({ size: number } | undefined)[]> {
  const results: ({ size: number } | undefined)[] = [];
  for (const { from, to } of pairs) results.push(await store.copy(from, to));
  return results;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Whether a key's parts are what every store can hold as they are (see BlobKey). */
export function validBlobKey(key: BlobKey): boolean {
  if (!SEGMENT.test(key.websiteId) || key.websiteId === '.' || key.websiteId === '..') return false;
  const segments = key.path.split('/');
  return key.path.length > 0 && key.path.length <= 500 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

export function assertBlobKey(key: BlobKey): void {
  if (!validBlobKey(key)) throw new Error(`not a blob key: ${JSON.stringify(key)}`);
}
