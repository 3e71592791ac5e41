/**
 * Generated SKUs stay unique under concurrency (seed 000 §9; issue 30): many products created at
 * once over separate connections, with an injected generator that hands every value out several
 * times, all succeed with SKUs unlike each other — a collision with a SKU another creation
 * committed meanwhile is drawn again under a savepoint. Without that retry this test fails: the
 * unique index refuses the repeated value and the creation fails.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../src/server/modules/catalogue';
import { createShop, shopDirectory } from '../src/server/modules/content';
import { connect } from '../src/db/client';
import { storeSiteForFile } from './store-harness';

const site = storeSiteForFile('store-skus');
let pools: ReturnType<typeof connect>[] = [];

afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('generated SKUs', () => {
  // covers 000-9.03
  it('stay unique when many products are created at once with a generator that repeats itself', async () => {
    const accountId = (await site.database.pool.query<{ id: string }>(`SELECT id FROM accounts WHERE email = 'owner@example.com'`)).rows[0]!.id;
    const shops = await Promise.all(
      [1, 2, 3, 4].map((n) => createShop(site.database.db, site.websiteId, accountId, { title: `Race ${n}`, path: `/race-${n}` })),
    );
    // Each value three times in a row, so concurrent creations draw the same SKUs.
    let drawn = 0;
    const generateSku = () => `SQ${String(Math.floor(drawn++ / 3)).padStart(7, '0')}`;
    pools = [0, 1, 2, 3].map(() => connect(site.database.url, 2));
    const creations = Array.from({ length: 24 }, (_, i) =>
      createProduct(
        pools[i % pools.length]!.db,
        { websiteId: site.websiteId, accountId },
        { shopId: shops[i % shops.length]!.id, name: `Racing mug ${i}`, productType: 'PHYSICAL' },
        { directory: shopDirectory, generateSku },
      ),
    );
    const results = await Promise.allSettled(creations);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const skus = results.map((r) => (r as PromiseFulfilledResult<Awaited<(typeof creations)[number]>>).value.product.variants[0]!.sku);
    expect(new Set(skus).size).toBe(24);
    for (const sku of skus) expect(sku).toMatch(/^SQ[0-9]{7}$/);
    const { rows } = await site.database.pool.query('SELECT count(DISTINCT sku)::int AS n FROM product_variants WHERE website_id = $1', [site.websiteId]);
    expect(rows[0].n).toBe(24);
    // The generator did repeat itself: more draws than products.
    expect(drawn).toBeGreaterThan(24);
  });
});
