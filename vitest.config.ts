/**
 * One Vitest run, three projects: unit tests beside the code, integration tests against a real
 * PostgreSQL (a fresh database per file, copied from a migrated template), and end-to-end tests
 * in Debian's Chromium against real servers. The summary reporter prints 'N passed, N failed'.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/db/embedded.test.ts'],
          environment: 'node',
          setupFiles: ['./test/setup-secrets.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'src/db/embedded.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/setup-secrets.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
