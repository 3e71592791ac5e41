/**
 * The checkout page's data (page type 201): what the server gives the page and its island, the
 * form's values, the checks made before "Place order" is sent (the server checks them all again),
 * and the request it sends (src/contracts/checkout.ts placeOrderRequest).
 */
import type { CartAnswer } from '../../contracts/cart';
import type { CheckoutAddress, PaymentChoice, PlaceOrderRequest } from '../../contracts/checkout';
import type { MoneyFormat } from '../../domain/commerce';
import type { ManualMethod } from '../../domain/checkout/protocol';
import { regionsOf, type Region } from '../../domain/checkout/regions';
import { isUsZipCode } from '../../domain/forms';
import { checkout as words } from '../../messages/checkout';
import { checkoutApi } from '../../messages/checkout-api';
import type { SummaryLine, SummaryTotals } from './order-summary';

export type CheckoutPageProps = {
  cart: CartAnswer;
  money: MoneyFormat;
  shopPath: string;
  cartPath: string;
  /** Countries to ship to, named in the site's language. */
  countries: readonly { code: string; name: string }[];
  /** The subdivision lists of the countries that have one (src/domain/checkout/regions.ts). */
  regions: Readonly<Record<string, readonly Region[]>>;
  /** A signed-in customer's email, else empty. */
  email: string;
  /** The store's own country (its tax settings'): the address's country until the shopper says another. */
  storeCountry?: string | undefined;
  payment: {
    testMode: boolean;
    /** The test provider's cards (src/domain/checkout/test-cards.ts), listed in test mode. */
    testCards: readonly { number: string; label: string }[];
    manual: readonly { method: ManualMethod; instructions: string }[];
    /** Cards through Stripe, when the store connected it: the publishable key (the only key a browser sees). */
    stripe: { publishableKey: string } | null;
  };
  /** A refusal brought back from a provider's detour. */
  error?: string | undefined;
};

export type CheckoutValues = {
  email: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  /** 'card' (Stripe), 'test' or a manual method. */
  method: string;
  card: string;
};

export function initialValues(props: CheckoutPageProps): CheckoutValues {
  const place = props.cart.shippingLocation;
  const { payment } = props;
  return {
    email: props.email,
    name: '',
    line1: '',
    line2: '',
    city: '',
    region: place.region ?? '',
    postcode: place.postcode ?? '',
    country: place.country ?? props.storeCountry ?? '',
    // Card is never chosen for the shopper: Stripe's script loads only once they choose it.
    method: payment.testMode ? 'test' : (payment.manual[0]?.method ?? ''),
    card: '',
  };
}

export type FieldProblems = Partial<Record<'postcode' | 'region', string>>;

/** What the browser checks beyond the fields' own `required`: a US ZIP code of exactly 5 digits (seed 000 §5), a region from the list where there is one. */
export function addressProblems(values: CheckoutValues): FieldProblems {
  const problems: FieldProblems = {};
  if (values.country === 'US' && !isUsZipCode(values.postcode.trim())) problems.postcode = checkoutApi.usZipCode;
  const list = regionsOf(values.country);
  if (list && !list.some((r) => r.code === values.region)) problems.region = words.regionRequired;
  return problems;
}

/** Where the shopper is, for the cart's shipping call: a region only when it is a listed code (the call takes at most 6 characters). */
export function shippingPlace(values: CheckoutValues): { country: string; region?: string; postcode?: string } | undefined {
  if (!values.country) return undefined;
  const listed = regionsOf(values.country)?.some((r) => r.code === values.region);
  const postcode = values.postcode.trim();
  return { country: values.country, ...(listed ? { region: values.region } : {}), ...(postcode ? { postcode } : {}) };
}

export function placeRequest(values: CheckoutValues, attemptKey: string, ships: boolean): PlaceOrderRequest {
  const payment: PaymentChoice =
    values.method === 'card'
      ? { provider: 'stripe' }
      : values.method === 'test'
        ? { provider: 'test', card: values.card.replace(/\s+/g, '') }
        : { provider: 'manual', method: values.method as ManualMethod };
  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  const address: CheckoutAddress = {
    name: values.name.trim(),
    line1: values.line1.trim(),
    line2: optional(values.line2),
    city: values.city.trim(),
    region: optional(values.region),
    postcode: optional(values.postcode),
    country: values.country,
  };
  return { attemptKey, email: values.email.trim(), ...(ships ? { shippingAddress: address } : {}), payment };
}

/** A fresh attempt key: made once when the page loads, again only after a decline (a declined attempt has failed). */
export function newAttemptKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** The cart's lines and totals as the summary draws them (lines no longer for sale are left out, as the totals leave them). */
export function cartSummary(cart: CartAnswer, taxName: string): { lines: SummaryLine[]; totals: SummaryTotals } {
  const lines = cart.entries
    .filter((e) => e.availability.state !== 'unavailable')
    .map((e) => ({
      key: e.id,
      name: e.productName,
      options: e.optionValues.map((o) => `${o.optionName}: ${o.value}`).join(', '),
      quantity: e.quantity,
      totalCents: e.subtotalCents,
    }));
  const rules = cart.applicableTaxRules;
  return {
    lines,
    totals: {
      subtotalCents: cart.subtotalCents,
      discountCents: cart.discountCents,
      couponCodes: cart.validCoupons.map((c) => c.code),
      shippingCents: cart.requiresShipping && 'id' in cart.selectedShippingOption ? cart.shippingCostCents : undefined,
      taxCents: cart.taxCents,
      taxName: rules.length === 1 ? rules[0]!.name : taxName,
      pricesIncludeTax: cart.pricesIncludeTax,
      totalCents: cart.grandTotalCents,
    },
  };
}
