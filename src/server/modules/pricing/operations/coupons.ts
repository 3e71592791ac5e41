/**
 * The owner's coupons: listed with their uses so far, added, changed and deleted. A code is unique
 * in the store without regard to case (the shopper's "welcome10" is WELCOME10); a change keeps the
 * coupon's count of uses, so a limit already reached stays reached.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { CouponRow } from '../../../../contracts/pricing';
import type { Db, Executor } from '../../../../db/client';
import type { Coupon } from '../../../../document/pricing';
import { MAX_COUPONS } from '../../../../domain/pricing/limits';
import { format } from '../../../../messages/format';
import { pricingApi } from '../../../../messages/pricing-api';
import { storeSettingsOf } from '../../catalogue';
import { couponColumns, couponOf } from '../pricing-document';
import { coupons } from '../schema';
import { deleteRule, placeFor, refused, ruleChange, writeRow } from './rule-rows';

const rowOf = (row: typeof coupons.$inferSelect): CouponRow => ({ coupon: couponOf(row), usedCount: row.usedCount });

export async function listCoupons(db: Executor, websiteId: string) {
  const [settings, rows] = await Promise.all([
    storeSettingsOf(db, websiteId),
    db.select().from(coupons).where(eq(coupons.websiteId, websiteId)).orderBy(asc(coupons.position)),
  ]);
  return { currency: settings.selectedCurrency, coupons: rows.map(rowOf) };
}

async function checkCodeFree(tx: Executor, websiteId: string, code: string, id: string): Promise<void> {
  const [other] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), sql`lower(${coupons.code}) = lower(${code})`, ne(coupons.id, id)));
  if (other) throw refused(pricingApi.couponNotSaved, { code: format(pricingApi.couponCodeTaken, { code }) });
}

/** Adds a coupon (`couponId` undefined: the body's id is not used) or changes one. */
export async function saveCoupon(db: Db, websiteId: string, accountId: string, body: Coupon, couponId?: string): Promise<CouponRow> {
  return ruleChange(db, websiteId, accountId, async (tx) => {
    const place = await placeFor(tx, coupons, websiteId, couponId, {
      most: MAX_COUPONS,
      tooMany: format(pricingApi.tooManyCoupons, { max: MAX_COUPONS }),
      missing: pricingApi.noCoupon,
    });
    await checkCodeFree(tx, websiteId, body.code, place.id);
    await writeRow(tx, coupons, websiteId, place, couponColumns({ ...body, id: place.id }));
    const [row] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.websiteId, websiteId), eq(coupons.id, place.id)));
    const action = couponId === undefined ? 'coupons.created' : 'coupons.updated';
    return { answer: rowOf(row!), action, detail: { couponId: place.id, code: body.code } };
  });
}

export async function deleteCoupon(db: Db, websiteId: string, accountId: string, couponId: string) {
  return deleteRule(db, websiteId, accountId, { table: coupons, id: couponId, missing: pricingApi.noCoupon, action: 'coupons.deleted' });
}
