/**
 * Bad input to the measurement calls: for each of the twelve calls, rounds of 500 generated
 * requests with app.inject (as many as fit in its twelfth of about a minute in `npm test`; 20 with
 * FULL=1, as `npm run bench` runs it: test/fuzz-budget.ts) — valid bodies as the runtime sends them (form-encoded, JSON or
 * text/plain, with any text a browser can hold: lone surrogates, astral characters; a NUL, which
 * the server refuses wherever it is), the
 * same bodies broken in ways that must be refused, random garbage of any content type, bodies
 * past the size limit, and crawlers. Never a 500 (or a 503: a batch must never fail for another
 * call's data); every refusal a 4xx with an `error` text (or the crumb plugin's crumbFail);
 * every valid body answered 200 (413 past its size) and stored: the rows stored equal the rows
 * acknowledged, call by call, and the rollups still equal recounts of the raw rows.
 */
// covers 000-7.13, 000-7.14, 000-7.15, 000-7.18, 000-7.20, 000-7.22, 000-7.07, 000-7.08, 001-7.01, 001-7.05, 001-7.11, 001-7.12, 001-7.14, 001-7.15, 001-7.17, 001-7.18
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_OPTIONAL_FIELDS, TRACK_QUERY_PARAMS } from '../src/domain/analytics';
import { MEASUREMENT_LIMITS } from '../src/domain/measurement';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { demoDatabase, type DemoApp } from './demo-app';
import { siteNamed } from './fixtures';
import { fuzzRounds, fuzzSeed } from './fuzz-budget';
import { BROWSER_UA, CRAWLER_UA, form, measurementClient, visitorRecord, type MeasurementClient } from './measurement-calls';

/** Requests per call in a round; FULL=1 runs 20 rounds (10,000 requests per call). */
const PER_RUN = 500;
const FULL_ROUNDS = 20;

let demo: DemoApp;
let app: FastifyInstance;
let siteId: string;
let otherId: string;
let visitor: MeasurementClient;
const pageLoadIds: string[] = [];

beforeAll(async () => {
  demo = await demoDatabase();
  siteId = demo.websiteId;
  const other = loadDocument(siteNamed('elsewhere', 'Elsewhere'), siteDocumentSchema);
  if (!other.ok) throw new Error('fixture invalid');
  otherId = (await writeSiteDocument(demo.database.db, other.document)).websiteId;
  app = await demo.start();
  visitor = await measurementClient(app);
  for (let i = 0; i < 16; i++) pageLoadIds.push((await visitor.get('/api/1/performance/settings')).json().pageLoadId as string);
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

// ---- what a request is and what it must get ----

type Sent = { method: 'GET' | 'POST'; url: string; payload?: string; contentType?: string; headers?: Record<string, string>; ua?: string };
/** stored: 200 and `rows` rows (413 when the body is past the limit); refused: a 4xx; crawler: 202 (Track: 200) and nothing; garbage: a 4xx, or 200 and one row. */
type Expect = { kind: 'stored'; rows: number } | { kind: 'refused' } | { kind: 'crawler' } | { kind: 'garbage' };
type Case = { sent: Sent; expect: Expect };
type Endpoint = { name: string; table: string; where?: string; limit: number; valid: fc.Arbitrary<Case>; broken: fc.Arbitrary<Case>; garbage?: boolean };

const TYPES = { form: 'application/x-www-form-urlencoded;charset=UTF-8', json: 'application/json', text: 'text/plain;charset=UTF-8' } as const;
type Encoding = keyof typeof TYPES;

function encode(body: unknown, as: Encoding): string {
  return as === 'form' ? form(body as Record<string, unknown>) : JSON.stringify(body);
}

const post = (url: string, body: unknown, as: Encoding, headers?: Record<string, string>): Sent => ({
  method: 'POST',
  url,
  payload: encode(body, as),
  contentType: TYPES[as],
  ...(headers ? { headers } : {}),
});

// ---- text as browsers hold it ----

/** Any text, with NUL (refused) and lone surrogates (stored as U+FFFD) now and then; at most `max` UTF-16 units. */
const anyText = (max: number) =>
  fc.oneof(
    { weight: 60, arbitrary: fc.string({ maxLength: Math.min(max, 40) }) },
    { weight: 20, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(max, 40) }).filter((s) => s.length <= max) },
    { weight: 10, arbitrary: fc.string({ unit: 'binary', maxLength: Math.floor(Math.min(max, 60) / 2) }) },
    { weight: 10, arbitrary: fc.constant('ab\ud800c\udfffd'.slice(0, max)) },
    { weight: 1, arbitrary: fc.constant('a\u0000b'.slice(0, max)) },
    { weight: 10, arbitrary: fc.constant('é'.repeat(max)) },
  );
