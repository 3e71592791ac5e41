/**
 * Map block rules of seed 000 §9 and seed 001 §3, §4, §9: the default location, the numbered
 * styles and their names, which map type a style gives, the marker and the timings. The map block's
 * schema, its editor fields and its island share these.
 */

/** Seed 001 §3: a new map is centred here. */
export const MAP_DEFAULTS = { LATITUDE: 40.720882, LONGITUDE: -74.000988, ZOOM: 12 } as const;

/** Seed 001 §3: map block style numbers. */
export const MAP_STYLES = {
  ORIGINAL: 1,
  GRAYSCALE: 2,
  SATELLITE: 3,
  MINIMAL_LIGHT: 4,
  MINIMAL_DARK: 5,
  MINIMAL_BLUE: 6,
} as const;
export type MapStyle = (typeof MAP_STYLES)[keyof typeof MAP_STYLES];

/** Seed 001 §3: style names, listed there in this order (which differs from the numbering). */
export const MAP_STYLE_NAMES = ['Original', 'Grayscale', 'Satellite', 'MinimalDark', 'MinimalLight', 'MinimalBlue'] as const;
export type MapStyleName = (typeof MAP_STYLE_NAMES)[number];

/** The name of each numbered style. */
export const MAP_STYLE_NAME_BY_NUMBER: Readonly<Record<MapStyle, MapStyleName>> = {
  [MAP_STYLES.ORIGINAL]: 'Original',
  [MAP_STYLES.GRAYSCALE]: 'Grayscale',
  [MAP_STYLES.SATELLITE]: 'Satellite',
  [MAP_STYLES.MINIMAL_LIGHT]: 'MinimalLight',
  [MAP_STYLES.MINIMAL_DARK]: 'MinimalDark',
  [MAP_STYLES.MINIMAL_BLUE]: 'MinimalBlue',
};

/** Seed 001 §3: Grayscale is the default style. */
export const DEFAULT_MAP_STYLE: MapStyle = MAP_STYLES.GRAYSCALE;

export const MAP_LOCATION_FIELDS = [
  'mapLat',
  'mapLng',
  'markerLat',
  'markerLng',
  'mapZoom',
  'addressTitle',
  'addressLine1',
  'addressLine2',
  'addressCountry',
] as const;

export const MAP_UI_OPTIONS = [
  'style',
  'showLabels',
  'showTerrain',
  'draggable',
  'scrollwheel',
  'showControls',
  'disableDefaultUI',
  'markerDraggable',
  'linkOnClick',
] as const;

export type MapLocation = {
  mapLat: number;
  mapLng: number;
  mapZoom: number;
  markerLat?: number;
  markerLng?: number;
};

/** Seed 001 §3: without its own coordinates the marker sits at the map's centre. */
export function markerPosition(location: MapLocation): { lat: number; lng: number } {
  return { lat: location.markerLat ?? location.mapLat, lng: location.markerLng ?? location.mapLng };
}

export type MapType = 'hybrid' | 'terrain' | 'roadmap';

/** Seed 001 §4: satellite gives hybrid, terrain on gives terrain, otherwise a road map. */
export function mapType(style: number, showTerrain: boolean): MapType {
  if (style === MAP_STYLES.SATELLITE) return 'hybrid';
  return showTerrain ? 'terrain' : 'roadmap';
}

/** Seed 001 §9: the marker image is 48x64 and drawn at half that size. */
export const MAP_MARKER = { WIDTH: 48, HEIGHT: 64, SCALE: 0.5 } as const;

/** Seed 000 §9 (UI debounce) and seed 001 §9 (load timeout). */
export const MAP_TIMINGS_MS = { UI_UPDATE_DEBOUNCE: 60, LOAD_TIMEOUT: 30000 } as const;

/** A tile source: an address template with {z}, {x}, {y} (and optionally {s}, {r}), and who to credit. */
export type MapTiles = { url: string; attribution: string; attributionUrl?: string };

/**
 * The default tile source: OpenStreetMap's own tile servers, which ask for their attribution and
 * allow light use only (their tile usage policy); an operator with real traffic sets MAP_TILE_URL.
 */
export const OSM_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
};

/** A tile address template the map can draw: https, with the {z}, {x} and {y} slots Leaflet fills. */
export function isTileTemplate(url: string): boolean {
  return /^https:\/\/[^\s/]+\/\S*$/.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p));
}

export type MapAddress = {
  addressTitle?: string | undefined;
  addressLine1?: string | undefined;
  addressLine2?: string | undefined;
  addressCountry?: string | undefined;
};

/** The address lines that are filled in, in reading order (the title first). */
export function addressLines(address: MapAddress): string[] {
  return [address.addressTitle, address.addressLine1, address.addressLine2, address.addressCountry].map((l) => l?.trim() ?? '').filter((l) => l.length > 0);
}

/**
 * Seed 001 §2: the marker's maps page. The address when there is one (a visitor's maps page finds
 * the place itself, with its opening hours and directions), else the marker's coordinates.
 */
export function mapsPageUrl(address: MapAddress, marker: { lat: number; lng: number }, zoom: number): string {
  const street = addressLines({ ...address, addressTitle: undefined });
  if (street.length > 0) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(street.join(', '))}`;
  const lat = marker.lat.toFixed(6);
  const lng = marker.lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`;
}
