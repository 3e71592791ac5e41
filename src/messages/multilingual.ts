/** Multilingual sites (a labs feature): its languages and the translation provider's key. */
export const multilingual = {
  labsOff: 'Multilingual sites are a labs feature that is off for this site. Turn it on under Labs.',
  pasteApiKey: 'Paste the API key your translation provider gave you.',
  apiKeyShape: 'An API key has 8 to 512 characters and no spaces.',
  tooManyLanguages: 'A site can offer at most {max} languages.',
  noLanguage: 'Add at least one language: the site’s primary language.',
  noDefault: 'Choose one language as the default: the site’s primary language.',
  twoDefaults: 'Only one language can be the default.',
  defaultHidden: 'The default language is always shown to visitors; it cannot be hidden.',
} as const;
