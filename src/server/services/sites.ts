/**
 * Sites as stored: importing a whole site document (one transaction: the site is replaced whole or
 * left exactly as it was), exporting it back (export then import gives an identical site), and
 * finding the site a request's host names. Every change bumps the site's content version and
 * notifies `site_changed`, which drops cached pages on every app server.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Collection, Item, Page, SiteDocument, StoredBlockData } from '../../document/schema';
import { readStored } from '../../document/link';
import { footerSchema, headerSchema, pageAccess, settingsSchema, SITE_DOCUMENT_FORMAT, SITE_DOCUMENT_VERSION } from '../../document/schema';
import type { Db } from '../../db/client';
import { itemPath } from '../../document/paths';
import { activityLog, collectionItems, collections, files, pages, redirects, siteDomains, websites } from '../../db/schema';

export const SITE_CHANGED_CHANNEL = 'site_changed';

export class SiteConflictError extends Error {}

const sqlIncrement = sql`${websites.contentVersion} + 1`;
function sqlNotify(websiteId: string) {
  return sql`SELECT pg_notify(${SITE_CHANGED_CHANNEL}, ${websiteId})`;
}


export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** Drops undefined members so exported JSON matches the imported document key for key. */
function defined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** `doc` as the writing schema gives it (src/blocks/site-document.ts): its owner HTML sanitised. */
export async function importSite(db: Db, doc: SiteDocument<StoredBlockData>, opts: { makeDefault?: boolean } = {}): Promise<{ websiteId: string; created: boolean }> {
  const { identifier, ...settings } = doc.settings;
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.identifier, identifier)).for('update');
      const [anyDefault] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.isDefault, true));
      const websiteId = existing?.id ?? newId();
      const becomesDefault = opts.makeDefault === true || (!anyDefault && !existing);
      if (opts.makeDefault && anyDefault && anyDefault.id !== websiteId) {
        await tx.update(websites).set({ isDefault: false }).where(eq(websites.id, anyDefault.id));
      }
      if (existing) {
        for (const table of [siteDomains, pages, collectionItems, collections, redirects, files]) {
          await tx.delete(table).where(eq(table.websiteId, websiteId));
        }
        await tx
          .update(websites)
          .set({
            settings,
            navigation: doc.navigation,
            header: doc.header,
            footer: doc.footer,
            updatedAt: new Date(),
            contentVersion: sqlIncrement,
            ...(becomesDefault ? { isDefault: true } : {}),
          })
          .where(eq(websites.id, websiteId));
      } else {
        await tx.insert(websites).values({ id: websiteId, identifier, settings, navigation: doc.navigation, header: doc.header, footer: doc.footer, isDefault: becomesDefault });
      }
      if (doc.settings.customDomains.length > 0) {
        await tx.insert(siteDomains).values(doc.settings.customDomains.map((host) => ({ websiteId, host })));
      }
      if (doc.pages.length > 0) {
        await tx.insert(pages).values(
          doc.pages.map((p, position) => ({
            websiteId,
            id: p.id,
            pageType: p.pageType,
            path: p.path ?? null,
            title: p.title,
            navigationTitle: p.navigationTitle ?? null,
            status: p.status,
            seo: p.seo,
            sections: p.sections,
            access: p.access,
            position,
          })),
        );
      }
      for (const [position, c] of doc.collections.entries()) {
        await tx.insert(collections).values({
          websiteId,
          id: c.id,
          type: c.type,
          path: c.path,
          title: c.title,
          navigationTitle: c.navigationTitle ?? null,
          status: c.status,
          description: c.description ?? null,
          urlPattern: c.urlPattern ?? null,
          seo: c.seo,
          position,
        });
        if (c.items.length > 0) {
          await tx.insert(collectionItems).values(
            c.items.map((it, itemPosition) => ({
              websiteId,
              id: it.id,
              collectionId: c.id,
              slug: it.slug,
              path: itemPath(c, it, doc.settings.timeZone),
              title: it.title,
              status: it.status,
              publishedAt: it.publishedAt,
              author: it.author ?? null,
              excerpt: it.excerpt ?? null,
              tags: it.tags,
              categories: it.categories,
              thumbnail: it.thumbnail ?? null,
              seo: it.seo,
              sections: it.sections,
              position: itemPosition,
            })),
          );
        }
      }
      if (doc.redirects.length > 0) {
        await tx.insert(redirects).values(doc.redirects.map((r, position) => ({ websiteId, fromPath: r.from, toUrl: r.to, position })));
      }
      for (const [position, f] of doc.files.entries()) {
        await tx.insert(files).values({
          websiteId,
          name: f.name,
          contentType: f.contentType,
          width: f.width ?? null,
          height: f.height ?? null,
          data: Buffer.from(f.data, 'base64'),
          position,
        });
      }
      await tx.execute(sqlNotify(websiteId));
      return { websiteId, created: !existing };
    });
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw new SiteConflictError('a custom domain of this site already belongs to another site');
    throw err;
  }
}


export type WebsiteRow = typeof websites.$inferSelect;

export async function findWebsiteByIdentifier(db: Db, identifier: string): Promise<WebsiteRow | undefined> {
  const [row] = await db.select().from(websites).where(eq(websites.identifier, identifier));
  return row;
}

