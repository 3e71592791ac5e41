/**
 * The benchmark's form server: the real app on the demo site, with two changes that a load from one
 * address needs — rate limits that never limit (every request would otherwise measure the 429
 * path) and no captcha on the site (a proof of work per request would measure the browser's
 * solving, not the server). DATA_DIR names its embedded database.
 */
import { eq } from 'drizzle-orm';
import { siteCaptcha } from '../src/server/modules/sites/schema/captcha';
import { websites } from '../src/server/modules/sites/schema/sites';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/database';
import { importDemoIfEmpty } from '../src/server/demo';
import { loadKeyRing } from '../src/server/secrets/keys';
import { setSecretKeys } from '../src/server/secrets/sealed';
import { loadClientAssets } from '../src/server/render/assets';
import { unlimited } from './unlimited-rate-limits';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the benchmark database directory');
// The demo's captcha key is sealed as the server seals it: with the key in the data directory.
const keys = await loadKeyRing({ dataDir, databaseUrl: undefined, secretKey: undefined, secretKeyNext: undefined });
setSecretKeys(keys.current, keys.older);
const opened = await openDatabase({ dataDir });
const { db } = opened.database;
await importDemoIfEmpty(db);
const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.isDefault, true));
await db.delete(siteCaptcha).where(eq(siteCaptcha.websiteId, site!.id));
// A database that has run a while: the demo import's autovacuum, statistics and dirty pages done
// now, not on the bench's two cores while it measures.
await opened.database.pool.query('VACUUM ANALYZE');
await opened.database.pool.query('CHECKPOINT');
const app = await buildApp({ database: opened.database, assets: loadClientAssets(), appDomain: 'localhost', serveDefaultSite: true, rateLimits: unlimited });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
// The bench counts what was stored in this database against what was acknowledged.
console.log(`Database ${opened.database.url}`);
console.log(`Server listening on port ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => opened.close())
    .finally(() => process.exit(0));
});
