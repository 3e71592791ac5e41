/**
 * A file's products meeting the store: each becomes a product of the document's shape, the one
 * whose slug the shop already has updated in place (its id, creation time, excerpt, download and
 * what the file's columns cannot say kept; its variants matched by SKU, then by their options, so
 * they keep their ids), any other created. Categories are found by name or added. An image is kept
 * when it is one of the site's own files (`/s/…` or that address on one of the site's hosts); the
 * server fetches nothing from elsewhere, so any other is left out with a warning on its row. Then
 * every product is checked by the document's product rules, and the whole store by the
 * document-wide ones (unique SKUs and paths, 200 products a shop …), each refusal on its row.
 */
import { siteFileNameOf } from '../../../../domain/files';
import { firstFreePath } from '../../../../contracts/pages';
import { CONTENT_STATUSES } from '../../../../domain/website';
import { htmlToRichText } from '../../../../document/rich-text-html';
import { productSchema, type Category, type CatalogueStore as Store, type Product, type Variant } from '../../../../document/store';
import { format } from '../../../../messages/format';
import { productCsv } from '../../../../messages/product-csv';
import { optionValuesOf, slugOf, type CsvProduct, type CsvVariant, type RowMessage } from './model';

export type MergeContext = {
  shopId: string;
  /** The `/s/…` address of the site's own public file an image address names, if it names one. */
  ownFile(url: string): string | undefined;
  newId(): string;
  now: Date;
};

export type Merged = {
  /** The store as it would be: products in their order, the file's new ones last. */
  store: Store;
  /** The products the file gives, by id. */
  fromFile: Map<string, CsvProduct>;
  created: number;
  updated: number;
  /** Categories the file adds, by id, with the row that named each first. */
  newCategories: Map<string, number>;
  warnings: RowMessage[];
  /** Refusals found on the way (a product the product rules refuse). */
  errors: RowMessage[];
};

const keyOf = (values: readonly string[]) => values.join('\u0000');

function categoryIds(names: readonly string[], categories: Category[], added: Map<string, number>, row: number, newId: () => string): string[] {
  return [
    ...new Set(
      names.map((name) => {
        const found = categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
        if (found) return found.id;
        const slug = firstFreePath(slugOf(name) || 'category', (taken) => categories.some((c) => c.slug === taken));
        const category = { id: newId(), name, slug };
        categories.push(category);
        added.set(category.id, row);
        return category.id;
      }),
    ),
  ];
}

function images(csv: CsvProduct, ctx: MergeContext, warnings: RowMessage[]) {
  const kept: Product['images'] = [];
  const resolve = (url: string, row: number): string | undefined => {
    const file = ctx.ownFile(url);
    if (file === undefined && !warnings.some((w) => w.row === row && w.message.includes(url)))
      warnings.push({ row, message: format(productCsv.imageLeftOut, { url }) });
    if (file !== undefined && !kept.some((im) => im.file === file)) kept.push({ file });
    return file;
  };
  for (const im of csv.images) {
    const file = resolve(im.url, im.row);
    const entry = kept.find((k) => k.file === file);
    if (entry && im.alt !== undefined) entry.alt = im.alt;
  }
  return { kept, resolve };
}

