/**
 * `npm start`: set the key stored secrets are sealed with, open the database (embedded by
 * default), run migrations, seal any secret still in plain text, import the demo site on first
 * start, serve, and print where; run the background job worker.
 *
 * SIGTERM (and SIGINT) shut down in order: /api/health/ready answers 503; the server stops
 * accepting connections and lets the requests in flight finish; the app's close hooks flush the
 * ingestion batches (every call answered 200 is committed) and stop listening for site changes;
 * the job worker lets running jobs finish; then the rate-limit store and the pool close, the
 * embedded database stops, and the process exits 0.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { buildApp } from './app';
import { metricsListener } from './operator/routes';
import { configureMapTiles } from '../blocks/map/tiles';
import { readConfig } from './config';
import { openDatabase } from './database';
import { importBlankIfEmpty, importDemoIfEmpty, importTemplateIfEmpty } from './demo';
import { emailHandler, EMAIL_JOB, serverMailSettings } from './mail/mailer';
import { openBlobStore } from './blobs/open';
import { encodesRunning } from './modules/files';
import { IMAGE_JOB_KINDS, imageJobHandlers, startImageSweep } from './modules/files';
import { startAbandonedCartSweep } from './modules/cart';
import { startUnpaidOrderSweep } from './modules/orders';
import { pruneJobs, startWorker } from './jobs/queue';
import { moveStoredBytes } from './modules/files';
import { createMetrics } from './metrics';
import { createFirstOwner } from './modules/accounts';
import { configurePasswordHashing, generatePassword } from './modules/accounts';
import { createVerifiedSiteUser } from './modules/accounts';
import { DEMO_CUSTOMER_EMAIL } from './demo';
import { postgresRateLimits } from './rate-limits/rate-limit';
import { connectRedisRateLimits } from './rate-limits/rate-limit-redis';
import { pruneSessions } from './modules/accounts';
import { pruneFormData } from './modules/forms';
import { pruneMeasurement } from './modules/measurement';
import { WEBHOOK_JOB, webhookHandler } from './modules/forms';
import { loadClientAssets } from './render/assets';
import { KEY_FILE, loadKeyRing, NEXT_KEY_FILE, sealingApplicationName } from './secrets/keys';
import { setSecretKeys } from './secrets/sealed';
import { sealPlainSecrets } from './secrets/stored';
import { SCHEDULED_POSTS_JOB, scheduledPostsHandler, siteTemplates } from './modules/content';
import { PRODUCT_AVAILABLE_JOB, productAvailableHandler } from './modules/catalogue';
import { downloadLinks } from './modules/checkout';
import { ORDER_EMAIL_JOB, orderEmailHandler } from './modules/orders';
import { defaultSite } from './modules/sites';
import { checkoutDeps, PAYMENT_EVENT_JOB, paymentEventHandler, pruneProviderEvents, startCheckoutSweeps } from './modules/checkout';
import { captureHandler, PAYMENT_CAPTURE_JOB } from './modules/orders';
import { startTestPayments, type TestPaymentsService } from './test-payments/process';

/** How long requests in flight are given to finish once SIGTERM arrives. */
const SHUTDOWN_GRACE_MS = 20_000;

