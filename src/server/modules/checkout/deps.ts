/** What checkout's operations work with: the cart's (pool, catalogue and pricing in memory), the payment providers, the order-token secret and the hold function. */
import type { CartDeps } from '../cart';
import type { PaymentProviders } from '../payments';
import type { HoldStock } from './holds';

export type CheckoutDeps = CartDeps & {
  /** `app.payments`, asked when a placement needs it. */
  payments: () => PaymentProviders;
  /** The server's order-token secret (orders' `orderTokenSecret`), read once. */
  tokenSecret: () => Promise<string>;
  /** Transaction A's stock holds (./holds.ts takeStockHolds). */
  holdStock: HoldStock;
};

/** Remembers the first successful answer of `read` (a failed read is tried again next time). */
export function once<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= read().catch((err: unknown) => {
      kept = undefined;
      throw err;
    });
    return kept;
  };
}
