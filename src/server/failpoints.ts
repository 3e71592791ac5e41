/**
 * Failpoints: named places in the placement protocol where a test may have the app die at once, as
 * a kill -9 would, to prove that recovery leaves no charge without its order and no stock lost
 * (test/checkout-crash.test.ts runs the app as a child process for this). Inert unless the process
 * was started with OPENPRESS_FAILPOINT naming the point: no operator sets it.
 */
export const FAILPOINTS = ['after-holds', 'after-provider-success', 'before-order-commit', 'after-commit-before-capture'] as const;
export type Failpoint = (typeof FAILPOINTS)[number];

export const FAILPOINT_ENV = 'OPENPRESS_FAILPOINT';

/** Kills this process on the spot when it was started to die here. */
export function failpoint(name: Failpoint): void {
  if (process.env[FAILPOINT_ENV] === name) process.kill(process.pid, 'SIGKILL');
}
