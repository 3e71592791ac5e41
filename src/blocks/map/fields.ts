/**
 * The map block's editable properties (seed 001 §3): the place (centre, zoom, marker, address), the
 * style, and how visitors may move the map. Styles are offered in the seed's order of names, which
 * differs from their numbering.
 */
import { MAP_STYLE_NAMES, MAP_STYLES, type MapStyleName } from '../../domain/map';
import { describeFields } from '../fields';
import { mapData, mapLocation } from './schema';

/** How each of the seed's style names reads in the picker. */
const STYLE_LABELS: Readonly<Record<MapStyleName, string>> = {
  Original: 'Original',
  Grayscale: 'Grayscale',
  Satellite: 'Satellite',
  MinimalDark: 'Minimal dark',
  MinimalLight: 'Minimal light',
  MinimalBlue: 'Minimal blue',
};

const STYLE_NUMBERS: Readonly<Record<MapStyleName, number>> = {
  Original: MAP_STYLES.ORIGINAL,
  Grayscale: MAP_STYLES.GRAYSCALE,
  Satellite: MAP_STYLES.SATELLITE,
  MinimalDark: MAP_STYLES.MINIMAL_DARK,
  MinimalLight: MAP_STYLES.MINIMAL_LIGHT,
  MinimalBlue: MAP_STYLES.MINIMAL_BLUE,
};

export const MAP_STYLE_OPTIONS = MAP_STYLE_NAMES.map((name) => ({ value: String(STYLE_NUMBERS[name]), label: STYLE_LABELS[name] }));

export const mapFields = describeFields(mapData.shape, {
  location: {
    type: 'object',
    label: 'Location',
    fields: describeFields(mapLocation.shape, {
      addressTitle: { type: 'text', label: 'Place name', hint: 'Shown above the address, such as the name of your shop.' },
      addressLine1: { type: 'text', label: 'Address line 1' },
      addressLine2: { type: 'text', label: 'Address line 2' },
      addressCountry: { type: 'text', label: 'Country' },
      mapLat: { type: 'number', label: 'Latitude of the centre', hint: 'From -90 (south) to 90 (north), such as 40.720882.' },
      mapLng: { type: 'number', label: 'Longitude of the centre', hint: 'From -180 (west) to 180 (east), such as -74.000988.' },
      mapZoom: { type: 'number', label: 'Zoom', hint: '1 shows the whole world, 19 a single street.' },
      markerLat: { type: 'number', label: 'Marker latitude', hint: 'Leave empty to put the marker at the centre.' },
      markerLng: { type: 'number', label: 'Marker longitude', hint: 'Leave empty to put the marker at the centre.' },
    }),
  },
  style: { type: 'select', label: 'Style', options: MAP_STYLE_OPTIONS },
  showLabels: { type: 'checkbox', label: 'Show the place name beside the marker' },
  showTerrain: { type: 'checkbox', label: 'Show terrain', hint: 'Hills and landforms, where the map’s tile source offers them.' },
  showControls: { type: 'checkbox', label: 'Show zoom controls' },
  draggable: { type: 'checkbox', label: 'Let visitors drag the map' },
  scrollwheel: { type: 'checkbox', label: 'Zoom with the mouse wheel', hint: 'Off, the page scrolls past the map as usual.' },
  linkOnClick: { type: 'checkbox', label: 'Open the address in a maps page when the marker is clicked' },
});
