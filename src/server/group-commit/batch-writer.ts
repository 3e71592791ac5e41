/**
 * Group commit for writes that must be durable before their answer (form submissions, measurement
 * calls): a call waits here, and as soon as one of the writers is free it takes everything waiting
 * (up to `maxWeight`) and writes it in ONE transaction. A quiet server writes a call at once; under
 * load the calls that arrive while a batch commits form the next one, so they share its round trips
 * and its WAL flush. A call is answered only once its batch has committed. When a batch of several
 * fails for a reason `retryAlone` accepts (a row the database refuses), each call is written again
 * on its own, so one call's failure stays its own; otherwise every call of the batch fails.
 * Serialization failures and deadlocks are retried.
 *
 * Batch sizes, the time calls waited for their commit and the calls waiting are recorded in the
 * app's metrics under the writer's name.
 */
import type { Metrics } from '../metrics';

export type BatchWriter<T, R> = {
  /** Resolves with the call's outcome once its batch has committed; rejects when it was not written. */
  submit(item: T): Promise<R>;
  /** Writes everything waiting; resolves when no batch is being written. */
  flush(): Promise<void>;
  /** Writes everything waiting, then refuses further calls. */
  close(): Promise<void>;
};

export type BatchWriterOptions<T, R> = {
  /** The metrics label ('census', 'forms'). */
  name: string;
  metrics?: Metrics;
  /** Writes one batch in one transaction, answering each item's outcome in order. */
  write(batch: readonly T[]): Promise<R[]>;
  /** Batches written at once (each holds one pooled connection). */
  concurrency: number;
  /** What one item weighs against `maxWeight` and `maxWaiting` (1 when not given). */
  weight?: (item: T) => number;
  /** The most a batch holds (at least one item). */
  maxWeight: number;
  /** The most that may wait before calls are refused outright. */
  maxWaiting: number;
  /** Whether a failed batch of several items is written again item by item. */
  retryAlone(err: unknown): boolean;
  /** The error a call gets when it is not written (`cause`: the database's, when there is one). */
  unavailable(reason: string, cause?: unknown): Error;
};

const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, also when a driver wrapped it. */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e.code ?? e.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A data or constraint error (classes 22 and 23): the rows, not the database, are at fault. */
export const isRowError = (err: unknown) => /^2[23]/.test(sqlState(err) ?? '');

type Waiting<T, R> = { item: T; weight: number; since: number; resolve(outcome: R): void; reject(err: Error): void };

export function createBatchWriter<T, R>(opts: BatchWriterOptions<T, R>): BatchWriter<T, R> {
  const weigh = opts.weight ?? (() => 1);
  const labels = { writer: opts.name };
  const queue: Waiting<T, R>[] = [];
  let waitingWeight = 0;
  let running = 0;
  let scheduled = false;
  let closed = false;
  const idle: (() => void)[] = [];

  const waitingChanged = () => opts.metrics?.ingestWaiting.set(labels, queue.length);

  const take = (): Waiting<T, R>[] => {
    const batch: Waiting<T, R>[] = [];
    let weight = 0;
    while (queue.length && (batch.length === 0 || weight + queue[0]!.weight <= opts.maxWeight)) {
      const next = queue.shift()!;
      weight += next.weight;
      batch.push(next);
    }
    waitingWeight -= weight;
    waitingChanged();
    return batch;
  };

  const write = async (batch: Waiting<T, R>[]): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes = await opts.write(batch.map((w) => w.item));
        const now = performance.now();
        opts.metrics?.ingestBatchSize.observe(labels, batch.length);
        batch.forEach((w, i) => {
          opts.metrics?.ingestLag.observe(labels, (now - w.since) / 1000);
          w.resolve(outcomes[i]!);
        });
        return;
      } catch (err) {
        if (attempt < 3 && RETRYABLE.has(sqlState(err) ?? '')) continue;
        if (batch.length > 1 && opts.retryAlone(err)) {
          for (const w of batch) await write([w]);
          return;
        }
        const failure = opts.unavailable('the batch was not written', err);
        for (const w of batch) w.reject(failure);
        return;
      }
    }
  };

  const start = () => {
    scheduled = false;
    while (running < opts.concurrency && queue.length) {
      const batch = take();
      running += 1;
      void write(batch).finally(() => {
        running -= 1;
        if (queue.length) start();
        else if (running === 0) for (const done of idle.splice(0)) done();
      });
    }
  };

  const flush = async () => {
    if (queue.length) start();
    if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
  };

  return {
    submit(item) {
      if (closed) return Promise.reject(opts.unavailable('the writer is closed'));
      const weight = Math.max(1, weigh(item));
      if (waitingWeight + weight > opts.maxWaiting) return Promise.reject(opts.unavailable('too much is waiting to be written'));
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, weight, since: performance.now(), resolve, reject });
        waitingWeight += weight;
        waitingChanged();
        // After the calls that arrived with this one are queued too; a busy writer takes them when it finishes.
        if (running < opts.concurrency && !scheduled) {
          scheduled = true;
          setImmediate(start);
        }
      });
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
