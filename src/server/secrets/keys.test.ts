import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_FILE, loadKeyRing, NEXT_KEY_FILE, prepareRotation } from './keys';
import { generateSecretKey, keyId, parseSecretKey } from './sealed';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-keys-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const embedded = (env: { secretKey?: string; secretKeyNext?: string } = {}) => ({
  dataDir,
  databaseUrl: undefined,
  secretKey: env.secretKey,
  secretKeyNext: env.secretKeyNext,
});
const managed = (env: { secretKey?: string; secretKeyNext?: string } = {}) => ({ ...embedded(env), databaseUrl: 'postgres://app@db.example/openpress' });

describe('the secret key', () => {
  it('is generated into DATA_DIR/secret-key (mode 600) at the first embedded start, and read back on later starts', async () => {
    const first = await loadKeyRing(embedded());
    expect(first).toMatchObject({ source: 'files', generated: true, rotating: false, older: [] });
    const file = path.join(dataDir, KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseSecretKey(await readFile(file, 'utf8')).equals(first.current)).toBe(true);
    const again = await loadKeyRing(embedded());
    expect(again.generated).toBe(false);
    expect(again.current.equals(first.current)).toBe(true);
  });

  it('keeps one key when two processes start at once', async () => {
    const [a, b] = await Promise.all([loadKeyRing(embedded()), loadKeyRing(embedded())]);
    expect(a.current.equals(b.current)).toBe(true);
    expect([a.generated, b.generated].filter(Boolean)).toHaveLength(1);
  });

  it('comes from SECRET_KEY when set, and is required with DATABASE_URL', async () => {
    const key = generateSecretKey();
    const ring = await loadKeyRing(managed({ secretKey: key }));
    expect(ring).toMatchObject({ source: 'environment', rotating: false });
    expect(keyId(ring.current)).toBe(keyId(parseSecretKey(key)));
    await expect(loadKeyRing(managed())).rejects.toThrow(
      'SECRET_KEY must be set with DATABASE_URL: stored secrets are sealed with it, and every app server must hold the same key.',
    );
    // With the environment's key, no key file is made.
    await loadKeyRing(embedded({ secretKey: key }));
    await expect(stat(path.join(dataDir, KEY_FILE))).rejects.toThrow('ENOENT');
  });

  it('refuses a malformed key without repeating it', async () => {
    const wrong = 'not-a-key-but-a-password';
    const refused = loadKeyRing(managed({ secretKey: wrong }));
    await expect(refused).rejects.toThrow('SECRET_KEY must be 32 random bytes written as base64 or hex');
    await expect(refused).rejects.not.toThrow(wrong);
    await expect(loadKeyRing(managed({ secretKey: generateSecretKey(), secretKeyNext: 'short' }))).rejects.toThrow('SECRET_KEY_NEXT must be 32 random bytes');
    await expect(loadKeyRing(managed({ secretKeyNext: generateSecretKey() }))).rejects.toThrow('SECRET_KEY_NEXT is the key that replaces SECRET_KEY');
  });

  it('during a rotation seals with the next key and still opens with the old one', async () => {
    const [old, next] = [generateSecretKey(), generateSecretKey()];
    const ring = await loadKeyRing(managed({ secretKey: old, secretKeyNext: next }));
    expect(ring.rotating).toBe(true);
    expect(keyId(ring.current)).toBe(keyId(parseSecretKey(next)));
    expect(ring.older.map(keyId)).toEqual([keyId(parseSecretKey(old))]);

    const first = await loadKeyRing(embedded());
    await writeFile(path.join(dataDir, NEXT_KEY_FILE), `${next}\n`, { mode: 0o600 });
    const files = await loadKeyRing(embedded());
    expect(files.rotating).toBe(true);
    expect(keyId(files.current)).toBe(keyId(parseSecretKey(next)));
    expect(files.older.map(keyId)).toEqual([keyId(first.current)]);
  });
});

describe('a rotation', () => {
  it('with key files, writes the new key beside the old one first (mode 600), takes it again after an interruption, and renames it over the old one when finished', async () => {
    const old = await loadKeyRing(embedded());
    const rotation = await prepareRotation(embedded());
    const nextFile = path.join(dataDir, NEXT_KEY_FILE);
    expect((await stat(nextFile)).mode & 0o777).toBe(0o600);
    expect(rotation.ring.older.map(keyId)).toEqual([keyId(old.current)]);
    expect(keyId(rotation.ring.current)).not.toBe(keyId(old.current));

    const resumed = await prepareRotation(embedded());
    expect(keyId(resumed.ring.current)).toBe(keyId(rotation.ring.current));
    await resumed.finish();
    await expect(stat(nextFile)).rejects.toThrow('ENOENT');
    const after = await loadKeyRing(embedded());
    expect(keyId(after.current)).toBe(keyId(rotation.ring.current));
    expect(after).toMatchObject({ rotating: false, older: [] });
  });

  it('from the environment needs SECRET_KEY_NEXT beside SECRET_KEY', async () => {
    await expect(prepareRotation(managed({ secretKey: generateSecretKey() }))).rejects.toThrow('Give the new key as SECRET_KEY_NEXT beside SECRET_KEY');
    const [old, next] = [generateSecretKey(), generateSecretKey()];
    const rotation = await prepareRotation(managed({ secretKey: old, secretKeyNext: next }));
    expect(keyId(rotation.ring.current)).toBe(keyId(parseSecretKey(next)));
  });

  it('with key files, needs the key the server made', async () => {
    await expect(prepareRotation(embedded())).rejects.toThrow(`${path.join(dataDir, KEY_FILE)} does not exist`);
  });
});
