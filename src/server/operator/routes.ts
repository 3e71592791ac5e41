/**
 * What an operator and a load balancer ask of a running app server, under /api/ so no site's page
 * is ever shadowed, with no crumb or role (GETs that change nothing and reveal nothing of a site):
 *
 * - GET /api/health/live: the process answers;
 * - GET /api/health/ready: the database answers and its migrations are applied, and the server is
 *   not shutting down (503 otherwise, with the reason);
 * - GET /api/metrics: Prometheus text (../metrics.ts), to a caller sending METRICS_TOKEN as a Bearer
 *   token (compared in constant time) and to no one else, wherever the call seems to come from: a
 *   proxy on this machine can make any call look local, whatever headers it adds or leaves out.
 *   METRICS_LISTEN instead serves them without a token on a listener of their own, on a loopback
 *   address the operator chooses (metricsListener below), which no proxy of the site's reaches.
 *
 * Also the request metrics: every answer counted by route pattern (never the raw address, which
 * would make a series per visitor-chosen URL) and status, with its latency.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { queueDepth } from '../jobs/queue';
import { databaseHealth } from './health';
import { operations } from '../../messages/operations';

export const OPERATIONS_PATHS = { LIVE: '/api/health/live', READY: '/api/health/ready', METRICS: '/api/metrics' } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks this server as shutting down: /api/health/ready answers 503 from now on. */
    markDraining(): void;
  }
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
  if (token === undefined) return operations.metricsTokenUnset;
  const sent = bearer(req);
  if (sent === undefined) return operations.metricsTokenRequired;
  return tokenMatches(sent, token) ? undefined : operations.metricsTokenWrong;
}

/** The Prometheus text of this server: its counters, with the pool and the job queue read now. */
async function metricsText(app: FastifyInstance, database: Database): Promise<string> {
  const { metrics } = app;
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
  return metrics.render();
}

/** The addresses the metrics listener answers at: Prometheus's default path, and the app's own. */
const LISTENER_PATHS = new Set(['/metrics', OPERATIONS_PATHS.METRICS]);

/**
 * METRICS_LISTEN: the metrics without a token, on a listener of their own at a loopback address
 * (config.ts refuses any other), for a Prometheus on this machine. Nothing else is served there.
 */
export async function metricsListener(app: FastifyInstance, database: Database, at: { host: string; port: number }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method !== 'GET' || !LISTENER_PATHS.has(path)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here.\n');
      return;
    }
    metricsText(app, database).then(
      (text) => res.writeHead(200, { 'content-type': app.metrics.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be read.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  return server;
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
    return reply.type(metrics.contentType).send(await metricsText(app, database));
  });
}
