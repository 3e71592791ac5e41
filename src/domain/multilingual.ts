import { format } from '../messages/format';
import { multilingual } from '../messages/multilingual';
/**
 * Multilingual sites (seed 001 §7, behind the `multilingual` flag): the rules for a site's list of
 * languages and the translation providers it may connect. Shared by the server, which enforces
 * them, and the config area, which names languages and checks a list before saving it
 * (docs/decisions/0026-multilingual-settings.md).
 */

/** A site offers at most this many languages. */
export const MAX_LANGUAGES = 20;

/** A language (`fr`, `fil`) with an optional region (`fr-CA`): the same form as the site's locale setting. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

/** Codes that name no real language (undetermined, multiple, no linguistic content, uncoded) and the unknown region. */
const NOT_A_LANGUAGE = new Set(['mis', 'mul', 'und', 'zxx']);
const NOT_A_REGION = 'ZZ';

export type LanguageChoice = { code: string; default: boolean; visible: boolean };

export const TRANSLATION_PROVIDERS = [
  { id: 'deepl', name: 'DeepL' },
  { id: 'google', name: 'Google Cloud Translation' },
  { id: 'microsoft', name: 'Microsoft Translator' },
] as const;
export type TranslationProviderId = (typeof TRANSLATION_PROVIDERS)[number]['id'];

export function translationProviderName(id: string): string | undefined {
  return TRANSLATION_PROVIDERS.find((p) => p.id === id)?.name;
}

/** An API key as providers issue them: 8 to 512 visible ASCII characters, no spaces. */
export const API_KEY_PATTERN = /^[\x21-\x7e]{8,512}$/;

/** `' FR-ca '` → `'fr-CA'`: the case people type is not a different language. */
export function normalizeLanguageCode(raw: string): string {
  const [language = '', region, ...rest] = raw.trim().replace(/_/g, '-').split('-');
  if (rest.length > 0) return raw.trim();
  return region === undefined ? language.toLowerCase() : `${language.toLowerCase()}-${region.toUpperCase()}`;
}

/** The English name of a language code (`fr-CA` → 'French (Canada)'), or undefined when it names no known language and region. */
export function languageName(code: string): string | undefined {
  if (!LANGUAGE_CODE_PATTERN.test(code)) return undefined;
  const [language = '', region] = code.split('-');
  if (NOT_A_LANGUAGE.has(language) || region === NOT_A_REGION) return undefined;
  try {
    const languages = new Intl.DisplayNames('en', { type: 'language', fallback: 'none', languageDisplay: 'standard' });
    if (!languages.of(language)) return undefined;
    if (region && !new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }).of(region)) return undefined;
    return languages.of(code);
  } catch {
    return undefined;
  }
}

/** Why a list of languages cannot be saved (with the JSON path of the culprit), or null when it can. */
export function languageListProblem(list: readonly LanguageChoice[]): { path: string; message: string } | null {
  if (list.length === 0) return { path: 'languages', message: multilingual.noLanguage };
  if (list.length > MAX_LANGUAGES) return { path: 'languages', message: format(multilingual.tooManyLanguages, { max: MAX_LANGUAGES }) };
  const seen = new Set<string>();
  for (const [i, lang] of list.entries()) {
    if (!LANGUAGE_CODE_PATTERN.test(lang.code)) {
      return { path: `languages.${i}.code`, message: `"${lang.code}" is not a language code such as fr or fr-CA.` };
    }
    if (!languageName(lang.code)) return { path: `languages.${i}.code`, message: `"${lang.code}" is not a language we know.` };
    if (seen.has(lang.code)) return { path: `languages.${i}.code`, message: `${lang.code} is listed twice.` };
    seen.add(lang.code);
  }
  const defaults = list.filter((l) => l.default);
  if (defaults.length === 0) return { path: 'languages', message: multilingual.noDefault };
  if (defaults.length > 1) return { path: 'languages', message: multilingual.twoDefaults };
  if (!defaults[0]!.visible) {
    return { path: `languages.${list.indexOf(defaults[0]!)}.visible`, message: multilingual.defaultHidden };
  }
  return null;
}
