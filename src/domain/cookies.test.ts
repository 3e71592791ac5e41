import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  consentCookieValue,
  COOKIE_MAX_AGE_MS,
  COOKIE_MAX_AGE_SECONDS,
  COOKIE_NAMES,
  countNewVisit,
  decodeLastId,
  encodeLastId,
  formatVisitorRecord,
  isCookieBannerNeeded,
  isVisitorRecord,
  isVisitToken,
  LAST_ID_COOKIE_PATH,
  mustClearTrackingCookies,
  newVisitorRecord,
  parseVisitorRecord,
  parseVisitToken,
  RESTRICTIVE_POLICY_COOKIES,
} from './cookies';

describe('cookie names', () => {
  // constants and helpers for 000-3.61, 000-3.62, 000-3.63, 000-3.64, 000-9.11, 001-9.49 (the cookie behaviour is left to end-to-end tests)
  it('are the seed names', () => {
    expect(COOKIE_NAMES.VISITOR_RECORD).toBe('ss_cvr');
    expect(COOKIE_NAMES.VISIT_TOKEN).toBe('ss_cvt');
    expect(COOKIE_NAMES.CONSENT).toBe('ss_cookieAllowed');
    expect(COOKIE_NAMES.LAST_ID).toBe('ss_lastid');
    expect(COOKIE_NAMES.CRUMB).toBe('crumb');
    expect([COOKIE_NAMES.SESSION_ID, COOKIE_NAMES.IS_FIRST_SESSION, COOKIE_NAMES.HAS_LANDED]).toEqual([
      'SS_SESSION_ID',
      'SS_IS_FIRST_SESSION',
      'SS_HAS_LANDED',
    ]);
  });

  // constants and helpers for 000-9.12 (the cookie behaviour is left to end-to-end tests)
  it('lists the nine cookies the restrictive policy clears', () => {
    expect([...RESTRICTIVE_POLICY_COOKIES].sort()).toEqual(
      ['SS_MATTR', 'SS_MID', 'SS_lastvisit', 'user_segment', 'ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'].sort(),
    );
  });
});

describe('cookie lifetimes', () => {
  // constants and helpers for 000-4.22, 000-4.23, 000-4.31, 000-9.08, 000-9.09, 000-9.10, 001-9.46 (the cookie behaviour is left to end-to-end tests)
  it('are 2 years, 30 minutes, 30 days and 390 days', () => {
    expect(COOKIE_MAX_AGE_SECONDS).toEqual({
      VISITOR_RECORD: 730 * 86400,
      VISIT_TOKEN: 30 * 60,
      CONSENT: 30 * 86400,
      ANALYTICS_ID: 390 * 86400,
    });
    expect(COOKIE_MAX_AGE_MS.VISIT_TOKEN).toBe(1800000);
    expect(COOKIE_MAX_AGE_MS.VISITOR_RECORD).toBe(730 * 86400000);
    expect(COOKIE_MAX_AGE_MS.CONSENT).toBe(30 * 86400000);
    expect(COOKIE_MAX_AGE_MS.ANALYTICS_ID).toBe(390 * 86400000);
  });
});

