/**
 * The product block's chooser (`product-choice`): the store's products by name, with their picture
 * and status (hidden ones too, so a block can be placed before its product goes on sale), narrowed
 * by a search; choosing one sets the block's `productId`. The list comes from the call every role
 * that edits pages may make (src/ui/editor-products.ts). Browser code with no import of the config area.
 */
import { useEffect, useMemo, useState } from 'react';
import { format } from '../../messages/format';
import { productChooser as words } from '../../messages/product-chooser';
import { loadEditorProducts, type EditorProduct } from '../../ui/editor-products';
import type { CustomEditorProps } from '../fields';
import './editor.css';

type Loaded = { products: EditorProduct[] } | { error: string } | undefined;

function useProducts(): [Loaded, () => void] {
  const [loaded, setLoaded] = useState<Loaded>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadEditorProducts().then(
      (products) => current && setLoaded({ products }),
      (err: unknown) => current && setLoaded({ error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = () => {
    setLoaded(undefined);
    setAttempt((a) => a + 1);
  };
  return [loaded, retry];
}

function Refusal({ text }: { text: string }) {
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}

const folded = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function ProductChoiceEditor({ id, label, value, onChange, errorAt, writable, Field }: CustomEditorProps) {
  const chosenId = typeof value === 'string' ? value : '';
  const [loaded, reload] = useProducts();
  const [search, setSearch] = useState('');
  const products = loaded && 'products' in loaded ? loaded.products : undefined;
  const shown = useMemo(() => {
    const q = folded(search.trim());
    return q && products ? products.filter((p) => folded(p.name).includes(q)) : (products ?? []);
  }, [products, search]);
  const chosen = products?.find((p) => p.id === chosenId);
  const error = errorAt('');

  if (!loaded) return <p className="loading-inline">{words.loading}</p>;
  if ('error' in loaded)
    return (
      <div className="product-chooser">
        <Refusal text={format(words.failed, { message: loaded.error })} />
        <button type="button" className="secondary" onClick={reload}>
          {words.retry}
        </button>
      </div>
    );
  if (loaded.products.length === 0) return <p className="hint">{words.none}</p>;
  return (
    <div className="product-chooser">
      <p className="visually-hidden" id={`${id}-label`}>
        {label}
      </p>
      <p className="product-chooser-chosen">{chosen ? format(words.chosen, { name: chosen.name }) : chosenId ? words.chosenGone : words.nothingChosen}</p>
      <Field id={`${id}-search`} label={words.search}>
        {(c) => <input {...c} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />}
      </Field>
      <div className="product-chooser-list" role="radiogroup" aria-labelledby={`${id}-label`} aria-invalid={error ? true : undefined}>
        {shown.map((p) => (
          <label key={p.id} className="product-chooser-item">
            <input type="radio" name={id} value={p.id} checked={p.id === chosenId} disabled={!writable} onChange={() => onChange(p.id)} />
            {p.image ? (
              <img className="product-chooser-thumb" src={`${p.image}?format=300w`} alt="" width={40} height={40} loading="lazy" />
            ) : (
              <span className="product-chooser-thumb" />
            )}
            <span className="product-chooser-text">
              <span className="product-chooser-name">{p.name}</span>
              <span className="product-chooser-status">{p.statusLabel}</span>
            </span>
          </label>
        ))}
        {shown.length === 0 ? <p className="hint">{words.noMatch}</p> : null}
      </div>
      {error ? <Refusal text={error} /> : null}
    </div>
  );
}
