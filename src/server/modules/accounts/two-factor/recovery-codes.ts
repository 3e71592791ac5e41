/**
 * Two-factor recovery codes: ten made when two-factor sign-in is turned on (and again on request),
 * shown once, each good for one sign-in in place of a code from the authenticator app. A code is
 * `xxxx-xxxx` from 31 letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i),
 * typed in any case, with or without the hyphen: about 40 bits each. Only a slow hash is stored
 * (scrypt, salted with the account), so a copy of the database does not give the codes away
 * cheaply; a try hashes once and is compared with every unused code in constant time.
 */
import { randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../../../db/client';
import { recoveryCodes } from '../schema/team';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const HALF = 4;

/** A code as people type it, made canonical: lowercase, without spaces or the hyphen; undefined when it cannot be one. */
export function normalizeRecoveryCode(text: string): string | undefined {
  const clean = text.toLowerCase().replace(/[\s-]/g, '');
  return clean.length === HALF * 2 && [...clean].every((c) => ALPHABET.includes(c)) ? clean : undefined;
}

function newCode(): string {
  const chars = Array.from({ length: HALF * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return `${chars.slice(0, HALF).join('')}-${chars.slice(HALF).join('')}`;
}

function hashCode(accountId: string, normalized: string): Promise<string> {
  return new Promise((resolve, reject) =>
    scrypt(normalized, `recovery-code\n${accountId}`, 32, { N: 2 ** 14, r: 8, p: 1 }, (err, key) => (err ? reject(err) : resolve(key.toString('base64url')))),
  );
}

/** Replaces the account's codes with a new set; answers the codes, to be shown once. */
export async function makeRecoveryCodes(tx: Executor, accountId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => hashCode(accountId, normalizeRecoveryCode(code)!)));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
  return codes;
}

export async function dropRecoveryCodes(tx: Executor, accountId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

export async function recoveryCodesLeft(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Spends one of the account's unused codes; false when the text is none of them. The spend is a
 * conditional UPDATE, so two requests racing with one code cannot both win.
 */
export async function spendRecoveryCode(db: Db, accountId: string, text: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(text);
  if (!normalized) return false;
  const given = Buffer.from(await hashCode(accountId, normalized));
  const unused = await db
    .select({ codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  let match: string | undefined;
  for (const { codeHash } of unused) {
    const stored = Buffer.from(codeHash);
    if (stored.length === given.length && timingSafeEqual(stored, given)) match = codeHash;
  }
  if (!match) return false;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.accountId, accountId), eq(recoveryCodes.codeHash, match), isNull(recoveryCodes.usedAt)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return spent.length > 0;
}