/** Text that is not empty once NUL characters are dropped. */
const someText = (max: number) => anyText(max).filter((s) => s.replaceAll('\u0000', '').length > 0);
const path = fc.webPath().map((p) => `/${p.replace(/^\/+/, '')}`);
const url = fc.webUrl({ withQueryParameters: true }).filter((u) => u.length <= 2000);
const small = fc.jsonValue({ maxDepth: 3 });
const epoch = fc.integer({ min: 0, max: 8.64e15 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const visitorCookie = fc.oneof(
  fc.constant(''),
  fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/), fc.integer({ min: 1, max: 2 ** 45 }), fc.integer({ min: 1, max: 1e6 }))
    .map(([id, start, n]) => visitorRecord(id, start, n)),
);
const encoding = fc.constantFrom<Encoding>('form', 'json');
const crumbHeader = () => ({ 'x-csrf-token': visitor.crumb });

/** Without the fields left undefined, as JSON and the runtime's form bodies drop them. */
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

// ---- the calls ----

const hitFields = fc.record(
  {
    websiteId: fc.constantFrom<string | null>(null, 'SITE'),
    templateId: maybe(anyText(100)),
    variantId: maybe(fc.option(anyText(100), { nil: null })),
    memberAccountId: maybe(fc.option(anyText(100), { nil: null })),
    pagePath: maybe(path),
    pageHash: maybe(anyText(200)),
    member_locale: maybe(anyText(100)),
    website_locale: maybe(anyText(100)),
    userAgent: maybe(anyText(1000)),
    clientDate: maybe(epoch),
    viewportInnerHeight: maybe(fc.integer({ min: 0, max: 100_000 })),
    viewportInnerWidth: maybe(fc.integer({ min: 0, max: 100_000 })),
    screenHeight: maybe(fc.integer({ min: 0, max: 100_000 })),
    screenWidth: maybe(fc.integer({ min: 0, max: 100_000 })),
    url,
    title: maybe(anyText(1000)),
    itemId: maybe(fc.option(anyText(100), { nil: null })),
    recordType: maybe(fc.option(fc.integer({ min: 1, max: 62 }), { nil: null })),
    collectionId: maybe(anyText(100)),
    pagePermissionTypeValue: maybe(fc.constantFrom(1, 2, 3)),
    localStorageSupported: maybe(fc.boolean()),
    queryString: maybe(anyText(2000)),
    referrer: maybe(anyText(2000)),
    x_extra: maybe(small),
  },
  { requiredKeys: ['url'] },
);

const hitBody = fc.record({ event: fc.constantFrom(1, 2, 10, 20, 21), data: hitFields, ss_cvr: maybe(visitorCookie) });

const withSite = (o: Record<string, unknown>): Record<string, unknown> => (o.websiteId === 'SITE' ? { ...o, websiteId: siteId } : o);

const recordHit: Endpoint = {
  name: 'RecordHit',
  table: 'census_hits',
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc.tuple(hitBody, encoding, fc.boolean()).map(([b, as, dataAsText]) => {
    const data = withSite(defined(b.data));
    const body = defined({ ...b, data: as === 'json' && dataAsText ? JSON.stringify(data) : data });
    return { sent: post('/api/census/RecordHit', body, as), expect: { kind: 'stored', rows: 1 } };
  }),
  broken: fc
    .tuple(
      hitBody,
      encoding,
      fc.constantFrom<(b: Record<string, unknown>) => Record<string, unknown>>(
        (b) => ({ ...b, event: 3 }),
        (b) => ({ ...b, event: 'view' }),
        (b) => ({ ...b, data: '{"url":' }),
        (b) => ({ ...b, data: { ...(b.data as object), url: 'mailto:a@b.c' } }),
        (b) => ({ ...b, data: { ...(b.data as object), websiteId: otherId } }),
        (b) => ({ ...b, data: { ...(b.data as object), viewportInnerWidth: 1e9 } }),
        (b) => ({ ...b, ss_cvr: 'x|1|2' }),
        (b) => ({ ...b, unknown: '1' }),
        (b) => ({ event: b.event }),
      ),
    )
    .map(([b, as, breaks]) => ({
      sent: post('/api/census/RecordHit', breaks(withSite(defined({ ...b, data: withSite(defined(b.data)) }))), as),
      expect: { kind: 'refused' },
    })),
};

