/**
 * The Fastify application, as plugins in load order:
 * 1. request guards: the Host and URL check before anything runs, the text rule, error answers;
 * 2. security headers and CSP (http/headers.ts), on every answer;
 * 3. app decorations: the public address, rate limits, stored-data warnings to the log;
 * 4. site resolution by host, with the page cache, site-change notifications and page unlocks;
 * 5. the crumb and Origin check, then the API routes (api/<family>.ts) and the config shell;
 * 6. page routes: published pages, rendered once per change and served from the cache;
 * 7. static assets: the browser build's files, and the font files sites use (./http/fonts.ts).
 * Routes call their module's operations for everything they read or write (src/server/modules).
 */
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { ACCOUNT_PATHS } from '../domain/routes';
import { registerAccountRoutes } from './modules/accounts/routes/account';
import { registerAnalyticsApi } from './modules/measurement/routes/analytics';
import { registerAuthRoutes } from './modules/accounts/routes/auth';
import { registerBlogApi } from './modules/content/routes/blog';
import { registerProductsApi } from './modules/catalogue/routes/products';
import { registerStoreApi } from './modules/catalogue/routes/store';
import { registerPricingConfigApi } from './modules/pricing/routes/pricing-config';
import { registerPaymentsConfigApi } from './modules/payments/routes/payments-config';
import { registerOrdersConfigApi } from './modules/orders/routes/orders-config';
import { registerCustomersConfigApi } from './modules/accounts/routes/customers-config';
import { registerCaptchaApi } from './modules/sites/routes/captcha';
import { registerAvailabilityRoute } from './modules/catalogue/routes/availability';
import { registerGoogleMapsApi } from './modules/files/routes/google-maps';
import { registerConfigApi } from './modules/content/routes/config';
import { registerCookieBannerApi } from './modules/content/routes/cookie-banner';
import { registerEditorApi } from './modules/content/routes/editor';
import { registerDesignApi } from './modules/content/routes/design';
import { registerFileRoutes } from './modules/files/routes/files';
import { postgresBlobStore } from './blobs/postgres-store';
import type { BlobStore } from './blobs/store';
import type { ResolveOptions } from '../blocks/server-types';
import { DEFAULT_SITE_LIMITS, type SiteLimits } from './modules/sites';
import { registerFormRoutes } from './modules/forms/routes/forms';
import { registerFormsConfigApi } from './modules/forms/routes/forms-config';
import { registerProductCsvApi } from './modules/catalogue/routes/product-csv';
import { registerEditorProductsApi } from './modules/catalogue/routes/editor-products';
import { registerLabsApi } from './modules/content/routes/labs';
import { INGEST_LIMIT, isCrumbExempt, registerMeasurementRoutes } from './modules/measurement/routes/measurement';
import { registerMultilingualApi } from './modules/content/routes/multilingual';
import { registerNewSitesApi } from './modules/content/routes/new-sites';
import { registerNavigationApi } from './modules/content/routes/navigation';
import { isOneClickUnsubscribe, registerNewsletterApi } from './modules/forms/routes/newsletter';
import { recordRequestMetrics, registerOperationsRoutes } from './operator/routes';
import { registerPostEditorApi } from './modules/content/routes/post-editor';
import { registerSeoRoutes } from './modules/content/routes/seo';
import { registerSiteIconRoutes } from './modules/files/routes/site-icon';
import { registerSitePagesApi } from './modules/content/routes/site-pages';
import { registerSiteUserRoutes } from './modules/accounts/routes/site-users';
import { registerCartApi } from './modules/cart/routes/cart';
import { registerCheckoutPages } from './modules/checkout/routes/checkout-pages';
import { registerDownloadRoutes } from './modules/checkout/routes/downloads';
import { registerCheckoutApi } from './modules/checkout/routes/place';
import { isPaymentWebhook } from './modules/checkout/routes/webhooks';
import { cartDeps } from './modules/cart';
import { signOutCart } from './plugins/cart-cookies';
import { registerCrumb } from './plugins/crumb';
import { pageRoutesPlugin } from './plugins/page-routes';
import { loggerOptions, newRequestId, registerRequestGuards, type LogLevel } from './plugins/request-guards';
import { securityHeadersPlugin } from './plugins/security-headers';
import { siteResolutionPlugin } from './plugins/site-resolution';
import { staticAssetsPlugin } from './plugins/static-assets';
import { registerFontFiles } from './http/fonts';
import { frontPath } from './front/front-path';
import type { ClientAssets } from './render/assets';
import { registerConfigShell } from './render/config-shell';
import { configOrigin, publicBase, securedRequest, siteOrigin, type PublicBase } from './request';
import type { IngestLimit } from './modules/measurement';
import { createMetrics, type Metrics } from './metrics';
import { postgresRateLimits, type RateLimitStore } from './rate-limits/rate-limit';
import type { WebsiteRow } from './modules/sites';
import { onStoredProblem, siteSettings } from './modules/sites';
import { http } from '../messages/http';
import { createPaymentProviders, type PaymentProviders } from './modules/payments';

