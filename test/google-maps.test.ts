/**
 * Google Maps for the map block (seed 001 §7; issue 16 item 4): the site's browser key in Settings
 * (format checked, activity recorded, cached pages dropped), the page's policy allowing Google's
 * hosts only on a page that shows a Google map on a site with a key, and the editor's place search
 * (`/api/google-maps/places/autocomplete` and `/details`) against a local stand-in for Google's
 * Places API (GOOGLE_PLACES_URL): the key, Referer and tracking context sent, bad input 400, no key
 * 409, Google's refusals and failures 502 with a sentence, never a 500.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { googleMaps } from '../src/messages/google-maps';
import { demoWithTeam, type TeamDemo } from './demo-app';

const KEY = 'AIzaSyA1234567890abcdefghijklmnopqrstuv';
let demo: TeamDemo;
let places: Server;
let placesUrl: string;
type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
const seen: Seen[] = [];

const DETAILS = {
  id: 'ChIJ-good',
  displayName: { text: 'Juniper Ceramics' },
  formattedAddress: '71 Sullivan St, New York, NY 10012, USA',
  location: { latitude: 40.7259, longitude: -74.0033 },
  addressComponents: [{ longText: 'United States', types: ['country', 'political'] }],
};

beforeAll(async () => {
  demo = await demoWithTeam();
  // Google's Places API (New), as far as these tests need it: the path and the place id decide the answer.
  places = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(typeof json === 'string' ? json : JSON.stringify(json));
      if (req.url === '/v1/places:autocomplete') {
        const input = (JSON.parse(body) as { input: string }).input;
        if (input === 'refused')
          return send(403, { error: { code: 403, message: 'Requests from referer http://localhost/ are blocked.', status: 'PERMISSION_DENIED' } });
        return send(200, {
          suggestions: [
            {
              placePrediction: {
                placeId: 'ChIJ-good',
                text: { text: '71 Sullivan St, New York, NY, USA' },
                structuredFormat: { mainText: { text: '71 Sullivan St' }, secondaryText: { text: 'New York, NY, USA' } },
              },
            },
            { queryPrediction: { text: { text: 'sullivan' } } },
          ],
        });
      }
      if (req.url?.startsWith('/v1/places/ChIJ-good')) return send(200, DETAILS);
      if (req.url?.startsWith('/v1/places/ChIJ-garbled')) return send(200, '<html>not json</html>');
      if (req.url?.startsWith('/v1/places/ChIJ-nowhere')) return send(200, { id: 'ChIJ-nowhere', displayName: { text: 'Nowhere' } });
      return send(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => places.listen(0, '127.0.0.1', resolve));
  placesUrl = `http://127.0.0.1:${(places.address() as AddressInfo).port}/v1`;
});
/** Environment values a test set, restored after it (the service reads them at each call). */
const setEnv = (() => {
  const before = new Map<string, string | undefined>();
  afterEach(() => {
    for (const [name, value] of before) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    before.clear();
  });
  return (name: string, value: string) => {
    if (!before.has(name)) before.set(name, process.env[name]);
    process.env[name] = value;
  };
})();
afterAll(async () => {
  await demo?.app.close();
  if (places) await new Promise((resolve) => places.close(resolve));
  await demo?.database.drop();
});

const useFakePlaces = () => {
  setEnv('GOOGLE_PLACES_URL', placesUrl);
  setEnv('OUTGOING_ALLOW_PRIVATE', 'true');
};
const setKey = (body: Record<string, unknown>) => demo.owner.call('PUT', '/api/config/google-maps', body);
const json = (res: { body: string }) => JSON.parse(res.body) as Record<string, unknown>;
const TRACKING = 'productPage=editor&productSection=map-block';

