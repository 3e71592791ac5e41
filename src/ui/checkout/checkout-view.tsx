/**
 * The checkout page (page type 201), a pure React view: rendered by the server into the page and
 * hydrated by the checkout page's island (src/runtime/islands/checkout-page.tsx), which holds the
 * values and sends the calls. Contact; the shipping address and method when the cart ships (a
 * service or purely digital cart skips them); the payment method (a card through Stripe, first,
 * when the store connected it: the island mounts Stripe's Payment Element in the box drawn here;
 * the test card in test mode, with its banner and cards; the manual methods with their
 * instructions); "Place order" with the refusal beside it; the order summary beside the form.
 * "Place order" is disabled until the island runs and while a placement is out. An empty cart gets
 * a friendly word and a way back to the shop.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { moneyOf } from '../cart/cart-form';
import { STRIPE_MARK } from '../../domain/checkout/stripe-js';
import { cart as cartWords } from '../../messages/cart';
import { checkout as words } from '../../messages/checkout';
import { paymentMethods } from '../../messages/payment-methods';
import { paymentsScreens } from '../../messages/payments-screens';
import { shop } from '../../messages/shop';
import { cartSummary, type CheckoutPageProps, type CheckoutValues, type FieldProblems } from './checkout-model';
import { OrderSummary } from './order-summary';

export type CheckoutViewProps = CheckoutPageProps & {
  values: CheckoutValues;
  problems?: FieldProblems;
  /** What is out: the totals being read again, or the order being placed. */
  busy?: 'updating' | 'placing' | 'redirecting' | undefined;
  /** The island runs: "Place order" may be pressed. */
  live?: boolean;
  /** `settled`: the address's country, region or postcode settled, so the totals are read again for it. */
  onChange?: (patch: Partial<CheckoutValues>, settled?: boolean) => void;
  /** "Place order" pressed, the fields' own checks passed. */
  onPlace?: () => void;
  onOption?: (optionId: string) => void;
  /** The card form, while the shopper has chosen to pay by card through Stripe. */
  cardForm?: CardForm | undefined;
};

/**
 * The box Stripe's Payment Element is mounted in: `target` receives the element React leaves
 * empty for it; `state` is what the shopper is told over it until the element is drawn.
 */
export type CardForm = { state: 'loading' | 'ready' | 'failed'; target: Ref<HTMLDivElement>; onRetry: () => void };

function Part({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <fieldset className={`checkout-part checkout-${name}`}>
      <legend className="checkout-part-title">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A field the browser's check refused: marked, and described by what is wrong. */
const problemOf = (id: string, problem: string | undefined) => (problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {});

function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <p id={`${id}-problem`} className="checkout-problem">
      {problem}
    </p>
  ) : null;
}

type FieldProps = { props: CheckoutViewProps; name: keyof CheckoutValues; label: string; problem?: string | undefined; settle?: boolean } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'onChange'
>;

function Field({ props, name, label, problem, settle, ...input }: FieldProps) {
  const id = `checkout-${name}`;
  return (
    <div className="checkout-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={props.values[name]}
        onChange={(e) => props.onChange?.({ [name]: e.currentTarget.value })}
        {...(settle ? { onBlur: () => props.onChange?.({}, true) } : {})}
        {...problemOf(id, problem)}
        {...input}
      />
      <Problem id={id} problem={problem} />
    </div>
  );
}

