/**
 * A place secrets are stored: a column, or a member of a JSON column, declared by whoever owns the
 * table (each module its own, the platform the SMTP passwords) with `secretColumn` or
 * `secretPlace`. The passes over every place (./stored.ts: sealing what is still plain text,
 * re-sealing under a new key, counting by key) call these operations, so no table leaves the
 * module that owns it.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { seal, SEALED_PREFIX, SecretKeyError, unseal } from './sealed';

export type SecretPlace = {
  what: string;
  /** Opens every stored text `needsWork` picks and seals it again under the current key, its row locked; answers how many. */
  reseal(tx: Executor, needsWork: (value: SQL) => SQL): Promise<number>;
  /** How many stored texts are sealed under each key id (`id` null: still plain text). */
  census(db: Executor): Promise<{ id: string | null; n: number }[]>;
  /** Every stored text as it is at rest, in order. */
  texts(db: Executor): Promise<string[]>;
};

/** A place where `value` (SQL over `table`, null where the row holds no secret) is the text, `assign` stores a new one, and `keys` are the row's primary key. */
export function secretPlace(what: string, table: PgTable, keys: PgColumn[], value: SQL, assign: (text: string) => SQL): SecretPlace {
  return {
    what,
    async reseal(tx, needsWork) {
      const { rows } = await tx.execute<{ ref: string[]; value: string }>(
        sql`SELECT jsonb_build_array(${sql.join(keys, sql`, `)}) AS ref, ${value} AS value
              FROM ${table} WHERE ${value} IS NOT NULL AND ${needsWork(value)} FOR UPDATE`,
      );
      for (const row of rows) {
        let plain: string;
        try {
          plain = unseal(row.value);
        } catch (err) {
          throw new SecretKeyError(`${what}: ${err instanceof Error ? err.message : String(err)}`);
        }
        await tx.execute(sql`UPDATE ${table} SET ${assign(seal(plain))} WHERE ${and(...keys.map((k, i) => eq(k, row.ref[i])))}`);
      }
      return rows.length;
    },
    async census(db) {
      const { rows } = await db.execute<{ id: string | null; n: number }>(
        sql`SELECT CASE WHEN starts_with(${value}, ${SEALED_PREFIX}) THEN split_part(${value}, ':', 3) END AS id, count(*)::int AS n
              FROM ${table} WHERE ${value} IS NOT NULL GROUP BY 1`,
      );
      return rows;
    },
    async texts(db) {
      const { rows } = await db.execute<{ value: string }>(sql`SELECT ${value} AS value FROM ${table} WHERE ${value} IS NOT NULL ORDER BY 1`);
      return rows.map((r) => r.value);
    },
  };
}

/** A place that is a whole text column. */
export function secretColumn(what: string, table: PgTable, keys: PgColumn[], stored: PgColumn): SecretPlace {
  return secretPlace(what, table, keys, sql`${stored}`, (text) => sql`${sql.identifier(stored.name)} = ${text}`);
}
