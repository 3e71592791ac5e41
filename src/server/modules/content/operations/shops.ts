/**
 * Shops: collections of type PRODUCTS, the pages a store's products are listed on and live under
 * (`{shop path}/{slug}`). A shop is the content module's (its path is one of the site's addresses);
 * its products are the catalogue's, which it asks for their counts and tells when the shop moves.
 * `shopDirectory` is what the catalogue's operations are given of the shops (the catalogue is a
 * layer below and never reads this module's tables).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, max, ne } from 'drizzle-orm';
import type { ShopRow } from '../../../../contracts/catalogue';
import type { Db, Executor } from '../../../../db/client';
import { COLLECTION_TYPES, COLLECTION_VIEW_MODES, type CollectionViewMode } from '../../../../domain/collection-types';
import { CONTENT_STATUSES } from '../../../../domain/website';
import { sitePath } from '../../../../document/primitives';
import { format } from '../../../../messages/format';
import { storeApi } from '../../../../messages/store-api';
import { moveShopProducts, productCountsByShop, StoreRefusal, type ShopDirectory } from '../../catalogue';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { collections } from '../schema/content';
import { pathHolder, redirectMoves, reservedSegment } from '../site-addresses';

export type ShopBody = { title: string; path: string; viewMode?: CollectionViewMode };

const ofShops = (websiteId: string) => and(eq(collections.websiteId, websiteId), eq(collections.type, COLLECTION_TYPES.PRODUCTS));
const viewModeOf = (v: string | null): CollectionViewMode =>
  (COLLECTION_VIEW_MODES as readonly string[]).includes(v ?? '') ? (v as CollectionViewMode) : 'grid';

export const shopDirectory: ShopDirectory = {
  async shop(tx, websiteId, shopId) {
    const [row] = await tx
      .select({ title: collections.title, path: collections.path })
      .from(collections)
      .where(and(ofShops(websiteId), eq(collections.id, shopId)));
    return row;
  },
  async pathTaken(tx, websiteId, path) {
    return reservedSegment(path) !== undefined || (await pathHolder(tx, websiteId, path)) !== undefined;
  },
};

export async function listShops(db: Executor, websiteId: string): Promise<{ shops: ShopRow[] }> {
  const rows = await db.select().from(collections).where(ofShops(websiteId)).orderBy(asc(collections.position));
  const counts = await productCountsByShop(db, websiteId);
  return { shops: rows.map((c) => ({ id: c.id, title: c.title, path: c.path, viewMode: viewModeOf(c.viewMode), productCount: counts.get(c.id) ?? 0 })) };
}

/** The title and path as they will be stored, or every field's error. `shopId`: the shop being changed. */
async function checked(tx: Executor, websiteId: string, body: ShopBody, shopId = ''): Promise<{ title: string; path: string }> {
  const title = body.title.trim();
  const path = body.path.trim();
  const errors: Record<string, string> = {};
  if (!title) errors.title = storeApi.shopTitleRequired;
  if (reservedSegment(path)) errors.path = format(storeApi.shopPathReserved, { path });
  else if (!sitePath.safeParse(path).success || path === '/') errors.path = storeApi.shopPathInvalid;
  else {
    const holder = await pathHolder(tx, websiteId, path);
    const [self] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.path, path), ne(collections.id, shopId)));
    if (holder && (self || holder.kind !== 'collection')) errors.path = format(storeApi.shopPathTaken, { path });
  }
  if (Object.keys(errors).length > 0) throw new StoreRefusal(400, storeApi.invalidShop, errors);
  return { title, path };
}

async function shopRow(tx: Executor, websiteId: string, shopId: string): Promise<ShopRow | undefined> {
  return (await listShops(tx, websiteId)).shops.find((s) => s.id === shopId);
}

/** Adds a shop (listed, empty). */
export async function createShop(db: Db, websiteId: string, accountId: string, body: ShopBody): Promise<ShopRow> {
  const newId = randomBytes(12).toString('hex');
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const { title, path } = await checked(tx, websiteId, body);
    const [last] = await tx
      .select({ position: max(collections.position) })
      .from(collections)
      .where(eq(collections.websiteId, websiteId));
    await tx.insert(collections).values({
      websiteId,
      id: newId,
      type: COLLECTION_TYPES.PRODUCTS,
      path,
      title,
      status: CONTENT_STATUSES.PUBLISHED,
      viewMode: body.viewMode ?? 'grid',
      seo: {},
      position: (last?.position ?? -1) + 1,
    });
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'shops.created', { shopId: newId, path });
    return (await shopRow(tx, websiteId, newId))!;
  });
}

/** Changes a shop's title, address or view; a new address takes its products along, each old address answering a 301. */
export async function updateShop(db: Db, websiteId: string, accountId: string, shopId: string, body: ShopBody): Promise<ShopRow> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const [current] = await tx
      .select()
      .from(collections)
      .where(and(ofShops(websiteId), eq(collections.id, shopId)))
      .for('update');
    if (!current) throw new StoreRefusal(404, storeApi.noShop);
    const { title, path } = await checked(tx, websiteId, body, shopId);
    await tx
      .update(collections)
      .set({ title, path, viewMode: body.viewMode ?? current.viewMode })
      .where(and(eq(collections.websiteId, websiteId), eq(collections.id, shopId)));
    if (path !== current.path) {
      await redirectMoves(tx, websiteId, [{ from: current.path, to: path }]);
      await moveShopProducts(tx, websiteId, shopId, path);
    }
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'shops.updated', { shopId, path });
    return (await shopRow(tx, websiteId, shopId))!;
  });
}