function variantOf(v: CsvVariant, csv: CsvProduct, prior: Variant | undefined, id: string, image: string | undefined): Variant {
  const weight = v.weight === undefined ? prior?.weight : (v.weight ?? undefined);
  const dimensions = v.dimensions === undefined ? prior?.dimensions : (v.dimensions ?? undefined);
  return {
    id,
    ...(v.sku !== undefined ? { sku: v.sku } : {}),
    optionValues: csv.optionNames.map((optionName, i) => ({ optionName, value: v.values[i] ?? '' })),
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    onSale: v.onSale,
    unlimited: v.unlimited,
    qtyInStock: v.qtyInStock,
    ...(image !== undefined ? { image } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(dimensions !== undefined ? { dimensions } : {}),
  };
}

function productOf(csv: CsvProduct, prior: Product | undefined, categories: string[], ctx: MergeContext, warnings: RowMessage[]): unknown {
  const { kept, resolve } = images(csv, ctx, warnings);
  const variants = csv.variants.map((v) => {
    const match =
      prior?.variants.find((pv) => v.sku !== undefined && pv.sku === v.sku) ??
      prior?.variants.find((pv) => keyOf(pv.optionValues.map((o) => o.value)) === keyOf(v.values));
    const image = v.image === undefined ? match?.image : v.image === null ? undefined : resolve(v.image, v.row);
    return variantOf(v, csv, match, match?.id ?? ctx.newId(), image);
  });
  // A photo kept from before must still be one of the product's images.
  for (const v of variants) if (v.image !== undefined && !kept.some((im) => im.file === v.image)) kept.push({ file: v.image });
  const scheduled = !csv.visible && prior?.status === CONTENT_STATUSES.SCHEDULED;
  const description = csv.descriptionHtml === '' ? undefined : htmlToRichText(csv.descriptionHtml);
  return {
    id: prior?.id ?? ctx.newId(),
    shopId: ctx.shopId,
    slug: csv.slug,
    name: csv.name,
    productType: csv.productType,
    status: csv.visible ? CONTENT_STATUSES.PUBLISHED : scheduled ? CONTENT_STATUSES.SCHEDULED : CONTENT_STATUSES.DRAFT,
    ...(scheduled && prior?.availableAt ? { availableAt: prior.availableAt } : {}),
    createdAt: prior?.createdAt ?? ctx.now.toISOString(),
    ...(description && description.content.length > 0 ? { description } : {}),
    ...(prior?.excerpt !== undefined ? { excerpt: prior.excerpt } : {}),
    images: kept,
    tags: csv.tags,
    categories,
    seo: csv.seo ?? prior?.seo ?? {},
    options: optionValuesOf(csv),
    variants,
    ...(prior?.digitalFile !== undefined && csv.productType === 'DIGITAL' ? { digitalFile: prior.digitalFile } : {}),
  };
}

/** An issue's path as an owner reads it beside the row: the variant's fields without "variants.N". */
const fieldOf = (path: readonly PropertyKey[]) => (path[0] === 'variants' && typeof path[1] === 'number' ? path.slice(2) : path).map(String).join('.');

/** The file's products in the store; `errors` holds the rows the product rules refuse. */
export function mergeProducts(store: Store, csvProducts: readonly CsvProduct[], ctx: MergeContext): Merged {
  const categories = [...store.categories];
  const newCategories = new Map<string, number>();
  const warnings: RowMessage[] = [];
  const errors: RowMessage[] = [];
  const products = [...store.products];
  const fromFile = new Map<string, CsvProduct>();
  let created = 0;
  let updated = 0;
  for (const csv of csvProducts) {
    const at = products.findIndex((p) => p.shopId === ctx.shopId && p.slug === csv.slug);
    const prior = at >= 0 ? products[at] : undefined;
    const ids = categoryIds(csv.categories, categories, newCategories, csv.row, ctx.newId);
    const parsed = productSchema.safeParse(productOf(csv, prior, ids, ctx, warnings));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const vi = issue.path[0] === 'variants' && typeof issue.path[1] === 'number' ? issue.path[1] : undefined;
        const row = vi !== undefined ? (csv.variants[vi]?.row ?? csv.row) : csv.row;
        errors.push({ row, message: format(productCsv.badField, { field: fieldOf(issue.path) || 'product', message: issue.message }) });
      }
      continue;
    }
    fromFile.set(parsed.data.id, csv);
    if (prior) {
      products[at] = parsed.data;
      updated += 1;
    } else {
      products.push(parsed.data);
      created += 1;
    }
  }
  return { store: { ...store, categories, products }, fromFile, created, updated, newCategories, warnings, errors };
}

/**
 * Refusals of the document-wide rules (`errors`, by JSON path in a document whose store is
 * `checkedStore(merged)`) on the rows they are about.
 */
export function rowsOfDocumentErrors(merged: Merged, errors: readonly { path: string; message: string }[]): RowMessage[] {
  const order = checkedStore(merged).products;
  return errors.flatMap(({ path, message }) => {
    const product = /^\$\.store\.products\[(\d+)\](?:\.variants\[(\d+)\])?/.exec(path);
    if (product) {
      const csv = merged.fromFile.get(order[Number(product[1])]?.id ?? '');
      const row = product[2] !== undefined ? csv?.variants[Number(product[2])]?.row : csv?.row;
      return [{ row: row ?? csv?.row ?? 1, message }];
    }
    const category = /^\$\.store\.categories\[(\d+)\]/.exec(path);
    if (category) return [{ row: merged.newCategories.get(merged.store.categories[Number(category[1])]?.id ?? '') ?? 1, message }];
    return path.startsWith('$.store') ? [{ row: 1, message }] : [];
  });
}

/**
 * The store in the order it is checked in: the file's products after the others, so that a rule
 * two products break together (a SKU or a path used twice, a shop's 201st product) is reported on
 * the file's row rather than on a product the file does not name.
 */
export function checkedStore(merged: Merged): Store {
  const [others, mine] = [merged.store.products.filter((p) => !merged.fromFile.has(p.id)), merged.store.products.filter((p) => merged.fromFile.has(p.id))];
  return { ...merged.store, products: [...others, ...mine] };
}

/**
 * What `ownFile` answers for a site: the `/s/…` address of one of its public files, named by that
 * address or by it on one of the site's `hosts` (as our export writes it); nothing for any other.
 */
export function siteFileResolver(hosts: readonly string[], publicFiles: ReadonlySet<string>): (url: string) => string | undefined {
  const own = new Set(hosts.map((h) => h.toLowerCase()));
  return (url) => {
    let path = url;
    if (/^https?:\/\//i.test(url)) {
      if (!URL.canParse(url)) return undefined;
      const parsed = new URL(url);
      if (!own.has(parsed.host)) return undefined;
      path = parsed.pathname;
    }
    const name = siteFileNameOf(path);
    return name !== undefined && publicFiles.has(name) ? `/s/${name}` : undefined;
  };
}