/** A picker whose change settles the address (the country, a listed region): the totals are read again for it. */
function Select({
  props,
  name,
  label,
  autoComplete,
  choices,
  none,
  patch,
  problem,
}: {
  props: CheckoutViewProps;
  name: 'country' | 'region';
  label: string;
  autoComplete: string;
  choices: readonly { code: string; name: string }[];
  none: string;
  patch: (value: string) => Partial<CheckoutValues>;
  problem?: string | undefined;
}) {
  const id = `checkout-${name}`;
  return (
    <div className="checkout-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        autoComplete={autoComplete}
        required
        value={props.values[name]}
        onChange={(e) => props.onChange?.(patch(e.currentTarget.value), true)}
        {...problemOf(id, problem)}
      >
        <option value="" disabled>
          {none}
        </option>
        {choices.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <Problem id={id} problem={problem} />
    </div>
  );
}

function Address({ props }: { props: CheckoutViewProps }) {
  const { values, problems = {} } = props;
  const regions = props.regions[values.country];
  return (
    <Part name="address" title={words.shippingAddress}>
      <Field props={props} name="name" label={words.fullName} autoComplete="shipping name" required maxLength={200} />
      <Field props={props} name="line1" label={words.line1} autoComplete="shipping address-line1" required maxLength={200} />
      <Field props={props} name="line2" label={words.line2} autoComplete="shipping address-line2" maxLength={200} />
      <Field props={props} name="city" label={words.city} autoComplete="shipping address-level2" required maxLength={100} />
      <Select
        props={props}
        name="country"
        label={cartWords.country}
        autoComplete="shipping country"
        choices={props.countries}
        none={cartWords.chooseCountry}
        patch={(country) => ({ country, region: '' })}
      />
      {regions ? (
        <Select
          props={props}
          name="region"
          label={cartWords.region}
          autoComplete="shipping address-level1"
          choices={regions}
          none={words.chooseRegion}
          patch={(region) => ({ region })}
          problem={problems.region}
        />
      ) : (
        <Field props={props} name="region" label={cartWords.region} autoComplete="shipping address-level1" maxLength={100} settle />
      )}
      <Field
        props={props}
        name="postcode"
        label={cartWords.postcode}
        autoComplete="shipping postal-code"
        maxLength={12}
        required={values.country === 'US'}
        problem={problems.postcode}
        settle
      />
    </Part>
  );
}

function Shipping({ props, money }: { props: CheckoutViewProps; money: (minor: number) => string }) {
  const { cart } = props;
  const chosen = 'id' in cart.selectedShippingOption ? cart.selectedShippingOption.id : '';
  return (
    <Part name="shipping" title={words.shippingMethod}>
      {cart.shippingOptions.length === 0 ? (
        <p className="checkout-note">{cart.noShippingToLocation ? cartWords.noShipping : words.addressForShipping}</p>
      ) : null}
      {cart.shippingOptions.map((o) => (
        <label key={o.id} className="checkout-choice">
          <input
            type="radio"
            name="shippingOption"
            value={o.id}
            checked={o.id === chosen}
            required
            disabled={props.busy !== undefined}
            onChange={() => props.onOption?.(o.id)}
          />
          <span className="checkout-choice-name">{o.name}</span>
          <span className="checkout-choice-price">{o.amountCents === 0 ? shop.free : money(o.amountCents)}</span>
          {o.note ? <span className="checkout-choice-note">{o.note}</span> : null}
        </label>
      ))}
    </Part>
  );
}

/** The card form's box: its height kept from the start (checkout.css), the status over it until Stripe's element is drawn. */
function CardBox({ form }: { form: CardForm | undefined }) {
  const state = form?.state ?? 'loading';
  return (
    <div className="checkout-card" data-state={state}>
      <div className="checkout-card-element" ref={form?.target} />
      {state === 'loading' ? (
        <p className="checkout-card-status" role="status">
          {words.cardLoading}
        </p>
      ) : null}
      {state === 'failed' ? (
        <div className="checkout-card-status" role="alert">
          <p>{words.cardLoadFailed}</p>
          <button type="button" className="button button-secondary button-small" onClick={form?.onRetry}>
            {words.cardRetry}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Payment({ props }: { props: CheckoutViewProps }) {
  const { payment, values } = props;
  const choice = (method: string, label: string, more: ReactNode, mark?: Record<string, string>) => (
    <div className="checkout-method" key={method} {...mark}>
      <label className="checkout-choice">
        <input type="radio" name="method" value={method} checked={values.method === method} required onChange={() => props.onChange?.({ method })} />
        <span className="checkout-choice-name">{label}</span>
      </label>
      {values.method === method ? more : null}
    </div>
  );
  const none = !payment.testMode && payment.manual.length === 0 && !payment.stripe;
  return (
    <Part name="payment" title={paymentsScreens.payment}>
      {payment.testMode ? (
        <p className="checkout-test-mode" role="note">
          {words.testMode}
        </p>
      ) : null}
      {none ? <p className="checkout-note">{words.noPaymentMethod}</p> : null}
      {payment.stripe
        ? choice(
            'card',
            paymentMethods.card,
            <div className="checkout-method-more">
              <p className="checkout-note">{words.cardNote}</p>
              <CardBox form={props.cardForm} />
            </div>,
            // The mark gives the page Stripe's hosts in its policy, before the shopper chooses card.
            { [STRIPE_MARK.name]: STRIPE_MARK.value },
          )
        : null}
      {payment.testMode
        ? choice(
            'test',
            words.payByTestCard,
            <div className="checkout-method-more">
              <Field props={props} name="card" label={words.testCard} inputMode="numeric" autoComplete="off" required minLength={12} maxLength={23} />
              {payment.testCards.length > 0 ? (
                <>
                  <p className="checkout-note">{words.testCards}</p>
                  <ul className="checkout-test-cards">
                    {payment.testCards.map((c) => (
                      <li key={c.number}>
                        <code>{c.number}</code> {c.label}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>,
          )
        : null}
      {payment.manual.map((m) => choice(m.method, paymentMethods[m.method], <p className="checkout-method-more checkout-instructions">{m.instructions}</p>))}
    </Part>
  );
}

export function CheckoutView(props: CheckoutViewProps) {
  const { cart, busy } = props;
  const money = moneyOf(cart, props.money);
  if (cart.entries.length === 0) {
    return (
      <div className="checkout-inner">
        <h1 className="checkout-title">{words.checkout}</h1>
        <div className="checkout-empty">
          <p>{cartWords.empty}</p>
          <p>
            <a className="button button-primary button-medium" href={props.shopPath}>
              {cartWords.continueShopping}
            </a>
          </p>
        </div>
      </div>
    );
  }
  const summary = cartSummary(cart, cartWords.taxName);
  const progress = busy === 'placing' ? words.placing : busy === 'redirecting' ? words.redirecting : busy === 'updating' ? words.updating : '';
  return (
    <div className="checkout-inner" aria-busy={busy ? true : undefined}>
      <h1 className="checkout-title">{words.checkout}</h1>
      <div className="checkout-body">
        <form
          className="checkout-form"
          method="post"
          aria-label={words.checkout}
          onSubmit={(e) => {
            e.preventDefault();
            props.onPlace?.();
          }}
        >
          <Part name="contact" title={words.contact}>
            <Field props={props} name="email" label={words.email} type="email" autoComplete="email" required maxLength={254} />
          </Part>
          {cart.requiresShipping ? <Address props={props} /> : null}
          {cart.requiresShipping ? <Shipping props={props} money={money} /> : null}
          <Payment props={props} />
          <div className="checkout-place">
            <button type="submit" className="button button-primary button-large" disabled={!props.live || busy === 'placing' || busy === 'redirecting'}>
              {words.placeOrder}
            </button>
            <p className="checkout-progress" role="status">
              {progress}
            </p>
            <p className="checkout-error" role="alert">
              {props.error ?? ''}
            </p>
          </div>
        </form>
        <div className="checkout-aside">
          <OrderSummary lines={summary.lines} totals={summary.totals} money={money} />
          <p>
            <a href={props.cartPath}>{words.backToCart}</a>
          </p>
        </div>
      </div>
    </div>
  );
}
