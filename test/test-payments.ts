/**
 * One test payment service for a whole test run (every database project's global setup takes it,
 * the last to finish stops it), its ledger in a temp dir thrown away after the run. Integration
 * files reach it with `testPaymentsUrl()` (and give it to buildApp's `payments`); servers the tests
 * spawn find it in TEST_PAYMENTS_URL, so none starts a service of its own. Each site's test-mode key
 * opens an account of its own, so files never see each other's payments.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startTestPayments } from '../src/server/test-payments/process';

declare module 'vitest' {
  export interface ProvidedContext {
    testPaymentsUrl: string;
  }
}

type Shared = { started: Promise<{ url: string; stop(): Promise<void> }>; users: number };
const KEY = Symbol.for('openpress.test.payments');
const holder = globalThis as { [KEY]?: Shared };

async function start() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-test-payments-'));
  const service = await startTestPayments({ dataDir });
  return {
    url: service.url,
    async stop() {
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's service (started by the first caller), and a release for the caller's teardown. */
export async function sharedTestPayments(): Promise<{ url: string; release(): Promise<void> }> {
  const shared = (holder[KEY] ??= { started: start(), users: 0 });
  shared.users += 1;
  const { url, stop } = await shared.started;
  return {
    url,
    async release() {
      shared.users -= 1;
      if (shared.users > 0) return;
      holder[KEY] = undefined;
      await stop();
    },
  };
}

/** The run's test payment service, in a test file. */
export const testPaymentsUrl = () => inject('testPaymentsUrl');
