import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineRefundCents, refundCents } from './refund-amounts';

describe('a refund of units of a line', () => {
  it('gives each unit its share of the line’s total, rounded down, the last unit taking what is left', () => {
    // £10.00 over 3 units: 333, 333, then 334.
    const line = { totalCents: 1000, quantity: 3, refundedQuantity: 0 };
    expect(lineRefundCents(line, 1)).toBe(333);
    expect(lineRefundCents(line, 2)).toBe(666);
    expect(lineRefundCents(line, 3)).toBe(1000);
    expect(lineRefundCents({ ...line, refundedQuantity: 2 }, 1)).toBe(334);
    expect(lineRefundCents({ ...line, refundedQuantity: 1 }, 2)).toBe(667);
  });

  it('gives the whole line for its only unit, and nothing for no units or units already refunded', () => {
    expect(lineRefundCents({ totalCents: 3800, quantity: 1, refundedQuantity: 0 }, 1)).toBe(3800);
    expect(lineRefundCents({ totalCents: 3800, quantity: 1, refundedQuantity: 0 }, 0)).toBe(0);
    expect(lineRefundCents({ totalCents: 3800, quantity: 1, refundedQuantity: 1 }, 1)).toBe(0);
    // More units than are left: only those left.
    expect(lineRefundCents({ totalCents: 900, quantity: 3, refundedQuantity: 1 }, 5)).toBe(600);
  });

  it('adds the lines chosen and the shipping', () => {
    const lines = [
      { position: 0, totalCents: 3800, quantity: 1, refundedQuantity: 0 },
      { position: 1, totalCents: 4200, quantity: 2, refundedQuantity: 0 },
    ];
    expect(refundCents(lines, [{ position: 1, quantity: 1 }], 450)).toEqual({ amountCents: 2550, lines: [{ position: 1, quantity: 1, amountCents: 2100 }] });
    expect(refundCents(lines, [], 0).amountCents).toBe(0);
    expect(refundCents(lines, [{ position: 7, quantity: 1 }]).amountCents).toBe(0);
  });

  it('gives back exactly the line’s total, however its units are refunded one refund after another', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 50 }),
        (totalCents, quantity, steps) => {
          let refundedQuantity = 0;
          let given = 0;
          for (const step of [...steps, quantity]) {
            const amount = lineRefundCents({ totalCents, quantity, refundedQuantity }, step);
            expect(amount).toBeGreaterThanOrEqual(0);
            given += amount;
            refundedQuantity = Math.min(quantity, refundedQuantity + step);
          }
          expect(given).toBe(totalCents);
        },
      ),
    );
  });
});
