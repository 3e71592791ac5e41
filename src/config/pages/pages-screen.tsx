/**
 * The Pages screen: the site's pages in their order, each opening in the visual editor or the
 * preview; adding a page (blank or from a section layout), its settings, duplicating, deleting
 * (never the home page), moving up and down (announced in the status line), and making another
 * page the home page. Each change is one call; the list is read again after it.
 */
import { useRef, useState, type FormEvent } from 'react';
import { SECTION_LAYOUTS } from '../../blocks/section-layouts';
import { firstFreePath, madeHomeAnswer, pageChangedAnswer, slugFromTitle } from '../../contracts/pages';
import { pagesAnswer, type PageRow } from '../../contracts/site';
import { CONTENT_STATUSES } from '../../domain/website';
import { format } from '../../messages/format';
import { blog } from '../../messages/blog';
import { pages as texts } from '../../messages/pages';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { Field } from '../../ui/field';
import { LayoutPreview } from '../shared/layout-preview';
import { ImageChoice, okCall, PageDialog, PageSettingsDialog } from './page-settings';
import { errorText, fieldErrorsOf, Messages, useDoneAfterReload, useLoad } from '../shared/ui';
import './pages.css';

/**
 * PAGE_TYPES.NOT_FOUND (src/domain/page-types.ts), written here: vite.config.ts puts that module in
 * the visitor chunk, where an import from the config area would keep it on every published page.
 */
const NOT_FOUND_PAGE = 100;

const address = (p: PageRow) =>
  p.path ? <a href={`/config/?frameUrl=${encodeURIComponent(p.path)}`}>{p.path}</a> : p.pageType === NOT_FOUND_PAGE ? texts.notFoundPage : texts.errorPage;

const published = (p: PageRow) => p.status === CONTENT_STATUSES.PUBLISHED;

type Dialog = { kind: 'add' } | { kind: 'settings'; pageId: string };

