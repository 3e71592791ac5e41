/**
 * Work an app server does now and every so often beside its job worker (settling stuck images,
 * dropping abandoned carts): one run at a time, a failure logged and the next run tried, `stop`
 * waiting for a run under way. Every app server runs it; each run must be safe to run anywhere at once.
 */
export type Periodic = { stop(): Promise<void> };

export function startPeriodic(work: () => Promise<unknown>, opts: { everyMs: number; failed: (err: unknown) => void }): Periodic {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work()
      .then(() => undefined)
      .catch(opts.failed)
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, opts.everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
