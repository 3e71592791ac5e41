/**
 * The census calls of seed 000 §3, §7 and the pixel of seed 001 §7:
 *
 * - POST /api/census/RecordHit: form-encoded event (1, 2, 10, 20 or 21), data (JSON text of the
 *   seed's census hit payload; fields it does not name are kept in `extra`) and ss_cvr (the visitor
 *   record, sent only with consent). The page is data.pagePath, else the path of data.url.
 * - POST /api/census/button-render and button-click: the button tracking payload (id, buttonText,
 *   clickthroughUrl, alignment, size, newWindow, context 1 or 2) plus visitorCookie.
 * - POST /api/census/form-render: formId plus visitorCookie.
 * - POST /api/census/overlay: the overlay payload (flat fields; the seed does not list them) plus visitorCookie.
 * - POST /api/census/RecordQuickView/{id}: no payload.
 * - GET /api/track/Track: the image request (landing, refer, rk, lang, screen and the campaign
 *   parameters), answered with a 1×1 GIF.
 *
 * The count calls may carry the event context (seed 000 §3), whose pagePath names their page.
 * Answers and checks: ./measurement.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { analyticsPagePath, TRACK_QUERY_PARAMS } from '../../../../domain/analytics';
import { BUTTON_TRACKING_CONTEXT, CENSUS_EVENT_TYPES, PAGE_PERMISSION_TYPES } from '../../../../domain/census';
import { MEASUREMENT_LIMITS, type CensusCountKind } from '../../../../domain/measurement';
import { API_PATHS } from '../../../../domain/paths';
import { RECORD_TYPE_MAX, RECORD_TYPE_MIN } from '../../../../domain/record-types';
import type { CensusEventRow } from '../ingest';
import type { Call, Measurement } from './measurement-call';
import { epochMs, eventContext, flag, httpUrl, jsonText, nullAsText, optionalText, text, visitorRecordField, whole } from './measurement-fields';

const bodyLimit = MEASUREMENT_LIMITS.BODY_BYTES;
const dimension = z.number().int().min(0).max(100_000);

/** Seed 000 §3: the census hit payload. */
const hitData = z
  .object({
    ...eventContext,
    userAgent: optionalText(1000),
    clientDate: epochMs.nullish(),
    viewportInnerHeight: dimension.nullish(),
    viewportInnerWidth: dimension.nullish(),
    screenHeight: dimension.nullish(),
    screenWidth: dimension.nullish(),
    url: httpUrl,
    title: optionalText(1000),
    itemId: optionalText(100),
    recordType: z.number().int().min(RECORD_TYPE_MIN).max(RECORD_TYPE_MAX).nullish(),
    collectionId: optionalText(100),
    pagePermissionTypeValue: z.literal(Object.values(PAGE_PERMISSION_TYPES)).nullish(),
    localStorageSupported: z.boolean().nullish(),
    queryString: optionalText(2000),
    referrer: optionalText(2000),
  })
  .catchall(z.unknown());
const HIT_FIELDS: ReadonlySet<string> = new Set(Object.keys(hitData.shape));

const hitBody = jsonText(
  z
    .object({
      event: whole(0, 100).pipe(z.literal(Object.values(CENSUS_EVENT_TYPES), { error: 'must be a census event type: 1, 2, 10, 20 or 21' })),
      data: jsonText(hitData),
      ss_cvr: visitorRecordField,
    })
    .strict(),
);

/** Event context fields, with `null` as form-encoded bodies write it. */
const formContext = {
  websiteId: nullAsText(eventContext.websiteId),
  templateId: nullAsText(eventContext.templateId),
  variantId: nullAsText(eventContext.variantId),
  memberAccountId: nullAsText(eventContext.memberAccountId),
  pagePath: eventContext.pagePath,
  pageHash: nullAsText(eventContext.pageHash),
  member_locale: nullAsText(eventContext.member_locale),
  website_locale: nullAsText(eventContext.website_locale),
};

/** Seed 000 §3: the button block tracking payload. */
const buttonBody = jsonText(
  z
    .object({
      id: text(100).min(1, 'must not be empty'),
      buttonText: text(500),
      clickthroughUrl: text(2000),
      alignment: text(50),
      size: text(50),
      newWindow: flag,
      context: whole(0, 100).pipe(z.literal(Object.values(BUTTON_TRACKING_CONTEXT), { error: 'must be 1 (button block) or 2 (popup overlay)' })),
      visitorCookie: visitorRecordField,
      ...formContext,
    })
    .strict(),
);

const formRenderBody = jsonText(z.object({ formId: text(100).min(1, 'must not be empty'), visitorCookie: visitorRecordField, ...formContext }).strict());

/** The overlay payload: the seed does not list it, so any flat fields (our overlay will send its id). */
const overlayBody = jsonText(
  z
    .object({ id: optionalText(100), visitorCookie: visitorRecordField, websiteId: formContext.websiteId, pagePath: formContext.pagePath })
    .catchall(z.union([text(2000), z.number(), z.boolean(), z.null()]))
    .refine(
      (fields) => Object.keys(fields).length <= 50 && Object.keys(fields).every((k) => k.length <= 64),
      'must have at most 50 fields, each name at most 64 characters',
    ),
);

const quickViewParams = z.object({ id: text(100).regex(/^[A-Za-z0-9._~-]+$/, 'must be an item id') });
/** "No payload": nothing, an empty form or an empty JSON object. */
const noPayload = z.union([z.undefined(), z.literal(''), z.object({}).strict()], { error: 'RecordQuickView takes no payload' });

