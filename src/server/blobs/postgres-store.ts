/**
 * The PostgreSQL blob store (FILE_STORE=postgres, the default): a blob is a `blobs` row and its
 * bytes in `blob_chunks` rows of 256 KiB, in the app's own database, so every app server on one
 * DATABASE_URL sees the same files with nothing more to run.
 *
 * A put is one transaction that writes chunks as the body arrives, so it holds one pool connection
 * for as long as the body takes: at most `writers` puts run at once (the rest wait their turn), which
 * leaves the rest of the pool to requests. Readers see the previous blob until the put commits. A get
 * holds no connection between its queries: it reads a few chunks per query, only those the range
 * covers.
 */
import { Readable } from 'node:stream';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { assertListArgs, BodyMeter, clampRange, inChunks, meteredPieces } from './body';
import { assertBlobKey, copyEach, type BlobCopy, type BlobKey, type BlobStore, type ByteRange, type StoredBlob } from './store';

/** Every chunk but a blob's last is exactly this long: reads find a range's chunks by it, so it never changes. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks per read query: 1 MiB, a few round trips per megabyte without holding much. */
const CHUNKS_PER_READ = 4;
const LIST_PAGE = 1000;

/** Lets `limit` callers in at once, the others in turn as they leave. */
class Turns {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  async enter(): Promise<() => void> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    };
  }
}

/** A key as one string, ordered by site then path ('\n' sorts before every character a key may hold). */
const keyId = (key: BlobKey) => `${key.websiteId}\n${key.path}`;

export type PostgresStoreOptions = {
  /** Puts at once (each holds a connection while its body streams in); 4 by default, and always fewer than the pool's connections. */
  writers?: number;
};

