/**
 * The map block for visitors (seed 001 §2, §3, §4, §9): the server sends the address card, and the
 * map's code (Leaflet) and its tiles are fetched only when the map scrolls into view; then the map
 * is drawn behind the card with the 48x64 marker at half size, and the marker opens the address in
 * a maps page in a new window. With no tiles reachable the address card stays. Tiles come from the
 * operator's MAP_TILE_URL (the shared servers': e2e/global-setup.ts), answered here by the test
 * (page.route): nothing leaves the machine.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, isBlockChunk, isPageRuntime, siteForFile, signInAsOwner, visitorContext } from './harness';

const TILE_HOST = 'https://tiles.openpress.test';
const env = siteForFile();

/** A 256x256 tile that looks like streets (an SVG: Leaflet draws tiles as <img>), a little different per tile. */
function tile(url: string): string {
  const [x = 0, y = 0] = url
    .split('/')
    .slice(-2)
    .map((n) => Number.parseInt(n, 10));
  const offset = ((x * 37 + y * 53) % 5) * 12;
  const streets = [32, 96, 160, 224]
    .map((at) => `<path d="M${at + offset} 0V256M0 ${at - offset / 2}H256" stroke="#fff" stroke-width="${at === 96 ? 10 : 5}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#e7e4dc"/><rect x="${110 + offset}" y="120" width="70" height="50" fill="#c8dfb9"/>${streets}<path d="M0 ${200 - offset}L256 ${150 + offset}" stroke="#f7d58b" stroke-width="9"/></svg>`;
}

const hex = (n: number) => n.toString(16).padStart(24, '0');
const PATH = '/find-us';
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
  style: 2,
  showLabels: true,
  showTerrain: false,
  showControls: true,
  draggable: true,
  scrollwheel: false,
  linkOnClick: true,
};

/** A second map with every option the other way: satellite, no labels, controls, dragging or marker link. */
const STILL = {
  location: { mapLat: 48.8566, mapLng: 2.3522, mapZoom: 14, addressTitle: 'Paris showroom' },
  style: 3,
  showLabels: false,
  showTerrain: true,
  showControls: false,
  draggable: false,
  scrollwheel: false,
  linkOnClick: false,
};

let ready: Promise<void> | undefined;
/** The page: a tall first section, so the map starts well below the fold. */
function page(): Promise<void> {
  ready ??= changeSiteDocument(env.site(), (doc) => {
    // Sections carry their theme as well: the harness's type names only what most tests touch.
    (doc.pages as unknown[]).push({
      id: hex(0x3a01),
      path: PATH,
      title: 'Find us',
      pageType: 2,
      status: 1,
      seo: {},
      sections: [
        { id: hex(0x3a02), theme: 'light', blocks: [{ id: hex(0x3a03), type: 21, data: {}, layout: { desktop: { x: 0, y: 0, w: 24, h: 80 } } }] },
        { id: hex(0x3a04), theme: 'light', blocks: [{ id: hex(0x3a05), type: 3, data: MAP, layout: { desktop: { x: 4, y: 0, w: 16, h: 18 } } }] },
        { id: hex(0x3a06), theme: 'light', blocks: [{ id: hex(0x3a07), type: 3, data: STILL, layout: { desktop: { x: 4, y: 0, w: 16, h: 14 } } }] },
      ],
    });
  });
  return ready;
}

type Seen = { scripts: string[]; tiles: string[]; stylesheets: string[]; errors: string[] };

/** Records the scripts, tiles and stylesheets asked for, and answers tiles (or fails them all). */
async function watch(p: Page, tiles: 'serve' | 'fail'): Promise<Seen> {
  const seen: Seen = { scripts: [], tiles: [], stylesheets: [], errors: [] };
  p.on('pageerror', (e) => seen.errors.push(e.message));
  p.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'script') seen.scripts.push(url.pathname);
    if (r.resourceType() === 'stylesheet') seen.stylesheets.push(url.pathname);
  });
  await p.route(`${TILE_HOST}/**`, (route: Route) => {
    seen.tiles.push(route.request().url());
    return tiles === 'serve'
      ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body: tile(route.request().url()) })
      : route.abort('internetdisconnected');
  });
  return seen;
}

async function visit(context: BrowserContext, tiles: 'serve' | 'fail') {
  const p = await context.newPage();
  const seen = await watch(p, tiles);
  await p.goto(`${env.site().url}${PATH}`);
  await p.waitForLoadState('networkidle');
  return { p, seen };
}

