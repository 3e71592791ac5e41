/**
 * Map block. The server renders the address card: the place, its address and a link that opens it
 * in a maps page in a new window (seed 001 §2), so visitors without scripts, and every visitor
 * before the map scrolls into view, have the address and the page carries no map code. The map's
 * settings ride in data attributes for the island (island.ts), which loads Leaflet only when the
 * block comes into view and draws the map behind the card once a tile has arrived; with no tiles
 * reachable the card is all there is, never a grey box. On a site with a Google Maps key the block
 * is marked as Google's (its page's policy then allows Google's hosts) and carries the key, language
 * and region as its page context for ./google.ts; its links open Google Maps.
 */
import { encodeGoogleMapsContext, googleMapsPageUrl } from '../../domain/google-maps';
import { addressLines, mapsPageUrl, mapType, markerPosition } from '../../domain/map';
import { format } from '../../messages/format';
import { mapBlock } from '../../messages/map-block';
import type { BlockViewProps } from '../types';
import type { MapData } from './schema';
import { mapTiles } from './tiles';

/** What the island reads from the block's element: everything the map needs, nothing more. */
export type MapIslandData = {
  lat: number;
  lng: number;
  zoom: number;
  markerLat: number;
  markerLng: number;
  type: string;
  tiles: string;
  attribution: string;
  attributionUrl?: string;
};

export function MapView({ id, data, ctx }: BlockViewProps<MapData>) {
  const { location } = data;
  const marker = markerPosition(location);
  const lines = addressLines(location);
  const place = location.addressTitle?.trim() || location.addressLine1?.trim() || mapBlock.unnamedPlace;
  const google = ctx.googleMaps;
  const href = google ? googleMapsPageUrl(addressLines({ ...location, addressTitle: undefined }), marker) : mapsPageUrl(location, marker, location.mapZoom);
  const tiles = mapTiles();
  const titleId = `map-title-${id}`;
  const street = lines.slice(location.addressTitle?.trim() ? 1 : 0);
  return (
    <div
      className={`block-map map-style-${data.style}`}
      role="region"
      aria-label={format(mapBlock.region, { place })}
      data-lat={location.mapLat}
      data-lng={location.mapLng}
      data-zoom={location.mapZoom}
      data-marker-lat={marker.lat}
      data-marker-lng={marker.lng}
      data-map-type={mapType(data.style, data.showTerrain)}
      {...(google
        ? { 'data-map-provider': 'google', 'data-google-maps': encodeGoogleMapsContext(google), 'data-style': data.style }
        : {
            'data-tiles': tiles.url,
            'data-attribution': tiles.attribution,
            ...(tiles.attributionUrl ? { 'data-attribution-url': tiles.attributionUrl } : {}),
          })}
      data-labels={data.showLabels ? 'true' : 'false'}
      data-controls={data.showControls ? 'true' : 'false'}
      data-draggable={data.draggable ? 'true' : 'false'}
      data-scrollwheel={data.scrollwheel ? 'true' : 'false'}
      data-link={data.linkOnClick ? href : undefined}
      data-place={place}
    >
      <div className="map-card">
        <span className="map-card-pin" aria-hidden="true" />
        <div className="map-card-body">
          <p className="map-card-title" id={titleId}>
            {place}
          </p>
          {street.length > 0 || !lines.length ? (
            <address className="map-card-address">
              {street.length > 0
                ? street.map((l, i) => (
                    <span key={i} className="map-card-line">
                      {l}
                    </span>
                  ))
                : format(mapBlock.coordinates, { lat: marker.lat.toFixed(5), lng: marker.lng.toFixed(5) })}
            </address>
          ) : null}
          <a className="map-card-link" href={href} target="_blank" rel="noopener noreferrer">
            {mapBlock.openInMaps}
            <span className="map-hidden-text"> {mapBlock.newWindow}</span>
          </a>
        </div>
      </div>
    </div>
  );
}