export async function exportSite(db: Db, websiteId: string): Promise<SiteDocument<StoredBlockData> | undefined> {
  const [site] = await db.select().from(websites).where(eq(websites.id, websiteId));
  if (!site) return undefined;
  const [pageRows, collectionRows, itemRows, redirectRows, fileRows] = await Promise.all([
    db.select().from(pages).where(eq(pages.websiteId, websiteId)).orderBy(asc(pages.position)),
    db.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.position)),
    db.select().from(collectionItems).where(eq(collectionItems.websiteId, websiteId)).orderBy(asc(collectionItems.position)),
    db.select().from(redirects).where(eq(redirects.websiteId, websiteId)).orderBy(asc(redirects.position)),
    db.select().from(files).where(eq(files.websiteId, websiteId)).orderBy(asc(files.position)),
  ]);
  const docPages: Page<StoredBlockData>[] = pageRows.map((p) =>
    defined({
      id: p.id,
      pageType: p.pageType as Page['pageType'],
      path: p.path ?? undefined,
      title: p.title,
      navigationTitle: p.navigationTitle ?? undefined,
      status: p.status as Page['status'],
      seo: p.seo,
      access: pageAccess.parse(p.access),
      sections: p.sections,
    }),
  );
  const docCollections: Collection<StoredBlockData>[] = collectionRows.map((c) =>
    defined({
      id: c.id,
      type: c.type,
      path: c.path,
      title: c.title,
      navigationTitle: c.navigationTitle ?? undefined,
      status: c.status as Collection['status'],
      description: c.description ?? undefined,
      urlPattern: c.urlPattern ?? undefined,
      seo: c.seo,
      items: itemRows
        .filter((it) => it.collectionId === c.id)
        .map((it) =>
          defined({
            id: it.id,
            slug: it.slug,
            title: it.title,
            status: it.status as Item['status'],
            publishedAt: new Date(it.publishedAt).toISOString(),
            author: it.author ?? undefined,
            excerpt: it.excerpt ?? undefined,
            tags: it.tags,
            categories: it.categories,
            thumbnail: it.thumbnail ?? undefined,
            seo: it.seo,
            sections: it.sections,
          }),
        ),
    }),
  );
  return {
    format: SITE_DOCUMENT_FORMAT,
    version: SITE_DOCUMENT_VERSION,
    // Parsed so that settings added after the site was stored come out with their defaults.
    // Links stored before the link rules come out as they are; importing the file asks for them mended.
    settings: readStored(() => settingsSchema.parse({ identifier: site.identifier, ...site.settings })),
    navigation: site.navigation as SiteDocument['navigation'],
    // Sites stored before header and footer settings existed hold {}: the schema fills the defaults.
    header: readStored(() => headerSchema.parse(site.header)),
    footer: readStored(() => footerSchema.parse(site.footer)),
    pages: docPages,
    collections: docCollections,
    redirects: redirectRows.map((r) => ({ from: r.fromPath, to: r.toUrl })),
    files: fileRows.map((f) =>
      defined({ name: f.name, contentType: f.contentType, width: f.width ?? undefined, height: f.height ?? undefined, data: f.data.toString('base64') }),
    ),
  };
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

/** Settings an owner edits in the config area (custom domains move with import only). */
export type EditableSettings = Pick<
  SiteDocument['settings'],
  | 'identifier'
  | 'title'
  | 'tagline'
  | 'description'
  | 'footerText'
  | 'locale'
  | 'timeZone'
  | 'escapeKeyLogin'
  | 'badgeType'
  | 'infoBarStyle'
  | 'contact'
  | 'developerMode'
  | 'cloneable'
  | 'cookieBanner'
>;

const identifierTaken = (identifier: string) => `Another site already uses the identifier "${identifier}". Choose another one.`;

/**
 * Applies an owner's changes to the site's settings, whole objects (contact) replaced. A new
 * identifier moves the site to {identifier}.{APP_DOMAIN}; one another site has is refused with
 * SiteConflictError (checked here, and by the unique index when two owners race).
 */
export async function updateSiteSettings(
  db: Db,
  websiteId: string,
  changes: Partial<EditableSettings>,
  actorId: string,
): Promise<{ identifier: string; previousIdentifier: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [site] = await tx.select().from(websites).where(eq(websites.id, websiteId)).for('update');
      if (!site) throw new Error('site not found');
      const { identifier = site.identifier, ...rest } = changes;
      // Parsed whole, so a site stored before newer settings existed is saved with their defaults. The
      // changes hold no link (the social image moves with import only), so a stored one is kept as it is.
      const { identifier: _identifier, ...settings } = readStored(() => settingsSchema.parse({ ...site.settings, ...rest, identifier }));
      const moved = identifier !== site.identifier;
      if (moved) {
        const [taken] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.identifier, identifier));
        if (taken) throw new SiteConflictError(identifierTaken(identifier));
      }
      await tx.update(websites).set({ identifier, settings, updatedAt: new Date(), contentVersion: sqlIncrement }).where(eq(websites.id, websiteId));
      await tx.insert(activityLog).values({
        websiteId,
        accountId: actorId,
        action: 'settings.updated',
        detail: { fields: Object.keys(changes), ...(moved ? { identifier: { from: site.identifier, to: identifier } } : {}) },
      });
      // Also drops every app server's host lookups, so the old {identifier}.{APP_DOMAIN} stops answering at once.
      await tx.execute(sqlNotify(websiteId));
      return { identifier, previousIdentifier: site.identifier };
    });
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505' && changes.identifier) throw new SiteConflictError(identifierTaken(changes.identifier));
    throw err;
  }
}

export async function updateHeaderFooter(db: Db, websiteId: string, header: SiteDocument['header'], footer: SiteDocument['footer'], actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(websites).set({ header, footer, updatedAt: new Date(), contentVersion: sqlIncrement }).where(eq(websites.id, websiteId));
    await tx.insert(activityLog).values({ websiteId, accountId: actorId, action: 'design.header_footer_updated', detail: {} });
    await tx.execute(sqlNotify(websiteId));
  });
}
