/**
 * An order's summary, beside the checkout form (page type 201) and on the order pages (202, 207):
 * its lines (name, options, quantity, line total) and its totals (subtotal, discounts with the codes
 * that gave them, shipping, tax as its own line or "Including VAT …" when prices include it, the
 * total). Pure React from numbers the server worked out: nothing here prices anything.
 */
import { cart as cartWords } from '../../messages/cart';
import { checkout as words } from '../../messages/checkout';
import { format } from '../../messages/format';
import { shop } from '../../messages/shop';

export type SummaryLine = { key: string; name: string; options: string; quantity: number; totalCents: number };

export type SummaryTotals = {
  subtotalCents: number;
  discountCents: number;
  couponCodes: readonly string[];
  /** Undefined when nothing ships (or no option is chosen yet): no shipping line. */
  shippingCents: number | undefined;
  taxCents: number;
  taxName: string;
  pricesIncludeTax: boolean;
  totalCents: number;
};

export function OrderSummary({
  lines,
  totals,
  money,
  title = cartWords.summary,
}: {
  lines: readonly SummaryLine[];
  totals: SummaryTotals;
  money: (minor: number) => string;
  title?: string;
}) {
  const row = (label: string, amount: string, className = '') => (
    <div className={`checkout-total-row${className}`}>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  );
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-part-title">
        {title}
      </h2>
      <ul className="checkout-lines">
        {lines.map((line) => (
          <li key={line.key} className="checkout-line">
            <span className="checkout-line-name">
              {line.name}
              {line.options ? <span className="checkout-line-options">{line.options}</span> : null}
              <span className="checkout-line-quantity">{format(words.quantity, { quantity: line.quantity })}</span>
            </span>
            <span className="checkout-line-total">{money(line.totalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals">
        {row(cartWords.subtotal, money(totals.subtotalCents))}
        {totals.discountCents > 0
          ? row(
              totals.couponCodes.length > 0 ? `${cartWords.discount} (${totals.couponCodes.join(', ')})` : cartWords.discount,
              `−${money(totals.discountCents)}`,
            )
          : null}
        {totals.shippingCents !== undefined ? row(cartWords.shipping, totals.shippingCents === 0 ? shop.free : money(totals.shippingCents)) : null}
        {!totals.pricesIncludeTax && totals.taxCents > 0 ? row(cartWords.tax, money(totals.taxCents)) : null}
        {row(cartWords.total, money(totals.totalCents), ' is-total')}
      </dl>
      {totals.pricesIncludeTax && totals.taxCents > 0 ? (
        <p className="checkout-note">{format(cartWords.includedTax, { name: totals.taxName, amount: money(totals.taxCents) })}</p>
      ) : null}
    </section>
  );
}
