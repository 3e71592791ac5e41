/**
 * Once per test project: one embedded PostgreSQL for the integration tests, with a migrated
 * template database that each test file copies, and a prepared (initdb'd) cluster that each
 * end-to-end server copies instead of running initdb.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../src/db/client';
import { createDatabase, prepareCluster, startEmbeddedPostgres } from '../src/db/embedded';

const TEMPLATE = 'openpress_template';

/** A temp dir the server's system user can enter (mkdtemp makes 700 dirs). */
export async function openTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}

export default async function setup(project: TestProject) {
  const dataDir = await openTempDir(`openpress-${project.name}-pg-`);
  const server = await startEmbeddedPostgres({ dataDir });
  const templateUrl = await createDatabase(server.url, TEMPLATE);
  const template = connect(templateUrl, 1);
  await runMigrations(template);
  await template.close();

  const prepared = await openTempDir(`openpress-${project.name}-cluster-`);
  await prepareCluster(prepared);

  project.provide('pgUrl', server.url);
  project.provide('templateDatabase', TEMPLATE);
  project.provide('preparedCluster', prepared);

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(prepared, { recursive: true, force: true });
  };
}
