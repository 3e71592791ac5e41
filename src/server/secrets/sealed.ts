/**
 * Secrets at rest. Values the server must read back (SMTP passwords, captcha keys, webhook signing
 * secrets, a translation provider's key, two-factor seeds) are stored sealed with AES-256-GCM
 * under the operator's key (SECRET_KEY): `sealed:v1:{key id}:{iv|ciphertext|tag, base64url}`. The
 * key id names which key sealed a value, so values sealed under an older key still open while a
 * rotation is under way. The key ring is set once at start (`setSecretKeys`); sealing without one
 * is an error, never a silent fallback to plain text.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';
/** How every sealed value starts (any version), and how values sealed under one key start. */
export const SEALED_PREFIX = 'sealed:';
export const sealedUnder = (id: string) => `${PREFIX}${id}:`;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

type KeyRing = { currentId: string; keys: Map<string, Buffer> };

let ring: KeyRing | undefined;

export class SecretKeyError extends Error {}

/** A short public name for a key: the start of its SHA-256, so stored values say which key opens them. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

/**
 * A key as an operator writes it: 32 bytes in base64, base64url or hex. Anything else is refused
 * with a message that never repeats the value.
 */
export function parseSecretKey(text: string, name = 'SECRET_KEY'): Buffer {
  const value = text.trim();
  const candidates = [/^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : undefined, Buffer.from(value, 'base64url'), Buffer.from(value, 'base64')];
  const key = candidates.find((k) => k !== undefined && k.length === SECRET_KEY_BYTES);
  if (!key) throw new SecretKeyError(`${name} must be 32 random bytes written as base64 or hex (for example the output of: openssl rand -base64 32)`);
  return key;
}

/** A new random key, written as base64url. */
export function generateSecretKey(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('base64url');
}

/** Sets the key that seals from now on, and older keys that may still open stored values. */
export function setSecretKeys(current: Buffer, older: Buffer[] = []): void {
  const keys = new Map<string, Buffer>();
  for (const key of [...older, current]) keys.set(keyId(key), key);
  ring = { currentId: keyId(current), keys };
}

/** Whether a key ring is set. */
export function secretKeysReady(): boolean {
  return ring !== undefined;
}

function keys(): KeyRing {
  if (!ring) throw new SecretKeyError('No secret key is set: the server seals stored secrets with SECRET_KEY');
  return ring;
}

/** The ids of the keys in the ring, the one that seals first. */
export function knownKeyIds(): string[] {
  const { currentId, keys: all } = keys();
  return [currentId, ...[...all.keys()].filter((id) => id !== currentId)];
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The key id a sealed value names, or undefined for a value that is not sealed. */
export function sealedKeyId(stored: string): string | undefined {
  return isSealed(stored) ? stored.slice(PREFIX.length).split(':')[0] : undefined;
}

export function seal(plain: string): string {
  const { currentId, keys: all } = keys();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', all.get(currentId)!, iv);
  // The key id is authenticated too, so a value cannot be moved under another key's name.
  cipher.setAAD(Buffer.from(currentId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${currentId}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/**
 * The plain value of a stored secret. A value written before secrets were sealed is answered as it
 * is (the start seals those). A sealed value whose key is not in the ring, or that was altered,
 * throws.
 */
export function unseal(stored: string): string {
  if (!isSealed(stored)) return stored;
  const [id, data] = stored.slice(PREFIX.length).split(':');
  const key = id ? keys().keys.get(id) : undefined;
  if (!id || !data || !key)
    throw new SecretKeyError(`A stored secret was sealed with key ${id ?? '?'}, which this server does not have: set SECRET_KEY to that key`);
  const raw = Buffer.from(data, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretKeyError('A stored secret is damaged');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(id));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError('A stored secret is damaged or was sealed with another key');
  }
}

/** `seal` for a value that may be absent. */
export function sealOptional(plain: string | null | undefined): string | null {
  return plain === null || plain === undefined ? null : seal(plain);
}

/** `unseal` for a value that may be absent. */
export function unsealOptional(stored: string | null | undefined): string | null {
  return stored === null || stored === undefined ? null : unseal(stored);
}
