/**
 * Google Maps for the map block on a site with a key, in Chromium with the page's real policy.
 * (The first test keeps the policy; the others bypass it for the accessibility check's script.)
 * Google is never reached: `https://maps.googleapis.com/**` is answered by a small stand-in for
 * the `google.maps` API (it draws a box and a marker button and records what it was given), and
 * the place search's server calls go to a local stand-in for the Places API (GOOGLE_PLACES_URL).
 * Proves the script is asked for only once the map scrolls into view, with the key, language and
 * region; the marker's maps page in a new window; the address card kept when the script hangs
 * past 30 s (the page's clock run forward); the key's field in Settings; and the editor's place
 * search filling the location.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, ownerApi, siteForFile, signInAsOwner, typeInto, visitorContext } from './harness';

const KEY = 'AIzaSyA1234567890abcdefghijklmnopqrstuv';
// The shared servers send the place search to a local stand-in for the Places API (e2e/global-setup.ts).
const env = siteForFile();

/** The stand-in for Google's script: the parts of google.maps the map uses, recording their options. */
const FAKE_GOOGLE_MAPS = `(() => {
  const seen = (window.__googleMaps = { maps: [], markers: [] });
  class Map {
    constructor(el, options) { this.el = el; this.listeners = []; seen.maps.push(options); el.classList.add('fake-google-map'); setTimeout(() => this.listeners.forEach((f) => f()), 20); }
  }
  class Marker {
    constructor(o) {
      seen.markers.push({ title: o.title, icon: o.icon, clickable: o.clickable });
      this.clicks = [];
      const b = document.createElement(o.clickable ? 'button' : 'div');
      if (o.clickable) { b.type = 'button'; b.setAttribute('aria-label', o.title); }
      b.className = 'fake-google-marker';
      b.style.position = 'absolute'; b.style.left = '50%'; b.style.top = '50%';
      b.style.width = o.icon.scaledSize.width + 'px'; b.style.height = o.icon.scaledSize.height + 'px';
      b.addEventListener('click', () => this.clicks.forEach((f) => f()));
      o.map.el.append(b);
    }
    addListener(name, f) { if (name === 'click') this.clicks.push(f); }
  }
  class Size { constructor(width, height) { this.width = width; this.height = height; } }
  class Point { constructor(x, y) { this.x = x; this.y = y; } }
  const event = { addListenerOnce(target, name, f) { if (name === 'tilesloaded') target.listeners.push(f); } };
  window.google = { maps: { Map, Marker, Size, Point, event } };
  window[new URL(document.currentScript.src).searchParams.get('callback')]();
})();`;

const hex = (n: number) => n.toString(16).padStart(24, '0');
const PATH = '/visit-us';
const MAP = {
  location: {
    mapLat: 40.720882,
    mapLng: -74.000988,
    mapZoom: 12,
    addressTitle: 'Juniper Ceramics',
    addressLine1: '71 Sullivan Street',
    addressLine2: 'New York, NY 10012',
    addressCountry: 'United States',
  },
  style: 3,
  showLabels: true,
  showTerrain: false,
  showControls: true,
  draggable: true,
  scrollwheel: false,
  linkOnClick: true,
};

let ready: Promise<void> | undefined;
/** The site's key, and a page whose map starts well below the fold. */
function setUp(): Promise<void> {
  ready ??= (async () => {
    const api = await ownerApi(env.site());
    expect(await api.call('PUT', '/api/config/google-maps', { key: KEY, language: 'fr', region: 'FR' })).toEqual({ key: KEY, language: 'fr', region: 'FR' });
    await changeSiteDocument(env.site(), (doc) => {
      (doc.pages as unknown[]).push({
        id: hex(0x6a01),
        path: PATH,
        title: 'Visit us',
        pageType: 2,
        status: 1,
        seo: {},
        sections: [
          { id: hex(0x6a02), theme: 'light', blocks: [{ id: hex(0x6a03), type: 21, data: {}, layout: { desktop: { x: 0, y: 0, w: 24, h: 80 } } }] },
          { id: hex(0x6a04), theme: 'light', blocks: [{ id: hex(0x6a05), type: 3, data: MAP, layout: { desktop: { x: 4, y: 0, w: 16, h: 18 } } }] },
        ],
      });
    });
  })();
  return ready;
}

