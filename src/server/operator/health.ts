/**
 * Whether this app server's database is fit to serve (GET /api/health/ready): it answers, and every
 * schema migration of the journal and every data migration this code knows is recorded as applied.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DATA_MIGRATIONS } from '../modules/content';
import { projectPath } from '../../db/project-root';

const JOURNAL = projectPath('src/db/migrations/meta/_journal.json');

/** The schema migrations this code carries, by the time Drizzle records each with (`created_at`). */
let journal: readonly number[] | undefined;
function journalTimes(): readonly number[] {
  journal ??= (JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { when: number }[] }).entries.map((e) => e.when);
  return journal;
}

export type DatabaseHealth = 'ready' | 'unreachable' | 'migrations-pending';

export async function databaseHealth(db: Db): Promise<DatabaseHealth> {
  let applied: Set<number>;
  let dataApplied: Set<string>;
  try {
    const schema = await db.execute<{ created_at: string }>(sql`SELECT created_at FROM drizzle.__drizzle_migrations`);
    applied = new Set(schema.rows.map((r) => Number(r.created_at)));
    const data = await db.execute<{ name: string }>(sql`SELECT name FROM drizzle.__data_migrations`);
    dataApplied = new Set(data.rows.map((r) => r.name));
  } catch (err) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: the database answers but was never migrated.
    const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    return code === '42P01' || code === '3F000' ? 'migrations-pending' : 'unreachable';
  }
  const pending = journalTimes().some((when) => !applied.has(when)) || DATA_MIGRATIONS.some((m) => !dataApplied.has(m.name));
  return pending ? 'migrations-pending' : 'ready';
}
