/**
 * Exact arithmetic for money: amounts are whole minor units, percentages have a fixed number of
 * decimals (hundredths for a coupon, thousandths for a tax rate), and every product is taken in
 * BigInt, so a share of an amount is rounded once, half-up, with no floating-point error on the way.
 */

/** A decimal with at most `digits` decimals as a whole number of those units: 8.875, 3 → 8875. */
export function toUnits(value: number, digits: number): bigint {
  // The value is written with at most `digits` decimals, so its scaled float sits within a hair of a whole number.
  return BigInt(Math.round(value * 10 ** digits));
}

/** numerator ÷ denominator rounded half-up, for a numerator ≥ 0 and a denominator > 0. */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** amount × part ÷ whole, rounded half-up: the share `part` of `whole` of an amount. */
export function shareHalfUp(amount: number, part: bigint, whole: bigint): number {
  return divideHalfUp(BigInt(amount) * part, whole);
}
