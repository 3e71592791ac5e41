/**
 * The five web vitals (LCP, CLS, INP, FCP, TTFB) measured with the browser's performance
 * observers, after web-vitals' definitions and thresholds, in a few hundred bytes: the page's
 * measurement has to fit its JavaScript budget (e2e/budgets.test.ts) and the web-vitals package
 * alone is 3.3 KB gzipped (docs/decisions/0100-web-vitals-without-the-package.md). Each metric is
 * reported again whenever its value changes, rated by the thresholds of src/domain/vitals.ts; the
 * caller keeps the latest.
 */
import { rating, type MetricName, type Rating } from '../../domain/vitals';

export type { MetricName, Rating };
export type Metric = { name: MetricName; value: number; rating: Rating; navigationType: string };

/** CLS: the largest session window, shifts less than 1 s apart in a window at most 5 s long. */
export function layoutShiftScore(shifts: readonly { startTime: number; value: number }[]): number {
  let max = 0;
  let sum = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (sum > 0 && shift.startTime - last < 1000 && shift.startTime - first < 5000) sum += shift.value;
    else {
      sum = shift.value;
      first = shift.startTime;
    }
    last = shift.startTime;
    max = Math.max(max, sum);
  }
  return max;
}

/** INP: the longest interaction, skipping one for every 50 (the 98th percentile on busy pages). */
export function interactionScore(durations: readonly number[]): number | undefined {
  const sorted = [...durations].sort((a, b) => b - a);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length / 50))];
}

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type Interaction = PerformanceEntry & { interactionId?: number };

export function observeVitals(report: (metric: Metric) => void): void {
  let navigationType = 'navigate';
  const send = (name: MetricName, value: number) => report({ name, value, rating: rating(name, value), navigationType });
  const observe = (type: string, handle: (entries: PerformanceEntry[]) => void, extra: object = {}) => {
    try {
      new PerformanceObserver((list) => handle(list.getEntries())).observe({ type, buffered: true, ...extra });
    } catch {
      // This browser does not know the entry type: the metric is not measured.
    }
  };
  observe('navigation', (entries) => {
    const nav = entries[0] as PerformanceNavigationTiming | undefined;
    if (!nav) return;
    navigationType = nav.type;
    send('TTFB', Math.max(0, nav.responseStart));
  });
  observe('paint', (entries) => {
    for (const e of entries) if (e.name === 'first-contentful-paint') send('FCP', e.startTime);
  });
  // The largest paint stops counting at the visitor's first input.
  let inputSeen = false;
  for (const type of ['keydown', 'pointerdown']) addEventListener(type, () => (inputSeen = true), { once: true, capture: true });
  observe('largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1];
    if (last && !inputSeen) send('LCP', last.startTime);
  });
  const shifts: Shift[] = [];
  send('CLS', 0);
  observe('layout-shift', (entries) => {
    for (const e of entries as Shift[]) if (!e.hadRecentInput) shifts.push(e);
    send('CLS', layoutShiftScore(shifts));
  });
  const interactions = new Map<number, number>();
  observe(
    'event',
    (entries) => {
      for (const e of entries as Interaction[])
        if (e.interactionId) interactions.set(e.interactionId, Math.max(e.duration, interactions.get(e.interactionId) ?? 0));
      const inp = interactionScore([...interactions.values()]);
      if (inp !== undefined) send('INP', inp);
    },
    { durationThreshold: 40 },
  );
}
