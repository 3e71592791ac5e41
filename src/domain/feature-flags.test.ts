import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, isFeatureEnabled, isFeatureFlag } from './feature-flags';

describe('feature flags', () => {
  // covers 000-3.71
  // constants and helpers for 000-5.11, 001-3.85, 001-9.92, 001-9.93 (the browser behaviour is left to end-to-end tests)
  it('name a flag for each area the seeds gate, in lower_snake_case', () => {
    const names = Object.values(FEATURE_FLAGS);
    for (const name of names) expect(name).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
    expect(new Set(names).size).toBe(names.length);
    for (const flag of [
      FEATURE_FLAGS.COMMERCE,
      FEATURE_FLAGS.AFTERPAY,
      FEATURE_FLAGS.CLEARPAY,
      FEATURE_FLAGS.KLARNA,
      FEATURE_FLAGS.GIFT_CARDS,
      FEATURE_FLAGS.SUBSCRIPTIONS,
      FEATURE_FLAGS.PRODUCT_REVIEWS,
      FEATURE_FLAGS.CODE_INJECTION,
      FEATURE_FLAGS.POPUP_OVERLAY,
      FEATURE_FLAGS.FORM_TEXTAREA_MAX_LENGTH,
      FEATURE_FLAGS.MULTILINGUAL,
      FEATURE_FLAGS.CURRENCY_FORMATTING,
    ]) {
      expect(isFeatureFlag(flag)).toBe(true);
    }
    expect(isFeatureFlag('no_such_flag')).toBe(false);
  });

  // constants and helpers for 000-5.11, 001-9.92, 001-9.93 (the browser behaviour is left to end-to-end tests)
  it('reads a flag as on only when the page context lists it', () => {
    expect(isFeatureEnabled(['multilingual'], FEATURE_FLAGS.MULTILINGUAL)).toBe(true);
    expect(isFeatureEnabled([], FEATURE_FLAGS.MULTILINGUAL)).toBe(false);
  });
});
