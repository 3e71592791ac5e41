// @vitest-environment happy-dom
/**
 * The cart indicator as a shopper reads it: the server draws it empty for everyone; its island
 * fills in the count and subtotal from the summary cookie, caps the count at '100+', names the
 * link with both (its words, the count's noun read but not shown), drops the empty marker once there is an item, and draws again when another tab
 * says the cart changed.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_CHANNEL, CART_SUMMARY_COOKIE, writeCartSummary } from '../../domain/cart-summary';
import cartIndicator from '../../runtime/islands/cart-indicator';
import { CartIndicator } from './cart-indicator';

function indicator(): HTMLElement {
  document.body.innerHTML = renderToStaticMarkup(<CartIndicator load="cookie" />);
  const el = document.querySelector<HTMLElement>('.cart-indicator')!;
  cartIndicator(el);
  return el;
}

const setSummary = (count: number, subtotal: string) => {
  document.cookie = `${CART_SUMMARY_COOKIE}=${writeCartSummary({ count, subtotal })}; path=/`;
};
const shown = (el: HTMLElement) => ({
  count: el.querySelector('.cart-indicator-count')!.textContent,
  subtotal: el.querySelector('.cart-indicator-subtotal')!.textContent,
  name: el.textContent,
  empty: el.hasAttribute('data-empty'),
});

afterEach(() => {
  document.cookie = `${CART_SUMMARY_COOKIE}=; path=/; max-age=0`;
});

describe('the cart indicator', () => {
  // covers 001-4.98
  it('is drawn empty by the server and stays marked empty with no cart', () => {
    const el = indicator();
    expect(el.getAttribute('href')).toBe('/cart');
    expect(shown(el)).toEqual({ count: '0', subtotal: '', name: 'Cart 0 items ', empty: true });
  });

  // covers 001-2.15, 001-2.16, 001-4.98
  it('shows the count and subtotal of the summary cookie, unmarked once there is an item', () => {
    setSummary(2, '£64.00');
    expect(shown(indicator())).toEqual({ count: '2', subtotal: '£64.00', name: 'Cart 2 items £64.00', empty: false });
    setSummary(1, '£8.00');
    expect(shown(indicator()).name).toBe('Cart 1 item £8.00');
  });

  // covers 000-9.19, 001-6.08, 001-9.82
  it("shows 100 items as '100' and 101 as '100+'", () => {
    setSummary(100, '$5.00');
    expect(shown(indicator()).count).toBe('100');
    setSummary(101, '$5.05');
    const el = indicator();
    expect(shown(el).count).toBe('100+');
    expect(shown(el).name).toBe('Cart 100+ items $5.05');
  });

  it('draws again when another tab announces a change', async () => {
    const el = indicator();
    setSummary(3, '$9.00');
    const other = new BroadcastChannel(CART_CHANNEL);
    other.postMessage('changed');
    other.close();
    await expect.poll(() => shown(el).count).toBe('3');
    setSummary(4, '$12.00');
    window.dispatchEvent(new StorageEvent('storage', { key: CART_CHANNEL }));
    expect(shown(el).subtotal).toBe('$12.00');
  });
});
