import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../contracts/orders';
import { eventBy, eventText } from './order-timeline';

const order = {
  currency: 'GBP',
  totalCents: 6300,
  lines: [
    { position: 0, productName: 'Harbour mug', options: 'Celadon / 8 oz' },
    { position: 1, productName: 'Espresso cup', options: '' },
  ],
  fulfilments: [{ id: 'f1', lines: [{ position: 0, quantity: 2 }], carrier: 'Royal Mail', trackingNumber: 'AB123', trackingUrl: null, createdAt: '' }],
  refunds: [
    {
      id: 'r1',
      amountCents: 1200,
      shippingCents: 0,
      lines: [{ position: 1, quantity: 1, amountCents: 1200, restock: true }],
      reason: '',
      status: 'succeeded',
      failure: null,
      createdAt: '',
    },
  ],
} as unknown as OrderDetail;

const event = (kind: OrderDetail['timeline'][number]['kind'], detail: Record<string, string | number | boolean | null> = {}, by: string | null = null) => ({
  at: '2026-12-01T08:00:00Z',
  kind,
  by,
  detail,
});

describe('an order’s timeline in words', () => {
  it('says who marked an order paid, and that a provider’s payment was received', () => {
    expect(eventText(order, event('placed'))).toBe('Order placed');
    expect(eventText(order, event('paid', {}, 'ann@example.com'))).toBe('Marked paid by ann@example.com');
    expect(eventBy(event('paid', {}, 'ann@example.com'))).toBeNull();
    expect(eventText(order, event('paid'))).toBe('Payment received');
  });

  it('tells a fulfilment by its units, carrier and tracking, from the order or from the event', () => {
    expect(eventText(order, event('fulfilled', { fulfilmentId: 'f1' }, 'ann@example.com'))).toBe('2 items fulfilled with Royal Mail, tracking AB123');
    expect(eventBy(event('fulfilled', { fulfilmentId: 'f1' }, 'ann@example.com'))).toBe('By ann@example.com');
    expect(eventText(order, event('fulfilled', { units: 1 }))).toBe('1 item fulfilled');
    expect(eventText(order, event('fulfilled', { units: 1, trackingNumber: 'X9' }))).toBe('1 item fulfilled, tracking X9');
    expect(eventText(order, event('restocked', { units: 3 }))).toBe('3 items back in stock');
    expect(eventText(order, event('email_sent', { email: 'fulfilment' }))).toBe('Shipping confirmation emailed to the customer');
  });

  it('tells a refund by its amount and what went back, restocked or not', () => {
    expect(eventText(order, event('refunded', { refundId: 'r1' }))).toBe('Refunded £12.00 (1 × Espresso cup, restocked)');
    expect(eventText(order, event('refunded', { amountCents: 450 }))).toBe('Refunded £4.50');
    expect(eventText(order, event('refund_failed', { amountCents: 450, failure: 'Card expired' }))).toBe('A refund of £4.50 failed: Card expired');
  });

  it('tells a cancellation, the store’s own for an unpaid order too', () => {
    expect(eventText(order, event('canceled', { reason: 'Out of clay' }))).toBe('Order cancelled: Out of clay');
    expect(eventText(order, event('canceled', { unpaid: true }))).toBe('Order cancelled: not paid in time');
    expect(eventText(order, event('canceled'))).toBe('Order cancelled');
  });
});
