// @vitest-environment happy-dom
/**
 * The Leaflet map over the server's markup, tiles answered by the test: the owner's place name and
 * the operator's credit stay text (never markup) in the marker, its label and the attribution, and
 * a map whose every tile fails is taken away, leaving the address card.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { OSM_TILES } from '../../domain/map';
import { drawMap } from './leaflet-map';
import { mapData } from './schema';
import { configureMapTiles } from './tiles';
import { MapView } from './view';

async function mount(title: string): Promise<HTMLElement> {
  configureMapTiles({
    url: 'https://tiles.example.test/{z}/{x}/{y}.png',
    attribution: '<img src=x onerror="window.hacked=1">Tiles & Co',
    attributionUrl: 'https://example.test/"><b>x</b>',
  });
  const data = mapData.parse({ location: { addressTitle: title, addressLine1: '1 Main Street' } });
  document.body.innerHTML = `<div class="block block-map-frame">${renderToStaticMarkup(<MapView id="m" data={data} ctx={{ host: 'example.com', files: new Map(), featureFlags: [] }} columns={12} priority={false} />)}</div>`;
  const root = document.querySelector<HTMLElement>('.block-map')!;
  const drawn = drawMap(root);
  // The stylesheet link settles (happy-dom does not fetch it); then the map is drawn.
  for (const link of document.head.querySelectorAll('link')) link.dispatchEvent(new Event('load'));
  await drawn;
  return root;
}

describe('the map island', () => {
  afterEach(() => {
    configureMapTiles(OSM_TILES);
    document.body.innerHTML = '';
  });

  it('writes the place name and the tile credit as text, never as markup', async () => {
    const root = await mount('<img src=x onerror="window.hacked=1">Kiln');
    expect(root.querySelectorAll('.map-view img:not(.leaflet-tile)')).toHaveLength(0);
    expect(root.querySelector('.map-label')?.textContent).toBe('<img src=x onerror="window.hacked=1">Kiln');
    const marker = root.querySelector('.map-marker-link')!;
    expect(marker.getAttribute('aria-label')).toBe('Open <img src=x onerror="window.hacked=1">Kiln in a maps page (opens in a new window)');
    expect(marker.getAttribute('href')).toBe('https://www.openstreetmap.org/search?query=1%20Main%20Street');
    expect(marker.getAttribute('target')).toBe('_blank');
    const credit = root.querySelector('.leaflet-control-attribution a')!;
    expect(credit.textContent).toBe('<img src=x onerror="window.hacked=1">Tiles & Co');
    expect(credit.getAttribute('href')).toBe('https://example.test/"><b>x</b>');
    expect(root.querySelectorAll('.leaflet-control-attribution b')).toHaveLength(0);
  });

  it('takes the map away when every tile of the first view fails, leaving the address card', async () => {
    const root = await mount('Kiln');
    const tiles = [...root.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) tile.dispatchEvent(new Event('error'));
    await Promise.resolve();
    expect(root.dataset.mapState).toBe('offline');
    expect(root.querySelector('.map-view')).toBeNull();
    expect(root.querySelector('.map-card-title')?.textContent).toBe('Kiln');
  });
});
