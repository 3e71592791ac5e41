/**
 * A post's own page around its sections: the header (its blog, its title, its date and author) and
 * the footer with its tags. The date and author line is also each entry's on its blog's list.
 */
import type { ItemSummary, PublishedCollection } from '../modules/content';
import { systemPages } from '../../messages/system-pages';
import { formatLongDate } from './dates';

type DateSettings = { locale: string; timeZone: string };

/** A post's publication date and author, under its title on its page and on its blog's list. */
export function EntryMeta({ item, locale, timeZone }: { item: Pick<ItemSummary, 'publishedAt' | 'author'> } & DateSettings) {
  return (
    <p className="entry-meta">
      <time dateTime={new Date(item.publishedAt).toISOString()}>{formatLongDate(item.publishedAt, locale, timeZone)}</time>
      {item.author ? <span> · {item.author}</span> : null}
    </p>
  );
}

export function PostHeader({ item, parent, locale, timeZone }: { item: ItemSummary; parent: PublishedCollection } & DateSettings) {
  return (
    <header className="item-header">
      <p className="item-breadcrumb">
        <a href={parent.path}>{parent.title}</a>
      </p>
      <h1>{item.title}</h1>
      <EntryMeta item={item} locale={locale} timeZone={timeZone} />
    </header>
  );
}

export function PostTags({ tags }: { tags: readonly string[] }) {
  return (
    <footer className="item-footer">
      <ul className="item-tags" aria-label={systemPages.tags}>
        {tags.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </footer>
  );
}
