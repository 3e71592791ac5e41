/**
 * An add-to-cart button in the browser (the product page, quick view, the add-to-cart block): it
 * adds what `choice` names, says 'Adding…', then 'Added to cart' with a link to the cart page, or
 * the seed's 'Unable to add item' (seed 001 §8). The button stays disabled while nothing can be
 * added (a sold-out variant, a combination not offered) and while a request is out. The server
 * renders it disabled, so a page without this code offers no button that does nothing. The calls'
 * code (the data-request client) is fetched on the first click, so a product page before any
 * interaction stays within its budget (e2e/shop.test.ts). A button marked `data-express` (the store's
 * express checkout) goes on to checkout once the item is added.
 */
import { CART_PAGE_PATH } from '../../domain/cart-paths';
import { addToCart as words } from '../../messages/add-to-cart';
import { commerce } from '../../messages/commerce';

export type AddChoice = { productId: string; variantId: string | undefined; quantity: number } | undefined;

export type AddButton = { refresh(): void };

export function wireAddButton(button: HTMLButtonElement, status: HTMLElement | null, choice: () => AddChoice): AddButton {
  let busy = false;
  const refresh = () => {
    button.disabled = busy || choice() === undefined;
  };
  const say = (...parts: (string | Node)[]) => status?.replaceChildren(...parts);
  button.addEventListener('click', () => {
    const chosen = choice();
    if (!chosen || busy) return;
    busy = true;
    refresh();
    say(words.adding);
    import('./cart-client')
      .then(({ cartCalls }) => cartCalls.add(chosen.productId, chosen.variantId, chosen.quantity))
      .then(
        () => {
          // Express checkout (seed 000 §3): the item is in the cart, and the shopper goes straight on to checkout.
          if (button.hasAttribute('data-express')) return import('../checkout/goto-checkout').then((m) => m.goToCheckout());
          const link = document.createElement('a');
          link.href = CART_PAGE_PATH;
          link.textContent = words.viewCart;
          say(`${words.added} `, link);
        },
        () => say(commerce.addItemFailed),
      )
      .finally(() => {
        busy = false;
        refresh();
      });
  });
  refresh();
  return { refresh };
}

/** A quantity field's whole number, at least 1. */
export function quantityOf(input: HTMLInputElement | null): number {
  const n = Math.floor(Number(input?.value));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}
