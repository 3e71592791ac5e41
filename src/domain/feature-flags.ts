/**
 * Feature flag names. Seed 000 §3 says there are about 65 named flags covering commerce, afterpay,
 * clearpay, klarna, gift cards, subscriptions, reviews, code injection, popup overlay and others,
 * but names none; seed 000 §5 and seed 001 §9 gate the textarea max length, multilingual and
 * currency formatting behind flags. These are our names for the flags the product has
 * (docs/decisions/0076-feature-flag-names.md). The page context lists the flags that are on.
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

/**
 * What each flag is for, in words a site owner reads on the Labs screen. `available` says whether
 * anything is behind the flag today; a flag whose feature has not been built yet can be turned on
 * but changes nothing until it arrives.
 */
export const FEATURE_FLAG_INFO: Readonly<Record<FeatureFlag, { title: string; description: string; available: boolean }>> = {
  commerce: { title: 'Commerce', description: 'Products, a cart and checkout on the published site.', available: false },
  afterpay: { title: 'Afterpay', description: 'Afterpay as a way to pay at checkout.', available: false },
  clearpay: { title: 'Clearpay', description: 'Clearpay as a way to pay at checkout.', available: false },
  klarna: { title: 'Klarna', description: 'Klarna as a way to pay at checkout.', available: false },
  gift_cards: { title: 'Gift cards', description: 'Selling gift cards and paying with them.', available: false },
  subscriptions: { title: 'Subscriptions', description: 'Products bought as a recurring subscription.', available: false },
  product_reviews: { title: 'Product reviews', description: 'Shoppers review products they bought.', available: false },
  code_injection: { title: 'Code injection', description: 'Your own HTML and scripts in the head of every page.', available: false },
  popup_overlay: { title: 'Popup overlay', description: 'A popup shown over the published pages.', available: false },
  form_textarea_max_length: { title: 'Text area length limit', description: 'A maximum length and a character counter on form text areas.', available: true },
  multilingual: {
    title: 'Multilingual sites',
    description: 'The Languages screen: the languages the site is offered in and a translation provider.',
    available: true,
  },
  currency_formatting: {
    title: 'Currency formatting',
    description: 'Prices shown with the symbol and separators of the site’s language and region; off, as 1,234.56 whatever the language.',
    available: true,
  },
  session_recording: { title: 'Session recording', description: 'Sampled recordings of visits for a session-recording service.', available: false },
};

/** Whether `flag` is among the flags a page context reports as on. */
export function isFeatureEnabled(enabled: readonly string[], flag: FeatureFlag): boolean {
  return enabled.includes(flag);
}
