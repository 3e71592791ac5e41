/**
 * Two-factor sign-in for team members with an authenticator app: setting it up (a pending secret,
 * then a first code turns it on and makes the recovery codes), turning it off (password and a
 * code), spending a code (good once: the accepted step is written with a conditional UPDATE, so
 * two requests racing with one code cannot both win) or a recovery code in its place, the
 * per-account limit on wrong codes, and the sign-in ticket that stands between a right password
 * and the code. The app's secret is stored sealed (secrets/sealed.ts). Turning it on or off ends
 * the account's other sessions and emails its owner (account-security.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db, Executor } from '../../../../db/client';
import { accounts } from '../schema/team';
import { secretColumn } from '../../../secrets/places';
import { seal, unseal } from '../../../secrets/sealed';
import { checkCurrentPassword, currentPasswordLimits, notifyAccount, securityChanged, type ChangeContext } from '../account-security';
import { verifyPassword } from '../passwords/passwords';
import { countAttempt, type Limit, type RateLimitStore } from '../../../rate-limits/rate-limit';
import { dropRecoveryCodes, makeRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import { checkTotp, generateTotpSecret, otpauthUri } from './totp';
import { twoFactor } from '../../../../messages/two-factor';

/** Where the seeds are stored (sealed), for the passes over every stored secret (src/server/secrets/stored.ts). */
export const twoFactorSeeds = secretColumn('two-factor seeds', accounts, [accounts.id], accounts.totpSecret);

export type TwoFactorProblem =
  | 'wrong'
  | 'wrongRecovery'
  | 'used'
  | 'limited'
  | 'alreadyOn'
  | 'notStarted'
  | 'notOn'
  | 'wrongPassword'
  | 'ticketExpired'
  | 'ticketInvalid';

export class TwoFactorError extends Error {
  constructor(
    readonly problem: TwoFactorProblem,
    /** For 'limited': how long until the limit's window ends. */
    readonly retryAfterMs?: number,
  ) {
    super(twoFactor[problem]);
  }
}

/**
 * Wrong codes per account: 5 in 15 minutes and 20 in a day. With three steps accepted a guess wins
 * one time in 333,333, so someone who already has the password and guesses all year long has
 * about a 2% chance.
 */
export const codeLimits = (accountId: string): Limit[] => [
  { key: `two-factor-account:${accountId}`, max: 5, windowMs: 15 * 60 * 1000 },
  { key: `two-factor-account-day:${accountId}`, max: 20, windowMs: 24 * 60 * 60 * 1000 },
];

/**
 * Counts a try before it is checked (so codes sent in parallel meet the limit too); throws
 * 'limited' once the account's tries are used up. A right code gives its try back (`spendCode`).
 */
async function countTry(rateLimits: RateLimitStore, limits: Limit[]): Promise<void> {
  const attempt = await countAttempt(rateLimits, limits);
  if (!attempt.allowed) throw new TwoFactorError('limited', attempt.retryAfterMs);
}

/** How long a right password waits for its code. */
export const TICKET_LIFETIME_MS = 5 * 60 * 1000;

export type TwoFactorAccount = typeof accounts.$inferSelect;

async function accountById(db: Db, accountId: string): Promise<TwoFactorAccount | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

export async function twoFactorOn(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: accounts.totpEnabledAt }).from(accounts).where(eq(accounts.id, accountId));
  return !!row?.enabledAt;
}

/**
 * Spends a code: every try counts toward the account's limit before the code is checked, and is
 * refused once the limit is used up; a right code moves `totp_last_step` forward and clears the count.
 */
export async function spendCode(db: Db, rateLimits: RateLimitStore, account: TwoFactorAccount, code: string, counted = false): Promise<void> {
  const limits = codeLimits(account.id);
  if (!counted) await countTry(rateLimits, limits);
  const check = account.totpSecret ? checkTotp(unseal(account.totpSecret), code, Date.now(), account.totpLastStep) : ({ ok: false, reason: 'wrong' } as const);
  if (check.ok) {
    const moved = await db
      .update(accounts)
      .set({ totpLastStep: check.step })
      .where(and(eq(accounts.id, account.id), or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, check.step))))
      .returning({ id: accounts.id });
    if (moved.length > 0) {
      for (const limit of limits) await rateLimits.reset(limit.key);
      return;
    }
  }
  throw new TwoFactorError(check.ok ? 'used' : check.reason);
}

/**
 * Spends the app's code (six digits) or, in its place, one of the account's recovery codes; both
 * count against the same limit, and a right one clears it.
 */
export async function spendSecondFactor(db: Db, rateLimits: RateLimitStore, account: TwoFactorAccount, code: string, counted = false): Promise<void> {
  if (/^\d{6}$/.test(code)) return spendCode(db, rateLimits, account, code, counted);
  const limits = codeLimits(account.id);
  if (!counted) await countTry(rateLimits, limits);
  if (!(await spendRecoveryCode(db, account.id, code))) throw new TwoFactorError('wrongRecovery');
  for (const limit of limits) await rateLimits.reset(limit.key);
}