const buttonBody = fc.record({
  id: someText(100),
  buttonText: anyText(500),
  clickthroughUrl: anyText(2000),
  alignment: anyText(50),
  size: anyText(50),
  newWindow: fc.boolean(),
  context: fc.constantFrom(1, 2),
  visitorCookie: maybe(visitorCookie),
  pagePath: maybe(path),
  websiteId: maybe(fc.constantFrom<string | null>(null, 'SITE')),
});

const buttonBreaks = fc.constantFrom<(b: Record<string, unknown>) => Record<string, unknown>>(
  (b) => ({ ...b, context: 3 }),
  (b) => ({ ...b, id: '' }),
  (b) => ({ ...b, newWindow: 'sometimes' }),
  (b) => ({ ...b, websiteId: otherId }),
  (b) => ({ ...b, visitorCookie: 'not a record' }),
  (b) => ({ ...b, colour: 'red' }),
  ({ id: _id, ...b }) => b,
);

const button = (name: 'button-render' | 'button-click'): Endpoint => ({
  name,
  table: 'census_events',
  where: `kind = '${name}'`,
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc
    .tuple(buttonBody, encoding)
    .map(([b, as]) => ({ sent: post(`/api/census/${name}`, withSite(defined(b)), as), expect: { kind: 'stored', rows: 1 } })),
  broken: fc
    .tuple(buttonBody, encoding, buttonBreaks)
    .map(([b, as, breaks]) => ({ sent: post(`/api/census/${name}`, breaks(withSite(defined(b))), as), expect: { kind: 'refused' } })),
});

const formRenderBody = fc.record({
  formId: someText(100),
  visitorCookie: maybe(visitorCookie),
  pagePath: maybe(path),
  websiteId: maybe(fc.constantFrom<string | null>(null, 'SITE')),
});
const formRender: Endpoint = {
  name: 'form-render',
  table: 'census_events',
  where: "kind = 'form-render'",
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc
    .tuple(formRenderBody, encoding)
    .map(([b, as]) => ({ sent: post('/api/census/form-render', withSite(defined(b)), as), expect: { kind: 'stored', rows: 1 } })),
  broken: fc
    .tuple(
      formRenderBody,
      encoding,
      fc.constantFrom<(b: Record<string, unknown>) => Record<string, unknown>>(
        (b) => ({ ...b, formId: '' }),
        ({ formId: _f, ...b }) => b,
        (b) => ({ ...b, websiteId: otherId }),
        (b) => ({ ...b, pagePath: 'no-slash' }),
        (b) => ({ ...b, buttonText: 'x' }),
      ),
    )
    .map(([b, as, breaks]) => ({ sent: post('/api/census/form-render', breaks(withSite(defined(b))), as), expect: { kind: 'refused' } })),
};

const overlayFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !['id', 'visitorCookie', 'websiteId', 'pagePath', '__proto__'].includes(k)),
  fc.oneof(anyText(200), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
  { maxKeys: 12 },
);
const overlayBody = fc
  .record({ fields: overlayFields, id: maybe(anyText(100)), visitorCookie: maybe(visitorCookie), pagePath: maybe(path) })
  .map(({ fields, ...known }) => ({ ...fields, ...defined(known) }));
const overlay: Endpoint = {
  name: 'overlay',
  table: 'census_events',
  where: "kind = 'overlay'",
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc.tuple(overlayBody, encoding).map(([b, as]) => ({ sent: post('/api/census/overlay', b, as), expect: { kind: 'stored', rows: 1 } })),
  broken: fc
    .tuple(
      overlayBody,
      fc.constantFrom<[(b: Record<string, unknown>) => Record<string, unknown>, Encoding[]]>(
        [(b) => ({ ...b, nested: { a: 1 } }), ['json']],
        [(b) => ({ ...b, list: [1] }), ['json']],
        [(b) => ({ ...b, ['k'.repeat(65)]: 'long name' }), ['json', 'form']],
        [(b) => ({ ...b, ...Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])) }), ['json', 'form']],
        [(b) => ({ ...b, websiteId: otherId }), ['json', 'form']],
        [(b) => ({ ...b, visitorCookie: '|' }), ['json', 'form']],
      ),
      fc.nat(),
    )
    .map(([b, [breaks, encodings], n]) => ({ sent: post('/api/census/overlay', breaks(b), encodings[n % encodings.length]!), expect: { kind: 'refused' } })),
};

