/** The checkout module's face: what the platform, the routes, the tests and the bench may use. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { cartDeps } from '../cart';
import { orderTokenSecret } from '../orders';
import { once, type CheckoutDeps } from './deps';
import { takeStockHolds, type HoldStock } from './holds';

export type { CheckoutDeps } from './deps';
export { placeOrder } from './operations/place-order';
export { finishDetour } from './operations/carry-on';
export { finalize, settle } from './operations/finalize';
export { PlaceRefusal } from './refusal';
export { DOWNLOAD_LINK_DAYS, downloadLink, downloadLinks, downloadTokens, openDownload, type OpenedDownload } from './downloads';
export { takeStockHolds, takeCouponHolds, releaseHolds, type HoldStock, type StockHoldInput, type StockHoldOutcome } from './holds';
export { reconcileAttempts, sweepExpiredHolds, startCheckoutSweeps, HOLD_SWEEP_MS, RECONCILE_AFTER_MS } from './sweep';
export {
  actOnPayment,
  paymentEventHandler,
  pruneProviderEvents,
  receiveWebhook,
  PAYMENT_EVENT_JOB,
  PROVIDER_EVENT_DAYS,
  type PaymentEventPayload,
  type WebhookReceipt,
} from './webhooks';

/** Checkout's dependencies as the app holds them; `holdStock` replaced only by the race tests' naive version. */
export function checkoutDeps(app: FastifyInstance, database: Pick<Database, 'db' | 'pool'>, holdStock: HoldStock = takeStockHolds): CheckoutDeps {
  return {
    ...cartDeps(app, database),
    payments: () => app.payments,
    tokenSecret: once(() => orderTokenSecret(database.db)),
    holdStock,
  };
}
