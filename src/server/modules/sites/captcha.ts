/**
 * A site's captcha (seed 001 §5; issue 4 item 5): the self-hosted proof-of-work captcha (ALTCHA,
 * challenges made and checked with altcha-lib's v2 format) with an HMAC key generated here and
 * kept in `site_captcha`, or a reCAPTCHA key pair the owner entered. A solution is good once: a
 * verified ALTCHA challenge (or reCAPTCHA token) is written to `captcha_spent` until it expires,
 * and a second use is refused as replayed. Every change to the settings drops cached pages, which
 * render the captcha container only while the site has a key. Both kinds of secret are stored
 * sealed (src/server/secrets) and opened only to sign or check.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, lt } from 'drizzle-orm';
import type { CaptchaProvider } from '../../../blocks/types';
import type { Db } from '../../../db/client';
import { captchaSpent, siteCaptcha } from './schema/captcha';
import { keepsStoredSecret } from '../../../domain/secrets';
import { seal, unseal } from '../../secrets/sealed';
import { logActivity } from './activity';
import { markSiteChanged } from './site-changes';
import { captchaSettings } from '../../../messages/captcha-settings';

export type CaptchaVerdict = { ok: true } | { ok: false; reason: 'missing' | 'invalid' | 'replayed' };

/** What the config area and pages may know of a site's captcha: never its secret. */
export type PublicCaptcha = { provider: CaptchaProvider; siteKey: string };

/**
 * The proof of work (docs/decisions/0051-the-altcha-challenges-cost.md): PBKDF2/SHA-256 with this
 * many iterations per attempt, and a secret counter drawn from COUNTER_RANGE that the browser finds
 * by trying 0, 1, 2 … in parallel workers. About a second on a phone.
 */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const ALTCHA_COST = 1_000;
export const ALTCHA_COUNTER_RANGE = { min: 1_000, max: 4_000 } as const;
/** A challenge must be solved and used within this time. */
export const ALTCHA_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** reCAPTCHA tokens are good for two minutes (Google's documentation); kept spent a little longer. */
const RECAPTCHA_TOKEN_TTL_MS = 5 * 60 * 1000;
/** The longest solution we read: an ALTCHA payload is about 600 characters, a reCAPTCHA token about 2,000. */
const MAX_SOLUTION_LENGTH = 10_000;

/** Google's verification endpoint; RECAPTCHA_VERIFY_URL replaces it (tests use a local stand-in). */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const RECAPTCHA_TIMEOUT_MS = 10_000;

/** reCAPTCHA keys as Google issues them (40 characters today); checked loosely so a longer format still fits. */
export const RECAPTCHA_KEY_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

export async function siteCaptchaFor(db: Db, websiteId: string): Promise<PublicCaptcha | undefined> {
  const [row] = await db.select({ provider: siteCaptcha.provider, siteKey: siteCaptcha.siteKey }).from(siteCaptcha).where(eq(siteCaptcha.websiteId, websiteId));
  return row ? { provider: row.provider as CaptchaProvider, siteKey: row.siteKey } : undefined;
}

/** The site's captcha with its secret opened. */
async function secretRow(db: Db, websiteId: string) {
  const [row] = await db.select().from(siteCaptcha).where(eq(siteCaptcha.websiteId, websiteId));
  return row && { ...row, secret: unseal(row.secret) };
}

/** A new ALTCHA key: its public id and its HMAC key, sealed for storing. */
function newAltchaKey(): { siteKey: string; secret: string } {
  return { siteKey: `altcha_${randomBytes(12).toString('hex')}`, secret: seal(randomBytes(32).toString('base64url')) };
}

/**
 * Turns on the self-hosted captcha. A site that already has an ALTCHA key keeps it (challenges
 * being solved stay good); a reCAPTCHA key pair is replaced by a new ALTCHA key.
 */
export async function chooseAltcha(db: Db, websiteId: string, actorId: string | null): Promise<PublicCaptcha> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(siteCaptcha).where(eq(siteCaptcha.websiteId, websiteId)).for('update');
    if (current?.provider === 'altcha') return { provider: 'altcha', siteKey: current.siteKey };
    const key = newAltchaKey();
    await tx
      .insert(siteCaptcha)
      .values({ websiteId, provider: 'altcha', ...key })
      .onConflictDoUpdate({ target: siteCaptcha.websiteId, set: { provider: 'altcha', ...key, createdAt: new Date() } });
    if (actorId !== null) await logActivity(tx, websiteId, actorId, 'settings.captcha_updated', { provider: 'altcha', siteKey: key.siteKey });
    await markSiteChanged(tx, websiteId);
    return { provider: 'altcha', siteKey: key.siteKey };
  });
}

