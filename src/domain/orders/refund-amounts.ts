/**
 * What a refund of some units of an order's lines gives back: each unit's share of its line's
 * total (the line's discount and tax included) is the total divided by the units, rounded down, and
 * the line's last unit takes what is left, so refunding every unit of every line gives back exactly
 * what the lines cost. The server refunds by this rule and the owner's refund dialog shows it before
 * the owner confirms.
 */

/** A line as a refund sees it: what it cost in all, its units, and how many of them are refunded already. */
export type RefundableLine = { totalCents: number; quantity: number; refundedQuantity: number };

/** The units of a line refunded now, by the line's position in the order. */
export type RefundUnits = { position: number; quantity: number };

/** The amount of `units` more units of the line, after those refunded already; 0 for no units, never more than is left of the line. */
export function lineRefundCents(line: RefundableLine, units: number): number {
  const { totalCents, quantity, refundedQuantity } = line;
  if (!Number.isInteger(units) || units <= 0 || quantity <= 0) return 0;
  const taking = Math.min(units, quantity - refundedQuantity);
  if (taking <= 0) return 0;
  const share = Math.floor(totalCents / quantity);
  const last = refundedQuantity + taking === quantity;
  // The last unit takes the remainder: what the line cost less the shares of the units before it.
  return last ? totalCents - share * refundedQuantity : share * taking;
}

/**
 * A refund's amount: the units of each line chosen (lines found by position; an unknown position
 * gives nothing) and the shipping given back, each line's amount beside it.
 */
export function refundCents(
  lines: readonly (RefundableLine & { position: number })[],
  units: readonly RefundUnits[],
  shippingCents = 0,
): { amountCents: number; lines: (RefundUnits & { amountCents: number })[] } {
  const byPosition = new Map(lines.map((l) => [l.position, l]));
  const priced = units.map((u) => {
    const line = byPosition.get(u.position);
    return { ...u, amountCents: line ? lineRefundCents(line, u.quantity) : 0 };
  });
  return { amountCents: priced.reduce((sum, l) => sum + l.amountCents, 0) + Math.max(0, shippingCents), lines: priced };
}
