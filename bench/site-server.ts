/**
 * A bench section's own site: an embedded PostgreSQL of its own, migrated, the site document written
 * as the default site, the built app started on it (its files, and the test payment service's
 * ledger, under the section's directory too) and its image jobs done before anything is
 * measured; then the section's servers stopped before their database is (bench/shop.ts, bench/commerce.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { connect, runMigrations, type Database } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { DATA_MIGRATIONS } from '../src/server/modules/content';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';

export type SpawnServer = (args: string[], env?: Record<string, string>) => Promise<{ port: number; child: ChildProcess }>;

/** Runs `measure` against the app serving `doc` (its origin, e.g. http://127.0.0.1:PORT); everything started is stopped after. */
export async function withSiteServer<T>(
  opts: { dataDir: string; name: string; doc: SiteDocument; children: ChildProcess[]; spawnServer: SpawnServer; env?: Record<string, string> },
  measure: (origin: string, database: Database) => Promise<T>,
): Promise<T> {
  const db = await startEmbeddedPostgres({ dataDir: path.join(opts.dataDir, `${opts.name}-db`) });
  const database = connect(db.url, 2);
  try {
    await runMigrations(database, DATA_MIGRATIONS);
    const loaded = loadDocument(opts.doc, siteDocumentSchema);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors.slice(0, 3)));
    await writeSiteDocument(database.db, loaded.document, { makeDefault: true });
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(opts.dataDir, `${opts.name}-app`),
      DATABASE_URL: db.url,
      SECRET_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'silent',
      ...opts.env,
    };
    const app = await opts.spawnServer(['dist/server/main.js'], env);
    opts.children.push(app.child);
    await jobsDone(database);
    return await measure(`http://127.0.0.1:${app.port}`, database);
  } finally {
    await database.close();
    // The section's servers stop before their database does.
    await Promise.all(
      opts.children
        .splice(0)
        .map((child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))))),
    );
    await db.stop();
  }
}

/** The images' copies are made by the app's jobs after it starts: measured once they are done, not beside them. */
async function jobsDone(database: Database): Promise<void> {
  for (let waited = 0; waited < 120; waited++) {
    const { rows } = await database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE status <> 'done' AND status <> 'failed'");
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
