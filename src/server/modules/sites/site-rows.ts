/**
 * A site's row: found by its identifier or by the host a request names (its app subdomain, a
 * custom domain, or the default site), and its settings read afresh.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { SiteSettings } from '../../../document/schema';
import { siteDomains, websites } from './schema/sites';
import { siteSettings } from './stored-json';

export type WebsiteRow = typeof websites.$inferSelect;

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
  const [fallback] = await db.select().from(websites).where(eq(websites.isDefault, true));
  return fallback;
}
