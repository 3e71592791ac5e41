/**
 * The event calls of seed 000 §3, §7 and seed 001 §3, §7:
 *
 * - POST /api/v1/events: the envelope analyticsId, commonData (JSON text, with the five required
 *   common fields as strings and the optional ones as strings or null), customData (JSON text) and
 *   customSchemaName; form-encoded (beacon) or JSON. The analytics id is stored only hashed.
 * - POST /api/events/RecordEvent: crumb (must equal the crumb cookie), event and data (JSON
 *   text), form-encoded, or the same three as JSON.
 * - POST /api/events/RecordJavascriptErrors: a JSON array of at most 20 {event, data, timestamp},
 *   with the anti-forgery header (X-CSRF-Token) equal to the crumb cookie; stacks are cut at 5000
 *   characters, as the page does.
 * - POST /api/events/Trace: form field data, the JSON text of an array of {pageUrl, type, data}.
 *
 * Answers and checks: ./measurement.ts.
 */
import { z } from 'zod';
import { ANALYTICS_OPTIONAL_FIELDS, type ANALYTICS_REQUIRED_FIELDS } from '../../../../domain/analytics';
import { CRUMB_HEADER } from '../../../../domain/cookies';
import { MEASUREMENT_LIMITS } from '../../../../domain/measurement';
import { API_PATHS } from '../../../../domain/paths';
import type { Measurement } from './measurement-call';
import { epochMs, jsonText, listOf, optionalText, text } from './measurement-fields';

const bodyLimit = MEASUREMENT_LIMITS.BODY_BYTES;
const object = z.record(z.string(), z.unknown());
const name = text(200).min(1, 'must not be empty');

/** Seed 001 §3, §5: common fields are strings (the optional ones may be null); other fields of commonData are the automatic ones. */
const commonData = z
  .object(
    Object.fromEntries(ANALYTICS_OPTIONAL_FIELDS.map((f) => [f, optionalText(2000)])) as Record<
      (typeof ANALYTICS_OPTIONAL_FIELDS)[number],
      ReturnType<typeof optionalText>
    >,
  )
  .extend({
    actor: name,
    action: name,
    event_owner_team: name,
    event_source: name,
    object_type: name,
    websiteId: optionalText(100),
  } satisfies Record<(typeof ANALYTICS_REQUIRED_FIELDS)[number], z.ZodType> & { websiteId: z.ZodType })
  .catchall(z.unknown());

const envelope = jsonText(
  z
    .object({
      analyticsId: name,
      commonData: jsonText(commonData),
      customData: jsonText(object),
      customSchemaName: name,
    })
    .strict(),
);

const recordEventBody = jsonText(
  z
    .object({
      crumb: text(200).optional(),
      event: name.regex(/^[\w.:-]+$/, 'must be an event name (letters, digits, _ . : -)'),
      data: jsonText(object),
    })
    .strict(),
);

const cut = (max: number) => (s: string) => s.slice(0, max);

/** Seed 000 §3: the error report record. */
const errorReport = z
  .object({
    event: name,
    data: z
      .object({
        websiteId: optionalText(100),
        templateId: optionalText(100),
        url: text(2000),
        userAgent: optionalText(1000),
        app: name,
        message: z.string().transform(cut(MEASUREMENT_LIMITS.STACK_LENGTH)),
        stack: z.string().transform(cut(MEASUREMENT_LIMITS.STACK_LENGTH)).nullish(),
        file: optionalText(2000),
        line: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .nullish(),
        column: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .nullish(),
        custom: object.nullish(),
      })
      .strict(),
    timestamp: epochMs,
  })
  .strict();

const errorReports = jsonText(listOf(errorReport, MEASUREMENT_LIMITS.ERROR_REPORTS_PER_CALL, 'report'));

/** Seed 001 §3: the tracking-event payload for logging. */
const traceBody = jsonText(
  z
    .object({
      data: jsonText(listOf(z.object({ pageUrl: text(2000), type: name, data: z.unknown() }).strict(), MEASUREMENT_LIMITS.TRACE_EVENTS_PER_CALL, 'event')),
    })
    .strict(),
);

export function registerEventRoutes(m: Measurement): void {
  const { scope, identity } = m;

  m.post(API_PATHS.ANALYTICS_EVENTS, bodyLimit, envelope, async (call, e, req, reply) => {
    if (m.namesOtherSite(reply, call, e.commonData.websiteId)) return reply;
    return m.store(req, reply, call, {
      analyticsEvents: [
        {
          analyticsIdHash: identity.analyticsIdHash(call.websiteId, e.analyticsId),
          customSchemaName: e.customSchemaName,
          action: e.commonData.action,
          objectType: e.commonData.object_type,
          commonData: e.commonData,
          customData: e.customData,
        },
      ],
    });
  });

  m.post(API_PATHS.RECORD_EVENT, bodyLimit, recordEventBody, async (call, { crumb, event, data }, req, reply) => {
    const header = req.headers[CRUMB_HEADER.toLowerCase()];
    if (m.crumbFails(req, reply, crumb ?? (typeof header === 'string' ? header : undefined))) return reply;
    if (m.namesOtherSite(reply, call, data.websiteId)) return reply;
    return m.store(req, reply, call, { recordedEvents: [{ event, data }] });
  });

  scope.post(API_PATHS.RECORD_JAVASCRIPT_ERRORS, { bodyLimit: MEASUREMENT_LIMITS.ERROR_REPORT_BODY_BYTES }, async (req, reply) => {
    const call = await m.call(req, reply);
    if (!call) return reply;
    const header = req.headers[CRUMB_HEADER.toLowerCase()];
    if (m.crumbFails(req, reply, typeof header === 'string' ? header : undefined)) return reply;
    const parsed = errorReports.safeParse(req.body);
    if (!parsed.success) return m.invalid(reply, parsed.error);
    if (m.namesOtherSite(reply, call, ...parsed.data.map((r) => r.data.websiteId))) return reply;
    return m.store(req, reply, call, {
      javascriptErrors: parsed.data.map(({ event, data, timestamp }) => ({
        event,
        app: data.app,
        url: data.url,
        userAgent: data.userAgent,
        templateId: data.templateId,
        message: data.message,
        stack: data.stack ?? '',
        file: data.file,
        line: data.line,
        column: data.column,
        custom: data.custom ?? {},
        clientTimestamp: timestamp,
      })),
    });
  });

  m.post(API_PATHS.EVENTS_TRACE, bodyLimit, traceBody, async (call, body, req, reply) =>
    m.store(req, reply, call, { traceEvents: body.data.map((e) => ({ pageUrl: e.pageUrl, type: e.type, data: e.data ?? null })) }),
  );
}
