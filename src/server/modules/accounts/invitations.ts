/**
 * Inviting people to a site's team by email. An invitation carries a role and expires after 7
 * days; only a hash of its token is stored. The invitation row and its email job are written in
 * one transaction. Accepting creates the account (or uses the signed-in one) and gives the role.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TeamRole } from '../../../domain/roles';
import type { Db } from '../../../db/client';
import { accounts, invitations } from './schema/team';
import { enqueueEmail } from '../../mail/mailer';
import { logActivity } from '../sites';
import { normalizeEmail, setRole } from './accounts';
import { hashPassword, newPasswordRefusal } from './passwords/passwords';
import { team } from '../../../messages/team';
import { emails } from '../../../messages/emails';
import { format } from '../../../messages/format';

export const INVITATION_DAYS = 7;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export class InvitationError extends Error {}

export async function invite(
  db: Db,
  opts: { websiteId: string; siteTitle: string; email: string; role: number; invitedBy: string; acceptUrl: (token: string) => string },
): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const email = normalizeEmail(opts.email);
  await db.transaction(async (tx) => {
    await tx.insert(invitations).values({
      websiteId: opts.websiteId,
      tokenHash: tokenHash(token),
      email,
      role: opts.role,
      invitedBy: opts.invitedBy,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    await enqueueEmail(tx, opts.websiteId, {
      to: email,
      subject: format(emails.invitationSubject, { site: opts.siteTitle }),
      text: format(emails.invitation, { site: opts.siteTitle, days: INVITATION_DAYS, url: opts.acceptUrl(token) }),
    });
    await logActivity(tx, opts.websiteId, opts.invitedBy, 'team.invited', { email, role: opts.role });
  });
}

export async function pendingInvitations(db: Db, websiteId: string) {
  return db
    .select({ email: invitations.email, role: invitations.role, createdAt: invitations.createdAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.websiteId, websiteId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())));
}

/**
 * Accepts an invitation: with `password` for a new account under the invited email, or for the
 * signed-in account (`accountId`). A new account's password must pass the rule for new passwords.
 * Returns the account that joined.
 */
export async function acceptInvitation(
  db: Db,
  site: { id: string; title: string },
  token: string,
  who: { accountId?: string; password?: string },
): Promise<string> {
  const websiteId = site.id;
  return db.transaction(async (tx) => {
    const [inv] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.websiteId, websiteId), eq(invitations.tokenHash, tokenHash(token))))
      .for('update');
    if (!inv || inv.acceptedAt || inv.expiresAt.getTime() <= Date.now()) {
      throw new InvitationError(team.invitationInvalid);
    }
    let accountId = who.accountId;
    if (!accountId) {
      const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, inv.email));
      if (existing) throw new InvitationError(team.invitationSignInFirst);
      const password = who.password ?? '';
      const refusal = await newPasswordRefusal(password, { email: inv.email, siteName: site.title });
      if (refusal) throw new InvitationError(refusal);
      accountId = randomBytes(12).toString('hex');
      await tx.insert(accounts).values({ id: accountId, email: inv.email, passwordHash: await hashPassword(password) });
    }
    await setRole(tx, websiteId, accountId, inv.role as TeamRole);
    await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.websiteId, websiteId), eq(invitations.tokenHash, inv.tokenHash)));
    await logActivity(tx, websiteId, accountId, 'team.joined', { role: inv.role });
    return accountId;
  });
}