async function main() {
  const config = readConfig(process.env, process.argv.slice(2));
  configureMapTiles(config.mapTiles);
  configurePasswordHashing(config.passwordHashCost);
  // A malformed SMTP_URL or MAIL_FROM stops the start here rather than at the first email.
  serverMailSettings();
  const assets = loadClientAssets();
  // Before Redis and the database open, so a missing or malformed key stops the start with nothing running.
  const keys = await loadKeyRing(config);
  setSecretKeys(keys.current, keys.older);
  if (keys.generated) {
    console.log(
      `Stored secrets are sealed with a key generated in ${path.join(config.dataDir, KEY_FILE)} (mode 600): keep it with your backups, as they cannot be opened without it.`,
    );
  }
  if (keys.rotating) {
    const next = keys.source === 'files' ? path.join(config.dataDir, NEXT_KEY_FILE) : 'SECRET_KEY_NEXT';
    console.log(`A secret key rotation is under way: new secrets are sealed with the key in ${next}. Finish it with: npm run secrets -- rotate`);
  }
  // Before the database opens, so an unreachable REDIS_URL stops the start without leaving the embedded server running.
  const redisRateLimits = config.redisUrl ? await connectRedisRateLimits(config.redisUrl) : undefined;
  if (redisRateLimits) console.log('Rate-limit counters are kept in Redis (REDIS_URL).');
  const opened = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    log: (line) => console.log(line),
    applicationName: sealingApplicationName(keys.current),
  });
  const { db } = opened.database;
  try {
    const sealed = await sealPlainSecrets(db);
    if (sealed > 0) console.log(`Sealed ${sealed} stored secret${sealed === 1 ? ' that was' : 's that were'} kept in plain text.`);
  } catch (err) {
    await redisRateLimits?.close();
    await opened.close({ keepServer: opened.adopted });
    throw err;
  }
  // A fresh install starts with the demo site, or with --blank (START_WITH=blank) a blank one, or with --template NAME (START_WITH=NAME) a template.
  const store = { testMode: config.siteLimits.newStoreTestMode };
  const demoId = config.startWith === 'demo' ? await importDemoIfEmpty(db) : undefined;
  const blankId = config.startWith === 'blank' ? await importBlankIfEmpty(db, store) : undefined;
  const templateId = config.startWith !== 'demo' && config.startWith !== 'blank' ? await importTemplateIfEmpty(db, config.startWith, store) : undefined;
  const rateLimits = redisRateLimits ?? postgresRateLimits(db);
  const blobs = await openBlobStore(config, opened.database);
  // The test payment service runs beside the app (its ledger in DATA_DIR), unless TEST_PAYMENTS_URL names one; without it, only test payments fail.
  const testPayments: TestPaymentsService | undefined = config.testPaymentsUrl
    ? undefined
    : await startTestPayments({ dataDir: config.dataDir, log: (line) => console.log(line) }).catch((err: unknown) => {
        console.warn(`test payments are unavailable: ${err instanceof Error ? err.message : String(err)}`);
        return undefined;
      });
  const app = await buildApp({
    database: opened.database,
    assets,
    appDomain: config.appDomain,
    serveDefaultSite: config.serveDefaultSite,
    rateLimits,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    logLevel: config.logLevel,
    metricsToken: config.metricsToken,
    metrics: createMetrics(),
    contentCacheBytes: config.contentCacheBytes,
    blobStore: blobs,
    siteLimits: config.siteLimits,
    payments: { testPaymentsUrl: config.testPaymentsUrl ?? testPayments?.url, secret: keys.current, stripeApiUrl: config.stripeApiUrl },
  });
  // Expired sessions, rate-limit counters, form submission keys and spent captchas, submissions and measurement data past their site's retention, finished jobs past theirs and payment webhooks' ids past theirs are dropped hourly (every app server may do it: the deletes are idempotent).
  const housekeeping = setInterval(
    () => {
      Promise.all([pruneSessions(db), rateLimits.prune(), pruneFormData(db), pruneMeasurement(db), pruneJobs(db), pruneProviderEvents(db)]).catch(
        (err: unknown) => console.warn('housekeeping failed', err),
      );
    },
    60 * 60 * 1000,
  );
  housekeeping.unref();
  const checkout = checkoutDeps(app, opened.database);
  const handlers = {
    [PAYMENT_CAPTURE_JOB]: captureHandler(db, checkout.payments),
    [PAYMENT_EVENT_JOB]: paymentEventHandler(checkout),
    [EMAIL_JOB]: emailHandler(opened.database, { allowPrivate: config.allowPrivateTargets.mail }),
    [WEBHOOK_JOB]: webhookHandler(opened.database, { allowPrivate: config.allowPrivateTargets.webhooks }),
    [SCHEDULED_POSTS_JOB]: scheduledPostsHandler(opened.database),
    [PRODUCT_AVAILABLE_JOB]: productAvailableHandler(opened.database),
    [ORDER_EMAIL_JOB]: orderEmailHandler(opened.database, {
      policy: { allowPrivate: config.allowPrivateTargets.mail },
      siteOrigin: (site) => app.siteOrigin(site),
      configOrigin: (site) => app.configOrigin(site),
      downloads: downloadLinks(db),
    }),
  };
  const worker = startWorker(opened.database, handlers, { log: (line) => console.warn(line), metrics: app.metrics, kinds: { except: IMAGE_JOB_KINDS } });
  // Images take seconds each: a worker of their own, so emails and webhooks never wait behind them. Sites take turns, every
  // image's first copies come before any image's rest, and a stop hands running images back rather than wait minutes for them.
  const imageWorker = startWorker(
    opened.database,
    imageJobHandlers(opened.database, {
      store: blobs,
      concurrency: config.imageConcurrency,
      avifEffort: config.imageAvifEffort,
      largePixels: config.imageLargePixels,
    }),
    {
      log: (line) => console.warn(line),
      metrics: app.metrics,
      concurrency: config.imageConcurrency,
      kinds: { only: IMAGE_JOB_KINDS },
      fair: { first: IMAGE_JOB_KINDS.slice(0, 1) },
      handBackOnStop: true,
    },
  );
  // Images left 'processing' by a worker killed during their job's last attempt are queued again or marked failed.
  const imageSweep = startImageSweep(opened.database, blobs, { log: (line) => console.warn(line) });
  // Visitors' carts idle past their cookie's lifetime are dropped.
  const cartSweep = startAbandonedCartSweep(opened.database.pool, (line) => console.warn(line));
  // Checkout holds past their time are given back (an attempt whose payment is in doubt once its provider has answered).
  const checkoutSweeps = startCheckoutSweeps(checkout, (line) => console.warn(line));
  // Offline orders left unpaid past their store's days cancel themselves and their stock is for sale again.
  const unpaidSweep = startUnpaidOrderSweep(db, (line) => console.warn(line));

  /** METRICS_LISTEN's listener, once listening. */
  let metricsServer: Server | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down (no new connections; requests in flight finish, ingestion batches are written)`);
    clearInterval(housekeeping);
    app.markDraining();
    let code = 0;
    // Node closes the connections idle at the moment of close(); a kept-alive connection whose answer
    // was still being written becomes idle later and would hold the close until its keep-alive or
    // header timeout runs out: close those as they come idle. After SHUTDOWN_GRACE_MS, the rest.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    try {
      metricsServer?.close();
      await app.close();
      await worker.stop();
      await imageSweep.stop();
      await cartSweep.stop();
      await checkoutSweeps.stop();
      await unpaidSweep.stop();
      await imageWorker.stop();
      await rateLimits.close();
      await blobs.close();
      await testPayments?.stop();
    } catch (err) {
      console.error(`shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
      code = 1;
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
      await opened.close();
    }
    console.log(code === 0 ? 'Shut down.' : 'Shut down after a failure.');
    if (code === 0 && encodesRunning() > 0) {
      // An image handed back leaves its encoder running (sharp cannot be interrupted), and an exit
      // waits for it, minutes for a huge photo: everything is written, so end by the signal itself.
      console.log(`An image encoder was still running: ending by ${signal}.`);
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsListen) metricsServer = await metricsListener(app, opened.database, config.metricsListen);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Files stored before the blob store (and those an import brought) move there in the background; images then get their copies.
  moveStoredBytes(db, blobs)
    .then((moved) => {
      if (moved > 0) console.log(`Moved ${moved} file${moved === 1 ? '' : 's'} into the ${blobs.kind} file store.`);
    })
    .catch((err: unknown) => console.warn(`moving files into the file store failed: ${err instanceof Error ? err.message : String(err)}`));
  const site = await defaultSite(db);
  const owner = site ? await createFirstOwner(db, site.id, config.ownerEmail) : undefined;
  // One write: whoever reads the output (a terminal, a log, a test) gets the banner whole.
  const banner = [`Server listening on port ${port}${opened.embedded ? ` (embedded PostgreSQL, data in ${config.dataDir})` : ''}`];
  if (demoId) banner.push('Imported the demo site.');
  if (blankId) banner.push('Started with a blank site.');
  if (templateId) banner.push(`Started from the ${siteTemplates().find((t) => t.id === config.startWith)?.name ?? config.startWith} template.`);
  if (site) {
    banner.push(`Published site: http://localhost:${port}/`);
    banner.push(`Also at:        http://${site.identifier}.${config.appDomain}:${port}/`);
    banner.push(`Config area:    http://${site.identifier}.${config.appDomain}:${port}/config/`);
  }
  if (owner) {
    banner.push(`First owner:    ${owner.email}`);
    banner.push(`Password:       ${owner.password}   (shown this once; it is stored only as a hash)`);
  }
  console.log(banner.join('\n'));
  if (demoId) {
    // A customer to try the members-only page with; the wholesale page's password is in the README and docs/running.md.
    const password = generatePassword();
    await createVerifiedSiteUser(db, demoId, DEMO_CUSTOMER_EMAIL, password, 'Demo Member');
    console.log(`Demo customer:  ${DEMO_CUSTOMER_EMAIL} / ${password}   (signs in at /account/login; shown this once)`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
