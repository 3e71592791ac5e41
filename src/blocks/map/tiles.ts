/**
 * The tile source maps draw from: an operator setting (MAP_TILE_URL and its attribution, read and
 * checked in src/server/config.ts), given once at start by src/server/main.ts. It belongs to the
 * installation, as the environment it comes from does, so it is held here for the map's view
 * rather than carried through every page's render context. Unset: OpenStreetMap's tiles.
 */
import { OSM_TILES, type MapTiles } from '../../domain/map';

let configured: MapTiles = OSM_TILES;

export function configureMapTiles(tiles: MapTiles): void {
  configured = tiles;
}

export function mapTiles(): MapTiles {
  return configured;
}
