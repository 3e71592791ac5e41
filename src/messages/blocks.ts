/** Texts of blocks: link defaults (seed 000 §9), video (seed 001 §4). */
export const blocks = {
  defaultLinkTitle: 'Order Now',
  typekitFontUnavailable: 'Requested font no longer in Typekit',
  videoInvalidEmbed: 'Invalid video embed.',
  videoCustomFeaturedImage: 'Custom featured images only available with embedded videos. Go back into embed settings to turn off featured images.',
  vimeoBasicUnsupported: 'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
} as const;
