/**
 * The cart page (page type 205), a pure React view of the server's cart answer: rendered by the
 * server into the page and hydrated by the cart page's island (src/runtime/islands/cart-page.tsx),
 * which then draws it again from each answer. Every control is a form posting to `POST /cart`
 * (form-encoded, `action` and its fields, the crumb in the address), so the page works without
 * JavaScript; with it, `onSubmit` takes each form's fields instead and sends the JSON calls. Lines
 * (image, name, options, price, quantity stepper, Remove, line total, the availability note),
 * then the summary: discount codes, the shipping estimate, the totals and the minimum-subtotal
 * message (seed 000 §5). No hook makes ids here: the island hydrates this subtree alone.
 */
import { PriceView } from '../../blocks/product/card';
import type { CartEntryAnswer } from '../../contracts/cart';
import { cart as words } from '../../messages/cart';
import { format } from '../../messages/format';
import { shop } from '../../messages/shop';
import { CartForm, moneyOf, submitOnChange, type CartViewProps, type Money } from './cart-form';
import { CartSummary } from './cart-summary-view';

export type { CartFields, CartPageProps, CartViewProps } from './cart-form';

function availabilityNote(entry: CartEntryAnswer): string | undefined {
  const a = entry.availability;
  if (a.state === 'low') return format(shop.onlyLeft, { count: a.left });
  if (a.state === 'soldOut') return shop.soldOut;
  if (a.state === 'unavailable') return words.unavailable;
  return undefined;
}

function Stepper({ entry, props }: { entry: CartEntryAnswer; props: CartViewProps }) {
  const { busy = false } = props;
  const id = `cart-quantity-${entry.id}`;
  const step = (quantity: number, label: string, sign: string) => (
    <CartForm action="quantity" fields={{ entryId: entry.id, quantity: String(quantity) }} props={props} className="cart-step">
      <button type="submit" className="cart-step-button" aria-label={label} disabled={busy || quantity < 0}>
        {sign}
      </button>
    </CartForm>
  );
  return (
    <div className="cart-stepper">
      {step(entry.quantity - 1, format(words.decrease, { name: entry.productName }), '−')}
      <CartForm action="quantity" fields={{ entryId: entry.id }} props={props} className="cart-quantity">
        <label className="visually-hidden" htmlFor={id}>
          {format(words.quantityOf, { name: entry.productName })}
        </label>
        <input
          key={entry.quantity}
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={entry.quantity}
          disabled={busy}
          {...submitOnChange(props)}
        />
        {/* With the page's code running a typed quantity is sent as it changes; the button is for a browser without it, so nothing moves once the code runs. */}
        <noscript>
          <button type="submit" className="cart-quantity-update button button-tertiary button-small">
            {words.update}
          </button>
        </noscript>
      </CartForm>
      {step(entry.quantity + 1, format(words.increase, { name: entry.productName }), '+')}
    </div>
  );
}

function Line({ entry, props, money }: { entry: CartEntryAnswer; props: CartViewProps; money: Money }) {
  const note = availabilityNote(entry);
  const onSale = entry.regularPriceCents !== entry.unitPriceCents;
  return (
    <li className={`cart-line${entry.availability.state === 'unavailable' ? ' is-unavailable' : ''}`} data-entry-id={entry.id}>
      <div className="cart-line-image">
        {entry.image ? <img src={`${entry.image.file}?format=300w`} alt={entry.image.alt} width={96} height={96} loading="lazy" /> : null}
      </div>
      <div className="cart-line-about">
        <h2 className="cart-line-name">
          <a href={entry.path}>{entry.productName}</a>
        </h2>
        {entry.optionValues.length > 0 ? <p className="cart-line-options">{entry.optionValues.map((o) => `${o.optionName}: ${o.value}`).join(', ')}</p> : null}
        <PriceView className="cart-line-price" now={money(entry.unitPriceCents)} was={onSale ? money(entry.regularPriceCents) : undefined} />
        {note ? <p className="cart-line-note">{note}</p> : null}
      </div>
      <Stepper entry={entry} props={props} />
      <CartForm action="remove" fields={{ entryId: entry.id }} props={props} className="cart-remove">
        <button
          type="submit"
          className="button button-tertiary button-small"
          aria-label={format(words.removeItemOf, { name: entry.productName })}
          disabled={props.busy}
        >
          {words.removeItem}
        </button>
      </CartForm>
      <p className="cart-line-total">{money(entry.subtotalCents)}</p>
    </li>
  );
}

export function CartView(props: CartViewProps) {
  const { cart } = props;
  const money = moneyOf(cart, props.money);
  return (
    <div className="cart-page-inner" aria-busy={props.busy ? true : undefined}>
      <h1 className="cart-title">{words.pageTitle}</h1>
      <p className="cart-progress" role="status">
        {props.busy ? words.working : ''}
      </p>
      {props.error ? (
        <p className="cart-error" role="alert">
          {props.error}
        </p>
      ) : null}
      {cart.entries.length === 0 ? (
        <div className="cart-empty">
          <p>{words.empty}</p>
          <p>
            <a className="button button-primary button-medium" href={props.shopPath}>
              {words.continueShopping}
            </a>
          </p>
        </div>
      ) : (
        <div className="cart-body">
          <ul className="cart-lines">
            {cart.entries.map((entry) => (
              <Line key={entry.id} entry={entry} props={props} money={money} />
            ))}
          </ul>
          <CartSummary props={props} money={money} />
        </div>
      )}
    </div>
  );
}
