/** The stores' shared body handling: exact chunks whatever the pieces, the count and hash, the refusal, range clamping. */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BodyMeter, clampRange, inChunks, meteredPieces } from './body';
import { BlobTooLargeError } from './store';

async function collect(pieces: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const piece of pieces) out.push(piece);
  return out;
}

describe('inChunks', () => {
  it('cuts any pieces into chunks of exactly the size, the last shorter and never empty, the bytes unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }), fc.integer({ min: 1, max: 16 }), async (sizes, size) => {
        const pieces = sizes.map((n) => randomBytes(n));
        const chunks = await collect(inChunks(Readable.from(pieces), size));
        expect(Buffer.concat(chunks).equals(Buffer.concat(pieces))).toBe(true);
        chunks.slice(0, -1).forEach((chunk) => expect(chunk.length).toBe(size));
        if (chunks.length > 0) expect(chunks.at(-1)!.length).toBeGreaterThan(0);
        expect(chunks.at(-1)?.length ?? 0).toBeLessThanOrEqual(size);
      }),
    );
  });
});

describe('meteredPieces', () => {
  it('counts and hashes a body as it passes', async () => {
    const bytes = randomBytes(100_000);
    const meter = new BodyMeter();
    const out = await collect(meteredPieces(Readable.from([bytes.subarray(0, 30_000), bytes.subarray(30_000)]), meter));
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
    expect(meter.result()).toEqual({ size: 100_000, sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  it('refuses the first piece past maxBytes, leaving the body unread after it and not destroyed', async () => {
    let pulled = 0;
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 100; i += 1) {
          pulled += 1;
          yield Buffer.alloc(1000);
        }
      })(),
      { objectMode: false, highWaterMark: 1000 },
    );
    await expect(collect(meteredPieces(body, new BodyMeter(2500)))).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(pulled).toBeLessThan(10);
    expect(body.destroyed).toBe(false);
    body.destroy();
  });
});

describe('clampRange', () => {
  it('clamps an end past the blob, and gives no range for an empty blob or a start past the end', () => {
    expect(clampRange(10)).toEqual({ start: 0, end: 9 });
    expect(clampRange(10, { start: 2, end: 100 })).toEqual({ start: 2, end: 9 });
    expect(clampRange(10, { start: 9, end: 9 })).toEqual({ start: 9, end: 9 });
    expect(clampRange(10, { start: 10, end: 20 })).toBeUndefined();
    expect(clampRange(0)).toBeUndefined();
    expect(clampRange(10, { start: 5, end: 4 })).toBeUndefined();
  });
});
