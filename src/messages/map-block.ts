/** The map block's words for visitors: its address card and its marker link. */
export const mapBlock = {
  region: 'Map: {place}',
  unnamedPlace: 'Our location',
  openInMaps: 'Open in maps',
  newWindow: '(opens in a new window)',
  markerLabel: 'Open {place} in a maps page (opens in a new window)',
  coordinates: '{lat}, {lng}',
} as const;