export class CaptchaSettingsError extends Error {}

/** Uses the owner's reCAPTCHA keys; `secret` may be left out (or be the mask) to keep the one already saved with reCAPTCHA. */
export async function chooseRecaptcha(db: Db, websiteId: string, actorId: string, siteKey: string, secret: string | undefined): Promise<PublicCaptcha> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(siteCaptcha).where(eq(siteCaptcha.websiteId, websiteId)).for('update');
    const keep = keepsStoredSecret(secret);
    const kept = current?.provider === 'recaptcha' ? current.secret : undefined;
    const useSecret = keep ? kept : seal(secret);
    if (!useSecret) throw new CaptchaSettingsError(captchaSettings.secretRequired);
    await tx
      .insert(siteCaptcha)
      .values({ websiteId, provider: 'recaptcha', siteKey, secret: useSecret })
      .onConflictDoUpdate({ target: siteCaptcha.websiteId, set: { provider: 'recaptcha', siteKey, secret: useSecret, createdAt: new Date() } });
    await logActivity(tx, websiteId, actorId, 'settings.captcha_updated', { provider: 'recaptcha', siteKey, secretChanged: !keep });
    await markSiteChanged(tx, websiteId);
    return { provider: 'recaptcha', siteKey };
  });
}

/** Turns the captcha off: forms then render none, and none is asked for. */
export async function removeCaptcha(db: Db, websiteId: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(siteCaptcha).where(eq(siteCaptcha.websiteId, websiteId)).returning({ provider: siteCaptcha.provider });
    if (removed.length === 0) return;
    await logActivity(tx, websiteId, actorId, 'settings.captcha_removed', { provider: removed[0]!.provider });
    await markSiteChanged(tx, websiteId);
  });
}

/** The key that signs the derived keys of a site's challenges: kept apart from the challenge signature's key. */
function keySignatureSecret(secret: string): string {
  return createHmac('sha256', secret).update('altcha-key-signature').digest('base64url');
}

/** A new challenge signed with the site's ALTCHA key, or undefined when the site does not use ALTCHA. */
export async function altchaChallenge(db: Db, websiteId: string, now = Date.now()): Promise<Challenge | undefined> {
  const row = await secretRow(db, websiteId);
  if (!row || row.provider !== 'altcha') return undefined;
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    // Deterministic mode: the server knows the answer, so the work is bounded and verifying is one HMAC.
    counter: randomInt(ALTCHA_COUNTER_RANGE.min, ALTCHA_COUNTER_RANGE.max + 1),
    deriveKey,
    expiresAt: new Date(now + ALTCHA_CHALLENGE_TTL_MS),
    hmacSignatureSecret: row.secret,
    hmacKeySignatureSecret: keySignatureSecret(row.secret),
  });
}

/** The widget's payload: base64 of JSON `{challenge, solution}`. */
function readAltchaPayload(raw: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as unknown;
    if (!value || typeof value !== 'object') return undefined;
    const { challenge, solution } = value as { challenge?: unknown; solution?: unknown };
    if (!challenge || typeof challenge !== 'object' || !solution || typeof solution !== 'object') return undefined;
    const parameters = (challenge as { parameters?: unknown }).parameters;
    if (!parameters || typeof parameters !== 'object') return undefined;
    return { challenge: challenge as Challenge, solution: solution as Solution };
  } catch {
    return undefined;
  }
}

