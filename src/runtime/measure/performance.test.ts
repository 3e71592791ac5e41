import { describe, expect, it } from 'vitest';
import { PERFORMANCE_EVENTS } from '../../domain/analytics';
import { pageLoadIdOf, performanceRecord } from './performance';

describe('performance records', () => {
  // covers 001-3.56, 001-3.57, 001-3.58, 001-6.06
  it('is {app, data, event, pageLoadId, timestamp} with a rum- name, and the member account id when given', () => {
    const metric = { name: 'LCP' as const, value: 1234.5, rating: 'good' as const, navigationType: 'navigate' };
    const record = performanceRecord(metric, 'pl-1', 99, '/about');
    expect(Object.keys(record).sort()).toEqual(['app', 'data', 'event', 'pageLoadId', 'timestamp']);
    expect(record).toMatchObject({
      event: 'page_speed',
      pageLoadId: 'pl-1',
      timestamp: 99,
      data: { name: 'rum-lcp', value: 1234.5, rating: 'good', pagePath: '/about' },
    });
    expect(PERFORMANCE_EVENTS).toContain(record.event);
    expect(record.data).not.toHaveProperty('memberAccountId');
    expect(performanceRecord(metric, 'pl-1', 99, '/about', 'm1').data.memberAccountId).toBe('m1');
  });

  // covers 001-7.09
  it('needs a non-empty pageLoadId in the settings answer', () => {
    expect(pageLoadIdOf({ pageLoadId: 'pl-1' })).toBe('pl-1');
    expect(pageLoadIdOf({ pageLoadId: '' })).toBeUndefined();
    expect(pageLoadIdOf({ pageLoadId: 7 })).toBeUndefined();
    expect(pageLoadIdOf({})).toBeUndefined();
    expect(pageLoadIdOf(null)).toBeUndefined();
  });
});
