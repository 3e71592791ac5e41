/** Counting the SQL statements a piece of work sends, for the tests that hold a call to a number of them. */
import pg from 'pg';

/** Every statement `work` sends over any connection of this process (a transaction's BEGIN and COMMIT included), by name or text. */
export async function statementsDuring(work: () => Promise<unknown>): Promise<{ count: number; statements: string[] }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  const counted = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    statements.push(typeof first === 'string' ? first : (first.name ?? first.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = counted as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return { count: statements.length, statements };
}
