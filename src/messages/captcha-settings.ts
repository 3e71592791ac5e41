/** The captcha's settings and challenges, as the server answers (the browser's own texts are in captcha.ts). */
export const captchaSettings = {
  challengeLimited: 'Too many captcha requests from this address. Please try again in a few minutes.',
  builtInUnused: 'This site does not use the built-in captcha.',
  pasteKey: 'Paste the {what} exactly as reCAPTCHA shows it (letters, digits, - and _).',
  secretRequired: 'Enter the secret key reCAPTCHA gave you with the site key.',
} as const;
