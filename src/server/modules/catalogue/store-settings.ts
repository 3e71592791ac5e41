/** A site's store settings: its row in `stores`, or the defaults of a store never set up. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { isCurrencyCode, MEASUREMENT_STANDARDS } from '../../../domain/commerce';
import { storeSettingsSchema, type StoreSettings } from '../../../document/store';
import { stores } from './schema';

export const DEFAULT_STORE_SETTINGS: StoreSettings = storeSettingsSchema.parse({});

export function storeSettingsFromRow(row: typeof stores.$inferSelect | undefined): StoreSettings {
  if (!row) return DEFAULT_STORE_SETTINGS;
  return {
    selectedCurrency: isCurrencyCode(row.currency) ? row.currency : DEFAULT_STORE_SETTINGS.selectedCurrency,
    measurementStandard: row.measurementStandard === MEASUREMENT_STANDARDS.METRIC ? MEASUREMENT_STANDARDS.METRIC : MEASUREMENT_STANDARDS.IMPERIAL,
    expressCheckout: row.expressCheckout,
    minimumSubtotalCents: row.minimumSubtotalCents,
    lowStockThreshold: row.lowStockThreshold,
    businessName: row.businessName,
    businessAddress: row.businessAddress,
    vatNumber: row.vatNumber,
  };
}

export async function storeSettingsOf(tx: Executor, websiteId: string): Promise<StoreSettings> {
  const [row] = await tx.select().from(stores).where(eq(stores.websiteId, websiteId));
  return storeSettingsFromRow(row);
}
