/**
 * The database as a backup reads it: its tables in the order they restore, its migration level, its
 * sequences, and the stored files its rows name.
 */
import type pg from 'pg';
import { BackupError, quoted, type BlobTotals, type Header, type Sequence } from './format';

/** The tables of the public schema, each after the tables its foreign keys point to. */
export async function tablesInRestoreOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1",
  );
  const { rows: refs } = await client.query<{ child: string; parent: string }>(
    "SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname <> p.relname",
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new BackupError(`The tables ${path.join(' -> ')} refer to each other in a cycle; they cannot be restored in order.`);
    for (const r of refs) if (r.child === name) visit(r.parent, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const t of tables) visit(t.name, []);
  return ordered;
}

export async function migrationLevel(client: pg.ClientBase): Promise<Header['migrations']> {
  const schema = await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id');
  const data = await client.query<{ name: string }>('SELECT name FROM drizzle.__data_migrations ORDER BY name');
  return { schema: schema.rows.map((r) => r.hash), data: data.rows.map((r) => r.name) };
}

export async function sequences(client: pg.ClientBase): Promise<Sequence[]> {
  const { rows } = await client.query<{ name: string }>("SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1");
  const found: Sequence[] = [];
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM public.${quoted(name)}`);
    found.push({ name, value: state[0]!.last_value, called: state[0]!.is_called });
  }
  return found;
}

/** Blob names of the snapshot: each stored file's original and its image sizes, one row per key. */
export const NAMED_BLOBS = `SELECT website_id, path, max(size)::text AS size, max(content_type) AS content_type FROM (
  SELECT website_id, blob_path AS path, size, content_type FROM files WHERE blob_path IS NOT NULL
  UNION ALL SELECT website_id, blob_path, size, content_type FROM file_variants
) named GROUP BY website_id, path ORDER BY website_id, path`;

/** The `blobs` table's files (the postgres store's): they travel as its rows. */
export async function tableBlobs(client: pg.ClientBase): Promise<BlobTotals> {
  const { rows } = await client.query<{ n: string; bytes: string }>('SELECT count(*)::text AS n, coalesce(sum(size), 0)::text AS bytes FROM blobs');
  return { count: Number(rows[0]!.n), bytes: Number(rows[0]!.bytes), skipped: 0 };
}
