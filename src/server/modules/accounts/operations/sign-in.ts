/**
 * A team member signs in to a site's config area: email and password, limited per account and per
 * address with counters every app server shares (counted before the password is checked, so
 * guesses sent in parallel meet the limit too). A right password clears the account's failures;
 * for an account with two-factor sign-in on it answers a short-lived ticket instead, redeemed with
 * a code from the authenticator app or a recovery code (`completeSignIn`). Either way the sign-in
 * ends the same: a new session (never a reused id; the one the browser held is ended) and the
 * account's role on the site. The route sets the cookies.
 */
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { loginBody } from '../../../../contracts/auth';
import { authentication } from '../../../../messages/authentication';
import { twoFactor } from '../../../../messages/two-factor';
import { countAttempt, hashedIp, type Limit, type RateLimitStore } from '../../../rate-limits/rate-limit';
import { findAccountByEmail } from '../accounts';
import { zodMessage } from '../config-route';
import { unmatchableHash, verifyPassword } from '../passwords/passwords';
import { createSession, endSession } from '../sessions';
import { roleOn } from '../team';
import { normalizeRecoveryCode } from '../two-factor/recovery-codes';
import { spendSecondFactor, type loginTickets } from '../two-factor/two-factor';

export const LOGIN_FAILED = authentication.emailOrPasswordIncorrect;
export const LOGIN_LIMITED = authentication.signInLimited;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const accountLimit = (email: string): Limit => ({ key: `login-account:${email.toLowerCase()}`, max: 10, windowMs: FIFTEEN_MINUTES });
const ipLimit = (ip: string): Limit => ({ key: `login-ip:${hashedIp(ip)}`, max: 50, windowMs: FIFTEEN_MINUTES });

/** The app's six digits, or a recovery code in their place (`abcd-2345`, any case, the hyphen optional). */
export const codeOrRecoveryField = z
  .string({ error: twoFactor.enterCodeOrRecovery })
  .max(40, twoFactor.enterCodeOrRecovery)
  .transform((code) => code.replace(/\s/g, ''))
  .refine((code) => /^\d{6}$/.test(code) || normalizeRecoveryCode(code) !== undefined, twoFactor.enterCodeOrRecovery);

const secondStepBody = z.object({ ticket: z.string().min(1).max(500), code: codeOrRecoveryField }).strict();

/** Why a sign-in is refused: a body that does not read (with its fields' errors), past a limit, or a wrong email or password. */
export class SignInRefusal extends Error {
  constructor(
    readonly reason: 'unreadable' | 'limited' | 'wrong',
    message: string,
    readonly errors?: Record<string, string>,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export type SignInDeps = { db: Db; rateLimits: RateLimitStore; tickets: ReturnType<typeof loginTickets> };

type Visitor = {
  /** The browser's session id, if it held one: ended when the new one starts. */
  previousSession: string | undefined;
  userAgent: string | undefined;
};

/** Signed in: the new session's id (for the cookie) and what the config area is told. */
export type SignedIn = { sessionId: string; answer: { account: { id: string; email: string }; role: number | null } };

/** A new session for the account, ending the one the browser held: also how an invitation accepted signs in. */
export async function startSession(db: Db, accountId: string, visitor: Visitor): Promise<string> {
  if (visitor.previousSession) await endSession(db, visitor.previousSession);
  return createSession(db, accountId, visitor.userAgent);
}

async function signedIn(db: Db, account: { id: string; email: string }, websiteId: string, visitor: Visitor): Promise<SignedIn> {
  const sessionId = await startSession(db, account.id, visitor);
  const role = await roleOn(db, websiteId, account.id);
  return { sessionId, answer: { account: { id: account.id, email: account.email }, role: role ?? null } };
}

const unreadable = (error: z.ZodError) => {
  const message = zodMessage(error);
  return new SignInRefusal('unreadable', message.error, message.errors);
};

/** Email and password (`POST /api/auth/Login`). Throws SignInRefusal. */
export async function signIn(
  deps: SignInDeps,
  input: Visitor & { websiteId: string; body: unknown; ip: string },
): Promise<SignedIn | { twoFactorRequired: true; ticket: string }> {
  const parsed = loginBody.safeParse(input.body ?? {});
  if (!parsed.success) throw unreadable(parsed.error);
  const { email, password } = parsed.data;
  const limits = [accountLimit(email), ipLimit(input.ip)];
  const attempt = await countAttempt(deps.rateLimits, limits);
  if (!attempt.allowed) throw new SignInRefusal('limited', LOGIN_LIMITED, undefined, attempt.retryAfterMs);
  const account = await findAccountByEmail(deps.db, email);
  const ok = account ? await verifyPassword(password, account.passwordHash) : await verifyPassword(password, unmatchableHash());
  if (!account || !ok) throw new SignInRefusal('wrong', LOGIN_FAILED);
  // A right password clears the account's failures and does not count against the address.
  await deps.rateLimits.reset(limits[0]!.key);
  await deps.rateLimits.forgive(limits[1]!);
  if (account.totpEnabledAt) return { twoFactorRequired: true, ticket: deps.tickets.issue(account, input.websiteId) };
  return signedIn(deps.db, account, input.websiteId, input);
}

/** The ticket and a code (`POST /api/auth/Login/TwoFactor`). Throws SignInRefusal (`unreadable`) or TwoFactorError. */
export async function completeSignIn(deps: SignInDeps, input: Visitor & { websiteId: string; body: unknown }): Promise<SignedIn> {
  const parsed = secondStepBody.safeParse(input.body ?? {});
  if (!parsed.success) throw unreadable(parsed.error);
  const account = await deps.tickets.redeem(deps.db, parsed.data.ticket, input.websiteId);
  await spendSecondFactor(deps.db, deps.rateLimits, account, parsed.data.code);
  return signedIn(deps.db, account, input.websiteId, input);
}
