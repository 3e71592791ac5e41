/**
 * The performance and analytics texts of seed 001 §8, on their own so the visitor's measurement
 * code (on every published page) carries these few strings rather than the whole catalogue.
 * messages.ts spreads them into MESSAGES, where every other reader finds them.
 */
export const MEASUREMENT_MESSAGES = {
  performanceNoPageLoadId: 'Unable to resolve pageLoadId',
  performanceSettingsTimeout: 'Metric settings request timeout',
  performanceUnexpectedStatus: 'XHR request DONE with unexpected status',
  analyticsHttpStatus: 'Error tracking event: HTTP Status {status}',
  analyticsNoPayload: 'no payload',
  analyticsIdNotStored: 'Unable to store analyticsId',
  storageUnavailable: 'Unable access local/session storage.',
} as const;