export function PagesScreen({ onEdit, writable, menuWritable }: { onEdit: (pageId: string) => void; writable: boolean; menuWritable: boolean }) {
  const [data, loadError, reload] = useLoad(pagesAnswer, '/api/config/pages');
  const [error, setError] = useState<string | null>(null);
  const { done, setDone, sayAfterReload } = useDoneAfterReload(reload);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const rows = data?.pages ?? [];

  /** Runs a change, then reads the list again and says what happened (or why not). */
  const act = async (change: () => Promise<string>, after?: () => void) => {
    setError(null);
    setDone(null);
    try {
      await sayAfterReload(await change());
      after?.();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const move = (row: PageRow, by: -1 | 1) => {
    const from = rows.findIndex((r) => r.id === row.id);
    const to = from + by;
    if (to < 0 || to >= rows.length) return;
    const ids = rows.map((r) => r.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    void act(
      async () => {
        await okCall('PUT', '/api/config/pages/order', { pageIds: ids });
        return format(texts.moved, { title: row.title, position: to + 1, count: rows.length });
      },
      // The row moved: focus stays on its button, or the other one once it reached an end.
      () => {
        const same = document.getElementById(`move-${by < 0 ? 'up' : 'down'}-${row.id}`) as HTMLButtonElement | null;
        const other = document.getElementById(`move-${by < 0 ? 'down' : 'up'}-${row.id}`);
        (same && !same.disabled ? same : other)?.focus();
      },
    );
  };

  const remove = async (row: PageRow) => {
    if (row.path === '/') {
      setDone(null);
      setError(texts.homeNotDeletable);
      return;
    }
    const answer = await showConfirmation({
      title: format(texts.deleteTitle, { title: row.title }),
      text: format(texts.deleteText, { where: row.path ?? (row.pageType === NOT_FOUND_PAGE ? texts.notFoundPage : texts.errorPage) }),
      confirmLabel: texts.deleteConfirm,
    });
    if (answer !== 'confirm') return;
    await act(
      async () => {
        await call(pageChangedAnswer, 'DELETE', `/api/config/pages/${row.id}`);
        return format(texts.pageDeleted, { title: row.title });
      },
      () => addButton.current?.focus(),
    );
  };

  const duplicate = (row: PageRow) =>
    act(async () => {
      const copy = await call(pageChangedAnswer, 'POST', `/api/config/pages/${row.id}/duplicate`, {});
      return format(texts.pageDuplicated, { title: row.title, copy: copy.title, path: copy.path ?? '' });
    });

  const makeHome = async (row: PageRow) => {
    const home = rows.find((r) => r.path === '/');
    const taken = new Set(rows.flatMap((r) => (r.path && r.id !== home?.id && r.id !== row.id ? [r.path] : [])));
    const oldPath = home ? firstFreePath(slugFromTitle(home.title), (p) => taken.has(p)) : undefined;
    const text = home
      ? format(texts.homeText, {
          title: row.title,
          oldTitle: home.title,
          oldPath: oldPath!,
          published: published(row) && row.path ? format(texts.homeTextPublished, { oldAddress: row.path }) : '',
        })
      : format(texts.homeTextNoOld, { title: row.title });
    const answer = await showConfirmation({ title: format(texts.homeTitle, { title: row.title }), text, confirmLabel: texts.makeHome });
    if (answer !== 'confirm') return;
    await act(async () => {
      const res = await call(madeHomeAnswer, 'POST', `/api/config/pages/${row.id}/home`, oldPath ? { oldHomePath: oldPath } : {});
      return res.oldHome
        ? format(texts.homeChanged, { title: row.title, oldTitle: res.oldHome.title, oldPath: res.oldHome.path })
        : format(texts.homeSet, { title: row.title });
    });
  };

  const closeDialog = (message: string | null) => {
    setDialog(null);
    if (message) {
      setError(null);
      void sayAfterReload(message);
    }
  };

  return (
    <section className="pages-screen">
      <h1 id="pages-heading">{texts.pagesHeading}</h1>
      {writable ? (
        <p>
          <button type="button" ref={addButton} onClick={() => setDialog({ kind: 'add' })}>
            {texts.addPage}
          </button>
        </p>
      ) : null}
      <Messages error={loadError ?? error} />
      {/* Always in the page, so each move and change is announced as it happens. */}
      <p className="form-done" role="status">
        {done}
      </p>
      {data ? (
        <DataTable
          rows={rows}
          rowKey={(p) => p.id}
          labelledBy="pages-heading"
          rowHeaders
          columns={[
            {
              header: 'Title',
              cell: (p) => (
                <>
                  {p.title} {p.path === '/' ? <span className="role-badge">{texts.homeBadge}</span> : null}
                </>
              ),
            },
            { header: 'Address', cell: address },
            { header: 'Status', cell: (p) => (published(p) ? texts.statusPublished : texts.statusDraft) },
            {
              header: 'Actions',
              className: 'row-actions pages-actions',
              cell: (p) => {
                const i = rows.indexOf(p);
                return (
                  <>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => onEdit(p.id)}
                      aria-label={writable ? format(texts.editLabel, { title: p.title }) : format(texts.viewLabel, { title: p.title })}
                    >
                      {writable ? 'Edit' : 'View'}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setDialog({ kind: 'settings', pageId: p.id })}
                      aria-label={format(texts.settingsLabel, { title: p.title })}
                    >
                      {blog.settings}
                    </button>
                    {writable ? (
                      <>
                        {p.path !== null ? (
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => void duplicate(p)}
                            aria-label={format(texts.duplicateLabel, { title: p.title })}
                          >
                            {texts.duplicate}
                          </button>
                        ) : null}
                        {p.path !== null && p.path !== '/' ? (
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => void makeHome(p)}
                            aria-label={format(texts.makeHomeLabel, { title: p.title })}
                          >
                            {texts.makeHome}
                          </button>
                        ) : null}
                        <button type="button" className="secondary" onClick={() => void remove(p)} aria-label={format(texts.deleteLabel, { title: p.title })}>
                          {blog.delete}
                        </button>
                        <button
                          type="button"
                          className="secondary"
                          id={`move-up-${p.id}`}
                          disabled={i === 0}
                          onClick={() => move(p, -1)}
                          aria-label={format(texts.moveUpLabel, { title: p.title })}
                        >
                          {texts.moveUp}
                        </button>
                        <button
                          type="button"
                          className="secondary"
                          id={`move-down-${p.id}`}
                          disabled={i === rows.length - 1}
                          onClick={() => move(p, 1)}
                          aria-label={format(texts.moveDownLabel, { title: p.title })}
                        >
                          {texts.moveDown}
                        </button>
                      </>
                    ) : null}
                  </>
                );
              },
            },
          ]}
        />
      ) : null}
      {dialog?.kind === 'add' ? <AddPageDialog menuWritable={menuWritable} onDone={closeDialog} onAdded={onEdit} /> : null}
      {dialog?.kind === 'settings' ? <PageSettingsDialog pageId={dialog.pageId} writable={writable} onDone={closeDialog} /> : null}
    </section>
  );
}

