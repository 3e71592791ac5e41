/**
 * Opening the database the way the environment asks: DATABASE_URL for a managed PostgreSQL
 * (pooled), otherwise the app's private embedded PostgreSQL in DATA_DIR. Migrations run on open.
 */
import { connect, runMigrations, type Database } from '../db/client';
import { DATA_MIGRATIONS } from './modules/content';
import { startEmbeddedPostgres } from '../db/embedded';

export type OpenedDatabase = {
  database: Database;
  /** Closes the pool, then stops the embedded server if this process started it. */
  close(opts?: { keepServer?: boolean }): Promise<void>;
  embedded: boolean;
  /** True when the embedded server was already running (the app's, or one left by a crash) and was adopted. */
  adopted: boolean;
};

export type OpenOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  log?: (line: string) => void;
  poolSize?: number;
  /** PostgreSQL's application_name for every connection (an app server names the key it seals with: src/server/secrets/keys.ts). */
  applicationName?: string;
};

function named(url: string, applicationName: string | undefined): string {
  if (!applicationName) return url;
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

export async function openDatabase(opts: OpenOptions): Promise<OpenedDatabase> {
  if (opts.databaseUrl) {
    const database = connect(named(opts.databaseUrl, opts.applicationName), opts.poolSize);
    await runMigrations(database, DATA_MIGRATIONS);
    return { database, embedded: false, adopted: false, close: () => database.close() };
  }
  const server = await startEmbeddedPostgres({ dataDir: opts.dataDir, ...(opts.log ? { log: opts.log } : {}) });
  const database = connect(named(server.url, opts.applicationName), opts.poolSize);
  try {
    await runMigrations(database, DATA_MIGRATIONS);
  } catch (err) {
    await database.close();
    await server.stop();
    throw err;
  }
  return {
    database,
    embedded: true,
    adopted: server.adopted,
    async close(closeOpts) {
      await database.close();
      if (!closeOpts?.keepServer) await server.stop();
    },
  };
}
