/**
 * The one path every tracked event takes: mirrored on the admin channel (seed 000 §6), logged to
 * the trace (seed 001 §7) and delivered — only where the page is tracked (site-context.ts: not for
 * signed-in team members other than viewers, nor on not-found, lock-screen and access-denied
 * pages). A failed delivery is logged and nothing else (seed 000 §7, §8: tracking failures never
 * reach the visitor).
 */
import { siteContext } from '../site-context';
import { mirror } from './broadcast';
import { trace } from './trace';

export const TRACKING_FAILED = 'Tracking failed';

/**
 * `deliver` sends the event; leave it out when it may not be sent here (an event that needs
 * identifiers without consent), and the event is only mirrored.
 */
export function emit(type: string, data: Record<string, unknown>, deliver?: () => Promise<unknown>): void {
  const ctx = siteContext();
  if (!ctx) return;
  if (ctx.adminAccess) mirror(type, data);
  if (!ctx.tracked || !deliver) return;
  trace(type, data);
  Promise.resolve()
    .then(deliver)
    .catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      console.warn(TRACKING_FAILED, type, message);
      trace('tracking_failure', { type, message });
    });
}
