/**
 * Stripe.js as the checkout page's island uses it (Stripe's "collect payment details before
 * creating an intent" flow for the Payment Element): the small part of its API we call, typed here
 * (no package of Stripe's is bundled); the loader that adds Stripe's script to the page once, only
 * when the shopper chooses to pay by card; the Elements options drawn from the cart (the server's
 * total, manual capture as the server's PaymentIntent has it) and the site's theme; and what to do
 * with `confirmPayment`'s answer.
 */
import type { CartAnswer } from '../../contracts/cart';
import { STRIPE_JS_URL } from '../../domain/checkout/stripe-js';

/** Stripe's error object (the fields read here). */
export type StripeError = { type: string; code?: string; message?: string };

export type StripeAppearance = { theme: 'stripe'; variables: Record<string, string> };

export type StripeElementsOptions = {
  mode: 'payment';
  /** In the currency's minor units, as the cart's totals. */
  amount: number;
  /** Lower case, as Stripe writes currencies. */
  currency: string;
  captureMethod: 'manual';
  appearance: StripeAppearance;
};

export type StripePaymentElementOptions = { layout: 'tabs'; wallets: { applePay: 'auto'; googlePay: 'auto' } };

export type StripePaymentElement = {
  mount(target: HTMLElement): void;
  /** `ready`: drawn and ready for the shopper; `loaderror`: it could not be drawn. */
  on(event: 'ready' | 'loaderror', handler: () => void): void;
  unmount(): void;
  destroy(): void;
};

export type StripeElements = {
  create(type: 'payment', options: StripePaymentElementOptions): StripePaymentElement;
  update(options: { amount: number }): void;
  /** Checks what the shopper typed (and opens a wallet's sheet): called first on "Place order". */
  submit(): Promise<{ error?: StripeError }>;
};

export type StripeConfirmResult = { paymentIntent: { id: string; status: string }; error?: undefined } | { error: StripeError; paymentIntent?: undefined };

export type StripeJs = {
  elements(options: StripeElementsOptions): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    clientSecret: string;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<StripeConfirmResult>;
};

/** `window.Stripe`, once Stripe's script has run. */
export type StripeConstructor = (publishableKey: string) => StripeJs;

/** How long Stripe's script may take to load before the card form says it could not be loaded. */
export const STRIPE_JS_TIMEOUT_MS = 20_000;

type ScriptHost = { document: Pick<Document, 'createElement' | 'head'>; window: { Stripe?: StripeConstructor } };

/**
 * A loader of Stripe's script for one page: the first call adds the script element, every later
 * call shares its promise; after a failure (the script refused, or not run in time) the element is
 * taken away and the next call tries afresh.
 */
export function stripeJsLoader(host: ScriptHost, timeoutMs = STRIPE_JS_TIMEOUT_MS): () => Promise<StripeConstructor> {
  let loading: Promise<StripeConstructor> | undefined;
  const load = () =>
    new Promise<StripeConstructor>((resolve, reject) => {
      if (host.window.Stripe) return resolve(host.window.Stripe);
      const script = host.document.createElement('script');
      const fail = (why: string) => {
        clearTimeout(timer);
        script.remove();
        reject(new Error(why));
      };
      const timer = setTimeout(() => fail('Stripe.js did not load in time'), timeoutMs);
      script.addEventListener('load', () => {
        clearTimeout(timer);
        if (host.window.Stripe) resolve(host.window.Stripe);
        else fail('Stripe.js loaded without Stripe');
      });
      script.addEventListener('error', () => fail('Stripe.js could not be loaded'));
      script.src = STRIPE_JS_URL;
      script.async = true;
      host.document.head.append(script);
    });
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

/** The site's theme as the Payment Element draws it (the page's custom properties, src/document/theme.ts); a property not set is left to Stripe. */
export function appearanceOf(style: Pick<CSSStyleDeclaration, 'getPropertyValue'>): StripeAppearance {
  const tokens = {
    colorPrimary: '--color-accent',
    colorText: '--color-ink',
    colorTextSecondary: '--color-muted',
    colorBackground: '--color-paper',
    fontFamily: '--font-body',
    borderRadius: '--radius-1',
  };
  const variables = Object.fromEntries(
    Object.entries(tokens)
      .map(([variable, property]) => [variable, style.getPropertyValue(property).trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  return { theme: 'stripe', variables };
}

/** The Elements group of the cart: its total (the server's, in minor units) and currency, held to be captured later. */
export function elementsOptions(cart: Pick<CartAnswer, 'grandTotalCents' | 'subtotalAmount'>, appearance: StripeAppearance): StripeElementsOptions {
  return { mode: 'payment', amount: cart.grandTotalCents, currency: cart.subtotalAmount.currency.toLowerCase(), captureMethod: 'manual', appearance };
}

/** The Payment Element as the checkout shows it: methods as tabs, the wallets where the browser has them. */
export const PAYMENT_ELEMENT_OPTIONS: StripePaymentElementOptions = { layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } };

/**
 * Whether the shopper goes on to the way back after `confirmPayment`: when it confirmed, and when
 * Stripe refused the card or its details (the way back asks Stripe and brings the refusal to the
 * checkout page), or the payment was already past confirming. Any other error (no connection, say)
 * is said on the page, and "Place order" tries the same payment again.
 */
export function goesToReturn(result: StripeConfirmResult): boolean {
  if (!result.error) return true;
  return result.error.type === 'card_error' || result.error.type === 'validation_error' || result.error.code === 'payment_intent_unexpected_state';
}
