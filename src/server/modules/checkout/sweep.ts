/**
 * The hold-expiry sweep (./CONTEXT.md step 5), every minute on every app server: an open attempt
 * with a hold past its expiry is released at once when it is `held` (no provider was asked); when
 * it is `authorizing` or `requires_action` its outcome is unknown, so the provider is asked first
 * and the attempt finalised or released by the answer. A provider out of reach leaves it for the
 * next run. Each attempt is settled under its own lock, so sweeps on several servers act once.
 */
import { checkoutApi } from '../../../messages/checkout-api';
import { startPeriodic, type Periodic } from '../../jobs/periodic';
import { expiredAttempts, providerAttemptKey, type Attempt } from './attempts';
import type { CheckoutDeps } from './deps';
import { settleFromProvider } from './operations/carry-on';
import { asked, fail, providerOf } from './operations/finalize';
import { PlaceRefusal } from './refusal';

export const HOLD_SWEEP_MS = 60_000;
const BATCH = 100;

export type SweepReport = { released: number; placed: number; unknown: number };

export async function sweepExpiredHolds(deps: CheckoutDeps, now = new Date()): Promise<SweepReport> {
  const report: SweepReport = { released: 0, placed: 0, unknown: 0 };
  for (const attempt of await expiredAttempts(deps.db, now, BATCH)) {
    report[await settleExpired(deps, attempt)]++;
  }
  return report;
}

async function settleExpired(deps: CheckoutDeps, attempt: Attempt): Promise<keyof SweepReport> {
  if (attempt.state === 'held' || attempt.providerPaymentId === null) {
    // Only while still held: an attempt that went on to its provider meanwhile is asked about next run.
    await fail(deps, attempt, checkoutApi.unknownAttempt, ['held']);
    return 'released';
  }
  try {
    const answer = await settleFromProvider(deps, attempt);
    if (answer.state === 'placed') return 'placed';
    // Still on its detour past the holds' time: the payment is voided and the stock given back.
    const provider = await providerOf(deps, attempt);
    const paymentId = attempt.providerPaymentId;
    await asked(() => provider.cancel({ attemptKey: providerAttemptKey(attempt), paymentId }));
    await fail(deps, attempt, checkoutApi.unknownAttempt);
    return 'released';
  } catch (err) {
    if (err instanceof PlaceRefusal) return err.reason === 'providerUnavailable' ? 'unknown' : 'released';
    throw err;
  }
}

export function startHoldSweep(deps: CheckoutDeps, log: (line: string) => void): Periodic {
  return startPeriodic(() => sweepExpiredHolds(deps), {
    everyMs: HOLD_SWEEP_MS,
    failed: (err) => log(`hold sweep failed: ${err instanceof Error ? err.message : String(err)}`),
  });
}
