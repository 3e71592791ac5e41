/**
 * Prices as a CSV writes them ("38.00", "1,200.50", "1500" for yen) and as the store keeps them
 * (whole minor units of its currency), both ways, with string arithmetic only: a price never passes
 * through a float, so "0.29" is 29 cents and never 28.999….
 */

const PLAIN = /^(\d+)(?:\.(\d*))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

/**
 * `text` in minor units of a currency with `fractionDigits` decimals, or undefined when it is not
 * such an amount: digits with at most one point, thousands optionally grouped by commas, a leading
 * currency sign or trailing code allowed, and no more decimals than the currency has (trailing
 * zeros aside, so "1500.00" is 1500 yen).
 */
export function parseMinorUnits(text: string, fractionDigits: number): number | undefined {
  const bare = text
    .trim()
    .replace(/^[$€£¥]\s*/, '')
    .replace(/\s*[A-Z]{3}$/, '');
  const match = PLAIN.exec(bare) ?? GROUPED.exec(bare);
  if (!match) return undefined;
  const whole = match[1]!.replace(/,/g, '');
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > fractionDigits) return undefined;
  const digits = `${whole}${decimals.padEnd(fractionDigits, '0')}`.replace(/^0+(?=\d)/, '');
  // Past 15 digits a number is no longer exact; no price comes near (at most 100000000).
  if (digits.length > 15) return undefined;
  return Number(digits);
}

/** `minor` units as a decimal with the currency's decimals ("38.00", "1500"), no grouping. */
export function minorUnitsText(minor: number, fractionDigits: number): string {
  if (fractionDigits === 0) return String(minor);
  const digits = String(minor).padStart(fractionDigits + 1, '0');
  return `${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`;
}

/**
 * A measure (weight, length) as a CSV writes it, or undefined when it is not a plain non-negative
 * decimal. Measures are not money: they may be fractional, and are rounded to `places` decimals.
 */
export function parseMeasure(text: string, places = 3): number | undefined {
  const match = PLAIN.exec(text.trim());
  if (!match) return undefined;
  const value = Number(`${match[1]}.${match[2] || '0'}`);
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
