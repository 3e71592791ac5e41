/** The catalogue's language. Translations (the multilingual work) will key on the message names. */
export const MESSAGE_LOCALE = 'en';

/** What both sides parse and format with: no XML-like tags, so `<` and `>` are plain text. */
export const ICU_OPTIONS = { ignoreTag: true } as const;
