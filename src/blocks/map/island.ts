/**
 * The map block's island (seed 001 §2): the island loader imports it only when the block comes into
 * view, and it imports the map that site draws with: Leaflet over the operator's tiles
 * (./leaflet-map.ts), or Google's map on a site with a Google Maps key (./google.ts). Each is its
 * own chunk, so a page loads the code of one map library, and none before the map is in view.
 */
export default function enhance(frame: HTMLElement) {
  const root = frame.querySelector<HTMLElement>('.block-map');
  if (!root) return;
  if (root.dataset.mapProvider === 'google') void import('./google').then((google) => google.drawGoogleMap(root));
  else void import('./leaflet-map').then((leaflet) => leaflet.drawMap(root));
}