const itemId = fc.stringMatching(/^[A-Za-z0-9._~-]{1,100}$/).filter((id) => !/^\.+$/.test(id));
const quickView: Endpoint = {
  name: 'RecordQuickView',
  table: 'census_events',
  where: "kind = 'quick-view'",
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc.tuple(itemId, fc.constantFrom('none', 'empty-form', 'empty-json')).map(([id, body]) => ({
    sent: {
      method: 'POST',
      url: `/api/census/RecordQuickView/${id}`,
      ...(body === 'none' ? {} : body === 'empty-form' ? { payload: '', contentType: TYPES.form } : { payload: '{}', contentType: TYPES.json }),
    },
    expect: { kind: 'stored', rows: 1 },
  })),
  broken: fc.tuple(itemId, fc.constantFrom('space', 'payload', 'long', 'json')).map(([id, how]) => ({
    sent:
      how === 'space'
        ? { method: 'POST', url: `/api/census/RecordQuickView/${encodeURIComponent(`${id} x`)}` }
        : how === 'long'
          ? { method: 'POST', url: `/api/census/RecordQuickView/${'a'.repeat(101)}` }
          : how === 'json'
            ? { method: 'POST', url: `/api/census/RecordQuickView/${id}`, payload: '[1]', contentType: TYPES.json }
            : { method: 'POST', url: `/api/census/RecordQuickView/${id}`, payload: form({ id }), contentType: TYPES.form },
    expect: { kind: 'refused' },
  })),
};

const autoKey = fc.string({ minLength: 1, maxLength: 20 }).map((k) => `auto_${k}`);
const commonData = fc
  .record({
    required: fc.record({
      actor: someText(200),
      action: someText(200),
      event_owner_team: someText(200),
      event_source: someText(200),
      object_type: someText(200),
    }),
    optional: fc
      .subarray([...ANALYTICS_OPTIONAL_FIELDS])
      .chain((names) =>
        fc.tuple(...names.map(() => fc.option(anyText(2000), { nil: null }))).map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]]))),
      ),
    auto: fc.dictionary(autoKey, small, { maxKeys: 6 }),
    websiteId: maybe(fc.constantFrom<string | null>(null, 'SITE')),
  })
  .map(({ required, optional, auto, websiteId }) => withSite(defined({ ...auto, ...optional, ...required, websiteId })));
const envelopeBody = fc.record({
  analyticsId: someText(200),
  commonData,
  customData: fc.dictionary(fc.string({ maxLength: 20 }), small, { maxKeys: 6 }),
  customSchemaName: someText(200),
});
const v1Events: Endpoint = {
  name: 'v1/events',
  table: 'analytics_events',
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc.tuple(envelopeBody, encoding, fc.boolean()).map(([e, as, asText]) => {
    const body = as === 'form' || asText ? { ...e, commonData: JSON.stringify(e.commonData), customData: JSON.stringify(e.customData) } : e;
    return { sent: post('/api/v1/events', body, as), expect: { kind: 'stored', rows: 1 } };
  }),
  broken: fc
    .tuple(
      envelopeBody,
      encoding,
      fc.constantFrom<(e: Record<string, unknown>) => Record<string, unknown>>(
        (e) => ({ ...e, commonData: { ...(e.commonData as object), actor: undefined } }),
        (e) => ({ ...e, commonData: { ...(e.commonData as object), object_type: 5 } }),
        (e) => ({ ...e, commonData: { ...(e.commonData as object), product_area: true } }),
        (e) => ({ ...e, commonData: { ...(e.commonData as object), websiteId: otherId } }),
        (e) => ({ ...e, commonData: '[not json' }),
        (e) => ({ ...e, customData: '[]' }),
        (e) => ({ ...e, analyticsId: '' }),
        ({ customSchemaName: _c, ...e }) => e,
      ),
    )
    .map(([e, as, breaks]) => {
      const broken = breaks(e);
      const body = as === 'form' ? Object.fromEntries(Object.entries(broken).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) : broken;
      return { sent: post('/api/v1/events', body, as), expect: { kind: 'refused' } };
    }),
};

