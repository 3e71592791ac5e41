/**
 * The choices of the Settings screen's locale and time zone pickers, from the browser's own Intl
 * data: every time zone it knows (`Intl.supportedValuesOf`), and the locales a site is commonly
 * written for, each named in words ('English (United Kingdom)').
 */

/** Language and region pairs offered as a site's locale; another valid tag may still be typed. */
// biome-ignore format: a table, a line per group of languages
const LOCALE_TAGS = [
  'en-US', 'en-GB', 'en-AU', 'en-CA', 'en-IE', 'en-IN', 'en-NZ', 'en-SG', 'en-ZA', 'cy-GB', 'ga-IE',
  'fr-FR', 'fr-BE', 'fr-CA', 'fr-CH', 'de-DE', 'de-AT', 'de-CH', 'nl-NL', 'nl-BE', 'it-IT', 'it-CH',
  'es-ES', 'es-AR', 'es-CO', 'es-MX', 'es-US', 'ca-ES', 'eu-ES', 'gl-ES', 'pt-PT', 'pt-BR',
  'da-DK', 'fi-FI', 'is-IS', 'nb-NO', 'sv-SE', 'et-EE', 'lt-LT', 'lv-LV', 'pl-PL', 'cs-CZ', 'sk-SK',
  'hu-HU', 'ro-RO', 'bg-BG', 'el-GR', 'hr-HR', 'sl-SI', 'sr-RS', 'uk-UA', 'ru-RU', 'tr-TR',
  'he-IL', 'ar-AE', 'ar-SA', 'ar-EG', 'hi-IN', 'bn-IN', 'th-TH', 'vi-VN', 'id-ID', 'ms-MY', 'fil-PH',
  'zh-CN', 'zh-HK', 'zh-TW', 'ja-JP', 'ko-KR',
];

export type Choice = { value: string; label: string };

export function localeChoices(): Choice[] {
  const languages = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
  return LOCALE_TAGS.map((tag) => ({ value: tag, label: languages.of(tag) ?? tag })).sort((a, b) => a.label.localeCompare(b.label));
}

export function timeZoneChoices(): Choice[] {
  return Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}
