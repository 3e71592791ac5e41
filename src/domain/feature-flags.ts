/**
 * Feature flag names. Seed 000 §3 says there are about 65 named flags covering commerce, afterpay,
 * clearpay, klarna, gift cards, subscriptions, reviews, code injection, popup overlay and others,
 * but names none; seed 000 §5 and seed 001 §9 gate the textarea max length, multilingual and
 * currency formatting behind flags. These are our names for the flags the product has
 * (docs/decisions.md, "Feature flag names"). The page context lists the flags that are on.
 */

export const FEATURE_FLAGS = {
  COMMERCE: 'commerce',
  AFTERPAY: 'afterpay',
  CLEARPAY: 'clearpay',
  KLARNA: 'klarna',
  GIFT_CARDS: 'gift_cards',
  SUBSCRIPTIONS: 'subscriptions',
  PRODUCT_REVIEWS: 'product_reviews',
  CODE_INJECTION: 'code_injection',
  POPUP_OVERLAY: 'popup_overlay',
  FORM_TEXTAREA_MAX_LENGTH: 'form_textarea_max_length',
  MULTILINGUAL: 'multilingual',
  CURRENCY_FORMATTING: 'currency_formatting',
  SESSION_RECORDING: 'session_recording',
} as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];

const known: ReadonlySet<string> = new Set(Object.values(FEATURE_FLAGS));

export function isFeatureFlag(name: string): name is FeatureFlag {
  return known.has(name);
}

/** Whether `flag` is among the flags a page context reports as on. */
export function isFeatureEnabled(enabled: readonly string[], flag: FeatureFlag): boolean {
  return enabled.includes(flag);
}
