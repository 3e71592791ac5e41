/**
 * The whole price of a cart, from its lines at the server's prices, the store's rules and the
 * shopper's choices: coupons, the order discount split across the lines, shipping, tax per line
 * and on shipping, and the totals. Pure: the server prices every cart read with it, the cart page
 * only displays what it gives.
 */
import { allocateLargestRemainder } from './allocate';
import { evaluateCoupons, orderDiscountCents } from './coupons';
import { toPlace } from './location';
import { coveringZone, selectOption, shippedWeight, shippingOptions } from './shipping';
import { applicableRule, taxOn, taxPlace } from './tax';
import type { AppliedTaxRate, PricedCart, PricedLine, PricingInput, PricingLine, ShippingOption } from './types';

const isDiscounted = (line: PricingLine) => line.productType !== 'GIFT_CARD';
const isTaxed = (line: PricingLine) => line.productType !== 'GIFT_CARD';

function checkLine(line: PricingLine): void {
  for (const field of ['unitPriceCents', 'quantity'] as const) {
    const value = line[field];
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`A cart line's ${field} is a whole number of at least 0 (line ${line.id})`);
  }
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

type Shipping = { options: ShippingOption[]; selected: ShippingOption | null; needsLocation: boolean; noShippingToLocation: boolean };

function shipping(input: PricingInput, requiresShipping: boolean, discountedSubtotalCents: number): Shipping {
  const none: Shipping = { options: [], selected: null, needsLocation: false, noShippingToLocation: false };
  if (!requiresShipping) return none;
  const place = toPlace(input.location);
  if (place === null) return { ...none, needsLocation: true };
  const zone = coveringZone(input.rules.shippingZones, place);
  if (zone === null) return { ...none, noShippingToLocation: true };
  const options = shippingOptions(zone, { weight: shippedWeight(input.lines), discountedSubtotalCents });
  return { ...none, options, selected: selectOption(options, input.selectedShippingRateId) };
}

export function priceCart(input: PricingInput): PricedCart {
  const { lines, rules } = input;
  lines.forEach(checkLine);
  const subtotals = lines.map((l) => l.unitPriceCents * l.quantity);
  const subtotalCents = sum(subtotals);
  const requiresShipping = lines.some((l) => l.productType === 'PHYSICAL');
  const hasDigital = lines.some((l) => l.productType === 'DIGITAL');

  const coupons = evaluateCoupons(input.couponCodes, {
    coupons: rules.coupons,
    couponUsage: input.couponUsage,
    now: input.now,
    subtotalCents,
    requiresShipping,
  });
  const discountCoupon = coupons.applied.find((c) => c.kind !== 'FREE_SHIPPING');
  const freeShipping = coupons.applied.some((c) => c.kind === 'FREE_SHIPPING');
  const discountable = lines.map((l, i) => (isDiscounted(l) ? subtotals[i]! : 0));
  const discountCents = orderDiscountCents(discountCoupon, sum(discountable));
  const lineDiscounts = allocateLargestRemainder(discountCents, discountable);

  const ship = shipping(input, requiresShipping, subtotalCents - discountCents);
  const selectedAmount = ship.selected?.amountCents ?? 0;
  const shippingCostCents = freeShipping ? 0 : selectedAmount;

  const { pricesIncludeTax } = rules.tax;
  const rule = applicableRule(rules.tax.rules, taxPlace(input.location, rules.tax));
  const rate: AppliedTaxRate | null = rule && { ruleId: rule.id, name: rule.name, ratePercent: rule.ratePercent };
  const pricedLines = lines.map((line, i): PricedLine => {
    const net = subtotals[i]! - lineDiscounts[i]!;
    const tax = rate !== null && isTaxed(line) ? rate : null;
    const taxCents = tax === null ? 0 : taxOn(net, tax.ratePercent, pricesIncludeTax);
    return {
      id: line.id,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      subtotalCents: subtotals[i]!,
      discountCents: lineDiscounts[i]!,
      taxCents,
      totalCents: pricesIncludeTax ? net : net + taxCents,
      tax,
    };
  });
  const taxesShipping = rate !== null && rules.tax.taxShipping && requiresShipping;
  const shippingTaxCents = taxesShipping ? taxOn(shippingCostCents, rate.ratePercent, pricesIncludeTax) : 0;
  const taxCents = sum(pricedLines.map((l) => l.taxCents)) + shippingTaxCents;
  const applied = rate !== null && (taxesShipping || pricedLines.some((l) => l.tax !== null));

  return {
    lines: pricedLines,
    subtotalCents,
    discountCents,
    shippingCostCents,
    shippingTaxCents,
    taxCents,
    grandTotalCents: subtotalCents - discountCents + shippingCostCents + (pricesIncludeTax ? 0 : taxCents),
    totalQuantity: sum(lines.map((l) => l.quantity)),
    validCoupons: coupons.applied.map((c) => ({
      couponId: c.id,
      code: c.code,
      kind: c.kind,
      discountCents: c.kind === 'FREE_SHIPPING' ? selectedAmount : discountCents,
    })),
    invalidCoupons: coupons.invalid,
    shippingOptions: ship.options,
    selectedShippingOption: ship.selected,
    applicableTaxRules: applied ? [{ ...rate, taxCents }] : [],
    hasDigital,
    purelyDigital: lines.length > 0 && lines.every((l) => l.productType === 'DIGITAL'),
    requiresShipping,
    meetsMinimum: rules.minimumSubtotalCents === 0 || subtotalCents >= rules.minimumSubtotalCents,
    needsLocation: ship.needsLocation,
    noShippingToLocation: ship.noShippingToLocation,
  };
}
