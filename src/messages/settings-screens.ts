/** The config area's settings screens and their API. */
export const settingsScreens = {
  savedPublished: 'Saved. The published pages follow at once.',
  cookieBannerNotObject: 'Send the cookie banner settings as a JSON object.',
} as const;