describe('map block', () => {
  // covers 001-1.07, 001-2.13, 001-2.14, 001-3.39, 001-4.89, 001-9.41, 000-1.13
  it('sends the address card, loads the map only in view, and draws it with a marker that opens the address in a new window', async () => {
    await page();
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
    const { p, seen } = await visit(context, 'serve');
    const region = p.getByRole('region', { name: 'Map: Juniper Ceramics' });

    // Before it is in view: the address card, no map code, no tile, no Leaflet stylesheet.
    expect((await region.boundingBox())!.y).toBeGreaterThan(desktop.viewport!.height + 200);
    expect(await region.locator('address').textContent()).toBe('71 Sullivan StreetNew York, NY 10012United States');
    expect(seen.scripts.filter(isBlockChunk)).toEqual([]);
    expect(seen.tiles).toEqual([]);
    expect(seen.stylesheets.filter((s) => s.includes('leaflet'))).toEqual([]);
    // The page's JavaScript before any interaction: the visitor runtime and the loader only.
    const before = await scriptBytes(p, seen);
    expect(before.blocks).toBe(0);
    console.log(
      `map page JavaScript before interaction: ${before.total} bytes gzip (runtime and loader ${before.runtime}, block chunks ${before.blocks}: ${before.each})`,
    );

    await region.scrollIntoViewIfNeeded();
    await p.locator('.block-map[data-map-state="ready"]').first().waitFor();
    expect(seen.scripts.filter(isBlockChunk)).toEqual([expect.stringMatching(/^\/assets\/island-map-[\w-]+\.js$/)]);
    // Leaflet comes in its own chunk, which a site drawing Google's map never loads (e2e/google-maps.test.ts).
    expect(seen.scripts.filter((s) => /^\/assets\/leaflet-map-[\w-]+\.js$/.test(s))).toHaveLength(1);
    expect(seen.tiles.length).toBeGreaterThan(0);
    expect(seen.tiles.every((t) => /^https:\/\/tiles\.openpress\.test\/(12|14)\/\d+\/\d+\.png$/.test(t))).toBe(true);
    expect(seen.tiles.some((t) => t.startsWith('https://tiles.openpress.test/12/'))).toBe(true);
    expect(seen.stylesheets.some((s) => /^\/assets\/leaflet-[\w-]+\.css$/.test(s))).toBe(true);
    const after = await scriptBytes(p, seen);
    console.log(`map chunk once in view: ${after.blocks} bytes gzip`);

    // The map: road type for Grayscale without terrain, grayscale tiles, the operator's credit.
    const view = region.locator('.map-view');
    expect(await view.getAttribute('data-map-type')).toBe('roadmap');
    expect(await view.locator('.leaflet-tile-pane').evaluate((el) => getComputedStyle(el).filter)).toBe('grayscale(1)');
    expect(await region.getByRole('link', { name: 'Test Tiles' }).getAttribute('href')).toBe('https://tiles.openpress.test/credits');
    expect(await region.getByRole('button', { name: 'Zoom in' }).isVisible()).toBe(true);

    // The marker: drawn 24x32 (the 48x64 icon at half size), its tip at the centre, labelled with the place.
    const marker = region.getByRole('link', { name: 'Open Juniper Ceramics in a maps page (opens in a new window)' });
    const box = (await marker.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([24, 32]);
    const mapBox = (await view.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - (mapBox.x + mapBox.width / 2))).toBeLessThanOrEqual(1);
    expect(Math.abs(box.y + box.height - (mapBox.y + mapBox.height / 2))).toBeLessThanOrEqual(1);
    expect(await region.locator('.map-label').textContent()).toBe('Juniper Ceramics');

    // Clicking it opens the address in a maps page, in a new window (answered here: no network).
    await context.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Maps</title>' }));
    const [opened] = await Promise.all([context.waitForEvent('page'), marker.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe('https://www.openstreetmap.org/search?query=71%20Sullivan%20Street%2C%20New%20York%2C%20NY%2010012%2C%20United%20States');
    await opened.close();

    await p.screenshot({ path: '/tmp/map-visitor.png' });
    expect(await view.evaluate((el) => el.classList.contains('leaflet-grab'))).toBe(true);

    // covers 001-3.40, 001-3.42, 001-4.87: each option the other way changes the map.
    const still = p.getByRole('region', { name: 'Map: Paris showroom' });
    await still.scrollIntoViewIfNeeded();
    await p.locator('.block-map[data-map-state="ready"]').nth(1).waitFor();
    const stillView = still.locator('.map-view');
    expect(await stillView.getAttribute('data-map-type')).toBe('hybrid');
    expect(await stillView.locator('.leaflet-tile-pane').evaluate((el) => getComputedStyle(el).filter)).toBe('saturate(1.4) contrast(1.1)');
    expect(await still.getByRole('button', { name: 'Zoom in' }).count()).toBe(0);
    expect(await stillView.evaluate((el) => el.classList.contains('leaflet-grab'))).toBe(false);
    expect(await still.locator('.map-label').count()).toBe(0);
    expect(await still.locator('.map-marker').count()).toBe(1);
    expect(await still.locator('.map-marker a').count()).toBe(0);
    expect(await seriousViolations(p)).toEqual([]);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it('keeps the address card, not a grey box, when no tile can be reached', async () => {
    await page();
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
    const { p, seen } = await visit(context, 'fail');
    const region = p.getByRole('region', { name: 'Map: Juniper Ceramics' });
    await region.scrollIntoViewIfNeeded();
    await p.locator('.block-map[data-map-state="offline"][aria-label="Map: Juniper Ceramics"]').waitFor();
    expect(seen.tiles.length).toBeGreaterThan(0);
    expect(await region.locator('.map-view').count()).toBe(0);
    expect(await region.getByText('71 Sullivan Street').isVisible()).toBe(true);
    expect(await region.getByRole('link', { name: 'Open in maps (opens in a new window)' }).getAttribute('target')).toBe('_blank');
    await p.screenshot({ path: '/tmp/map-offline.png' });
    expect(await seriousViolations(p)).toEqual([]);
    expect(seen.errors).toEqual([]);
    await context.close();
  });
});

describe('map block in the editor', () => {
  // covers 001-3.40, 001-3.43
  it('shows the map’s settings from its fields, and says beside the field when a latitude is out of range', async () => {
    await page();
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const p = await context.newPage();
    await signInAsOwner(p, env.site());
    await p.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
    await p.getByRole('button', { name: 'Edit Find us' }).click();
    const canvas = p.frameLocator('iframe[title="Page canvas"]');
    const card = canvas.getByRole('region', { name: 'Map: Juniper Ceramics' });
    await card.scrollIntoViewIfNeeded();
    await card.getByText('Juniper Ceramics').click();
    const panel = p.getByRole('complementary', { name: 'Map settings' });
    expect(await panel.getByLabel('Latitude of the centre', { exact: true }).inputValue()).toBe('40.720882');
    expect(await panel.getByLabel('Longitude of the centre', { exact: true }).inputValue()).toBe('-74.000988');
    expect(await panel.getByLabel('Zoom', { exact: true }).inputValue()).toBe('12');
    expect(await panel.getByLabel('Style', { exact: true }).locator('option').allTextContents()).toEqual([
      'Original',
      'Grayscale',
      'Satellite',
      'Minimal dark',
      'Minimal light',
      'Minimal blue',
    ]);
    for (const label of [
      'Show the place name beside the marker',
      'Show terrain',
      'Show zoom controls',
      'Let visitors drag the map',
      'Zoom with the mouse wheel',
      'Open the address in a maps page when the marker is clicked',
    ]) {
      expect(await panel.getByLabel(label, { exact: true }).isVisible(), label).toBe(true);
    }
    // A style chosen in the panel is the canvas's style at once (a number in the block's data).
    await panel.getByLabel('Style', { exact: true }).selectOption({ label: 'Minimal blue' });
    await canvas.locator('.block-map.map-style-6').waitFor();

    await panel.getByLabel('Latitude of the centre', { exact: true }).fill('91');
    await panel.getByText('Latitude must be between -90 and 90').waitFor();
    expect(await panel.getByLabel('Latitude of the centre', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await p.screenshot({ path: '/tmp/map-editor.png' });
    // The canvas keeps the last good map meanwhile.
    expect(await card.isVisible()).toBe(true);
    await context.close();
  });
});

/** The gzipped JavaScript the page has fetched so far, with the inline loader: the visitor runtime's and the block chunks'. */
async function scriptBytes(p: Page, seen: Seen): Promise<{ total: number; runtime: number; blocks: number; each: string }> {
  const origin = env.site().url;
  const sizes = await Promise.all(
    [...new Set(seen.scripts)].map(async (path) => ({ path, size: gzipSync(await (await fetch(`${origin}${path}`)).arrayBuffer().then(Buffer.from)).length })),
  );
  const inline = await p.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module')
      .map((s) => s.textContent ?? ''),
  );
  const loader = inline.reduce((n, s) => n + gzipSync(s).length, 0);
  const runtime = sizes.filter((s) => isPageRuntime(s.path)).reduce((n, s) => n + s.size, 0) + loader;
  const blocks = sizes.filter((s) => !isPageRuntime(s.path)).reduce((n, s) => n + s.size, 0);
  return { total: runtime + blocks, runtime, blocks, each: [...sizes.map((s) => `${s.path} ${s.size}`), `inline ${loader}`].join(', ') };
}
