/**
 * One embedded PostgreSQL for every database test project of a run (integration, the serial group,
 * end-to-end), with a migrated template database that each integration test file copies and the
 * end-to-end servers' database is made from; and a prepared (initdb'd) cluster that a test's own
 * server process copies instead of running initdb. Each project's global setup takes them; the
 * last one to finish stops the server. Vitest runs every project's global setup in its main
 * process, so they are kept on `globalThis`, which the projects' separately loaded copies of this
 * module share. The server bundle the tests' server processes run is checked fresh here too.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../src/db/client';
import { DATA_MIGRATIONS } from '../src/server/modules/content';
import { createDatabase } from '../src/db/databases';
import { prepareCluster, startEmbeddedPostgres } from '../src/db/embedded';
import { ensureServerBundle } from '../e2e/bundle';
import { sharedTestPayments } from './test-payments';

export const TEMPLATE = 'openpress_template';

/** A temp dir the server's system user can enter (mkdtemp makes 700 dirs). */
export async function openTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}

/**
 * The test server's settings. Integration files run in parallel, each with pools of its own,
 * beside the end-to-end servers'. Its data lives for one run and is thrown away, so it skips
 * flushing to disk (PostgreSQL's "non-durable settings"): a commit is as visible as ever, only not
 * waited on by the disk. What survives a crash is tested on clusters of their own, with the
 * product's settings (src/db/embedded.test.ts).
 */
const TEST_SERVER_SETTINGS = { max_connections: '400', fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

type Started = { url: string; preparedCluster: string; stop(): Promise<void> };
type Shared = { started: Promise<Started>; users: number };
const KEY = Symbol.for('openpress.test.postgres');
const holder = globalThis as { [KEY]?: Shared };

async function start(): Promise<Started> {
  const [dataDir, preparedCluster] = await Promise.all([openTempDir('openpress-test-pg-'), openTempDir('openpress-test-cluster-')]);
  const migrated = (async () => {
    const server = await startEmbeddedPostgres({ dataDir, settings: TEST_SERVER_SETTINGS });
    const template = connect(await createDatabase(server.url, TEMPLATE), 1);
    await runMigrations(template, DATA_MIGRATIONS);
    await template.close();
    return server;
  })();
  const [server] = await Promise.all([migrated, prepareCluster(preparedCluster), ensureServerBundle()]);
  return {
    url: server.url,
    preparedCluster,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(preparedCluster, { recursive: true, force: true });
    },
  };
}

/** The run's PostgreSQL and prepared cluster (made by the first caller), and a release for the caller's teardown. */
export async function sharedPostgres(): Promise<{ url: string; preparedCluster: string; release(): Promise<void> }> {
  const shared = (holder[KEY] ??= { started: start(), users: 0 });
  shared.users += 1;
  const { url, preparedCluster, stop } = await shared.started;
  return {
    url,
    preparedCluster,
    async release() {
      shared.users -= 1;
      if (shared.users > 0) return;
      holder[KEY] = undefined;
      await stop();
    },
  };
}

export default async function setup(project: TestProject) {
  const [postgres, payments] = await Promise.all([sharedPostgres(), sharedTestPayments()]);
  project.provide('pgUrl', postgres.url);
  project.provide('templateDatabase', TEMPLATE);
  project.provide('preparedCluster', postgres.preparedCluster);
  project.provide('testPaymentsUrl', payments.url);
  // Servers the tests spawn (their environment is this process's) use the run's service rather than start their own.
  process.env.TEST_PAYMENTS_URL = payments.url;
  return async () => {
    await payments.release();
    await postgres.release();
  };
}
