/**
 * Integration-test databases: each test file gets a fresh database copied from the migrated
 * template that global-setup prepared (CREATE DATABASE … TEMPLATE is a file copy: fast).
 */
import { randomBytes } from 'node:crypto';
import { cp } from 'node:fs/promises';
import { inject } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { createDatabase, dropDatabase } from '../src/db/databases';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    templateDatabase: string;
    preparedCluster: string;
  }
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function freshDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const base = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await createDatabase(base, name, inject('templateDatabase'));
  const database = connect(databaseUrl(base, name), 4);
  return Object.assign(database, {
    async drop() {
      await database.close();
      await dropDatabase(base, name);
    },
  });
}

/**
 * Copies the cluster the run's global setup initialised into `dataDir` (made if missing), so a
 * server started there skips initdb (an own-process test server, the embedded server's tests).
 */
export async function copyPreparedCluster(dataDir: string): Promise<void> {
  await cp(inject('preparedCluster'), dataDir, { recursive: true, preserveTimestamps: true });
}
