/**
 * The `manual` provider: bank transfer, cash on delivery, pay at pickup. No outside call: the
 * shopper is told how to pay, and the payment stays pending until the owner marks the order paid.
 * Its state is our own `payments` row once the order exists; before that, the payment id itself
 * says what it is for (`manual:{currency}:{amount}:{attempt key}`), so initiating twice gives the
 * same payment and `retrieve` answers without any table of its own.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MANUAL_METHODS } from '../../../domain/checkout/protocol';
import { testPayments } from '../../../messages/test-payments';
import type { Db } from '../../../db/client';
import type { PaymentOutcome, PaymentProvider } from './provider';
import { payments } from './schema';
import { ProviderRefused } from './refused';

const PREFIX = 'manual';

export const manualPaymentId = (attemptKey: string, amountCents: number, currency: string) =>
  `${PREFIX}:${currency.toUpperCase()}:${amountCents}:${attemptKey}`;

function parse(paymentId: string): { amountCents: number; currency: string; attemptKey: string } {
  const [prefix, currency, amount, attemptKey] = paymentId.split(':');
  const amountCents = Number(amount);
  if (prefix !== PREFIX || !currency || !attemptKey || !Number.isInteger(amountCents))
    throw new ProviderRefused(`No such manual payment: ${paymentId}`, 'resource_missing');
  return { amountCents, currency, attemptKey };
}

export function manualProvider(opts: { db: Db; websiteId: string }): PaymentProvider {
  const row = (paymentId: string) => and(eq(payments.websiteId, opts.websiteId), eq(payments.provider, 'manual'), eq(payments.providerPaymentId, paymentId));

  const stateOf = async (paymentId: string): Promise<PaymentOutcome> => {
    const [found] = await opts.db.select({ status: payments.status }).from(payments).where(row(paymentId)).limit(1);
    const { amountCents, currency } = parse(paymentId);
    if (found?.status === 'captured' || found?.status === 'refunded') return { status: 'captured', paymentId, amountCents, currency };
    if (found?.status === 'voided') return { status: 'canceled', paymentId };
    return { status: 'pending', paymentId };
  };

  return {
    id: 'manual',
    initiate: async ({ attemptKey, amountCents, currency }) => ({ paymentId: manualPaymentId(attemptKey, amountCents, currency) }),
    async authorize({ paymentId, method }) {
      parse(paymentId);
      if (!(MANUAL_METHODS as readonly string[]).includes(method)) throw new ProviderRefused(`Not a manual method: ${method}`, 'parameter_invalid');
      return { status: 'pending', paymentId };
    },
    /** Nothing to take: the owner marks the order paid when the money arrives. */
    capture: ({ paymentId }) => stateOf(paymentId),
    async cancel({ paymentId }) {
      parse(paymentId);
      await opts.db
        .update(payments)
        .set({ status: 'voided' })
        .where(and(row(paymentId), sql`${payments.status} = 'pending'`));
      return stateOf(paymentId).then((state) => (state.status === 'pending' ? { status: 'canceled', paymentId } : state));
    },
    refund: async () => {
      throw new ProviderRefused(testPayments.manualRefund, 'manual_refund');
    },
    async retrieve(paymentId) {
      const { amountCents, currency, attemptKey } = parse(paymentId);
      return { ...(await stateOf(paymentId)), amountCents, currency, attemptKey };
    },
    // A manual payment has no provider to send webhooks.
    parseWebhook: () => null,
  };
}
