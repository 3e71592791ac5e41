/**
 * The locale used where a page or a visitor names none: money formatting (commerce.ts) and the
 * analytics resolved locale (seed 001 §3). A module of its own so code that needs only this word
 * (the visitor's measurement code) does not carry the currency table.
 */
export const DEFAULT_LOCALE = 'en-US';
