/**
 * What the owner's changes to coupons, shipping zones and tax rules share: each is a row of the
 * site in the owner's order, written in one transaction under the site's lock (so two owners'
 * changes queue, and a count or a uniqueness check stays true until the commit), which then marks
 * the site changed: the rules held in memory (`app.pricing`) and the cached pages are dropped.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, max } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../../../db/client';
import { StoreRefusal } from '../../catalogue';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import type { coupons, shippingZones, taxRules } from '../schema';

export type RuleTable = typeof coupons | typeof shippingZones | typeof taxRules;

export const refused = (error: string, errors: Record<string, string>) => new StoreRefusal(400, error, errors);

/** A new id as the document writes them: 24 lowercase hex characters. */
export const newId = () => randomBytes(12).toString('hex');

/**
 * Where a row goes: for a new one (`id` undefined) a new id and the position after the last,
 * refused past `most` rows (`tooMany` says so); for a change, its id once its row is locked, 404 when there is none.
 */
export async function placeFor(
  tx: Executor,
  table: RuleTable,
  websiteId: string,
  id: string | undefined,
  limits: { most: number; tooMany: string; missing: string },
): Promise<{ id: string; position: number | undefined }> {
  const ofSite = eq(table.websiteId, websiteId);
  if (id !== undefined) {
    const [found] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(ofSite, eq(table.id, id)))
      .for('update');
    if (!found) throw new StoreRefusal(404, limits.missing);
    return { id, position: undefined };
  }
  const [row] = await tx
    .select({ rows: count(), last: max(table.position) })
    .from(table)
    .where(ofSite);
  if ((row?.rows ?? 0) >= limits.most) throw new StoreRefusal(400, limits.tooMany);
  return { id: newId(), position: (row?.last ?? -1) + 1 };
}

/** Writes a row where `placeFor` put it: a new one at its position, or over the one it locked. */
export async function writeRow<T extends RuleTable>(
  tx: Executor,
  table: T,
  websiteId: string,
  place: { id: string; position: number | undefined },
  columns: PgUpdateSetSource<T>,
): Promise<void> {
  const { id, position } = place;
  if (position === undefined) {
    await tx
      .update(table)
      .set(columns)
      .where(and(eq(table.websiteId, websiteId), eq(table.id, id)));
  } else {
    // The table's own columns and its keys: a whole row, which drizzle cannot see through the generic table.
    await tx.insert(table).values({ ...columns, websiteId, id, position } as unknown as PgInsertValue<T>);
  }
}

/** Runs a change under the site's lock, then marks the site changed and logs `action` with `detail`. */
export async function ruleChange<T>(
  db: Db,
  websiteId: string,
  accountId: string,
  change: (tx: Executor) => Promise<{ answer: T; action: string; detail: Record<string, unknown> }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const { answer, action, detail } = await change(tx);
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, action, detail);
    return answer;
  });
}

/** Deletes one coupon, zone or tax rule (a coupon's uses go with it); 404 when the store has no such row. */
export async function deleteRule(
  db: Db,
  websiteId: string,
  accountId: string,
  what: { table: RuleTable; id: string; missing: string; action: string },
): Promise<{ ok: true }> {
  return ruleChange(db, websiteId, accountId, async (tx) => {
    const gone = await tx
      .delete(what.table)
      .where(and(eq(what.table.websiteId, websiteId), eq(what.table.id, what.id)))
      .returning({ id: what.table.id });
    if (gone.length === 0) throw new StoreRefusal(404, what.missing);
    return { answer: { ok: true as const }, action: what.action, detail: { id: what.id } };
  });
}
