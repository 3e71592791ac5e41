/**
 * The store's pricing rules in the site document: coupons, shipping zones with their rates, and tax
 * rules with the store's tax switches. Money is whole minor units of the store's one currency, as
 * everywhere in the store; weights are in the store's measurement standard (pounds or kilograms).
 * What the rules mean (which zone, which rate, which tax rule applies, how a discount is split
 * across lines) is the domain's (src/domain/pricing/): these are the shapes an owner writes.
 */
import { z } from 'zod';
import {
  COUPON_KINDS,
  SHIPPING_RATE_KINDS,
  MAX_COUPONS,
  MAX_SHIPPING_ZONES,
  MAX_RATES_PER_ZONE,
  MAX_TAX_RULES,
  MAX_RATE_TIERS,
} from '../domain/pricing/limits';
import { MAX_PRICE_CENTS } from '../domain/commerce';
import type * as DomainPricing from '../domain/pricing/types';
import { hexId } from './primitives';

const cents = z.number().int().min(0).max(MAX_PRICE_CENTS);

/** ISO 3166-1 alpha-2, upper case: GB, US. */
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as GB or US');
/** ISO 3166-2, upper case: US-CA, GB-SCT. */
export const regionCode = z.string().regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'must be a region code such as US-CA or GB-SCT');
/** The start of a postcode, compared without spaces and case: SW1, 941. */
export const postcodePrefix = z
  .string()
  .trim()
  .min(1)
  .max(10)
  .regex(/^[A-Za-z0-9 -]+$/, 'must be letters, digits, spaces or hyphens');

const datetime = z.iso.datetime({ offset: true });

export const couponSchema = z
  .object({
    id: hexId,
    /** What the shopper types; matched without regard to case, unique in the store. */
    code: z
      .string()
      .trim()
      .min(2)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _'),
    /** PERCENT takes `percentOff`, FIXED_AMOUNT `amountOffCents`, FREE_SHIPPING makes the chosen shipping free. */
    kind: z.enum(COUPON_KINDS),
    /** 0.01 to 100, in hundredths of a percent at most. */
    percentOff: z.number().min(0.01).max(100).multipleOf(0.01).optional(),
    amountOffCents: cents.min(1).optional(),
    /** The subtotal (before discounts) the cart must reach; 0: any. */
    minimumSubtotalCents: cents.default(0),
    startsAt: datetime.optional(),
    endsAt: datetime.optional(),
    /** How many orders may use it in all; left out: no limit. */
    usageLimit: z.number().int().min(1).max(1_000_000).optional(),
    /** A customer (an account, or a guest's email) may use it on one order only. */
    oncePerCustomer: z.boolean().default(false),
    /** A coupon switched off is kept with its usage, and refused as if it had ended. */
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.kind === 'PERCENT' && c.percentOff === undefined) issue('percentOff', 'a percentage coupon needs its percentage');
    if (c.kind !== 'PERCENT' && c.percentOff !== undefined) issue('percentOff', 'only a percentage coupon has a percentage');
    if (c.kind === 'FIXED_AMOUNT' && c.amountOffCents === undefined) issue('amountOffCents', 'a fixed-amount coupon needs its amount');
    if (c.kind !== 'FIXED_AMOUNT' && c.amountOffCents !== undefined) issue('amountOffCents', 'only a fixed-amount coupon has an amount');
    if (c.startsAt !== undefined && c.endsAt !== undefined && Date.parse(c.endsAt) <= Date.parse(c.startsAt)) issue('endsAt', 'a coupon ends after it starts');
  });
export type Coupon = z.infer<typeof couponSchema>;

/**
 * One step of a rate by weight or by subtotal: from `from` (a weight in the store's unit, or a
 * subtotal in minor units) upwards the rate costs `amountCents`, until the next step's `from`.
 */
export const rateTierSchema = z.object({ from: z.number().min(0).max(100_000_000), amountCents: cents }).strict();

export const shippingRateSchema = z
  .object({
    id: hexId,
    /** What the shopper chooses by: "Standard", "Express", "Collect from the studio". */
    name: z.string().trim().min(1).max(100),
    /** FLAT and PICKUP cost `amountCents`; WEIGHT and SUBTOTAL go by `tiers`. */
    kind: z.enum(SHIPPING_RATE_KINDS),
    amountCents: cents.default(0),
    /** In ascending `from`; a cart below the first step's `from` is not offered this rate. */
    tiers: z.array(rateTierSchema).max(MAX_RATE_TIERS).default([]),
    /** Free when the subtotal after discounts reaches this. */
    freeAboveCents: cents.optional(),
    /** Shown beside the rate: "2–4 working days", a pickup address. */
    note: z.string().trim().max(200).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    const tiered = r.kind === 'WEIGHT' || r.kind === 'SUBTOTAL';
    if (tiered && r.tiers.length === 0) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'a rate by weight or subtotal needs at least one step' });
    if (!tiered && r.tiers.length > 0) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'only a rate by weight or subtotal has steps' });
    r.tiers.forEach((t, i) => {
      if (i > 0 && t.from <= r.tiers[i - 1]!.from)
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'from'], message: 'steps go up: each starts above the one before' });
    });
  });
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const shippingZoneSchema = z
  .object({
    id: hexId,
    name: z.string().trim().min(1).max(100),
    /** The countries it covers; `['*']` covers every country no other zone names. */
    countries: z
      .array(z.union([countryCode, z.literal('*')]))
      .min(1)
      .max(250),
    /** When given, only these regions of its countries. */
    regions: z.array(regionCode).max(500).default([]),
    rates: z.array(shippingRateSchema).min(1).max(MAX_RATES_PER_ZONE),
  })
  .strict();
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

export const taxRuleSchema = z
  .object({
    id: hexId,
    /** What the cart and the receipt call it: "VAT", "CA sales tax". */
    name: z.string().trim().min(1).max(60),
    country: countryCode,
    region: regionCode.optional(),
    postcodePrefix: postcodePrefix.optional(),
    /** 0 to 100, in thousandths of a percent at most: 20, 8.875. */
    ratePercent: z.number().min(0).max(100).multipleOf(0.001),
  })
  .strict();
export type TaxRule = z.infer<typeof taxRuleSchema>;

export const taxSettingsSchema = z
  .object({
    /** Prices are written with tax in them (as VAT is shown in the UK and EU); tax is then the part of the price that is tax. */
    pricesIncludeTax: z.boolean().default(false),
    /** Shipping is taxed at the rate of the shopper's location. */
    taxShipping: z.boolean().default(false),
    /** Where the business is: its rules price a cart before the shopper gives an address. */
    originCountry: countryCode.optional(),
    rules: z.array(taxRuleSchema).max(MAX_TAX_RULES).default([]),
  })
  .strict();
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

// The domain's rules take these shapes: the document's types must stay within them.
type Fits<T extends U, U> = T;
export type PricingShapesFit = [
  Fits<Coupon, DomainPricing.Coupon>,
  Fits<ShippingZone, DomainPricing.ShippingZone>,
  Fits<TaxSettings, DomainPricing.TaxSettings>,
];

export const pricingSchemaShape = {
  coupons: z.array(couponSchema).max(MAX_COUPONS).default([]),
  shippingZones: z.array(shippingZoneSchema).max(MAX_SHIPPING_ZONES).default([]),
  tax: taxSettingsSchema.prefault({}),
};
