/**
 * The site's customer accounts as other modules may read them: a SELECT (a view, in effect) of each
 * account's id, address, name, whether the address is verified and when it was made, so the orders
 * module can put its orders beside their accounts in one statement without reaching into this
 * module's tables. Its columns are the contract: `id`, `email` (lowercased), `name` (null when
 * none was given), `verified`, `since`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { siteUsers } from './schema/customers';

export function customerAccountsView(websiteId: string): SQL {
  return sql`SELECT ${siteUsers.id} AS id, ${siteUsers.email} AS email, ${siteUsers.displayName} AS name, ${siteUsers.verifiedAt} IS NOT NULL AS verified,
    ${siteUsers.createdAt} AS since FROM ${siteUsers} WHERE ${siteUsers.websiteId} = ${websiteId}`;
}
