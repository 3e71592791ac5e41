/**
 * What the pricing rules take and give: a cart's lines at the server's prices, the store's rules and
 * the shopper's choices in; every amount of the priced cart out, per line and in total. Amounts are
 * whole minor units of the store's one currency.
 */
import type { ProductType } from '../commerce';
import type { CouponKind, CouponRefusal, ShippingRateKind } from './limits';

/** The rules as src/document/pricing.ts writes them (the document's types are these, checked). */
export type Coupon = {
  id: string;
  code: string;
  kind: CouponKind;
  percentOff?: number | undefined;
  amountOffCents?: number | undefined;
  minimumSubtotalCents: number;
  startsAt?: string | undefined;
  endsAt?: string | undefined;
  usageLimit?: number | undefined;
  oncePerCustomer: boolean;
  enabled: boolean;
};
export type ShippingRate = {
  id: string;
  name: string;
  kind: ShippingRateKind;
  amountCents: number;
  tiers: { from: number; amountCents: number }[];
  freeAboveCents?: number | undefined;
  note?: string | undefined;
};
export type ShippingZone = { id: string; name: string; countries: string[]; regions: string[]; rates: ShippingRate[] };
export type TaxRule = { id: string; name: string; country: string; region?: string | undefined; postcodePrefix?: string | undefined; ratePercent: number };
export type TaxSettings = { pricesIncludeTax: boolean; taxShipping: boolean; originCountry?: string | undefined; rules: TaxRule[] };

export type PricingRules = {
  coupons: readonly Coupon[];
  shippingZones: readonly ShippingZone[];
  tax: TaxSettings;
  /** The least subtotal (before discounts) a cart may check out with; 0: any. */
  minimumSubtotalCents: number;
};

/** Where the shopper is, as far as they have said. */
export type PricingLocation = { country?: string; region?: string; postcode?: string };

export type PricingLine = {
  id: string;
  productType: ProductType;
  /** The price of one, sale price taken: always the server's, from the published catalogue. */
  unitPriceCents: number;
  quantity: number;
  /** Of one, in the store's measurement standard; 0 when not given. */
  weight: number;
};

/** What the database knows of a coupon's use: by every order, and by this customer. */
export type CouponUsage = { usedCount: number; usedByCustomer: boolean };

export type PricingInput = {
  lines: readonly PricingLine[];
  /** The codes the shopper entered, in the order entered. */
  couponCodes: readonly string[];
  /** By coupon id; a coupon missing here has not been used. */
  couponUsage: Readonly<Record<string, CouponUsage>>;
  location?: PricingLocation;
  /** The rate the shopper chose; when not offered (or not chosen) the cheapest offered is taken. */
  selectedShippingRateId?: string;
  now: Date;
  rules: PricingRules;
};

export type AppliedTaxRate = { ruleId: string; name: string; ratePercent: number };

export type PricedLine = {
  id: string;
  quantity: number;
  unitPriceCents: number;
  /** unitPriceCents × quantity. */
  subtotalCents: number;
  /** This line's share of the order's discount (largest remainder): the lines' shares sum to the order's. */
  discountCents: number;
  /** Tax on (subtotal − discount), rounded half-up once per line; inside the price when prices include tax. */
  taxCents: number;
  /** What the line costs the shopper: subtotal − discount, plus tax when prices exclude it. */
  totalCents: number;
  tax: AppliedTaxRate | null;
};

export type ValidCoupon = { couponId: string; code: string; kind: CouponKind; discountCents: number };
export type InvalidCoupon = { code: string; reason: CouponRefusal };

export type ShippingOption = {
  /** The rate's id. */
  id: string;
  zoneId: string;
  name: string;
  kind: ShippingRateKind;
  note?: string;
  /** After a free-above threshold, before a free-shipping coupon. */
  amountCents: number;
};

export type PricedCart = {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  /** The chosen option's amount, 0 with a free-shipping coupon or when nothing is shipped. */
  shippingCostCents: number;
  /** Tax on shipping (taxShipping on), inside shippingCostCents when prices include tax. */
  shippingTaxCents: number;
  /** The lines' taxes and the shipping's. */
  taxCents: number;
  /** subtotal − discount + shipping, plus tax when prices exclude it. */
  grandTotalCents: number;
  totalQuantity: number;
  validCoupons: ValidCoupon[];
  invalidCoupons: InvalidCoupon[];
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  /** Each rate applied, with the tax it came to over the lines and shipping. */
  applicableTaxRules: (AppliedTaxRate & { taxCents: number })[];
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  /** The subtotal reaches the store's minimum (always, when it has none). */
  meetsMinimum: boolean;
  /** Something is shipped and the shopper has not said where to. */
  needsLocation: boolean;
  /** Something is shipped, a location is given, and no zone covers it. */
  noShippingToLocation: boolean;
};
