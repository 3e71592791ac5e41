/**
 * A site's team: an account's role on a site, the sites an account is on the team of, listing
 * members, changing a role, removing a member. The last ADMIN can be
 * neither removed nor demoted; the check runs inside the transaction with the site's member rows
 * locked, so two concurrent changes cannot both pass it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { TEAM_ROLES } from '../../../domain/roles';
import type { Db } from '../../../db/client';
import { accounts, websiteMembers } from './schema/team';
import { websites } from '../sites/schema/sites';
import { logActivity } from '../sites';
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
  return db
    .select({ id: websites.id, identifier: websites.identifier, settings: websites.settings, role: websiteMembers.role })
    .from(websiteMembers)
    .innerJoin(websites, eq(websites.id, websiteMembers.websiteId))
    .where(eq(websiteMembers.accountId, accountId))
    .orderBy(asc(websites.identifier));
}

export async function listTeam(db: Db, websiteId: string) {
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
