/**
 * The Fastify application: security headers, the browser build's assets, site files, robots.txt
 * and sitemap.xml, and published pages (rendered once per change and served from the cache).
 * Plugins load in order: external (helmet), then app (database, caches), then routes.
 */
import { readFile } from 'node:fs/promises';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { ClientAssets } from './render/assets';
import { createPageCache, type PageCache } from './render/cache';
import { PAGE_TYPES, renderSitePath, renderSystemPage, type AccessDecision, type SiteResponse } from './render/site-page';
import { renderAccountPage } from './render/account-pages';
import { renderNewsletterPage } from './render/newsletter-pages';
import type { PageIsland } from './render/page';
import type { PageVisitor } from './render/page-context';
import { registerSiteUserRoutes } from './api/site-users';
import { registerFormRoutes } from './api/forms';
import { roleOn, signedInAccount } from './config-routes';
import { sameOriginPath } from '../domain/redirect-target';
import { ACCOUNT_PATHS, NEWSLETTER_PATHS, QUERY } from '../domain/routes';
import { TEAM_ROLES } from '../domain/roles';
import type { PageAccess, SiteSettings } from '../document/schema';
import { SESSION_COOKIE } from './services/sessions';
import { MEMBER_COOKIE, memberForSession, type MemberSession } from './services/site-users';
import { UNLOCK_COOKIE } from './services/page-access';
import { registerCrumb } from './plugins/crumb';
import { listenForSiteChanges, type SiteChangeListener } from './plugins/site-changes';
import { registerConfigShell } from './render/config-shell';
import { registerAuthRoutes } from './api/auth';
import { registerAccountRoutes } from './api/account';
import { registerConfigApi } from './api/config';
import { registerLabsApi } from './api/labs';
import { registerMultilingualApi } from './api/multilingual';
import { registerFormsConfigApi } from './api/forms-config';
import { registerAnalyticsApi } from './api/analytics';
import { registerCaptchaApi } from './api/captcha';
import { registerCookieBannerApi } from './api/cookie-banner';
import { isOneClickUnsubscribe, registerNewsletterApi } from './api/newsletter';
import { INGEST_LIMIT, isCrumbExempt, registerMeasurementRoutes } from './api/measurement';
import type { IngestLimit } from './services/ingest';
import { RECAPTCHA_CSP_SOURCES, usesRecaptcha } from './services/captcha';
import { registerFileRoutes } from './api/files';
import { registerSeoRoutes } from './api/seo';
import { configOrigin, publicBase, requestHost, requestOrigin, securedRequest, siteOrigin, type PublicBase } from './request';
import { newRequestId, registerRequestGuards } from './plugins/request-guards';
import { websiteForHost, type WebsiteRow } from './services/sites';
import { postgresRateLimits, type RateLimitStore } from './services/rate-limit';
import { http } from '../messages/http';

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
  /** Log lines (pino) at this level; none when not given. */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug';
};

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageCache;
    siteForRequest(req: FastifyRequest): Promise<WebsiteRow | undefined>;
    siteChanges: SiteChangeListener;
    rateLimits: RateLimitStore;
    /** The public scheme and port (PUBLIC_URL, else http on the port listened on). */
    publicBase(): PublicBase;
    /** A site's own address for links that leave the request behind (emails, other sites' config areas). */
    siteOrigin(site: Pick<WebsiteRow, 'identifier' | 'settings'>): string;
    /** Where a site's config area is (its identifier subdomain), for links to it in emails and the site picker. */
    configOrigin(site: Pick<WebsiteRow, 'identifier'>): string;
    /** Whether cookies set on this request are marked Secure. */
    secureCookies(req: FastifyRequest): boolean;
    registeredRoutes: RegisteredRoute[];
  }
}

export type RegisteredRoute = { method: string; url: string; config: object };

