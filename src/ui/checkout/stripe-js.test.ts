/**
 * Stripe.js as the checkout page uses it: the script added once and only when asked, tried afresh
 * after a failure; the Elements group drawn from the cart (the server's total and currency, manual
 * capture) and the site's theme; and which answers of `confirmPayment` go on to the way back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRIPE_JS_URL } from '../../domain/checkout/stripe-js';
import { appearanceOf, elementsOptions, goesToReturn, stripeJsLoader, type StripeConstructor } from './stripe-js';

class FakeScript extends EventTarget {
  src = '';
  async = false;
  removed = false;
  remove() {
    this.removed = true;
  }
}

function page() {
  const added: FakeScript[] = [];
  const window: { Stripe?: StripeConstructor } = {};
  const document = { createElement: () => new FakeScript(), head: { append: (s: FakeScript) => void added.push(s) } };
  return { host: { document, window } as unknown as Parameters<typeof stripeJsLoader>[0], added, window };
}

const Stripe = (() => ({})) as unknown as StripeConstructor;

afterEach(() => {
  vi.useRealTimers();
});

describe('loading Stripe’s script', () => {
  it('adds nothing until asked, then one async script from Stripe’s host, shared by every caller', async () => {
    const { host, added, window } = page();
    const load = stripeJsLoader(host);
    expect(added).toHaveLength(0);
    const first = load();
    const second = load();
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ src: STRIPE_JS_URL, async: true });
    window.Stripe = Stripe;
    added[0]!.dispatchEvent(new Event('load'));
    expect(await first).toBe(Stripe);
    expect(await second).toBe(Stripe);
    expect(await load()).toBe(Stripe);
    expect(added).toHaveLength(1);
  });

  it('takes a refused script away and tries afresh on the next call', async () => {
    const { host, added, window } = page();
    const load = stripeJsLoader(host);
    const refused = load();
    added[0]!.dispatchEvent(new Event('error'));
    await expect(refused).rejects.toThrow('could not be loaded');
    expect(added[0]!.removed).toBe(true);
    const again = load();
    expect(added).toHaveLength(2);
    window.Stripe = Stripe;
    added[1]!.dispatchEvent(new Event('load'));
    expect(await again).toBe(Stripe);
  });

  it('gives up on a script that has not run in time, and on one that ran without Stripe', async () => {
    vi.useFakeTimers();
    const { host, added } = page();
    const load = stripeJsLoader(host, 1_000);
    const slow = load();
    vi.advanceTimersByTime(1_000);
    await expect(slow).rejects.toThrow('in time');
    expect(added[0]!.removed).toBe(true);
    const empty = load();
    added[1]!.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow('without Stripe');
  });

  it('uses Stripe already on the page without adding the script again', async () => {
    const { host, added, window } = page();
    window.Stripe = Stripe;
    expect(await stripeJsLoader(host)()).toBe(Stripe);
    expect(added).toHaveLength(0);
  });
});

describe('the Payment Element’s group', () => {
  it('is for the cart’s total in its currency, in lower case, held for a manual capture, in the site’s colours and font', () => {
    const properties: Record<string, string> = {
      '--color-accent': ' #1d5c4d',
      '--color-ink': '#1b1f23',
      '--font-body': '"Inter", sans-serif',
      '--radius-1': '4px',
    };
    const appearance = appearanceOf({ getPropertyValue: (name: string) => properties[name] ?? '' });
    expect(appearance).toEqual({
      theme: 'stripe',
      variables: { colorPrimary: '#1d5c4d', colorText: '#1b1f23', fontFamily: '"Inter", sans-serif', borderRadius: '4px' },
    });
    expect(elementsOptions({ grandTotalCents: 2895, subtotalAmount: { currency: 'GBP', minor: 2500 } }, appearance)).toEqual({
      mode: 'payment',
      amount: 2895,
      currency: 'gbp',
      captureMethod: 'manual',
      appearance,
    });
  });
});

describe('after confirmPayment', () => {
  it('goes to the way back when confirmed or refused by Stripe, and stays for anything else', () => {
    expect(goesToReturn({ paymentIntent: { id: 'pi_1', status: 'requires_capture' } })).toBe(true);
    expect(goesToReturn({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })).toBe(true);
    expect(goesToReturn({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } })).toBe(true);
    expect(goesToReturn({ error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } })).toBe(true);
    expect(goesToReturn({ error: { type: 'api_connection_error', message: 'Network error' } })).toBe(false);
    expect(goesToReturn({ error: { type: 'invalid_request_error', code: 'resource_missing' } })).toBe(false);
  });
});
