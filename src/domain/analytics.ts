/**
 * Analytics and performance collection of seed 001 (§3, §7, §9): the common event fields, the
 * envelope, performance record events, the Track query parameters, timings and the session
 * recorder's eligibility. The browser collector and the server endpoints share these lists.
 */
import { DEFAULT_LOCALE } from './locale';

export const ANALYTICS_REQUIRED_FIELDS = ['actor', 'action', 'event_owner_team', 'event_source', 'object_type'] as const;

export const ANALYTICS_OPTIONAL_FIELDS = [
  'context_website_identifier',
  'destination_url',
  'object_identifier',
  'object_id',
  'object_display_name',
  'object_value',
  'indirect_object_identifier',
  'indirect_object_id',
  'indirect_object_display_name',
  'indirect_object_value',
  'indirect_object_type',
  'product_area',
  'product_page',
  'product_section',
  'product_design_identifier',
  'user_member_account_id',
  'user_session_id',
  'browser_locale',
  'member_account_locale',
  'website_locale',
  'frontsite_language',
] as const;

/** Seed 001 §3: the envelope POSTed to /api/v1/events. */
export const ANALYTICS_ENVELOPE_FIELDS = ['analyticsId', 'commonData', 'customData', 'customSchemaName'] as const;

/** Seed 001 §3: the resolved locale is the page language, else this. */
export const ANALYTICS_DEFAULT_LOCALE = DEFAULT_LOCALE;

/** Seed 001 §3: the page path field drops a trailing slash ('/blog/' → '/blog'; the root stays '/'). */
export function analyticsPagePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export const PERFORMANCE_EVENTS = ['page_speed', 'user', 'image'] as const;
export type PerformanceEvent = (typeof PERFORMANCE_EVENTS)[number];

/** Seed 001 §3: performance metric names start with this. */
export const RUM_PREFIX = 'rum-';

/** Seed 001 §7: internal analytics events. */
export const INTERNAL_ANALYTICS_EVENTS = { SYSTEM_NETWORK_ERROR: 'system_network_error' } as const;

/** Seed 001 §7: forwarded from the page query to /api/track/Track when present. */
export const TRACK_QUERY_PARAMS = ['source', 'campaign', 'subcampaign', 'channel', 'subchannel', 'variation', 'mkwid'] as const;

/** Seed 001 §7: RecordEvent and v1/events succeed with these statuses. */
export const ANALYTICS_SUCCESS_STATUSES: ReadonlySet<number> = new Set([200, 202]);

export const ANALYTICS_TIMINGS_MS = {
  PERFORMANCE_SETTINGS_TIMEOUT: 30000,
  PERFORMANCE_FLUSH_AFTER_LOAD: 30000,
  METRICS_MAX_WAIT: 60000,
} as const;

/** Seed 001 §7: the session recorder id that is never identified. */
export const MOCK_SESSION_RECORDING_ID = 'automated-mock-id';

/** Seed 001 §9: the recorder needs more than 2 CPU cores, its server toggle and the sampling flag. */
export function isSessionRecordingEligible(input: { cpuCores: number; serverToggle: boolean; sampled: boolean }): boolean {
  return input.cpuCores > 2 && input.serverToggle && input.sampled;
}