/** Starts setting up: a new pending secret (replacing any earlier pending one) and the address for the app. */
export async function beginTwoFactor(db: Db, accountId: string): Promise<{ secret: string; uri: string }> {
  const account = await accountById(db, accountId);
  if (!account) throw new TwoFactorError('notStarted');
  if (account.totpEnabledAt) throw new TwoFactorError('alreadyOn');
  const secret = generateTotpSecret();
  await db
    .update(accounts)
    .set({ totpSecret: seal(secret), totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), isNull(accounts.totpEnabledAt)));
  return { secret, uri: otpauthUri(account.email, secret) };
}

/**
 * A first code from the app proves it holds the secret; two-factor sign-in is on from then, with a
 * new set of recovery codes, answered to be shown once.
 */
export async function confirmTwoFactor(db: Db, rateLimits: RateLimitStore, accountId: string, code: string, ctx: ChangeContext): Promise<string[]> {
  const account = await accountById(db, accountId);
  if (!account) throw new TwoFactorError('notStarted');
  if (account.totpEnabledAt) throw new TwoFactorError('alreadyOn');
  if (!account.totpSecret) throw new TwoFactorError('notStarted');
  await spendCode(db, rateLimits, account, code);
  return db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(accounts)
      .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(accounts.id, accountId), isNotNull(accounts.totpSecret), isNull(accounts.totpEnabledAt)))
      .returning({ id: accounts.id });
    if (turnedOn.length === 0) throw new TwoFactorError('alreadyOn');
    const codes = await makeRecoveryCodes(tx, accountId);
    await securityChanged(tx, 'twoFactorOn', account, ctx);
    return codes;
  });
}

/**
 * Turning it off asks for both factors (a recovery code may stand in for the app's code, for a
 * member who lost the phone), so a session left open is not enough to weaken the account.
 */
export async function disableTwoFactor(
  db: Db,
  rateLimits: RateLimitStore,
  accountId: string,
  password: string,
  code: string,
  ctx: ChangeContext,
): Promise<void> {
  const account = await accountById(db, accountId);
  if (!account?.totpEnabledAt) throw new TwoFactorError('notOn');
  // One try covers the password and the code: both are checked after it is counted.
  await countTry(rateLimits, codeLimits(account.id));
  if (!(await verifyPassword(password, account.passwordHash))) throw new TwoFactorError('wrongPassword');
  await spendSecondFactor(db, rateLimits, account, code, true);
  await db.transaction(async (tx) => {
    await clearTwoFactor(tx, accountId);
    await securityChanged(tx, 'twoFactorOff', account, ctx);
  });
}

/** Replaces the account's recovery codes (the current password is asked for); answers the new ones, to be shown once. */
export async function renewRecoveryCodes(db: Db, rateLimits: RateLimitStore, accountId: string, password: string, ctx: ChangeContext): Promise<string[]> {
  const account = await accountById(db, accountId);
  if (!account?.totpEnabledAt) throw new TwoFactorError('notOn');
  await checkCurrentPassword(rateLimits, currentPasswordLimits(account.id), account.passwordHash, password);
  return db.transaction(async (tx) => {
    const codes = await makeRecoveryCodes(tx, accountId);
    await notifyAccount(tx, 'recoveryCodesMade', account, ctx);
    return codes;
  });
}

/**
 * Turns it off (and forgets a set-up in progress and the recovery codes) without asking for either
 * factor: on its own only for the server's operator, `npm run user -- disable-two-factor`, when a
 * member has lost the app and every recovery code.
 */
export async function clearTwoFactor(db: Executor, accountId: string): Promise<void> {
  await db.update(accounts).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() }).where(eq(accounts.id, accountId));
  await dropRecoveryCodes(db, accountId);
}

/**
 * Sign-in tickets: `{account id}.{expiry ms}.{mac}`, signed with a server secret of their own. The
 * MAC also covers the site, the password hash and the last accepted step, so a ticket dies when
 * the password changes or once a code has signed in with it, yet survives a wrong code.
 */
export function loginTickets(secret: string) {
  const mac = (account: TwoFactorAccount, siteId: string, expires: number) =>
    createHmac('sha256', secret)
      .update(['login-two-factor', account.id, siteId, String(expires), account.passwordHash, String(account.totpLastStep ?? '')].join('\n'))
      .digest('base64url');
  return {
    issue(account: TwoFactorAccount, siteId: string): string {
      const expires = Date.now() + TICKET_LIFETIME_MS;
      return `${Buffer.from(account.id).toString('base64url')}.${expires}.${mac(account, siteId, expires)}`;
    },
    /** The account a ticket was issued to, if the ticket is genuine, current and its account still has two-factor on. */
    async redeem(db: Db, ticket: string, siteId: string): Promise<TwoFactorAccount> {
      const [id, expiresText, given] = ticket.split('.');
      const expires = Number(expiresText);
      if (!id || !given || !Number.isSafeInteger(expires)) throw new TwoFactorError('ticketInvalid');
      const account = await accountById(db, Buffer.from(id, 'base64url').toString());
      if (!account?.totpEnabledAt) throw new TwoFactorError('ticketInvalid');
      const expected = Buffer.from(mac(account, siteId, expires));
      const sent = Buffer.from(given);
      if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) throw new TwoFactorError('ticketInvalid');
      if (expires <= Date.now()) throw new TwoFactorError('ticketExpired');
      return account;
    },
  };
}
