/**
 * A blog's RSS feed over HTTP on the demo site (issue: first impressions, item 4): `/journal?format=rss`
 * answers the feed (read by rss-parser, a feed reader's parser), the blog's pages link it in their
 * head, a post page carries its schema.org BlogPosting data, and another address asked for a feed
 * is answered as the page it is.
 */
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { demoAppForFile } from './demo-app';

const app = demoAppForFile();

const get = (url: string) => app().inject({ method: 'GET', url, headers: { host: 'localhost' } });

describe('the blog feed', () => {
  it('answers /journal?format=rss with the blog’s posts, newest first, as a feed reader reads them', async () => {
    const res = await get('/journal?format=rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = await new Parser().parseString(res.body);
    expect(feed.title).toBe('Journal — Juniper Ceramics');
    expect(feed.link).toBe('http://localhost/journal');
    expect(feed.items.map((i) => [i.title, i.link, i.creator])).toEqual([
      ['Market season', 'http://localhost/journal/market-season', 'Maya Lind'],
      ['A new kiln, at last', 'http://localhost/journal/a-new-kiln', 'Maya Lind'],
      ['Testing the spring glazes', 'http://localhost/journal/spring-glazes', 'Maya Lind'],
    ]);
    expect(feed.items[0]!.isoDate).toBe('2026-07-19T09:00:00.000Z');
  });

  it('is linked from the blog and its posts, and a post describes itself as a BlogPosting', async () => {
    const alternate = '<link rel="alternate" type="application/rss+xml" title="Journal" href="/journal?format=rss"/>';
    expect((await get('/journal')).body).toContain(alternate);
    const post = await get('/journal/a-new-kiln');
    expect(post.body).toContain(alternate);
    const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(post.body)![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'A new kiln, at last',
      url: 'http://localhost/journal/a-new-kiln',
      datePublished: '2026-05-02T09:00:00.000Z',
      author: { '@type': 'Person', name: 'Maya Lind' },
    });
    expect((await get('/about')).body).not.toContain('application/rss+xml');
  });

  it('answers another address asked for a feed as the page it is', async () => {
    const res = await get('/about?format=rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
