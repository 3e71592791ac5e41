/**
 * The browser pixel (seed 000 §7, seed 001 §7): an image request to /api/track/Track with the
 * landing address, the referrer, a random rk against caches, the browser language and the screen
 * size, plus the campaign parameters the page's query has. It is a marketing call, so it is sent
 * only while identifiers are allowed (docs/decisions/0098-the-pixel-and-consent.md).
 */
import { TRACK_QUERY_PARAMS } from '../../domain/analytics';
import { MEASUREMENT_PATHS } from '../../domain/measurement-paths';
import { trackingAllowed } from '../consent';
import { pageFacts, type PageFacts } from './context';
import { emit } from './emit';

export function trackQuery(page: PageFacts, rk: number): URLSearchParams {
  const query = new URLSearchParams({
    landing: page.origin + page.pathname + page.search,
    refer: page.referrer,
    rk: String(rk),
    lang: page.language,
    screen: `${page.screenWidth}x${page.screenHeight}`,
  });
  const from = new URLSearchParams(page.search);
  for (const name of TRACK_QUERY_PARAMS) {
    const value = from.get(name);
    if (value !== null) query.set(name, value);
  }
  return query;
}

export function trackPixel(): void {
  const query = trackQuery(pageFacts(), Math.floor(Math.random() * 1e9));
  emit(
    'track',
    Object.fromEntries(query),
    trackingAllowed()
      ? () =>
          new Promise<void>((resolve) => {
            const img = new Image();
            img.onload = img.onerror = () => resolve();
            img.src = `${MEASUREMENT_PATHS.TRACK}?${query.toString()}`;
          })
      : undefined,
  );
}
