/**
 * How much a fuzz file sends, and the seed that replays it. In `npm test` a file runs rounds (every
 * route or call once per round) until its share of about FUZZ_SECONDS (60) is spent, at least one
 * whole round, so it takes the same time on a slow machine as on a fast one and still reaches
 * every target; the seeds of a round follow from the file's seed alone. So the seed and count a
 * file prints replay its run exactly: `FUZZ_SEED=… FUZZ_ROUNDS=…` (or the file's own old seed
 * variable). With FULL=1 (`npm run bench`) it runs its full count of rounds.
 */

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
  return { more: (round) => round < minRounds || Date.now() < deadline, rule: `about ${Math.round(seconds)} s of rounds, at least ${minRounds}` };
}
