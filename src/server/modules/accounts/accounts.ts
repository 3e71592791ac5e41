/**
 * Accounts and team membership: creating an account, giving it a role on a site, and the first
 * owner created at first start (an ADMIN of the default site, with a generated password that is
 * printed once and stored only as a hash).
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { TEAM_ROLES, type TeamRole } from '../../../domain/roles';
import type { Db, Executor } from '../../../db/client';
import { accounts, websiteMembers } from './schema/team';
import { generatePassword, hashPassword } from './passwords/passwords';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createAccount(db: Executor, email: string, password: string): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await db.insert(accounts).values({ id, email: normalizeEmail(email), passwordHash: await hashPassword(password) });
  return id;
}

/** Sets an account's password (the operator's reset from the command line); its sessions are the caller's to end. */
export async function setPassword(db: Executor, accountId: string, password: string): Promise<void> {
  await db
    .update(accounts)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
}

export async function setRole(db: Executor, websiteId: string, accountId: string, role: TeamRole): Promise<void> {
  await db
    .insert(websiteMembers)
    .values({ websiteId, accountId, role })
    .onConflictDoUpdate({ target: [websiteMembers.websiteId, websiteMembers.accountId], set: { role } });
}

export async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.email, normalizeEmail(email)));
  return row;
}

/** On a database with no account yet: the first owner, ADMIN of the given site. Returns the password once. */
export async function createFirstOwner(db: Db, websiteId: string, email: string): Promise<{ email: string; password: string } | undefined> {
  const [row] = await db.select({ n: count() }).from(accounts);
  if ((row?.n ?? 0) > 0) return undefined;
  const password = generatePassword();
  try {
    await db.transaction(async (tx) => {
      const id = await createAccount(tx, email, password);
      await setRole(tx, websiteId, id, TEAM_ROLES.ADMIN);
    });
  } catch (err) {
    // Another app server starting at the same moment created the owner first.
    if ((err as { code?: string; cause?: { code?: string } }).cause?.code === '23505' || (err as { code?: string }).code === '23505') return undefined;
    throw err;
  }
  return { email: normalizeEmail(email), password };
}
