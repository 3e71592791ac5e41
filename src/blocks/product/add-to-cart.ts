/** A product's add-to-cart button (its page and quick view), over the variant picker: it adds the chosen variant and quantity, and is disabled for a sold-out one. */
import { quantityOf, wireAddButton } from '../../ui/cart/add-button';
import type { PickerChoice } from './picker';

export function enhanceAddToCart(root: HTMLElement, picker: PickerChoice | undefined): void {
  const button = root.querySelector<HTMLButtonElement>('button[data-add-to-cart]');
  const productId = root.dataset.productId;
  if (!button || !productId || !picker) return;
  const quantity = root.querySelector<HTMLInputElement>('input[name="quantity"]');
  const added = wireAddButton(button, root.querySelector('.add-to-cart-status'), () => {
    const variant = picker.variant();
    return variant && !picker.soldOut() ? { productId, variantId: variant.id, quantity: quantityOf(quantity) } : undefined;
  });
  picker.onChange(added.refresh);
}
