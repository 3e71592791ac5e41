/**
 * What the measurement calls accept beyond what the seeds fix (seed 000 §7, §9; seed 001 §7): the
 * most a call may carry, and the census count kinds. The server refuses more; the visitor runtime
 * keeps within them. Our numbers where the seeds give none (docs/decisions/,
 * the area "Consent and measurement").
 */
import { ERROR_REPORTING } from './limits';

export const MEASUREMENT_LIMITS = {
  /** Bytes of one call's body: what a beacon or a keepalive fetch may send (64 KB). */
  BODY_BYTES: 64 * 1024,
  /** Bytes of one error report call: up to 20 reports, each with a 5000-character stack. */
  ERROR_REPORT_BODY_BYTES: 256 * 1024,
  /** Seed 000 §9: at most 20 reports a page, so at most 20 in one call. */
  ERROR_REPORTS_PER_CALL: ERROR_REPORTING.MAX_REPORTS_PER_PAGE,
  /** Seed 000 §9: a stack is cut at 5000 characters, by the server too. */
  STACK_LENGTH: ERROR_REPORTING.MAX_STACK_LENGTH,
  /** Tracking-log events in one Trace call (30 s of a busy page). */
  TRACE_EVENTS_PER_CALL: 200,
  /** Performance records in one call (the runtime sends the latest of each metric). */
  PERFORMANCE_RECORDS_PER_CALL: 50,
} as const;

/**
 * The census counts other than hits (seed 000 §7), as stored. A count call may add the event
 * context's `pagePath` (seed 000 §3 "Event context added to tracking"), and a performance record's
 * data may too: the dashboard counts per page only what names its page.
 */
export const CENSUS_COUNT_KINDS = ['button-render', 'button-click', 'form-render', 'overlay', 'quick-view'] as const;
export type CensusCountKind = (typeof CENSUS_COUNT_KINDS)[number];
