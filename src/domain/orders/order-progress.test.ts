import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder } from '../pricing/allocate';
import { fulfilmentStatusOf, shippingShareCents, unitsToSend } from './order-progress';
import { lineRefundCents } from './refund-amounts';

describe('what is left to send', () => {
  const line = (productType: string, quantity: number, fulfilledQuantity = 0, refundedQuantity = 0) => ({
    productType,
    quantity,
    fulfilledQuantity,
    refundedQuantity,
  });

  it('counts only physical units neither sent nor refunded', () => {
    expect(unitsToSend(line('PHYSICAL', 5, 2, 1))).toBe(2);
    expect(unitsToSend(line('PHYSICAL', 2, 2, 1))).toBe(0);
    for (const type of ['SERVICE', 'DIGITAL', 'GIFT_CARD']) expect(unitsToSend(line(type, 3))).toBe(0);
  });

  it('calls an order fulfilled with nothing left to send, partial once a unit was sent, unfulfilled before', () => {
    expect(fulfilmentStatusOf([line('PHYSICAL', 2), line('DIGITAL', 1)])).toBe('unfulfilled');
    expect(fulfilmentStatusOf([line('PHYSICAL', 2, 1), line('PHYSICAL', 1)])).toBe('partial');
    expect(fulfilmentStatusOf([line('PHYSICAL', 2, 2), line('SERVICE', 1)])).toBe('fulfilled');
    expect(fulfilmentStatusOf([line('DIGITAL', 1)])).toBe('fulfilled');
  });
});

describe('an order refunded in full', () => {
  it('counts the shipping (and its tax) as what the total holds beyond the lines', () => {
    expect(shippingShareCents(3_887, [{ totalCents: 3_000 }])).toBe(887);
    expect(shippingShareCents(500, [{ totalCents: 500 }])).toBe(0);
  });

  it('gives back exactly the order’s total when every unit of every line and all the shipping are refunded, in any steps', () => {
    const order = fc
      .record({
        lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 40 }), unitPriceCents: fc.integer({ min: 0, max: 500_000 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        discountPercent: fc.integer({ min: 0, max: 100 }),
        taxPermille: fc.integer({ min: 0, max: 250 }),
        shippingCents: fc.integer({ min: 0, max: 10_000 }),
        pricesIncludeTax: fc.boolean(),
      })
      .map(({ lines, discountPercent, taxPermille, shippingCents, pricesIncludeTax }) => {
        // Priced as checkout prices an order: the discount split by largest remainder, tax per line and on the shipping.
        const subtotals = lines.map((l) => l.quantity * l.unitPriceCents);
        const discount = Math.floor((subtotals.reduce((a, b) => a + b, 0) * discountPercent) / 100);
        const shares = allocateLargestRemainder(discount, subtotals);
        const tax = (net: number) => (pricesIncludeTax ? 0 : Math.round((net * taxPermille) / 1000));
        const priced = lines.map((l, i) => {
          const net = subtotals[i]! - shares[i]!;
          return { quantity: l.quantity, totalCents: net + tax(net) };
        });
        return { lines: priced, totalCents: priced.reduce((a, l) => a + l.totalCents, 0) + shippingCents + tax(shippingCents) };
      });
    fc.assert(
      fc.property(order, fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }), (o, steps) => {
        let refunded = 0;
        for (const line of o.lines) {
          // The line's units refunded one refund after another, in steps of the sizes drawn, then what is left.
          let refundedQuantity = 0;
          for (const step of [...steps, line.quantity]) {
            refunded += lineRefundCents({ ...line, refundedQuantity }, step);
            refundedQuantity = Math.min(line.quantity, refundedQuantity + step);
          }
        }
        refunded += shippingShareCents(o.totalCents, o.lines);
        expect(refunded).toBe(o.totalCents);
      }),
    );
  });
});
