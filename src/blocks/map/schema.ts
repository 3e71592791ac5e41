/**
 * Map block data (seed 001 §3): its location (centre, zoom, marker, address), its style 1 to 6 and
 * its UI options. Coordinates out of range are refused with the field's path and a sentence that
 * says the range, so the editor shows it beside the field (and a stored page never holds one).
 */
import { z } from 'zod';
import { DEFAULT_MAP_STYLE, MAP_DEFAULTS } from '../../domain/map';

const latitude = (name: string) =>
  z.number(`${name} must be a number`).min(-90, `${name} must be between -90 and 90`).max(90, `${name} must be between -90 and 90`);
const longitude = (name: string) =>
  z.number(`${name} must be a number`).min(-180, `${name} must be between -180 and 180`).max(180, `${name} must be between -180 and 180`);
const line = z.string().max(200);

/** The zoom levels raster tile servers draw (0, the whole world, to 19, a street). */
export const MAP_ZOOM = { MIN: 1, MAX: 19 } as const;

export const mapLocation = z
  .object({
    mapLat: latitude('Latitude').default(MAP_DEFAULTS.LATITUDE),
    mapLng: longitude('Longitude').default(MAP_DEFAULTS.LONGITUDE),
    mapZoom: z
      .number('Zoom must be a number')
      .int('Zoom must be a whole number')
      .min(MAP_ZOOM.MIN, `Zoom must be between ${MAP_ZOOM.MIN} and ${MAP_ZOOM.MAX}`)
      .max(MAP_ZOOM.MAX, `Zoom must be between ${MAP_ZOOM.MIN} and ${MAP_ZOOM.MAX}`)
      .default(MAP_DEFAULTS.ZOOM),
    /** Left out, the marker sits at the centre (seed 001 §3). */
    markerLat: latitude('Marker latitude').optional(),
    markerLng: longitude('Marker longitude').optional(),
    addressTitle: line.optional(),
    addressLine1: line.optional(),
    addressLine2: line.optional(),
    addressCountry: line.optional(),
  })
  .strict();

export const mapData = z
  .object({
    location: mapLocation.prefault({}),
    style: z.number().int().min(1, 'Style must be 1 to 6').max(6, 'Style must be 1 to 6').default(DEFAULT_MAP_STYLE),
    showLabels: z.boolean().default(true),
    showTerrain: z.boolean().default(false),
    showControls: z.boolean().default(true),
    draggable: z.boolean().default(true),
    scrollwheel: z.boolean().default(false),
    linkOnClick: z.boolean().default(true),
  })
  .strict();
export type MapData = z.output<typeof mapData>;
