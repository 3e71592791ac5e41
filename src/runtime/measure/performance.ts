/**
 * Real-user performance records (seed 001 §3, §7, §8, §9). The page first asks
 * /api/1/performance/settings for its pageLoadId (30 s at most: 'Metric settings request timeout';
 * an answer without one: 'Unable to resolve pageLoadId'; either way nothing is measured). Then
 * vitals.ts reports LCP, CLS, INP, FCP and TTFB; each metric's latest value waits as a `rum-` record {app, data, event: 'page_speed', pageLoadId, timestamp}. Waiting
 * records go to /api/1/performance/records as a JSON list: 30 s after load by XHR with a text/plain
 * body (another status than 2xx: 'XHR request DONE with unexpected status'), and whenever the page
 * is hidden by beacon. Collection stops 60 s after load, with a last send. Failures are reported
 * through errors.ts. A record carries no identifier, except a signed-in customer's member account
 * id while identifiers are allowed (seed 001 §6).
 */
import { analyticsPagePath, ANALYTICS_TIMINGS_MS, RUM_PREFIX, type PerformanceEvent } from '../../domain/analytics';
import { measurement } from '../../messages/measurement';
import { MEASUREMENT_PATHS } from '../../domain/measurement-paths';
import { trackingAllowed } from '../consent';
import { siteContext } from '../site-context';
import { reportError } from './errors';
import { beacon } from './transport';
import { observeVitals, type Metric } from './vitals';

export const PERFORMANCE_APP = 'frontsite';

export type PerformanceRecord = {
  app: string;
  data: Record<string, unknown>;
  event: PerformanceEvent;
  pageLoadId: string;
  timestamp: number;
};

/** `pagePath` names the page the vitals belong to (the event context's path, no identifier). */
export function performanceRecord(metric: Metric, pageLoadId: string, now: number, pagePath: string, memberAccountId?: string): PerformanceRecord {
  return {
    app: PERFORMANCE_APP,
    data: {
      name: RUM_PREFIX + metric.name.toLowerCase(),
      value: metric.value,
      rating: metric.rating,
      navigationType: metric.navigationType,
      pagePath,
      ...(memberAccountId ? { memberAccountId } : {}),
    },
    event: 'page_speed',
    pageLoadId,
    timestamp: now,
  };
}

/** The settings answer's pageLoadId, when it is a non-empty string. */
export function pageLoadIdOf(body: unknown): string | undefined {
  const id = (body as { pageLoadId?: unknown } | null)?.pageLoadId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

async function settings(): Promise<string | undefined> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ANALYTICS_TIMINGS_MS.PERFORMANCE_SETTINGS_TIMEOUT);
  let body: unknown;
  try {
    const res = await fetch(MEASUREMENT_PATHS.PERFORMANCE_SETTINGS, { credentials: 'same-origin', signal: abort.signal });
    const answer: unknown = await res.json().catch(() => null);
    body = res.ok ? answer : null;
  } catch {
    if (abort.signal.aborted) {
      reportError(measurement.performanceSettingsTimeout);
      return undefined;
    }
  } finally {
    clearTimeout(timer);
  }
  const id = pageLoadIdOf(body);
  if (!id) reportError(measurement.performanceNoPageLoadId);
  return id;
}

function sendXhr(body: string): void {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', MEASUREMENT_PATHS.PERFORMANCE_RECORDS);
  xhr.setRequestHeader('Content-Type', 'text/plain');
  xhr.onreadystatechange = () => {
    if (xhr.readyState === XMLHttpRequest.DONE && (xhr.status < 200 || xhr.status > 299)) {
      reportError(measurement.performanceUnexpectedStatus, { status: xhr.status });
    }
  };
  xhr.send(body);
}

export async function startPerformance(): Promise<void> {
  const ctx = siteContext();
  if (!ctx) return;
  const pageLoadId = await settings();
  if (!pageLoadId) return;
  const waiting = new Map<string, PerformanceRecord>();
  let collecting = true;
  const flush = (hidden: boolean) => {
    if (waiting.size === 0) return;
    const body = JSON.stringify([...waiting.values()]);
    waiting.clear();
    if (!(hidden && beacon(MEASUREMENT_PATHS.PERFORMANCE_RECORDS, body))) sendXhr(body);
  };
  const collect = (metric: Metric) => {
    if (!collecting) return;
    const member = trackingAllowed() ? ctx.memberAccountId : undefined;
    waiting.set(metric.name, performanceRecord(metric, pageLoadId, Date.now(), analyticsPagePath(location.pathname), member));
  };
  const sinceLoad = performance.now();
  setTimeout(() => flush(false), Math.max(0, ANALYTICS_TIMINGS_MS.PERFORMANCE_FLUSH_AFTER_LOAD - sinceLoad));
  setTimeout(
    () => {
      flush(false);
      collecting = false;
    },
    Math.max(0, ANALYTICS_TIMINGS_MS.METRICS_MAX_WAIT - sinceLoad),
  );
  observeVitals(collect);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && collecting) flush(true);
  });
}
