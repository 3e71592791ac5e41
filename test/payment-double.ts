/**
 * A payment provider in memory for the checkout tests, answering as the test payment service does:
 * the card chooses the outcome, every call keyed by the attempt, so a repeat is answered again and
 * acts once. Its ledger counts charges (authorisations) by attempt key.
 */
import type { FastifyInstance } from 'fastify';
import { ProviderUnavailable, type PaymentOutcome, type PaymentProvider, type PaymentProviders } from '../src/server/modules/payments/provider';

type Payment = { id: string; attemptKey: string; amountCents: number; currency: string; status: PaymentOutcome['status']; card?: string };

export const CARDS = {
  succeed: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  requiresAction: '4000 0025 0000 3155',
  timeoutAfterSuccess: '4999 9900 0000 0031',
} as const;

export function paymentDouble() {
  const payments = new Map<string, Payment>();
  const byKey = new Map<string, string>();
  const dropped = new Set<string>();
  let next = 0;
  const outcomeOf = (p: Payment): PaymentOutcome & { amountCents: number; currency: string; attemptKey: string } => {
    const base = { paymentId: p.id, amountCents: p.amountCents, currency: p.currency, attemptKey: p.attemptKey };
    if (p.status === 'declined') return { ...base, status: 'declined', message: 'Your card was declined.' };
    if (p.status === 'requires_action') return { ...base, status: 'requires_action', actionUrl: `https://pay.test/action/${p.id}` };
    return { ...base, status: p.status } as PaymentOutcome & { amountCents: number; currency: string; attemptKey: string };
  };
  const provider = (id: 'test' | 'manual'): PaymentProvider => ({
    id,
    async initiate(input) {
      const known = byKey.get(input.attemptKey);
      if (known) return { paymentId: known };
      const paymentId = `pi_${++next}`;
      payments.set(paymentId, { id: paymentId, attemptKey: input.attemptKey, amountCents: input.amountCents, currency: input.currency, status: 'pending' });
      byKey.set(input.attemptKey, paymentId);
      return { paymentId };
    },
    async authorize(input) {
      const p = payments.get(input.paymentId)!;
      if (p.card === undefined) {
        p.card = input.method.replace(/\s/g, '');
        if (id === 'manual') p.status = 'pending';
        else if (p.card === CARDS.decline.replace(/\s/g, '')) p.status = 'declined';
        else if (p.card === CARDS.requiresAction.replace(/\s/g, '')) p.status = 'requires_action';
        else p.status = 'authorized';
        if (p.card === CARDS.timeoutAfterSuccess.replace(/\s/g, '') && !dropped.has(p.id)) {
          dropped.add(p.id);
          throw new ProviderUnavailable('the answer was lost');
        }
      }
      return outcomeOf(p);
    },
    async capture(input) {
      const p = payments.get(input.paymentId)!;
      if (p.status === 'authorized') p.status = 'captured';
      return outcomeOf(p);
    },
    async cancel(input) {
      const p = payments.get(input.paymentId)!;
      if (p.status !== 'captured') p.status = 'canceled';
      return outcomeOf(p);
    },
    async refund(input) {
      return { refundId: `re_${input.refundKey}`, amountCents: input.amountCents };
    },
    async retrieve(paymentId) {
      return outcomeOf(payments.get(paymentId)!);
    },
    parseWebhook: () => null,
  });
  const providers: PaymentProviders = { provider: async (_websiteId, id) => provider(id) };
  return {
    providers,
    /** The shopper completes the detour at the provider. */
    completeAction(paymentId: string) {
      payments.get(paymentId)!.status = 'authorized';
    },
    /** Charges (authorised or captured payments) the provider holds. */
    charges: () => [...payments.values()].filter((p) => p.status === 'authorized' || p.status === 'captured'),
    payment: (paymentId: string) => payments.get(paymentId),
    install(app: FastifyInstance) {
      app.decorate('payments', providers);
    },
  };
}
