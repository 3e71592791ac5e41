/**
 * The map block's pure parts: a new block's data (seed 001 §3 defaults), the refusals of
 * out-of-range coordinates at the field's path (what the editor shows beside the field), the
 * server's address card and the data the island reads (marker at the centre, map type, marker
 * link), the style picker, the operator's tile setting, and the 60 ms redraw debounce.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BLOCK_TYPES } from '../../domain/block-types';
import { OSM_TILES } from '../../domain/map';
import { createSectionSchema } from '../../document/layout';
import { readConfig } from '../../server/config';
import { blockDefinition } from '../definitions';
import { storedBlockSchemas } from '../sanitize';
import type { RenderContext } from '../types';
import { debounce } from './debounce';
import { MAP_STYLE_OPTIONS } from './fields';
import { mapData, type MapData } from './schema';
import { configureMapTiles } from './tiles';
import { MapView } from './view';

const sections = z.array(createSectionSchema(storedBlockSchemas));
const ctx: RenderContext = { host: 'example.com', files: new Map(), featureFlags: [] };
const layout = { desktop: { x: 0, y: 0, w: 12, h: 12 } };
const section = (data: unknown) => [{ id: 'a'.repeat(24), theme: 'light', blocks: [{ id: 'b'.repeat(24), type: BLOCK_TYPES.MAP, data, layout }] }];

/** The errors a draft save answers, by path in its body (page-drafts.ts writes them so). */
function refusals(data: unknown): Record<string, string> {
  const parsed = sections.safeParse(section(data));
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [['sections', ...i.path.map(String)].join('.'), i.message]));
}

const render = (data: Omit<Partial<MapData>, 'location'> & { location?: Partial<MapData['location']> }) =>
  renderToStaticMarkup(<MapView id="m1" data={mapData.parse(data)} ctx={ctx} columns={12} priority={false} />);

const attr = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

