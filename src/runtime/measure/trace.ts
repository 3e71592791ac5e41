/**
 * The tracking log (seed 001 §3, §7, §9): each tracked event, and each tracking failure, as
 * {pageUrl, type, data}, batched and sent to /api/events/Trace as a form field `data` holding the
 * JSON array: every 30 s, and by beacon when the page is hidden or left. A failed send is ignored
 * (the events are dropped, never retried). The log adds no identifier of its own: each entry holds
 * the event's data as it was allowed to be sent, and pageUrl is the address without its query.
 */
import { TIMINGS_MS } from '../../domain/limits';
import { MEASUREMENT_PATHS } from '../../domain/measurement-paths';
import { beacon, formBody, post } from './transport';

export type TraceEvent = { pageUrl: string; type: string; data: unknown };

const queue: TraceEvent[] = [];
let started = false;

function flush(leaving: boolean): void {
  if (queue.length === 0) return;
  const body = formBody({ data: queue.splice(0) });
  if (leaving && beacon(MEASUREMENT_PATHS.EVENTS_TRACE, body)) return;
  post(MEASUREMENT_PATHS.EVENTS_TRACE, body).catch(() => undefined);
}

export function trace(type: string, data: unknown): void {
  queue.push({ pageUrl: location.origin + location.pathname, type, data });
  if (started) return;
  started = true;
  setInterval(() => flush(false), TIMINGS_MS.LOGGER_FLUSH);
  addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
}
