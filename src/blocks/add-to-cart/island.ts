/** The add-to-cart block in the browser: its button adds the block's product (../../ui/cart/add-button.ts). */
import { wireAddButton } from '../../ui/cart/add-button';

export default function addToCart(el: HTMLElement): void {
  const block = el.querySelector<HTMLElement>('[data-product-id]');
  const button = block?.querySelector<HTMLButtonElement>('button[data-add-to-cart]');
  const productId = block?.dataset.productId;
  if (!block || !button || !productId) return;
  const variantId = block.dataset.variantId || undefined;
  wireAddButton(button, block.querySelector('.add-to-cart-status'), () => ({ productId, variantId, quantity: 1 }));
}
