/**
 * Password resets by email. Asking always answers the same, whether or not the email has an
 * account; the emailed link holds a token valid for one hour and one use (only its hash is
 * stored). The new password must pass the rule for new passwords; setting it ends every session
 * of the account (the link proves the mailbox, not a device) and emails the account's owner.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { accounts, passwordResets } from '../schema/team';
import { enqueueEmail } from '../../../mail/mailer';
import { accountMailOptions } from '../team';
import { securityChanged, type ChangeContext } from '../account-security';
import { findAccountByEmail } from '../accounts';
import { tokenHash } from '../invitations';
import { hashPassword, newPasswordRefusal } from './passwords';
import { authentication } from '../../../../messages/authentication';
import { emails } from '../../../../messages/emails';
import { format } from '../../../../messages/format';

export const RESET_VALID_MS = 60 * 60 * 1000;

export class PasswordResetError extends Error {}

export async function requestPasswordReset(db: Db, websiteId: string, email: string, resetUrl: (token: string) => string): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({ tokenHash: tokenHash(token), accountId: account.id, expiresAt: new Date(Date.now() + RESET_VALID_MS) });
    await enqueueEmail(
      tx,
      websiteId,
      {
        to: account.email,
        subject: authentication.resetPasswordTitle,
        text: format(emails.accountReset, { url: resetUrl(token) }),
      },
      // The link unlocks the account on every site it belongs to: not for a server one site's ADMINs chose.
      await accountMailOptions(tx, account.id, websiteId),
    );
  });
}

const EXPIRED = authentication.linkExpired;

export async function completePasswordReset(db: Db, token: string, password: string, ctx: Omit<ChangeContext, 'keepSession'>): Promise<void> {
  const valid = and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));
  const [found] = await db.select({ email: accounts.email }).from(passwordResets).innerJoin(accounts, eq(accounts.id, passwordResets.accountId)).where(valid);
  if (!found) throw new PasswordResetError(EXPIRED);
  const refusal = await newPasswordRefusal(password, { email: found.email, siteName: ctx.site.title });
  if (refusal) throw new PasswordResetError(refusal);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx.select().from(passwordResets).where(valid).for('update');
    if (!reset) throw new PasswordResetError(EXPIRED);
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.tokenHash, reset.tokenHash));
    const [account] = await tx.update(accounts).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(accounts.id, reset.accountId)).returning();
    await securityChanged(tx, 'passwordReset', account!, { ...ctx, keepSession: undefined });
  });
}
