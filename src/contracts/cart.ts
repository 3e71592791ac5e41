/**
 * The shopper's cart calls (the cart module's routes). The cart is named by the site's cart cookie
 * (HttpOnly, SameSite=Lax, Secure behind TLS), made by the first add; a signed-in customer's cart
 * is their account's, on every device. Every answer is the whole cart, priced again on the server
 * from the published catalogue and the store's rules: a price the browser sends is never read.
 * Every change passes the crumb check and writes the readable summary cookie the cart indicator
 * draws from (count and subtotal, ./cart.ts CART_SUMMARY_COOKIE). Refusals are `{ error }` with the
 * seed's words ('Unable to add item', 'Unable to remove item', 'Unable to update quantity') and,
 * where there is more to say, `reason`.
 *
 * - `GET /api/commerce/cart`: `cartAnswer`; an empty cart when there is none (no cookie is set).
 * - `POST /api/commerce/cart/entries` `{ productId, variantId?, quantity? }`: adds (a product's only
 *   variant when `variantId` is left out; the same variant again raises its line's quantity);
 *   answers `cartAnswer` (201 when the cart was made).
 * - `PUT /api/commerce/cart/entries/:entryId` `{ quantity }`: quantity 0 removes the line.
 * - `DELETE /api/commerce/cart/entries/:entryId`.
 * - `POST /api/commerce/cart/coupons` `{ code }`; `DELETE /api/commerce/cart/coupons/:code`: a
 *   code entered that does not apply stays listed in `invalidCoupons` with its reason.
 * - `PUT /api/commerce/cart/shipping-location` `{ country, region?, postcode? }`.
 * - `PUT /api/commerce/cart/shipping-option` `{ optionId }`.
 * - `POST /cart` (form-encoded, `action` and the fields above, `crumb` in the query): the cart page
 *   without JavaScript; answers 303 back to the cart page (`?failed={action}` when refused).
 * The JSON calls take form-encoded bodies too (the data-request client's default).
 * - `DELETE /api/site-users/account/session?cloneCart=true`: the customer signs out and the visitor
 *   keeps a copy of the account's cart (001-7.28); without it the visitor's cart is left behind.
 */
import { z } from 'zod';
import { COUPON_KINDS, COUPON_REFUSALS, SHIPPING_RATE_KINDS } from '../domain/pricing/limits';
import { PRODUCT_TYPES } from '../domain/commerce';

export { CART_API, CART_FAILED_QUERY, CART_PAGE_PATH } from '../domain/cart-paths';

const money = z.object({ currency: z.string(), minor: z.number().int() });

export const stockAnswer = z.discriminatedUnion('state', [
  z.object({ state: z.literal('available') }),
  z.object({ state: z.literal('low'), left: z.number().int() }),
  z.object({ state: z.literal('soldOut') }),
  /** The product is no longer for sale (hidden or deleted): the line is kept, shown, and left out of the totals. */
  z.object({ state: z.literal('unavailable') }),
]);

export const cartEntryAnswer = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  productName: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  /** The product's page. */
  path: z.string(),
  image: z.object({ file: z.string(), alt: z.string() }).nullable(),
  optionValues: z.array(z.object({ optionName: z.string(), value: z.string() })),
  sku: z.string(),
  quantity: z.number().int(),
  /** What one costs now (the sale price when on sale). */
  unitPriceCents: z.number().int(),
  /** The price before a sale: shown struck through when it differs. */
  regularPriceCents: z.number().int(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  availability: stockAnswer,
});
export type CartEntryAnswer = z.infer<typeof cartEntryAnswer>;

export const shippingOptionAnswer = z.object({
  id: z.string(),
  zoneId: z.string(),
  name: z.string(),
  kind: z.enum(SHIPPING_RATE_KINDS),
  note: z.string().optional(),
  amountCents: z.number().int(),
});

/** Seed 000 §3 Shopping cart, as the browser receives it: `created` in milliseconds since 1970. */
export const cartAnswer = z.object({
  id: z.string(),
  websiteId: z.string(),
  orderId: z.string(),
  created: z.number(),
  isPurchased: z.boolean(),
  entries: z.array(cartEntryAnswer),
  shippingOptions: z.array(shippingOptionAnswer),
  selectedShippingOption: z.union([shippingOptionAnswer, z.object({}).strict()]),
  shippingLocation: z.object({ country: z.string().optional(), region: z.string().optional(), postcode: z.string().optional() }),
  applicableTaxRules: z.array(z.object({ ruleId: z.string(), name: z.string(), ratePercent: z.number(), taxCents: z.number().int() })),
  coupons: z.array(z.string()),
  validCoupons: z.array(z.object({ couponId: z.string(), code: z.string(), kind: z.enum(COUPON_KINDS), discountCents: z.number().int() })),
  invalidCoupons: z.array(z.object({ code: z.string(), reason: z.enum(COUPON_REFUSALS), message: z.string() })),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  shippingCostCents: z.number().int(),
  discountCents: z.number().int(),
  grandTotalCents: z.number().int(),
  totalQuantity: z.number().int(),
  subtotalAmount: money,
  hasDigital: z.boolean(),
  purelyDigital: z.boolean(),
  requiresShipping: z.boolean(),
  /** Ours beside the seed's: what the cart page needs to say (the currency is subtotalAmount's). */
  pricesIncludeTax: z.boolean(),
  minimumSubtotalCents: z.number().int(),
  meetsMinimum: z.boolean(),
  needsLocation: z.boolean(),
  noShippingToLocation: z.boolean(),
});
export type CartAnswer = z.infer<typeof cartAnswer>;

export const addToCartBody = z
  .object({
    productId: z.string().min(1).max(64),
    variantId: z.string().min(1).max(64).optional(),
    quantity: z.number().int().min(1).optional(),
  })
  .strict();
export const quantityBody = z.object({ quantity: z.number().int().min(0) }).strict();
export const couponBody = z.object({ code: z.string().trim().min(1).max(40) }).strict();
export const shippingLocationBody = z
  .object({ country: z.string().trim().toUpperCase().length(2), region: z.string().trim().max(6).optional(), postcode: z.string().trim().max(12).optional() })
  .strict();
export const shippingOptionBody = z.object({ optionId: z.string().min(1).max(64) }).strict();
