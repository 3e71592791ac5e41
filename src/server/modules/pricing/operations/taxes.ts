/**
 * The owner's tax switches (prices include tax, tax shipping, the business's country) and tax
 * rules (a rate for a country, a region or postcodes starting so), the rules in the owner's order.
 */
import { asc, eq } from 'drizzle-orm';
import type { TaxSwitches } from '../../../../contracts/pricing';
import type { Db, Executor } from '../../../../db/client';
import type { TaxRule } from '../../../../document/pricing';
import { MAX_TAX_RULES } from '../../../../domain/pricing/limits';
import { format } from '../../../../messages/format';
import { pricingApi } from '../../../../messages/pricing-api';
import { storeSettingsOf } from '../../catalogue';
import { taxRuleColumns, taxRuleOf, writeTaxSettings } from '../pricing-document';
import { taxRules, taxSettings } from '../schema';
import { deleteRule, placeFor, ruleChange, writeRow } from './rule-rows';

export async function readTaxSettings(db: Executor, websiteId: string) {
  const [settings, [row]] = await Promise.all([storeSettingsOf(db, websiteId), db.select().from(taxSettings).where(eq(taxSettings.websiteId, websiteId))]);
  const switches: TaxSwitches = {
    pricesIncludeTax: row?.pricesIncludeTax ?? false,
    taxShipping: row?.taxShipping ?? false,
    ...(row?.originCountry ? { originCountry: row.originCountry } : {}),
  };
  return { currency: settings.selectedCurrency, settings: switches };
}

export async function updateTaxSettings(db: Db, websiteId: string, accountId: string, body: TaxSwitches) {
  await ruleChange(db, websiteId, accountId, async (tx) => {
    await writeTaxSettings(tx, websiteId, body);
    return { answer: null, action: 'tax.settings_updated', detail: { ...body } };
  });
  return readTaxSettings(db, websiteId);
}

export async function listTaxRules(db: Executor, websiteId: string): Promise<{ rules: TaxRule[] }> {
  const rows = await db.select().from(taxRules).where(eq(taxRules.websiteId, websiteId)).orderBy(asc(taxRules.position));
  return { rules: rows.map(taxRuleOf) };
}

/** Adds a rule last (`ruleId` undefined: the body's id is not used) or changes one in its place. */
export async function saveTaxRule(db: Db, websiteId: string, accountId: string, body: TaxRule, ruleId?: string): Promise<{ rule: TaxRule }> {
  return ruleChange(db, websiteId, accountId, async (tx) => {
    const place = await placeFor(tx, taxRules, websiteId, ruleId, {
      most: MAX_TAX_RULES,
      tooMany: format(pricingApi.tooManyTaxRules, { max: MAX_TAX_RULES }),
      missing: pricingApi.noTaxRule,
    });
    const rule: TaxRule = { ...body, id: place.id };
    await writeRow(tx, taxRules, websiteId, place, taxRuleColumns(rule));
    const action = ruleId === undefined ? 'tax_rules.created' : 'tax_rules.updated';
    return { answer: { rule }, action, detail: { ruleId: rule.id, name: rule.name } };
  });
}

export async function deleteTaxRule(db: Db, websiteId: string, accountId: string, ruleId: string) {
  return deleteRule(db, websiteId, accountId, { table: taxRules, id: ruleId, missing: pricingApi.noTaxRule, action: 'tax_rules.deleted' });
}
