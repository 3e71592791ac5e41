/**
 * A blog's RSS 2.0 feed at its own address with `?format=rss` (`/journal?format=rss`), as the
 * hosted builders serve it: the collection's title and description, and its published posts,
 * newest first, each with its absolute link, date, author and excerpt. Pages link it in their head
 * (`<link rel="alternate">`, render/page.tsx); a post page also carries its schema.org
 * `BlogPosting` data (`blogPostingData`).
 */
import type { ItemSummary, PublishedCollection } from '../modules/content';
import { escapeMarkup } from '../../domain/markup';

/** The query that asks a collection's address for its feed. */
export const FEED_QUERY = { name: 'format', value: 'rss' } as const;

export const feedAddress = (collectionPath: string): string => `${collectionPath}?${FEED_QUERY.name}=${FEED_QUERY.value}`;

/** The feed's XML for a collection, its items as the list shows them (newest first). */
export function renderFeed(opts: {
  origin: string;
  siteTitle: string;
  locale: string;
  collection: PublishedCollection;
  items: readonly ItemSummary[];
}): string {
  const { origin, collection, items } = opts;
  const text = (tag: string, value: string) => `<${tag}>${escapeMarkup(value)}</${tag}>`;
  const newest = items.reduce<string | undefined>((max, i) => (max === undefined || i.publishedAt > max ? i.publishedAt : max), undefined);
  const entries = items.map((item) =>
    [
      '<item>',
      text('title', item.title),
      text('link', `${origin}${item.path}`),
      `<guid isPermaLink="true">${escapeMarkup(`${origin}${item.path}`)}</guid>`,
      text('pubDate', new Date(item.publishedAt).toUTCString()),
      item.author ? text('dc:creator', item.author) : '',
      item.excerpt ? text('description', item.excerpt) : '',
      ...item.tags.map((tag) => text('category', tag)),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    text('title', `${collection.title} — ${opts.siteTitle}`),
    text('link', `${origin}${collection.path}`),
    text('description', collection.description ?? collection.seo.description ?? collection.title),
    text('language', opts.locale),
    `<atom:link href="${escapeMarkup(`${origin}${feedAddress(collection.path)}`)}" rel="self" type="application/rss+xml"/>`,
    newest ? text('lastBuildDate', new Date(newest).toUTCString()) : '',
    ...entries,
    '</channel>',
    '</rss>',
  ].join('\n');
}

/** schema.org `BlogPosting` for a post's page, as JSON-LD. */
export function blogPostingData(opts: { url: string; item: ItemSummary; siteTitle: string; image?: string | undefined }): Record<string, unknown> {
  const { item } = opts;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: item.title,
    url: opts.url,
    mainEntityOfPage: opts.url,
    datePublished: new Date(item.publishedAt).toISOString(),
    ...(item.author ? { author: { '@type': 'Person', name: item.author } } : {}),
    ...(item.excerpt ? { description: item.excerpt } : {}),
    ...(opts.image ? { image: opts.image } : {}),
    ...(item.tags.length > 0 ? { keywords: item.tags.join(', ') } : {}),
    publisher: { '@type': 'Organization', name: opts.siteTitle },
  };
}
