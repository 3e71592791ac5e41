/**
 * Carts a visitor left: a visitor's cart (no account) unchanged for as long as its cookie lives is
 * one nobody can reach again, so it is dropped with its lines, a batch at a time. A customer's cart
 * stays with their account; a purchased one is the checkout's to keep.
 */
import type pg from 'pg';
import { CART_COOKIE_MAX_AGE_SECONDS } from '../../../domain/cart-summary';
import { startPeriodic, type Periodic } from '../../jobs/periodic';

export const ABANDONED_SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 1000;

const DROP_SQL = `
DELETE FROM carts WHERE (website_id, id) IN (
  SELECT website_id, id FROM carts
  WHERE site_user_id IS NULL AND purchased_at IS NULL AND updated_at < now() - make_interval(secs => $1)
  LIMIT ${BATCH}
)`;

/** Drops the visitors' carts idle past the cookie's lifetime; answers how many. */
export async function dropAbandonedCarts(pool: pg.Pool, idleSeconds: number = CART_COOKIE_MAX_AGE_SECONDS): Promise<number> {
  let dropped = 0;
  for (;;) {
    const { rowCount } = await pool.query({ name: 'openpress_drop_abandoned_carts', text: DROP_SQL, values: [idleSeconds] });
    dropped += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return dropped;
  }
}

/** Runs the sweep now and every hour (main.ts, beside the job worker). */
export function startAbandonedCartSweep(pool: pg.Pool, log: (line: string) => void): Periodic {
  return startPeriodic(() => dropAbandonedCarts(pool), {
    everyMs: ABANDONED_SWEEP_EVERY_MS,
    failed: (err) => log(`dropping abandoned carts failed: ${err instanceof Error ? err.message : String(err)}`),
  });
}
