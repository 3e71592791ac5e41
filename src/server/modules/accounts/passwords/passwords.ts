/**
 * Password hashing with scrypt (Node's crypto, no native add-on): `scrypt$N$r$p$salt$hash`, so the
 * cost can be changed (PASSWORD_HASH_COST) while old hashes still verify at their own. Comparison
 * is constant-time. Every new password, whoever chooses it, passes `newPasswordRefusal` first.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordProblem, passwordProblemText, type PasswordContext } from '../../../../domain/passwords';
import { isCommonPassword } from './common-passwords';

/** scrypt's cost as a power of two (N = 2^15, 32 MB and about 0.1 s a hash on a small server), and the range PASSWORD_HASH_COST may set. */
export const DEFAULT_PASSWORD_HASH_COST = 15;
export const MIN_PASSWORD_HASH_COST = 10;
export const MAX_PASSWORD_HASH_COST = 17;
let cost = DEFAULT_PASSWORD_HASH_COST;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: 128 * opts.N! * opts.r! * 2 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Sets the cost of the hashes made from now on (the server's PASSWORD_HASH_COST, read at start); answers the cost it replaced. */
export function configurePasswordHashing(next: number): number {
  const replaced = cost;
  cost = next;
  return replaced;
}

/**
 * A stored hash no password matches, at the cost new hashes get: checked when no account has the
 * email given, so that failure takes as long as a wrong password.
 */
export function unmatchableHash(): string {
  return `scrypt$${2 ** cost}$${R}$${P}$${'A'.repeat(22)}$${'A'.repeat(43)}`;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await derive(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password for a generated account: 20 characters from a 64-letter alphabet (120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/** Why a new password is refused (the shared rule, then the list of common passwords), or undefined when it may be used. */
export async function newPasswordRefusal(password: string, context: PasswordContext): Promise<string | undefined> {
  const problem = passwordProblem(password, context) ?? ((await isCommonPassword(password)) ? 'common' : undefined);
  return problem && passwordProblemText(problem);
}
