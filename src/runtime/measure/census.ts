/**
 * Census calls of seed 000 §3, §7: the page view and the other hit types to /api/census/RecordHit
 * (form-encoded event, data as JSON text, ss_cvr), and the button, form, overlay and quick-view
 * counts, each with a 2500 ms time limit and failures only logged. Hits carry the visitor cookie
 * only while identifiers are allowed (consent.ts); without it a hit is an anonymous count.
 * The overlay, quick-view, heartbeat, audio and video senders are for features still to come.
 */
import { analyticsPagePath } from '../../domain/analytics';
import { CENSUS_EVENT_TYPES, type ButtonTrackingPayload, type CensusEventType } from '../../domain/census';
import { TIMINGS_MS } from '../../domain/limits';
import { MEASUREMENT_PATHS, quickViewPath, SEARCH_PATH } from '../../domain/measurement-paths';
import { trackingAllowed } from '../consent';
import { siteContext } from '../site-context';
import { visitorCookie } from '../visitor';
import { hitData, pageFacts, type MeasuredContext } from './context';
import { emit } from './emit';
import { expectOk, formBody, post } from './transport';

const limited = { timeout: TIMINGS_MS.TRACKING_TIMEOUT };

function send(url: string, fields: Record<string, unknown> | null): Promise<void> {
  return post(url, fields && formBody(fields), limited).then(expectOk);
}

/** POST /api/census/RecordHit with `extra` added to the hit's data. */
export function recordHit(event: CensusEventType, extra: Record<string, unknown> = {}): void {
  const ctx = siteContext() as MeasuredContext | undefined;
  if (!ctx) return;
  const identified = trackingAllowed();
  const data = { ...hitData(ctx, pageFacts(), identified), ...extra };
  emit(`census-${event}`, { event, ...data }, () => send(MEASUREMENT_PATHS.CENSUS_RECORD_HIT, { event, data, ss_cvr: visitorCookie() }));
}

/** Seed 000 §2: a page view (event 1), except on the search page. */
export function recordPageView(): void {
  if (analyticsPagePath(location.pathname) !== SEARCH_PATH) recordHit(CENSUS_EVENT_TYPES.PAGE_VIEW);
}

export function recordSiteSearch(query: string): void {
  recordHit(CENSUS_EVENT_TYPES.SITE_SEARCH, { query });
}

export function recordHeartbeat(): void {
  recordHit(CENSUS_EVENT_TYPES.HEARTBEAT);
}

export function recordMedia(kind: 'audio' | 'video', media: Record<string, unknown>): void {
  recordHit(kind === 'audio' ? CENSUS_EVENT_TYPES.AUDIO : CENSUS_EVENT_TYPES.VIDEO, media);
}

/** A count with the visitor cookie added when identifiers are allowed. */
function count(url: string, type: string, fields: Record<string, unknown>): void {
  emit(type, fields, () => send(url, { ...fields, visitorCookie: visitorCookie() }));
}

export function buttonRender(payload: ButtonTrackingPayload): void {
  count(MEASUREMENT_PATHS.CENSUS_BUTTON_RENDER, 'button-render', payload);
}

export function buttonClick(payload: ButtonTrackingPayload): void {
  count(MEASUREMENT_PATHS.CENSUS_BUTTON_CLICK, 'button-click', payload);
}

export function formRender(formId: string): void {
  count(MEASUREMENT_PATHS.CENSUS_FORM_RENDER, 'form-render', { formId });
}

/** For the popup overlay (not built yet). */
export function overlayRender(payload: Record<string, unknown>): void {
  count(MEASUREMENT_PATHS.CENSUS_OVERLAY, 'overlay', payload);
}

/** For the product quick view (not built yet): no payload. */
export function recordQuickView(id: string): void {
  emit('quick-view', { id }, () => send(quickViewPath(id), null));
}
