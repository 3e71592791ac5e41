/**
 * The cached-page path: a plain Node request handler in front of the framework (Fastify's
 * `serverFactory`). A GET or HEAD of a published page that an anonymous visitor has already been
 * answered for (the page cache's `front` addresses, recorded by plugins/page-routes.ts) is answered
 * here from the stored answer (front/stored-answer.ts: headers precomputed, each coding compressed
 * once, entity tags, 304s), with no per-request framework work, and on a connection kept open as one
 * write of prepared bytes (front/direct-answer.ts). Anything else falls through to the
 * framework unchanged, which answers it as it always has.
 *
 * What it checks is what the framework's path would: the Host and URL check (http/host-check.ts),
 * the scheme as a trusted proxy reports it (the framework's own proxy rule, @fastify/proxy-addr),
 * the host's site from the in-memory host lookup (plugins/site-resolution.ts). What it leaves to
 * the framework: a request with a query string (`logout=true` and the text rules read it), with a
 * session or customer cookie (team islands, customer pages), an address the framework has not routed
 * to a page for an anonymous visitor (trailing-slash redirects, account and newsletter pages,
 * restricted and personal pages, other routes), a host not looked up since the last change,
 * and everything while the app is closing. Its answers are counted in the request metrics and,
 * at LOG_LEVEL info or debug, logged with the framework's request line. Cookies are parsed only
 * when a request carries some; a visitor's crumb `Set-Cookie` (plugins/crumb.ts) is the one part
 * that differs per visitor.
 */
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import { parseCookie } from 'cookie';
import type { FastifyInstance } from 'fastify';
import { requestChecker } from '../http/host-check';
import { newRequestId } from '../plugins/request-guards';
import type { CachedResponse } from '../render/cache';
import { SESSION_COOKIE } from '../modules/accounts';
import { MEMBER_COOKIE } from '../modules/accounts';
import { directAnswers, type DirectAnswers } from './direct-answer';
import { acceptedEncoding } from './encoding';
import { headWith, variantFor } from './stored-answer';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The framework's server options this server honours, as it would for a server of its own. */
type FactoryOptions = { http?: ServerOptions; keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number; maxRequestsPerSocket?: number };

export type FrontPath = {
  /** Fastify's `serverFactory`: an http server whose requests meet the cached-page path first. */
  serverFactory(handler: Handler, opts: FactoryOptions): Server;
  /** Starts answering from `app`'s page cache (once its plugins are registered); `requestLines`: log each answer as the framework's hook does. */
  attach(app: FastifyInstance, opts: { trustProxy?: string | undefined; requestLines: boolean }): void;
};

/** The route pattern the framework's metrics name published pages by (plugins/page-routes.ts). */
const PAGE_ROUTE = '/*';

const NO_COOKIES: Readonly<Record<string, string | undefined>> = Object.freeze({});

export function frontPath(): FrontPath {
  let answer: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  let direct: DirectAnswers | undefined;
  return {
    serverFactory(handler, opts) {
      const server = createServer(opts.http ?? {}, (req, res) => {
        if (answer?.(req, res)) return;
        handler(req, res);
      });
      if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
      if (opts.connectionTimeout !== undefined) server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      direct = directAnswers(server);
      return server;
    },
    attach(app, opts) {
      answer = cachedPageAnswers(app, opts.trustProxy, opts.requestLines, direct);
    },
  };
}

function cachedPageAnswers(app: FastifyInstance, trustProxy: string | undefined, requestLines: boolean, direct: DirectAnswers | undefined) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // As the framework compiles TRUST_PROXY (a comma-separated list) for its own `request.protocol`.
  const trusted = trustProxy ? proxyAddr.compile(trustProxy.split(',').map((it) => it.trim())) : undefined;
  const protocolOf = (req: IncomingMessage): string => {
    const forwarded = req.headers['x-forwarded-proto'];
    const address = req.socket.remoteAddress;
    if (trusted && typeof forwarded === 'string' && forwarded && address !== undefined && trusted(address, 0)) {
      const last = forwarded.lastIndexOf(',');
      return last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim();
    }
    return (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  };
  // The public address's scheme comes from PUBLIC_URL alone (the port does not matter here).
  const publicHttps = app.publicBase().protocol === 'https:';

  const metrics = app.metrics;
  const counted = new Map<string, { requests: { inc(): void }; duration: { observe(v: number): void } }>();
  const countersFor = (method: string, status: number) => {
    const key = `${method} ${status}`;
    let found = counted.get(key);
    if (!found) {
      found = {
        requests: metrics.httpRequests.labels({ route: PAGE_ROUTE, method, status: String(status) }),
        duration: metrics.httpDuration.labels({ route: PAGE_ROUTE, method }),
      };
      counted.set(key, found);
    }
    return found;
  };
  const hits = new WeakMap<CachedResponse, { inc(): void }>();
  const hitCounter = (entry: CachedResponse) => {
    let counter = hits.get(entry);
    if (!counter) hits.set(entry, (counter = metrics.pageCache.labels({ result: 'hit', path: entry.metricPath })));
    return counter;
  };

  const checkRequest = requestChecker();
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    const url = req.url;
    if ((method !== 'GET' && method !== 'HEAD') || closing || url === undefined || url.includes('?')) return false;
    const started = performance.now();
    const headers = req.headers;
    const checked = checkRequest({ host: headers.host, url });
    if (checked.refused) return false;
    let cookies = NO_COOKIES;
    if (headers.cookie) {
      cookies = parseCookie(headers.cookie);
      if (cookies[SESSION_COOKIE] || cookies[MEMBER_COOKIE]) return false;
    }
    const site = app.knownSiteForHost(checked.host.hostname);
    if (!site) return false;
    const protocol = protocolOf(req);
    const entry = app.pageCache.front(site.id, `${protocol}|${checked.host.host}|${url}`);
    if (!entry) return false;

    const variant = variantFor(entry.answer, acceptedEncoding(headers['accept-encoding']), headers['if-none-match'] as string | undefined);
    const crumb = app.crumbs.visitCookie(cookies, () => protocol === 'https' || publicHttps);
    if (!direct?.write(res, variant, crumb, method === 'HEAD')) {
      res.writeHead(variant.status, headWith(variant, crumb));
      res.end(method === 'HEAD' ? undefined : variant.body);
    }
    hitCounter(entry).inc();
    const counters = countersFor(method, variant.status);
    counters.requests.inc();
    const elapsed = performance.now() - started;
    counters.duration.observe(elapsed / 1000);
    // The line the framework's request log writes (plugins/request-guards.ts), with a request id of its own.
    if (requestLines)
      app.log.info({ requestId: newRequestId(), method, path: url, status: variant.status, responseTimeMs: Math.round(elapsed * 100) / 100 }, 'request');
    return true;
  };
}
