/**
 * The measurement calls of seed 000 §7 and seed 001 §7, and the search page that sends no page
 * view (seed 000 §2): the only paths the visitor runtime on every published page needs, in a
 * module of their own so its chunk carries none of the other calls (paths.ts merges them into
 * API_PATHS and ROUTES for everyone else).
 */
export const SEARCH_PATH = '/search';

export const MEASUREMENT_PATHS = {
  RECORD_JAVASCRIPT_ERRORS: '/api/events/RecordJavascriptErrors',
  CENSUS_RECORD_HIT: '/api/census/RecordHit',
  CENSUS_BUTTON_CLICK: '/api/census/button-click',
  CENSUS_BUTTON_RENDER: '/api/census/button-render',
  CENSUS_FORM_RENDER: '/api/census/form-render',
  CENSUS_OVERLAY: '/api/census/overlay',
  CENSUS_RECORD_QUICK_VIEW: '/api/census/RecordQuickView/',
  EVENTS_TRACE: '/api/events/Trace',
  TRACK: '/api/track/Track',
  PERFORMANCE_SETTINGS: '/api/1/performance/settings',
  PERFORMANCE_RECORDS: '/api/1/performance/records',
  RECORD_EVENT: '/api/events/RecordEvent',
  ANALYTICS_EVENTS: '/api/v1/events',
} as const;

export function quickViewPath(id: string): string {
  return MEASUREMENT_PATHS.CENSUS_RECORD_QUICK_VIEW + encodeURIComponent(id);
}
