/**
 * The bench's fuzz section: the generated-input tests at their full counts (FULL=1), where
 * `npm test` runs each for about a minute: about 50,000 requests to every route
 * (test/api-fuzz.test.ts), 10,000 to each measurement call (test/measurement-fuzz.test.ts) and
 * 10,000 form bodies (test/form-submissions-fuzz.test.ts). Prints each file's request counts,
 * statuses and wall time; any 5xx, SQL or stack in an answer fails the section.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const FILES = ['test/api-fuzz.test.ts', 'test/measurement-fuzz.test.ts', 'test/form-submissions-fuzz.test.ts'];

export async function fuzzBench(): Promise<void> {
  console.log('Generated bad input at full counts (FULL=1):');
  for (const file of FILES) {
    const started = Date.now();
    const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'integration', file], {
        cwd: ROOT,
        env: { ...process.env, FULL: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('exit', (exitCode) => resolve({ code: exitCode, out: text }));
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const lines = out
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((l) => /requests to|requests in \d+ rounds|form fuzz:|Tests:/.test(l));
    for (const line of lines) console.log(`  ${line.trim()}`);
    console.log(`  ${file}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
    if (code !== 0) throw new Error(`${file} failed at full counts:\n${out.slice(-4000)}`);
  }
}
