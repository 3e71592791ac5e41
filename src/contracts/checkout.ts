/**
 * Checkout's calls (the checkout module's routes; the placement protocol is in its CONTEXT.md).
 *
 * - `GET /commerce/goto-checkout`: the checkout page when the request carries a cart cookie (the
 *   seed's alert otherwise, shown by the page that sent the shopper, 000-8.09); on another host of
 *   the site, a redirect to the primary host with a short-lived signed cart token.
 * - `GET /checkout` (page type 201): the form — contact, shipping address (when the cart ships),
 *   shipping option, payment method. Shipping location and option go through the cart calls
 *   (src/contracts/cart.ts), so the totals shown are always the server's.
 * - `POST /api/commerce/checkout/place` `placeOrderRequest`: answers `placeOrderAnswer` — 201 with
 *   the order page when placed, 200 with the provider's detour when it requires action, 200 with
 *   the payment to confirm in the browser for a card through Stripe; a refusal
 *   is `{ error, reason, productName? }`: 409 `soldOut` (naming the product; the cart is kept),
 *   409 `couponUsedUp`, 409 `cartChanged` (empty, below the minimum, or no shipping to the address),
 *   402 `declined`, 409 `unpaid` (a card payment not confirmed yet: no order), 502 `providerUnavailable` (the same attempt key may be retried safely), 400 for
 *   a malformed body (`invalid`, with the field). The same attempt key placed again answers the same
 *   attempt: one order, one charge.
 * - `GET /checkout/return?attempt={key}`: back from the provider's detour; finalises and sends the
 *   shopper to the order page (303), or back to the checkout with the refusal shown.
 * - `GET /checkout/orders/{token}`: order confirmed (202) or, while a manual payment is awaited,
 *   order received (207): number, lines, totals, the manual instructions, download links and gift
 *   card codes. The token is the order's secret; no sign-in is needed.
 * - `GET /downloads/{token}`: a digital product's file, from a signed link that expires.
 */
import { z } from 'zod';
import { ATTEMPT_KEY_PATTERN, MANUAL_METHODS } from '../domain/checkout/protocol';

export { CHECKOUT_API, CHECKOUT_PATHS, ATTEMPT_QUERY } from '../domain/checkout/paths';

export const checkoutAddress = z
  .object({
    name: z.string().trim().min(1).max(200),
    line1: z.string().trim().min(1).max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    /** A subdivision code where the country has a list (US states, Canadian provinces …), else free text. */
    region: z.string().trim().max(100).optional(),
    postcode: z.string().trim().max(12).optional(),
    country: z.string().trim().toUpperCase().length(2),
    phone: z.string().trim().max(30).optional(),
  })
  .strict();
export type CheckoutAddress = z.infer<typeof checkoutAddress>;

export const paymentChoice = z.discriminatedUnion('provider', [
  /** The test provider (test mode only): a card number as Stripe's test cards (src/domain/checkout/test-cards.ts). */
  z.object({ provider: z.literal('test'), card: z.string().trim().min(12).max(23) }).strict(),
  z.object({ provider: z.literal('manual'), method: z.enum(MANUAL_METHODS) }).strict(),
  /** A card through Stripe: the card is typed into Stripe's Payment Element and confirmed by Stripe's script; nothing of it reaches the store. */
  z.object({ provider: z.literal('stripe') }).strict(),
]);
export type PaymentChoice = z.infer<typeof paymentChoice>;

export const placeOrderRequest = z
  .object({
    attemptKey: z.string().regex(ATTEMPT_KEY_PATTERN),
    email: z.string().trim().toLowerCase().email().max(254),
    /** Required when the cart ships (a physical product); a service or digital cart has none. */
    shippingAddress: checkoutAddress.optional(),
    payment: paymentChoice,
    /** The shopper agreed to hear from the store (the newsletter's consent, when the store asks). */
    subscribe: z.boolean().optional(),
  })
  .strict();
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

export const placeOrderAnswer = z.discriminatedUnion('state', [
  z.object({ state: z.literal('placed'), orderNumber: z.number().int(), orderPath: z.string() }),
  z.object({ state: z.literal('requiresAction'), actionUrl: z.string() }),
  /**
   * A card through Stripe: the payment is made for the server's amount and held for this attempt;
   * the browser confirms it with Stripe's script (`stripe.confirmPayment` with this client secret
   * and `return_url`), then goes to `returnUrl`, where the store asks Stripe how it went and
   * finalises. Placing again with the same key answers the same payment.
   */
  z.object({ state: z.literal('confirm'), clientSecret: z.string(), returnUrl: z.string() }),
]);
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswer>;

export const PLACE_REFUSALS = ['invalid', 'soldOut', 'couponUsedUp', 'cartChanged', 'declined', 'providerUnavailable', 'paymentUnavailable', 'unpaid'] as const;
export type PlaceRefusal = (typeof PLACE_REFUSALS)[number];

export const placeOrderRefusal = z.object({
  error: z.string(),
  reason: z.enum(PLACE_REFUSALS),
  productName: z.string().optional(),
  field: z.string().optional(),
});
export type PlaceOrderRefusal = z.infer<typeof placeOrderRefusal>;
