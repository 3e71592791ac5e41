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

export const paymentSettingsAnswer = z.object({
  testMode: z.boolean(),
  /** Every manual method, in MANUAL_METHODS order, whether on or not. */
  manualMethods: z.array(manualMethodSetting),
  cancelUnpaidDays: z.number().int(),
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
