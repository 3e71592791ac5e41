/**
 * Cookie names, lifetimes and value formats of seed 000 (§3, §4, §5, §9) and seed 001 (§7, §9):
 * the visitor record and visit token, consent, the crumb, ss_lastid and the analytics session
 * cookies. The server and the visitor runtime both write these, so the formats are parsed and
 * written only here. The meaning of the visitor record's four numbers is ours
 * (docs/decisions/0066-visitor-record-fields.md).
 */

export const COOKIE_NAMES = {
  VISITOR_RECORD: 'ss_cvr',
  VISIT_TOKEN: 'ss_cvt',
  CONSENT: 'ss_cookieAllowed',
  LAST_ID: 'ss_lastid',
  CRUMB: 'crumb',
  SESSION_ID: 'SS_SESSION_ID',
  IS_FIRST_SESSION: 'SS_IS_FIRST_SESSION',
  HAS_LANDED: 'SS_HAS_LANDED',
  /** Seed 001 §4, §9: the analytics id (390 days); the seed does not name it, so the name is ours. */
  ANALYTICS_ID: 'ss_aid',
} as const;

export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

/** Seed 000 §9: cleared when consent is not true and the restrictive policy is on. */
export const RESTRICTIVE_POLICY_COOKIES = [
  'SS_MATTR',
  'SS_MID',
  'SS_lastvisit',
  'user_segment',
  'ss_cid',
  'ss_cpvisit',
  'ss_cvisit',
  'ss_cvr',
  'ss_cvt',
] as const;

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** Cookie lifetimes in seconds (the unit of Max-Age). Two years is 730 days. */
export const COOKIE_MAX_AGE_SECONDS = {
  VISITOR_RECORD: 730 * DAY,
  VISIT_TOKEN: 30 * MINUTE,
  CONSENT: 30 * DAY,
  ANALYTICS_ID: 390 * DAY,
} as const;

/** The same lifetimes in milliseconds, for Date arithmetic in the browser. */
export const COOKIE_MAX_AGE_MS = {
  VISITOR_RECORD: COOKIE_MAX_AGE_SECONDS.VISITOR_RECORD * 1000,
  VISIT_TOKEN: COOKIE_MAX_AGE_SECONDS.VISIT_TOKEN * 1000,
  CONSENT: COOKIE_MAX_AGE_SECONDS.CONSENT * 1000,
  ANALYTICS_ID: COOKIE_MAX_AGE_SECONDS.ANALYTICS_ID * 1000,
} as const;

/**
 * The header that carries the crumb cookie's value on state-changing calls (the data-request
 * client, error reports); the server also takes it as the `crumb` query parameter.
 */
export const CRUMB_HEADER = 'X-CSRF-Token';

/** The path ss_lastid is set on (seed 000 §3). */
export const LAST_ID_COOKIE_PATH = '/';

/**
 * The visitor record (ss_cvr): `id|firstVisit|previousVisit|currentVisit|visitCount`, the three
 * visit times in epoch milliseconds. Seed 000 §5 fixes only "an id then four positive integers".
 */
export type VisitorRecord = {
  id: string;
  firstVisit: number;
  previousVisit: number;
  currentVisit: number;
  visitCount: number;
};

const POSITIVE_INTEGER = /^[1-9][0-9]*$/;
/** URL-safe characters only, so the id never needs escaping and never contains the separator. */
const VISITOR_ID = /^[A-Za-z0-9._~-]+$/;

function positiveInteger(text: string): number | undefined {
  if (!POSITIVE_INTEGER.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Cookie libraries may percent-encode '|' as %7C; the value is read either way. */
function decoded(value: string): string | undefined {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function isVisitorId(id: string): boolean {
  return VISITOR_ID.test(id);
}

/** Seed 000 §5: reads an ss_cvr value, or undefined when it is not an id and four positive integers. */
export function parseVisitorRecord(value: string): VisitorRecord | undefined {
  const text = decoded(value);
  if (text === undefined) return undefined;
  const parts = text.split('|');
  if (parts.length !== 5) return undefined;
  const [id = '', ...rest] = parts;
  if (!isVisitorId(id)) return undefined;
  const [firstVisit, previousVisit, currentVisit, visitCount] = rest.map(positiveInteger);
  if (firstVisit === undefined || previousVisit === undefined || currentVisit === undefined || visitCount === undefined) {
    return undefined;
  }
  return { id, firstVisit, previousVisit, currentVisit, visitCount };
}

export function isVisitorRecord(value: string): boolean {
  return parseVisitorRecord(value) !== undefined;
}

export function formatVisitorRecord(record: VisitorRecord): string {
  const { id, firstVisit, previousVisit, currentVisit, visitCount } = record;
  const numbers = [firstVisit, previousVisit, currentVisit, visitCount];
  if (!isVisitorId(id) || !numbers.every((n) => Number.isSafeInteger(n) && n > 0)) {
    throw new RangeError('A visitor record is a URL-safe id and four positive integers');
  }
  return [id, ...numbers].join('|');
}

/** A first visit: all three visit times are `now`, the count is 1. */
export function newVisitorRecord(id: string, now: number): VisitorRecord {
  return { id, firstVisit: now, previousVisit: now, currentVisit: now, visitCount: 1 };
}

/** Seed 000 §4: a record without a visit token starts a new visit, and the count rises by 1. */
export function countNewVisit(record: VisitorRecord, now: number): VisitorRecord {
  return { ...record, previousVisit: record.currentVisit, currentVisit: now, visitCount: record.visitCount + 1 };
}

/** Seed 000 §5: the visit token (ss_cvt) is a positive integer, or undefined when it is not. */
export function parseVisitToken(value: string): number | undefined {
  const text = decoded(value);
  return text === undefined ? undefined : positiveInteger(text);
}

export function isVisitToken(value: string): boolean {
  return parseVisitToken(value) !== undefined;
}

/** Seed 000 §4: accept stores true, decline stores false. */
export function consentCookieValue(accepted: boolean): 'true' | 'false' {
  return accepted ? 'true' : 'false';
}

/** The stored consent, or undefined when there is no (readable) consent cookie yet. */
export function parseConsent(value: string | undefined): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** Seed 000 §4: the banner shows unless a consent cookie exists, whichever answer it holds. */
export function isCookieBannerNeeded(consentValue: string | undefined): boolean {
  return parseConsent(consentValue) === undefined;
}

/** Seed 000 §4: tracking cookies are cleared when consent is not true and the restrictive policy is on. */
export function mustClearTrackingCookies(consentValue: string | undefined, restrictivePolicyEnabled: boolean): boolean {
  return restrictivePolicyEnabled && parseConsent(consentValue) !== true;
}

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(value: string): string | undefined {
  try {
    const binary = atob(value);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** Seed 000 §3: ss_lastid is base64 of a JSON object holding the site identifier. */
export function encodeLastId(identifier: string): string {
  return toBase64(JSON.stringify({ identifier }));
}

export function decodeLastId(value: string): string | undefined {
  const json = fromBase64(value);
  if (json === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || !('identifier' in parsed)) return undefined;
    return typeof parsed.identifier === 'string' ? parsed.identifier : undefined;
  } catch {
    return undefined;
  }
}
