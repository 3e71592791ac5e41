/**
 * The owner adds a category or renames one. Seed 000 §9: a name is at most 25 characters; names
 * are unique in the store whatever their case; the slug (the category's address under each shop)
 * is made from the name and unique, a number added when another has it. Category pages are
 * cached, so the site is marked changed.
 */
import { and, eq, max, ne, sql } from 'drizzle-orm';
import type { CategoryRow } from '../../../../contracts/catalogue';
import type { Db, Executor } from '../../../../db/client';
import { slugify } from '../../../../domain/blog-url';
import { EDITOR_LIMITS } from '../../../../domain/editor-limits';
import { format } from '../../../../messages/format';
import { storeApi } from '../../../../messages/store-api';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { productCategories } from '../schema';
import { categoryProductCount } from './list-categories';
import { invalid, newId, notFound } from './refusal';

async function checkedName(tx: Executor, websiteId: string, given: string, except: string): Promise<string> {
  const name = given.trim();
  const length = [...name].length;
  if (length === 0) throw invalid(storeApi.invalidCategory, { name: storeApi.categoryNameRequired });
  const max = EDITOR_LIMITS.MAX_CATEGORY_LENGTH;
  if (length > max) throw invalid(storeApi.invalidCategory, { name: format(storeApi.categoryNameTooLong, { max, length }) });
  const [same] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.websiteId, websiteId), sql`lower(${productCategories.name}) = lower(${name})`, ne(productCategories.id, except)));
  if (same) throw invalid(storeApi.invalidCategory, { name: format(storeApi.categoryNameTaken, { name }) });
  return name;
}

/** The name's slug, or the first of slug-2, slug-3 … no other category has. */
async function freeSlug(tx: Executor, websiteId: string, name: string, except: string): Promise<string> {
  const base = slugify(name) || 'category';
  const rows = await tx
    .select({ slug: productCategories.slug })
    .from(productCategories)
    .where(and(eq(productCategories.websiteId, websiteId), ne(productCategories.id, except)));
  const taken = new Set(rows.map((r) => r.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

async function answered(tx: Executor, websiteId: string, id: string): Promise<CategoryRow> {
  const [row] = await tx
    .select({ id: productCategories.id, name: productCategories.name, slug: productCategories.slug, productCount: categoryProductCount })
    .from(productCategories)
    .where(and(eq(productCategories.websiteId, websiteId), eq(productCategories.id, id)));
  return row!;
}

/** Adds a category (`categoryId` undefined) or renames one. */
export async function saveCategory(db: Db, websiteId: string, accountId: string, body: { name: string }, categoryId?: string): Promise<CategoryRow> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    if (categoryId !== undefined) {
      const [found] = await tx
        .select({ id: productCategories.id })
        .from(productCategories)
        .where(and(eq(productCategories.websiteId, websiteId), eq(productCategories.id, categoryId)))
        .for('update');
      if (!found) throw notFound(storeApi.noCategory);
    }
    const except = categoryId ?? '';
    const name = await checkedName(tx, websiteId, body.name, except);
    const slug = await freeSlug(tx, websiteId, name, except);
    const id = categoryId ?? newId();
    if (categoryId === undefined) {
      const [last] = await tx
        .select({ position: max(productCategories.position) })
        .from(productCategories)
        .where(eq(productCategories.websiteId, websiteId));
      await tx.insert(productCategories).values({ websiteId, id, name, slug, position: (last?.position ?? -1) + 1 });
    } else {
      await tx
        .update(productCategories)
        .set({ name, slug })
        .where(and(eq(productCategories.websiteId, websiteId), eq(productCategories.id, id)));
    }
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, categoryId === undefined ? 'categories.created' : 'categories.renamed', { categoryId: id, name });
    return answered(tx, websiteId, id);
  });
}
