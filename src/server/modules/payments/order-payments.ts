/**
 * An order's payment row as the order changes: an offline payment taken (the owner marked the
 * order paid), one no longer awaited (the order cancelled), an authorisation voided at its
 * provider, some or all of it refunded. Each change but a refund is conditional on the status it
 * leaves, so a repeat changes nothing (a refund is counted once by its caller, under its key).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { PaymentProviderId } from '../../../domain/checkout/protocol';
import { payments } from './schema';

const ofOrder = (websiteId: string, orderId: string) => and(eq(payments.websiteId, websiteId), eq(payments.orderId, orderId));

/** The order's awaited offline payment (pending) is captured: the money came. */
export async function capturePendingPayment(tx: Executor, websiteId: string, orderId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'captured', capturedAt: sql`now()` })
    .where(and(ofOrder(websiteId, orderId), eq(payments.status, 'pending')));
}

/** The order's awaited offline payment (pending) is voided: the order was cancelled before it came. */
export async function voidPendingPayment(tx: Executor, websiteId: string, orderId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'voided' })
    .where(and(ofOrder(websiteId, orderId), eq(payments.status, 'pending')));
}

export type AuthorizedPayment = { id: string; provider: PaymentProviderId; providerPaymentId: string };

/** The order's payment authorised at its provider and not captured, if it has one. */
export async function authorizedPaymentOf(tx: Executor, websiteId: string, orderId: string): Promise<AuthorizedPayment | undefined> {
  const [row] = await tx
    .select({ id: payments.id, provider: payments.provider, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(and(ofOrder(websiteId, orderId), eq(payments.status, 'authorized')));
  return row ? { ...row, provider: row.provider as PaymentProviderId } : undefined;
}

/** The authorisation was voided at its provider; answers whether this call recorded it. */
export async function recordPaymentVoided(tx: Executor, websiteId: string, paymentId: string): Promise<boolean> {
  const changed = await tx
    .update(payments)
    .set({ status: 'voided' })
    .where(and(eq(payments.websiteId, websiteId), eq(payments.id, paymentId), eq(payments.status, 'authorized')))
    .returning({ id: payments.id });
  return changed.length > 0;
}

export type OrderPayment = { id: string; provider: PaymentProviderId; providerPaymentId: string; status: string };

/** The order's payment (its newest row, should it ever have more than one). */
export async function orderPaymentOf(tx: Executor, websiteId: string, orderId: string): Promise<OrderPayment | undefined> {
  const [row] = await tx
    .select({ id: payments.id, provider: payments.provider, providerPaymentId: payments.providerPaymentId, status: payments.status })
    .from(payments)
    .where(ofOrder(websiteId, orderId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ? { ...row, provider: row.provider as PaymentProviderId } : undefined;
}

/** Some of a captured payment was given back: counted, and the payment `refunded` once all of it is. */
export async function recordPaymentRefunded(tx: Executor, websiteId: string, paymentId: string, amountCents: number): Promise<void> {
  await tx
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} + ${amountCents}`,
      status: sql`CASE WHEN ${payments.refundedCents} + ${amountCents} >= ${payments.amountCents} THEN 'refunded' ELSE ${payments.status} END`,
    })
    .where(and(eq(payments.websiteId, websiteId), eq(payments.id, paymentId), inArray(payments.status, ['captured', 'refunded'])));
}
