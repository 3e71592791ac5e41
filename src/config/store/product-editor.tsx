/**
 * A product's editor (/config/store/products/{id}): its name and description, images, options and
 * variants, availability, categories and tags, address and search-engine words, and a digital
 * product's file. "Save draft" keeps the changes as the product's draft (the versioned draft call,
 * with the version it started from and a change id, so a retry is answered once and a draft saved
 * over a newer one is refused); "Publish" makes the draft what visitors see. Until then the editor
 * says the product has unpublished changes.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { categoriesAnswer, productAnswer, shopsAnswer, STORE_API, type ProductAnswer } from '../../contracts/catalogue';
import { okAnswer } from '../../contracts/common';
import { CONTENT_STATUSES } from '../../domain/website';
import type { Product } from '../../document/store';
import { format } from '../../messages/format';
import { words } from './words';
import { showConfirmation } from '../../ui/dialogs/show';
import { Field } from '../../ui/field';
import { ApiError, call } from '../shared/api';
import { errorText, fieldErrorsOf, useLoad } from '../shared/ui';
import { ProductImages } from './product-images';
import { AddressAndSeo, Availability, DigitalFile, Organisation } from './product-sections';
import { ProductVariants } from './product-variants';
import { go, STORE_ADDRESSES } from './store-nav';
import { StatusLabel, TYPE_LABELS } from './store-parts';

const DescriptionEditor = lazy(() => import('./description-editor'));

/** Field paths as the server names them, without a leading `product.`. */
const byField = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^product\./, ''), v]));

type Outcome = { error: string | null; errors: Record<string, string>; done: string | null; conflict?: boolean };

