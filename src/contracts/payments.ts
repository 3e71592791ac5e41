/**
 * Store → Payments (the payments module's config calls, sub-area `commerce-payments`: read for GET,
 * write for PUT; the crumb plugin checks every write). Refusals are `{ error, errors }`, `errors`
 * by field path (`manualMethods.0.instructions`, `cancelUnpaidDays`, `nextNumber`).
 *
 * - `GET /api/config/store/payments`: `paymentSettingsAnswer`: test mode, the three manual methods
 *   (in MANUAL_METHODS order, each on or off with its instructions) and the days an unpaid manual
 *   order waits before it cancels itself.
 * - `PUT /api/config/store/payments` (write): `paymentSettingsBody`; answers `paymentSettingsAnswer`.
 *   A method turned on needs its instructions (the shopper is shown and emailed them).
 * - `PUT /api/config/store/payments/stripe` (write): `stripeConnectionBody`, connecting Stripe or
 *   changing its keys; answers `stripeConnection`. The secret key is checked with Stripe before it is
 *   kept (400 `errors.secretKey` when Stripe refuses it, 502 when Stripe cannot be reached); a key
 *   left out keeps the one stored. A new webhook signing secret replacing one keeps the old one
 *   accepted for a day (`STRIPE_SECRET_OVERLAP_HOURS`), while Stripe rolls it.
 * - `DELETE /api/config/store/payments/stripe` (write): disconnects Stripe (its keys forgotten);
 *   answers `stripeConnection`. Orders already paid through it keep their payments.
 * - `GET /api/config/store/order-number`: `orderNumberAnswer`: the number the next order takes,
 *   and the lowest it may be set to (one more than the highest order's number).
 * - `PUT /api/config/store/order-number` (write): `orderNumberBody`; answers `orderNumberAnswer`.
 *   400 `errors.nextNumber` when it is not higher than every order's number.
 */
import { z } from 'zod';
import { MANUAL_METHODS } from '../domain/checkout/protocol';
import { MAX_CANCEL_UNPAID_DAYS, MAX_INSTRUCTIONS_LENGTH, MAX_ORDER_NUMBER, MIN_CANCEL_UNPAID_DAYS } from '../domain/checkout/payment-settings';
import { paymentsApi } from '../messages/payments-api';

export const PAYMENTS_API = {
  SETTINGS: '/api/config/store/payments',
  STRIPE: '/api/config/store/payments/stripe',
  ORDER_NUMBER: '/api/config/store/order-number',
} as const;

export const manualMethodSetting = z
  .object({
    method: z.enum(MANUAL_METHODS),
    enabled: z.boolean(),
    instructions: z.string().trim().max(MAX_INSTRUCTIONS_LENGTH, { message: paymentsApi.instructionsTooLong }),
  })
  .strict();

const days = z
  .number({ message: paymentsApi.daysRange })
  .int({ message: paymentsApi.daysRange })
  .min(MIN_CANCEL_UNPAID_DAYS, { message: paymentsApi.daysRange })
  .max(MAX_CANCEL_UNPAID_DAYS, { message: paymentsApi.daysRange });

export const paymentSettingsBody = z
  .object({
    testMode: z.boolean(),
    manualMethods: z.array(manualMethodSetting).max(MANUAL_METHODS.length),
    cancelUnpaidDays: days,
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.manualMethods.forEach((m, i) => {
      if (seen.has(m.method)) ctx.addIssue({ code: 'custom', path: ['manualMethods', i, 'method'], message: paymentsApi.methodTwice });
      seen.add(m.method);
      if (m.enabled && m.instructions === '')
        ctx.addIssue({ code: 'custom', path: ['manualMethods', i, 'instructions'], message: paymentsApi.instructionsRequired });
    });
  });
export type PaymentSettingsBody = z.infer<typeof paymentSettingsBody>;

/** Stripe's keys as its dashboard shows them: publishable `pk_`, secret `sk_` or restricted `rk_`, live or test; webhook signing secrets `whsec_`. */
export const STRIPE_KEY_PATTERNS = {
  publishableKey: /^pk_(live|test)_[A-Za-z0-9]{8,247}$/,
  secretKey: /^(sk|rk)_(live|test)_[A-Za-z0-9]{8,247}$/,
  webhookSecret: /^whsec_[A-Za-z0-9+/=_-]{8,247}$/,
} as const;
/** How long a replaced webhook signing secret is still accepted: Stripe rolls a secret over at most a day. */
export const STRIPE_SECRET_OVERLAP_HOURS = 24;

const stripeKey = (pattern: RegExp, message: string) => z.string({ message }).trim().regex(pattern, { message });

export const stripeConnectionBody = z
  .object({
    publishableKey: stripeKey(STRIPE_KEY_PATTERNS.publishableKey, paymentsApi.publishableKey),
    /** Left out: the key stored is kept (it is never shown again once saved). */
    secretKey: stripeKey(STRIPE_KEY_PATTERNS.secretKey, paymentsApi.secretKey).optional(),
    /** Left out: the secret stored is kept. */
    webhookSecret: stripeKey(STRIPE_KEY_PATTERNS.webhookSecret, paymentsApi.webhookSecret).optional(),
  })
  .strict();
export type StripeConnectionBody = z.infer<typeof stripeConnectionBody>;

export const stripeConnection = z.object({
  connected: z.boolean(),
  /** `test`: Stripe's test mode (its test cards, no money moves); from the keys. */
  mode: z.enum(['live', 'test']).nullable(),
  publishableKey: z.string().nullable(),
  /** The secret key's last four characters, to tell which key is stored; the key itself never leaves the server. */
  secretKeyEnding: z.string().nullable(),
  webhookSecretSet: z.boolean(),
  /** The previous webhook signing secret is still accepted until then (ISO time), while Stripe rolls it. */
  previousWebhookSecretUntil: z.string().nullable(),
  /** The account's name as Stripe gives it, read when the keys were saved. */
  accountName: z.string().nullable(),
  /** The address to give Stripe for the store's webhook endpoint. */
  webhookUrl: z.string(),
  /** The events that endpoint must be sent. */
  events: z.array(z.string()),
});
export type StripeConnection = z.infer<typeof stripeConnection>;

export const paymentSettingsAnswer = z.object({
  testMode: z.boolean(),
  /** Every manual method, in MANUAL_METHODS order, whether on or not. */
  manualMethods: z.array(manualMethodSetting),
  cancelUnpaidDays: z.number().int(),
  stripe: stripeConnection,
});
export type PaymentSettingsAnswer = z.infer<typeof paymentSettingsAnswer>;

export const orderNumberBody = z
  .object({
    nextNumber: z
      .number({ message: paymentsApi.numberWhole })
      .int({ message: paymentsApi.numberWhole })
      .min(1, { message: paymentsApi.numberWhole })
      .max(MAX_ORDER_NUMBER, { message: paymentsApi.numberTooHigh }),
  })
  .strict();
export const orderNumberAnswer = z.object({
  nextNumber: z.number().int(),
  /** One more than the highest order's number (1 before the first order). */
  lowest: z.number().int(),
});
export type OrderNumberAnswer = z.infer<typeof orderNumberAnswer>;