describe('the Google Maps setting', () => {
  it('checks the key, language and region, records the change, and an empty key removes it', async () => {
    expect(json(await demo.owner.call('GET', '/api/config/google-maps'))).toEqual({ key: null, language: null, region: null });
    const bad = await setKey({ key: 'my-key', language: 'English', region: 'Britain' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ key: googleMaps.keyInvalid, language: googleMaps.languageInvalid, region: googleMaps.regionInvalid });

    const saved = await setKey({ key: ` ${KEY} `, language: 'en-GB', region: 'gb' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual({ key: KEY, language: 'en-GB', region: 'GB' });
    expect(json(await demo.owner.call('GET', '/api/config/google-maps'))).toEqual({ key: KEY, language: 'en-GB', region: 'GB' });
    const { rows } = await demo.database.pool.query<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM activity_log WHERE website_id = $1 AND action LIKE 'settings.google_maps%' ORDER BY id`,
      [demo.websiteId],
    );
    expect(rows).toEqual([{ action: 'settings.google_maps_updated', detail: { keyEnding: KEY.slice(-4), language: 'en-GB', region: 'GB' } }]);

    // An editor may search places but not change the key.
    expect((await demo.editor.call('PUT', '/api/config/google-maps', { key: '' })).statusCode).toBe(403);
    expect(json(await setKey({ key: '' }))).toEqual({ key: null, language: null, region: null });
    expect((await demo.database.pool.query(`SELECT 1 FROM site_google_maps WHERE website_id = $1`, [demo.websiteId])).rowCount).toBe(0);
  });

  it('shows Google’s map, and allows Google’s hosts, only on a page with a map of a site with a key', async () => {
    const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    const before = await demo.app.inject({ url: '/contact', headers: { host: 'localhost' } });
    expect(before.body).toContain('class="block-map');
    expect(before.body).not.toContain('data-map-provider');
    const strict = String(before.headers['content-security-policy']);
    expect(strict).not.toMatch(/google|gstatic|unsafe-inline|blob:/);
    expect(directive(strict, 'script-src')).toMatch(/^script-src 'self'( 'sha256-[^']+')*$/);
    expect(directive(strict, 'connect-src')).toBe("connect-src 'self'");

    await setKey({ key: KEY, language: 'fr', region: 'FR' });
    // The change drops cached pages by a notification from the database: the next render follows it.
    const contact = () => demo.app.inject({ url: '/contact', headers: { host: 'localhost' } });
    await expect.poll(async () => (await contact()).body).toContain('data-map-provider="google"');
    const withKey = await contact();
    expect(withKey.body).toContain('https://www.google.com/maps/search/?api=1&amp;query=');
    const csp = String(withKey.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toContain('https://*.googleapis.com https://*.gstatic.com');
    expect(directive(csp, 'connect-src')).toContain('https://*.googleapis.com');
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    // The same site's page without a map keeps the strict policy.
    const home = String((await demo.app.inject({ url: '/', headers: { host: 'localhost' } })).headers['content-security-policy']);
    expect(home).not.toMatch(/google|gstatic|unsafe-inline/);
    await setKey({ key: '' });
    await expect.poll(async () => (await contact()).body).not.toContain('data-map-provider');
    const after = await contact();
    expect(String(after.headers['content-security-policy'])).not.toContain('google');
  });
});

describe('the place search', () => {
  it('answers 409 with a clear sentence while the site has no key', async () => {
    useFakePlaces();
    const res = await demo.editor.call('GET', `/api/google-maps/places/autocomplete?input=71+Sullivan&${TRACKING}`);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ error: googleMaps.noKey });
    expect(seen).toEqual([]);
  });

  // covers 001-7.37, 001-7.38
  it('asks Google with the site’s key and Referer, and fills the location from the place', async () => {
    useFakePlaces();
    await setKey({ key: KEY, language: 'en', region: 'US' });
    seen.length = 0;
    const res = await demo.editor.call(
      'GET',
      `/api/google-maps/places/autocomplete?input=71+Sullivan&sessionToken=0f7c2a1e-1b2c-4d5e-8f90-123456789abc&${TRACKING}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      suggestions: [{ placeId: 'ChIJ-good', text: '71 Sullivan St, New York, NY, USA', mainText: '71 Sullivan St', secondaryText: 'New York, NY, USA' }],
    });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['x-goog-api-key']).toBe(KEY);
    expect(seen[0]!.headers.referer).toMatch(/^http:\/\/[^/]+\/$/);
    expect(JSON.parse(seen[0]!.body)).toEqual({
      input: '71 Sullivan',
      languageCode: 'en',
      regionCode: 'us',
      sessionToken: '0f7c2a1e-1b2c-4d5e-8f90-123456789abc',
    });

    const details = await demo.editor.call(
      'GET',
      `/api/google-maps/places/details?placeId=ChIJ-good&sessionToken=0f7c2a1e-1b2c-4d5e-8f90-123456789abc&${TRACKING}`,
    );
    expect(details.statusCode, details.body).toBe(200);
    expect(json(details)).toEqual({
      place: {
        placeId: 'ChIJ-good',
        name: 'Juniper Ceramics',
        formattedAddress: '71 Sullivan St, New York, NY 10012, USA',
        lat: 40.7259,
        lng: -74.0033,
        addressLine1: '71 Sullivan St',
        addressLine2: 'New York, NY 10012',
        addressCountry: 'United States',
      },
    });
    expect(seen[1]!.method).toBe('GET');
    expect(seen[1]!.url).toBe('/v1/places/ChIJ-good?languageCode=en&regionCode=us&sessionToken=0f7c2a1e-1b2c-4d5e-8f90-123456789abc');
    expect(seen[1]!.headers['x-goog-fieldmask']).toBe('id,displayName,formattedAddress,location,addressComponents');
    // A GET changes nothing: no crumb needed.
    expect((await demo.owner.call('GET', `/api/google-maps/places/details?placeId=ChIJ-good&${TRACKING}`)).statusCode).toBe(200);
  });

  it('refuses bad input with the field and its sentence, before asking Google', async () => {
    useFakePlaces();
    await setKey({ key: KEY });
    seen.length = 0;
    const cases: [string, string, string][] = [
      ['/api/google-maps/places/autocomplete?input=a', 'input', googleMaps.inputInvalid],
      ['/api/google-maps/places/autocomplete', 'input', googleMaps.inputInvalid],
      [`/api/google-maps/places/autocomplete?input=${'x'.repeat(201)}`, 'input', googleMaps.inputInvalid],
      ['/api/google-maps/places/autocomplete?input=main&productPage=Editor%20Page', 'productPage', googleMaps.trackingInvalid],
      ['/api/google-maps/places/details?placeId=..%2F..%2Fetc', 'placeId', googleMaps.placeIdInvalid],
      ['/api/google-maps/places/details?placeId=ChIJ-good&sessionToken=%3Cx%3E', 'sessionToken', googleMaps.sessionTokenInvalid],
    ];
    for (const [url, field, message] of cases) {
      const res = await demo.editor.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect((json(res).errors as Record<string, string>)[field], url).toBe(message);
    }
    expect(seen).toEqual([]);
  });

  it('answers 502 with a sentence when Google refuses, answers nonsense or cannot be reached', async () => {
    useFakePlaces();
    await setKey({ key: KEY });
    const refused = await demo.editor.call('GET', `/api/google-maps/places/autocomplete?input=refused&${TRACKING}`);
    expect(refused.statusCode).toBe(502);
    expect(json(refused).error).toBe('Google refused the place search (403): Requests from referer http://localhost/ are blocked.');
    const garbled = await demo.editor.call('GET', `/api/google-maps/places/details?placeId=ChIJ-garbled&${TRACKING}`);
    expect([garbled.statusCode, json(garbled).error]).toEqual([502, googleMaps.upstreamMalformed]);
    const nowhere = await demo.editor.call('GET', `/api/google-maps/places/details?placeId=ChIJ-nowhere&${TRACKING}`);
    expect([nowhere.statusCode, json(nowhere).error]).toEqual([502, googleMaps.upstreamNoLocation]);
    const missing = await demo.editor.call('GET', `/api/google-maps/places/details?placeId=ChIJ-unknown&${TRACKING}`);
    expect([missing.statusCode, json(missing).error]).toEqual([502, 'Google refused the place search (404): Not found']);

    setEnv('GOOGLE_PLACES_URL', 'http://127.0.0.1:9/v1');
    const down = await demo.editor.call('GET', `/api/google-maps/places/autocomplete?input=main&${TRACKING}`);
    expect([down.statusCode, json(down).error]).toEqual([502, googleMaps.upstreamUnreachable]);
  });

  it('goes through the outgoing-connection guard: a private address is refused unless the operator allows it', async () => {
    setEnv('GOOGLE_PLACES_URL', placesUrl);
    await setKey({ key: KEY });
    seen.length = 0;
    const res = await demo.editor.call('GET', `/api/google-maps/places/autocomplete?input=main&${TRACKING}`);
    expect(res.statusCode).toBe(502);
    expect(json(res).error).toMatch(/^Place search refused: 127\.0\.0\.1 is not a public address\. .*OUTGOING_ALLOW_PRIVATE=true\.$/);
    expect(seen).toEqual([]);
  });
});
