/**
 * The cart page's island (page type 205; seed 000 §2: the cart page loads its own module, other
 * pages never do): the first React island of the visitor site, so React loads here only. It hydrates
 * the cart root (`[data-cart-root]`, seed 001 §2) from the state the server wrote beside it, sends
 * each form's fields as the cart's JSON calls instead of posting the form, and draws the answer.
 * A failure keeps the cart as it was and says so in the seed's words (seed 001 §8). Each change is
 * announced to the cart indicators of every tab (../../ui/cart/cart-client.ts). Checkout goes through
 * ../../ui/checkout/goto-checkout.ts (the cookie test, the seed's alert, the top window).
 */
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { cartCalls, type CartAnswer } from '../../ui/cart/cart-client';
import { cartFailure } from '../../ui/cart/cart-failures';
import { CartView, type CartFields, type CartPageProps } from '../../ui/cart/cart-view';

/** The call a form's fields stand for. */
function callFor(fields: CartFields): (() => Promise<CartAnswer>) | undefined {
  const quantity = Math.max(0, Math.floor(Number(fields.quantity)));
  const { entryId, code, country, optionId } = fields;
  switch (fields.action) {
    case 'quantity':
      return Number.isFinite(quantity) && entryId ? () => cartCalls.quantity(entryId, quantity) : undefined;
    case 'remove':
      return entryId ? () => cartCalls.remove(entryId) : undefined;
    case 'coupon':
      return code?.trim() ? () => cartCalls.coupon(code.trim()) : undefined;
    case 'removeCoupon':
      return code ? () => cartCalls.removeCoupon(code) : undefined;
    case 'location':
      return country
        ? () =>
            cartCalls.location({
              country,
              ...(fields.region?.trim() ? { region: fields.region.trim() } : {}),
              ...(fields.postcode?.trim() ? { postcode: fields.postcode.trim() } : {}),
            })
        : undefined;
    case 'option':
      return optionId ? () => cartCalls.option(optionId) : undefined;
    default:
      return undefined;
  }
}

function CartPage({ initial }: { initial: CartPageProps }) {
  const [cart, setCart] = useState(initial.cart);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(initial.error);
  const onSubmit = (fields: CartFields) => {
    const call = callFor(fields);
    if (!call || busy) return;
    setBusy(true);
    setError(undefined);
    call()
      .then(setCart, () => setError(cartFailure(fields.action)))
      .finally(() => setBusy(false));
  };
  const onCheckout = () => void import('../../ui/checkout/goto-checkout').then((m) => m.goToCheckout());
  return <CartView {...initial} cart={cart} busy={busy} error={error} onSubmit={onSubmit} onCheckout={onCheckout} />;
}

export default function cartPage(el: HTMLElement): void {
  const root = el.querySelector<HTMLElement>('[data-cart-root]');
  const state = el.querySelector('script.cart-state')?.textContent;
  if (!root || !state) return;
  hydrateRoot(root, <CartPage initial={JSON.parse(state) as CartPageProps} />);
}
