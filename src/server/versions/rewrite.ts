/**
 * Rewriting stored content in place, for data migrations: every row of one column of versioned
 * content (the live table's, its drafts' or its revisions': `contentColumns`) passed through a
 * change, in the migration's transaction. Rows are read a batch at a time after the last key seen,
 * so a large site never sits in memory whole and a row is read once; with `finds` (a PostgreSQL JSON
 * path), only rows it matches are read. A row the change leaves as it was is not written, so a
 * change that has nothing left to do makes running again a no-op.
 */
import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/types';
import type { VersionedTable } from './store';

/** Rows read and written per statement. */
const BATCH = 200;

/** A table and the column of it holding content. */
export type ContentColumn = { table: PgTable; content: AnyPgColumn };

/** Everywhere `v` keeps its content: the live rows, the drafts and the revisions. */
export function contentColumns<T>(v: VersionedTable<T>): ContentColumn[] {
  const { drafts, revisions } = v.tables;
  return [
    { table: v.live.table, content: v.live.content },
    { table: drafts, content: drafts.content },
    { table: revisions, content: revisions.content },
  ];
}

function primaryKeyOf(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const key = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
  if (key.length === 0) throw new Error(`table ${config.name} has no primary key to read it in batches by`);
  return key;
}

/** Passes `column`'s value of each row through `change`; returns how many rows changed. */
export async function rewriteContent(tx: Executor, { table, content }: ContentColumn, change: (value: unknown) => unknown, finds?: string): Promise<number> {
  const key = primaryKeyOf(table);
  const keyList = sql.join(
    key.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const column = sql.identifier(content.name);
  const values = (row: readonly unknown[]): SQL =>
    sql.join(
      row.map((v) => sql`${v}`),
      sql`, `,
    );
  const found = finds === undefined ? sql`TRUE` : sql`${column} @? ${finds}::jsonpath`;
  let changed = 0;
  let last: unknown[] | undefined;
  for (;;) {
    const after = last ? sql`AND (${keyList}) > (${values(last)})` : sql``;
    const { rows } = await tx.execute<{ key: unknown[]; content: unknown }>(
      sql`SELECT json_build_array(${keyList}) AS key, ${column} AS content FROM ${table}
          WHERE ${found} ${after}
          ORDER BY ${keyList} LIMIT ${BATCH}`,
    );
    for (const row of rows) {
      const upgraded = change(row.content);
      if (JSON.stringify(upgraded) === JSON.stringify(row.content)) continue;
      await tx.execute(sql`UPDATE ${table} SET ${column} = ${JSON.stringify(upgraded)}::jsonb WHERE (${keyList}) = (${values(row.key)})`);
      changed++;
    }
    if (rows.length < BATCH) return changed;
    last = rows[rows.length - 1]!.key;
  }
}
