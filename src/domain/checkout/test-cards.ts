/**
 * The test payment service's cards (src/server/test-payments): the payment method chooses what
 * happens to each payment, as Stripe's test cards do, never a switch of the whole service, so tests
 * and bench shoppers never affect each other. Stripe's numbers where Stripe has one; the 4999 99…
 * numbers are our own (Stripe has no card for them). The checkout page lists them in test mode.
 */
export const TEST_CARD_OUTCOMES = [
  /** Authorised; captured when asked. */
  'succeed',
  /** Refused: card_declined (generic_decline). */
  'decline',
  /** Refused: card_declined (insufficient_funds). */
  'insufficient_funds',
  /** Refused: processing_error. */
  'processing_error',
  /** A 3-D Secure-like detour to the service's own page, where the shopper completes or fails it. */
  'requires_action',
  /** Authorised; the capture is refused. */
  'capture_error',
  /** Authorised after a delay: the payment's metadata[delay_ms], else DEFAULT_SLOW_MS. */
  'slow',
  /** Authorised and written to the ledger, then the connection is dropped without an answer (once: a retry is answered). */
  'timeout_after_success',
] as const;
export type TestCardOutcome = (typeof TEST_CARD_OUTCOMES)[number];

/** The names of the cards' texts in the test payments messages (src/messages/test-payments.ts). */
export type TestCardLabel =
  | 'cardSucceeds'
  | 'cardDeclined'
  | 'cardInsufficientFunds'
  | 'cardProcessingError'
  | 'cardRequiresAction'
  | 'cardCaptureFails'
  | 'cardSlow'
  | 'cardTimeoutAfterSuccess';

export type TestCard = {
  /** As people type it, in groups of four. */
  number: string;
  /** What happens, as the checkout page says it: `testPayments[card.label]` (src/messages/test-payments.ts). */
  label: TestCardLabel;
  outcome: TestCardOutcome;
  /** Stripe's test PaymentMethod for the same outcome, which the service accepts too. */
  stripePaymentMethod?: string;
};

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', label: 'cardSucceeds', outcome: 'succeed', stripePaymentMethod: 'pm_card_visa' },
  { number: '4000 0000 0000 0002', label: 'cardDeclined', outcome: 'decline', stripePaymentMethod: 'pm_card_chargeDeclined' },
  {
    number: '4000 0000 0000 9995',
    label: 'cardInsufficientFunds',
    outcome: 'insufficient_funds',
    stripePaymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
  },
  {
    number: '4000 0000 0000 0119',
    label: 'cardProcessingError',
    outcome: 'processing_error',
    stripePaymentMethod: 'pm_card_chargeDeclinedProcessingError',
  },
  { number: '4000 0025 0000 3155', label: 'cardRequiresAction', outcome: 'requires_action', stripePaymentMethod: 'pm_card_authenticationRequired' },
  { number: '4999 9900 0000 0015', label: 'cardCaptureFails', outcome: 'capture_error' },
  { number: '4999 9900 0000 0023', label: 'cardSlow', outcome: 'slow' },
  { number: '4999 9900 0000 0031', label: 'cardTimeoutAfterSuccess', outcome: 'timeout_after_success' },
];

/** How long a `slow` payment's answers wait when its metadata names no delay_ms. */
export const DEFAULT_SLOW_MS = 250;
/** The most a payment's metadata[delay_ms] may ask. */
export const MAX_SLOW_MS = 60_000;

/** A card number without its spaces and dashes. */
export const cardDigits = (card: string) => card.replace(/[\s-]/g, '');

/** The card a payment method names (a number, spaced or not, or Stripe's test PaymentMethod id); undefined for any other. */
export function testCardOf(paymentMethod: string): TestCard | undefined {
  const digits = cardDigits(paymentMethod);
  return TEST_CARDS.find((c) => cardDigits(c.number) === digits || c.stripePaymentMethod === paymentMethod);
}

/** The card of each outcome, for tests and the bench: `testCard('decline').number`. */
export function testCard(outcome: TestCardOutcome): TestCard {
  const card = TEST_CARDS.find((c) => c.outcome === outcome);
  if (!card) throw new Error(`no test card for ${outcome}`);
  return card;
}
