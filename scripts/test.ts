/**
 * `npm test`: the whole suite, and on a fresh machine the set-up it needs.
 *
 * 1. The Debian packages the tests use that npm does not install (Chromium for the end-to-end
 *    tests, redis-server for the Redis rate-limit tests, Java for the HTML checker, the Liberation
 *    fonts for the font swap test): installed with apt-get when missing and
 *    running as root, else the run stops at once with the one command to run.
 * 2. The checks, side by side: typecheck (incremental), lint (cached), the dependency rules, the
 *    formatting, and the build (browser chunks and the server bundle, made once for every test);
 *    all but lint at a lower priority (`critical` below).
 * 3. The unit tests, alone, so a failure there ends the run in seconds.
 * 4. The database tests: integration and end-to-end files side by side, then the serial group
 *    (vitest.config.ts).
 *
 * It ends with the line CI reads: 'Tests: N passed, N failed'.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { projectPath } from '../src/db/project-root';

const BIN = projectPath('node_modules/.bin');
const CACHE = projectPath('node_modules/.cache/openpress');

/** Debian packages the tests need, by the program each provides. */
const PACKAGES = [
  { program: '/usr/bin/chromium', name: 'chromium', for: 'the benchmarks and trying the product' },
  { program: '/usr/lib/chromium/chromium-headless-shell', name: 'chromium-headless-shell', for: 'the end-to-end tests' },
  { program: '/usr/bin/redis-server', name: 'redis-server', for: 'the Redis rate-limit tests' },
  { program: '/usr/bin/java', name: 'default-jre-headless', for: 'the HTML checker' },
  // Arial's, Times New Roman's and Courier New's metric twins, as visitors' machines have them: the
  // fonts' fallback faces are sized against them (the layout-shift test of the font swap).
  { program: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', name: 'fonts-liberation', for: 'the font swap test' },
];

function systemPackages(): void {
  const missing = PACKAGES.filter((p) => !existsSync(p.program));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  const command = `apt-get install -y --no-install-recommends ${names.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(
      `The tests need Debian's ${missing.map((p) => `${p.name} (${p.for})`).join(' and ')}. Install ${names.length === 1 ? 'it' : 'them'} with:\n\n  sudo ${command}\n`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${names.join(' and ')} for the tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...names]]) {
    const done = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (done.status !== 0) {
      console.error(`\`apt-get ${args.join(' ')}\` failed: install ${names.join(' and ')} yourself (${command}), then run npm test again.`);
      process.exit(1);
    }
  }
}

/**
 * `critical`: the check that ends last when all share the machine. Lint is one thread for about 45
 * of the checks' 125 CPU-seconds; the others (the typecheck's threads, the build) yield to it (run
 * at a lower priority), so it keeps a core and the checks end 5–10 s sooner on two cores.
 */
type Step = { name: string; command: string; args: string[]; critical?: boolean };

/** How far below the run's priority the checks other than the critical one run (nice). */
const YIELDING = 10;

const CHECKS: Step[] = [
  {
    name: 'typecheck',
    // TypeScript 7, the native compiler: the same checks in a fifth of the time. TypeScript 5
    // stays for the tools that load its JavaScript API (typescript-eslint).
    command: projectPath('node_modules/typescript-native/bin/tsc'),
    args: ['-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', `${CACHE}/tsconfig.tsbuildinfo`],
  },
  { name: 'lint', command: `${BIN}/eslint`, args: ['--cache', '--cache-location', `${CACHE}/eslint/`, '.'], critical: true },
  { name: 'dependency rules', command: `${BIN}/depcruise`, args: ['src', 'test', 'e2e', 'bench', 'scripts', '--config', '.dependency-cruiser.mjs'] },
  { name: 'formatting', command: `${BIN}/biome`, args: ['format', '.'] },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
];

/** Lowers a check's priority; one that has already ended, or a system that refuses, leaves it as it is. */
function yieldPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, Math.min(19, getPriority() + YIELDING));
  } catch {
    // Only the checks' order of finishing depends on it.
  }
}

/** Runs a step with its output kept, answering whether it passed. */
function run(step: Step): Promise<{ step: Step; ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: projectPath(), env: process.env });
    if (!step.critical) yieldPriority(child.pid);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code) => resolve({ step, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

async function checks(): Promise<boolean> {
  const started = Date.now();
  const results = await Promise.all(
    CHECKS.map(async (step) => {
      const result = await run(step);
      console.log(`${result.ok ? '✓' : '✗'} ${step.name} (${result.seconds.toFixed(1)} s)`);
      return result;
    }),
  );
  for (const failed of results.filter((r) => !r.ok)) console.error(`\n--- ${failed.step.name} failed ---\n${failed.output}`);
  console.log(`Checks took ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  return results.every((r) => r.ok);
}

/** Runs Vitest on the projects named, its output as it comes; answers whether every test passed. */
function vitest(projects: string[], summaryFile: string): boolean {
  const args = ['run', ...projects.flatMap((p) => ['--project', p])];
  const done = spawnSync(`${BIN}/vitest`, args, { cwd: projectPath(), stdio: 'inherit', env: { ...process.env, TEST_SUMMARY_FILE: summaryFile } });
  return done.status === 0;
}

async function main(): Promise<number> {
  systemPackages();
  mkdirSync(CACHE, { recursive: true });
  if (!(await checks())) return 1;
  const summaryFile = path.join(CACHE, `summary-${process.pid}.jsonl`);
  rmSync(summaryFile, { force: true });
  let ok = vitest(['unit'], summaryFile);
  if (ok) ok = vitest(['integration', 'own-process', 'e2e', 'serial'], summaryFile);
  const totals = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(summaryFile)) {
    for (const line of readFileSync(summaryFile, 'utf8').split('\n').filter(Boolean)) {
      const counts = JSON.parse(line) as typeof totals;
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
    }
    rmSync(summaryFile, { force: true });
  }
  // A run that failed with no test failing (a global setup that threw) is a failure all the same.
  if (!ok && totals.failed === 0) totals.failed = 1;
  process.stdout.write(`\nTests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
  return ok ? 0 : 1;
}

process.exit(await main());
