/**
 * What follows a change to how a team member's account is secured, wherever it is made: every
 * other session of the account ends (ASVS 5.0 V7.4.3; the one that made the change stays signed
 * in) and the account's owner is emailed. Also the member's own password change, which needs the
 * current password, counted against a limit of its own before it is checked.
 */
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { accounts } from './schema/team';
import { accountMailOptions } from './team';
import { countAttempt, type Limit, type RateLimitStore } from '../../rate-limits/rate-limit';
import { hashPassword, newPasswordRefusal, verifyPassword } from './passwords/passwords';
import { endOtherSessions } from './sessions';
import { enqueueSecurityNotice, type SecurityChange } from './security-notices';
import { passwords } from '../../../messages/passwords';

/** Where a change was made: the session that stays signed in (none after an emailed reset link), and the site whose address the email links to. */
export type ChangeContext = { keepSession: string | undefined; site: { id: string; title: string }; reviewUrl: string };

/** Ends the account's other sessions and queues the email that tells of the change, on the change's transaction. */
export async function securityChanged(tx: Executor, change: SecurityChange, account: { id: string; email: string }, ctx: ChangeContext): Promise<void> {
  await endOtherSessions(tx, account.id, ctx.keepSession);
  await notifyAccount(tx, change, account, ctx);
}

/** Queues the email that tells the account's owner of a change, on the change's transaction. */
export async function notifyAccount(tx: Executor, change: SecurityChange, account: { id: string; email: string }, ctx: ChangeContext): Promise<void> {
  await enqueueSecurityNotice(tx, change, {
    websiteId: ctx.site.id,
    to: account.email,
    accountOf: `team sign-in for ${ctx.site.title}`,
    reviewUrl: ctx.reviewUrl,
    // Like a reset link, this mail is about the whole account, which may be on other sites' teams.
    mailOptions: await accountMailOptions(tx, account.id, ctx.site.id),
  });
}

/** Tries at the current password (changing it, making recovery codes): 5 in 15 minutes per account. */
export const currentPasswordLimits = (accountId: string): Limit[] => [{ key: `current-password:${accountId}`, max: 5, windowMs: 15 * 60 * 1000 }];

export class AccountSecurityError extends Error {
  constructor(
    message: string,
    readonly field: 'currentPassword' | 'newPassword' | undefined,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export const WRONG_CURRENT_PASSWORD = passwords.currentWrong;
export const TOO_MANY_PASSWORD_TRIES = passwords.tooManyWrong;

/**
 * Counts a try at an account's current password against `limits`, then checks it; a right one
 * gives its try back. For team members and customers alike.
 */
export async function checkCurrentPassword(rateLimits: RateLimitStore, limits: Limit[], passwordHash: string, password: string): Promise<void> {
  const attempt = await countAttempt(rateLimits, limits);
  if (!attempt.allowed) throw new AccountSecurityError(TOO_MANY_PASSWORD_TRIES, undefined, attempt.retryAfterMs);
  if (!(await verifyPassword(password, passwordHash))) throw new AccountSecurityError(WRONG_CURRENT_PASSWORD, 'currentPassword');
  for (const limit of limits) await rateLimits.forgive(limit);
}

/** A member changes their own password: the current one first, then the rule for new ones. */
export async function changePassword(db: Db, rateLimits: RateLimitStore, accountId: string, current: string, next: string, ctx: ChangeContext): Promise<void> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new AccountSecurityError(WRONG_CURRENT_PASSWORD, 'currentPassword');
  await checkCurrentPassword(rateLimits, currentPasswordLimits(account.id), account.passwordHash, current);
  const refusal = await newPasswordRefusal(next, { email: account.email, siteName: ctx.site.title });
  if (refusal) throw new AccountSecurityError(refusal, 'newPassword');
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, accountId));
    await securityChanged(tx, 'passwordChanged', account, ctx);
  });
}
