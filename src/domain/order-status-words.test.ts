import { describe, expect, it } from 'vitest';
import { orderStatusWords, paymentState } from './order-status-words';

const order = { status: 'open', paymentStatus: 'paid', totalCents: 3800, refundedCents: 0, fulfilment: null } as const;

describe('an order’s state in words', () => {
  it('names the payment: paid (an authorised card too), awaiting payment, cancelled, refunded in whole or in part', () => {
    expect(paymentState(order)).toBe('paid');
    expect(paymentState({ ...order, paymentStatus: 'authorized' })).toBe('paid');
    expect(paymentState({ ...order, paymentStatus: 'unpaid' })).toBe('unpaid');
    expect(paymentState({ ...order, status: 'canceled', paymentStatus: 'unpaid' })).toBe('canceled');
    expect(paymentState({ ...order, paymentStatus: 'voided' })).toBe('canceled');
    expect(paymentState({ ...order, refundedCents: 1000 })).toBe('partiallyRefunded');
    expect(paymentState({ ...order, refundedCents: 3800 })).toBe('refunded');
    expect(paymentState({ ...order, paymentStatus: 'refunded', refundedCents: 3800 })).toBe('refunded');
    // A free order (nothing to refund) is paid, not refunded.
    expect(paymentState({ ...order, totalCents: 0 })).toBe('paid');
  });

  it('adds the fulfilment once anything is sent, and says nothing of it before or for an order with nothing to send', () => {
    expect(orderStatusWords(order)).toEqual(['Paid']);
    expect(orderStatusWords({ ...order, fulfilment: 'unfulfilled' })).toEqual(['Paid']);
    expect(orderStatusWords({ ...order, fulfilment: 'partial' })).toEqual(['Paid', 'Partly sent']);
    expect(orderStatusWords({ ...order, fulfilment: 'fulfilled' })).toEqual(['Paid', 'Sent']);
    expect(orderStatusWords({ ...order, paymentStatus: 'unpaid' })).toEqual(['Awaiting payment']);
    expect(orderStatusWords({ ...order, status: 'canceled' })).toEqual(['Cancelled']);
    expect(orderStatusWords({ ...order, refundedCents: 100, fulfilment: 'fulfilled' })).toEqual(['Partially refunded', 'Sent']);
  });
});
