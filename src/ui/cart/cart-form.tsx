/** The cart page's props and its one kind of form (./cart-view.tsx, ./cart-summary-view.tsx): a form that posts without JavaScript and hands its fields to `onSubmit` with it. */
import type { FormEvent, ReactNode } from 'react';
import type { CartAnswer } from '../../contracts/cart';
import { CART_PAGE_PATH } from '../../domain/cart-paths';
import { formatPrice, type CurrencyCode, type MoneyFormat } from '../../domain/commerce';

export type CartFields = Record<string, string>;

/** What the server gives the page, and the island again as JSON. */
export type CartPageProps = {
  cart: CartAnswer;
  money: MoneyFormat;
  crumb: string;
  /** Where "Continue shopping" leads. */
  shopPath: string;
  /** Countries to ship to, named in the site's language. */
  countries: readonly { code: string; name: string }[];
  /** The last change's failure, in the seed's words. */
  error?: string | undefined;
};

export type CartViewProps = CartPageProps & {
  /** A request is out: controls wait. */
  busy?: boolean;
  /** With JavaScript: a form's fields, sent as a call instead of the form. */
  onSubmit?: (fields: CartFields) => void;
  /** With JavaScript: the Checkout button's own way to checkout (src/ui/checkout/goto-checkout.ts). */
  onCheckout?: () => void;
};

export type Money = (minor: number) => string;

export function moneyOf(cart: Pick<CartAnswer, 'subtotalAmount'>, money: MoneyFormat): Money {
  return (minor) => formatPrice({ currency: cart.subtotalAmount.currency as CurrencyCode, minor }, money);
}

/** One of the page's forms: `action` and its fields, posted to the cart page's form endpoint, or handed to `onSubmit`. */
export function CartForm({
  action,
  fields = {},
  props,
  className,
  label,
  children,
}: {
  action: string;
  fields?: CartFields;
  props: CartViewProps;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const { onSubmit } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(event.currentTarget, submitter);
    onSubmit?.(Object.fromEntries([...data].map(([k, v]) => [k, String(v)])));
  };
  return (
    <form
      method="post"
      action={`${CART_PAGE_PATH}?crumb=${encodeURIComponent(props.crumb)}`}
      className={className}
      {...(label ? { 'aria-label': label } : {})}
      {...(onSubmit ? { onSubmit: submit } : {})}
    >
      <input type="hidden" name="action" value={action} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

/** Sends the control's form as soon as it changes (with JavaScript only: without, its form's button does). */
export const submitOnChange = (props: CartViewProps) =>
  props.onSubmit ? { onChange: (e: { currentTarget: { form: HTMLFormElement | null } }) => e.currentTarget.form?.requestSubmit() } : {};
