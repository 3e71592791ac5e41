/**
 * Analytics events of seed 001 (§3, §4, §5, §7, §9), POSTed to /api/v1/events as the envelope
 * {analyticsId, commonData, customData, customSchemaName}: by beacon (form-encoded) when the
 * browser has one, else by fetch with JSON, where 200 and 202 succeed and any other status rejects
 * 'Error tracking event: HTTP Status {status}'.
 *
 * - Common fields are kept only as strings (null for an optional one); anything else is dropped
 *   with a warning. Fields the seed does not name go to customData.
 * - commonData also holds the event context (context.ts), the fields added automatically and the
 *   session info (docs/decisions/0096-analytics-field-names.md).
 * - The analytics id comes from the ss_aid cookie, else local storage (with its expiry), else this
 *   page's memory, else a new random id; it is written back to both for 390 days.
 * - SS_SESSION_ID, SS_IS_FIRST_SESSION and SS_HAS_LANDED are browser-session cookies: the session
 *   id, whether this browser session is the visitor's first, and whether a page has been seen in it.
 *
 * All of it is identifiers: nothing is read, written or sent unless consent.ts allows it. Storage
 * keys start with TRACKING_STORAGE_PREFIX so a decline clears them.
 */
import { ANALYTICS_DEFAULT_LOCALE, ANALYTICS_OPTIONAL_FIELDS, ANALYTICS_REQUIRED_FIELDS, ANALYTICS_SUCCESS_STATUSES } from '../../domain/analytics';
import { COOKIE_MAX_AGE_MS, COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from '../../domain/cookies';
import { format } from '../../messages/format';
import { measurement } from '../../messages/measurement';
import { MEASUREMENT_PATHS } from '../../domain/measurement-paths';
import { readCookie, trackingAllowed, TRACKING_STORAGE_PREFIX, writeCookie } from '../consent';
import { siteContext } from '../site-context';
import { eventContext, pageFacts, type MeasuredContext, type PageFacts } from './context';
import { emit } from './emit';
import { beacon, formBody, post } from './transport';

type RequiredField = (typeof ANALYTICS_REQUIRED_FIELDS)[number];
export type AnalyticsFields = Record<RequiredField, string> & Record<string, unknown>;
export type Envelope = { analyticsId: string; commonData: string; customData: string; customSchemaName: string };
export type SessionInfo = { isFirstLanding: boolean; isFirstSession: boolean; sessionId: string };

/** Seed 001 §9: default events (the page view) are on. */
export const DEFAULT_EVENTS = true;
export const ANALYTICS_ID_KEY = `${TRACKING_STORAGE_PREFIX}aid`;
/** The cookie that holds a marketing id (seed 000 §9 lists it among the tracking cookies). */
export const MARKETING_ID_COOKIE = 'SS_MID';

const COMMON: ReadonlySet<string> = new Set([...ANALYTICS_REQUIRED_FIELDS, ...ANALYTICS_OPTIONAL_FIELDS]);
const NULLABLE: ReadonlySet<string> = new Set(ANALYTICS_OPTIONAL_FIELDS);

/** Seed 001 §3, §5: the common fields that pass, and the rest for customData. */
export function splitFields(fields: Record<string, unknown>, warn: (message: string) => void) {
  const common: Record<string, string | null> = {};
  const custom: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!COMMON.has(name)) custom[name] = value;
    else if (typeof value === 'string' || (value === null && NULLABLE.has(name))) common[name] = value;
    else warn(`Analytics field ${name} dropped: it must be a string${NULLABLE.has(name) ? ' or null' : ''}`);
  }
  return { common, custom };
}

/** A stored id `{id, expires}`; undefined when missing, unreadable or expired. */
export function storedId(text: string | null | undefined, now: number): string | undefined {
  try {
    const stored = JSON.parse(text ?? 'null') as { id?: unknown; expires?: unknown } | null;
    return typeof stored?.id === 'string' && stored.id && typeof stored.expires === 'number' && stored.expires > now ? stored.id : undefined;
  } catch {
    return undefined;
  }
}

/** Seed 001 §4: cookie, local storage, memory, else a new id (`fresh`). */
export function resolveId(found: { cookie?: string | undefined; stored?: string | undefined; memory?: string | undefined }, newId: () => string) {
  const id = found.cookie || found.stored || found.memory;
  return id ? { id, fresh: false } : { id: newId(), fresh: true };
}

/**
 * Seed 001 §4: the session id and first-session flag are fixed by the first page of a browser
 * session (a first session is one whose analytics id was new); a page is the first landing only
 * until SS_HAS_LANDED is written.
 */
