/**
 * The five web vitals' names and web-vitals' thresholds, and the rating of one value by them: the
 * visitor runtime rates what it measures (src/runtime/measure/vitals.ts) and the analytics report
 * rates each page's 75th percentile (src/server/modules/measurement/analytics-report.ts) by the same rule.
 */
export type MetricName = 'LCP' | 'CLS' | 'INP' | 'FCP' | 'TTFB';
export type Rating = 'good' | 'needs-improvement' | 'poor';

/** web-vitals' thresholds: good up to the first, poor above the second. */
export const THRESHOLDS: Readonly<Record<MetricName, readonly [number, number]>> = {
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function rating(name: MetricName, value: number): Rating {
  const [good, poor] = THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}
