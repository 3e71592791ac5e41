/**
 * Password resets by email. Asking always answers the same, whether or not the email has an
 * account; the emailed link holds a token valid for one hour and one use (only its hash is
 * stored). Setting the new password ends every session of the account.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, passwordResets, sessions } from '../../db/schema';
import { accountMailOptions, enqueueEmail } from '../mail/mailer';
import { findAccountByEmail } from './accounts';
import { tokenHash } from './invitations';
import { hashPassword } from './passwords';

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
        subject: 'Reset your password',
        text: `Someone asked to reset the password of this account.\n\nChoose a new password within an hour:\n${resetUrl(token)}\n\nIf it was not you, ignore this email: your password stays as it is.`,
      },
      // The link unlocks the account on every site it belongs to: not for a server one site's ADMINs chose.
      await accountMailOptions(tx, account.id, websiteId),
    );
  });
}

export async function completePasswordReset(db: Db, token: string, password: string): Promise<void> {
  if (password.length < 10) throw new PasswordResetError('Choose a password of at least 10 characters.');
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .for('update');
    if (!reset) throw new PasswordResetError('This link has expired or was already used. Ask for a new one.');
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.tokenHash, reset.tokenHash));
    await tx.update(accounts).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(accounts.id, reset.accountId));
    await tx.delete(sessions).where(eq(sessions.accountId, reset.accountId));
  });
}
