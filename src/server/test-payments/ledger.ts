/**
 * The test payment service's ledger: every change (a payment, a refund, an event, an idempotent
 * answer) is a JSON line appended to `ledger.jsonl` and flushed to disk before anyone is answered,
 * so a kill -9 of the app leaves every charge visible and a restart of the service keeps them.
 * Lines written while a flush runs share the next one (a group commit), so a busy service flushes
 * once per batch rather than once per request. On start the file is read back in order; a line a
 * crash cut short (the last one) is dropped, as it was never acknowledged.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';

export type Ledger<T> = {
  /** Resolves once the records are on disk. */
  append(records: readonly T[]): Promise<void>;
  /** Resolves once every record appended so far is on disk. */
  settled(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The records in order, read a line at a time: a ledger of many test orders can outgrow the
 * longest string JavaScript holds, and the records are applied as they are read rather than kept.
 */
export async function* readLedger<T>(file: string): AsyncGenerator<T> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    for await (const line of createInterface({ input: handle.createReadStream({ autoClose: false }), crlfDelay: Number.POSITIVE_INFINITY })) {
      if (!line) continue;
      let record: T;
      try {
        record = JSON.parse(line) as T;
      } catch {
        // Only the last line can be cut short (appends are sequential): it was never answered.
        continue;
      }
      yield record;
    }
  } finally {
    await handle.close();
  }
}

type Batch = { lines: string[]; done: Promise<void>; resolve(): void; reject(error: unknown): void };

function newBatch(): Batch {
  const batch = { lines: [] } as unknown as Batch;
  batch.done = new Promise<void>((resolve, reject) => Object.assign(batch, { resolve, reject }));
  // A failed flush is reported to every caller of that batch; none left unhandled.
  batch.done.catch(() => undefined);
  return batch;
}

export async function openLedger<T>(file: string): Promise<Ledger<T>> {
  const handle: FileHandle = await open(file, 'a', 0o600);
  let pending: Batch | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const flush = async (batch: Batch) => {
    try {
      await handle.appendFile(batch.lines.join(''));
      await handle.datasync();
      batch.resolve();
    } catch (error) {
      batch.reject(error);
    }
  };

  const append = (records: readonly T[]): Promise<void> => {
    if (!pending) {
      const batch = newBatch();
      pending = batch;
      // The batch waits for the flush before it, gathering whatever is appended meanwhile.
      flushing = flushing.then(() => {
        pending = undefined;
        return flush(batch);
      });
    }
    for (const record of records) pending.lines.push(`${JSON.stringify(record)}\n`);
    return pending.done;
  };

  return {
    append,
    settled: () => flushing,
    close: async () => {
      await flushing;
      await handle.close();
    },
  };
}
