/**
 * The cart page's island (page type 205; seed 000 §2: the cart page loads its own module, other
 * pages never do): the first React island of the visitor site, so React loads here only. It hydrates
 * the cart root (`[data-cart-root]`, seed 001 §2) from the state the server wrote beside it, sends
 * each form's fields as the cart's JSON calls instead of posting the form, and draws the answer.
 * A failure keeps the cart as it was and says so in the seed's words (seed 001 §8). Each change is
 * announced to the cart indicators of every tab (../../ui/cart/cart-client.ts).
 */
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { commerce } from '../../messages/commerce';
import { cart as words } from '../../messages/cart';
import { cartCalls, type CartAnswer } from '../../ui/cart/cart-client';
import { CartView, type CartFields, type CartPageProps } from '../../ui/cart/cart-view';

/** The call a form's fields stand for, and the words of its failure. */
function callFor(fields: CartFields): [() => Promise<CartAnswer>, string] | undefined {
  const quantity = Math.max(0, Math.floor(Number(fields.quantity)));
  switch (fields.action) {
    case 'quantity':
      return Number.isFinite(quantity) && fields.entryId ? [() => cartCalls.quantity(fields.entryId!, quantity), commerce.updateQuantityFailed] : undefined;
    case 'remove':
      return fields.entryId ? [() => cartCalls.remove(fields.entryId!), commerce.removeItemFailed] : undefined;
    case 'coupon':
      return fields.code?.trim() ? [() => cartCalls.coupon(fields.code!.trim()), words.couponFailed] : undefined;
    case 'removeCoupon':
      return fields.code ? [() => cartCalls.removeCoupon(fields.code!), words.couponFailed] : undefined;
    case 'location':
      return fields.country
        ? [
            () =>
              cartCalls.location({
                country: fields.country!,
                ...(fields.region?.trim() ? { region: fields.region.trim() } : {}),
                ...(fields.postcode?.trim() ? { postcode: fields.postcode.trim() } : {}),
              }),
            words.shippingFailed,
          ]
        : undefined;
    case 'option':
      return fields.optionId ? [() => cartCalls.option(fields.optionId!), words.shippingFailed] : undefined;
    default:
      return undefined;
  }
}

function CartPage({ initial }: { initial: CartPageProps }) {
  const [cart, setCart] = useState(initial.cart);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const onSubmit = (fields: CartFields) => {
    const call = callFor(fields);
    if (!call || busy) return;
    setBusy(true);
    setError(undefined);
    call[0]()
      .then(setCart, () => setError(call[1]))
      .finally(() => setBusy(false));
  };
  return <CartView {...initial} cart={cart} busy={busy} error={error} onSubmit={onSubmit} />;
}

export default function cartPage(el: HTMLElement): void {
  const root = el.querySelector<HTMLElement>('[data-cart-root]');
  const state = el.querySelector('script.cart-state')?.textContent;
  if (!root || !state) return;
  hydrateRoot(root, <CartPage initial={JSON.parse(state) as CartPageProps} />);
}
