/**
 * Stripe's script as the checkout page uses it: where it is loaded from (always Stripe's own host,
 * never bundled or copied, as Stripe requires), the mark a page that may load it carries, and what
 * that page adds to its Content-Security-Policy (Stripe's documented hosts for Stripe.js and its
 * Payment Element). Only a page with the mark gets them; every other page keeps the strict policy.
 */

/** Stripe.js, version 3: loaded by the checkout page's island once the shopper chooses to pay by card. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** The mark the checkout page's card choice carries (rendered whenever the store offers cards through Stripe): `data-payment-provider="stripe"`. */
export const STRIPE_MARK = { name: 'data-payment-provider', value: 'stripe' } as const;

/** What a page with the mark adds to its policy (img-src already allows https:). */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/** Whether rendered HTML offers cards through Stripe (its page's policy then allows Stripe's hosts). */
export function usesStripe(html: string): boolean {
  return html.includes(`${STRIPE_MARK.name}="${STRIPE_MARK.value}"`);
}
