/** A store's catalogue as an owner compares two of them: products, variants, prices, stock, options and categories by name. */
import type { CatalogueStore } from '../src/document/store';

/** Without ids and photos (another site's files are not this one's), and without sizes unless `dimensions`. */
export function catalogueOf(store: CatalogueStore, opts: { dimensions: boolean }) {
  const names = new Map(store.categories.map((c) => [c.id, c.name]));
  return store.products.map((p) => ({
    slug: p.slug,
    name: p.name,
    tags: p.tags,
    categories: p.categories.map((id) => names.get(id)),
    options: p.options,
    variants: p.variants.map(({ id: _id, image: _image, dimensions, ...v }) => ({ ...v, ...(opts.dimensions && dimensions ? { dimensions } : {}) })),
  }));
}