export type AppOptions = {
  database: Database;
  assets: ClientAssets;
  /** Sites answer on {identifier}.{appDomain}. */
  appDomain: string;
  /** Serve the default site for hosts that name no site (localhost, IPs, unknown names). */
  serveDefaultSite: boolean;
  /** Where rate-limit counters live (Redis when REDIS_URL is set); this database when not given. */
  rateLimits?: RateLimitStore;
  /** Measurement calls per address and site (api/measurement.ts INGEST_LIMIT when not given; null: none, for the benchmark). */
  ingestLimit?: IngestLimit | null;
  /** PUBLIC_URL: the scheme and port sites are reached at (links in emails; https marks cookies Secure). Unset: http on the listening port. */
  publicUrl?: string;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-Proto and X-Forwarded-For are believed. */
  trustProxy?: string;
  /** Log lines (pino) at this level; none when not given. A line per request at info and debug. */
  logLevel?: LogLevel;
  /** Where log lines go (standard output when not given). */
  logStream?: Writable;
  /** METRICS_TOKEN: the Bearer token /api/metrics asks of callers that are not on this machine. */
  metricsToken?: string;
  /** Where this app's metrics are recorded (when not given: a registry of its own, without the process metrics). */
  metrics?: Metrics;
  /** CONTENT_CACHE_MB in bytes: the most site content each app server holds for rendering (64 MB when not given). */
  contentCacheBytes?: number;
  /** Where file bytes live (FILE_STORE); the database's own blob tables when not given. The caller closes a store it gives. */
  blobStore?: BlobStore;
  /** How video blocks' oEmbed lookups connect at save time (src/blocks/video/server.ts); the providers' own endpoints, public addresses only, when not given. */
  videoEmbeds?: ResolveOptions;
  /** Import and storage limits, who creates sites, punycode identifiers (config.ts); the settings' defaults when not given. */
  siteLimits?: Partial<SiteLimits>;
  /** The test payment service's address (none: the test provider answers unavailable) and the key sites' test-mode keys derive from (a random one when not given). */
  payments?: { testPaymentsUrl?: string; secret?: Buffer; stripeApiUrl?: string | undefined };
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimitStore;
    /** The public scheme and port (PUBLIC_URL, else http on the port listened on). */
    publicBase(): PublicBase;
    /** A site's own address for links that leave the request behind (emails, other sites' config areas). */
    siteOrigin(site: Pick<WebsiteRow, 'id' | 'identifier' | 'settings'>): string;
    /** Where a site's config area is (its identifier subdomain), for links to it in emails and the site picker. */
    configOrigin(site: Pick<WebsiteRow, 'identifier'>): string;
    /** Whether cookies set on this request are marked Secure. */
    secureCookies(req: FastifyRequest): boolean;
    registeredRoutes: RegisteredRoute[];
    /** This app's metrics (metrics.ts), served at /api/metrics. */
    metrics: Metrics;
    /** Where the sites' file bytes live (src/server/blobs/store.ts). */
    blobs: BlobStore;
    /** How video blocks' oEmbed lookups connect (src/blocks/video/server.ts). */
    videoEmbeds: ResolveOptions;
    /** What the operator allows each site and account (services/site-limits.ts). */
    siteLimits: SiteLimits;
    /** APP_DOMAIN: sites answer on {identifier}.{appDomain}. */
    appDomain: string;
    /** The payment providers a site may use (src/server/modules/payments). */
    payments: PaymentProviders;
  }
}

