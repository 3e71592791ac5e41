/**
 * The site's brand in the header and the browser: the logo beside or instead of the title, its
 * height, and the site icon's addresses and sizes (the browser tab, a phone's home screen). Pure
 * rules shared by the site document, the renderer, the icon routes and the Design screen.
 */

/** What the header shows when the site has a logo: without one, the title alone. */
export const LOGO_DISPLAYS = ['logo-and-title', 'logo', 'title'] as const;
export type LogoDisplay = (typeof LOGO_DISPLAYS)[number];
export const LOGO_DISPLAY_DEFAULT: LogoDisplay = 'logo-and-title';

/** The logo's height in CSS pixels on wider screens; on phones it is at most LOGO_PHONE_MAX_PX, so the header stays one 64 px row. */
export const LOGO_HEIGHT_PX = { MIN: 16, MAX: 120, DEFAULT: 40 } as const;
export const LOGO_PHONE_MAX_PX = 44;

/** The logo's width and height attributes at `height`, from the image's own size (a square when unknown). */
export function logoBox(height: number, image: { width?: number | undefined; height?: number | undefined }): { width: number; height: number } {
  const ratio = image.width && image.height ? image.width / image.height : 1;
  return { width: Math.max(1, Math.round(height * ratio)), height };
}

/**
 * The icon's PNG addresses and sizes a page links: the tab's (32 px, also a 16 px tab at double
 * density) and the home screen's (Apple's 180 px touch icon). `/favicon.ico` answers beside them
 * for what asks for it by name.
 */
export const ICON_LINKS = [
  { rel: 'icon', path: '/favicon-32x32.png', size: 32 },
  { rel: 'apple-touch-icon', path: '/apple-touch-icon.png', size: 180 },
] as const;
export const FAVICON_PATH = '/favicon.ico';
/** The sizes `/favicon.ico` holds, each a PNG inside the ICO container. */
export const FAVICON_ICO_SIZES = [16, 32, 48] as const;

/** The query that names which icon a link meant: the icon file's hash, or the default mark's version. */
export const ICON_VERSION_QUERY = 'v';
/** Raised when the default mark is redrawn, so browsers that keep the old one for a year fetch the new one. */
export const DEFAULT_ICON_VERSION = 'default-1';
