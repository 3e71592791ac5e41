/**
 * Prints the closing line CI reads: 'N passed, N failed' (and skipped, when any). Under `npm test`,
 * which runs Vitest more than once (scripts/test.ts), each run adds its counts to TEST_SUMMARY_FILE
 * instead, and the test command prints the one line for them all.
 */
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) appendFileSync(file, `${JSON.stringify({ passed, failed, skipped })}\n`);
    else process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