/** Answers Google's script with the stand-in (or never), recording each address asked for. */
async function routeGoogle(p: Page, answer: 'serve' | 'hang'): Promise<string[]> {
  const asked: string[] = [];
  await p.route('https://maps.googleapis.com/**', (route: Route) => {
    asked.push(route.request().url());
    if (answer === 'serve') return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GOOGLE_MAPS });
    return undefined;
  });
  return asked;
}

describe('Google Maps on the map block', () => {
  // covers 001-7.22, 001-2.13, 001-2.14, 001-4.87, 001-9.41
  it('asks for Google’s script only once the map is in view, with the key, language and region, and opens the address from the marker', async () => {
    await setUp();
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const p = await context.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const asked = await routeGoogle(p, 'serve');
    const files: string[] = [];
    p.on('request', (r) => files.push(new URL(r.url()).pathname));
    const response = await p.goto(`${env.site().url}${PATH}`);
    expect(response!.headers()['content-security-policy']).toContain('https://*.googleapis.com');
    await p.waitForLoadState('networkidle');
    const region = p.getByRole('region', { name: 'Map: Juniper Ceramics' });
    expect((await region.boundingBox())!.y).toBeGreaterThan(desktop.viewport!.height + 200);
    expect(asked).toEqual([]);

    await region.scrollIntoViewIfNeeded();
    await p.locator('.block-map[data-map-state="ready"]').waitFor();
    expect(asked).toHaveLength(1);
    const script = new URL(asked[0]!);
    expect(script.origin + script.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(script.searchParams)).toMatchObject({ key: KEY, language: 'fr', region: 'FR' });
    const given = await p.evaluate(
      () => (window as unknown as { __googleMaps: { maps: Record<string, unknown>[]; markers: Record<string, unknown>[] } }).__googleMaps,
    );
    expect(given.maps[0]).toMatchObject({
      center: { lat: 40.720882, lng: -74.000988 },
      zoom: 12,
      mapTypeId: 'hybrid',
      zoomControl: true,
      gestureHandling: 'cooperative',
    });
    expect(given.markers[0]).toMatchObject({ icon: { scaledSize: { width: 24, height: 32 } }, clickable: true });
    // Google's map only: no Leaflet code or stylesheet on a site with a key.
    expect(files.filter((f) => /leaflet/.test(f))).toEqual([]);

    // The marker opens the address on Google Maps in a new window (answered here: no network).
    await context.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Maps</title>' }));
    const marker = region.getByRole('button', { name: 'Open Juniper Ceramics in a maps page (opens in a new window)' });
    const box = (await marker.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([24, 32]);
    const [opened] = await Promise.all([context.waitForEvent('page'), marker.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe('https://www.google.com/maps/search/?api=1&query=71%20Sullivan%20Street%2C%20New%20York%2C%20NY%2010012%2C%20United%20States');
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    await opened.close();
    // Under the page's real policy: a blocked script, style or connection would be a console error.
    expect(errors).toEqual([]);
    await context.close();
  });

  // covers 001-7.23, 001-9.40
  it('gives up on a script that hangs for 30 s and keeps the address card', async () => {
    await setUp();
    // Without the page's policy here, so the accessibility check can add its script.
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
    const p = await context.newPage();
    await p.clock.install();
    const asked = await routeGoogle(p, 'hang');
    await p.goto(`${env.site().url}${PATH}`);
    const region = p.getByRole('region', { name: 'Map: Juniper Ceramics' });
    await region.scrollIntoViewIfNeeded();
    await expect.poll(() => asked.length).toBe(1);
    await p.clock.runFor(29_000);
    expect(await region.getAttribute('data-map-state')).toBeNull();
    await p.clock.runFor(1_000);
    await p.locator('.block-map[data-map-state="offline"]').waitFor();
    expect(await region.locator('.map-view').count()).toBe(0);
    expect(await region.getByText('71 Sullivan Street').isVisible()).toBe(true);
    expect(await region.getByRole('link', { name: 'Open in maps (opens in a new window)' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    expect(await seriousViolations(p)).toEqual([]);
    await context.close();
  });

  // covers 001-7.37, 001-7.38
  it('lets the editor search for a place and fills the map’s location from it', async () => {
    await setUp();
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const p = await context.newPage();
    await signInAsOwner(p, env.site());
    // The key in Settings, with what the owner must know about it; a bad region is refused beside its field.
    await p.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const key = p.getByLabel('Google Maps browser key', { exact: true });
    expect(await key.inputValue()).toBe(KEY);
    expect(await p.locator(`#${await key.getAttribute('aria-describedby')}`).textContent()).toContain(
      'restrict it in Google Cloud’s console to this site’s domain',
    );
    await p.getByLabel('Map region', { exact: true }).fill('France');
    await p.getByRole('button', { name: 'Save Google Maps settings' }).click();
    await p.getByText('Enter a two-letter region code such as GB or US, or leave it empty.').waitFor();
    expect(await p.getByLabel('Map region', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(p)).toEqual([]);
    await p.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
    await p.getByRole('button', { name: 'Edit Visit us' }).click();
    const canvas = p.frameLocator('iframe[title="Page canvas"]');
    const card = canvas.getByRole('region', { name: 'Map: Juniper Ceramics' });
    await card.scrollIntoViewIfNeeded();
    await card.getByText('Juniper Ceramics').click();
    const panel = p.getByRole('complementary', { name: 'Map settings' });
    const search = panel.getByRole('combobox', { name: 'Find a place' });
    const asked = p.waitForRequest((r) => r.url().includes('/api/google-maps/places/autocomplete'));
    await typeInto(search, '71 Sulli');
    const query = new URL((await asked).url()).searchParams;
    expect([query.get('input'), query.get('productPage'), query.get('productSection')]).toEqual(['71 Sulli', 'editor', 'map-block']);
    const option = panel.getByRole('option', { name: /71 Sullivan St/ });
    await option.waitFor();
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    await search.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    const details = p.waitForRequest((r) => r.url().includes('/api/google-maps/places/details'));
    await search.press('Enter');
    const detailsQuery = new URL((await details).url()).searchParams;
    expect([detailsQuery.get('placeId'), detailsQuery.get('productPage'), detailsQuery.get('productSection'), detailsQuery.get('sessionToken')]).toEqual([
      'ChIJ-fake-place',
      'editor',
      'map-block',
      query.get('sessionToken'),
    ]);
    await panel.getByRole('status').filter({ hasText: 'Location set to Juniper Ceramics.' }).waitFor();
    expect(await panel.getByLabel('Latitude of the centre', { exact: true }).inputValue()).toBe('40.7259');
    expect(await panel.getByLabel('Longitude of the centre', { exact: true }).inputValue()).toBe('-74.0033');
    expect(await panel.getByLabel('Marker latitude', { exact: true }).inputValue()).toBe('40.7259');
    expect(await panel.getByLabel('Address line 1', { exact: true }).inputValue()).toBe('71 Sullivan St');
    expect(await panel.getByLabel('Address line 2', { exact: true }).inputValue()).toBe('New York, NY 10012');
    expect(await panel.getByLabel('Country', { exact: true }).inputValue()).toBe('USA');
    await canvas.getByText('71 Sullivan St', { exact: true }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await context.close();
  });
});
