// @vitest-environment happy-dom
/**
 * Google Maps on the map block: the script's address from the page context (key, language,
 * region), the load given up after 30 s (fake timers), the map type and options from the block's
 * settings, a failed load leaving the address card, and the place details call's console error
 * when the tracking context is missing.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  decodeGoogleMapsContext,
  encodeGoogleMapsContext,
  GOOGLE_MAPS_CALLBACK,
  GOOGLE_MAPS_LOAD_TIMEOUT_MS,
  type GoogleMapsContext,
} from '../../domain/google-maps';
import { googleMaps } from '../../messages/google-maps';
import { drawGoogleMap, googleMapOptions, googleMapsLoader, GoogleMapsLoadError, type GoogleMapsApi } from './google';
import { placeDetails } from './google-places';
import { mapData } from './schema';
import { MapView } from './view';

const KEY = 'AIzaSyA1234567890abcdefghijklmnopqrstuv';
const CTX: GoogleMapsContext = { key: KEY, language: 'pt-BR', region: 'BR' };

function render(data: Record<string, unknown>, ctx: GoogleMapsContext | undefined = CTX): HTMLElement {
  const parsed = mapData.parse(data);
  const html = renderToStaticMarkup(
    <MapView
      id="m"
      data={parsed}
      ctx={{ host: 'example.com', files: new Map(), featureFlags: [], ...(ctx ? { googleMaps: ctx } : {}) }}
      columns={12}
      priority={false}
    />,
  );
  document.body.innerHTML = `<div class="block">${html}</div>`;
  return document.querySelector<HTMLElement>('.block-map')!;
}

/** A document that keeps the scripts added to it without loading them (happy-dom would fetch them). */
function scriptKeepingDocument() {
  const scripts: { src: string; onerror?: () => void }[] = [];
  const doc = { createElement: () => ({ src: '' }), head: { append: (s: { src: string }) => scripts.push(s) } };
  return { doc: doc as unknown as Document, scripts };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

describe('Google Maps loader', () => {
  // covers 001-7.22
  it('requests Google’s script with the key, language and region decoded from the page context', () => {
    const root = render({ location: { addressTitle: 'Studio' } });
    expect(root.dataset.mapProvider).toBe('google');
    const ctx = decodeGoogleMapsContext(root.dataset.googleMaps)!;
    expect(ctx).toEqual(CTX);
    const { doc, scripts } = scriptKeepingDocument();
    void googleMapsLoader({ document: doc, window: {} as never })(ctx).catch(() => undefined);
    const src = new URL(scripts[0]!.src);
    expect(src.origin + src.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ key: KEY, language: 'pt-BR', region: 'BR', callback: GOOGLE_MAPS_CALLBACK });
    expect(decodeGoogleMapsContext(encodeGoogleMapsContext({ key: 'not-a-key' }))).toBeUndefined();
  });

  // covers 001-7.23, 001-9.40
  it('gives the load up after 30 s, and not before', async () => {
    vi.useFakeTimers();
    expect(GOOGLE_MAPS_LOAD_TIMEOUT_MS).toBe(30000);
    const { doc, scripts } = scriptKeepingDocument();
    const load = googleMapsLoader({ document: doc, window: {} as never });
    let outcome: unknown;
    const loading = load(CTX).catch((err: unknown) => (outcome = err));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(outcome).toBeInstanceOf(GoogleMapsLoadError);
    // The same page does not ask again.
    expect(load(CTX)).toBe(load(CTX));
    expect(scripts).toHaveLength(1);
  });

  it('resolves with google.maps once Google calls back', async () => {
    const win: Record<string, unknown> = {};
    const { doc, scripts } = scriptKeepingDocument();
    const loading = googleMapsLoader({ document: doc, window: win as never })({ key: KEY });
    const maps = { Map: class {} };
    win.google = { maps };
    (win[GOOGLE_MAPS_CALLBACK] as () => void)();
    expect(await loading).toBe(maps);
    expect(new URL(scripts[0]!.src).searchParams.has('language')).toBe(false);
  });

  it('keeps the address card when the load fails', async () => {
    const root = render({ location: { addressTitle: 'Studio', addressLine1: '1 Main Street' } });
    await drawGoogleMap(root, () => Promise.reject(new GoogleMapsLoadError('timeout')));
    expect(root.dataset.mapState).toBe('offline');
    expect(root.querySelector('.map-view')).toBeNull();
    expect(root.querySelector('address')!.textContent).toBe('1 Main Street');
  });
});

