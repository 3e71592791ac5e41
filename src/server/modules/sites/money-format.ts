/** How a site writes money: in its language, with the currency-formatting lab's locale formatting when the site has it on. */
import type { MoneyFormat } from '../../../domain/commerce';
import { FEATURE_FLAGS } from '../../../domain/feature-flags';
import { labsFlags } from '../../../domain/labs';
import { siteSettings } from './stored-json';

export function moneyFormatOf(site: { id: string; identifier: string; settings: unknown; labs: unknown }): MoneyFormat {
  return { locale: siteSettings(site).locale, localeFormatting: labsFlags(site.labs).includes(FEATURE_FLAGS.CURRENCY_FORMATTING) };
}
