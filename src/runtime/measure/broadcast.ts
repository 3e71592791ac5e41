/**
 * Seed 000 §6: on a page opened with admin access, every tracked event is also posted on a
 * BroadcastChannel, so another tab of the same site (a tracking inspector) can watch them. Admins
 * are signed-in team members, whose pages are not tracked: the channel shows what would be sent.
 */
export const TRACKING_CHANNEL = 'openpress-tracking';

export type MirroredEvent = { type: string; data: Record<string, unknown>; timestamp: number };

let channel: BroadcastChannel | undefined;

export function mirror(type: string, data: Record<string, unknown>): void {
  try {
    channel ??= new BroadcastChannel(TRACKING_CHANNEL);
    channel.postMessage({ type, data, timestamp: Date.now() } satisfies MirroredEvent);
  } catch {
    // No BroadcastChannel, or data that cannot be cloned: the mirror is a convenience.
  }
}