export function postgresBlobStore(database: Pick<Database, 'pool'>, options: PostgresStoreOptions = {}): BlobStore {
  const { pool } = database;
  // One connection always stays for everything else (reads included), however small the pool.
  const poolSize = pool.options.max ?? 10;
  const turns = new Turns(Math.max(1, Math.min(options.writers ?? 4, poolSize - 1)));

  async function stat(key: BlobKey): Promise<{ size: number } | undefined> {
    assertBlobKey(key);
    const { rows } = await pool.query<{ size: string }>('SELECT size FROM blobs WHERE website_id = $1 AND path = $2', [key.websiteId, key.path]);
    return rows[0] ? { size: Number(rows[0].size) } : undefined;
  }

  /** Runs `work` in a transaction on a connection of its own, committed when it resolves. */
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      // A connection whose rollback failed is in no known state: the pool drops it.
      client.release(broken);
    }
  }

  /** Makes the row of `key` (size and SHA-256 as given) and removes its old chunks: the row is locked from here to the commit, so a concurrent put of the same key waits. */
  async function claim(client: pg.PoolClient, key: BlobKey, size: number | string, sha256: string): Promise<void> {
    await client.query(
      `INSERT INTO blobs (website_id, path, size, sha256) VALUES ($1, $2, $3, $4)
       ON CONFLICT (website_id, path) DO UPDATE SET size = excluded.size, sha256 = excluded.sha256, created_at = now()`,
      [key.websiteId, key.path, size, sha256],
    );
    await client.query('DELETE FROM blob_chunks WHERE website_id = $1 AND path = $2', [key.websiteId, key.path]);
  }

  function write(key: BlobKey, body: Readable | Buffer, maxBytes: number | undefined): Promise<StoredBlob> {
    return inTransaction(async (client) => {
      await claim(client, key, 0, '');
      const meter = new BodyMeter(maxBytes);
      await writeChunks(client, key, inChunks(meteredPieces(body, meter), CHUNK_BYTES));
      const stored = meter.result();
      await client.query('UPDATE blobs SET size = $3, sha256 = $4 WHERE website_id = $1 AND path = $2', [key.websiteId, key.path, stored.size, stored.sha256]);
      return stored;
    });
  }

  /**
   * Copies inside PostgreSQL, a batch in one transaction of five statements whatever its size: the
   * sources held (FOR SHARE, so a put of one waits for the copy) and read, the targets claimed and
   * cleared, every chunk copied. Pairs are taken in target order, so two batches lock rows alike.
   */
  function copyBatch(pairs: readonly BlobCopy[]): Promise<({ size: number } | undefined)[]> {
    return inTransaction(async (client) => {
      const { rows } = await client.query<{ i: number; size: string; sha256: string }>(
        `SELECT p.i::int AS i, b.size, b.sha256 FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(website_id, path, i)
         JOIN blobs b ON b.website_id = p.website_id AND b.path = p.path ORDER BY p.i FOR SHARE OF b`,
        [pairs.map((p) => p.from.websiteId), pairs.map((p) => p.from.path)],
      );
      const results: ({ size: number } | undefined)[] = pairs.map(() => undefined);
      for (const row of rows) results[row.i - 1] = { size: Number(row.size) };
      if (rows.length === 0) return results;
      const found = rows.map((row) => ({ ...pairs[row.i - 1]!, size: row.size, sha256: row.sha256 })).sort((a, b) => (keyId(a.to) < keyId(b.to) ? -1 : 1));
      const column = (pick: (pair: (typeof found)[number]) => string) => found.map(pick);
      await client.query(
        `INSERT INTO blobs (website_id, path, size, sha256) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[])
         ON CONFLICT (website_id, path) DO UPDATE SET size = excluded.size, sha256 = excluded.sha256, created_at = now()`,
        [column((p) => p.to.websiteId), column((p) => p.to.path), column((p) => p.size), column((p) => p.sha256)],
      );
      await client.query(
        'DELETE FROM blob_chunks c USING unnest($1::text[], $2::text[]) AS t(website_id, path) WHERE c.website_id = t.website_id AND c.path = t.path',
        [column((p) => p.to.websiteId), column((p) => p.to.path)],
      );
      await client.query(
        `INSERT INTO blob_chunks (website_id, path, seq, data)
         SELECT t.to_site, t.to_path, c.seq, c.data FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(from_site, from_path, to_site, to_path)
         JOIN blob_chunks c ON c.website_id = t.from_site AND c.path = t.from_path`,
        [column((p) => p.from.websiteId), column((p) => p.from.path), column((p) => p.to.websiteId), column((p) => p.to.path)],
      );
      return results;
    });
  }

  async function* chunksOf(key: BlobKey, sha256: string, range: ByteRange): AsyncGenerator<Buffer> {
    const first = Math.floor(range.start / CHUNK_BYTES);
    const last = Math.floor(range.end / CHUNK_BYTES);
    for (let from = first; from <= last; from += CHUNKS_PER_READ) {
      const to = Math.min(last, from + CHUNKS_PER_READ - 1);
      // Joined with the blob as first seen: a blob replaced or deleted mid-read ends the stream with an error rather than mixing bytes.
      const { rows } = await pool.query<{ seq: number; data: Buffer }>(
        `SELECT c.seq, c.data FROM blob_chunks c JOIN blobs b ON b.website_id = c.website_id AND b.path = c.path
         WHERE c.website_id = $1 AND c.path = $2 AND b.sha256 = $3 AND c.seq BETWEEN $4 AND $5 ORDER BY c.seq`,
        [key.websiteId, key.path, sha256, from, to],
      );
      if (rows.length !== to - from + 1) throw new Error(`the blob ${key.websiteId}/${key.path} changed while it was read`);
      for (const { seq, data } of rows) {
        const offset = seq * CHUNK_BYTES;
        const sliceStart = seq === first ? range.start - offset : 0;
        const sliceEnd = seq === last ? range.end - offset + 1 : data.length;
        yield data.subarray(sliceStart, sliceEnd);
      }
    }
  }

  return {
    kind: 'postgres',

    async put(key, body, opts) {
      assertBlobKey(key);
      const leave = await turns.enter();
      try {
        return await write(key, body, opts?.maxBytes);
      } finally {
        leave();
      }
    },

    async copy(from, to) {
      assertBlobKey(from);
      assertBlobKey(to);
      // A blob copied onto itself: its chunks would be deleted before they were read.
      if (from.websiteId === to.websiteId && from.path === to.path) return stat(from);
      const leave = await turns.enter();
      try {
        return (await copyBatch([{ from, to }]))[0];
      } finally {
        leave();
      }
    },

    async copyMany(pairs) {
      for (const { from, to } of pairs) {
        assertBlobKey(from);
        assertBlobKey(to);
      }
      // One statement cannot read a key it also writes, nor write a key twice: such a batch (never
      // one of image copies, which write a file's own new keys) is copied a pair at a time.
      const targets = new Set(pairs.map((p) => keyId(p.to)));
      if (targets.size < pairs.length || pairs.some((p) => targets.has(keyId(p.from)))) return copyEach(this, pairs);
      if (pairs.length === 0) return [];
      const leave = await turns.enter();
      try {
        return await copyBatch(pairs);
      } finally {
        leave();
      }
    },

    async get(key, range) {
      assertBlobKey(key);
      const { rows } = await pool.query<{ size: string; sha256: string }>('SELECT size, sha256 FROM blobs WHERE website_id = $1 AND path = $2', [
        key.websiteId,
        key.path,
      ]);
      const blob = rows[0];
      if (!blob) return undefined;
      const bytes = clampRange(Number(blob.size), range);
      return Readable.from(bytes ? chunksOf(key, blob.sha256, bytes) : [], { objectMode: false });
    },

    stat,

    async delete(keys) {
      keys.forEach(assertBlobKey);
      const bySite = new Map<string, string[]>();
      for (const key of keys) bySite.set(key.websiteId, [...(bySite.get(key.websiteId) ?? []), key.path]);
      // Chunks go with their blob row (ON DELETE CASCADE).
      for (const [websiteId, paths] of bySite) {
        for (let i = 0; i < paths.length; i += LIST_PAGE) {
          await pool.query('DELETE FROM blobs WHERE website_id = $1 AND path = ANY($2::text[])', [websiteId, paths.slice(i, i + LIST_PAGE)]);
        }
      }
    },

    async *list(websiteId, prefix = '') {
      assertListArgs(websiteId, prefix);
      let after = '';
      for (;;) {
        const { rows } = await pool.query<{ path: string }>(
          'SELECT path FROM blobs WHERE website_id = $1 AND starts_with(path, $2) AND path > $3 ORDER BY path LIMIT $4',
          [websiteId, prefix, after, LIST_PAGE],
        );
        for (const { path } of rows) yield { websiteId, path };
        if (rows.length < LIST_PAGE) return;
        after = rows[rows.length - 1]!.path;
      }
    },

    async close() {
      // The pool is the app's: it closes it.
    },
  };
}

/** Inserts each chunk as it comes, one insert in flight while the next chunk is read. */
async function writeChunks(client: pg.PoolClient, key: BlobKey, chunks: AsyncIterable<Buffer>): Promise<void> {
  let seq = 0;
  let failed: { error: unknown } | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  try {
    for await (const chunk of chunks) {
      await inFlight;
      if (failed) throw failed.error;
      inFlight = client.query('INSERT INTO blob_chunks (website_id, path, seq, data) VALUES ($1, $2, $3, $4)', [key.websiteId, key.path, seq, chunk]).then(
        () => undefined,
        (error: unknown) => {
          failed ??= { error };
        },
      );
      seq += 1;
    }
  } finally {
    // Settled before the caller rolls back or commits on the same connection.
    await inFlight;
  }
  if (failed) throw failed.error;
}