const eventName = fc.stringMatching(/^[\w.:-]{1,60}$/);
const recordEventBody = fc.record({
  event: eventName,
  data: fc.dictionary(
    fc.string({ maxLength: 20 }).filter((k) => k !== 'websiteId'),
    small,
    { maxKeys: 6 },
  ),
});
const recordEvent: Endpoint = {
  name: 'RecordEvent',
  table: 'recorded_events',
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc
    .tuple(recordEventBody, encoding)
    .map(([b, as]) => ({ sent: post('/api/events/RecordEvent', { crumb: visitor.crumb, ...b }, as), expect: { kind: 'stored', rows: 1 } })),
  broken: fc
    .tuple(
      recordEventBody,
      encoding,
      fc.constantFrom<(b: Record<string, unknown>) => Record<string, unknown>>(
        (b) => b,
        (b) => ({ ...b, crumb: 'forged.crumb' }),
        (b) => ({ ...b, crumb: visitor.crumb, event: 'has space' }),
        (b) => ({ ...b, crumb: visitor.crumb, data: [1, 2] }),
        (b) => ({ ...b, crumb: visitor.crumb, data: { websiteId: otherId } }),
        (b) => ({ ...b, crumb: visitor.crumb, eventName: 'x' }),
      ),
    )
    .map(([b, as, breaks]) => ({ sent: post('/api/events/RecordEvent', breaks(b), as), expect: { kind: 'refused' } })),
};

const trackParams = fc.record(
  {
    landing: url,
    refer: maybe(fc.oneof(url, anyText(200))),
    rk: maybe(fc.stringMatching(/^\d{1,20}$/)),
    lang: maybe(anyText(100)),
    screen: maybe(fc.tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 99999 })).map(([w, h]) => `${w}x${h}`)),
    ...Object.fromEntries(TRACK_QUERY_PARAMS.map((p) => [p, maybe(anyText(200))])),
  },
  { requiredKeys: ['landing'] },
);
const trackUrl = (params: Record<string, unknown>) => `/api/track/Track?${new URLSearchParams(defined(params) as Record<string, string>).toString()}`;
const track: Endpoint = {
  name: 'Track',
  table: 'track_hits',
  limit: Infinity,
  garbage: false,
  valid: trackParams.map((p) => ({ sent: { method: 'GET', url: trackUrl(p) }, expect: { kind: 'stored', rows: 1 } })),
  broken: fc
    .tuple(
      trackParams,
      fc.constantFrom<(p: Record<string, unknown>) => Record<string, unknown>>(
        ({ landing: _l, ...p }) => p,
        (p) => ({ ...p, landing: 'not a url' }),
        (p) => ({ ...p, landing: 'ftp://files.example/x' }),
        (p) => ({ ...p, screen: 'wide' }),
        (p) => ({ ...p, rk: 'random' }),
        (p) => ({ ...p, campaign: 'c'.repeat(201) }),
      ),
    )
    .map(([p, breaks]) => ({ sent: { method: 'GET', url: trackUrl(breaks(p)) }, expect: { kind: 'refused' } })),
};

const perfRecord = fc.record({
  app: someText(100),
  data: fc.record({
    name: anyText(90).map((s) => `rum-${s}`),
    value: maybe(fc.option(fc.double({ min: 0, max: 1e9, noNaN: true }), { nil: null })),
    pagePath: maybe(path),
    rating: maybe(anyText(20)),
  }),
  event: fc.constantFrom('page_speed', 'user', 'image'),
  pageLoadId: fc.nat().map((n) => pageLoadIds[n % pageLoadIds.length]!),
  timestamp: epoch,
});
const perfList = fc.array(perfRecord, { minLength: 1, maxLength: 12 }).map((list) => list.map((r) => ({ ...r, data: defined(r.data) })));
const textOrJson = fc.constantFrom<Encoding>('text', 'json');
const performance: Endpoint = {
  name: 'performance/records',
  table: 'performance_records',
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc
    .tuple(perfList, textOrJson)
    .map(([list, as]) => ({ sent: post('/api/1/performance/records', list, as), expect: { kind: 'stored', rows: list.length } })),
  broken: fc
    .tuple(
      perfList,
      textOrJson,
      fc.nat(),
      fc.constantFrom<(r: Record<string, unknown>) => Record<string, unknown> | undefined>(
        (r) => ({ ...r, pageLoadId: 'forged.id' }),
        (r) => ({ ...r, pageLoadId: `${pageLoadIds[0]}x` }),
        (r) => ({ ...r, data: { ...(r.data as object), name: 'lcp' } }),
        (r) => ({ ...r, data: { ...(r.data as object), value: -1 } }),
        (r) => ({ ...r, data: { ...(r.data as object), websiteId: otherId } }),
        (r) => ({ ...r, event: 'click' }),
        (r) => ({ ...r, extra: 1 }),
        ({ timestamp: _t, ...r }) => r,
        () => undefined,
      ),
    )
    .map(([list, as, n, breaks]) => {
      const i = n % list.length;
      const broken = breaks(list[i]!);
      const body = broken === undefined ? (n % 2 ? [] : Array.from({ length: 51 }, () => list[0])) : list.map((r, j) => (j === i ? broken : r));
      return { sent: post('/api/1/performance/records', body, as), expect: { kind: 'refused' } };
    }),
};

