/**
 * What an operator and a load balancer ask of a running app server, under /api/ so no site's page
 * is ever shadowed, with no crumb or role (GETs that change nothing and reveal nothing of a site):
 *
 * - GET /api/health/live: the process answers;
 * - GET /api/health/ready: the database answers and its migrations are applied, and the server is
 *   not shutting down (503 otherwise, with the reason);
 * - GET /api/metrics: Prometheus text (../metrics.ts). With METRICS_TOKEN set, the caller sends it
 *   as a Bearer token (compared in constant time); without it, or in its place, a caller on this
 *   machine is accepted only when the request carries no forwarding header, so a reverse proxy on
 *   the same machine does not open the metrics to the world.
 *
 * Also the request metrics: every answer counted by route pattern (never the raw address, which
 * would make a series per visitor-chosen URL) and status, with its latency.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { queueDepth } from '../jobs/queue';
import { databaseHealth } from '../services/health';
import { operations } from '../../messages/operations';

export const OPERATIONS_PATHS = { LIVE: '/api/health/live', READY: '/api/health/ready', METRICS: '/api/metrics' } as const;

/** Headers a proxy adds: a request carrying any of them did not come straight from a process on this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'] as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks this server as shutting down: /api/health/ready answers 503 from now on. */
    markDraining(): void;
  }
}

/** The connection's own address (never X-Forwarded-For, whatever TRUST_PROXY says) is this machine's. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function isDirectLocalCall(req: FastifyRequest): boolean {
  return isLoopback(req.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal digests compared in constant time: neither the token's length nor its first differing byte shows in the timing. */
export function tokenMatches(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

function bearer(req: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** The refusal's message, or undefined when the caller may read the metrics. */
function metricsRefusal(req: FastifyRequest, token: string | undefined): string | undefined {
  const sent = bearer(req);
  if (token !== undefined && sent !== undefined) return tokenMatches(sent, token) ? undefined : operations.metricsTokenWrong;
  if (isDirectLocalCall(req)) return undefined;
  return token === undefined ? operations.metricsTokenUnset : operations.metricsTokenRequired;
}

/** Registered before any route, so every route's answers are counted. */
export function recordRequestMetrics(app: FastifyInstance): void {
  const { metrics } = app;
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: req.method, status: reply.statusCode });
    metrics.httpDuration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
  });
}

export async function registerOperationsRoutes(app: FastifyInstance, database: Database, opts: { metricsToken: string | undefined }) {
  const { metrics } = app;
  let draining = false;
  app.decorate('markDraining', () => {
    draining = true;
  });

  app.get(OPERATIONS_PATHS.LIVE, async () => ({ live: true }));

  app.get(OPERATIONS_PATHS.READY, async (_req, reply) => {
    if (draining) return reply.code(503).send({ ready: false, reason: operations.draining });
    const health = await databaseHealth(database.db);
    if (health === 'ready') return { ready: true };
    return reply.code(503).send({ ready: false, reason: health === 'unreachable' ? operations.databaseUnreachable : operations.migrationsPending });
  });

  app.get(OPERATIONS_PATHS.METRICS, async (req, reply) => {
    const refusal = metricsRefusal(req, opts.metricsToken);
    if (refusal) return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: refusal });
    const { pool } = database;
    metrics.dbPool.set({ state: 'total' }, pool.totalCount);
    metrics.dbPool.set({ state: 'idle' }, pool.idleCount);
    metrics.dbPool.set({ state: 'waiting' }, pool.waitingCount);
    try {
      for (const [status, n] of Object.entries(await queueDepth(database.db))) metrics.jobQueueDepth.set({ status }, n);
    } catch {
      // The database is down: the scrape still answers, without the queue depth.
      metrics.jobQueueDepth.reset();
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}
