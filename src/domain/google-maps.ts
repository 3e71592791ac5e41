/**
 * Google Maps for the map block when a site has a browser key (seed 001 §7, §9): what a key,
 * language and region look like, the script address built from them (7.22), the load timeout
 * (9.40), the hosts a page showing a Google map must allow in its Content-Security-Policy, the map
 * styles of the six map block styles, and the place search's tracking context (7.37–7.39). The
 * server, the map's island and the editor share these.
 */
import { MAP_STYLES, MAP_TIMINGS_MS } from './map';

/** Google API keys: "AIza" and 35 more letters, digits, '-' or '_' (39 in all). */
export const GOOGLE_MAPS_KEY_PATTERN = /^AIza[0-9A-Za-z_-]{35}$/;
/** A language tag Google's map accepts: a language, optionally a script and/or region (en, pt-BR, zh-Hant-TW). */
export const GOOGLE_MAPS_LANGUAGE_PATTERN = /^[a-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Z]{2}|\d{3}))?$/;
/** A two-letter region code (a Unicode CLDR region, such as GB or US). */
export const GOOGLE_MAPS_REGION_PATTERN = /^[A-Z]{2}$/;

/** What a page needs to load Google's map: the site's key and, when the owner set them, language and region. */
export type GoogleMapsContext = { key: string; language?: string; region?: string };

/** Google's script address for the Maps JavaScript API. */
export const GOOGLE_MAPS_SCRIPT_BASE = 'https://maps.googleapis.com/maps/api/js';
/** The global function the script calls once the API is ready (its `callback` parameter). */
export const GOOGLE_MAPS_CALLBACK = '__openpressGoogleMapsReady';

/** Seed 001 §7 (7.22): the script's address, with the key and the optional language and region. */
export function googleMapsScriptUrl(ctx: GoogleMapsContext): string {
  const query = new URLSearchParams({ key: ctx.key, v: 'weekly', loading: 'async', callback: GOOGLE_MAPS_CALLBACK });
  if (ctx.language) query.set('language', ctx.language);
  if (ctx.region) query.set('region', ctx.region);
  return `${GOOGLE_MAPS_SCRIPT_BASE}?${query.toString()}`;
}

/** Seed 001 §9 (9.40): the script's load is given up after this long (7.23). */
export const GOOGLE_MAPS_LOAD_TIMEOUT_MS = MAP_TIMINGS_MS.LOAD_TIMEOUT;

/**
 * The page context the view writes and the island reads: the key, language and region as one
 * base64 JSON attribute (the island decodes it), so the page carries them in one place.
 */
export function encodeGoogleMapsContext(ctx: GoogleMapsContext): string {
  const bytes = new TextEncoder().encode(JSON.stringify(ctx));
  return btoa(String.fromCharCode(...bytes));
}

/** The context back from the page; undefined when it is missing or not what the view writes. */
export function decodeGoogleMapsContext(encoded: string | undefined): GoogleMapsContext | undefined {
  if (!encoded) return undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Record<keyof GoogleMapsContext, unknown>>;
    if (typeof value.key !== 'string' || !GOOGLE_MAPS_KEY_PATTERN.test(value.key)) return undefined;
    return {
      key: value.key,
      ...(typeof value.language === 'string' && GOOGLE_MAPS_LANGUAGE_PATTERN.test(value.language) ? { language: value.language } : {}),
      ...(typeof value.region === 'string' && GOOGLE_MAPS_REGION_PATTERN.test(value.region) ? { region: value.region } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * What a page showing a Google map adds to its policy (Google's allowlist for the Maps JavaScript
 * API). Only pages that render a Google map get these; every other page keeps the strict policy.
 */
export const GOOGLE_MAPS_CSP = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', 'https://*.ggpht.com', '*.googleusercontent.com', 'blob:'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', '*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com', 'data:', 'blob:'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  worker: ['blob:'],
} as const;

/** The mark a rendered Google map carries: the page's policy looks for it. */
export const GOOGLE_MAP_MARK = 'data-map-provider="google"';

/** Whether rendered HTML holds a Google map (its page's policy then allows Google's hosts). */
export function usesGoogleMaps(html: string): boolean {
  return html.includes(GOOGLE_MAP_MARK);
}

/** Seed 001 §2: the marker's maps page on Google Maps, the address when there is one, else the coordinates. */
export function googleMapsPageUrl(street: readonly string[], marker: { lat: number; lng: number }): string {
  const query = street.length > 0 ? street.join(', ') : `${marker.lat.toFixed(6)},${marker.lng.toFixed(6)}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A rule of Google's map styling (the `styles` option). */
export type GoogleMapStyle = { featureType?: string; elementType?: string; stylers: Record<string, string | number>[] };

const HIDE_LABELS: GoogleMapStyle = { elementType: 'labels', stylers: [{ visibility: 'off' }] };

/** The six map block styles (seed 001 §3) as Google map styling; Satellite is imagery (the hybrid type), not styling. */
export const GOOGLE_MAP_STYLES: Readonly<Record<number, readonly GoogleMapStyle[]>> = {
  [MAP_STYLES.ORIGINAL]: [],
  [MAP_STYLES.GRAYSCALE]: [{ stylers: [{ saturation: -100 }] }],
  [MAP_STYLES.SATELLITE]: [],
  [MAP_STYLES.MINIMAL_LIGHT]: [
    { stylers: [{ saturation: -100 }, { lightness: 40 }] },
    { featureType: 'poi', stylers: [{ visibility: 'off' }] },
    { featureType: 'transit', stylers: [{ visibility: 'off' }] },
  ],
  [MAP_STYLES.MINIMAL_DARK]: [
    { stylers: [{ saturation: -100 }, { invert_lightness: 'true' }, { lightness: -10 }] },
    { featureType: 'poi', stylers: [{ visibility: 'off' }] },
    { featureType: 'transit', stylers: [{ visibility: 'off' }] },
  ],
  [MAP_STYLES.MINIMAL_BLUE]: [
    { stylers: [{ hue: '#1d4ed8' }, { saturation: -60 }, { lightness: 20 }] },
    { featureType: 'water', stylers: [{ color: '#9ec5fe' }] },
    { featureType: 'poi', stylers: [{ visibility: 'off' }] },
  ],
};

/** A style's styling, with the map's own labels hidden when the block turns labels off. */
export function googleMapStyles(style: number, showLabels: boolean): GoogleMapStyle[] {
  return [...(GOOGLE_MAP_STYLES[style] ?? []), ...(showLabels ? [] : [HIDE_LABELS])];
}

/** Seed 001 §7 (7.37, 7.38): the tracking context the place search sends with each call. */
export type PlacesTrackingContext = { productPage: string; productSection: string };
/** What the editor's place search sends. */
export const MAP_EDITOR_TRACKING: PlacesTrackingContext = { productPage: 'editor', productSection: 'map-block' };
/** A tracking context value: short, lowercase words joined by '-' or '_'. */
export const TRACKING_VALUE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** The place search's call addresses. */
export const GOOGLE_PLACES_PATHS = { AUTOCOMPLETE: '/api/google-maps/places/autocomplete', DETAILS: '/api/google-maps/places/details' } as const;
