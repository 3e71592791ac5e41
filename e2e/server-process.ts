/**
 * An app server as `npm start` runs it: the built bundle (dist/server/main.js, made by
 * `npm run build`) in a process of its own, on a free port, with the environment given. Used by
 * the end-to-end global setup for the servers the files share, and by the few files that need a
 * process of their own. Imports nothing of Vitest, so Vitest's main process can load it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MIN_PASSWORD_HASH_COST } from '../src/server/modules/accounts/passwords/passwords';

export const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, process.env.OPENPRESS_SERVER_DIST ?? 'dist/server');
export const SERVER_BUNDLE = path.join(DIST, 'main.js');

/**
 * The node arguments that run one of the bundle's programs (scripts/build-server.ts): the server
 * (`main`) or a command-line tool as `npm run site|user|secrets|backup` runs it, compiled once
 * rather than by tsx at every start.
 */
export function programArgs(name: 'main' | 'site' | 'user' | 'secrets' | 'backup'): string[] {
  return ['--enable-source-maps', path.join(DIST, `${name}.js`)];
}

export type RunningServer = {
  /** http://127.0.0.1:{port}: the default site, for a process of a file's own. */
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** What the server printed so far, standard output and error together. */
  output: () => string;
  /** SIGTERM and wait; removes the data dir unless `remove` is false. */
  stop(opts?: { remove?: boolean }): Promise<void>;
};

/**
 * Starts the bundle with `env` over the test process's environment; resolves once it listens.
 * Passwords are hashed at the lowest cost the server accepts (test/setup-secrets.ts says why).
 */
export async function spawnServer(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`The server bundle is missing (${SERVER_BUNDLE}): run \`npm run build\` first.`);
  const child = spawn(process.execPath, programArgs('main'), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PASSWORD_HASH_COST: String(MIN_PASSWORD_HASH_COST),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    const check = () => {
      // The banner is one write: once it names the port, the rest of it is there too.
      const m = /Server listening on port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => out,
    async stop(stopOpts) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (stopOpts?.remove !== false) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A value the server's start banner printed, such as 'First owner' or 'Password'. */
export function printed(output: string, label: string): string {
  const m = new RegExp(`${label}:\\s+(\\S+)`).exec(output);
  if (!m) throw new Error(`"${label}" not printed:\n${output}`);
  return m[1]!;
}

/**
 * The Chromium the tests drive: Debian's headless shell, the same engine as its `chromium` without
 * the desktop browser around it (no window compositing, no GPU process), at about half the CPU.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/**
 * How the tests' Chromium runs. Two of these only save CPU, about a tenth of the browser's: the
 * compositor in the browser process rather than a process of its own (`--in-process-gpu`), and one
 * renderer for a context's pages whatever their origins (`--disable-site-isolation-trials`; each
 * test's context is its own profile, so its pages still share no process with another test's).
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--in-process-gpu',
  '--disable-site-isolation-trials',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The user agent of a visitor's desktop Chrome. Headless Chromium names itself in its own, and the
 * server answers such robots without storing or counting their calls; the shared browsers pass for
 * a visitor (a context's userAgent option is not enough: a beacon sent as a page unloads goes out
 * with the browser's own).
 */
export const VISITOR_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
