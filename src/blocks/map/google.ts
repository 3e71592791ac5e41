/**
 * Google Maps for the map block on a site with a key (seed 001 §4, §7, §9). The island runs this
 * only once the block is in view, so Google's script is requested then and not before. The script
 * address carries the key, language and region decoded from the block's page context (7.22); a
 * load that has not finished within 30 s is given up (7.23, 9.40), as is one that fails or whose
 * key Google refuses (`gm_authFailure`): the map is taken away and the address card stays, as on
 * the Leaflet path when no tile arrives. The map is drawn behind the card and shown once its tiles
 * have loaded. Map type by the seed's rule (satellite → hybrid, terrain → terrain, else road), the
 * six styles as Google styling, controls, dragging and the scroll wheel from the block's options,
 * and the 48x64 marker drawn at half size, which opens the address on Google Maps in a new window.
 */
import {
  decodeGoogleMapsContext,
  GOOGLE_MAPS_CALLBACK,
  GOOGLE_MAPS_LOAD_TIMEOUT_MS,
  googleMapsScriptUrl,
  googleMapStyles,
  type GoogleMapsContext,
} from '../../domain/google-maps';
import { MAP_MARKER, mapType } from '../../domain/map';
import { format } from '../../messages/format';
import { mapBlock } from '../../messages/map-block';

/** The parts of Google's `google.maps` namespace the map uses. */
export type GoogleMapsApi = {
  Map: new (element: HTMLElement, options: Record<string, unknown>) => object;
  Marker: new (options: Record<string, unknown>) => { addListener(event: string, handler: () => void): unknown };
  Size: new (width: number, height: number) => unknown;
  Point: new (x: number, y: number) => unknown;
  event: { addListenerOnce(target: object, event: string, handler: () => void): unknown };
};

/** Why the map could not be had: the script failed, timed out, or Google refused the key. */
export class GoogleMapsLoadError extends Error {}

type Host = { document: Document; window: Window & Record<string, unknown>; timeoutMs?: number };

/**
 * A loader: the first call adds Google's script and every call shares its outcome, which is given
 * up after `timeoutMs` (30 s). A failed load is not tried again on the same page.
 */
export function googleMapsLoader(host: Host): (ctx: GoogleMapsContext) => Promise<GoogleMapsApi> {
  let loading: Promise<GoogleMapsApi> | undefined;
  return (ctx) => {
    loading ??= new Promise<GoogleMapsApi>((resolve, reject) => {
      const { document: doc, window: win } = host;
      const timeoutMs = host.timeoutMs ?? GOOGLE_MAPS_LOAD_TIMEOUT_MS;
      const timer = setTimeout(() => fail(`Google Maps did not load within ${timeoutMs / 1000} s`), timeoutMs);
      function fail(reason: string) {
        clearTimeout(timer);
        win[GOOGLE_MAPS_CALLBACK] = () => undefined;
        reject(new GoogleMapsLoadError(reason));
      }
      win[GOOGLE_MAPS_CALLBACK] = () => {
        clearTimeout(timer);
        const maps = (win.google as { maps?: GoogleMapsApi } | undefined)?.maps;
        if (maps) resolve(maps);
        else fail('Google Maps loaded without its API');
      };
      const script = doc.createElement('script');
      script.src = googleMapsScriptUrl(ctx);
      script.async = true;
      script.onerror = () => fail('Google Maps could not be loaded');
      doc.head.append(script);
    });
    return loading;
  };
}

const loadGoogleMaps = googleMapsLoader({ document, window: window as unknown as Window & Record<string, unknown> });

/** The marker: the seed's 48x64 pin as an image, drawn at half size with its tip on the place. */
const PIN = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_MARKER.WIDTH} ${MAP_MARKER.HEIGHT}" width="${MAP_MARKER.WIDTH}" height="${MAP_MARKER.HEIGHT}"><path fill="#d6453d" d="M24 1C11.3 1 1 11.2 1 23.8 1 41 24 63 24 63s23-22 23-39.2C47 11.2 36.7 1 24 1z"/><circle fill="#fff" cx="24" cy="24" r="8.5"/></svg>`,
)}`;

function number(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/** Maps drawn on this page, taken away if Google later refuses the key. */
const drawn = new Set<{ root: HTMLElement; view: HTMLElement }>();

function giveUp(root: HTMLElement, view?: HTMLElement) {
  root.dataset.mapState = 'offline';
  view?.remove();
}

/** Map options from the block's settings (seed 001 §3, §4). */
export function googleMapOptions(d: DOMStringMap): Record<string, unknown> {
  const lat = number(d.lat, 0);
  const lng = number(d.lng, 0);
  const style = number(d.style, 2);
  const draggable = d.draggable === 'true';
  const scrollwheel = d.scrollwheel === 'true';
  const controls = d.controls === 'true';
  return {
    center: { lat, lng },
    zoom: number(d.zoom, 12),
    mapTypeId: d.mapType ?? mapType(style, false),
    styles: googleMapStyles(style, d.labels === 'true'),
    disableDefaultUI: !controls,
    zoomControl: controls,
    fullscreenControl: controls,
    mapTypeControl: false,
    streetViewControl: false,
    // Not draggable: the map stays where the owner put it; with the scroll wheel off, Google asks for Ctrl+scroll and two-finger drags.
    gestureHandling: draggable ? (scrollwheel ? 'greedy' : 'cooperative') : 'none',
    scrollwheel,
    keyboardShortcuts: draggable,
    clickableIcons: false,
  };
}

export async function drawGoogleMap(root: HTMLElement, load: (ctx: GoogleMapsContext) => Promise<GoogleMapsApi> = loadGoogleMaps): Promise<void> {
  const d = root.dataset;
  const ctx = decodeGoogleMapsContext(d.googleMaps);
  if (!ctx) return giveUp(root);
  let maps: GoogleMapsApi;
  try {
    maps = await load(ctx);
  } catch {
    return giveUp(root);
  }
  const view = document.createElement('div');
  view.className = 'map-view map-view-google';
  view.dataset.mapType = d.mapType ?? 'roadmap';
  root.prepend(view);
  const entry = { root, view };
  drawn.add(entry);
  const map = new maps.Map(view, googleMapOptions(d));
  maps.event.addListenerOnce(map, 'tilesloaded', () => {
    if (drawn.has(entry)) root.dataset.mapState = 'ready';
  });
  const place = d.place ?? '';
  const link = d.link;
  const width = MAP_MARKER.WIDTH * MAP_MARKER.SCALE;
  const height = MAP_MARKER.HEIGHT * MAP_MARKER.SCALE;
  const marker = new maps.Marker({
    map,
    position: { lat: number(d.markerLat, number(d.lat, 0)), lng: number(d.markerLng, number(d.lng, 0)) },
    icon: { url: PIN, size: new maps.Size(width, height), scaledSize: new maps.Size(width, height), anchor: new maps.Point(width / 2, height) },
    title: link ? format(mapBlock.markerLabel, { place }) : place,
    clickable: Boolean(link),
    draggable: false,
    optimized: false,
  });
  if (link) marker.addListener('click', () => window.open(link, '_blank', 'noopener,noreferrer'));
}

// Google calls this when it refuses the key (wrong key, or this domain not allowed): its map would
// be a grey box with an error, so every map is taken away and the address cards stay.
(window as unknown as Record<string, unknown>).gm_authFailure = () => {
  for (const { root, view } of drawn) giveUp(root, view);
  drawn.clear();
};
