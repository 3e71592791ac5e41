/**
 * The shop's sort (browser): its control, hidden without JavaScript (the owner's order stays),
 * reorders the rendered cards by newest, price either way or name (../../domain/shop.ts). Every
 * product of a shop is on its page, so no other page is asked for.
 */
import { isShopSort, sortKeys } from '../../domain/shop';

export function enhanceSort(root: HTMLElement): void {
  const control = root.querySelector<HTMLElement>('.shop-sort');
  const select = control?.querySelector('select');
  const list = root.querySelector<HTMLElement>('.product-list');
  if (!control || !select || !list) return;
  const locale = document.documentElement.lang || 'en-US';
  const items = [...list.children].map((item, index) => {
    const card = item.querySelector<HTMLElement>('.product-card');
    return {
      item,
      index,
      name: card?.dataset.sortName ?? '',
      price: Number(card?.dataset.sortPrice ?? 0),
      created: card?.dataset.sortCreated ?? '',
    };
  });
  control.hidden = false;
  select.addEventListener('change', () => {
    if (!isShopSort(select.value)) return;
    list.append(...sortKeys(select.value, items, locale).map((k) => k.item));
  });
}