describe('Google map options', () => {
  // covers 001-4.87, 001-4.88, 001-4.89
  it('gives satellite the hybrid type, terrain on the terrain type, and a road map otherwise', () => {
    const typeOf = (data: Record<string, unknown>) => googleMapOptions(render(data).dataset).mapTypeId;
    expect(typeOf({ style: 3 })).toBe('hybrid');
    expect(typeOf({ style: 3, showTerrain: true })).toBe('hybrid');
    expect(typeOf({ style: 2, showTerrain: true })).toBe('terrain');
    expect(typeOf({ style: 2 })).toBe('roadmap');
    expect(typeOf({ style: 1 })).toBe('roadmap');
  });

  // covers 001-3.40
  it('follows the block’s controls, dragging, scroll wheel, labels and style', () => {
    const on = googleMapOptions(render({ showControls: true, draggable: true, scrollwheel: true, showLabels: true, style: 2 }).dataset);
    expect(on).toMatchObject({
      disableDefaultUI: false,
      zoomControl: true,
      gestureHandling: 'greedy',
      scrollwheel: true,
      keyboardShortcuts: true,
      styles: [{ stylers: [{ saturation: -100 }] }],
    });
    const off = googleMapOptions(render({ showControls: false, draggable: false, scrollwheel: false, showLabels: false, style: 1 }).dataset);
    expect(off).toMatchObject({
      disableDefaultUI: true,
      zoomControl: false,
      gestureHandling: 'none',
      scrollwheel: false,
      keyboardShortcuts: false,
      styles: [{ elementType: 'labels', stylers: [{ visibility: 'off' }] }],
    });
    expect(googleMapOptions(render({ draggable: true, scrollwheel: false }).dataset).gestureHandling).toBe('cooperative');
  });

  // covers 001-9.41, 001-2.14
  it('draws the 48x64 marker at half size, opening the address on Google Maps in a new window', async () => {
    const root = render({ location: { addressTitle: 'Studio', addressLine1: '1 Main Street', addressLine2: 'Springfield' } });
    const made: Record<string, unknown>[] = [];
    let click: (() => void) | undefined;
    const maps: GoogleMapsApi = {
      Map: class {} as never,
      Marker: class {
        constructor(options: Record<string, unknown>) {
          made.push(options);
        }
        addListener(_: string, handler: () => void) {
          click = handler;
        }
      } as never,
      Size: class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
      } as never,
      Point: class {
        constructor(
          readonly x: number,
          readonly y: number,
        ) {}
      } as never,
      event: { addListenerOnce: (_t, _e, handler) => handler() },
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await drawGoogleMap(root, () => Promise.resolve(maps));
    expect(root.dataset.mapState).toBe('ready');
    expect(made[0]!.icon).toMatchObject({ scaledSize: { width: 24, height: 32 }, anchor: { x: 12, y: 32 } });
    expect(made[0]!.title).toBe('Open Studio in a maps page (opens in a new window)');
    click!();
    expect(open).toHaveBeenCalledWith('https://www.google.com/maps/search/?api=1&query=1%20Main%20Street%2C%20Springfield', '_blank', 'noopener,noreferrer');
  });
});

describe('place details call', () => {
  // covers 001-7.38, 001-7.39
  it('sends the tracking context, and logs the console error when it is missing', async () => {
    const asked: string[] = [];
    const fetcher = ((url: string) => {
      asked.push(url);
      return Promise.resolve(
        new Response(
          JSON.stringify({
            place: { placeId: 'p1', name: 'A', formattedAddress: 'A', lat: 1, lng: 2, addressLine1: 'A', addressLine2: '', addressCountry: '' },
          }),
          { status: 200 },
        ),
      );
    }) as typeof fetch;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await placeDetails('p1', { productPage: 'editor', productSection: 'map-block' }, 'token-1234', fetcher);
    expect(errors).not.toHaveBeenCalled();
    expect(Object.fromEntries(new URL(asked[0]!, 'http://x').searchParams)).toEqual({
      placeId: 'p1',
      sessionToken: 'token-1234',
      productPage: 'editor',
      productSection: 'map-block',
    });
    await placeDetails('p1', undefined, 'token-1234', fetcher);
    expect(errors).toHaveBeenCalledWith(googleMaps.missingTracking);
    await placeDetails('p1', { productPage: 'editor' }, 'token-1234', fetcher);
    expect(errors).toHaveBeenCalledTimes(2);
  });
});
