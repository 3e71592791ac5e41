/**
 * The checkout page's island (page type 201): hydrates the form the server drew from the state
 * written beside it, and holds its values. The address's country, region and postcode go to the
 * cart's shipping call as they settle, and the summary is drawn again from the cart's answer (the
 * totals shown are always the server's). "Place order" sends the place call with the attempt key
 * made when the page loaded, the same key for every retry, so a double click or a retry places one
 * order; only a decline makes a new key (that attempt has failed). A detour the provider asks for
 * leaves the page for it; a refusal is said beside the button.
 */
import { useRef, useState, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { PlaceOrderAnswer, PlaceOrderRefusal } from '../../contracts/checkout';
import { CART_API } from '../../domain/cart-paths';
import { CHECKOUT_API } from '../../domain/checkout/paths';
import { checkout as words } from '../../messages/checkout';
import { cartCalls, type CartAnswer } from '../../ui/cart/cart-client';
import {
  addressProblems,
  initialValues,
  newAttemptKey,
  placeRequest,
  shippingPlace,
  type CheckoutPageProps,
  type CheckoutValues,
  type FieldProblems,
} from '../../ui/checkout/checkout-model';
import { CheckoutView, type CheckoutViewProps } from '../../ui/checkout/checkout-view';
import { DataRequestError, dataRequest } from '../../ui/data-request';

const noChanges = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;

function CheckoutPage({ initial }: { initial: CheckoutPageProps }) {
  const [cart, setCart] = useState(initial.cart);
  const [values, setValues] = useState(() => initialValues(initial));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [busy, setBusy] = useState<CheckoutViewProps['busy']>();
  const [error, setError] = useState(initial.error);
  // Hydration keeps the server's attributes: "Place order" is enabled by the render after it (the server's snapshot first, then the browser's).
  const live = useSyncExternalStore(noChanges, isBrowser, isServer);
  const attemptKey = useRef(newAttemptKey());
  const placing = useRef(false);
  const sentPlace = useRef(JSON.stringify(shippingPlace(values)));
  const latest = useRef(values);

  const reread = (call: () => Promise<CartAnswer>) => {
    setBusy((b) => b ?? 'updating');
    return call()
      .then(setCart, () => setError(words.updateFailed))
      .finally(() => setBusy((b) => (b === 'updating' ? undefined : b)));
  };
  const onChange = (patch: Partial<CheckoutValues>, settled?: boolean) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValues(next);
    const place = settled ? shippingPlace(next) : undefined;
    const key = JSON.stringify(place);
    if (!place || key === sentPlace.current) return;
    sentPlace.current = key;
    void reread(() => cartCalls.location(place));
  };

  const onPlace = () => {
    if (placing.current) return;
    const values = latest.current;
    const found = cart.requiresShipping ? addressProblems(values) : {};
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    placing.current = true;
    setBusy('placing');
    setError(undefined);
    dataRequest<PlaceOrderAnswer>({
      url: CHECKOUT_API.PLACE,
      method: 'POST',
      data: placeRequest(values, attemptKey.current, cart.requiresShipping),
      json: true,
    })
      .then(({ data: answer }) => {
        setBusy('redirecting');
        location.assign(answer.state === 'placed' ? answer.orderPath : answer.actionUrl);
      })
      .catch((err: unknown) => {
        const body = (err instanceof DataRequestError ? err.body : {}) as Partial<PlaceOrderRefusal>;
        if (body.reason === 'declined') attemptKey.current = newAttemptKey();
        setError(body.error ?? words.placeFailed);
        setBusy(undefined);
        placing.current = false;
        if (body.reason === 'soldOut' || body.reason === 'cartChanged' || body.reason === 'couponUsedUp')
          void reread(() => dataRequest<{ cart: CartAnswer }>({ url: CART_API.CART }).then((res) => res.data.cart));
      });
  };

  return (
    <CheckoutView
      {...initial}
      cart={cart}
      values={values}
      problems={problems}
      busy={busy}
      live={live}
      error={error}
      onChange={onChange}
      onPlace={onPlace}
      onOption={(id) => void reread(() => cartCalls.option(id))}
    />
  );
}

export default function checkoutPage(el: HTMLElement): void {
  const root = el.querySelector<HTMLElement>('[data-checkout-root]');
  const state = el.querySelector('script.checkout-state')?.textContent;
  if (!root || !state) return;
  hydrateRoot(root, <CheckoutPage initial={JSON.parse(state) as CheckoutPageProps} />);
}
