/**
 * Where the key that seals stored secrets (./sealed.ts) comes from, and the key files of a
 * rotation.
 *
 * SECRET_KEY is the key. During a rotation SECRET_KEY_NEXT holds the key that replaces it: the
 * next key seals, and SECRET_KEY still opens what it sealed, so a server holding both works
 * whichever of the two a stored secret is under. With DATABASE_URL, SECRET_KEY is required: every
 * app server must hold the same key. With the embedded database and no SECRET_KEY, the key lives in
 * DATA_DIR/secret-key (mode 600), generated at the first start; a rotation first writes the new
 * key beside it as DATA_DIR/secret-key.next (the part SECRET_KEY_NEXT plays), re-seals, then renames
 * it over the old one, so no moment exists where a stored secret is under a key no file holds.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { generateSecretKey, keyId, parseSecretKey, SecretKeyError } from './sealed';

export const KEY_FILE = 'secret-key';
export const NEXT_KEY_FILE = 'secret-key.next';

export type KeyConfig = Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'secretKey' | 'secretKeyNext'>;

export type KeyRing = {
  /** The key that seals. */
  current: Buffer;
  /** Keys that still open what they sealed (the replaced key, during a rotation). */
  older: Buffer[];
  /** Where the keys were read: the environment, or the key files in DATA_DIR. */
  source: 'environment' | 'files';
  /** A key file was written at this start (the first start of an embedded set-up). */
  generated: boolean;
  /** A rotation is under way: SECRET_KEY_NEXT is set, or secret-key.next exists. */
  rotating: boolean;
};

const NEW_KEY_HINT = 'npm run secrets -- new-key, or: openssl rand -base64 32';

function fromEnvironment(config: KeyConfig): KeyRing | undefined {
  if (config.secretKeyNext !== undefined && config.secretKey === undefined) {
    throw new SecretKeyError('SECRET_KEY_NEXT is the key that replaces SECRET_KEY during a rotation: set SECRET_KEY to the key in use beside it');
  }
  if (config.secretKey === undefined) {
    if (config.databaseUrl) {
      throw new SecretKeyError(
        `SECRET_KEY must be set with DATABASE_URL: stored secrets are sealed with it, and every app server must hold the same key. Make one with ${NEW_KEY_HINT}`,
      );
    }
    return undefined;
  }
  const key = parseSecretKey(config.secretKey, 'SECRET_KEY');
  if (config.secretKeyNext === undefined) return { current: key, older: [], source: 'environment', generated: false, rotating: false };
  const next = parseSecretKey(config.secretKeyNext, 'SECRET_KEY_NEXT');
  return { current: next, older: [key], source: 'environment', generated: false, rotating: true };
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  try {
    return parseSecretKey(await readFile(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Writes a new key file durably (file and directory synced), mode 600; false when the file already
 * exists. The key is written whole under a name of its own and then linked into place (a link never
 * replaces a file), so another process starting at once never reads a file still being written.
 */
async function createKeyFile(file: string, key: string): Promise<boolean> {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const handle = await open(draft, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    await handle.writeFile(`${key}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await unlink(draft);
  }
  await syncDirectory(path.dirname(file));
  return true;
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The key ring a server starts with. With the embedded database and no SECRET_KEY, a key file is
 * made at the first start (two processes starting at once keep whichever file was written first).
 */
export async function loadKeyRing(config: KeyConfig): Promise<KeyRing> {
  const fromEnv = fromEnvironment(config);
  if (fromEnv) return fromEnv;
  await mkdir(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, KEY_FILE);
  let key = await readKeyFile(file);
  const generated = !key && (await createKeyFile(file, generateSecretKey()));
  key ??= await readKeyFile(file);
  if (!key) throw new SecretKeyError(`${file} could not be read back after it was written`);
  const next = await readKeyFile(path.join(config.dataDir, NEXT_KEY_FILE));
  if (next) return { current: next, older: [key], source: 'files', generated, rotating: true };
  return { current: key, older: [], source: 'files', generated, rotating: false };
}

export type Rotation = {
  /** Seals with the new key and opens with either. */
  ring: KeyRing;
  /** Once every stored secret is under the new key: the key files' last step (the new key replaces the old). */
  finish(): Promise<void>;
};

/**
 * The keys of a rotation. From the environment: SECRET_KEY and SECRET_KEY_NEXT, both required
 * (the operator keeps them). From the key files: the new key is written to secret-key.next before
 * anything is re-sealed (or the one an interrupted rotation left there is taken again), and
 * `finish` renames it over secret-key.
 */
export async function prepareRotation(config: KeyConfig): Promise<Rotation> {
  const fromEnv = fromEnvironment(config);
  if (fromEnv) {
    if (!fromEnv.rotating) {
      throw new SecretKeyError(
        `Give the new key as SECRET_KEY_NEXT beside SECRET_KEY (make one with ${NEW_KEY_HINT}), and set both on every app server before rotating (docs/running.md, "Rotating the secret key")`,
      );
    }
    return { ring: fromEnv, finish: async () => undefined };
  }
  const file = path.join(config.dataDir, KEY_FILE);
  const nextFile = path.join(config.dataDir, NEXT_KEY_FILE);
  const key = await readKeyFile(file);
  if (!key) throw new SecretKeyError(`${file} does not exist: the server makes it at its first start, and nothing is sealed before then`);
  await createKeyFile(nextFile, generateSecretKey());
  const next = await readKeyFile(nextFile);
  if (!next) throw new SecretKeyError(`${nextFile} could not be read back after it was written`);
  return {
    ring: { current: next, older: [key], source: 'files', generated: false, rotating: true },
    async finish() {
      await rename(nextFile, file);
      await syncDirectory(config.dataDir);
    },
  };
}

/** The PostgreSQL application_name of an app server's connections, naming the key it seals with: a rotation checks no server still seals with another. */
export const SEALING_APPLICATION_PREFIX = 'openpress/seals:';

export function sealingApplicationName(current: Buffer): string {
  return `${SEALING_APPLICATION_PREFIX}${keyId(current)}`;
}