describe('map block', () => {
  afterEach(() => configureMapTiles(OSM_TILES));

  // covers 001-3.35, 001-3.36, 001-3.37, 001-3.38, 001-3.41, 001-3.44
  it('starts a new map at 40.720882, -74.000988, zoom 12, Grayscale, with its location fields', () => {
    const def = blockDefinition(BLOCK_TYPES.MAP)!;
    expect(def.kind).toBe('map');
    expect(def.island).toEqual({ load: 'visible' });
    const data = def.data.parse(def.defaults) as MapData;
    expect(data.location).toMatchObject({ mapLat: 40.720882, mapLng: -74.000988, mapZoom: 12 });
    expect(data.location.markerLat).toBeUndefined();
    expect(data.style).toBe(2);
    expect(Object.keys(data).sort()).toEqual(['draggable', 'linkOnClick', 'location', 'scrollwheel', 'showControls', 'showLabels', 'showTerrain', 'style']);
    expect(Object.keys(mapData.shape.location.unwrap().shape).sort()).toEqual([
      'addressCountry',
      'addressLine1',
      'addressLine2',
      'addressTitle',
      'mapLat',
      'mapLng',
      'mapZoom',
      'markerLat',
      'markerLng',
    ]);
    // Even an empty object is a whole map at the seed's defaults.
    expect(mapData.parse({}).location).toEqual({ mapLat: 40.720882, mapLng: -74.000988, mapZoom: 12 });
    expect(refusals(def.defaults)).toEqual({});
  });

  it('refuses out-of-range coordinates, zoom and style at the field’s path, with the range', () => {
    const data = blockDefinition(BLOCK_TYPES.MAP)!.defaults as MapData;
    const at = 'sections.0.blocks.0.data';
    expect(refusals({ ...data, location: { ...data.location, mapLat: 91 } })).toEqual({ [`${at}.location.mapLat`]: 'Latitude must be between -90 and 90' });
    expect(refusals({ ...data, location: { ...data.location, mapLng: -180.5 } })).toEqual({
      [`${at}.location.mapLng`]: 'Longitude must be between -180 and 180',
    });
    expect(refusals({ ...data, location: { ...data.location, markerLat: -95, markerLng: 200 } })).toEqual({
      [`${at}.location.markerLat`]: 'Marker latitude must be between -90 and 90',
      [`${at}.location.markerLng`]: 'Marker longitude must be between -180 and 180',
    });
    expect(refusals({ ...data, location: { ...data.location, mapZoom: 25 } })).toEqual({ [`${at}.location.mapZoom`]: 'Zoom must be between 1 and 19' });
    expect(refusals({ ...data, location: { ...data.location, mapLat: '40.7' } })).toEqual({ [`${at}.location.mapLat`]: 'Latitude must be a number' });
    expect(refusals({ ...data, style: 7 })).toEqual({ [`${at}.style`]: 'Style must be 1 to 6' });
  });

  // covers 001-3.39, 001-2.13, 001-4.87, 001-4.88, 001-4.89
  it('renders the address card and hands the island the centre, the marker (at the centre by default) and the map type', () => {
    const html = render({
      location: { mapLat: 51.5, mapLng: -0.12, addressTitle: 'Kiln & Co', addressLine1: '12 Clay Lane', addressCountry: 'United Kingdom' },
    });
    expect(attr(html, 'data-marker-lat')).toBe('51.5');
    expect(attr(html, 'data-marker-lng')).toBe('-0.12');
    expect(attr(html, 'data-map-type')).toBe('roadmap');
    expect(html).toContain('aria-label="Map: Kiln &amp; Co"');
    expect(html).toContain('<p class="map-card-title" id="map-title-m1">Kiln &amp; Co</p>');
    expect(html).toContain('<span class="map-card-line">12 Clay Lane</span><span class="map-card-line">United Kingdom</span>');
    const placed = render({ location: { mapLat: 51.5, mapLng: -0.12, markerLat: 51.6, markerLng: -0.1 } });
    expect([attr(placed, 'data-marker-lat'), attr(placed, 'data-marker-lng')]).toEqual(['51.6', '-0.1']);
    expect(attr(render({ style: 3, showTerrain: true }), 'data-map-type')).toBe('hybrid');
    expect(attr(render({ style: 1, showTerrain: true }), 'data-map-type')).toBe('terrain');
    expect(render({ style: 5 })).toContain('class="block-map map-style-5"');
  });

  // covers 001-2.14
  it('links the address to a maps page in a new window, or the coordinates when there is no address', () => {
    const html = render({ location: { addressTitle: 'Studio', addressLine1: '71 Sullivan Street', addressLine2: 'New York, NY 10012' } });
    const href = 'https://www.openstreetmap.org/search?query=71%20Sullivan%20Street%2C%20New%20York%2C%20NY%2010012';
    expect(html).toContain(
      `<a class="map-card-link" href="${href}" target="_blank" rel="noopener noreferrer">Open in maps<span class="map-hidden-text"> (opens in a new window)</span></a>`,
    );
    expect(attr(html, 'data-link')).toBe(href);
    const bare = render({ location: { mapLat: 10, mapLng: 20, mapZoom: 9 } });
    expect(attr(bare, 'data-link')).toBe('https://www.openstreetmap.org/?mlat=10.000000&amp;mlon=20.000000#map=9/10.000000/20.000000');
    expect(bare).toContain('Our location');
    expect(bare).toContain('10.00000, 20.00000');
    expect(attr(render({ linkOnClick: false }), 'data-link')).toBeUndefined();
  });

  // covers 001-3.43
  it('offers the styles by the seed’s names, in its order', () => {
    expect(MAP_STYLE_OPTIONS).toEqual([
      { value: '1', label: 'Original' },
      { value: '2', label: 'Grayscale' },
      { value: '3', label: 'Satellite' },
      { value: '5', label: 'Minimal dark' },
      { value: '4', label: 'Minimal light' },
      { value: '6', label: 'Minimal blue' },
    ]);
  });

  it('draws OpenStreetMap’s tiles with their credit unless the operator sets MAP_TILE_URL', () => {
    expect(readConfig({}).mapTiles).toEqual(OSM_TILES);
    expect(attr(render({}), 'data-tiles')).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(attr(render({}), 'data-attribution')).toBe('© OpenStreetMap contributors');
    const own = readConfig({
      MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Example Maps',
      MAP_TILE_ATTRIBUTION_URL: 'https://example.net/credits',
    }).mapTiles;
    expect(own).toEqual({ url: 'https://tiles.example.net/{z}/{x}/{y}.png', attribution: 'Example Maps', attributionUrl: 'https://example.net/credits' });
    configureMapTiles(own);
    expect(attr(render({}), 'data-tiles')).toBe('https://tiles.example.net/{z}/{x}/{y}.png');
    expect(readConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png' }).mapTiles.attribution).toBe('s.tiles.example.net');
    for (const bad of ['http://tiles.example.net/{z}/{x}/{y}.png', 'https://tiles.example.net/tile.png', 'javascript:alert(1)//{z}{x}{y}']) {
      expect(() => readConfig({ MAP_TILE_URL: bad })).toThrow(/MAP_TILE_URL must be an https:\/\/ address with \{z\}, \{x\} and \{y\}/);
    }
  });

  // covers 000-9.34
  it('runs a burst of UI updates once, 60 ms after the last', () => {
    vi.useFakeTimers();
    try {
      const update = vi.fn();
      const later = debounce(update, 60);
      for (let i = 0; i < 5; i++) {
        later();
        vi.advanceTimersByTime(30);
      }
      expect(update).not.toHaveBeenCalled();
      vi.advanceTimersByTime(29);
      expect(update).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(update).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
