/**
 * Databases on a PostgreSQL server, embedded or not, as test harnesses make and drop them: each
 * through the server's maintenance database.
 */
import pg from 'pg';
import { MAINTENANCE_DATABASE } from './embedded-cluster';

/** Creates a database (a copy of `template` if given) and returns its URL. */
export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  const from = template === undefined ? '' : ` TEMPLATE ${pg.escapeIdentifier(template)}`;
  await onMaintenanceDatabase(url, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${from}`));
  return urlOfDatabase(url, name);
}

/** Drops a database if it exists, closing its connections first (a test file's leftover pool). */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await onMaintenanceDatabase(url, (client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
}

async function onMaintenanceDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOfDatabase(url, MAINTENANCE_DATABASE) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function urlOfDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}