export function sessionInfo(
  read: (name: string) => string | undefined,
  write: (name: string, value: string) => void,
  newId: () => string,
  newVisitor: boolean,
): SessionInfo {
  let sessionId = read(COOKIE_NAMES.SESSION_ID);
  if (!sessionId) write(COOKIE_NAMES.SESSION_ID, (sessionId = newId()));
  let first = read(COOKIE_NAMES.IS_FIRST_SESSION);
  if (first === undefined) write(COOKIE_NAMES.IS_FIRST_SESSION, (first = String(newVisitor)));
  const isFirstLanding = read(COOKIE_NAMES.HAS_LANDED) === undefined;
  if (isFirstLanding) write(COOKIE_NAMES.HAS_LANDED, 'true');
  return { isFirstLanding, isFirstSession: first === 'true', sessionId };
}

/** Seed 001 §3: the fields added to every event that the event context does not already hold. */
export function automaticFields(page: PageFacts): Record<string, unknown> {
  return {
    browser_window_height: page.innerHeight,
    browser_window_width: page.innerWidth,
    browser_language: page.language,
    page_host: page.host,
    page_query_params: Object.fromEntries(new URLSearchParams(page.search)),
    referrer_url: page.referrer,
    resolved_locale: page.lang || ANALYTICS_DEFAULT_LOCALE,
    client_timestamp: page.now,
  };
}

/** Seed 001 §7, §8: beacon when supported, else JSON where only 200 and 202 succeed. */
export async function sendEnvelope(envelope: Envelope | undefined, log = true): Promise<void> {
  if (!envelope) throw new Error(measurement.analyticsNoPayload);
  if (beacon(MEASUREMENT_PATHS.ANALYTICS_EVENTS, formBody(envelope))) return;
  const status = await post(MEASUREMENT_PATHS.ANALYTICS_EVENTS, JSON.stringify(envelope), { json: true });
  if (ANALYTICS_SUCCESS_STATUSES.has(status)) return;
  const message = format(measurement.analyticsHttpStatus, { status });
  if (log) console.error(message);
  throw new Error(message);
}

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

let memoryId: string | undefined;
let newVisitor = false;
let session: SessionInfo | undefined;

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    console.warn(measurement.storageUnavailable);
    return undefined;
  }
}

/** The analytics id, resolved and written back (seed 001 §4, §9). Only while tracking is allowed. */
function analyticsId(now: number): string {
  const store = localStore();
  let stored: string | undefined;
  try {
    const text = store?.getItem(ANALYTICS_ID_KEY);
    stored = storedId(text, now);
    if (text && !stored) store?.removeItem(ANALYTICS_ID_KEY);
  } catch {
    console.warn(measurement.storageUnavailable);
  }
  const { id, fresh } = resolveId({ cookie: readCookie(COOKIE_NAMES.ANALYTICS_ID), stored, memory: memoryId }, randomId);
  memoryId = id;
  newVisitor ||= fresh;
  writeCookie(COOKIE_NAMES.ANALYTICS_ID, id, COOKIE_MAX_AGE_SECONDS.ANALYTICS_ID);
  try {
    store!.setItem(ANALYTICS_ID_KEY, JSON.stringify({ id, expires: now + COOKIE_MAX_AGE_MS.ANALYTICS_ID }));
  } catch {
    console.warn(measurement.analyticsIdNotStored);
  }
  return id;
}

function writeSessionCookie(name: string, value: string): void {
  document.cookie = `${name}=${value}; path=/; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
}

/** Drops the identifiers this page holds in memory (after a decline; consent.ts clears the rest). */
export function forgetAnalyticsId(): void {
  memoryId = undefined;
  session = undefined;
  newVisitor = false;
}

/** Sends one event; without consent only an admin's mirror sees it (emit.ts). */
export function trackEvent(fields: AnalyticsFields, customSchemaName: string): void {
  const ctx = siteContext() as MeasuredContext | undefined;
  if (!ctx) return;
  const { common, custom } = splitFields(fields, (message) => console.warn(message));
  const page = pageFacts();
  const identified = trackingAllowed();
  const data = { ...automaticFields(page), ...eventContext(ctx, page, identified), ...common };
  emit(
    'analytics',
    { customSchemaName, ...data, customData: custom },
    identified
      ? () => {
          const analytics = analyticsId(page.now);
          session ??= sessionInfo(readCookie, writeSessionCookie, randomId, newVisitor);
          const commonData = { ...data, marketing_id: readCookie(MARKETING_ID_COOKIE) ?? null, ...session };
          return sendEnvelope({ analyticsId: analytics, commonData: JSON.stringify(commonData), customData: JSON.stringify(custom), customSchemaName });
        }
      : undefined,
  );
}

/** The default page view event (seed 001 §9: default events are on). */
export function trackPageView(): void {
  if (!DEFAULT_EVENTS) return;
  const ctx = siteContext();
  trackEvent(
    {
      actor: 'visitor',
      action: 'view',
      event_owner_team: 'openpress',
      event_source: 'frontsite',
      object_type: 'page',
      ...(ctx?.pageId ? { object_id: ctx.pageId } : {}),
      object_display_name: document.title,
    },
    'frontsite_page_view',
  );
}
