/**
 * An account's name as others show who did something (the editor's "saved by", a revision's
 * author): its display name, else its email. Versioned content joins it in its own queries through
 * `ACCOUNT_NAMES`, which this module owns, so no other module names the accounts table.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { AccountNames } from '../../versions/store';
import { accounts } from './schema/team';

const savedByName = sql<string | null>`coalesce(nullif(${accounts.displayName}, ''), ${accounts.email})`;

/** The join versioned content makes to name who saved or published. */
export const ACCOUNT_NAMES: AccountNames = { table: accounts, id: accounts.id, name: savedByName };

export async function nameOf(tx: Executor, accountId: string | null): Promise<string | null> {
  if (!accountId) return null;
  const [row] = await tx.select({ email: accounts.email, displayName: accounts.displayName }).from(accounts).where(eq(accounts.id, accountId));
  return row ? row.displayName || row.email : null;
}
