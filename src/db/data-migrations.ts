/**
 * Data migrations: changes to stored rows that SQL cannot make (they need the product's own rules),
 * run by `runMigrations` after the schema migrations, under the same advisory lock. Each runs once,
 * in a transaction with the row recording it in `drizzle.__data_migrations` (beside Drizzle's own
 * `__drizzle_migrations`), so a failure leaves the rows as they were and the next start tries again.
 * The list is the server's (src/server/modules/content/data-migrations.ts); a new one goes at the
 * end of it and is never renamed.
 */
import { sql } from 'drizzle-orm';
import type { Db, Executor } from './types';

export type DataMigration = { name: string; run: (tx: Executor) => Promise<void> };

/** Runs the data migrations not yet recorded, in order. */
export async function runDataMigrations(db: Db, migrations: readonly DataMigration[]): Promise<void> {
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__data_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await db.execute<{ name: string }>(sql`SELECT name FROM drizzle.__data_migrations`)).rows.map((r) => r.name));
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    await db.transaction(async (tx) => {
      await migration.run(tx);
      await tx.execute(sql`INSERT INTO drizzle.__data_migrations (name) VALUES (${migration.name})`);
    });
  }
}
