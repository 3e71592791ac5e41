/**
 * Real-user performance (seed 001 §3, §7):
 *
 * - GET /api/1/performance/settings answers { pageLoadId }: a fresh id for each page load, signed
 *   for the site, so records can only name ids this server handed out.
 * - POST /api/1/performance/records: a JSON list of records {app, data, event, pageLoadId,
 *   timestamp}, event page_speed, user or image, data.name a rum- name; sent by beacon or XHR with
 *   a text/plain content type, so the body is read as JSON whatever its text type. A page_speed
 *   record's data.value goes into the vitals histograms of its page (data.pagePath, '' without one).
 *
 * Answers and checks: ./measurement.ts.
 */
import { z } from 'zod';
import { PERFORMANCE_EVENTS, RUM_PREFIX } from '../../../../domain/analytics';
import { MEASUREMENT_LIMITS } from '../../../../domain/measurement';
import { API_PATHS } from '../../../../domain/paths';
import type { Measurement } from './measurement-call';
import { epochMs, jsonText, listOf, optionalText, pagePath, text } from './measurement-fields';

const performanceRecord = z
  .object({
    app: text(100).min(1, 'must not be empty'),
    data: z
      .object({
        name: text(100).startsWith(RUM_PREFIX, `must start with ${RUM_PREFIX}`),
        value: z.number().min(0).nullish(),
        pagePath: pagePath.optional(),
        websiteId: optionalText(100),
      })
      .catchall(z.unknown()),
    event: z.enum(PERFORMANCE_EVENTS),
    pageLoadId: text(200),
    timestamp: epochMs,
  })
  .strict();

const records = jsonText(listOf(performanceRecord, MEASUREMENT_LIMITS.PERFORMANCE_RECORDS_PER_CALL, 'record'));

export function registerPerformanceRoutes(m: Measurement): void {
  const { scope, identity } = m;

  scope.get(API_PATHS.PERFORMANCE_SETTINGS, async (req, reply) => {
    const call = await m.call(req, reply);
    if (!call) return reply;
    return reply.send({ pageLoadId: identity.newPageLoadId(call.websiteId) });
  });

  m.post(API_PATHS.PERFORMANCE_RECORDS, MEASUREMENT_LIMITS.BODY_BYTES, records, async (call, list, req, reply) => {
    const unknown = list.findIndex((r) => !identity.isPageLoadId(call.websiteId, r.pageLoadId));
    if (unknown !== -1)
      return reply.code(400).send({ error: `Record ${unknown} names a pageLoadId this site did not hand out (GET ${API_PATHS.PERFORMANCE_SETTINGS}).` });
    if (m.namesOtherSite(reply, call, ...list.map((r) => r.data.websiteId))) return reply;
    return m.store(req, reply, call, {
      performanceRecords: list.map((r) => ({
        pageLoadId: r.pageLoadId,
        app: r.app,
        event: r.event,
        name: r.data.name,
        value: r.data.value,
        pagePath: r.data.pagePath ?? '',
        clientTimestamp: r.timestamp,
        data: r.data,
      })),
    });
  });
}
