/**
 * How much a fuzz file sends, and the seed that replays it. In `npm test` a file runs rounds (every
 * route or call once per round) until its share of about FUZZ_SECONDS (60) is spent, at least one
 * whole round, so it takes the same time on a slow machine as on a fast one and still reaches
 * every target; the seeds of a round follow from the file's seed alone. So the seed and count a
 * file prints replay its run exactly: `FUZZ_SEED=… FUZZ_ROUNDS=…` (or the file's own old seed
 * variable). With FULL=1 (`npm run bench`) it runs its full count of rounds.
 *
 * Its minute is the machine's spare time: while a time-budgeted target runs, the thread sending its
 * bodies runs YIELDING nice-levels lower (`yieldWhileFuzzing`), so in `npm test`, where the other
 * files keep both cores busy, the rounds fill what they leave rather than slow them, and on an idle
 * machine they run as fast as before. The minimum rounds still run, whatever the load.
 */
import { getPriority, setPriority } from 'node:os';
import { onTestFinished } from 'vitest';

/** How many nice-levels below its own a time-budgeted fuzz target's thread runs. */
const YIELDING = 10;

/** The file's seed: the variable given, else the time. */
export function fuzzSeed(variable = 'FUZZ_SEED'): number {
  return Number(process.env[variable] ?? process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
}

export type FuzzRounds = {
  /** Whether to start round `round` (counting from 0). */
  more(round: number): boolean;
  /** For the log and the test's name: how the rounds are chosen. */
  readonly rule: string;
};

/**
 * The rounds a fuzz target gets: FUZZ_ROUNDS when set, `fullRounds` with FULL=1, else as many as
 * fit in `share` of FUZZ_SECONDS from now (a file with several targets gives each a share), and at
 * least `minRounds`, the count the file's statistical checks need to hold on any machine.
 */
export function fuzzRounds(fullRounds: number, opts: { share?: number; minRounds?: number } = {}): FuzzRounds {
  const { share = 1, minRounds = 1 } = opts;
  const fixed = process.env.FUZZ_ROUNDS ?? (process.env.FULL === '1' ? String(fullRounds) : undefined);
  if (fixed !== undefined) {
    const rounds = Number(fixed);
    return { more: (round) => round < rounds, rule: `${rounds} rounds` };
  }
  const seconds = Number(process.env.FUZZ_SECONDS ?? 60) * share;
  const deadline = Date.now() + seconds * 1000;
  const restore = yieldWhileFuzzing();
  return {
    more: (round) => {
      const more = round < minRounds || Date.now() < deadline;
      if (!more) restore();
      return more;
    },
    rule: `about ${Math.round(seconds)} s of the machine's spare time in rounds, at least ${minRounds}`,
  };
}

/**
 * Lowers the calling thread's priority until the answered function is called or the test ends.
 * Only where the thread may take its priority back (root; elsewhere raising it is refused): the
 * test worker runs other files after this one, and they must not inherit a lowered priority.
 */
function yieldWhileFuzzing(): () => void {
  if (process.getuid?.() !== 0) return () => undefined;
  const own = getPriority();
  setPriority(Math.min(19, own + YIELDING));
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    setPriority(own);
  };
  onTestFinished(restore);
  return restore;
}
