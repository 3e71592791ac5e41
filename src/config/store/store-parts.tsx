/** Small pieces the Store screens share: a product's status label, a type's name, a count of stock in words, the choice of a shop. */
import type { ShopRow } from '../../contracts/catalogue';
import type { ProductType } from '../../domain/commerce';
import { productWorkflowLabel } from '../../domain/product-status';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
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

/** Which shop a product or a file goes to: asked only when the site has more than one. */
export function ShopChoice({ shops, value, onChange }: { shops: ShopRow[]; value: string; onChange: (id: string) => void }) {
  if (shops.length < 2) return null;
  return (
    <Field label={words.shop}>
      {(c) => (
        <select {...c} value={value} onChange={(e) => onChange(e.target.value)}>
          {shops.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title} ({s.path})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
