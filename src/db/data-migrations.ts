/**
 * Data migrations: changes to stored rows that SQL cannot make (they need the product's own rules),
 * run by `runMigrations` after the schema migrations, under the same advisory lock. Each runs once,
 * in a transaction with the row recording it in `drizzle.__data_migrations` (beside Drizzle's own
 * `__drizzle_migrations`), so a failure leaves the rows as they were and the next start tries again.
 * A new one goes at the end of the list and is never renamed.
 */
import { sql } from 'drizzle-orm';
import { sanitizeStoredSections } from '../blocks/sanitize';
import { collectionItems, pages } from './schema';
import type { Db, Executor } from './types';

export type DataMigration = { name: string; run: (tx: Executor) => Promise<void> };

/** Rows read and written per statement, so a large site's content never sits in memory whole. */
const BATCH = 200;

/**
 * Owner HTML is sanitised when it is written (src/blocks/sanitize.ts); rows written before were
 * sanitised as they rendered. This brings them to the form views now expect.
 */
async function sanitizeOwnerHtml(tx: Executor): Promise<void> {
  for (const table of [pages, collectionItems]) {
    for (let offset = 0; ; offset += BATCH) {
      const rows = await tx
        .select({ websiteId: table.websiteId, id: table.id, sections: table.sections })
        .from(table)
        .orderBy(table.websiteId, table.id)
        .limit(BATCH)
        .offset(offset);
      for (const row of rows) {
        const sections = sanitizeStoredSections(row.sections);
        if (JSON.stringify(sections) === JSON.stringify(row.sections)) continue;
        await tx
          .update(table)
          .set({ sections })
          .where(sql`${table.websiteId} = ${row.websiteId} AND ${table.id} = ${row.id}`);
      }
      if (rows.length < BATCH) break;
    }
  }
}

export const DATA_MIGRATIONS: readonly DataMigration[] = [{ name: '0001_sanitize_owner_html', run: sanitizeOwnerHtml }];

/** Runs the data migrations not yet recorded, in order. */
export async function runDataMigrations(db: Db, migrations: readonly DataMigration[] = DATA_MIGRATIONS): Promise<void> {
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
