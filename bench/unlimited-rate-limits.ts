/**
 * Rate limits that never limit, for the form bench: a load from one address would otherwise
 * measure the 429 path.
 */
import type { RateLimitStore } from '../src/server/rate-limits/rate-limit';

export const unlimited: RateLimitStore = {
  hit: async () => ({ allowed: true, retryAfterMs: 0 }),
  forgive: async () => undefined,
  reset: async () => undefined,
  prune: async () => undefined,
  close: async () => undefined,
};
