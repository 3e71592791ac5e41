/**
 * The Products screen (/config/store/products): the store's products with a thumbnail, name,
 * status (seed 000 §4: Available, Scheduled, Hidden, Unsupported), price (a sale marked), stock and
 * categories, searched and filtered by status, category and type. "Add product" creates one of the
 * four types and opens its editor at its own address; a site without a shop page is offered one
 * first ("Shop" at /shop). A role that may only read sees the list and opens products to view them.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  categoriesAnswer,
  productAnswer,
  productsAnswer,
  PRODUCT_STATUSES,
  shopRow,
  shopsAnswer,
  STORE_API,
  type ProductListRow,
  type ShopRow,
} from '../../contracts/catalogue';
import { z } from 'zod';
import { PRODUCT_TYPES, type ProductType } from '../../domain/commerce';
import { CONTENT_STATUSES } from '../../domain/website';
import { productWorkflowLabel } from '../../domain/product-status';
import { format } from '../../messages/format';
import { words } from './words';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { AddListingForm } from '../shared/add-listing-form';
import { DataTable } from '../shared/data-table';
import { useDebounced } from '../shared/file-picker';
import { errorText, Messages, useLoad, useSave } from '../shared/ui';
import { ExportCsv, ImportCsv } from './product-csv';
import { go, money, productAddress, productIdAt, usePathname } from './store-nav';
import { ShopChoice, StatusLabel, stockText, TYPE_LABELS } from './store-parts';
import './store.css';

const ProductEditor = lazy(() => import('./product-editor').then((m) => ({ default: m.ProductEditor })));

const shopAnswer = z.object({ shop: shopRow });

/** The order the owner chooses a type in: goods first. */
const TYPE_CHOICES: readonly ProductType[] = ['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD'];

function PriceCell({ row, currency }: { row: ProductListRow; currency: string }) {
  const range =
    row.minPriceCents === row.maxPriceCents
      ? money(row.minPriceCents, currency)
      : format(words.priceRange, { min: money(row.minPriceCents, currency), max: money(row.maxPriceCents, currency) });
  return (
    <span className="store-price">
      {range}
      {row.onSale ? <span className="store-sale">{words.onSaleBadge}</span> : null}
    </span>
  );
}

export function ProductsScreen({ writable }: { writable: boolean }) {
  const path = usePathname();
  const id = productIdAt(path);
  if (id)
    return (
      <Suspense fallback={<p className="loading-inline">{words.loadingProduct}</p>}>
        <ProductEditor key={id} id={id} writable={writable} />
      </Suspense>
    );
  return <ProductList writable={writable} />;
}

type Filter = { q: string; status: string; category: string; type: string };

