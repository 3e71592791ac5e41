import { describe, expect, it } from 'vitest';
import { interactionScore, layoutShiftScore } from './vitals';

describe('web vitals', () => {
  it('scores layout shifts by the largest session window (1 s gap, 5 s long at most)', () => {
    expect(layoutShiftScore([])).toBe(0);
    const shifts = [
      { startTime: 0, value: 0.1 },
      { startTime: 900, value: 0.1 },
      // More than 1 s after the last: a new window.
      { startTime: 2000, value: 0.05 },
      { startTime: 2500, value: 0.05 },
      { startTime: 3400, value: 0.05 },
      { startTime: 4300, value: 0.05 },
      { startTime: 5200, value: 0.05 },
      // 5 s after the window began: a new window.
      { startTime: 7000 - 10, value: 0.01 },
    ];
    expect(layoutShiftScore(shifts)).toBeCloseTo(0.25);
  });

  it('takes the longest interaction, skipping one in fifty', () => {
    expect(interactionScore([])).toBeUndefined();
    expect(interactionScore([40, 300, 120])).toBe(300);
    const many = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(interactionScore(many)).toBe(98);
  });
});
