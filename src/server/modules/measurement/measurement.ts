/**
 * Who and when, for the measurement calls, without keeping anyone's address:
 *
 * - The site's day: the calendar day in the site's time zone (settings.timeZone) when a call arrived.
 * - Visitors: a call carrying a visitor record (ss_cvr, sent only with consent) is that visitor
 *   across days: an HMAC of the site and the record's id under a server secret. Without one, the
 *   visitor is a SHA-256 of the day's random salt, the site, the address and the user agent: the
 *   same person is one visitor within a day and cannot be followed across days. Salts live in
 *   measurement_salts, one per day, and are deleted once no site is on that day any more, after
 *   which no hash of that day can be tied to an address again.
 * - Rate-limit keys: the same daily salted hash of the address alone.
 * - Performance page loads: GET /api/1/performance/settings hands out a fresh pageLoadId signed for
 *   the site, and records must carry one.
 * - Crawlers (isbot's list of known robots, headless browsers included) are answered but not counted.
 *
 * Retention (hourly): raw rows and rollups older than the site's analyticsRetentionDays (400 days
 * when unset) go, and so do old salts and ended rate-limit windows.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { isbot } from 'isbot';
import type { Db } from '../../../db/client';
import {
  analyticsEvents,
  campaignDaily,
  censusEvents,
  censusHits,
  censusTargetDaily,
  deviceDaily,
  javascriptErrors,
  measurementLimits,
  measurementSalts,
  pageDailyStats,
  performanceRecords,
  recordedEvents,
  referrerDaily,
  traceEvents,
  trackHits,
  visitorDays,
  visitStarts,
  vitalsDaily,
} from './schema';
import { serverSecret } from '../../secrets/server-secrets';

/** Kept when a site sets no analyticsRetentionDays (docs/decisions/0088-measurement-data-kept-400-days.md). */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 400;

/** Every table of a site's measurement data, raw and rolled up, each with (website_id, day, …) as its key. */
export const MEASUREMENT_TABLES: readonly PgTable[] = [
  censusHits,
  censusEvents,
  analyticsEvents,
  recordedEvents,
  performanceRecords,
  javascriptErrors,
  traceEvents,
  trackHits,
  pageDailyStats,
  visitorDays,
  visitStarts,
  vitalsDaily,
  referrerDaily,
  campaignDaily,
  deviceDaily,
  censusTargetDaily,
];

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The current day per zone, until the next whole minute: every zone's offset is a whole number of minutes, so no day ends in between. */
const currentDays = new Map<string, { day: string; until: number }>();

function formatDay(timeZone: string, at: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return formatDay('UTC', at);
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The calendar day (YYYY-MM-DD) in `timeZone` at `at` (now when not given); UTC for a zone this runtime does not know. */
export function dayIn(timeZone: string, at?: Date): string {
  if (at) return formatDay(timeZone, at);
  const now = Date.now();
  const known = currentDays.get(timeZone);
  if (known && now < known.until) return known.day;
  const day = formatDay(timeZone, new Date(now));
  currentDays.set(timeZone, { day, until: now - (now % 60_000) + 60_000 });
  return day;
}

/** Known robots, by their user agent. */
export function isCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && isbot(userAgent);
}

/** The earliest day some site may still be on: yesterday in UTC (zones run from UTC−12 to UTC+14). */
function oldestSaltDay(now = new Date()): string {
  return dayIn('UTC', new Date(now.getTime() - 24 * 60 * 60 * 1000));
}

const short = (digest: Buffer) => digest.toString('base64url').slice(0, 22);

export type MeasurementIdentity = {
  /** A visitor across days: a keyed hash of the site and the visitor record's id. */
  visitorHash(websiteId: string, visitorId: string): string;
  /** The analytics id of v1 events, kept only hashed like a visitor id. */
  analyticsIdHash(websiteId: string, analyticsId: string): string;
  /** A visitor without a visitor record: the same within one site day only. */
  anonymousHash(websiteId: string, day: string, ip: string, userAgent: string): Promise<string>;
  /** The rate-limit key of an address on a site day. */
  clientHash(websiteId: string, day: string, ip: string): Promise<string>;
  newPageLoadId(websiteId: string): string;
  isPageLoadId(websiteId: string, id: string): boolean;
};

export async function measurementIdentity(db: Db): Promise<MeasurementIdentity> {
  const secret = await serverSecret(db, 'measurement_secret');
  const keyed = (...parts: string[]) => short(createHmac('sha256', secret).update(parts.join('\u0000')).digest());
  const salts = new Map<string, Promise<string>>();
  const saltOf = (day: string): Promise<string> => {
    let salt = salts.get(day);
    if (!salt) {
      // A day no site is on any more: its salt is forgotten here too, as pruneMeasurement deletes it.
      const oldest = oldestSaltDay();
      for (const known of salts.keys()) if (known < oldest) salts.delete(known);
      salt = (async () => {
        await db
          .insert(measurementSalts)
          .values({ day, salt: randomBytes(32).toString('base64url') })
          .onConflictDoNothing();
        const { rows } = await db.execute<{ salt: string }>(sql`SELECT salt FROM measurement_salts WHERE day = ${day}`);
        return rows[0]!.salt;
      })();
      salts.set(day, salt);
      salt.catch(() => salts.delete(day));
    }
    return salt;
  };
  const salted = async (day: string, ...parts: string[]) =>
    short(
      createHash('sha256')
        .update([await saltOf(day), ...parts].join('\u0000'))
        .digest(),
    );
  const pageLoadMac = (websiteId: string, nonce: string) => keyed('page-load', websiteId, nonce);
  return {
    visitorHash: (websiteId, visitorId) => keyed('visitor', websiteId, visitorId),
    analyticsIdHash: (websiteId, analyticsId) => keyed('analytics-id', websiteId, analyticsId),
    anonymousHash: (websiteId, day, ip, userAgent) => salted(day, 'visitor', websiteId, ip, userAgent),
    clientHash: (websiteId, day, ip) => salted(day, 'client', websiteId, ip),
    newPageLoadId(websiteId) {
      const nonce = randomBytes(12).toString('base64url');
      return `${nonce}.${pageLoadMac(websiteId, nonce)}`;
    },
    isPageLoadId(websiteId, id) {
      const [nonce, mac, rest] = id.split('.');
      if (!nonce || !mac || rest !== undefined) return false;
      const expected = Buffer.from(pageLoadMac(websiteId, nonce));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/**
 * Deletes what is past each site's retention, counted in whole site days: rows of days before
 * (today in the site's zone − analyticsRetentionDays). Also the salts of days no site is on any
 * more (before yesterday in UTC), and ended rate-limit windows. Idempotent, so every app server may run it.
 */
export async function pruneMeasurement(db: Db): Promise<number> {
  let deleted = 0;
  for (const table of MEASUREMENT_TABLES) {
    const result = await db.execute(sql`
      DELETE FROM ${table} t USING websites w
      WHERE t.website_id = w.id
        AND t.day < (now() AT TIME ZONE coalesce(w.settings ->> 'timeZone', 'UTC'))::date
          - (CASE WHEN jsonb_typeof(w.settings -> 'analyticsRetentionDays') = 'number'
               THEN (w.settings ->> 'analyticsRetentionDays')::int ELSE ${DEFAULT_ANALYTICS_RETENTION_DAYS}::int END)`);
    deleted += result.rowCount ?? 0;
  }
  await db.delete(measurementSalts).where(lt(measurementSalts.day, oldestSaltDay()));
  await db.delete(measurementLimits).where(lt(measurementLimits.windowEndsAt, sql`now()`));
  return deleted;
}
