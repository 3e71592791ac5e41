/**
 * What a backup holds, and how it is framed: a gzip stream of frames (a type byte, a 4-byte length,
 * the payload). A header (format version, PostgreSQL version, the migrations applied, the tables in
 * the order they restore, the file store's kind), then each table as PostgreSQL's own binary COPY
 * format (`COPY … TO STDOUT (FORMAT binary)`) with its row count and SHA-256 at its end, the
 * sequences' values, then (with FILE_STORE disk or s3) each blob the rows name
 * (`files.blob_path`, `file_variants.blob_path`): its key, its bytes, and its size and SHA-256 at
 * its end; then the secret-key files of DATA_DIR (unless `--without-key`), and a closing manifest.
 * With FILE_STORE=postgres the blobs are rows of the `blobs` and `blob_chunks` tables, copied as
 * every table is.
 */
import type { BlobStore } from '../blobs/store';

/** 2 records the file store's kind and may hold blobs; 1 (before that) is still read, as a postgres store's. */
export const BACKUP_FORMAT = 2;
export const READABLE_FORMATS = [1, 2];
export const MAGIC = Buffer.from('OPENPRESS-BACKUP\n');
export const FRAME = { header: 0x48, table: 0x54, data: 0x44, tableEnd: 0x45, sequences: 0x53, blob: 0x42, blobEnd: 0x62, file: 0x46, manifest: 0x5a } as const;

export type FileStoreKind = BlobStore['kind'];
export type Header = {
  format: number;
  createdAt: string;
  serverVersion: string;
  migrations: { schema: string[]; data: string[] };
  tables: string[];
  fileStore: FileStoreKind;
};
export type TableEnd = { table: string; rows: number; bytes: number; sha256: string };
export type Sequence = { name: string; value: string; called: boolean };
/** `size` and `contentType` are what the snapshot's rows say of the blob (null when they do not say). */
export type BlobStart = { websiteId: string; path: string; size: number | null; contentType: string | null };
export type BlobEnd = { size: number; sha256: string };
/** The stored files a backup holds: as blob frames (disk, s3), or as rows of the `blobs` table (postgres). */
export type BlobTotals = { count: number; bytes: number; skipped: number };
export type KeyFileEntry = { name: string; data: string };
/** `blobs` is absent from format 1. */
export type Manifest = { tables: TableEnd[]; files: string[]; blobs?: BlobTotals };
export type Frame = { type: number; payload: Buffer };

/** A refusal: the command prints its words and restores nothing. */
export class BackupError extends Error {}

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function frame(type: number, payload: Buffer): Buffer[] {
  const head = Buffer.alloc(5);
  head.writeUInt8(type, 0);
  head.writeUInt32BE(payload.length, 1);
  return [head, payload];
}
export const jsonFrame = (type: number, value: unknown) => frame(type, Buffer.from(JSON.stringify(value)));

/** Frames read back one at a time from a gunzipped stream (a frame, never a whole table, in memory). */
export async function* readFrames(input: AsyncIterable<Buffer>): AsyncGenerator<{ type: number; payload: Buffer }> {
  let buffer: Buffer = Buffer.alloc(0);
  let magicChecked = false;
  for await (const chunk of input) {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    if (!magicChecked) {
      if (buffer.length < MAGIC.length) continue;
      if (!buffer.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupError('This file is not an OpenPress backup.');
      buffer = buffer.subarray(MAGIC.length);
      magicChecked = true;
    }
    while (buffer.length >= 5) {
      const length = buffer.readUInt32BE(1);
      if (buffer.length < 5 + length) break;
      yield { type: buffer[0]!, payload: buffer.subarray(5, 5 + length) };
      buffer = buffer.subarray(5 + length);
    }
  }
  if (!magicChecked || buffer.length > 0) throw new BackupError('The backup file is cut short.');
}

/** A frame's JSON payload; a payload that is no JSON is a damaged file. */
export function json<T>(f: Frame): T {
  try {
    return JSON.parse(f.payload.toString()) as T;
  } catch {
    throw new BackupError('The backup file is damaged (a part of it cannot be read).');
  }
}
