/**
 * Where a collection item lives: `{collection path}/{url}`, where the url follows the collection's
 * blog URL pattern (seed 000 §5 tokens %y %m %d %t, in the site's time zone) or, without one, is
 * the item's slug.
 */
import { blogPostPath } from '../domain/blog-url';

export function itemPath(
  collection: { path: string; urlPattern?: string | undefined | null },
  item: { slug: string; title: string; publishedAt: string },
  timeZone: string,
): string {
  const tail = collection.urlPattern
    ? blogPostPath(collection.urlPattern, { title: item.title, slug: item.slug, publishedAt: new Date(item.publishedAt), timeZone })
    : item.slug;
  return `${collection.path === '/' ? '' : collection.path}/${tail}`;
}
