/** Small pieces the Store screens share: a product's status label, a type's name, a count of stock in words. */
import type { ProductType } from '../../domain/commerce';
import { productWorkflowLabel } from '../../domain/product-status';
import { format } from '../../messages/format';
import { words } from './words';

export const TYPE_LABELS: Record<ProductType, string> = {
  PHYSICAL: words.typePhysical,
  DIGITAL: words.typeDigital,
  SERVICE: words.typeService,
  GIFT_CARD: words.typeGiftCard,
};

export function StatusLabel({ status }: { status: number }) {
  return <span className={`store-status store-status-${status}`}>{productWorkflowLabel(status)}</span>;
}

/** A count of stock as the owner reads it: Unlimited (null), Sold out, or how many. */
export function stockText(stock: number | null): string {
  if (stock === null) return words.unlimited;
  return stock <= 0 ? words.soldOut : format(words.inStock, { count: stock });
}
