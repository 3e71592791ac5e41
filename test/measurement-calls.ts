/**
 * The measurement calls as the visitor runtime makes them (src/runtime/measure), for integration
 * tests: form-encoded bodies with JSON text fields, JSON bodies, text/plain beacons, and the
 * seed's payloads with values a browser would send.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { formatVisitorRecord } from '../src/domain/cookies';

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
export const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Form fields as the runtime's formBody writes them: strings as they are, anything else as JSON. */
export function form(fields: Record<string, unknown>): string {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return body.toString();
}

export function visitorRecord(id: string, visitStart: number, visitCount = 1): string {
  return formatVisitorRecord({ id, firstVisit: 1_700_000_000_000, previousVisit: 1_700_000_000_000, currentVisit: visitStart, visitCount });
}

/** Seed 000 §3: a census hit's data, as context.ts builds it. */
export function hitData(websiteId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    websiteId,
    templateId: 'openpress-1',
    variantId: null,
    memberAccountId: null,
    pagePath: '/about',
    pageHash: '',
    member_locale: 'en-GB',
    website_locale: 'en-US',
    userAgent: BROWSER_UA,
    clientDate: 1_760_000_000_000,
    viewportInnerHeight: 800,
    viewportInnerWidth: 1280,
    screenHeight: 1080,
    screenWidth: 1920,
    url: 'http://localhost/about',
    title: 'About the studio',
    itemId: null,
    recordType: null,
    collectionId: null,
    pagePermissionTypeValue: 1,
    localStorageSupported: true,
    queryString: 'ref=home',
    referrer: 'https://search.example/?q=pots',
    ...overrides,
  };
}

/** Seed 000 §3: the button block tracking payload. */
export function buttonPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'b0770000000000000000000a',
    buttonText: 'Shop now',
    clickthroughUrl: '/shop',
    alignment: 'center',
    size: 'medium',
    newWindow: false,
    context: 1,
    ...overrides,
  };
}

/** Seed 001 §3: the v1/events envelope of a page view, as analytics.ts sends it. */
export function envelope(
  websiteId: string,
  overrides: Record<string, unknown> = {},
): { analyticsId: string; commonData: string; customData: string; customSchemaName: string } {
  const commonData = {
    actor: 'visitor',
    action: 'view',
    event_owner_team: 'openpress',
    event_source: 'frontsite',
    object_type: 'page',
    object_display_name: 'About the studio',
    websiteId,
    pagePath: '/about',
    browser_window_width: 1280,
    page_query_params: { ref: 'home' },
    sessionId: 'session-1',
    isFirstLanding: true,
    ...overrides,
  };
  return {
    analyticsId: 'a1d0000000000000000000000000000f',
    commonData: JSON.stringify(commonData),
    customData: JSON.stringify({ layout: 'wide' }),
    customSchemaName: 'frontsite_page_view',
  };
}

/** Seed 000 §3: an error report record. */
export function errorReport(websiteId: string | null, data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event: 'javascript_error',
    data: {
      websiteId,
      templateId: 'openpress-1',
      url: 'http://localhost/about',
      userAgent: BROWSER_UA,
      app: 'frontsite',
      message: 'x is not a function',
      stack: 'TypeError: x is not a function\n    at http://localhost/assets/a.js:1:2',
      file: 'http://localhost/assets/a.js',
      line: 1,
      column: 2,
      custom: {},
      ...data,
    },
    timestamp: 1_760_000_000_000,
  };
}

/** Seed 001 §3: a performance record. */
export function performanceRecord(pageLoadId: string, name: string, value: number, data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    app: 'frontsite',
    data: { name, value, rating: 'good', navigationType: 'navigate', ...data },
    event: 'page_speed',
    pageLoadId,
    timestamp: 1_760_000_000_000,
  };
}

export type CallOptions = {
  /** form: form-encoded fields; json: a JSON body; text: JSON text as text/plain (a beacon); raw: the body as given. */
  as?: 'form' | 'json' | 'text' | 'raw';
  contentType?: string;
  ip?: string;
  ua?: string;
  host?: string;
  headers?: Record<string, string>;
};

export type MeasurementClient = {
  crumb: string;
  /** The crumb cookie, for the calls that check it. */
  cookie: string;
  post(url: string, body?: unknown, opts?: CallOptions): Promise<LightMyRequestResponse>;
  get(url: string, opts?: CallOptions): Promise<LightMyRequestResponse>;
};

const TYPES = { form: 'application/x-www-form-urlencoded;charset=UTF-8', json: 'application/json', text: 'text/plain;charset=UTF-8', raw: undefined } as const;

export async function measurementClient(app: FastifyInstance, host = 'localhost'): Promise<MeasurementClient> {
  const page = await app.inject({ method: 'GET', url: '/', headers: { host } });
  const crumb = (page.cookies as { name: string; value: string }[]).find((c) => c.name === 'crumb')?.value;
  if (!crumb) throw new Error('the home page set no crumb cookie');
  const headersOf = (o: CallOptions) => ({ host: o.host ?? host, 'user-agent': o.ua ?? BROWSER_UA, cookie: `crumb=${crumb}`, ...o.headers });
  return {
    crumb,
    cookie: `crumb=${crumb}`,
    post(url, body, o = {}) {
      const as = o.as ?? 'form';
      const payload =
        body === undefined ? undefined : as === 'form' ? form(body as Record<string, unknown>) : as === 'raw' ? (body as string) : JSON.stringify(body);
      const type = o.contentType ?? TYPES[as];
      return app.inject({
        method: 'POST',
        url,
        remoteAddress: o.ip ?? '198.51.100.1',
        headers: { ...headersOf(o), ...(type && payload !== undefined ? { 'content-type': type } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      });
    },
    get(url, o = {}) {
      return app.inject({ method: 'GET', url, remoteAddress: o.ip ?? '198.51.100.1', headers: headersOf(o) });
    },
  };
}
