/**
 * The checkout page's island (page type 201): hydrates the form the server drew from the state
 * written beside it, and holds its values. The address's country, region and postcode go to the
 * cart's shipping call as they settle, and the summary is drawn again from the cart's answer (the
 * totals shown are always the server's). "Place order" sends the place call with the attempt key
 * made when the page loaded, the same key for every retry, so a double click or a retry places one
 * order; only a decline makes a new key (that attempt has failed). A detour the provider asks for
 * leaves the page for it; a refusal is said beside the button.
 *
 * A card through Stripe (Stripe's flow for collecting card details before the payment exists):
 * Stripe's script is added to the page only once the shopper chooses Card; its Payment Element is
 * mounted in the view's card box, for the cart's total, kept to the total as it changes. "Place
 * order" has Stripe check the details first (`elements.submit`, nothing is sent when it refuses),
 * then places as for any method; the server answers the payment it made for its own amount, which
 * Stripe's script confirms (a 3-D Secure check in Stripe's own window, or a bank's page), and the
 * shopper goes to the way back, where the server asks Stripe how it went.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
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
import { CheckoutView, type CardForm, type CheckoutViewProps } from '../../ui/checkout/checkout-view';
import {
  appearanceOf,
  elementsOptions,
  goesToReturn,
  PAYMENT_ELEMENT_OPTIONS,
  stripeJsLoader,
  type StripeConstructor,
  type StripeElements,
  type StripeJs,
  type StripePaymentElement,
} from '../../ui/checkout/stripe-js';
import { DataRequestError, dataRequest } from '../../ui/data-request';

const noChanges = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;
const loadStripeJs = stripeJsLoader({ document, window: window as Window & { Stripe?: StripeConstructor } });

/** Stripe as this page uses it: made once Stripe's script has run, kept while the page lives; the element while the card form shows. */
type StripeCard = { stripe: StripeJs; elements: StripeElements; element?: StripePaymentElement | undefined };

/**
 * The card form: while the shopper has Card chosen (`target` is the view's box), Stripe's script
 * is loaded (once) and the Payment Element mounted in the box; choosing another method takes the
 * element away. The Elements group follows the cart's total.
 */
function useCardForm(publishableKey: string | undefined, cart: CartAnswer) {
  const [state, setState] = useState<CardForm['state']>('loading');
  const [target, setTarget] = useState<HTMLDivElement | null>(null);
  const [tries, setTries] = useState(0);
  const card = useRef<StripeCard | undefined>(undefined);
  const total = useRef(cart);

  useEffect(() => {
    total.current = cart;
    try {
      card.current?.elements.update({ amount: cart.grandTotalCents });
    } catch {
      // Stripe refused the amount (a total of nothing): the server's own amount is what is confirmed.
    }
  }, [cart]);

  useEffect(() => {
    if (!target || !publishableKey) return;
    let gone = false;
    const mount = (made: StripeCard) => {
      const element = made.elements.create('payment', PAYMENT_ELEMENT_OPTIONS);
      made.element = element;
      element.on('ready', () => !gone && setState('ready'));
      element.on('loaderror', () => !gone && setState('failed'));
      element.mount(target);
    };
    const made = card.current
      ? Promise.resolve(card.current)
      : loadStripeJs().then((Stripe) => {
          const stripe = Stripe(publishableKey);
          const elements = stripe.elements(elementsOptions(total.current, appearanceOf(getComputedStyle(target))));
          return (card.current = { stripe, elements });
        });
    made.then(
      (c) => {
        if (gone) return;
        try {
          mount(c);
        } catch {
          setState('failed');
        }
      },
      () => !gone && setState('failed'),
    );
    return () => {
      gone = true;
      card.current?.element?.destroy();
      if (card.current) card.current.element = undefined;
      // The next time the form shows (Card chosen again, or loaded again), it starts as loading.
      setState('loading');
    };
  }, [target, publishableKey, tries]);

  const onRetry = useCallback(() => setTries((n) => n + 1), []);
  const form: CardForm = { state, target: setTarget, onRetry };
  return { form, card };
}

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
  const { form: cardForm, card } = useCardForm(initial.payment.stripe?.publishableKey, cart);

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

  const refused = (message: string) => {
    setError(message);
    setBusy(undefined);
    placing.current = false;
  };
  /**
   * Stripe's script confirms the payment the server made (for its own amount); the way back then
   * asks Stripe how it went. An error the way back cannot settle is said here, and "Place order"
   * confirms the same payment again (the same attempt key answers it).
   */
  const confirmCard = (made: StripeCard, clientSecret: string, returnUrl: string) =>
    made.stripe
      .confirmPayment({ elements: made.elements, clientSecret, confirmParams: { return_url: new URL(returnUrl, location.href).href }, redirect: 'if_required' })
      .then(
        (result) => {
          if (!goesToReturn(result)) return refused(result.error?.message ?? words.cardFailed);
          setBusy('redirecting');
          location.assign(returnUrl);
        },
        () => refused(words.cardFailed),
      );
  const send = (values: CheckoutValues, made?: StripeCard) =>
    dataRequest<PlaceOrderAnswer>({
      url: CHECKOUT_API.PLACE,
      method: 'POST',
      data: placeRequest(values, attemptKey.current, cart.requiresShipping),
      json: true,
    })
      .then(({ data: answer }) => {
        if (answer.state === 'confirm') return made ? confirmCard(made, answer.clientSecret, answer.returnUrl) : refused(words.placeFailed);
        setBusy('redirecting');
        location.assign(answer.state === 'placed' ? answer.orderPath : answer.actionUrl);
      })
      .catch((err: unknown) => {
        const body = (err instanceof DataRequestError ? err.body : {}) as Partial<PlaceOrderRefusal>;
        if (body.reason === 'declined') attemptKey.current = newAttemptKey();
        refused(body.error ?? words.placeFailed);
        if (body.reason === 'soldOut' || body.reason === 'cartChanged' || body.reason === 'couponUsedUp')
          void reread(() => dataRequest<{ cart: CartAnswer }>({ url: CART_API.CART }).then((res) => res.data.cart));
      });

  const onPlace = () => {
    if (placing.current) return;
    const values = latest.current;
    const found = cart.requiresShipping ? addressProblems(values) : {};
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    placing.current = true;
    setBusy('placing');
    setError(undefined);
    if (values.method !== 'card') return void send(values);
    const made = card.current;
    if (!made?.element || cardForm.state !== 'ready') return refused(words.cardNotReady);
    // Stripe checks the details first, still in the shopper's click (a wallet's sheet opens from it); a refusal sends nothing.
    made.elements.submit().then(
      ({ error }) => (error ? refused(error.message ?? words.cardFailed) : send(values, made)),
      () => refused(words.cardFailed),
    );
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
      cardForm={values.method === 'card' ? cardForm : undefined}
    />
  );
}

export default function checkoutPage(el: HTMLElement): void {
  const root = el.querySelector<HTMLElement>('[data-checkout-root]');
  const state = el.querySelector('script.checkout-state')?.textContent;
  if (!root || !state) return;
  hydrateRoot(root, <CheckoutPage initial={JSON.parse(state) as CheckoutPageProps} />);
}
