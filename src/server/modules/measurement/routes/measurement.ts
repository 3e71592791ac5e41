/**
 * The measurement calls of seed 000 §7 and seed 001 §7, for the request's site: the census
 * (./census.ts: RecordHit, button, form, overlay and quick-view counts, the Track pixel), events
 * (./events.ts: v1/events, RecordEvent, RecordJavascriptErrors, Trace) and performance
 * (./performance.ts). This module holds what they share. Each call, in this order:
 *
 * - 404 { error } when no site is published at the host;
 * - 413 { error } past its body limit (domain/measurement.ts), 415 for a content type it does not read;
 * - 400 { error } for a body that does not validate, or that names another site's websiteId;
 * - 403 { crumbFail, crumb, error } for RecordEvent and RecordJavascriptErrors without the crumb;
 * - 202 {} for a known crawler: accepted, not stored or counted;
 * - 429 { error } past the limit per address and site (INGEST_LIMIT), with retry-after;
 * - 200 (JSON {}, or Track's 1×1 GIF) once the rows have committed (services/ingest.ts);
 * - 503 { error } when the database refused the batch, and nothing of it is kept.
 *
 * The calls that browsers send by beacon carry no crumb (a beacon cannot set headers) and are
 * exempt from the crumb plugin (`isCrumbExempt`); they are checked, limited and size-capped
 * instead. No IP address is stored (services/measurement.ts).
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { parseVisitorRecord } from '../../../../domain/cookies';
import { dataRequest } from '../../../../messages/data-request';
import { http } from '../../../../messages/http';
import { measurementApi } from '../../../../messages/measurement-api';
import { API_PATHS } from '../../../../domain/paths';
import type { Db } from '../../../../db/client';
import { sendTooMany } from '../../../rate-limits/rate-limit';
import { createIngestWriter, IngestUnavailableError, type IngestLimit, type IngestOutcome, type IngestWriter } from '../ingest';
import { dayIn, isCrawler, measurementIdentity } from '../measurement';
import { siteSettings } from '../../sites';
import { registerFormBodyParser } from '../../../http/form-body';
import { registerCensusRoutes } from './census';
import { registerEventRoutes } from './events';
import { registerPerformanceRoutes } from './performance';
import type { Measurement } from './measurement-call';

declare module 'fastify' {
  interface FastifyInstance {
    /** The measurement batch writer: `flush()` writes what waits and rolls it up, `close()` (on the app's close) also refuses further calls. */
    ingest: IngestWriter;
  }
}

/** Calls per address and site a minute, all measurement calls together (docs/decisions/0092-measurement-limits.md). */
export const INGEST_LIMIT: IngestLimit = { max: 1200, windowMs: 60_000 };

/** Our texts for what the seeds leave without words. */

/** Calls the crumb plugin leaves alone: beacons cannot carry it, and RecordEvent and RecordJavascriptErrors check it here. */
const CRUMB_EXEMPT: ReadonlySet<string> = new Set([
  API_PATHS.CENSUS_RECORD_HIT,
  API_PATHS.CENSUS_BUTTON_RENDER,
  API_PATHS.CENSUS_BUTTON_CLICK,
  API_PATHS.CENSUS_FORM_RENDER,
  API_PATHS.CENSUS_OVERLAY,
  API_PATHS.ANALYTICS_EVENTS,
  API_PATHS.RECORD_EVENT,
  API_PATHS.RECORD_JAVASCRIPT_ERRORS,
  API_PATHS.EVENTS_TRACE,
  API_PATHS.PERFORMANCE_RECORDS,
]);

export function isCrumbExempt(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0] ?? '';
  return CRUMB_EXEMPT.has(path) || path.startsWith(API_PATHS.CENSUS_RECORD_QUICK_VIEW);
}

export async function registerMeasurementRoutes(app: FastifyInstance, db: Db, opts: { limit: IngestLimit | null }): Promise<void> {
  const identity = await measurementIdentity(db);
  const writer = createIngestWriter(db, { limit: opts.limit, metrics: app.metrics });
  app.decorate('ingest', writer);
  app.addHook('onClose', () => writer.close());

  await app.register(async (scope) => {
    registerFormBodyParser(scope);
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      const status = err.statusCode ?? 500;
      if (status === 413) return reply.code(413).send({ error: measurementApi.tooLarge });
      if (status >= 400 && status < 500) return reply.code(status).send({ error: `${measurementApi.unreadable}: ${err.message}` });
      req.log.error({ err }, 'measurement call failed');
      return reply.code(500).send({ error: dataRequest.internalServerError });
    });

    const m: Measurement = {
      scope,
      identity,
      async call(req, reply) {
        const site = await scope.siteForRequest(req);
        if (!site) {
          void reply.code(404).send({ error: http.noSite });
          return undefined;
        }
        const day = dayIn(siteSettings(site).timeZone);
        const userAgent = req.headers['user-agent'] ?? '';
        return {
          site,
          websiteId: site.id,
          day,
          crawler: isCrawler(userAgent),
          async visitor(record) {
            const parsed = record ? parseVisitorRecord(record) : undefined;
            if (parsed) return { visitorHash: identity.visitorHash(site.id, parsed.id), visitStart: parsed.currentVisit, visitCount: parsed.visitCount };
            return { visitorHash: await identity.anonymousHash(site.id, day, req.ip, userAgent), visitStart: 0, visitCount: null };
          },
        };
      },
      invalid(reply, error) {
        const issue = error.issues[0]!;
        return reply.code(400).send({ error: `${measurementApi.unreadable}: ${issue.path.length ? `${issue.path.join('.')} ` : ''}${issue.message}.` });
      },
      namesOtherSite(reply, call, ...websiteIds) {
        if (websiteIds.every((id) => id === undefined || id === null || id === call.websiteId)) return false;
        void reply.code(400).send({ error: measurementApi.otherSite });
        return true;
      },
      crumbFails(req, reply, sent) {
        if (app.crumbs.passes(req, sent)) return false;
        void app.crumbs.refuse(req, reply);
        return true;
      },
      async store(req, reply, call, rows, ok = () => reply.send({})) {
        if (call.crawler) return reply.code(202).send({});
        let outcome: IngestOutcome;
        try {
          const clientHash = await identity.clientHash(call.websiteId, call.day, req.ip);
          outcome = await writer.submit({ ...rows, websiteId: call.websiteId, day: call.day, clientHash });
        } catch (err) {
          if (!(err instanceof IngestUnavailableError)) throw err;
          req.log.warn({ err }, 'measurement batch not written');
          return reply.code(503).header('retry-after', '30').send({ error: dataRequest.serviceUnavailable });
        }
        if (outcome.stored) return ok();
        return sendTooMany(reply, outcome.retryAfterMs, { error: measurementApi.rateLimited });
      },
      post(url, bodyLimit, schema, handle) {
        scope.post(url, { bodyLimit }, async (req, reply) => {
          const call = await m.call(req, reply);
          if (!call) return reply;
          const parsed = schema.safeParse(req.body);
          if (!parsed.success) return m.invalid(reply, parsed.error);
          return handle(call, parsed.data, req, reply);
        });
      },
    };

    registerCensusRoutes(m);
    registerEventRoutes(m);
    registerPerformanceRoutes(m);
  });
}
