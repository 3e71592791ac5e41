import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { blogPostingData, renderFeed } from './feed';
import type { ItemSummary } from '../modules/content/published/published';

const post = (n: number, extra: Partial<ItemSummary> = {}): ItemSummary => ({
  id: `p${n}`,
  collectionId: 'c1',
  path: `/notes/post-${n}`,
  title: `Post ${n}`,
  publishedAt: `2026-0${n}-01T09:00:00.000Z`,
  author: null,
  excerpt: null,
  tags: [],
  thumbnail: null,
  seo: {},
  ...extra,
});

describe('renderFeed', () => {
  it('is RSS 2.0 a feed reader parses: titles and texts as written, absolute links, dates, authors and tags', async () => {
    const xml = renderFeed({
      origin: 'https://tea.example',
      siteTitle: 'Tea & <Cake>',
      locale: 'en-GB',
      collection: { id: 'c1', type: 1, path: '/notes', title: 'Notes "from" the shop', description: 'What we brew & bake', seo: {} },
      items: [post(3, { title: 'Scones <warm> & "fresh"', author: 'Ann O’Neil', excerpt: 'Butter & jam.', tags: ['baking', 'tea'] }), post(1)],
    });
    const feed = await new Parser().parseString(xml);
    expect(feed.title).toBe('Notes "from" the shop — Tea & <Cake>');
    expect(feed.link).toBe('https://tea.example/notes');
    expect(feed.description).toBe('What we brew & bake');
    expect(feed.language).toBe('en-GB');
    expect(feed.items.map((i) => [i.title, i.link, i.guid, i.isoDate])).toEqual([
      ['Scones <warm> & "fresh"', 'https://tea.example/notes/post-3', 'https://tea.example/notes/post-3', '2026-03-01T09:00:00.000Z'],
      ['Post 1', 'https://tea.example/notes/post-1', 'https://tea.example/notes/post-1', '2026-01-01T09:00:00.000Z'],
    ]);
    expect(feed.items[0]).toMatchObject({ creator: 'Ann O’Neil', content: 'Butter & jam.', categories: ['baking', 'tea'] });
    expect(feed.lastBuildDate).toBe(new Date('2026-03-01T09:00:00.000Z').toUTCString());
  });

  it('is a valid feed with no posts yet', async () => {
    const xml = renderFeed({
      origin: 'https://tea.example',
      siteTitle: 'Tea',
      locale: 'en-US',
      collection: { id: 'c1', type: 1, path: '/notes', title: 'Notes', description: null, seo: {} },
      items: [],
    });
    const feed = await new Parser().parseString(xml);
    expect(feed.items).toEqual([]);
    expect(feed.description).toBe('Notes');
  });
});

describe('blogPostingData', () => {
  it('describes a post as schema.org BlogPosting', () => {
    expect(blogPostingData({ url: 'https://tea.example/notes/post-2', item: post(2, { author: 'Ann', excerpt: 'Short.' }), siteTitle: 'Tea' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Post 2',
      url: 'https://tea.example/notes/post-2',
      mainEntityOfPage: 'https://tea.example/notes/post-2',
      datePublished: '2026-02-01T09:00:00.000Z',
      author: { '@type': 'Person', name: 'Ann' },
      description: 'Short.',
      publisher: { '@type': 'Organization', name: 'Tea' },
    });
  });
});