const errorData = fc.record(
  {
    websiteId: fc.constantFrom<string | null>(null, 'SITE'),
    templateId: maybe(fc.option(anyText(100), { nil: null })),
    url: anyText(2000),
    userAgent: maybe(anyText(1000)),
    app: someText(100),
    message: anyText(6000),
    stack: maybe(fc.oneof(anyText(300), fc.constant('s'.repeat(6000)))),
    file: maybe(fc.option(anyText(2000), { nil: null })),
    line: maybe(fc.option(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { nil: null })),
    column: maybe(fc.option(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { nil: null })),
    custom: maybe(fc.dictionary(fc.string({ maxLength: 10 }), small, { maxKeys: 4 })),
  },
  { requiredKeys: ['url', 'app', 'message'] },
);
const errorList = fc.array(fc.record({ event: someText(200), data: errorData.map((d) => withSite(defined(d))), timestamp: epoch }), {
  minLength: 1,
  maxLength: 20,
});
const errors: Endpoint = {
  name: 'RecordJavascriptErrors',
  table: 'javascript_errors',
  limit: MEASUREMENT_LIMITS.ERROR_REPORT_BODY_BYTES,
  valid: fc
    .tuple(errorList, textOrJson)
    .map(([list, as]) => ({ sent: post('/api/events/RecordJavascriptErrors', list, as, crumbHeader()), expect: { kind: 'stored', rows: list.length } })),
  broken: fc
    .tuple(
      errorList,
      fc.nat(),
      fc.constantFrom<[(l: Record<string, unknown>[]) => unknown, boolean]>(
        [(l) => l, false],
        [(l) => [...l, ...Array.from({ length: 21 - l.length }, () => l[0])], true],
        [() => [], true],
        [(l) => [{ ...l[0], timestamp: -1 }], true],
        [(l) => [{ ...l[0], data: { ...(l[0]!.data as object), app: '' } }], true],
        [(l) => [{ ...l[0], data: { ...(l[0]!.data as object), websiteId: otherId } }], true],
        [(l) => [{ ...l[0], data: { ...(l[0]!.data as object), extra: 1 } }], true],
        [(l) => ({ reports: l }), true],
      ),
    )
    .map(([list, n, [breaks, withHeader]]) => ({
      sent: post(
        '/api/events/RecordJavascriptErrors',
        breaks(list),
        n % 2 ? 'json' : 'text',
        withHeader ? crumbHeader() : n % 3 ? { 'x-csrf-token': 'forged.crumb' } : undefined,
      ),
      expect: { kind: 'refused' },
    })),
};

const traceEvents = fc.array(fc.record({ pageUrl: anyText(2000), type: someText(200), data: small }), { minLength: 1, maxLength: 30 });
const trace: Endpoint = {
  name: 'Trace',
  table: 'trace_events',
  limit: MEASUREMENT_LIMITS.BODY_BYTES,
  valid: fc.tuple(traceEvents, encoding).map(([events, as]) => ({
    sent: post('/api/events/Trace', { data: as === 'form' ? JSON.stringify(events) : events }, as),
    expect: { kind: 'stored', rows: events.length },
  })),
  broken: fc
    .tuple(
      traceEvents,
      encoding,
      fc.constantFrom<(e: Record<string, unknown>[]) => unknown>(
        () => [],
        (e) => [{ ...e[0], type: '' }],
        (e) => [{ pageUrl: e[0]!.pageUrl }],
        (e) => [{ ...e[0], extra: 1 }],
        (e) => Array.from({ length: 201 }, () => e[0]),
        () => '[{"pageUrl":',
        () => ({ not: 'a list' }),
      ),
    )
    .map(([events, as, breaks]) => {
      const data = breaks(events);
      return {
        sent: post('/api/events/Trace', { data: as === 'form' && typeof data !== 'string' ? JSON.stringify(data) : data }, as),
        expect: { kind: 'refused' },
      };
    }),
};