function contentSecurityPolicy(scriptHashes: string[], styleHashes: string[], https: boolean, html = ''): string {
  const hashes = (list: string[]) => list.map((h) => ` '${h}'`).join('');
  // A page that renders a reCAPTCHA container (a site that chose reCAPTCHA over the built-in
  // captcha) may load Google's scripts; frame-src below already allows its https: frame.
  const thirdParty = usesRecaptcha(html) ? ` ${RECAPTCHA_CSP_SOURCES.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${hashes(scriptHashes)}${thirdParty}`,
    `style-src 'self'${hashes(styleHashes)}`,
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logLevel ? { level: opts.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'] } : false,
    bodyLimit: 1024 * 1024,
    genReqId: newRequestId,
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { maxParamLength: 300, ignoreTrailingSlash: false },
  });
  const { db } = opts.database;
  registerRequestGuards(app);
  // Every route, as registered: the route-walking tests cover a route added later without being edited.
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, config: route.config ?? {} });
  });
  const listeningPort = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : undefined;
  };
  app.decorate('publicBase', () => publicBase(opts.publicUrl, listeningPort()));
  app.decorate('siteOrigin', (site: Pick<WebsiteRow, 'identifier' | 'settings'>) => siteOrigin(site, opts.appDomain, app.publicBase()));
  app.decorate('configOrigin', (site: Pick<WebsiteRow, 'identifier'>) => configOrigin(site.identifier, opts.appDomain, app.publicBase()));
  app.decorate('secureCookies', (req: FastifyRequest) => securedRequest(req, app.publicBase()));

  // helmet's own CSP is off: published pages send a per-page policy built from their hashes below,
  // and other responses (assets, files, XML) get a locked-down default.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    // The browser's own default: a page on the site learns which page led to it; another site
    // learns only the origin (docs/decisions.md, "Referrer policy").
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (req, reply) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'self'; frame-ancestors 'none'");
    }
    // Over TLS (as a trusted proxy reports it), or whenever the public address is https.
    if (app.secureCookies(req)) reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
  });

  app.decorate('rateLimits', opts.rateLimits ?? postgresRateLimits(db));

  const cache = createPageCache();
  const hostCache = new Map<string, WebsiteRow | undefined>();
  // Like the page cache's generations: a lookup that began before a change is not stored after it.
  let hostGeneration = 0;
  app.decorate('pageCache', cache);
  const siteChanges = listenForSiteChanges(
    opts.database.url,
    (websiteId) => {
      cache.invalidate(websiteId);
      hostGeneration += 1;
      hostCache.clear();
    },
    () => {
      cache.clear();
      hostGeneration += 1;
      hostCache.clear();
    },
  );
  app.decorate('siteChanges', siteChanges);
  app.addHook('onClose', async () => siteChanges.close());

  app.decorate('siteForRequest', async (req: FastifyRequest) => {
    const host = requestHost(req);
    if (hostCache.has(host)) return hostCache.get(host);
    const generation = hostGeneration;
    const site = await websiteForHost(db, host, opts.appDomain, opts.serveDefaultSite);
    if (generation !== hostGeneration) return site;
    if (hostCache.size > 10_000) hostCache.clear();
    hostCache.set(host, site);
    return site;
  });

  app.get('/assets/*', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === opts.assets.theme.url) {
      return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(opts.assets.theme.css);
    }
    const file = opts.assets.files.get(path);
    if (!file) return reply.code(404).type('text/plain').send('Not found');
    const type = file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(await readFile(file));
  });

  app.decorate('configRoutes', []);
  // The account pages' POST (below) changes nothing: it only sends the visitor back to the page.
  const isAccountPagePost = (req: FastifyRequest) => (req.url.split('?')[0] ?? '').startsWith(`${ACCOUNT_PATHS.HOME}/`);
  const siteHosts = async (req: FastifyRequest) => {
    const site = await app.siteForRequest(req);
    if (!site) return [];
    const domains = (site.settings as Partial<SiteSettings>).customDomains ?? [];
    return [`${site.identifier}.${opts.appDomain}`, ...domains];
  };
  // The newsletter's one-click unsubscribe is posted by a mail provider's server, which has no crumb
  // or cookie (RFC 8058); the sealed token in its address alone authorises it, and it can only
  // unsubscribe the one address that token names (docs/security.md).
  await registerCrumb(app, db, { exempt: (req) => isCrumbExempt(req) || isAccountPagePost(req) || isOneClickUnsubscribe(req), siteHosts });
  await registerFileRoutes(app, db);
  await registerSeoRoutes(app, db);
  await registerAuthRoutes(app, db, { appDomain: opts.appDomain });
  await registerAccountRoutes(app, db);
  await registerConfigApi(app, db, { appDomain: opts.appDomain });
  await registerLabsApi(app, db);
  await registerMultilingualApi(app, db);
  await registerFormsConfigApi(app, db);
  await registerAnalyticsApi(app, db);
  await registerSiteUserRoutes(app, db);
  await registerFormRoutes(app, db);
  await registerCaptchaApi(app, db);
  await registerCookieBannerApi(app, db);
  await registerNewsletterApi(app, db);
  await registerMeasurementRoutes(app, db, { limit: opts.ingestLimit === undefined ? INGEST_LIMIT : opts.ingestLimit });
  registerConfigShell(app, opts.assets);
  app.all('/api/*', async (_req, reply) => reply.code(404).send({ error: http.noSuchCall }));

  const sendHtml = (reply: FastifyReply, status: number, html: string, csp: string, personal = false) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', personal ? 'private, no-store' : 'no-cache')
      .header('content-security-policy', csp)
      .send(html);

  /**
   * Page-level behaviour for this visitor. The logout notice on `logout=true` (seed 000 §2). A
   * signed-in team member gets the team-member island (the config redirect, Escape to the config
   * area, Shift+Escape to log out: seed 000 §2, §4); its data holds what the browser cannot know.
   * Anyone else gets the escape-key sign-in when the site allows it. The page itself is the same
   * for every visitor with the same islands, so it is cached per island set. The visitor facts of
   * the page context (page-context.ts): the team role (already in the island set) and a signed-in
   * customer's account id (looked up only when the member cookie is present; such pages are not cached).
   */
  const visitorIslands = async (
    req: FastifyRequest,
    site: WebsiteRow,
    params: URLSearchParams,
  ): Promise<{ islands: PageIsland[]; visitor: PageVisitor; member: MemberSession | undefined }> => {
    const islands: PageIsland[] = [];
    const visitor: PageVisitor = {};
    if (params.get(QUERY.LOGOUT) === 'true') islands.push({ name: 'logout-notice' });
    const settings = site.settings as Partial<SiteSettings>;
    const account = req.cookies[SESSION_COOKIE] ? await signedInAccount(db, req) : undefined;
    const role = account ? await roleOn(db, site.id, account.id) : undefined;
    if (role !== undefined && role !== TEAM_ROLES.NONE) {
      visitor.teamRole = role;
      islands.push({ name: 'team-member', data: { role: String(role), 'developer-mode': String(!!settings.developerMode), cloneable: String(!!settings.cloneable) } });
    } else if (settings.escapeKeyLogin) {
      islands.push({ name: 'escape-login' });
    }
    const member = req.cookies[MEMBER_COOKIE] ? await memberForSession(db, site.id, req.cookies[MEMBER_COOKIE]) : undefined;
    if (member) visitor.memberAccountId = member.user.id;
    return { islands, visitor, member };
  };

  /** Members-only pages need a signed-in customer (`member`, looked up once a request); password pages an unlock cookie for the current password. */
  const accessFor = (req: FastifyRequest, member: MemberSession | undefined, page: { id: string; access: PageAccess }): AccessDecision => {
    if (page.access.type === 'members') return member ? 'allow' : 'denied';
    if (page.access.type === 'password') return app.pageUnlocks.isUnlocked(req.cookies[UNLOCK_COOKIE], page.id, page.access.passwordHash) ? 'allow' : 'locked';
    return 'allow';
  };

  // The account forms are sent by their island. One sent before the page's code ran (or with no
  // JavaScript) posts to its own address, so no field ever lands in an address or a log, and comes
  // back to the page with 303.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: 64 * 1024 }, (_req, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null));
    });
    scope.post(`${ACCOUNT_PATHS.HOME}/*`, async (req, reply) =>
      reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', sameOriginPath(req.url, requestOrigin(req)) ?? ACCOUNT_PATHS.HOME)
        .send(),
    );
  });

  app.get('/*', async (req, reply) => {
    // Taken before the site is looked up: a change after this point means the site row may be stale.
    const hostsBefore = hostGeneration;
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send(http.noSite);
    const [rawPath, query] = splitUrl(req.url);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      path = rawPath;
    }
    if (path.length > 1 && path.endsWith('/')) {
      // Leading slashes collapse too, so '//elsewhere.example/' stays on the site as '/elsewhere.example'.
      const canonical = `/${rawPath.replace(/^\/+/, '').replace(/\/+$/, '')}`;
      const location = sameOriginPath(query ? `${canonical}?${query}` : canonical, requestOrigin(req));
      if (location) return reply.code(301).header('location', location).send();
    }
    const params = new URLSearchParams(query);
    const { islands, visitor, member } = await visitorIslands(req, site, params);
    const info = { host: requestHost(req), origin: requestOrigin(req), path, pageIslands: islands, visitor, access: async (page: { id: string; access: PageAccess }) => accessFor(req, member, page) };
    if (path === ACCOUNT_PATHS.HOME || path.startsWith(`${ACCOUNT_PATHS.HOME}/`)) {
      const res = await renderAccountPage(db, site, { ...info, query: params }, opts.assets, member?.user);
      if (res?.kind === 'redirect') return reply.code(302).header('cache-control', 'no-store').header('location', res.location).send();
      if (res) return sendHtml(reply, res.status, res.page.html, contentSecurityPolicy(res.page.scriptHashes, res.page.styleHashes, req.protocol === 'https'), true);
    }
    if (path === NEWSLETTER_PATHS.HOME || path.startsWith(`${NEWSLETTER_PATHS.HOME}/`)) {
      const res = await renderNewsletterPage(db, site, { ...info, query: params }, opts.assets);
      if (res?.kind === 'page') return sendHtml(reply, res.status, res.page.html, contentSecurityPolicy(res.page.scriptHashes, res.page.styleHashes, req.protocol === 'https'), true);
    }
    // From the checked Host header, with its port: the same host every absolute URL in the page is built from.
    const key = `${req.protocol}|${req.hostHeader.host}|${path}${islands.length ? `|${JSON.stringify(islands)}` : ''}`;
    // A page for a signed-in customer carries their account id: never shared through the cache.
    const forCustomer = visitor.memberAccountId !== undefined;
    const cached = forCustomer ? undefined : cache.get(site.id, key);
    if (cached) return sendHtml(reply, cached.status, cached.html, cached.csp);
    const https = req.protocol === 'https';
    const generation = cache.generation(site.id);
    let res: SiteResponse;
    try {
      res = await renderSitePath(db, site, info, opts.assets);
    } catch (err) {
      req.log.error({ err }, 'page render failed');
      const failed = await renderSystemPage(db, site, info, opts.assets, PAGE_TYPES.ERROR);
      if (failed.kind !== 'page') throw err;
      return sendHtml(reply, failed.status, failed.page.html, contentSecurityPolicy(failed.page.scriptHashes, failed.page.styleHashes, https, failed.page.html));
    }
    if (res.kind === 'redirect') {
      return reply.code(301).header('location', query ? `${res.location}${res.location.includes('?') ? '&' : '?'}${query}` : res.location).send();
    }
    const entry = { status: res.status, html: res.page.html, csp: contentSecurityPolicy(res.page.scriptHashes, res.page.styleHashes, https, res.page.html) };
    if (res.personal || forCustomer) return sendHtml(reply, entry.status, entry.html, entry.csp, true);
    if (hostsBefore === hostGeneration) cache.set(site.id, key, entry, generation);
    return sendHtml(reply, entry.status, entry.html, entry.csp);
  });

  return app;
}

function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}
