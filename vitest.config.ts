/**
 * One Vitest run, five projects in three groups, run one group after another:
 * 1. `unit`: tests beside the code, no database, in parallel;
 * 2. `integration` (the app on a real PostgreSQL: a fresh database per file, copied from a migrated
 *    template) and `e2e` (Debian's Chromium against the app server `npm start` runs: one server and
 *    one browser per worker, a site per file), their files side by side on the same workers, and
 *    beside them `own-process` (integration files that each need a fresh process);
 * 3. `serial`: the integration files that must have the machine to themselves, one at a time.
 * In a group, the own-process files start first (test/sequencer.ts), then Vitest's order. The
 * database projects share one embedded PostgreSQL (test/global-setup.ts). `npm test`
 * (scripts/test.ts) runs the unit group alone first, so a failure there stops the run in seconds.
 * The summary reporter prints 'N passed, N failed'.
 */
import { defineConfig } from 'vitest/config';
import OwnProcessFirst, { OWN_PROCESS_PROJECT } from './test/sequencer';

/** Workers of the database group: its files often wait (on PostgreSQL, a browser, a timer), so twice the cores. */
const DATABASE_WORKERS = 4;

/**
 * Files share each worker's loaded modules (for the database projects, the server's are the bulk
 * of a file's start): a file leaves no state behind (globals and environment variables it
 * replaced are put back, every app and pool closed), and none replaces a module with vi.mock.
 */
const SHARED_MODULES = { isolate: false } as const;

/**
 * Integration files that need the machine alone: each measures timing that other work running
 * beside it would upset (commits grouped under load, a limit on requests in flight), or starts
 * servers of its own with fixed expectations of the time they take.
 */
export const SERIAL = ['test/group-commit.test.ts', 'test/parallel-limits.test.ts'];

/**
 * Integration files that measure their process's own memory: each gets a fresh process. A forced
 * collection there walks only what the file loaded, where in a shared worker it walks every module
 * and browser client the worker holds, about a second each time.
 */
export const OWN_PROCESS = ['test/blob-stores.test.ts'];

/** What the integration files need: the shared PostgreSQL, the test secrets, fixed property-test seeds, and time for a busy machine. */
const DATABASE_FILES = {
  globalSetup: ['./test/global-setup.ts'],
  setupFiles: ['./test/setup-secrets.ts', './test/setup-fast-check.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    sequence: { sequencer: OwnProcessFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/db/embedded.test.ts'],
          environment: 'node',
          setupFiles: ['./test/setup-secrets.ts', './test/setup-fast-check.ts'],
          ...SHARED_MODULES,
          // Vitest's default (a core less than the machine's) would leave one of two cores idle.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'src/db/embedded.test.ts'],
          exclude: [...SERIAL, ...OWN_PROCESS],
          ...SHARED_MODULES,
          ...DATABASE_FILES,
          maxWorkers: DATABASE_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: OWN_PROCESS_PROJECT,
          include: OWN_PROCESS,
          ...DATABASE_FILES,
          // Vitest asks the same of every project in a group; each file still gets its own process.
          maxWorkers: DATABASE_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          ...SHARED_MODULES,
          globalSetup: ['./test/global-setup.ts', './e2e/global-setup.ts'],
          setupFiles: ['./e2e/localhost-names.ts'],
          // A fact polled for (a request sent, a row stored) gets 10 s, not Vitest's 1 s: a busy machine is slow, not wrong.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: DATABASE_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'serial',
          include: SERIAL,
          ...DATABASE_FILES,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
