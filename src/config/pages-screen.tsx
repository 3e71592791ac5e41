/** The Pages screen: the site's pages, each opening in the visual editor, or in the preview. */
import { pagesAnswer, type PageRow } from '../contracts/site';
import { CONTENT_STATUSES } from '../domain/website';
import { DataTable } from './data-table';
import { Messages, useLoad } from './ui';

/**
 * PAGE_TYPES.NOT_FOUND (src/domain/page-types.ts), written here: vite.config.ts puts that module in
 * the visitor chunk, where an import from the config area would keep it on every published page.
 */
const NOT_FOUND_PAGE = 100;

const address = (p: PageRow) =>
  p.path ? <a href={`/config/?frameUrl=${encodeURIComponent(p.path)}`}>{p.path}</a> : p.pageType === NOT_FOUND_PAGE ? 'Not-found page' : 'Error page';

export function PagesScreen({ onEdit, writable }: { onEdit: (pageId: string) => void; writable: boolean }) {
  const [data, error] = useLoad(pagesAnswer, '/api/config/pages');
  return (
    <section>
      <h1>Pages</h1>
      <Messages error={error} />
      {data ? (
        <DataTable
          rows={data.pages}
          rowKey={(p) => p.id}
          columns={[
            { header: 'Title', cell: (p) => p.title },
            { header: 'Address', cell: address },
            { header: 'Status', cell: (p) => (p.status === CONTENT_STATUSES.PUBLISHED ? 'Published' : 'Not published') },
            {
              header: 'Edit',
              cell: (p) => (
                <button type="button" className="secondary" onClick={() => onEdit(p.id)} aria-label={`${writable ? 'Edit' : 'View'} ${p.title}`}>
                  {writable ? 'Edit' : 'View'}
                </button>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
