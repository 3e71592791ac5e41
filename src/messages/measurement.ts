/**
 * The performance and analytics texts of seed 001 §8: the visitor runtime on every published page
 * loads this namespace alone, so it stays small.
 */
export const measurement = {
  performanceNoPageLoadId: 'Unable to resolve pageLoadId',
  performanceSettingsTimeout: 'Metric settings request timeout',
  performanceUnexpectedStatus: 'XHR request DONE with unexpected status',
  analyticsHttpStatus: 'Error tracking event: HTTP Status {status}',
  analyticsNoPayload: 'no payload',
  analyticsIdNotStored: 'Unable to store analyticsId',
  storageUnavailable: 'Unable access local/session storage.',
} as const;
