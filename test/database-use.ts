/** Counting what a piece of work asks of the database, for the tests that hold a render or a call to a number of statements. */
import type pg from 'pg';

/** How many times `work` takes a connection from the pool: once for every query outside a transaction, once per transaction. */
export async function databaseUse(pool: pg.Pool, work: () => Promise<unknown>): Promise<number> {
  let taken = 0;
  const count = () => (taken += 1);
  pool.on('acquire', count);
  try {
    await work();
  } finally {
    pool.off('acquire', count);
  }
  return taken;
}
