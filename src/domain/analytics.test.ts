import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_DEFAULT_LOCALE,
  ANALYTICS_ENVELOPE_FIELDS,
  ANALYTICS_OPTIONAL_FIELDS,
  ANALYTICS_REQUIRED_FIELDS,
  ANALYTICS_SUCCESS_STATUSES,
  ANALYTICS_TIMINGS_MS,
  analyticsPagePath,
  INTERNAL_ANALYTICS_EVENTS,
  isSessionRecordingEligible,
  MOCK_SESSION_RECORDING_ID,
  PERFORMANCE_EVENTS,
  RUM_PREFIX,
  TRACK_QUERY_PARAMS,
} from './analytics';

describe('analytics', () => {
  // constants and helpers for 001-3.46, 001-3.54 (the browser behaviour is left to end-to-end tests)
  // related to 001-3.48 (only part of the field whitelist is asserted here)
  it('lists the required and optional common fields and the envelope', () => {
    expect(ANALYTICS_REQUIRED_FIELDS).toEqual(['actor', 'action', 'event_owner_team', 'event_source', 'object_type']);
    expect(ANALYTICS_OPTIONAL_FIELDS).toHaveLength(21);
    expect(ANALYTICS_OPTIONAL_FIELDS).toContain('indirect_object_type');
    expect(ANALYTICS_OPTIONAL_FIELDS).toContain('frontsite_language');
    expect(ANALYTICS_ENVELOPE_FIELDS).toEqual(['analyticsId', 'commonData', 'customData', 'customSchemaName']);
  });

  // constants and helpers for 001-3.50, 001-3.51 (the browser behaviour is left to end-to-end tests)
  it('drops the trailing slash of the page path and defaults the locale to en-US', () => {
    expect(analyticsPagePath('/blog/')).toBe('/blog');
    expect(analyticsPagePath('/blog')).toBe('/blog');
    expect(analyticsPagePath('/')).toBe('/');
    expect(ANALYTICS_DEFAULT_LOCALE).toBe('en-US');
  });

  // constants and helpers for 001-3.57, 001-3.58 (the browser behaviour is left to end-to-end tests)
  it('has the performance events and the rum- prefix', () => {
    expect(PERFORMANCE_EVENTS).toEqual(['page_speed', 'user', 'image']);
    expect(RUM_PREFIX).toBe('rum-');
  });

  // constants and helpers for 001-7.06, 001-7.07, 001-7.16, 001-7.19, 001-7.42 (the browser behaviour is left to end-to-end tests)
  it('has the Track parameters, internal events, success statuses and the skipped recorder id', () => {
    expect(TRACK_QUERY_PARAMS).toEqual(['source', 'campaign', 'subcampaign', 'channel', 'subchannel', 'variation', 'mkwid']);
    expect(INTERNAL_ANALYTICS_EVENTS.SYSTEM_NETWORK_ERROR).toBe('system_network_error');
    expect([...ANALYTICS_SUCCESS_STATUSES].sort()).toEqual([200, 202]);
    expect(MOCK_SESSION_RECORDING_ID).toBe('automated-mock-id');
  });

  // constants and helpers for 001-7.10, 001-9.42, 001-9.43, 001-9.45 (the browser behaviour is left to end-to-end tests)
  it('has the performance timings', () => {
    expect(ANALYTICS_TIMINGS_MS).toEqual({ PERFORMANCE_SETTINGS_TIMEOUT: 30000, PERFORMANCE_FLUSH_AFTER_LOAD: 30000, METRICS_MAX_WAIT: 60000 });
  });

  // constants and helpers for 001-9.83, 001-9.84, 001-9.85 (the browser behaviour is left to end-to-end tests)
  it('records sessions only with more than 2 cores, the server toggle and the sampling flag', () => {
    expect(isSessionRecordingEligible({ cpuCores: 4, serverToggle: true, sampled: true })).toBe(true);
    expect(isSessionRecordingEligible({ cpuCores: 2, serverToggle: true, sampled: true })).toBe(false);
    expect(isSessionRecordingEligible({ cpuCores: 4, serverToggle: false, sampled: true })).toBe(false);
    expect(isSessionRecordingEligible({ cpuCores: 4, serverToggle: true, sampled: false })).toBe(false);
  });
});