export type RegisteredRoute = { method: string; url: string; config: object };

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  // Cached pages are answered in front of the framework, once everything below is registered.
  const front = frontPath();
  const app = Fastify({
    serverFactory: front.serverFactory,
    ...loggerOptions(opts.logLevel, opts.logStream),
    bodyLimit: 1024 * 1024,
    genReqId: newRequestId,
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { maxParamLength: 300, ignoreTrailingSlash: false },
  });
  const { db } = opts.database;
  app.decorate('metrics', opts.metrics ?? createMetrics({ defaults: false }));
  const requestLines = opts.logLevel === 'info' || opts.logLevel === 'debug';
  registerRequestGuards(app, { requestLines });
  recordRequestMetrics(app);
  // Every route, as registered: the route-walking tests cover a route added later without being edited.
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, config: route.config ?? {} });
  });
  // Asked for on every answer (whether its cookies are Secure): worked out once the server listens,
  // since asking the socket for its port is a system call.
  let base: PublicBase | undefined;
  const currentBase = (): PublicBase => {
    if (base) return base;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : undefined;
    const found = publicBase(opts.publicUrl, port);
    if (opts.publicUrl || port !== undefined) base = found;
    return found;
  };
  app.decorate('publicBase', currentBase);
  app.decorate('siteOrigin', (site: Pick<WebsiteRow, 'id' | 'identifier' | 'settings'>) =>
    siteOrigin({ identifier: site.identifier, customDomains: siteSettings(site).customDomains }, opts.appDomain, app.publicBase()),
  );
  app.decorate('configOrigin', (site: Pick<WebsiteRow, 'identifier'>) => configOrigin(site.identifier, opts.appDomain, app.publicBase()));
  app.decorate('secureCookies', (req: FastifyRequest) => securedRequest(req, app.publicBase()));
  await app.register(securityHeadersPlugin);

  app.decorate('rateLimits', opts.rateLimits ?? postgresRateLimits(db));
  onStoredProblem((problem) => app.log.warn(problem, 'stored data fails its schema'));
  await app.register(siteResolutionPlugin, {
    database: opts.database,
    appDomain: opts.appDomain,
    serveDefaultSite: opts.serveDefaultSite,
    contentCacheBytes: opts.contentCacheBytes,
  });

  app.decorate('configRoutes', []);
  // The account pages' POST (plugins/page-routes.ts) changes nothing: it only sends the visitor back to the page.
  const isAccountPagePost = (req: FastifyRequest) => (req.url.split('?')[0] ?? '').startsWith(`${ACCOUNT_PATHS.HOME}/`);
  const siteHosts = async (req: FastifyRequest) => {
    const site = await app.siteForRequest(req);
    if (!site) return [];
    return [`${site.identifier}.${opts.appDomain}`, ...siteSettings(site).customDomains];
  };
  // The newsletter's one-click unsubscribe is posted by a mail provider's server, which has no crumb
  // or cookie (RFC 8058); the sealed token in its address alone authorises it, and it can only
  // unsubscribe the one address that token names (docs/security.md). A payment provider's webhook
  // is posted by its server too: the signature under the site's secret authorises it.
  await registerCrumb(app, db, {
    exempt: (req) => isCrumbExempt(req) || isAccountPagePost(req) || isOneClickUnsubscribe(req) || isPaymentWebhook(req),
    siteHosts,
  });
  const blobs = opts.blobStore ?? postgresBlobStore(opts.database);
  app.decorate('blobs', blobs);
  app.decorate('videoEmbeds', opts.videoEmbeds ?? { allowPrivate: false });
  app.decorate('siteLimits', { ...DEFAULT_SITE_LIMITS, ...opts.siteLimits });
  app.decorate('appDomain', opts.appDomain);
  app.decorate(
    'payments',
    createPaymentProviders({
      db,
      testPaymentsUrl: opts.payments?.testPaymentsUrl,
      secret: opts.payments?.secret ?? randomBytes(32),
      stripeApiUrl: opts.payments?.stripeApiUrl,
    }),
  );
  if (!opts.blobStore) app.addHook('onClose', () => blobs.close());
  await registerFileRoutes(app, db, blobs);
  await registerSeoRoutes(app, db);
  await registerSiteIconRoutes(app, db, blobs);
  await registerAuthRoutes(app, db, { appDomain: opts.appDomain });
  await registerAccountRoutes(app, db);
  await registerConfigApi(app, db, { appDomain: opts.appDomain });
  await registerEditorApi(app, db, opts.assets);
  await registerDesignApi(app, db, opts.assets);
  await registerPostEditorApi(app, db, opts.assets);
  await registerBlogApi(app, db);
  await registerStoreApi(app, db);
  registerPricingConfigApi(app, db);
  registerPaymentsConfigApi(app, db);
  registerOrdersConfigApi(app, db);
  registerCustomersConfigApi(app, db);
  await registerProductsApi(app, db, { blobs });
  await registerSitePagesApi(app, db);
  await registerNewSitesApi(app, db);
  await registerNavigationApi(app, db);
  await registerLabsApi(app, db);
  await registerMultilingualApi(app, db);
  await registerFormsConfigApi(app, db);
  registerProductCsvApi(app, db);
  registerEditorProductsApi(app, db);
  await registerAnalyticsApi(app, db);
  await registerSiteUserRoutes(app, db, { signOutCart: signOutCart(cartDeps(app, opts.database)) });
  await registerCartApi(app, opts.database);
  await registerCheckoutPages(app, opts.database, opts.assets);
  registerDownloadRoutes(app, db);
  await registerCheckoutApi(app, opts.database);
  await registerFormRoutes(app, db);
  await registerCaptchaApi(app, db);
  await registerGoogleMapsApi(app, db);
  await registerCookieBannerApi(app, db);
  await registerNewsletterApi(app, db);
  await registerAvailabilityRoute(app, opts.database.pool);
  await registerMeasurementRoutes(app, db, { limit: opts.ingestLimit === undefined ? INGEST_LIMIT : opts.ingestLimit });
  await registerOperationsRoutes(app, opts.database, { metricsToken: opts.metricsToken });
  registerConfigShell(app, opts.assets);
  app.all('/api/*', async (_req, reply) => reply.code(404).send({ error: http.noSuchCall }));

  await app.register(pageRoutesPlugin, { db, database: opts.database, assets: opts.assets });
  await app.register(staticAssetsPlugin, { assets: opts.assets });
  registerFontFiles(app);
  front.attach(app, { trustProxy: opts.trustProxy, requestLines });
  return app;
}
