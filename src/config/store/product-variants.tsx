/**
 * A product's options (up to six: Glaze, Size …, each with its values) and the variants they make,
 * one for each combination: its price and sale price in the store's currency, its SKU (made by the
 * server when left empty), its stock (a new variant's first count; an existing one's is changed in
 * Inventory, since sales move it), its photo among the product's images, and for goods its weight
 * and size in the store's units (seed 000 §3: lbs and inches, or kg and cm).
 */
import { useState } from 'react';
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS, measurementUnits } from '../../domain/commerce';
import type { Product, Variant } from '../../document/store';
import { format } from '../../messages/format';
import { words } from './words';
import { Field } from '../../ui/field';
import { AmountField, CommaListField, MeasureField } from './store-fields';
import { newId, variantName, variantsFor } from './store-model';
import { go, STORE_ADDRESSES } from './store-nav';
import { stockText } from './store-parts';

type Row = { key: string; name: string; values: string[] };
type Stock = Record<string, { unlimited: boolean; qtyInStock: number }>;

export function ProductVariants({
  product,
  currency,
  measurementStandard,
  liveStock,
  writable,
  errors,
  onChange,
}: {
  product: Product;
  currency: string;
  measurementStandard: number;
  liveStock: Stock;
  writable: boolean;
  errors: Record<string, string>;
  onChange: (change: Pick<Product, 'options' | 'variants'> | Pick<Product, 'variants'>) => void;
}) {
  // The rows as typed: an option without a name or values yet makes no variants until it has both.
  const [rows, setRows] = useState<Row[]>(() => product.options.map((o) => ({ key: newId(), name: o.name, values: o.values })));
  const [tooMany, setTooMany] = useState(false);
  const changeRows = (next: Row[]) => {
    setRows(next);
    const options = next.filter((r) => r.name.trim() !== '' && r.values.length > 0).map((r) => ({ name: r.name.trim(), values: r.values }));
    const variants = variantsFor({ options, variants: product.variants });
    setTooMany(variants === false);
    if (variants) onChange({ options, variants });
  };
  const setVariant = (at: number, change: Partial<Variant>) => onChange({ variants: product.variants.map((v, i) => (i === at ? { ...v, ...change } : v)) });
  const units = measurementUnits(measurementStandard);
  const physical = product.productType === 'PHYSICAL';

  return (
    <section className="store-card" aria-labelledby="product-variants">
      <h2 id="product-variants">{words.optionsTitle}</h2>
      <p className="hint">{format(words.optionsHint, { max: MAX_PRODUCT_OPTIONS })}</p>
      <ol className="store-options">
        {rows.map((r, i) => (
          <li key={r.key} className="store-option">
            <Field label={format(words.optionName, { n: i + 1 })} error={errors[`options.${i}.name`]}>
              {(c) => (
                <input
                  {...c}
                  value={r.name}
                  maxLength={60}
                  disabled={!writable}
                  onChange={(e) => changeRows(rows.map((x) => (x.key === r.key ? { ...x, name: e.target.value } : x)))}
                />
              )}
            </Field>
            <CommaListField
              label={format(words.optionValues, { n: i + 1 })}
              hint={words.optionValuesHint}
              value={r.values}
              error={errors[`options.${i}.values`]}
              disabled={!writable}
              onChange={(values) => changeRows(rows.map((x) => (x.key === r.key ? { ...x, values } : x)))}
            />
            {writable ? (
              <button
                type="button"
                className="secondary danger"
                onClick={() => changeRows(rows.filter((x) => x.key !== r.key))}
                aria-label={format(words.removeOptionOf, { name: r.name || String(i + 1) })}
              >
                {words.removeOption}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {tooMany ? (
        <p className="field-error" role="alert">
          {format(words.tooManyVariants, { max: MAX_PRODUCT_VARIANTS })}
        </p>
      ) : null}
      {writable && rows.length < MAX_PRODUCT_OPTIONS ? (
        <button type="button" className="secondary" onClick={() => setRows([...rows, { key: newId(), name: '', values: [] }])}>
          {words.addOption}
        </button>
      ) : null}

      <h3 className="store-variants-title">{format(words.variantCount, { count: product.variants.length })}</h3>
      <div className="store-variant-head" aria-hidden="true">
        <span>{words.variant}</span>
        <span>{words.price}</span>
        <span>{words.salePrice}</span>
        <span>{words.onSale}</span>
        <span>{words.sku}</span>
        <span>{words.stock}</span>
        <span>{words.photo}</span>
      </div>
      <ul className="store-variants">
        {product.variants.map((v, i) => {
          const name = variantName(v) || words.onlyVariant;
          const live = liveStock[v.id];
          const err = (field: string) => errors[`variants.${i}.${field}`];
          return (
            <li key={v.id}>
              <fieldset className="store-variant">
                <legend>{name}</legend>
                <div className="store-variant-grid">
                  <span className="store-variant-name" aria-hidden="true">
                    {name}
                  </span>
                  <AmountField
                    label={words.price}
                    value={v.priceCents}
                    currency={currency}
                    error={err('priceCents')}
                    disabled={!writable}
                    onChange={(priceCents) => setVariant(i, { priceCents })}
                  />
                  <AmountField
                    label={words.salePrice}
                    value={v.salePriceCents}
                    currency={currency}
                    error={err('salePriceCents')}
                    disabled={!writable}
                    onChange={(salePriceCents) => setVariant(i, { salePriceCents })}
                  />
                  <Field label={words.onSale} check>
                    {(c) => (
                      <input {...c} type="checkbox" checked={v.onSale} disabled={!writable} onChange={(e) => setVariant(i, { onSale: e.target.checked })} />
                    )}
                  </Field>
                  <Field label={words.sku} error={err('sku')} hint={v.sku ? undefined : words.skuHint}>
                    {(c) => (
                      <input
                        {...c}
                        value={v.sku ?? ''}
                        maxLength={60}
                        disabled={!writable}
                        onChange={(e) => {
                          const { sku: _sku, ...rest } = v;
                          onChange({ variants: product.variants.map((x, j) => (j === i ? (e.target.value ? { ...rest, sku: e.target.value } : rest) : x)) });
                        }}
                      />
                    )}
                  </Field>
                  {live ? (
                    <div className="field store-live-stock store-stock-slot">
                      <p className="field-label">{words.stock}</p>
                      <p className="store-live-count">{stockText(live.unlimited ? null : live.qtyInStock)}</p>
                      <a
                        href={STORE_ADDRESSES.inventory}
                        onClick={(e) => {
                          e.preventDefault();
                          go(STORE_ADDRESSES.inventory);
                        }}
                      >
                        {words.changeInInventory}
                      </a>
                    </div>
                  ) : (
                    <div className="store-stock-slot">
                      <Field label={words.startingStock} error={err('qtyInStock')}>
                        {(c) => (
                          <input
                            {...c}
                            type="number"
                            min={0}
                            step={1}
                            value={v.qtyInStock}
                            disabled={!writable || v.unlimited}
                            onChange={(e) => setVariant(i, { qtyInStock: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
                          />
                        )}
                      </Field>
                      <Field label={words.unlimited} check>
                        {(c) => (
                          <input
                            {...c}
                            type="checkbox"
                            checked={v.unlimited}
                            disabled={!writable}
                            onChange={(e) => setVariant(i, { unlimited: e.target.checked })}
                          />
                        )}
                      </Field>
                    </div>
                  )}
                  <div className="store-photo-slot">
                    <Field label={words.photo} error={err('image')}>
                      {(c) => (
                        <select
                          {...c}
                          value={v.image ?? ''}
                          disabled={!writable}
                          onChange={(e) => {
                            const { image: _image, ...rest } = v;
                            onChange({
                              variants: product.variants.map((x, j) => (j === i ? (e.target.value ? { ...rest, image: e.target.value } : rest) : x)),
                            });
                          }}
                        >
                          <option value="">{words.noPhoto}</option>
                          {product.images.map((im) => (
                            <option key={im.file} value={im.file}>
                              {im.alt || im.file.replace(/^\/s\//, '')}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    {v.image ? <img className="store-variant-photo" src={`${v.image}?format=300w`} alt="" width={40} height={40} /> : null}
                  </div>
                </div>
                {physical ? (
                  <div className="store-measures">
                    <MeasureField
                      label={format(words.weight, { unit: units.weight })}
                      value={v.weight}
                      error={err('weight')}
                      disabled={!writable}
                      onChange={(weight) => setVariant(i, { weight })}
                    />
                    {(['length', 'width', 'height'] as const).map((side) => (
                      <MeasureField
                        key={side}
                        label={format(words.side, { side, unit: units.length })}
                        value={v.dimensions?.[side]}
                        error={err(`dimensions.${side}`)}
                        disabled={!writable}
                        onChange={(n) => {
                          const dimensions = { length: 0, width: 0, height: 0, ...v.dimensions, [side]: n ?? 0 };
                          setVariant(i, { dimensions });
                        }}
                      />
                    ))}
                  </div>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
