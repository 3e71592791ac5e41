/** A page as the measurement unit tests see it (context.ts `PageFacts`), with overrides. */
import type { PageFacts } from './context';

export function pageFactsFixture(overrides: Partial<PageFacts> = {}): PageFacts {
  return {
    origin: 'https://pottery.example',
    pathname: '/blog/',
    search: '?a=1',
    hash: '#top',
    host: 'pottery.example',
    title: 'Journal',
    referrer: 'https://search.example/',
    userAgent: 'UA',
    language: 'de-DE',
    lang: 'en-US',
    innerWidth: 1280,
    innerHeight: 900,
    screenWidth: 1920,
    screenHeight: 1080,
    localStorageSupported: true,
    now: 1700000000000,
    ...overrides,
  };
}
