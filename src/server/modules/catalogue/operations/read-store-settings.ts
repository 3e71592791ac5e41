/** The store settings as the Store area reads them: the settings and every currency a store may sell in. */
import type { Executor } from '../../../../db/client';
import { CURRENCIES } from '../../../../domain/commerce';
import type { StoreSettings } from '../../../../document/store';
import { storeSettingsOf } from '../store-settings';

export type StoreSettingsAnswer = { settings: StoreSettings; currencies: { code: string; name: string; fractionDigits: number }[] };

/** Seed 000 §3 and seed 001 §3: every currency by code and name, with its fraction digits. */
export const STORE_CURRENCIES = CURRENCIES.map(({ code, name, fractionDigits }) => ({ code, name, fractionDigits }));

export async function readStoreSettings(db: Executor, websiteId: string): Promise<StoreSettingsAnswer> {
  return { settings: await storeSettingsOf(db, websiteId), currencies: STORE_CURRENCIES };
}
