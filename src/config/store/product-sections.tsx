/**
 * The product editor's smaller parts: availability (seed 000 §4: Available, Scheduled from a date
 * and time, Hidden), categories and tags, the address and what search engines show, and a digital
 * product's file, uploaded into private storage (never served at /s/).
 */
import { useState } from 'react';
import { z } from 'zod';
import type { CategoryRow } from '../../contracts/catalogue';
import { STORE_API } from '../../contracts/catalogue';
import { EDITOR_LIMITS } from '../../domain/editor-limits';
import { CONTENT_STATUSES } from '../../domain/website';
import { productWorkflowLabel } from '../../domain/product-status';
import type { Product } from '../../document/store';
import { format } from '../../messages/format';
import { words } from './words';
import { Field } from '../../ui/field';
import { errorText } from '../shared/ui';
import { sendBody } from '../shared/upload-queue';
import { ChoiceCards, CommaListField } from './store-fields';
import { instantOf, localDateTime } from './store-model';
import { go, STORE_ADDRESSES } from './store-nav';

type Props = { product: Product; writable: boolean; errors: Record<string, string>; onChange: (change: Partial<Product>) => void };

const CHOICES = [CONTENT_STATUSES.PUBLISHED, CONTENT_STATUSES.SCHEDULED, CONTENT_STATUSES.DRAFT] as const;
const HINTS: Record<(typeof CHOICES)[number], string> = {
  [CONTENT_STATUSES.PUBLISHED]: words.availableHint,
  [CONTENT_STATUSES.SCHEDULED]: words.scheduledHint,
  [CONTENT_STATUSES.DRAFT]: words.hiddenHint,
};

export function Availability({ product, writable, errors, onChange }: Props) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <section className="store-card" aria-labelledby="product-availability">
      <h2 id="product-availability">{words.availability}</h2>
      <ChoiceCards
        name="product-status"
        legend={words.availability}
        choices={CHOICES.map((s) => ({ value: s, label: productWorkflowLabel(s), hint: HINTS[s] }))}
        value={product.status}
        disabled={!writable}
        onChange={(status) => onChange({ status, availableAt: status === CONTENT_STATUSES.SCHEDULED ? product.availableAt : undefined })}
      />
      {product.status === CONTENT_STATUSES.SCHEDULED ? (
        <Field label={words.availableFrom} hint={format(words.timeZoneHint, { zone })} error={errors.availableAt}>
          {(c) => (
            <input
              {...c}
              type="datetime-local"
              value={localDateTime(product.availableAt)}
              disabled={!writable}
              required
              onChange={(e) => onChange({ availableAt: instantOf(e.target.value) })}
            />
          )}
        </Field>
      ) : null}
    </section>
  );
}

export function Organisation({ product, writable, errors, onChange, categories }: Props & { categories: CategoryRow[] | undefined }) {
  return (
    <section className="store-card" aria-labelledby="product-organisation">
      <h2 id="product-organisation">{words.organisation}</h2>
      <fieldset className="store-category-choice">
        <legend>{words.categories}</legend>
        {categories && categories.length === 0 ? <p className="empty">{words.noCategoriesYet}</p> : null}
        {categories?.map((cat) => (
          <label key={cat.id} className="check">
            <input
              type="checkbox"
              checked={product.categories.includes(cat.id)}
              disabled={!writable}
              onChange={(e) => onChange({ categories: e.target.checked ? [...product.categories, cat.id] : product.categories.filter((id) => id !== cat.id) })}
            />
            {cat.name}
          </label>
        ))}
        <a
          className="store-manage"
          href={STORE_ADDRESSES.categories}
          onClick={(e) => {
            e.preventDefault();
            go(STORE_ADDRESSES.categories);
          }}
        >
          {words.manageCategories}
        </a>
      </fieldset>
      <CommaListField
        label={words.tags}
        hint={format(words.tagsHint, { max: EDITOR_LIMITS.MAX_TAG_LENGTH })}
        value={product.tags}
        error={errors.tags ?? Object.entries(errors).find(([k]) => k.startsWith('tags.'))?.[1]}
        disabled={!writable}
        onChange={(tags) => onChange({ tags })}
      />
    </section>
  );
}

export function AddressAndSeo({ product, writable, errors, onChange, shopPath }: Props & { shopPath: string }) {
  const seo = product.seo;
  const setSeo = (change: Partial<Product['seo']>) => onChange({ seo: { ...seo, ...change } });
  return (
    <section className="store-card" aria-labelledby="product-seo">
      <h2 id="product-seo">{words.addressAndSeo}</h2>
      <Field label={words.slug} error={errors.slug} hint={format(words.slugHint, { path: `${shopPath === '/' ? '' : shopPath}/${product.slug}` })}>
        {(c) => <input {...c} value={product.slug} maxLength={200} disabled={!writable} onChange={(e) => onChange({ slug: e.target.value })} />}
      </Field>
      <Field label={words.seoTitle} error={errors['seo.title']} hint={words.seoTitleHint}>
        {(c) => <input {...c} value={seo.title ?? ''} maxLength={300} disabled={!writable} onChange={(e) => setSeo({ title: e.target.value || undefined })} />}
      </Field>
      <Field label={words.seoDescription} error={errors['seo.description']}>
        {(c) => (
          <textarea
            {...c}
            rows={3}
            value={seo.description ?? ''}
            maxLength={1000}
            disabled={!writable}
            onChange={(e) => setSeo({ description: e.target.value || undefined })}
          />
        )}
      </Field>
      <Field label={words.noIndex} check>
        {(c) => (
          <input
            {...c}
            type="checkbox"
            checked={seo.noIndex ?? false}
            disabled={!writable}
            onChange={(e) => setSeo({ noIndex: e.target.checked || undefined })}
          />
        )}
      </Field>
    </section>
  );
}

const downloadAnswer = z.object({ digitalFile: z.string() });

/**
 * A digital product's file: its bytes sent at once as the asset library sends a file (the shared
 * upload, with its progress and its crumb), kept private (it never reaches the files library), and
 * named in the draft, which the next save keeps.
 */
export function DigitalFile({ product, productId, writable, onChange }: Omit<Props, 'errors'> & { productId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = () => {
    if (!file) return;
    setSent(0);
    setError(null);
    const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(file.name) };
    if (file.type) headers['X-File-Type'] = file.type;
    sendBody(file, { method: 'POST', url: `${STORE_API.PRODUCTS}/${productId}/download` }, headers, { onProgress: setSent, onSent: () => undefined })
      .promise.then((body) => {
        const parsed = downloadAnswer.safeParse(body);
        if (!parsed.success) throw new Error(words.uploadFailed);
        onChange({ digitalFile: parsed.data.digitalFile });
        setFile(null);
      })
      .catch((err: unknown) => setError(errorText(err)))
      .finally(() => setSent(null));
  };
  return (
    <section className="store-card" aria-labelledby="product-download">
      <h2 id="product-download">{words.download}</h2>
      <p className="hint">{words.downloadHint}</p>
      <p>{product.digitalFile ? format(words.downloadCurrent, { name: product.digitalFile }) : words.noDownload}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {writable ? (
        <div className="inline-form">
          <Field label={words.downloadChoose}>{(c) => <input {...c} type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}</Field>
          <button type="button" className="secondary" disabled={!file || sent !== null} onClick={upload}>
            {words.upload}
          </button>
          {sent !== null && file ? <progress className="upload-progress" max={file.size} value={sent} aria-label={words.uploading} /> : null}
        </div>
      ) : null}
    </section>
  );
}
