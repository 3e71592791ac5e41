/**
 * What the three blob stores share about bodies and ranges: reading a put's body piece by piece
 * (counting and hashing as it passes, refusing past `maxBytes`) and clamping a read's range to
 * the blob. A store stops reading a body it refuses but never destroys it: the caller owns it
 * (an HTTP request still has to be answered, with the socket alive).
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BlobTooLargeError, type ByteRange, type StoredBlob } from './store';

/** Counts and hashes the bytes it is given; throws BlobTooLargeError once they pass `maxBytes`. */
export class BodyMeter {
  size = 0;
  readonly #hash = createHash('sha256');

  constructor(readonly maxBytes = Number.POSITIVE_INFINITY) {}

  add(piece: Buffer): void {
    this.size += piece.length;
    if (this.size > this.maxBytes) throw new BlobTooLargeError(this.maxBytes);
    this.#hash.update(piece);
  }

  result(): StoredBlob {
    return { size: this.size, sha256: this.#hash.digest('hex') };
  }
}

/**
 * The body's bytes as they arrive, each piece counted by `meter` before it is handed on. Leaving
 * the loop early (a refusal, a failed write) stops reading without destroying the body; the
 * body's own error rejects the loop.
 */
export async function* meteredPieces(body: Readable | Buffer, meter: BodyMeter): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    meter.add(body);
    yield body;
    return;
  }
  for await (const piece of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    meter.add(bytes);
    yield bytes;
  }
}

/** Re-cuts pieces of any size into chunks of exactly `size` bytes, the last one shorter (never empty). */
export async function* inChunks(pieces: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const piece of pieces) {
    let rest = piece;
    while (heldBytes + rest.length >= size) {
      const take = size - heldBytes;
      held.push(rest.subarray(0, take));
      rest = rest.subarray(take);
      yield held.length === 1 ? held[0]! : Buffer.concat(held, size);
      held = [];
      heldBytes = 0;
    }
    if (rest.length > 0) {
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

/** The inclusive byte offsets to read of a blob of `size` bytes, or undefined when there are none (an empty blob, a start past its end). */
export function clampRange(size: number, range?: ByteRange): ByteRange | undefined {
  const start = Math.max(0, range?.start ?? 0);
  const end = Math.min(size - 1, range?.end ?? size - 1);
  return start <= end ? { start, end } : undefined;
}

const SITE = /^[A-Za-z0-9._-]+$/;
const PREFIX = /^[A-Za-z0-9._/-]*$/;

/** A list's arguments: a site id that is one key segment, and a prefix of key characters. */
export function assertListArgs(websiteId: string, prefix: string): void {
  if (!SITE.test(websiteId) || websiteId === '.' || websiteId === '..' || !PREFIX.test(prefix) || prefix.length > 500) {
    throw new Error(`not a blob list: ${JSON.stringify({ websiteId, prefix })}`);
  }
}
