/// <reference types="vite/client" />
/**
 * The map (seed 001 §2, §3, §4, §9), drawn with Leaflet over the server's address card. The map
 * island (./island.ts) imports this module (Leaflet with it, its own chunk) when the block comes
 * into view on a site without a Google Maps key; Leaflet's stylesheet is fetched with it. The map
 * is drawn behind the card, hidden until its first tile arrives; if every tile of the first view
 * fails (tiles unreachable, offline), the map is taken away and the address card stays: never a
 * grey box. The marker is the seed's 48x64 icon drawn at half size; with linkOnClick it is a link
 * that opens the address in a maps page in a new window. Raster tiles cannot be restyled, so the
 * six styles are CSS filters over the tile layer (style.css). Resizes redraw 60 ms after the last.
 */
import { divIcon, map as leafletMap, marker as leafletMarker, tileLayer } from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?url';
import { MAP_MARKER, MAP_TIMINGS_MS } from '../../domain/map';
import { format } from '../../messages/format';
import { mapBlock } from '../../messages/map-block';
import { debounce } from './debounce';

/** The marker: a 48x64 pin, drawn at half size. */
const WIDTH = MAP_MARKER.WIDTH * MAP_MARKER.SCALE;
const HEIGHT = MAP_MARKER.HEIGHT * MAP_MARKER.SCALE;
const PIN = `<svg viewBox="0 0 ${MAP_MARKER.WIDTH} ${MAP_MARKER.HEIGHT}" width="${WIDTH}" height="${HEIGHT}" aria-hidden="true" focusable="false"><path class="map-pin-shape" d="M24 1C11.3 1 1 11.2 1 23.8 1 41 24 63 24 63s23-22 23-39.2C47 11.2 36.7 1 24 1z"/><circle class="map-pin-dot" cx="24" cy="24" r="8.5"/></svg>`;

let stylesheet: Promise<void> | undefined;

/** Leaflet's own rules, once per page, before the first map is drawn. */
function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = leafletCss;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function number(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

export async function drawMap(root: HTMLElement): Promise<void> {
  const d = root.dataset;
  const lat = number(d.lat, 0);
  const lng = number(d.lng, 0);
  if (!d.tiles) return;
  await loadStylesheet();
  const place = d.place ?? '';
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const view = document.createElement('div');
  view.className = 'map-view';
  view.dataset.mapType = d.mapType ?? 'roadmap';
  root.prepend(view);
  const map = leafletMap(view, {
    center: [lat, lng],
    zoom: number(d.zoom, 12),
    zoomControl: d.controls === 'true',
    dragging: d.draggable === 'true',
    touchZoom: d.draggable === 'true',
    keyboard: d.draggable === 'true',
    scrollWheelZoom: d.scrollwheel === 'true',
    zoomAnimation: !reducedMotion,
    fadeAnimation: !reducedMotion,
    markerZoomAnimation: !reducedMotion,
  });
  // The operator's attribution is text; it is escaped before Leaflet writes it as HTML.
  const credit = d.attributionUrl
    ? `<a href="${escapeHtml(d.attributionUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(d.attribution ?? '')}</a>`
    : escapeHtml(d.attribution ?? '');
  map.attributionControl.setPrefix(false);
  const tiles = tileLayer(d.tiles, { maxZoom: 19, attribution: credit }).addTo(map);

  // The map's size follows the block's, redrawn once a burst of resizes is over.
  let gone = false;
  const resized = debounce(() => {
    if (!gone) map.invalidateSize();
  }, MAP_TIMINGS_MS.UI_UPDATE_DEBOUNCE);
  const observer = 'ResizeObserver' in window ? new ResizeObserver(resized) : undefined;
  observer?.observe(root);

  let loaded = 0;
  tiles.on('tileload', () => {
    loaded += 1;
    if (loaded === 1) root.dataset.mapState = 'ready';
  });
  // Leaflet fires `load` once every tile of the view has settled, failed ones included; the map is
  // taken away just after, since Leaflet still reads it once its listeners have run.
  tiles.once('load', () => {
    if (loaded > 0) return;
    root.dataset.mapState = 'offline';
    gone = true;
    observer?.disconnect();
    queueMicrotask(() => {
      map.remove();
      view.remove();
    });
  });

  const link = d.link;
  const icon = divIcon({
    className: 'map-marker',
    html: link
      ? `<a class="map-marker-link" href="${escapeHtml(link)}" target="_blank" rel="noopener noreferrer" aria-label="${escapeHtml(format(mapBlock.markerLabel, { place }))}">${PIN}</a>`
      : PIN,
    iconSize: [WIDTH, HEIGHT],
    iconAnchor: [WIDTH / 2, HEIGHT],
    tooltipAnchor: [WIDTH / 2, -HEIGHT / 2],
  });
  const pin = leafletMarker([number(d.markerLat, lat), number(d.markerLng, lng)], { icon, keyboard: false, interactive: Boolean(link) }).addTo(map);
  if (d.labels === 'true' && place) pin.bindTooltip(escapeHtml(place), { permanent: true, direction: 'right', className: 'map-label' });
}
