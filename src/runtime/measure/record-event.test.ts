import { describe, expect, it } from 'vitest';
import { recordEventBody } from './record-event';

describe('RecordEvent', () => {
  // covers 001-7.14, 001-7.15
  it('is form-encoded crumb, event and data (JSON text), or the same as JSON in the plain variant', () => {
    const form = recordEventBody('system_network_error', { urlRequested: '/api/x' }, 'c.rumb', false);
    expect(form).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(form as URLSearchParams)).toEqual({ crumb: 'c.rumb', event: 'system_network_error', data: '{"urlRequested":"/api/x"}' });
    const plain = recordEventBody('system_network_error', { urlRequested: '/api/x' }, 'c.rumb', true);
    expect(JSON.parse(plain as string)).toEqual({ crumb: 'c.rumb', event: 'system_network_error', data: { urlRequested: '/api/x' } });
  });
});