const buttonRender = button('button-render');
const buttonClick = button('button-click');
const ENDPOINTS: Endpoint[] = [recordHit, buttonRender, buttonClick, formRender, overlay, quickView, v1Events, recordEvent, track, performance, errors, trace];
/** The calls that store one row a call (the others take lists). */
const ONE_ROW: ReadonlySet<Endpoint> = new Set([recordHit, buttonRender, buttonClick, formRender, overlay, quickView, v1Events, recordEvent]);

// ---- running them ----

const GARBAGE_TYPES = ['application/json', TYPES.form, 'text/plain', 'multipart/form-data; boundary=x', 'application/xml', ''];
const garbageBody = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom('event', 'data', 'ss_cvr', 'id', 'formId', 'commonData', 'analyticsId', 'crumb', 'pageUrl', 'visitorCookie', 'x'),
      fc.oneof(fc.string(), small),
    )
    .map((d) => JSON.stringify(d)),
  small.map((v) => JSON.stringify(v)),
  fc.string(),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a).toString('latin1')),
);

function caseFor(endpoint: Endpoint, url: string): fc.Arbitrary<Case> {
  const garbage = fc.tuple(garbageBody, fc.constantFrom(...GARBAGE_TYPES), fc.boolean()).map(
    ([payload, contentType, oversize]): Case => ({
      sent: {
        method: 'POST',
        url,
        payload: oversize ? payload + ' '.repeat(endpoint.limit) : payload,
        ...(contentType ? { contentType } : {}),
        headers: crumbHeader(),
      },
      expect: { kind: 'garbage' },
    }),
  );
  // Fastify refuses JSON bodies with prototype-poisoning keys (400), which generated objects may hold.
  const valid = endpoint.valid.filter((c) => !(c.sent.contentType === TYPES.json && /"(__proto__|constructor)":/.test(c.sent.payload ?? '')));
  const crawler = valid.map((c): Case => ({ sent: { ...c.sent, ua: CRAWLER_UA }, expect: { kind: 'crawler' } }));
  return fc.oneof(
    { weight: 12, arbitrary: valid },
    { weight: 5, arbitrary: endpoint.broken },
    { weight: endpoint.garbage === false ? 0 : 2, arbitrary: garbage },
    { weight: 1, arbitrary: crawler },
  );
}

let nextIp = 0;
const freshIp = () => {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
};

type Tally = { bodies: number; acknowledged: number; rows: number; oversized: number; withNul: number; statuses: Map<number, number> };

function expectClearRefusal(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  const body = res.json() as { error?: unknown; crumbFail?: unknown };
  expect(typeof body.error, `${what}: ${res.body}`).toBe('string');
}

function holdsNul(sent: Sent): boolean {
  const payload = sent.payload ?? '';
  const inBody = sent.contentType === TYPES.form ? /%00|%5Cu0000/i.test(payload) : payload.includes('\u0000') || payload.includes('\\u0000');
  return inBody || /%00/i.test(sent.url);
}

async function run(endpoint: Endpoint, c: Case, tally: Tally, seed: number): Promise<void> {
  tally.bodies += 1;
  const { sent } = c;
  const res = await app.inject({
    method: sent.method,
    url: sent.url,
    remoteAddress: freshIp(),
    headers: {
      host: 'localhost',
      'user-agent': sent.ua ?? BROWSER_UA,
      cookie: visitor.cookie,
      ...(sent.contentType && sent.payload !== undefined ? { 'content-type': sent.contentType } : {}),
      ...sent.headers,
    },
    ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
  });
  tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
  // The server's one text rule: a NUL anywhere (raw, percent-encoded, or as a JSON escape) is refused.
  if (holdsNul(sent)) {
    tally.withNul += 1;
    c = { ...c, expect: { kind: 'refused' } };
  }
  const what = `${endpoint.name} (seed ${seed}) ${c.expect.kind} ${sent.url.slice(0, 300)} ${(sent.payload ?? '').slice(0, 300)}`;
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  const oversize = Buffer.byteLength(sent.payload ?? '') > endpoint.limit;
  switch (c.expect.kind) {
    case 'stored':
      if (oversize) {
        tally.oversized += 1;
        expect(res.statusCode, what).toBe(413);
        return expectClearRefusal(res, what);
      }
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      tally.acknowledged += 1;
      tally.rows += c.expect.rows;
      return;
    case 'crawler':
      if (oversize) return expectClearRefusal(res, what);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(endpoint === track ? 200 : 202);
      return;
    case 'refused':
      return expectClearRefusal(res, what);
    case 'garbage':
      if (res.statusCode === 200 && ONE_ROW.has(endpoint)) {
        // Some garbage is valid: any flat object is an overlay payload, `{"formId": "x"}` a form render, an empty body a quick view.
        tally.acknowledged += 1;
        tally.rows += 1;
        return;
      }
      return expectClearRefusal(res, what);
  }
}

