/**
 * A BlobStore in memory, for tests of code that stores blobs (the image pipeline, its job) without
 * a database, a directory or S3: it keeps the interface's promises (a put is all or nothing and
 * readable only once complete; maxBytes refused with BlobTooLargeError), and counts its calls.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { assertBlobKey, BlobTooLargeError, copyEach, type BlobKey, type BlobStore, type ByteRange, type StoredBlob } from '../src/server/blobs/store';

export type MemoryBlobStore = BlobStore & {
  readonly blobs: Map<string, { bytes: Buffer; contentType?: string }>;
  /** The blob's bytes, or undefined. */
  bytes(key: BlobKey): Buffer | undefined;
  /** Called at the start of every put, before the body is read (tests watch concurrency with it). */
  onPut?: (key: BlobKey) => void;
};

const id = (key: BlobKey) => `${key.websiteId}\n${key.path}`;

export function memoryBlobStore(): MemoryBlobStore {
  const blobs = new Map<string, { bytes: Buffer; contentType?: string }>();
  const store: MemoryBlobStore = {
    kind: 'disk',
    blobs,
    bytes: (key) => blobs.get(id(key))?.bytes,
    async put(key, body, opts = {}): Promise<StoredBlob> {
      assertBlobKey(key);
      store.onPut?.(key);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buf.length;
        if (opts.maxBytes !== undefined && size > opts.maxBytes) {
          if (!Buffer.isBuffer(body)) body.destroy();
          throw new BlobTooLargeError(opts.maxBytes);
        }
        chunks.push(buf);
      }
      const bytes = Buffer.concat(chunks);
      blobs.set(id(key), { bytes, contentType: opts.contentType });
      return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    async get(key, range?: ByteRange) {
      const blob = blobs.get(id(key));
      if (!blob) return undefined;
      return Readable.from([range ? blob.bytes.subarray(range.start, range.end + 1) : blob.bytes]);
    },
    async stat(key) {
      const blob = blobs.get(id(key));
      return blob ? { size: blob.bytes.length } : undefined;
    },
    async copy(from, to) {
      assertBlobKey(from);
      assertBlobKey(to);
      const blob = blobs.get(id(from));
      if (!blob) return undefined;
      blobs.set(id(to), { ...blob });
      return { size: blob.bytes.length };
    },
    copyMany(pairs) {
      return copyEach(this, pairs);
    },
    async delete(keys) {
      for (const key of keys) blobs.delete(id(key));
    },
    async *list(websiteId, prefix = '') {
      for (const key of [...blobs.keys()]) {
        const [site, path] = key.split('\n') as [string, string];
        if (site === websiteId && path.startsWith(prefix)) yield { websiteId, path };
      }
    },
    async close() {},
  };
  return store;
}