function ProductList({ writable }: { writable: boolean }) {
  const [shops, shopsError, reloadShops] = useLoad(shopsAnswer, STORE_API.SHOPS);
  const [categories] = useLoad(categoriesAnswer, STORE_API.CATEGORIES);
  const [filter, setFilter] = useState<Filter>({ q: '', status: '', category: '', type: '' });
  const q = useDebounced(filter.q, 300);
  const query = useMemo(() => {
    const params = new URLSearchParams();
    if (q.trim()) params.set('q', q.trim());
    for (const key of ['status', 'category', 'type'] as const) if (filter[key]) params.set(key, filter[key]);
    const text = params.toString();
    return text ? `${STORE_API.PRODUCTS}?${text}` : STORE_API.PRODUCTS;
  }, [q, filter]);
  const [list, setList] = useState<{ query: string; currency: string; products: ProductListRow[] }>();
  const [error, setError] = useState<string | null>(null);
  // Bumped after an import, so the same query is asked again.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    call(productsAnswer, 'GET', query).then(
      (answer) => current && (setList({ query, ...answer }), setError(null)),
      (err: unknown) => current && setError(errorText(err)),
    );
    return () => {
      current = false;
    };
  }, [query, generation]);
  const loading = list?.query !== query && error === null;
  const set = (key: keyof Filter) => (e: { target: { value: string } }) => setFilter((f) => ({ ...f, [key]: e.target.value }));
  const filtered = filter.q.trim() !== '' || filter.status !== '' || filter.category !== '' || filter.type !== '';
  const currency = list?.currency ?? 'USD';
  const [adding, setAdding] = useState(false);
  const [csvTool, setCsvTool] = useState<'export' | 'import' | null>(null);
  const canAdd = writable && shops !== undefined && shops.shops.length > 0;
  const hasShop = shops !== undefined && shops.shops.length > 0;

  return (
    <section className="store-screen" aria-labelledby="store-products-title">
      <div className="store-head">
        <h1 id="store-products-title">{words.productsTitle}</h1>
        <div className="button-row store-head-actions">
          {hasShop ? (
            <button type="button" className="secondary" aria-expanded={csvTool === 'export'} onClick={() => setCsvTool(csvTool === 'export' ? null : 'export')}>
              {words.exportCsv}
            </button>
          ) : null}
          {canAdd ? (
            <button type="button" className="secondary" aria-expanded={csvTool === 'import'} onClick={() => setCsvTool(csvTool === 'import' ? null : 'import')}>
              {words.importCsv}
            </button>
          ) : null}
          {canAdd && !adding ? (
            <button type="button" onClick={() => setAdding(true)}>
              {words.addProduct}
            </button>
          ) : null}
        </div>
      </div>
      {hasShop && csvTool === 'export' ? <ExportCsv shops={shops.shops} onClose={() => setCsvTool(null)} /> : null}
      {canAdd && csvTool === 'import' ? (
        <ImportCsv shops={shops.shops} onImported={() => setGeneration((g) => g + 1)} onClose={() => setCsvTool(null)} />
      ) : null}
      {canAdd && adding ? <AddProduct shops={shops.shops} onCancel={() => setAdding(false)} /> : null}
      <Messages error={shopsError ?? error} />
      {shops && shops.shops.length === 0 ? (
        <div className="store-empty-shop">
          <p>{words.noShop}</p>
          {writable ? <AddShop onAdded={() => void reloadShops()} /> : null}
        </div>
      ) : null}
      <form className="store-filters" role="search" aria-label={words.filtersLabel} onSubmit={(e) => e.preventDefault()}>
        <Field label={words.search} hint={words.searchHint}>
          {(c) => <input {...c} type="search" value={filter.q} onChange={set('q')} />}
        </Field>
        <FilterSelect
          label={words.status}
          any={words.allStatuses}
          value={filter.status}
          onChange={set('status')}
          options={PRODUCT_STATUSES.map((st) => ({ value: String(st), label: productWorkflowLabel(st) }))}
        />
        <FilterSelect
          label={words.category}
          any={words.allCategories}
          value={filter.category}
          onChange={set('category')}
          options={(categories?.categories ?? []).map((cat) => ({ value: cat.id, label: cat.name }))}
        />
        <FilterSelect
          label={words.type}
          any={words.allTypes}
          value={filter.type}
          onChange={set('type')}
          options={PRODUCT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        />
      </form>
      {list ? (
        <p className="store-count" role="status">
          {format(words.productCount, { count: list.products.length })}
        </p>
      ) : null}
      <DataTable
        className="store-table store-products"
        rows={list?.products ?? []}
        rowKey={(p) => p.id}
        caption={words.productsTitle}
        busy={loading}
        empty={list ? (filtered ? words.noMatch : words.noProducts) : undefined}
        columns={[
          {
            header: <span className="visually-hidden">{words.image}</span>,
            className: 'store-thumb-cell',
            cell: (p) =>
              p.image ? (
                <img className="store-thumb" src={`${p.image}?format=300w`} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className="store-thumb store-thumb-none" />
              ),
          },
          {
            header: words.name,
            className: 'store-name-cell',
            cell: (p) => (
              <>
                <a
                  href={productAddress(p.id)}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                    e.preventDefault();
                    go(productAddress(p.id));
                  }}
                >
                  {p.name}
                </a>
                <span className="store-sub">
                  {TYPE_LABELS[p.productType as ProductType] ?? p.productType}
                  {p.variantCount > 1 ? ` · ${format(words.variantCount, { count: p.variantCount })}` : ''}
                  {p.unpublishedChanges ? ` · ${words.unpublishedChanges}` : ''}
                </span>
              </>
            ),
          },
          {
            header: words.status,
            cell: (p) => (
              <>
                <StatusLabel status={p.status} />
                {p.status === CONTENT_STATUSES.SCHEDULED && p.availableAt ? (
                  <span className="store-sub">
                    {format(words.scheduledFrom, { when: new Date(p.availableAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) })}
                  </span>
                ) : null}
              </>
            ),
          },
          { header: words.price, numeric: true, cell: (p) => <PriceCell row={p} currency={currency} /> },
          { header: words.stock, numeric: true, cell: (p) => <span className={p.stock === 0 ? 'store-sold-out' : undefined}>{stockText(p.stock)}</span> },
          {
            header: words.categories,
            className: 'store-cats-cell',
            cell: (p) =>
              p.categories
                .map((cid) => categories?.categories.find((c) => c.id === cid)?.name)
                .filter(Boolean)
                .join(', '),
          },
        ]}
      />
    </section>
  );
}

/** A filter above the list: any value, or one of `options`. */
function FilterSelect(props: {
  label: string;
  any: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (e: { target: { value: string } }) => void;
}) {
  return (
    <Field label={props.label}>
      {(c) => (
        <select {...c} value={props.value} onChange={props.onChange}>
          <option value="">{props.any}</option>
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function AddShop({ onAdded }: { onAdded: () => void }) {
  return (
    <AddListingForm
      id="store-add-shop"
      className="store-card store-add-shop"
      heading={words.addShopTitle}
      titleLabel={words.shopTitle}
      addressLabel={words.address}
      addressHint={words.shopPathHint}
      button={words.addShop}
      initial={{ title: words.shopDefaultTitle, path: '/shop' }}
      send={(body) => call(shopAnswer, 'POST', STORE_API.SHOPS, body).then(() => '')}
      onAdded={onAdded}
    />
  );
}

function AddProduct({ shops, onCancel }: { shops: ShopRow[]; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [productType, setType] = useState<ProductType>('PHYSICAL');
  const [shopId, setShop] = useState(shops[0]!.id);
  const { error, fieldErrors, busy, save } = useSave('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    let created = '';
    save(
      () => call(productAnswer, 'POST', STORE_API.PRODUCTS, { shopId, name, productType }).then((a) => (created = a.product.id)),
      () => go(productAddress(created)),
    );
  };
  return (
    <form className="store-card store-add-product" aria-labelledby="store-add-product" onSubmit={submit} noValidate>
      <h2 id="store-add-product">{words.addProduct}</h2>
      <Messages error={error} />
      <Field label={words.name} error={fieldErrors.name}>
        {(c) => <input {...c} value={name} onChange={(e) => setName(e.target.value)} required maxLength={300} autoFocus />}
      </Field>
      <fieldset className="store-type-choice">
        <legend>{words.type}</legend>
        {TYPE_CHOICES.map((t) => (
          <label key={t} className="check">
            <input type="radio" name="product-type" value={t} checked={productType === t} onChange={() => setType(t)} />
            {TYPE_LABELS[t]}
          </label>
        ))}
      </fieldset>
      <ShopChoice shops={shops} value={shopId} onChange={setShop} />
      <div className="button-row">
        <button type="submit" disabled={busy}>
          {words.createProduct}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}