export function ProductEditor({ id, writable }: { id: string; writable: boolean }) {
  const [loaded, setLoaded] = useState<ProductAnswer>();
  const [product, setProduct] = useState<Product>();
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ error: null, errors: {}, done: null });
  const [categories] = useLoad(categoriesAnswer, STORE_API.CATEGORIES);
  const [shops] = useLoad(shopsAnswer, STORE_API.SHOPS);
  const heading = useRef<HTMLHeadingElement>(null);
  const descriptionLabel = useId();
  const url = `${STORE_API.PRODUCTS}/${id}`;

  const show = useCallback((answer: ProductAnswer) => {
    setLoaded(answer);
    setProduct(answer.product);
    setDirty(false);
  }, []);
  const load = useCallback(
    () => call(productAnswer, 'GET', url).then(show, (err: unknown) => setOutcome({ error: errorText(err), errors: {}, done: null })),
    [url, show],
  );
  useEffect(() => {
    void load().then(() => heading.current?.focus());
  }, [load]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (!loaded || !product)
    return outcome.error ? (
      <section className="store-screen">
        <BackLink />
        <p className="form-error" role="alert">
          {outcome.error}
        </p>
      </section>
    ) : (
      <p className="loading-inline">{words.loadingProduct}</p>
    );

  const change = (next: Partial<Product>) => {
    setProduct((p) => (p ? { ...p, ...next } : p));
    setDirty(true);
  };
  const saveDraft = (): Promise<ProductAnswer> =>
    call(productAnswer, 'PUT', `${url}/draft`, { version: loaded.version, changeId: crypto.randomUUID(), product }).then((answer) => {
      show(answer);
      return answer;
    });
  const run = (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome({ error: null, errors: {}, done: null });
    work()
      .then(
        (done) => setOutcome({ error: null, errors: {}, done }),
        (err: unknown) =>
          setOutcome({ error: errorText(err), errors: byField(fieldErrorsOf(err)), done: null, conflict: err instanceof ApiError && err.status === 409 }),
      )
      .finally(() => setBusy(false));
  };
  const save = () => run(() => saveDraft().then(() => words.draftSaved));
  const publish = () =>
    run(async () => {
      const version = dirty ? (await saveDraft()).version : loaded.version;
      show(await call(productAnswer, 'POST', `${url}/publish`, { version }));
      return product.status === CONTENT_STATUSES.DRAFT ? words.publishedHidden : words.published;
    });
  const remove = async () => {
    const answer = await showConfirmation({
      title: words.deleteProductTitle,
      text: format(words.deleteProductText, { name: product.name }),
      confirmLabel: words.deleteProduct,
    });
    if (answer !== 'confirm') return;
    run(() => call(okAnswer, 'DELETE', url).then(() => (go(STORE_ADDRESSES.products), '')));
  };

  const errors = outcome.errors;
  const shopPath = shops?.shops.find((s) => s.id === product.shopId)?.path ?? '';
  const live = loaded.version > 0 || loaded.product.status === CONTENT_STATUSES.PUBLISHED;
  const pending = dirty || loaded.unpublishedChanges;
  return (
    <section className="store-screen store-editor" aria-labelledby="product-title">
      <BackLink />
      <div className="store-editor-bar">
        <div className="store-editor-name">
          <h1 id="product-title" ref={heading} tabIndex={-1}>
            {product.name.trim() || loaded.product.name}
          </h1>
          <p className="store-editor-state">
            <StatusLabel status={product.status} />
            <span className="store-sub">{TYPE_LABELS[product.productType]}</span>
            {pending ? <span className="store-pending">{words.unpublishedChanges}</span> : null}
            {loaded.savedAt ? (
              <span className="store-sub">
                {loaded.savedBy
                  ? format(words.savedBy, { when: new Date(loaded.savedAt).toLocaleString(), who: loaded.savedBy })
                  : format(words.savedAt, { when: new Date(loaded.savedAt).toLocaleString() })}
              </span>
            ) : null}
          </p>
        </div>
        {writable ? (
          <div className="button-row store-editor-actions">
            <button type="button" className="secondary" disabled={busy} onClick={save}>
              {words.saveDraft}
            </button>
            <button type="button" disabled={busy} onClick={publish}>
              {words.publish}
            </button>
          </div>
        ) : null}
      </div>
      <div aria-live="polite">
        {outcome.error ? (
          <p className="form-error" role="alert">
            {outcome.error}{' '}
            {outcome.conflict ? (
              <button type="button" className="link" onClick={() => void load().then(() => setOutcome({ error: null, errors: {}, done: null }))}>
                {words.loadLatest}
              </button>
            ) : null}
          </p>
        ) : null}
        {outcome.done ? (
          <p className="form-done" role="status">
            {outcome.done}
          </p>
        ) : null}
      </div>
      {live && loaded.path ? (
        <p className="store-live-link">
          <a href={`/config/?frameUrl=${encodeURIComponent(loaded.path)}`}>{format(words.seeOnSite, { path: loaded.path })}</a>
        </p>
      ) : null}

      <div className="store-editor-columns">
        <div className="store-editor-main">
          <section className="store-card" aria-labelledby="product-details">
            <h2 id="product-details">{words.details}</h2>
            <Field label={words.name} error={errors.name}>
              {(c) => <input {...c} value={product.name} maxLength={300} disabled={!writable} onChange={(e) => change({ name: e.target.value })} />}
            </Field>
            <div className="field">
              <span className="field-label" id={descriptionLabel}>
                {words.description}
              </span>
              <Suspense fallback={<p className="loading-inline">{words.loadingDescription}</p>}>
                <DescriptionEditor
                  id="product-description"
                  labelledBy={descriptionLabel}
                  invalid={!!errors.description}
                  value={product.description}
                  writable={writable}
                  onChange={(description) => change({ description })}
                />
              </Suspense>
              {errors.description ? <p className="field-error">{errors.description}</p> : null}
            </div>
            <Field label={words.excerpt} hint={words.excerptHint} error={errors.excerpt}>
              {(c) => (
                <textarea
                  {...c}
                  rows={2}
                  value={product.excerpt ?? ''}
                  maxLength={2000}
                  disabled={!writable}
                  onChange={(e) => change({ excerpt: e.target.value || undefined })}
                />
              )}
            </Field>
          </section>
          <ProductImages
            product={product}
            writable={writable}
            errors={errors}
            onChange={(images, variants) => change(variants ? { images, variants } : { images })}
          />
        </div>
        <div className="store-editor-side">
          <Availability product={product} writable={writable} errors={errors} onChange={change} />
          <Organisation product={product} writable={writable} errors={errors} onChange={change} categories={categories?.categories} />
          <AddressAndSeo product={product} writable={writable} errors={errors} onChange={change} shopPath={shopPath} />
        </div>
      </div>
      <ProductVariants
        product={product}
        currency={loaded.currency}
        measurementStandard={loaded.measurementStandard}
        liveStock={loaded.stock}
        writable={writable}
        errors={errors}
        onChange={change}
      />
      {product.productType === 'DIGITAL' ? <DigitalFile product={product} productId={id} writable={writable} onChange={change} /> : null}
      {writable ? (
        <section className="store-card" aria-labelledby="product-delete">
          <h2 id="product-delete">{words.deleteProductTitle}</h2>
          <p className="hint">{words.deleteProductHint}</p>
          <button type="button" className="secondary danger" disabled={busy} onClick={() => void remove()}>
            {words.deleteProduct}
          </button>
        </section>
      ) : null}
    </section>
  );
}

function BackLink() {
  return (
    <p className="store-back">
      <a
        href={STORE_ADDRESSES.products}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          go(STORE_ADDRESSES.products);
        }}
      >
        {words.allProducts}
      </a>
    </p>
  );
}
