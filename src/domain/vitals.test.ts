import { describe, expect, it } from 'vitest';
import { rating } from './vitals';

describe('web vitals', () => {
  it('rates by web-vitals’ thresholds', () => {
    expect(rating('LCP', 2500)).toBe('good');
    expect(rating('LCP', 2501)).toBe('needs-improvement');
    expect(rating('LCP', 4001)).toBe('poor');
    expect(rating('CLS', 0.1)).toBe('good');
    expect(rating('INP', 500)).toBe('needs-improvement');
    expect(rating('TTFB', 1801)).toBe('poor');
  });
});
