import { describe, expect, it } from 'vitest';
import { orderStage } from './order-status';

const line = (productType: string, quantity: number, fulfilledQuantity = 0, refundedQuantity = 0) => ({
  productType,
  quantity,
  fulfilledQuantity,
  refundedQuantity,
});
const paid = (lines: ReturnType<typeof line>[]) => ({ status: 'open', paymentStatus: 'paid', lines });

describe('an order’s stage on its status page', () => {
  it('is cancelled, refunded or awaiting payment before anything about sending', () => {
    expect(orderStage({ status: 'canceled', paymentStatus: 'paid', lines: [line('PHYSICAL', 1, 1)] })).toBe('canceled');
    expect(orderStage({ status: 'open', paymentStatus: 'refunded', lines: [line('PHYSICAL', 1)] })).toBe('refunded');
    expect(orderStage({ status: 'open', paymentStatus: 'unpaid', lines: [line('PHYSICAL', 1)] })).toBe('awaitingPayment');
  });

  it('follows the parcels: preparing, partly sent, sent; an authorised payment counts as paid', () => {
    expect(orderStage(paid([line('PHYSICAL', 2), line('PHYSICAL', 1)]))).toBe('preparing');
    expect(orderStage(paid([line('PHYSICAL', 2, 1), line('PHYSICAL', 1)]))).toBe('partlySent');
    expect(orderStage(paid([line('PHYSICAL', 2, 2), line('PHYSICAL', 1, 1)]))).toBe('sent');
    expect(orderStage({ status: 'open', paymentStatus: 'authorized', lines: [line('PHYSICAL', 1, 1)] })).toBe('sent');
  });

  it('needs no parcel for services, downloads and gift cards, nor for units refunded', () => {
    expect(orderStage(paid([line('SERVICE', 1), line('DIGITAL', 1), line('GIFT_CARD', 1)]))).toBe('complete');
    expect(orderStage(paid([line('DIGITAL', 1), line('PHYSICAL', 1, 1)]))).toBe('sent');
    expect(orderStage(paid([line('PHYSICAL', 2, 1, 1)]))).toBe('sent');
    expect(orderStage(paid([line('PHYSICAL', 2, 0, 2), line('DIGITAL', 1)]))).toBe('complete');
  });
});
