/**
 * The visitor record (ss_cvr, 2 years) and the visit token (ss_cvt, 30 minutes) of seed 000 §3–§5,
 * kept by the visitor's browser and only while tracking is allowed (./consent.ts). Each page view
 * that asks for the visitor cookie renews both: a first visit writes a new record; a record without
 * a visit token starts a new visit (count + 1); a value that is not in the seed's format is
 * replaced, never trusted. The visit token holds the visit's start time (epoch milliseconds), so it
 * is a positive integer that names the visit; while the visitor keeps browsing, it lives on for 30
 * minutes after their last page view.
 */
import {
  COOKIE_MAX_AGE_SECONDS,
  COOKIE_NAMES,
  countNewVisit,
  formatVisitorRecord,
  newVisitorRecord,
  parseVisitorRecord,
  parseVisitToken,
  type VisitorRecord,
} from '../domain/cookies';
import { readCookie, trackingAllowed, writeCookie } from './consent';

/** 128 random bits as hex: URL-safe, so it never needs escaping in the record. */
function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether this page view has already renewed the cookies (several modules may ask). */
let renewed = false;

/** The visitor record after this page view: kept, a new visit counted, or a new visitor. */
function recordForPageView(now: number): VisitorRecord {
  const record = parseVisitorRecord(readCookie(COOKIE_NAMES.VISITOR_RECORD) ?? '');
  if (!record) return newVisitorRecord(newVisitorId(), now);
  const token = parseVisitToken(readCookie(COOKIE_NAMES.VISIT_TOKEN) ?? '');
  return token === undefined ? countNewVisit(record, now) : record;
}

/**
 * The visitor cookie's value (ss_cvr) for this page view, after renewing it and the visit token;
 * undefined when tracking is not allowed here (no consent, a declined or GPC visitor, or a page
 * that is not tracked), in which case neither cookie is written.
 */
export function visitorCookie(now = Date.now()): string | undefined {
  if (!trackingAllowed()) return undefined;
  const current = readCookie(COOKIE_NAMES.VISITOR_RECORD);
  if (renewed && current && parseVisitorRecord(current) && parseVisitToken(readCookie(COOKIE_NAMES.VISIT_TOKEN) ?? '') !== undefined) return current;
  const record = recordForPageView(now);
  const value = formatVisitorRecord(record);
  writeCookie(COOKIE_NAMES.VISITOR_RECORD, value, COOKIE_MAX_AGE_SECONDS.VISITOR_RECORD);
  writeCookie(COOKIE_NAMES.VISIT_TOKEN, String(record.currentVisit), COOKIE_MAX_AGE_SECONDS.VISIT_TOKEN);
  renewed = true;
  return value;
}
