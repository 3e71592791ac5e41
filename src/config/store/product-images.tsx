/**
 * A product's images, chosen from the files library (the config area's image picker, several at a
 * time), each with its alternative text, in the order the shop shows them: the first is the
 * product's picture in lists. An image taken away is also taken from the variants showing it.
 */
import type { Product } from '../../document/store';
import { format } from '../../messages/format';
import { words } from './words';
import { Field } from '../../ui/field';
import { LibraryImageButton } from '../shared/file-picker';

type Images = Product['images'];

const nameOf = (file: string) => file.replace(/^\/s\//, '');

export function ProductImages({
  product,
  writable,
  errors,
  onChange,
}: {
  product: Product;
  writable: boolean;
  errors: Record<string, string>;
  onChange: (images: Images, variants?: Product['variants']) => void;
}) {
  const images = product.images;
  const add = (files: { src: string; alt: string }[]) => {
    const fresh = files.filter((f) => /^\/s\//.test(f.src) && !images.some((im) => im.file === f.src));
    onChange([...images, ...fresh.map((f) => ({ file: f.src, ...(f.alt ? { alt: f.alt } : {}) }))]);
  };
  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const remove = (at: number) => {
    const gone = images[at]!.file;
    const variants = product.variants.map((v) => {
      if (v.image !== gone) return v;
      const { image: _image, ...rest } = v;
      return rest;
    });
    onChange(
      images.filter((_, i) => i !== at),
      variants,
    );
  };
  return (
    <section className="store-card" aria-labelledby="product-images">
      <h2 id="product-images">{words.images}</h2>
      <p className="hint">{words.imagesHint}</p>
      {errors.images ? <p className="field-error">{errors.images}</p> : null}
      {images.length === 0 ? <p className="empty">{words.noImages}</p> : null}
      <ol className="store-images">
        {images.map((im, i) => {
          const name = nameOf(im.file);
          return (
            <li key={im.file} className="store-image">
              <img src={`${im.file}?format=300w`} alt="" width={96} height={96} />
              <div className="store-image-body">
                <p className="store-image-name">
                  {i === 0 ? <span className="store-first">{words.mainImage}</span> : null}
                  {name}
                </p>
                <Field label={format(words.altTextOf, { name })} error={errors[`images.${i}.alt`]}>
                  {(c) => (
                    <input
                      {...c}
                      value={im.alt ?? ''}
                      maxLength={1000}
                      disabled={!writable}
                      onChange={(e) => onChange(images.map((x, j) => (j === i ? { file: x.file, ...(e.target.value ? { alt: e.target.value } : {}) } : x)))}
                    />
                  )}
                </Field>
                {writable ? (
                  <div className="button-row">
                    <button type="button" className="secondary" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={format(words.moveUpOf, { name })}>
                      {words.moveUp}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      disabled={i === images.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={format(words.moveDownOf, { name })}
                    >
                      {words.moveDown}
                    </button>
                    <button type="button" className="secondary danger" onClick={() => remove(i)} aria-label={format(words.removeImageOf, { name })}>
                      {words.removeImage}
                    </button>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {writable ? <LibraryImageButton label={words.addImages} onPick={(image) => add([image])} onPickMany={(picked) => add(picked)} /> : null}
    </section>
  );
}
