/**
 * A site's team: an account's role on a site, the sites an account is on the team of, listing
 * members, changing a role, removing a member, the activity log with who did what. The last ADMIN can be
 * neither removed nor demoted; the check runs inside the transaction with the site's member rows
 * locked, so two concurrent changes cannot both pass it.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { TEAM_ROLES } from '../../../domain/roles';
import type { Db, Executor } from '../../../db/client';
import type { EnqueueEmailOptions } from '../../mail/mailer';
import { accounts, websiteMembers } from './schema/team';
import { logActivity, recentActivity, sitesByIds } from '../sites';
import { team } from '../../../messages/team';

export class TeamRuleError extends Error {}

/** The account's role on the site; undefined when it is not on the site's team. */
export async function roleOn(db: Db, websiteId: string, accountId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ role: websiteMembers.role })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.accountId, accountId)));
  return row?.role;
}

/** Every site the account is on the team of, by identifier, with its role there. */
export async function sitesOfAccount(db: Db, accountId: string) {
  const memberships = await db
    .select({ websiteId: websiteMembers.websiteId, role: websiteMembers.role })
    .from(websiteMembers)
    .where(eq(websiteMembers.accountId, accountId));
  const roles = new Map(memberships.map((m) => [m.websiteId, m.role]));
  return (await sitesByIds(db, [...roles.keys()])).map((site) => ({ ...site, role: roles.get(site.id)! }));
}

/** The site's activity log, newest first, each entry with the email of the account that made it (null once the account is gone). */
export async function recentTeamActivity(db: Db, websiteId: string) {
  const entries = await recentActivity(db, websiteId);
  const ids = [...new Set(entries.flatMap((e) => (e.accountId ? [e.accountId] : [])))];
  const emails = new Map(
    ids.length === 0
      ? []
      : (await db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.id, ids))).map((a) => [a.id, a.email]),
  );
  return entries.map(({ accountId, ...entry }) => ({ ...entry, email: (accountId && emails.get(accountId)) ?? null }));
}

export async function listTeam(db: Executor, websiteId: string) {
  return db
    .select({ accountId: accounts.id, email: accounts.email, displayName: accounts.displayName, role: websiteMembers.role, since: websiteMembers.createdAt })
    .from(websiteMembers)
    .innerJoin(accounts, eq(accounts.id, websiteMembers.accountId))
    .where(eq(websiteMembers.websiteId, websiteId))
    .orderBy(asc(accounts.email));
}

async function lockedAdmins(tx: Parameters<Parameters<Db['transaction']>[0]>[0], websiteId: string): Promise<string[]> {
  const rows = await tx.execute<{ account_id: string; role: number }>(
    sql`SELECT account_id, role FROM website_members WHERE website_id = ${websiteId} FOR UPDATE`,
  );
  return rows.rows.filter((r) => r.role === TEAM_ROLES.ADMIN).map((r) => r.account_id);
}

export async function changeRole(db: Db, websiteId: string, actorId: string, accountId: string, role: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const admins = await lockedAdmins(tx, websiteId);
    if (role !== TEAM_ROLES.ADMIN && admins.length === 1 && admins[0] === accountId) {
      throw new TeamRuleError(team.lastAdminRole);
    }
    const changed = await tx
      .update(websiteMembers)
      .set({ role })
      .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.accountId, accountId)))
      .returning({ accountId: websiteMembers.accountId });
    if (changed.length === 0) return false;
    await logActivity(tx, websiteId, actorId, 'team.role_changed', { accountId, role });
    return true;
  });
}

export async function removeMember(db: Db, websiteId: string, actorId: string, accountId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const admins = await lockedAdmins(tx, websiteId);
    if (admins.length === 1 && admins[0] === accountId) {
      throw new TeamRuleError(team.lastAdminRemoved);
    }
    const removed = await tx
      .delete(websiteMembers)
      .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.accountId, accountId)))
      .returning({ accountId: websiteMembers.accountId });
    if (removed.length === 0) return false;
    await logActivity(tx, websiteId, actorId, 'team.member_removed', { accountId });
    return true;
  });
}

/**
 * Hands the site over in one step: the member becomes an ADMIN and the ADMIN handing over takes
 * the role they chose (an ADMIN stays one if they choose ADMIN). Both rows are locked and changed
 * in one transaction, so the site is never without an ADMIN.
 */
export async function transferOwnership(db: Db, websiteId: string, actorId: string, accountId: string, actorNewRole: number): Promise<boolean> {
  if (actorId === accountId) throw new TeamRuleError(team.handOverToSelf);
  return db.transaction(async (tx) => {
    const admins = await lockedAdmins(tx, websiteId);
    if (!admins.includes(actorId)) throw new TeamRuleError(team.handOverAdminOnly);
    const promoted = await tx
      .update(websiteMembers)
      .set({ role: TEAM_ROLES.ADMIN })
      .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.accountId, accountId)))
      .returning({ accountId: websiteMembers.accountId });
    if (promoted.length === 0) return false;
    await tx
      .update(websiteMembers)
      .set({ role: actorNewRole })
      .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.accountId, actorId)));
    await logActivity(tx, websiteId, actorId, 'team.ownership_transferred', { accountId, previousOwnerRole: actorNewRole });
    return true;
  });
}

/**
 * How to send mail that unlocks a team account (a password reset link). An account may belong to
 * several sites, and a site's ADMINs choose its SMTP server: a link for an account that is on any
 * other site, or not on this one, would let them take that account over. Such mail goes through
 * the server-wide mail server only; mail for an account on this site alone may use the site's own.
 */
export async function accountMailOptions(db: Executor, accountId: string, websiteId: string): Promise<EnqueueEmailOptions> {
  const [here] = await db
    .select({ role: websiteMembers.role })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.accountId, accountId), eq(websiteMembers.websiteId, websiteId)));
  const [elsewhere] = await db
    .select({ role: websiteMembers.role })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.accountId, accountId), ne(websiteMembers.websiteId, websiteId)))
    .limit(1);
  return here && !elsewhere ? {} : { serverMailOnly: true };
}
