/** The metrics token as the environment gives it: checked at start, empty meaning unset. */
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('METRICS_TOKEN', () => {
  it('is unset when absent or empty, and kept as given when long enough', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: '0123456789abcdef' }).metricsToken).toBe('0123456789abcdef');
  });

  it('stops the start when shorter than 16 characters or holding a space, without echoing it', () => {
    for (const token of ['short-token', 'has a space in it 0123']) {
      expect(() => readConfig({ METRICS_TOKEN: token })).toThrow('METRICS_TOKEN must be at least 16 characters with no spaces');
      expect(() => readConfig({ METRICS_TOKEN: token })).not.toThrow(token);
    }
  });
});
