/** A new map (seed 001 §3): centred on 40.720882, -74.000988 at zoom 12, the marker at the centre, Grayscale; half the grid wide. */
import { DEFAULT_MAP_STYLE, MAP_DEFAULTS } from '../../domain/map';

export const mapDefaults = {
  location: {
    mapLat: MAP_DEFAULTS.LATITUDE,
    mapLng: MAP_DEFAULTS.LONGITUDE,
    mapZoom: MAP_DEFAULTS.ZOOM,
    addressTitle: 'Our studio',
    addressLine1: '71 Sullivan Street',
    addressLine2: 'New York, NY 10012',
    addressCountry: 'United States',
  },
  style: DEFAULT_MAP_STYLE,
  showLabels: true,
  showTerrain: false,
  showControls: true,
  draggable: true,
  scrollwheel: false,
  linkOnClick: true,
};
export const mapSize = { w: 12, h: 12 };
