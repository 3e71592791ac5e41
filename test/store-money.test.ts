/**
 * Money is never a float in the database (issue 30, ENGINEERING.md "Data and scale"): every money
 * column is an integer or bigint, and random valid prices and sale prices saved through the product
 * editor and published read back exactly, from the answer and from the rows. fast-check with the
 * suite's fixed seed (test/setup-fast-check.ts) and a run count that proves the point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CENTS } from '../src/domain/commerce';
import { newProduct, savePublished, storeSiteForFile } from './store-harness';

const site = storeSiteForFile('store-money');

describe('money in the store', () => {
  it('is held in integer and bigint columns only', async () => {
    const { rows } = await site.database.pool.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'public' AND (column_name LIKE '%cents%' OR column_name LIKE '%price%') AND data_type <> 'boolean'`,
    );
    // A switch about prices (tax_settings.prices_include_tax) is no amount: the booleans are left out.
    expect(rows.map((r) => `${r.table_name}.${r.column_name}`).sort()).toEqual(
      expect.arrayContaining([
        'product_variants.price_cents',
        'product_variants.sale_price_cents',
        'stores.minimum_subtotal_cents',
        'coupons.amount_off_cents',
        'coupons.minimum_subtotal_cents',
      ]),
    );
    for (const r of rows) expect(['integer', 'bigint'], `${r.table_name}.${r.column_name}`).toContain(r.data_type);
  });

  it('reads back every valid price exactly as it was saved', async () => {
    const product = await newProduct(site);
    let current = product;
    const price = fc.integer({ min: 0, max: MAX_PRICE_CENTS });
    await fc.assert(
      fc.asyncProperty(
        price.chain((p) => fc.tuple(fc.constant(p), fc.integer({ min: 0, max: p }), fc.boolean())),
        async ([priceCents, salePriceCents, onSale]) => {
          current = await savePublished(site, current, { variants: [{ ...current.product.variants[0]!, priceCents, salePriceCents, onSale }] });
          expect(current.product.variants[0]).toMatchObject({ priceCents, salePriceCents, onSale });
          const { rows } = await site.database.pool.query(
            'SELECT price_cents, sale_price_cents FROM product_variants WHERE website_id = $1 AND product_id = $2',
            [site.websiteId, product.product.id],
          );
          expect(rows).toEqual([{ price_cents: priceCents, sale_price_cents: salePriceCents }]);
          expect(Number.isInteger(rows[0].price_cents) && Number.isInteger(rows[0].sale_price_cents)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });
});
