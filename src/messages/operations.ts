/** What the operator's endpoints answer: /api/metrics refusals and /api/health/ready's reasons. */
export const operations = {
  metricsTokenRequired: 'Metrics need the token set in METRICS_TOKEN, sent as an Authorization header: Bearer followed by the token.',
  metricsTokenUnset:
    'Metrics are not served at this address, because METRICS_TOKEN is not set. Set METRICS_TOKEN to read them here with it as a Bearer token, or METRICS_LISTEN (such as 127.0.0.1:9464) to serve them on this machine alone.',
  metricsTokenWrong: 'The metrics token does not match METRICS_TOKEN.',
  draining: 'The server is shutting down.',
  databaseUnreachable: 'The database cannot be reached.',
  migrationsPending: 'The database schema is not up to date: migrations have not all been applied.',
} as const;
