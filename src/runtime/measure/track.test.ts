import { describe, expect, it } from 'vitest';
import type { PageFacts } from './context';
import { trackQuery } from './track';

const page = {
  origin: 'https://pottery.example',
  pathname: '/about',
  search: '?source=news&campaign=spring&mkwid=k1&other=x',
  referrer: 'https://search.example/',
  language: 'en-GB',
  screenWidth: 1920,
  screenHeight: 1080,
} as PageFacts;

describe('the Track pixel', () => {
  // covers 001-7.05, 001-7.06
  it('sends landing, refer, rk, lang and screen, and the campaign parameters the page has', () => {
    const q = trackQuery(page, 1234);
    expect(Object.fromEntries(q)).toEqual({
      landing: 'https://pottery.example/about?source=news&campaign=spring&mkwid=k1&other=x',
      refer: 'https://search.example/',
      rk: '1234',
      lang: 'en-GB',
      screen: '1920x1080',
      source: 'news',
      campaign: 'spring',
      mkwid: 'k1',
    });
    expect([...trackQuery({ ...page, search: '' }, 1).keys()]).toEqual(['landing', 'refer', 'rk', 'lang', 'screen']);
  });
});