const campaignParams = Object.fromEntries(TRACK_QUERY_PARAMS.map((name) => [name, text(200).optional()])) as Record<
  (typeof TRACK_QUERY_PARAMS)[number],
  z.ZodOptional<z.ZodString>
>;
/** Seed 001 §7: the pixel's query; other parameters are ignored. */
const trackQuery = jsonText(
  z.object({
    landing: httpUrl,
    refer: text(2000).optional(),
    rk: text(20).regex(/^\d+$/, 'must be a number').optional(),
    lang: optionalText(100),
    screen: text(20)
      .regex(/^\d{1,6}x\d{1,6}$/, 'must be WIDTHxHEIGHT')
      .optional(),
    ...campaignParams,
  }),
);

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function pathOf(url: string): string {
  return analyticsPagePath(new URL(url).pathname);
}

function hostOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/** The stored payload of a count call: everything but the visitor record. */
function countData(body: Record<string, unknown>): Record<string, unknown> {
  const { visitorCookie: _visitor, ...data } = body;
  return data;
}

export function registerCensusRoutes(m: Measurement): void {
  const { scope } = m;

  m.post(API_PATHS.CENSUS_RECORD_HIT, bodyLimit, hitBody, async (call, { event, data, ss_cvr }, req, reply) => {
    if (m.namesOtherSite(reply, call, data.websiteId)) return reply;
    const visitor = await call.visitor(ss_cvr);
    const extra = Object.fromEntries(Object.entries(data).filter(([k]) => !HIT_FIELDS.has(k)));
    return m.store(req, reply, call, {
      censusHits: [
        {
          event,
          ...visitor,
          pagePath: data.pagePath ?? pathOf(data.url),
          url: data.url,
          title: data.title,
          templateId: data.templateId,
          websiteLocale: data.website_locale,
          memberLocale: data.member_locale,
          memberAccountId: data.memberAccountId,
          userAgent: data.userAgent,
          clientDate: data.clientDate,
          viewportInnerWidth: data.viewportInnerWidth,
          viewportInnerHeight: data.viewportInnerHeight,
          screenWidth: data.screenWidth,
          screenHeight: data.screenHeight,
          itemId: data.itemId,
          recordType: data.recordType,
          collectionId: data.collectionId,
          pagePermissionTypeValue: data.pagePermissionTypeValue,
          localStorageSupported: data.localStorageSupported,
          queryString: data.queryString,
          referrer: data.referrer,
          extra: { ...extra, ...(data.variantId != null ? { variantId: data.variantId } : {}), ...(data.pageHash ? { pageHash: data.pageHash } : {}) },
        },
      ],
    });
  });

  /** A count: one census_events row on the call's page ('' when it named none). */
  const count = async (
    call: Call,
    kind: CensusCountKind,
    reply: FastifyReply,
    req: FastifyRequest,
    row: Omit<CensusEventRow, 'kind' | 'visitorHash'>,
    record?: string,
  ) => {
    const { visitorHash } = await call.visitor(record);
    return m.store(req, reply, call, { censusEvents: [{ ...row, kind, visitorHash }] });
  };

  /** A count call: its body's target, on the page its event context names. */
  const countCall = <T extends z.ZodType<{ websiteId?: string | null; pagePath?: string; visitorCookie?: string } & Record<string, unknown>>>(
    path: string,
    kind: CensusCountKind,
    schema: T,
    target: (body: z.output<T>) => string,
  ) =>
    m.post(path, bodyLimit, schema, async (call, body, req, reply) => {
      if (m.namesOtherSite(reply, call, body.websiteId)) return reply;
      return count(call, kind, reply, req, { pagePath: body.pagePath ?? '', targetId: target(body), data: countData(body) }, body.visitorCookie);
    });

  countCall(API_PATHS.CENSUS_BUTTON_RENDER, 'button-render', buttonBody, (b) => b.id);
  countCall(API_PATHS.CENSUS_BUTTON_CLICK, 'button-click', buttonBody, (b) => b.id);
  countCall(API_PATHS.CENSUS_FORM_RENDER, 'form-render', formRenderBody, (b) => b.formId);
  countCall(API_PATHS.CENSUS_OVERLAY, 'overlay', overlayBody, (b) => b.id ?? '');

  scope.post(`${API_PATHS.CENSUS_RECORD_QUICK_VIEW}:id`, { bodyLimit }, async (req, reply) => {
    const call = await m.call(req, reply);
    if (!call) return reply;
    const params = quickViewParams.safeParse(req.params);
    if (!params.success) return m.invalid(reply, params.error);
    const body = noPayload.safeParse(req.body);
    if (!body.success) return m.invalid(reply, body.error);
    return count(call, 'quick-view', reply, req, { pagePath: '', targetId: params.data.id, data: {} });
  });

  // No HEAD route: a HEAD request must not count as a pixel hit.
  scope.get(API_PATHS.TRACK, { exposeHeadRoute: false }, async (req, reply) => {
    const call = await m.call(req, reply);
    if (!call) return reply;
    const parsed = trackQuery.safeParse(req.query);
    if (!parsed.success) return m.invalid(reply, parsed.error);
    const q = parsed.data;
    const pixel = () => reply.type('image/gif').send(PIXEL);
    if (call.crawler) return pixel();
    const { visitorHash } = await call.visitor();
    return m.store(
      req,
      reply,
      call,
      {
        trackHits: [
          {
            visitorHash,
            landing: q.landing,
            pagePath: pathOf(q.landing),
            refer: q.refer ?? '',
            referrerHost: hostOf(q.refer),
            lang: q.lang,
            screen: q.screen,
            ...Object.fromEntries(TRACK_QUERY_PARAMS.map((name) => [name, q[name]])),
          },
        ],
      },
      pixel,
    );
  });
}