const rowsIn = async (endpoint: Endpoint) =>
  Number((await demo.database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${endpoint.table} WHERE ${endpoint.where ?? 'true'}`)).rows[0]!.n);

/** FUZZ_SEED repeats a run (with FUZZ_ROUNDS); each call's rounds take the seeds after it. */
const SEED = fuzzSeed();

describe('bad input to the measurement calls', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: rounds of ${PER_RUN} generated requests, never a 5xx, junk refused with a 4xx, every acknowledged body stored`, async () => {
      const rounds = fuzzRounds(FULL_ROUNDS, { share: 1 / ENDPOINTS.length });
      const tally: Tally = { bodies: 0, acknowledged: 0, rows: 0, oversized: 0, withNul: 0, statuses: new Map() };
      const before = await rowsIn(endpoint);
      const url = endpoint === quickView ? '/api/census/RecordQuickView/garbage' : (fc.sample(endpoint.valid, 1)[0]!.sent.url.split('?')[0] ?? '');
      const cases = caseFor(endpoint, url);
      let round = 0;
      for (; rounds.more(round); round++) {
        const seed = SEED + round;
        await Promise.all(fc.sample(cases, { numRuns: PER_RUN, seed }).map((c) => run(endpoint, c, tally, seed)));
      }
      expect(tally.bodies).toBe(round * PER_RUN);
      // Half the bodies are valid; those holding a NUL are refused by the text rule instead.
      expect(tally.acknowledged + tally.withNul).toBeGreaterThan(tally.bodies / 2);
      expect((await rowsIn(endpoint)) - before).toBe(tally.rows);
      console.log(
        `${endpoint.name}: ${tally.bodies} requests in ${round} rounds (${rounds.rule}; FUZZ_SEED=${SEED} FUZZ_ROUNDS=${round} replays it), ${tally.acknowledged} stored (${tally.rows} rows), ${tally.oversized} past the size limit; statuses ${JSON.stringify(Object.fromEntries(tally.statuses))}`,
      );
    }, 120_000);
  }

  it('leaves the rollups equal to recounts of the raw rows', async () => {
    // The rollups are added right after each batch commits: every acknowledged call in them first.
    await app.ingest.flush();
    const q = async (text: string) => (await demo.database.pool.query(text)).rows;
    expect(
      await q('SELECT website_id, day, page_path, page_views::int AS v, visits::int AS s FROM page_daily_stats WHERE page_views + visits > 0 ORDER BY 1, 2, 3'),
    ).toEqual(
      await q(`SELECT website_id, day, page_path, count(*) FILTER (WHERE event = 1)::int AS v, count(*) FILTER (WHERE new_visit)::int AS s
               FROM census_hits GROUP BY 1, 2, 3 HAVING count(*) FILTER (WHERE event = 1 OR new_visit) > 0 ORDER BY 1, 2, 3`),
    );
    expect(
      await q(
        'SELECT sum(button_clicks)::int AS c, sum(form_renders)::int AS f, sum(overlay_views)::int AS o, sum(quick_views)::int AS q FROM page_daily_stats',
      ),
    ).toEqual(
      await q(`SELECT count(*) FILTER (WHERE kind = 'button-click')::int AS c, count(*) FILTER (WHERE kind = 'form-render')::int AS f,
                      count(*) FILTER (WHERE kind = 'overlay')::int AS o, count(*) FILTER (WHERE kind = 'quick-view')::int AS q FROM census_events`),
    );
    expect(await q('SELECT sum(count)::int AS n FROM vitals_daily')).toEqual(
      await q("SELECT count(*)::int AS n FROM performance_records WHERE event = 'page_speed' AND value IS NOT NULL"),
    );
    expect(await q('SELECT sum(hits)::int AS n FROM referrer_daily')).toEqual(await q('SELECT count(*)::int AS n FROM track_hits'));
  });
});