const spentKey = (kind: string, websiteId: string, id: string) => createHash('sha256').update(`${kind}:${websiteId}:${id}`).digest('base64url');

/** Records a solution as used; false when it already was (the primary key makes two racing uses one win). */
async function spend(db: Db, key: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(captchaSpent).values({ challengeHash: key, expiresAt }).onConflictDoNothing().returning({ key: captchaSpent.challengeHash });
  return rows.length === 1;
}

async function isSpent(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: captchaSpent.challengeHash }).from(captchaSpent).where(eq(captchaSpent.challengeHash, key));
  return !!row;
}

async function verifyAltcha(db: Db, websiteId: string, secret: string, raw: string): Promise<CaptchaVerdict> {
  const payload = readAltchaPayload(raw);
  if (!payload) return { ok: false, reason: 'invalid' };
  const { expiresAt } = payload.challenge.parameters;
  // Our challenges always carry an expiry; one without was not made here.
  if (typeof expiresAt !== 'number') return { ok: false, reason: 'invalid' };
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: keySignatureSecret(secret),
    });
    verified = result.verified;
  } catch {
    // Malformed parameters (an unknown algorithm, a non-hex nonce) throw inside the library.
    verified = false;
  }
  if (!verified) return { ok: false, reason: 'invalid' };
  // Only verified challenges are written, so junk cannot fill the table.
  const fresh = await spend(db, spentKey('altcha', websiteId, payload.challenge.signature ?? ''), new Date(expiresAt * 1000));
  return fresh ? { ok: true } : { ok: false, reason: 'replayed' };
}

type SiteVerifyAnswer = { success?: unknown; 'error-codes'?: unknown };

async function verifyRecaptcha(db: Db, websiteId: string, secret: string, token: string, remoteIp: string | undefined): Promise<CaptchaVerdict> {
  const key = spentKey('recaptcha', websiteId, token);
  if (await isSpent(db, key)) return { ok: false, reason: 'replayed' };
  const url = process.env.RECAPTCHA_VERIFY_URL || RECAPTCHA_VERIFY_URL;
  let answer: SiteVerifyAnswer;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) }),
      signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
    });
    answer = (await res.json()) as SiteVerifyAnswer;
  } catch (err) {
    // Unreachable or not JSON: refused, never let through unchecked
    // (docs/decisions/0053-recaptcha-instead.md).
    console.warn('reCAPTCHA verification failed:', err instanceof Error ? err.message : err);
    return { ok: false, reason: 'invalid' };
  }
  if (answer.success !== true) {
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
    return { ok: false, reason: codes.includes('timeout-or-duplicate') ? 'replayed' : 'invalid' };
  }
  const fresh = await spend(db, key, new Date(Date.now() + RECAPTCHA_TOKEN_TTL_MS));
  return fresh ? { ok: true } : { ok: false, reason: 'replayed' };
}

/**
 * Checks a visitor's captcha solution (the form's `captchaKey`) against the site's captcha. A site
 * without a captcha renders none (seed 001 §5), so there is nothing to check and the answer is ok;
 * callers ask only when the form or block has its captcha on. A solution is good once.
 */
export async function verifyCaptcha(
  db: Db,
  websiteId: string,
  solution: string | undefined,
  opts: { remoteIp?: string } = {},
): Promise<{ ok: true } | { ok: false; reason: 'missing' | 'invalid' | 'replayed' }> {
  const row = await secretRow(db, websiteId);
  if (!row) return { ok: true };
  if (!solution) return { ok: false, reason: 'missing' };
  if (solution.length > MAX_SOLUTION_LENGTH) return { ok: false, reason: 'invalid' };
  if (row.provider === 'recaptcha') return verifyRecaptcha(db, websiteId, row.secret, solution, opts.remoteIp);
  return verifyAltcha(db, websiteId, row.secret, solution);
}

/** Drops spent solutions whose challenge has expired (they could not be used again anyway); answers how many. */
export async function pruneSpentCaptchas(db: Db, now = new Date()): Promise<number> {
  const rows = await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, now)).returning({ key: captchaSpent.challengeHash });
  return rows.length;
}
