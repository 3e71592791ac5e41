/**
 * The checkout's two sweeps, every minute on every app server (./CONTEXT.md step 5).
 * - **Reconcile**: an attempt still `held` or `authorizing` two minutes after it last moved
 *   lost its placement call. Its provider is asked by the payment's id, stored before the
 *   payment was confirmed. The attempt is then finalised, released, or its payment voided, so no
 *   charge stays without its order. A `held` attempt never reached its provider and is released.
 * - **Hold expiry**: an open attempt with a hold past its expiry is released at once when it is
 *   `held`. When it is `authorizing` or `requires_action`, its outcome is unknown: the provider is
 *   asked first, and the attempt is finalised, or voided and released.
 * A provider out of reach leaves the attempt for the next run, holds and all: an unknown outcome
 * waits for its answer. Each attempt is settled under its own lock, so sweeps on several servers
 * act once.
 */
import { checkoutApi } from '../../../messages/checkout-api';
import { startPeriodic, type Periodic } from '../../jobs/periodic';
import { expiredAttempts, staleAttempts, type Attempt } from './attempts';
import type { CheckoutDeps } from './deps';
import { asked, fail, providerOf, settle, voidPayment } from './operations/finalize';
import { PlaceRefusal } from './refusal';

export const HOLD_SWEEP_MS = 60_000;
/** How long an attempt may stay `held` or `authorizing` before the reconcile sweep asks its provider. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
const BATCH = 100;

export type SweepReport = { released: number; placed: number; unknown: number };

/** Where a stale attempt's payment leads: an order, the holds released, still on its detour (`waiting`), or not known yet. */
type Settled = 'placed' | 'released' | 'waiting' | 'unknown';

export async function sweepExpiredHolds(deps: CheckoutDeps, now = new Date()): Promise<SweepReport> {
  const report: SweepReport = { released: 0, placed: 0, unknown: 0 };
  for (const attempt of await expiredAttempts(deps.db, now, BATCH)) {
    report[await settleExpired(deps, attempt)]++;
  }
  return report;
}

export async function reconcileAttempts(deps: CheckoutDeps, now = new Date()): Promise<SweepReport> {
  const report: SweepReport = { released: 0, placed: 0, unknown: 0 };
  for (const attempt of await staleAttempts(deps.db, new Date(now.getTime() - RECONCILE_AFTER_MS), BATCH)) {
    const settled = await settleStale(deps, attempt);
    if (settled !== 'waiting') report[settled]++;
  }
  return report;
}

async function settleExpired(deps: CheckoutDeps, attempt: Attempt): Promise<keyof SweepReport> {
  const settled = await settleStale(deps, attempt);
  if (settled !== 'waiting') return settled;
  // Still on its detour past the holds' time: the payment is voided and the stock given back.
  try {
    await voidPayment(deps, attempt);
  } catch (err) {
    if (err instanceof PlaceRefusal && err.reason === 'providerUnavailable') return 'unknown';
    throw err;
  }
  await fail(deps, attempt, checkoutApi.unknownAttempt);
  return 'released';
}

/** The attempt's payment as its provider holds it now, and where that leads. */
async function settleStale(deps: CheckoutDeps, attempt: Attempt): Promise<Settled> {
  if (attempt.state === 'held' || attempt.providerPaymentId === null) {
    // Only while still held: an attempt that went on to its provider meanwhile is asked about next run.
    await fail(deps, attempt, checkoutApi.unknownAttempt, ['held']);
    return 'released';
  }
  const id = attempt.providerPaymentId;
  try {
    const provider = await providerOf(deps, attempt);
    const held = await asked(() => provider.retrieve(id));
    if (held.status === 'pending' && attempt.provider !== 'manual') {
      // Made and never confirmed: the placement stopped in between. Voided, so it cannot be confirmed later.
      await voidPayment(deps, attempt);
      await fail(deps, attempt, checkoutApi.unknownAttempt);
      return 'released';
    }
    const answer = await settle(deps, attempt, held);
    return answer.state === 'placed' ? 'placed' : 'waiting';
  } catch (err) {
    if (err instanceof PlaceRefusal) return err.reason === 'providerUnavailable' ? 'unknown' : 'released';
    throw err;
  }
}

/** Both sweeps, one after the other, every HOLD_SWEEP_MS. */
export function startCheckoutSweeps(deps: CheckoutDeps, log: (line: string) => void): Periodic {
  return startPeriodic(
    async () => {
      await reconcileAttempts(deps);
      await sweepExpiredHolds(deps);
    },
    {
      everyMs: HOLD_SWEEP_MS,
      failed: (err) => log(`checkout sweep failed: ${err instanceof Error ? err.message : String(err)}`),
    },
  );
}
