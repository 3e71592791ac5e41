import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_STYLE,
  MAP_DEFAULTS,
  MAP_LOCATION_FIELDS,
  MAP_MARKER,
  MAP_STYLE_NAME_BY_NUMBER,
  MAP_STYLE_NAMES,
  MAP_STYLES,
  MAP_TIMINGS_MS,
  MAP_UI_OPTIONS,
  OSM_TILES,
  addressLines,
  isTileTemplate,
  mapType,
  mapsPageUrl,
  markerPosition,
} from './map';

describe('map', () => {
  // constants and helpers for 001-3.36, 001-3.37, 001-3.38 (the browser behaviour is left to end-to-end tests)
  it('centres a new map on 40.720882, -74.000988 at zoom 12', () => {
    expect(MAP_DEFAULTS).toEqual({ LATITUDE: 40.720882, LONGITUDE: -74.000988, ZOOM: 12 });
  });

  // constants and helpers for 001-3.39 (the browser behaviour is left to end-to-end tests)
  it('puts the marker at the centre when it has no coordinates', () => {
    expect(markerPosition({ mapLat: 1, mapLng: 2, mapZoom: 12 })).toEqual({ lat: 1, lng: 2 });
    expect(markerPosition({ mapLat: 1, mapLng: 2, mapZoom: 12, markerLat: 3, markerLng: 4 })).toEqual({ lat: 3, lng: 4 });
  });

  // constants and helpers for 001-3.42, 001-3.43, 001-3.44 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('numbers the styles 1 to 6, names them, and defaults to Grayscale', () => {
    expect(MAP_STYLES).toEqual({ ORIGINAL: 1, GRAYSCALE: 2, SATELLITE: 3, MINIMAL_LIGHT: 4, MINIMAL_DARK: 5, MINIMAL_BLUE: 6 });
    expect(MAP_STYLE_NAMES).toEqual(['Original', 'Grayscale', 'Satellite', 'MinimalDark', 'MinimalLight', 'MinimalBlue']);
    expect(MAP_STYLE_NAME_BY_NUMBER[4]).toBe('MinimalLight');
    expect(MAP_STYLE_NAME_BY_NUMBER[5]).toBe('MinimalDark');
    expect(MAP_STYLE_NAME_BY_NUMBER[DEFAULT_MAP_STYLE]).toBe('Grayscale');
  });

  // constants and helpers for 001-3.35, 001-3.40 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('lists the location fields and UI options', () => {
    expect(MAP_LOCATION_FIELDS).toEqual([
      'mapLat',
      'mapLng',
      'markerLat',
      'markerLng',
      'mapZoom',
      'addressTitle',
      'addressLine1',
      'addressLine2',
      'addressCountry',
    ]);
    expect(MAP_UI_OPTIONS).toEqual([
      'style',
      'showLabels',
      'showTerrain',
      'draggable',
      'scrollwheel',
      'showControls',
      'disableDefaultUI',
      'markerDraggable',
      'linkOnClick',
    ]);
  });

  // constants and helpers for 001-4.87, 001-4.88, 001-4.89 (the browser behaviour is left to end-to-end tests)
  it('gives hybrid for satellite, terrain with terrain on, else a road map', () => {
    expect(mapType(MAP_STYLES.SATELLITE, true)).toBe('hybrid');
    expect(mapType(MAP_STYLES.SATELLITE, false)).toBe('hybrid');
    expect(mapType(MAP_STYLES.GRAYSCALE, true)).toBe('terrain');
    expect(mapType(MAP_STYLES.GRAYSCALE, false)).toBe('roadmap');
  });

  // covers 000-9.34
  // constants and helpers for 001-9.40, 001-9.41 (the browser behaviour is left to end-to-end tests)
  it('has the marker size and timings', () => {
    expect(MAP_MARKER).toEqual({ WIDTH: 48, HEIGHT: 64, SCALE: 0.5 });
    expect(MAP_TIMINGS_MS).toEqual({ UI_UPDATE_DEBOUNCE: 60, LOAD_TIMEOUT: 30000 });
  });
});

describe('map addresses and tiles', () => {
  // covers 001-2.14 (the address the marker opens)
  it('opens the street address in a maps page, else the coordinates', () => {
    const marker = { lat: 40.720882, lng: -74.000988 };
    expect(mapsPageUrl({ addressTitle: 'Studio', addressLine1: '71 Sullivan St', addressCountry: 'USA' }, marker, 12)).toBe(
      'https://www.openstreetmap.org/search?query=71%20Sullivan%20St%2C%20USA',
    );
    expect(mapsPageUrl({ addressTitle: 'Studio', addressLine1: '  ' }, marker, 12)).toBe(
      'https://www.openstreetmap.org/?mlat=40.720882&mlon=-74.000988#map=12/40.720882/-74.000988',
    );
    expect(addressLines({ addressTitle: ' Studio ', addressLine2: 'NY' })).toEqual(['Studio', 'NY']);
  });

  it('takes https tile templates with {z}, {x} and {y} only', () => {
    expect(isTileTemplate(OSM_TILES.url)).toBe(true);
    expect(isTileTemplate('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png')).toBe(true);
    expect(isTileTemplate('http://tile.example.org/{z}/{x}/{y}.png')).toBe(false);
    expect(isTileTemplate('https://tile.example.org/{z}/{x}.png')).toBe(false);
  });
});
