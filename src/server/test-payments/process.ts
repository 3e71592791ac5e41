/**
 * Starting the test payment service beside the app, or adopting the one already running (as the
 * embedded database is adopted, src/db/embedded.ts): the service is a detached process in a session
 * of its own, so a Ctrl-C or a kill -9 of the app leaves it and its ledger untouched; the next start
 * finds it through its pid and port files in DATA_DIR/test-payments/ and asks its health call who
 * it is. Never two: the service takes its pid file exclusively, and one that finds another serving
 * its ledger exits at once (ALREADY_RUNNING), leaving the starter to adopt the other.
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT } from '../../db/project-root';
import { SERVICE_NAME } from './server';

export const LEDGER_FILE = 'ledger.jsonl';
export const PID_FILE = 'service.pid';
export const PORT_FILE = 'service.port';
const LOG_FILE = 'service.log';
/** The exit code of a service that found another one already serving its ledger. */
export const ALREADY_RUNNING = 3;
const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const POLL_MS = 50;
const HOST = '127.0.0.1';

export type TestPaymentsService = { url: string; pid: number; adopted: boolean; stop(): Promise<void> };

export const serviceDir = (dataDir: string) => path.join(path.resolve(dataDir), 'test-payments');

/** The service serving `dir`, when its pid and port files name one that answers as such. */
export async function serviceOf(dir: string): Promise<{ pid: number; url: string } | undefined> {
  const [pid, port] = await Promise.all(
    [PID_FILE, PORT_FILE].map(async (name) => Number((await readFile(path.join(dir, name), 'utf8').catch(() => '')).trim())),
  );
  if (!pid || !port) return undefined;
  const url = `http://${HOST}:${port}`;
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    const health = (await res.json()) as { service?: string; pid?: number; ledger?: string };
    return health.service === SERVICE_NAME && health.pid === pid && health.ledger === dir ? { pid, url } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How to run the service: its bundle beside the running program's (dist/server/test-payments.js),
 * or its source through tsx when the app itself runs from source (tests, `tsx src/server/main.ts`).
 */
export function serviceCommand(): string[] {
  if (import.meta.filename.endsWith('.ts')) return ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')];
  return [path.join(path.dirname(process.argv[1] ?? ''), 'test-payments.js')];
}

/** Whether a process of this pid runs (ours or not). */
export function isAlive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function handle(found: { pid: number; url: string }, adopted: boolean): TestPaymentsService {
  let stopping: Promise<void> | undefined;
  const stop = async () => {
    try {
      process.kill(found.pid, 'SIGTERM');
    } catch {
      return;
    }
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (isAlive(found.pid) && Date.now() < deadline) await sleep(POLL_MS);
  };
  return { ...found, adopted, stop: () => (stopping ??= stop()) };
}

/** The service of `dataDir`: the one running, adopted, or a new one started and answering. */
export async function startTestPayments(opts: { dataDir: string; log?: (line: string) => void; command?: string[] }): Promise<TestPaymentsService> {
  const log = opts.log ?? (() => undefined);
  const dir = serviceDir(opts.dataDir);
  const running = await serviceOf(dir);
  if (running) {
    log(`test payment service: adopted the one left running (pid ${running.pid}, ${running.url})`);
    return handle(running, true);
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const logFd = openSync(path.join(dir, LOG_FILE), 'a', 0o600);
  const command = opts.command ?? serviceCommand();
  const child = spawn(process.execPath, [...command, '--data-dir', path.resolve(opts.dataDir)], {
    detached: true,
    stdio: ['ignore', logFd, logFd],
    cwd: PROJECT_ROOT,
  });
  closeSync(logFd);
  // Its lifetime is not the app's: a forgotten stop() must not keep Node alive, nor a Ctrl-C reach it.
  child.unref();
  let exit: number | null | undefined;
  child.once('exit', (code) => (exit = code));
  child.once('error', () => (exit = -1));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const found = await serviceOf(dir);
    if (found) {
      log(`test payment service: ${found.pid === child.pid ? 'started' : 'adopted'} (pid ${found.pid}, ${found.url}), ledger in ${dir}`);
      return handle(found, found.pid !== child.pid);
    }
    if (exit !== undefined && exit !== ALREADY_RUNNING) {
      throw new Error(`the test payment service exited during start (code ${exit}); see ${path.join(dir, LOG_FILE)}`);
    }
    if (Date.now() >= deadline) throw new Error(`the test payment service did not answer within ${READY_TIMEOUT_MS / 1000} s; see ${path.join(dir, LOG_FILE)}`);
    await sleep(POLL_MS);
  }
}
