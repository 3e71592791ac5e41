/**
 * A collection's page (a blog's list): its title and description, then each published post with its
 * featured image, date and author, excerpt and a link to read on.
 */
import type { RenderContext } from '../../blocks/types';
import { imageSources, Picture } from '../../blocks/image/picture';
import type { ItemSummary, PublishedCollection } from '../modules/content';
import { format } from '../../messages/format';
import { systemPages } from '../../messages/system-pages';
import { EntryMeta } from './post-view';

type CollectionListProps = { collection: PublishedCollection; items: readonly ItemSummary[]; ctx: RenderContext; locale: string; timeZone: string };

export function CollectionList({ collection, items, ctx, locale, timeZone }: CollectionListProps) {
  return (
    <div className="collection-list">
      <header className="collection-header">
        <h1>{collection.title}</h1>
        {collection.description ? <p className="collection-description">{collection.description}</p> : null}
      </header>
      {items.length === 0 ? <p>{systemPages.nothingPublished}</p> : null}
      {items.map((item) => (
        <article className="collection-entry" key={item.id}>
          {item.thumbnail ? <EntryImage src={item.thumbnail} ctx={ctx} /> : null}
          <h2>
            <a href={item.path}>{item.title}</a>
          </h2>
          <EntryMeta item={item} locale={locale} timeZone={timeZone} />
          {item.excerpt ? <p className="entry-excerpt">{item.excerpt}</p> : null}
          <a className="entry-more" href={item.path} aria-label={format(systemPages.readMore, { title: item.title })}>
            {systemPages.readMoreLink}
          </a>
        </article>
      ))}
    </div>
  );
}

/**
 * A post's featured image on its blog's list: every format and width the image pipeline made, the
 * browser's own lazy loading, and the file's size so nothing shifts as it arrives. Decorative: the
 * post's title beside it names the post.
 */
function EntryImage({ src, ctx }: { src: string; ctx: RenderContext }) {
  const file = src.startsWith('/s/') ? ctx.files.get(src.slice(3)) : undefined;
  return <Picture offered={imageSources(src, file)} alt="" sizes="(max-width: 800px) 100vw, 700px" file={file} pictureClassName="entry-image" load="lazy" />;
}
