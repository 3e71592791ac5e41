/**
 * A site's row: found by its identifier or by the host a request names (its app subdomain, a
 * custom domain, or the default site), its settings read afresh, and its columns read for the
 * modules that keep their part of a site in it (content's navigation, labs, languages; import),
 * inside their own transaction when they lock it.
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import type { SiteSettings } from '../../../document/schema';
import { siteDomains, websites } from './schema/sites';
import { siteSettings } from './stored-json';

export type WebsiteRow = typeof websites.$inferSelect;

/** Whether a read takes the row's lock (`FOR UPDATE`) for the rest of the caller's transaction. */
export type RowLock = { forUpdate?: boolean };

/** The site's whole row. */
export async function siteRow(db: Executor, websiteId: string, opts: RowLock = {}): Promise<WebsiteRow | undefined> {
  const query = db.select().from(websites).where(eq(websites.id, websiteId));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Only the named columns of the site's row. */
export async function siteColumns<K extends keyof WebsiteRow>(
  db: Executor,
  websiteId: string,
  columns: readonly K[],
  opts: RowLock = {},
): Promise<Pick<WebsiteRow, K> | undefined> {
  const query = db
    .select(Object.fromEntries(columns.map((c) => [c, websites[c]])))
    .from(websites)
    .where(eq(websites.id, websiteId));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row as Pick<WebsiteRow, K> | undefined;
}

/** The id of the site with this identifier. */
export async function siteIdOf(db: Executor, identifier: string, opts: RowLock = {}): Promise<string | undefined> {
  const query = db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, identifier));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row?.id;
}

/** The sites of these ids (their identifier and settings), by identifier. */
export async function sitesByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: websites.id, identifier: websites.identifier, settings: websites.settings })
    .from(websites)
    .where(inArray(websites.id, [...ids]))
    .orderBy(asc(websites.identifier));
}

/** The site served for hosts that name none. */
export async function defaultSite(db: Executor): Promise<WebsiteRow | undefined> {
  const [row] = await db.select().from(websites).where(eq(websites.isDefault, true));
  return row;
}

export async function hasAnySite(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(websites);
  return (row?.n ?? 0) > 0;
}

export async function findWebsiteByIdentifier(db: Db, identifier: string): Promise<WebsiteRow | undefined> {
  const [row] = await db.select().from(websites).where(eq(websites.identifier, identifier));
  return row;
}

/** The site's settings read afresh, not from a request's cached site row, so a change just made shows. */
export async function currentSiteSettings(db: Db, websiteId: string): Promise<SiteSettings | undefined> {
  const [row] = await db
    .select({ id: websites.id, identifier: websites.identifier, settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  return row && siteSettings(row);
}

export async function websiteForHost(db: Db, host: string, appDomain: string, serveDefault: boolean): Promise<WebsiteRow | undefined> {
  const suffix = `.${appDomain}`;
  if (host.endsWith(suffix)) {
    const label = host.slice(0, -suffix.length);
    if (/^[a-z0-9-]+$/.test(label)) {
      const bySub = await findWebsiteByIdentifier(db, label);
      if (bySub) return bySub;
    }
  }
  const [byDomain] = await db
    .select({ website: websites })
    .from(siteDomains)
    .innerJoin(websites, eq(websites.id, siteDomains.websiteId))
    .where(eq(siteDomains.host, host));
  if (byDomain) return byDomain.website;
  if (!serveDefault) return undefined;
  return defaultSite(db);
}
