/**
 * Who may get a site file (docs/decisions/0297-files-of-members-and-password-pages.md). A file named
 * by any public page, post, collection, system page, or the site's header, footer, menus or
 * settings is everyone's, as is a file no published content names (the owner may hand its address
 * out). A file named only by members or password pages goes only to a visitor who may open one of
 * them: a signed-in customer for a members page, the page's unlock cookie for a password page, or a
 * team member who may read the site's pages (the editor shows them). Anyone else is told, as for a
 * file that does not exist, that there is nothing there.
 *
 * The restricted files are worked out once per change of the site's published content, from the
 * content each app server holds (./published.ts `restrictedFiles`): a public file costs no query.
 * A site too large to hold is asked the database, for the one file.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../../db/client';
import { canAccess } from '../../../../domain/permissions';
import { PAGE_STATUS, PAGE_TYPES } from '../../../../domain/page-types';
import { accountForSession, SESSION_COOKIE } from '../../accounts';
import { UNLOCK_COOKIE, type unlockTools } from './page-access';
import { fileNamesIn, type FileGate } from './published';
import type { SiteContentSource } from './site-content';
import { MEMBER_COOKIE, memberForSession } from '../../accounts';
import type { WebsiteRow } from '../../sites';
import { storedPageAccess } from '../../sites';
import { roleOn } from '../../accounts';

/** Where the whole text of a stored column names the file `name` by address (fileNamesIn's rule, in PostgreSQL's words). */
const namesFile = (column: ReturnType<typeof sql>, name: string) =>
  sql`${column}::text ~ ${`/s/([0-9a-f]{16}/)?${name.replace(/\./g, '\\.')}(\\.(webp|avif))?\\.*([^A-Za-z0-9._-]|$)`}`;

/** For a site too large to hold: the non-public published pages naming the file, none when public content names it too. */
async function gatesFromDatabase(db: Db, websiteId: string, name: string): Promise<FileGate[]> {
  const routable = sql.join([PAGE_TYPES.PAGE, PAGE_TYPES.SPLASH_PAGE], sql`, `);
  const system = sql.join([PAGE_TYPES.NOT_FOUND, PAGE_TYPES.ERROR], sql`, `);
  const names = (table: string) => sql`(${namesFile(sql.raw(`${table}.sections`), name)} OR ${namesFile(sql.raw(`${table}.seo`), name)})`;
  const gated = await db.execute<{ id: string; access: unknown }>(sql`
    SELECT p.id, p.access FROM pages p
    WHERE p.website_id = ${websiteId} AND p.status = ${PAGE_STATUS.PUBLISHED} AND p.page_type IN (${routable})
      AND p.access->>'type' <> 'public' AND ${names('p')}`);
  if (gated.rows.length === 0) return [];
  const open = await db.execute<{ open: boolean }>(sql`
    SELECT EXISTS (
        SELECT 1 FROM pages p WHERE p.website_id = ${websiteId} AND (p.page_type IN (${system}) OR (p.status = ${PAGE_STATUS.PUBLISHED} AND p.page_type IN (${routable}) AND p.access->>'type' = 'public')) AND ${names('p')}
      ) OR EXISTS (
        SELECT 1 FROM collection_items i WHERE i.website_id = ${websiteId} AND i.status = ${PAGE_STATUS.PUBLISHED}
          AND EXISTS (SELECT 1 FROM collections c WHERE c.website_id = i.website_id AND c.id = i.collection_id AND c.status = ${PAGE_STATUS.PUBLISHED})
          AND (${names('i')} OR ${namesFile(sql`coalesce(i.thumbnail, '')`, name)})
      ) OR EXISTS (
        SELECT 1 FROM collections c WHERE c.website_id = ${websiteId} AND c.status = ${PAGE_STATUS.PUBLISHED}
          AND (${namesFile(sql`coalesce(c.description, '')`, name)} OR ${namesFile(sql`c.seo`, name)})
      ) AS open`);
  if (open.rows[0]?.open) return [];
  return gated.rows.map((row) => ({ pageId: row.id, access: storedPageAccess(row.access, { websiteId, column: 'pages.access', row: row.id }) }));
}

/** The pages a visitor must be able to open to get the file `name`: none when it is everyone's. */
export async function fileGates(db: Db, content: SiteContentSource, site: WebsiteRow, name: string): Promise<readonly FileGate[]> {
  const held = await content.read(site.id, `/s/${name}`);
  const gates = held.restrictedFiles()?.get(name) ?? (held.scope === 'path' ? await gatesFromDatabase(db, site.id, name) : []);
  if (gates.length === 0) return gates;
  // The header, footer, menus and settings are on every page, the public ones too.
  return fileNamesIn([site.header, site.footer, site.navigation, site.settings]).has(name) ? [] : gates;
}

/** Whether the visitor may open one of the pages: a members page signed in, a password page unlocked, or a team member who reads pages. */
export async function mayOpenOneOf(
  db: Db,
  unlocks: ReturnType<typeof unlockTools>,
  req: FastifyRequest,
  site: WebsiteRow,
  gates: readonly FileGate[],
): Promise<boolean> {
  const unlocked = req.cookies[UNLOCK_COOKIE];
  if (unlocked && gates.some((g) => g.access.type === 'password' && unlocks.isUnlocked(unlocked, site.id, g.pageId, g.access.passwordHash))) return true;
  if (req.cookies[MEMBER_COOKIE] && gates.some((g) => g.access.type === 'members') && (await memberForSession(db, site.id, req.cookies[MEMBER_COOKIE])))
    return true;
  const account = req.cookies[SESSION_COOKIE] ? await accountForSession(db, req.cookies[SESSION_COOKIE]) : undefined;
  const role = account ? await roleOn(db, site.id, account.id) : undefined;
  return role !== undefined && canAccess(role, 'pages', 'read');
}
