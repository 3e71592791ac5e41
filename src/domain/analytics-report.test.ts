/** The dashboard's shared rules: calendar days and ranges, device classes, viewport bands and how vitals read. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInRange,
  deviceClass,
  formatVital,
  isDay,
  isInternalReferral,
  lastDays,
  NO_VIEWPORT,
  viewportBand,
  viewportBandLabel,
  VIEWPORT_BANDS,
} from './analytics-report';

describe('days and ranges', () => {
  it('knows a calendar day written YYYY-MM-DD from anything else', () => {
    for (const day of ['2025-01-31', '2024-02-29', '2000-12-01']) expect(isDay(day), day).toBe(true);
    for (const text of ['2025-02-29', '2025-02-30', '2025-13-01', '2025-1-5', '20250105', '2025-01-05T00:00', ' 2025-01-05', ''])
      expect(isDay(text), text).toBe(false);
  });

  it('counts days across month, year and daylight-saving changes', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysInRange('2025-03-29', '2025-03-31')).toBe(3);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInRange('2025-01-02', '2025-01-01')).toBe(0);
    expect(lastDays('2025-03-05', 7)).toEqual({ from: '2025-02-27', to: '2025-03-05' });
  });

  it('adding n days then counting gives n + 1 days, whatever the day', () => {
    const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(fc.property(day, fc.integer({ min: 0, max: 2000 }), (from, n) => daysInRange(from, addDays(from, n)) === n + 1 && isDay(addDays(from, n))));
  });
});

describe('devices and viewports', () => {
  it('classes a hit by its user agent, else by its viewport width', () => {
    const agents: [string, string][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'desktop'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'desktop'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'mobile'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'mobile'],
      ['Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0', 'mobile'],
      ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'tablet'],
      ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'tablet'],
    ];
    for (const [agent, device] of agents) expect(deviceClass(agent, 1280), agent).toBe(device);
    expect([deviceClass(null, 390), deviceClass('', 800), deviceClass(undefined, 1440), deviceClass(null, null), deviceClass(null, 0)]).toEqual([
      'mobile',
      'tablet',
      'desktop',
      'unknown',
      'unknown',
    ]);
  });

  it('puts each width in the band whose lower bound is the largest not above it', () => {
    expect([1, 359, 360, 767, 768, 1023, 1024, 1919, 1920, 7680].map(viewportBand)).toEqual([0, 0, 360, 480, 768, 768, 1024, 1440, 1920, 1920]);
    expect([null, undefined, 0, -5].map(viewportBand)).toEqual([NO_VIEWPORT, NO_VIEWPORT, NO_VIEWPORT, NO_VIEWPORT]);
    expect(VIEWPORT_BANDS.map(viewportBandLabel)).toEqual([
      '0–359 px',
      '360–479 px',
      '480–767 px',
      '768–1023 px',
      '1024–1279 px',
      '1280–1439 px',
      '1440–1919 px',
      '1920 px and wider',
    ]);
    expect(viewportBandLabel(NO_VIEWPORT)).toBe('Unknown');
  });
});

describe('vitals as people read them', () => {
  it('shows milliseconds, seconds from one second on, and CLS as a score', () => {
    expect([formatVital('INP', 199.6), formatVital('LCP', 2510), formatVital('TTFB', 999.4), formatVital('CLS', 0.1043)]).toEqual([
      '200 ms',
      '2.51 s',
      '999 ms',
      '0.10',
    ]);
  });

  it('tells a step between the site’s own pages from a referral', () => {
    expect(isInternalReferral('pottery.example', 'https://pottery.example/about')).toBe(true);
    expect(isInternalReferral('pottery.example:8080', 'http://POTTERY.example:8080/')).toBe(true);
    expect(isInternalReferral('search.example', 'https://pottery.example/')).toBe(false);
    expect(isInternalReferral('', 'https://pottery.example/')).toBe(false);
    expect(isInternalReferral('pottery.example', 'not a url')).toBe(false);
  });
});
