/**
 * The Categories screen (/config/store/categories): the store's categories with how many products
 * each holds, added, renamed in place and deleted (its products lose it, and keep everything else).
 * The length the seed allows is the server's to check; its message shows on the field.
 */
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { categoriesAnswer, categoryRow, STORE_API, type CategoryRow } from '../../contracts/catalogue';
import { okAnswer } from '../../contracts/common';
import { format } from '../../messages/format';
import { words } from './words';
import { showConfirmation } from '../../ui/dialogs/show';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, Messages, useDoneAfterReload, useLoad, useSave } from '../shared/ui';
import './store.css';

const categoryAnswer = z.object({ category: categoryRow });

export function CategoriesScreen({ writable }: { writable: boolean }) {
  const [data, loadError, reload] = useLoad(categoriesAnswer, STORE_API.CATEGORIES);
  const { done, setDone, sayAfterReload } = useDoneAfterReload(reload);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const remove = async (c: CategoryRow) => {
    const answer = await showConfirmation({
      title: words.deleteCategoryTitle,
      text: format(words.deleteCategoryText, { name: c.name, count: c.productCount }),
      confirmLabel: words.deleteCategory,
    });
    if (answer !== 'confirm') return;
    setError(null);
    setDone(null);
    call(okAnswer, 'DELETE', `${STORE_API.CATEGORIES}/${c.id}`).then(
      () => void sayAfterReload(format(words.categoryDeleted, { name: c.name })),
      (err: unknown) => setError(errorText(err)),
    );
  };
  return (
    <section className="store-screen" aria-labelledby="store-categories-title">
      <h1 id="store-categories-title">{words.categoriesTitle}</h1>
      <p className="hint">{words.categoriesHint}</p>
      {writable ? <AddCategory onAdded={(name) => void sayAfterReload(format(words.categoryAdded, { name }))} /> : null}
      <Messages error={loadError ?? error} done={done} />
      <DataTable
        className="store-table store-categories"
        rows={data?.categories ?? []}
        rowKey={(c) => c.id}
        rowHeaders
        caption={words.categoriesTitle}
        busy={!data}
        empty={data ? words.noCategories : undefined}
        columns={[
          {
            header: words.name,
            className: 'store-name-cell',
            cell: (c) =>
              renaming === c.id ? (
                <Rename
                  category={c}
                  onDone={(message) => {
                    setRenaming(null);
                    if (message) void sayAfterReload(message);
                  }}
                />
              ) : (
                c.name
              ),
          },
          { header: words.products, numeric: true, cell: (c) => format(words.productCount, { count: c.productCount }) },
          writable && {
            header: <span className="visually-hidden">{words.actions}</span>,
            className: 'row-actions',
            cell: (c) =>
              renaming === c.id ? null : (
                <div className="button-row">
                  <button type="button" className="secondary" onClick={() => setRenaming(c.id)} aria-label={format(words.renameOf, { name: c.name })}>
                    {words.rename}
                  </button>
                  <button type="button" className="secondary danger" onClick={() => void remove(c)} aria-label={format(words.deleteOf, { name: c.name })}>
                    {words.deleteCategory}
                  </button>
                </div>
              ),
          },
        ]}
      />
    </section>
  );
}

function AddCategory({ onAdded }: { onAdded: (name: string) => void }) {
  const [name, setName] = useState('');
  const { error, fieldErrors, busy, save } = useSave('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    let added = '';
    save(
      () => call(categoryAnswer, 'POST', STORE_API.CATEGORIES, { name }).then((a) => (added = a.category.name)),
      () => {
        setName('');
        onAdded(added);
      },
    );
  };
  return (
    <form className="inline-form store-add-category" aria-label={words.addCategory} onSubmit={submit} noValidate>
      <Field label={words.newCategory} error={fieldErrors.name ?? error}>
        {(c) => <input {...c} value={name} onChange={(e) => setName(e.target.value)} required />}
      </Field>
      <button type="submit" disabled={busy || name.trim() === ''}>
        {words.addCategory}
      </button>
    </form>
  );
}

function Rename({ category, onDone }: { category: CategoryRow; onDone: (message: string | null) => void }) {
  const [name, setName] = useState(category.name);
  const { error, fieldErrors, busy, save } = useSave('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save(
      () => call(categoryAnswer, 'PUT', `${STORE_API.CATEGORIES}/${category.id}`, { name }),
      () => onDone(format(words.categoryRenamed, { name })),
    );
  };
  return (
    <form className="store-rename" onSubmit={submit} noValidate>
      <Field label={format(words.newNameOf, { name: category.name })} error={fieldErrors.name ?? error}>
        {(c) => <input {...c} value={name} onChange={(e) => setName(e.target.value)} autoFocus />}
      </Field>
      <div className="button-row">
        <button type="submit" disabled={busy}>
          {words.saveName}
        </button>
        <button type="button" className="secondary" onClick={() => onDone(null)}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}