describe('visitor record (ss_cvr)', () => {
  // constants and helpers for 000-5.02 (the cookie behaviour is left to end-to-end tests)
  it('reads an id followed by four positive integers separated by |', () => {
    expect(parseVisitorRecord('a1b2-c3|1700000000000|1700000100000|1700000200000|3')).toEqual({
      id: 'a1b2-c3',
      firstVisit: 1700000000000,
      previousVisit: 1700000100000,
      currentVisit: 1700000200000,
      visitCount: 3,
    });
    expect(isVisitorRecord('x|1|1|1|1')).toBe(true);
  });

  // constants and helpers for 000-5.02 (the cookie behaviour is left to end-to-end tests)
  it('reads the percent-encoded form', () => {
    expect(parseVisitorRecord('x%7C1%7C2%7C3%7C4')).toMatchObject({ id: 'x', visitCount: 4 });
  });

  // constants and helpers for 000-5.02 (the cookie behaviour is left to end-to-end tests)
  it('refuses anything else', () => {
    for (const bad of [
      '',
      'x|1|2|3',
      'x|1|2|3|4|5',
      '|1|2|3|4',
      'x|0|2|3|4',
      'x|1|-2|3|4',
      'x|1|2|3.5|4',
      'x|1|2|3|04',
      'x|1|2|3|+4',
      'x|1|2|3|',
      'x y|1|2|3|4',
      'x|1|2|3|99999999999999999999',
      'x%ZZ|1|2|3|4',
    ]) {
      expect(parseVisitorRecord(bad)).toBeUndefined();
    }
  });

  // constants and helpers for 000-5.02 (the cookie behaviour is left to end-to-end tests)
  it('writes what it reads', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/);
    const n = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    fc.assert(
      fc.property(id, n, n, n, n, (rid, a, b, c, count) => {
        const record = { id: rid, firstVisit: a, previousVisit: b, currentVisit: c, visitCount: count };
        const text = formatVisitorRecord(record);
        expect(text.split('|')).toHaveLength(5);
        expect(parseVisitorRecord(text)).toEqual(record);
      }),
    );
  });

  // constants and helpers for 000-5.02 (the cookie behaviour is left to end-to-end tests)
  it('refuses to write a record the format cannot hold', () => {
    expect(() => formatVisitorRecord({ id: 'a|b', firstVisit: 1, previousVisit: 1, currentVisit: 1, visitCount: 1 })).toThrow(RangeError);
    expect(() => formatVisitorRecord({ id: 'a', firstVisit: 0, previousVisit: 1, currentVisit: 1, visitCount: 1 })).toThrow(RangeError);
  });

  // constants and helpers for 000-4.24 (the cookie behaviour is left to end-to-end tests)
  it('counts a new visit by raising the count by exactly 1', () => {
    const first = newVisitorRecord('v1', 1000);
    expect(first.visitCount).toBe(1);
    const second = countNewVisit(first, 5000);
    expect(second).toEqual({ id: 'v1', firstVisit: 1000, previousVisit: 1000, currentVisit: 5000, visitCount: 2 });
    expect(countNewVisit(second, 9000)).toMatchObject({ previousVisit: 5000, currentVisit: 9000, visitCount: 3 });
  });
});

describe('visit token (ss_cvt)', () => {
  // constants and helpers for 000-5.03 (the cookie behaviour is left to end-to-end tests)
  it('is a positive integer with no sign and no leading zero', () => {
    expect(parseVisitToken('1')).toBe(1);
    expect(parseVisitToken('1700000000000')).toBe(1700000000000);
    for (const bad of ['', '0', '-1', '+1', '01', '1.5', '1e3', ' 1', 'abc']) expect(isVisitToken(bad)).toBe(false);
  });

  // constants and helpers for 000-5.03 (the cookie behaviour is left to end-to-end tests)
  it('reads back every positive safe integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseVisitToken(String(n))).toBe(n);
      }),
    );
  });
});

describe('consent cookie', () => {
  // constants and helpers for 000-4.27, 000-4.28 (the cookie behaviour is left to end-to-end tests)
  it('stores true on accept and false on decline', () => {
    expect(consentCookieValue(true)).toBe('true');
    expect(consentCookieValue(false)).toBe('false');
  });

  // constants and helpers for 000-4.25, 000-4.26 (the browser behaviour is left to end-to-end tests)
  it('keeps the banner away once either answer is stored', () => {
    expect(isCookieBannerNeeded(undefined)).toBe(true);
    expect(isCookieBannerNeeded('true')).toBe(false);
    expect(isCookieBannerNeeded('false')).toBe(false);
  });

  // constants and helpers for 000-4.32 (the cookie behaviour is left to end-to-end tests)
  it('clears tracking cookies when consent is not true and the restrictive policy is on', () => {
    expect(mustClearTrackingCookies('false', true)).toBe(true);
    expect(mustClearTrackingCookies(undefined, true)).toBe(true);
    expect(mustClearTrackingCookies('true', true)).toBe(false);
    expect(mustClearTrackingCookies('false', false)).toBe(false);
  });
});

describe('ss_lastid', () => {
  // constants and helpers for 000-3.65, 000-3.67 (the cookie behaviour is left to end-to-end tests)
  it('is base64 JSON holding the site identifier, on path /', () => {
    const value = encodeLastId('my-bakery');
    expect(JSON.parse(atob(value))).toEqual({ identifier: 'my-bakery' });
    expect(decodeLastId(value)).toBe('my-bakery');
    expect(decodeLastId('not base64!')).toBeUndefined();
    expect(decodeLastId(btoa('{"other":1}'))).toBeUndefined();
    expect(LAST_ID_COOKIE_PATH).toBe('/');
  });
});
