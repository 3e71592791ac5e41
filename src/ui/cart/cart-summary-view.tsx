/**
 * The cart page's summary (./cart-view.tsx): discount codes (entry, the codes that apply with their
 * Remove, the ones that do not with their reason), the shipping estimate (country, region and
 * postcode, then the options as radio buttons with their prices), the totals (tax as its own line,
 * or "Including VAT …" when prices include it) and the minimum-subtotal message (seed 000 §5).
 */
import type { ReactNode } from 'react';
import { CHECKOUT_PATHS } from '../../domain/checkout/paths';
import { checkout } from '../../messages/checkout';
import { commerce } from '../../messages/commerce';
import { cart as words } from '../../messages/cart';
import { format } from '../../messages/format';
import { shop } from '../../messages/shop';
import { CartForm, submitOnChange, type CartViewProps, type Money } from './cart-form';

/** A part of the summary under its heading, named by it. */
function Part({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section className={`cart-${name}`} aria-labelledby={`cart-${name}-title`}>
      <h2 id={`cart-${name}-title`} className="cart-summary-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Coupons({ props, money }: { props: CartViewProps; money: Money }) {
  const { cart, busy } = props;
  const removable = (code: string, text: string, className: string) => (
    <li key={`${className}-${code}`} className={className}>
      <span>{text}</span>
      <CartForm action="removeCoupon" fields={{ code }} props={props} className="cart-coupon-remove">
        <button type="submit" className="button button-tertiary button-small" disabled={busy}>
          {words.removeCode}
          <span className="visually-hidden">{` ${code}`}</span>
        </button>
      </CartForm>
    </li>
  );
  return (
    <Part name="coupons" title={words.discountCode}>
      <CartForm action="coupon" props={props} className="cart-coupon-form">
        <label htmlFor="cart-coupon-code" className="visually-hidden">
          {words.discountCode}
        </label>
        <input id="cart-coupon-code" name="code" type="text" autoComplete="off" maxLength={40} required disabled={busy} />
        <button type="submit" className="button button-secondary button-small" disabled={busy}>
          {words.apply}
        </button>
      </CartForm>
      {cart.validCoupons.length + cart.invalidCoupons.length > 0 ? (
        <ul className="cart-coupon-list">
          {cart.validCoupons.map((c) =>
            removable(
              c.code,
              c.kind === 'FREE_SHIPPING'
                ? format(words.couponFreeShipping, { code: c.code })
                : format(words.couponApplied, { code: c.code, amount: money(c.discountCents) }),
              'cart-coupon is-valid',
            ),
          )}
          {cart.invalidCoupons.map((c) => removable(c.code, format(words.couponRefused, { code: c.code, reason: c.message }), 'cart-coupon is-invalid'))}
        </ul>
      ) : null}
    </Part>
  );
}

function Shipping({ props, money }: { props: CartViewProps; money: Money }) {
  const { cart, busy, countries } = props;
  const place = cart.shippingLocation;
  const chosen = 'id' in cart.selectedShippingOption ? cart.selectedShippingOption.id : undefined;
  return (
    <Part name="shipping" title={words.shippingEstimate}>
      <CartForm key={JSON.stringify(place)} action="location" props={props} className="cart-location">
        <label htmlFor="cart-country">{words.country}</label>
        <select id="cart-country" name="country" defaultValue={place.country ?? ''} required disabled={busy} {...submitOnChange(props)}>
          <option value="" disabled>
            {words.chooseCountry}
          </option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <label htmlFor="cart-region">{words.region}</label>
        <input id="cart-region" name="region" type="text" autoComplete="address-level1" maxLength={6} defaultValue={place.region ?? ''} disabled={busy} />
        <label htmlFor="cart-postcode">{words.postcode}</label>
        <input id="cart-postcode" name="postcode" type="text" autoComplete="postal-code" maxLength={12} defaultValue={place.postcode ?? ''} disabled={busy} />
        <button type="submit" className="button button-secondary button-small" disabled={busy}>
          {words.estimate}
        </button>
      </CartForm>
      {cart.needsLocation ? <p className="cart-shipping-note">{words.chooseLocation}</p> : null}
      {cart.noShippingToLocation ? <p className="cart-shipping-note">{words.noShipping}</p> : null}
      {cart.shippingOptions.length > 0 ? (
        <CartForm key={chosen ?? ''} action="option" props={props} className="cart-options">
          <fieldset>
            <legend>{words.shippingOptions}</legend>
            {cart.shippingOptions.map((o) => (
              <label key={o.id} className="cart-option">
                <input type="radio" name="optionId" value={o.id} defaultChecked={o.id === chosen} required disabled={busy} {...submitOnChange(props)} />
                <span className="cart-option-name">{o.name}</span>
                <span className="cart-option-price">{o.amountCents === 0 ? shop.free : money(o.amountCents)}</span>
                {o.note ? <span className="cart-option-note">{o.note}</span> : null}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button-secondary button-small" disabled={busy}>
            {words.chooseOption}
          </button>
        </CartForm>
      ) : null}
    </Part>
  );
}

function Totals({ props, money }: { props: CartViewProps; money: Money }) {
  const { cart } = props;
  const rules = cart.applicableTaxRules;
  const taxName = rules.length === 1 ? rules[0]!.name : words.taxName;
  const row = (label: string, amount: string, className = '') => (
    <div className={`cart-total-row ${className}`}>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  );
  return (
    <Part name="totals" title={words.summary}>
      <dl>
        {row(words.subtotal, money(cart.subtotalCents))}
        {cart.discountCents > 0 ? row(words.discount, `−${money(cart.discountCents)}`, 'is-discount') : null}
        {cart.requiresShipping && 'id' in cart.selectedShippingOption ? row(words.shipping, money(cart.shippingCostCents)) : null}
        {!cart.pricesIncludeTax && cart.taxCents > 0 ? row(words.tax, money(cart.taxCents)) : null}
        {row(words.total, money(cart.grandTotalCents), 'is-total')}
      </dl>
      {cart.pricesIncludeTax && cart.taxCents > 0 ? (
        <p className="cart-tax-included">{format(words.includedTax, { name: taxName, amount: money(cart.taxCents) })}</p>
      ) : null}
      {cart.meetsMinimum ? null : (
        <p id="cart-minimum" className="cart-minimum" role="note">
          {format(commerce.checkoutMinimumSubtotal, { subtotal: money(cart.minimumSubtotalCents) })}
        </p>
      )}
    </Part>
  );
}

/** To checkout through the top window (seed 000 §2), a form so it goes there without JavaScript too; disabled, with its reason, below the minimum. */
function Checkout({ props }: { props: CartViewProps }) {
  const { onCheckout } = props;
  const blocked = !props.cart.meetsMinimum;
  return (
    <form
      className="cart-checkout"
      method="get"
      action={CHECKOUT_PATHS.GOTO}
      target="_top"
      {...(onCheckout
        ? {
            onSubmit: (e: { preventDefault(): void }) => {
              e.preventDefault();
              onCheckout();
            },
          }
        : {})}
    >
      <button
        type="submit"
        className="button button-primary button-large"
        disabled={blocked || props.busy}
        {...(blocked ? { 'aria-describedby': 'cart-minimum' } : {})}
      >
        {checkout.checkout}
      </button>
    </form>
  );
}

export function CartSummary({ props, money }: { props: CartViewProps; money: Money }) {
  return (
    <div className="cart-summary">
      <Coupons props={props} money={money} />
      {props.cart.requiresShipping ? <Shipping props={props} money={money} /> : null}
      <Totals props={props} money={money} />
      <Checkout props={props} />
    </div>
  );
}
