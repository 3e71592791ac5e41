/** The store's payment settings as checkout needs them: which ways to pay it offers (test mode, the manual methods). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { PaymentChoice } from '../../../contracts/checkout';
import { DEFAULT_CANCEL_UNPAID_DAYS } from '../../../domain/checkout/protocol';
import { rowsOf } from './holds';

export type ManualMethodSetting = { method: string; enabled: boolean; instructions: string };
export type CheckoutPaymentSettings = { testMode: boolean; manualMethods: ManualMethodSetting[]; cancelUnpaidDays: number };

export async function paymentSettingsOf(ex: Executor, websiteId: string): Promise<CheckoutPaymentSettings> {
  const [row] = await rowsOf<CheckoutPaymentSettings>(
    ex,
    sql`SELECT test_mode AS "testMode", manual_methods AS "manualMethods", cancel_unpaid_days AS "cancelUnpaidDays" FROM payment_settings WHERE website_id = ${websiteId}`,
  );
  return row ?? { testMode: false, manualMethods: [], cancelUnpaidDays: DEFAULT_CANCEL_UNPAID_DAYS };
}

/** Whether the store offers this way to pay: the test provider in test mode only, a manual method when turned on. */
export function offered(settings: CheckoutPaymentSettings, choice: PaymentChoice): boolean {
  return choice.provider === 'test' ? settings.testMode : settings.manualMethods.some((m) => m.method === choice.method && m.enabled);
}

/** A manual method's instructions as the store words them now (copied onto the order). */
export function instructionsOf(settings: CheckoutPaymentSettings, choice: PaymentChoice): string | null {
  return choice.provider === 'manual' ? (settings.manualMethods.find((m) => m.method === choice.method)?.instructions ?? null) : null;
}
