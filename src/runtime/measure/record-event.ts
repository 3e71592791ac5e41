/**
 * Internal events (seed 001 §7): POST /api/events/RecordEvent with the event's name and payload,
 * form-encoded as crumb (the crumb cookie's value), event and data (JSON text), or in the plain
 * variant the same three as a JSON body. 200 and 202 succeed; anything else rejects as analytics
 * calls do. The system error panel's network variant records `system_network_error` with the
 * requested address (seed 001 §7, §8) through `recordSystemNetworkError`.
 */
import { ANALYTICS_SUCCESS_STATUSES, INTERNAL_ANALYTICS_EVENTS } from '../../domain/analytics';
import { COOKIE_NAMES } from '../../domain/cookies';
import { format } from '../../messages/format';
import { measurement } from '../../messages/measurement';
import { MEASUREMENT_PATHS } from '../../domain/measurement-paths';
import { readCookie } from '../consent';
import { emit } from './emit';
import { formBody, post } from './transport';

/** The body of a RecordEvent call: form fields, or JSON text in the plain variant. */
export function recordEventBody(eventName: string, payload: Record<string, unknown>, crumb: string | undefined, plain: boolean): URLSearchParams | string {
  const fields = { crumb, event: eventName, data: payload };
  return plain ? JSON.stringify(fields) : formBody(fields);
}

export async function recordEvent(eventName: string, payload: Record<string, unknown>, plain = false): Promise<void> {
  const status = await post(MEASUREMENT_PATHS.RECORD_EVENT, recordEventBody(eventName, payload, readCookie(COOKIE_NAMES.CRUMB), plain), { json: plain });
  if (!ANALYTICS_SUCCESS_STATUSES.has(status)) throw new Error(format(measurement.analyticsHttpStatus, { status }));
}

export function recordSystemNetworkError(urlRequested: string | undefined): void {
  const event = INTERNAL_ANALYTICS_EVENTS.SYSTEM_NETWORK_ERROR;
  const payload = { urlRequested: urlRequested ?? location.href };
  emit(event, payload, () => recordEvent(event, payload));
}
