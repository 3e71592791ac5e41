/**
 * What every payment provider answers to (test, manual, Stripe). Each call that changes the
 * provider's state is keyed, `providerKey(attemptKey, step)` (src/domain/checkout/protocol.ts), so
 * a retry after a lost answer acts once; a refund carries its own key. No call is ever made inside a
 * database transaction (the checkout module's CONTEXT.md, step 3).
 */
import type { PaymentProviderId } from '../../../domain/checkout/protocol';

export type PaymentAmount = { amountCents: number; currency: string };

/** Where a payment stands at the provider. */
export type PaymentOutcome =
  /** The shopper must go to `actionUrl` (a 3-D Secure-like detour) and come back to `returnUrl`. */
  | { status: 'requires_action'; paymentId: string; actionUrl: string }
  /** Authorised (held on the card), not taken yet. */
  | ({ status: 'authorized'; paymentId: string } & PaymentAmount)
  | ({ status: 'captured'; paymentId: string } & PaymentAmount)
  /** An offline payment the shopper has yet to make (manual), or one the provider is still working on. */
  | { status: 'pending'; paymentId: string }
  | { status: 'declined'; paymentId: string; message: string }
  | { status: 'canceled'; paymentId: string };

/** The provider could not be reached or its answer was lost: the outcome is unknown until `retrieve`. */
export class ProviderUnavailable extends Error {}

export type WebhookEvent = { eventId: string; action: 'authorized' | 'captured' | 'declined' | 'canceled' | 'refunded'; attemptKey: string; paymentId: string };

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /**
   * The shopper's browser confirms the payment with the provider's own script (Stripe's Payment
   * Element), given the payment's client secret: the server makes the payment and never authorises it.
   */
  readonly confirmsInBrowser?: boolean;
  /** Creates the payment for the server's amount (keyed `initiate`); a repeat answers the same payment. `clientSecret`: what the browser confirms it with, when it does. */
  initiate(
    input: { attemptKey: string; description: string; email: string } & PaymentAmount,
  ): Promise<{ paymentId: string; clientSecret?: string | undefined }>;
  /** Authorises only (keyed `authorize`). `method`: the test card's number, or the manual method. */
  authorize(input: { attemptKey: string; paymentId: string; method: string; returnUrl: string }): Promise<PaymentOutcome>;
  /** Takes an authorised payment (keyed `capture`). */
  capture(input: { attemptKey: string; paymentId: string } & PaymentAmount): Promise<PaymentOutcome>;
  /** Voids an authorisation not captured (keyed `cancel`). */
  cancel(input: { attemptKey: string; paymentId: string }): Promise<PaymentOutcome>;
  /** Gives back some or all of a captured payment; `refundKey` makes a retry refund once. */
  refund(input: { refundKey: string; paymentId: string; amountCents: number }): Promise<{ refundId: string; amountCents: number }>;
  /** The payment as the provider holds it now, with what it is for. */
  retrieve(paymentId: string): Promise<PaymentOutcome & PaymentAmount & { attemptKey: string; clientSecret?: string | undefined }>;
  /**
   * A webhook from its raw body and headers: the event; `ignored` when it is signed but not about an
   * attempt's payment (a kind of event the store does not act on); null when its signature does not
   * hold (a wrong secret, or made more than WEBHOOK_TOLERANCE_S ago).
   */
  parseWebhook(raw: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): WebhookEvent | 'ignored' | null;
}

/** The providers a site may use, as the app holds them (`app.payments`). */
export interface PaymentProviders {
  provider(websiteId: string, id: PaymentProviderId): Promise<PaymentProvider>;
  /** The site's provider settings changed (its Stripe keys): the next call reads them again. */
  changed(websiteId: string): void;
  /** Where Stripe's API answers when not at Stripe (the test payment service, in tests). */
  readonly stripeApiUrl?: string | undefined;
}
