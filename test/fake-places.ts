/**
 * A local stand-in for Google's Places API (New), for tests that call the place search without
 * caring what Google says: one suggestion for any input, and its place's details. Point
 * GOOGLE_PLACES_URL at `url` (with OUTGOING_ALLOW_PRIVATE=true, since it listens on 127.0.0.1).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_PLACE = {
  id: 'ChIJ-fake-place',
  displayName: { text: 'Juniper Ceramics' },
  formattedAddress: '71 Sullivan St, New York, NY 10012, USA',
  location: { latitude: 40.7259, longitude: -74.0033 },
};

export async function startFakePlaces(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer =
        req.url === '/v1/places:autocomplete'
          ? {
              suggestions: [
                {
                  placePrediction: {
                    placeId: FAKE_PLACE.id,
                    text: { text: FAKE_PLACE.formattedAddress },
                    structuredFormat: { mainText: { text: '71 Sullivan St' }, secondaryText: { text: 'New York, NY 10012, USA' } },
                  },
                },
              ],
            }
          : FAKE_PLACE;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
