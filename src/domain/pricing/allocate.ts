/**
 * Splitting an order's discount across its lines by the largest-remainder method: each line takes
 * its proportional share rounded down, and the cents left over go one each to the lines whose
 * shares lost the most in rounding (the earlier line first among equals). The shares sum to the
 * whole exactly, and a line refunded later gives back exactly its share.
 */

/**
 * `total` split in proportion to `weights` (whole, non-negative); a line of weight 0 takes
 * nothing. When `total` is at most the sum of the weights, no share passes its weight.
 */
export function allocateLargestRemainder(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total <= 0 || whole === 0n) return weights.map(() => 0);
  const amount = BigInt(total);
  const shares = weights.map((w) => (amount * BigInt(w)) / whole);
  const remainders = weights.map((w, index) => ({ index, remainder: (amount * BigInt(w)) % whole }));
  let left = amount - shares.reduce((sum, s) => sum + s, 0n);
  // Array.prototype.sort is stable: among equal remainders the earlier line keeps its place.
  remainders.sort((a, b) => (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}
