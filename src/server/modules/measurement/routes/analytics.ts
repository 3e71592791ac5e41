/**
 * The owner's analytics dashboard calls, through `configRoute` in the `analytics` area (read):
 *
 * - GET /api/config/analytics?from&to: the report over a range of site days (services/analytics-report.ts);
 * - GET /api/config/analytics/errors?from&to&before: the next page of the range's JavaScript errors;
 * - GET /api/config/analytics/csv/:table?from&to: one of the report's tables (REPORT_TABLES), every row, as CSV;
 * - GET /api/config/analytics/sales?from&to: the store's sales over the range, by day (../sales-report.ts).
 *
 * `from` and `to` are days written YYYY-MM-DD in the site's time zone, both included; without them
 * the range is the last 30 days up to today there. A range that ends before it starts, or covers
 * more than 400 days, is refused with 400 and what is wrong.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addDays, daysInRange, isDay, REPORT_RANGE, REPORT_TABLES } from '../../../../domain/analytics-report';
import type { ReportRange } from '../../../../contracts/analytics';
import type { Db } from '../../../../db/client';
import { configRoute, type ConfigContext } from '../../accounts';
import { dashboardReport, ERROR_CURSOR, recentErrors, reportCsv } from '../analytics-report';
import { salesReport } from '../sales-report';
import { csvFileName } from '../../../http/csv';
import { dayIn } from '../measurement';
import { siteSettings } from '../../sites';
import type { WebsiteRow } from '../../sites';
import { sendCsv } from '../../../http/csv';
import { analyticsApi } from '../../../../messages/analytics-api';
import { format } from '../../../../messages/format';

const day = (message: string) => z.string({ error: message }).refine(isDay, message).optional();

/** The range asked for, defaults filled from `today` (the site's day). */
function rangeQuery(today: string) {
  return z
    .object({ from: day(analyticsApi.from), to: day(analyticsApi.to) })
    .transform(({ from, to }): ReportRange => {
      const end = to ?? today;
      return { from: from ?? addDays(end, 1 - REPORT_RANGE.DEFAULT_DAYS), to: end };
    })
    .refine((r) => r.from <= r.to, { message: analyticsApi.order, path: ['from'] })
    .refine((r) => daysInRange(r.from, r.to) <= REPORT_RANGE.MAX_DAYS, {
      message: format(analyticsApi.tooLong, { maxDays: REPORT_RANGE.MAX_DAYS }),
      path: ['from'],
    });
}

const errorsQuery = z.object({
  before: z
    .string({ error: analyticsApi.before })
    .refine((cursor) => isDay(ERROR_CURSOR.exec(cursor)?.[1] ?? ''), analyticsApi.before)
    .optional(),
});
const tableParams = z.object({ table: z.enum(REPORT_TABLES) });

type Refused = { error: string; errors: Record<string, string> };

/** The range of `query` in the site's days, or the 400 answer: the first problem as `error`, each field's in `errors`. */
function rangeOf(site: WebsiteRow, query: unknown): { range: ReportRange; timeZone: string } | Refused {
  const { timeZone } = siteSettings(site);
  const parsed = rangeQuery(dayIn(timeZone)).safeParse(query ?? {});
  if (parsed.success) return { range: parsed.data, timeZone };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return { error: parsed.error.issues[0]!.message, errors };
}

export async function registerAnalyticsApi(app: FastifyInstance, db: Db) {
  /** A GET in the analytics area (read) whose handler gets the range asked for, once it is valid. */
  const reportRoute = (url: string, handle: (ctx: ConfigContext<undefined, undefined>, asked: { range: ReportRange; timeZone: string }) => Promise<unknown>) =>
    configRoute(app, db, {
      method: 'GET',
      url,
      area: 'analytics',
      access: 'read',
      handler: async (ctx) => {
        const asked = rangeOf(ctx.site, ctx.req.query);
        if ('error' in asked) return ctx.reply.code(400).send(asked);
        return handle(ctx, asked);
      },
    });

  reportRoute('/api/config/analytics', async ({ site }, { range, timeZone }) => dashboardReport(db, site.id, range, timeZone));

  reportRoute('/api/config/analytics/sales', async ({ site }, { range, timeZone }) => salesReport(db, site.id, range, timeZone));

  reportRoute('/api/config/analytics/errors', async ({ req, reply, site }, { range }) => {
    const cursor = errorsQuery.safeParse(req.query ?? {});
    if (!cursor.success) return reply.code(400).send({ error: analyticsApi.before, errors: { before: analyticsApi.before } });
    return recentErrors(db, site.id, range, { before: cursor.data.before });
  });

  reportRoute('/api/config/analytics/csv/:table', async ({ req, reply, site }, { range, timeZone }) => {
    const params = tableParams.safeParse(req.params);
    if (!params.success) return reply.code(404).send({ error: format(analyticsApi.noTable, { tables: REPORT_TABLES.join(', ') }) });
    const fileName = csvFileName(site.identifier, 'analytics', params.data.table, range.from, range.to);
    return sendCsv(reply, fileName, reportCsv(db, site.id, range, timeZone, params.data.table));
  });
}
