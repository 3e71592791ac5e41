/**
 * A store's payment settings (Store → Payments): test mode, the manual methods with the
 * instructions a shopper is shown and emailed, and the days an unpaid manual order waits before it
 * cancels itself. One row a site; a site without one takes payment nowhere yet (./schema.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { PaymentSettingsBody } from '../../../contracts/payments';
import type { Db, Executor } from '../../../db/client';
import { DEFAULT_CANCEL_UNPAID_DAYS, MANUAL_METHODS } from '../../../domain/checkout/protocol';
import { logActivity } from '../sites';
import { paymentSettings, type ManualMethodSetting } from './schema';
import { isConnected } from './stripe-connection';

export type PaymentSettings = {
  testMode: boolean;
  manualMethods: ManualMethodSetting[];
  cancelUnpaidDays: number;
  /** Cards through Stripe, when the store connected it: its publishable key (./stripe-connection.ts). */
  stripe: { publishableKey: string } | null;
};

/** Every manual method in MANUAL_METHODS order: one the row does not name is off, with no instructions. */
function everyMethod(stored: readonly ManualMethodSetting[]): ManualMethodSetting[] {
  return MANUAL_METHODS.map((method) => stored.find((m) => m.method === method) ?? { method, enabled: false, instructions: '' });
}

/** The store's payment settings, every manual method listed whether on or not. */
export async function paymentSettingsOf(tx: Executor, websiteId: string): Promise<PaymentSettings> {
  const [row] = await tx.select().from(paymentSettings).where(eq(paymentSettings.websiteId, websiteId));
  return {
    testMode: row?.testMode ?? false,
    manualMethods: everyMethod(row?.manualMethods ?? []),
    cancelUnpaidDays: row?.cancelUnpaidDays ?? DEFAULT_CANCEL_UNPAID_DAYS,
    stripe: row && isConnected(row) ? { publishableKey: row.stripePublishableKey! } : null,
  };
}

/** Writes the settings whole; a method the body leaves out keeps what it had, turned off. */
export async function writePaymentSettings(tx: Executor, websiteId: string, body: PaymentSettingsBody): Promise<void> {
  const current = await paymentSettingsOf(tx, websiteId);
  const manualMethods = current.manualMethods.map((m) => body.manualMethods.find((b) => b.method === m.method) ?? { ...m, enabled: false });
  const values = { testMode: body.testMode, manualMethods, cancelUnpaidDays: body.cancelUnpaidDays };
  await tx
    .insert(paymentSettings)
    .values({ websiteId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.websiteId, set: values });
}

/**
 * A new store's settings: test mode as the server starts stores (on with the embedded database, off
 * with a managed one), no manual method yet. A store that has settings keeps them.
 */
export async function startStorePayments(tx: Executor, websiteId: string, opts: { testMode: boolean }): Promise<void> {
  await tx
    .insert(paymentSettings)
    .values({ websiteId, testMode: opts.testMode, manualMethods: sql`'[]'::jsonb`, cancelUnpaidDays: DEFAULT_CANCEL_UNPAID_DAYS })
    .onConflictDoNothing();
}

/** The owner's save: the settings written and the change in the activity log; answers the settings as they now are. */
export async function updatePaymentSettings(db: Db, websiteId: string, accountId: string, body: PaymentSettingsBody): Promise<PaymentSettings> {
  return db.transaction(async (tx) => {
    await writePaymentSettings(tx, websiteId, body);
    const saved = await paymentSettingsOf(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'payments.settings_updated', {
      testMode: saved.testMode,
      manualMethods: saved.manualMethods.filter((m) => m.enabled).map((m) => m.method),
      cancelUnpaidDays: saved.cancelUnpaidDays,
    });
    return saved;
  });
}
