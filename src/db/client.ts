/**
 * Connections: a pool for requests and a Drizzle handle over it. Also the migration runner, which
 * takes a PostgreSQL advisory lock so that app servers starting together apply migrations once,
 * and runs them in one transaction so a failure leaves the schema as it was; then the data
 * migrations (./data-migrations.ts), each in a transaction of its own.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { runDataMigrations, type DataMigration } from './data-migrations';
import { projectPath } from './project-root';
import type { Db } from './types';

export type { Db, Executor } from './types';
export type Database = { pool: pg.Pool; db: Db; url: string; close(): Promise<void> };

const MIGRATIONS = projectPath('src/db/migrations');
/** An arbitrary constant naming "schema migration" among advisory locks. */
const MIGRATION_LOCK = 7_316_001;

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may one dropped while checked out (the database stopped mid-transaction): its queries fail
  // with the error and the pool discards it, but the client emits it too, with no listener of its own.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool);
  let closed = false;
  return {
    pool,
    db,
    url,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The schema migrations, then `dataMigrations` (the server's list of changes to stored rows). */
export async function runMigrations(database: Database, dataMigrations: readonly DataMigration[]): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: MIGRATIONS });
      await runDataMigrations(db, dataMigrations);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