/**
 * The add-page dialog: a title, a URL slug (made from the title when left empty), what the page
 * starts from, and whether the header menu links to it (on unless the role may not change menus).
 * The page added, the editor opens on it.
 */
function AddPageDialog({
  onDone,
  onAdded,
  menuWritable,
}: {
  onDone: (added: string | null) => void;
  onAdded: (pageId: string) => void;
  menuWritable: boolean;
}) {
  const [title, setTitle] = useState('');
  const [path, setPath] = useState('');
  const [layout, setLayout] = useState('blank');
  const [image, setImage] = useState('');
  const [inMenu, setInMenu] = useState(menuWritable);
  const [open, setOpen] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const needsImage = SECTION_LAYOUTS.find((l) => l.key === layout)?.needsImage ?? false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    setBusy(true);
    call(pageChangedAnswer, 'POST', '/api/config/pages', { title, path, layout, inMenu, ...(needsImage && image ? { image } : {}) })
      .then(
        (res) => onAdded(res.id),
        (err: unknown) => {
          setError(errorText(err));
          setFieldErrors(fieldErrorsOf(err));
        },
      )
      .finally(() => setBusy(false));
  };
  const choices = [{ key: 'blank' as const, label: texts.blankPage, description: texts.blankPageHint }, ...SECTION_LAYOUTS];
  return (
    <PageDialog title={texts.addPage} open={open} onClosed={() => onDone(null)}>
      <form className="stack" noValidate onSubmit={submit}>
        <Messages error={error} />
        <Field id="new-page-title" label={texts.pageTitle} error={fieldErrors.title}>
          {(control) => <input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field
          id="new-page-path"
          label={blog.slug}
          hint={title.trim() ? format(texts.urlSlugHintFor, { path: slugFromTitle(title) }) : texts.urlSlugHint}
          error={fieldErrors.path}
        >
          {(control) => <input {...control} value={path} onChange={(e) => setPath(e.target.value)} />}
        </Field>
        <fieldset>
          <legend>{texts.startFrom}</legend>
          <div className="layout-choices">
            {choices.map((c) => (
              <Field
                key={c.key}
                id={`new-page-layout-${c.key}`}
                label={
                  <>
                    <LayoutPreview layout={c.key} />
                    {c.label}
                  </>
                }
                hint={c.description}
                check
                error={c.key === layout ? fieldErrors.layout : undefined}
              >
                {(control) => <input {...control} type="radio" name="new-page-layout" checked={layout === c.key} onChange={() => setLayout(c.key)} />}
              </Field>
            ))}
          </div>
        </fieldset>
        {needsImage ? (
          <ImageChoice id="new-page-image" label={texts.image} hint={texts.imageHint} value={image} onChange={setImage} error={fieldErrors.image} />
        ) : null}
        {menuWritable ? (
          <Field id="new-page-in-menu" label={texts.inMenu} hint={texts.inMenuHint} check error={fieldErrors.inMenu}>
            {(control) => <input {...control} type="checkbox" checked={inMenu} onChange={(e) => setInMenu(e.target.checked)} />}
          </Field>
        ) : null}
        <p className="button-row">
          <button type="button" className="secondary" onClick={() => setOpen(false)}>
            {blog.cancel}
          </button>
          <button type="submit" disabled={busy}>
            {texts.create}
          </button>
        </p>
      </form>
    </PageDialog>
  );
}
