/**
 * The site document: one JSON value holding a whole website (settings, navigation,
 * pages of sections of blocks, collections with their items, redirects and files), and the rules
 * that span it (unique paths, ids, slugs, file names and redirect sources). Block data is typed
 * per kind by the block definitions (src/blocks/definitions.ts), passed in as `blockData`, so one
 * error list covers the whole document.
 */
import { z } from 'zod';
import { COLLECTION_TYPE_MAX, COLLECTION_TYPE_MIN, COLLECTION_TYPES, COLLECTION_VIEW_MODES } from '../domain/collection-types';
import { EDITOR_LIMITS } from '../domain/editor-limits';
import { PAGE_TYPES } from '../domain/page-types';
import { createSectionSchema, type BlockData, type BlockDataSchemas, type Section } from './layout';
import { siteLink } from './link';
import { itemPath } from './paths';
import { contentStatus, hexId, navLink, seo, sitePath } from './primitives';
import { DEFAULT_DESIGN, designSchema } from './design';
import { footerSchema, headerSchema, settingsSchema } from './settings';
import { categoryPath, productPath, storeSchema } from './store';

export const SITE_DOCUMENT_FORMAT = 'openpress.site';
/**
 * Version 2: text blocks hold structured rich text, not HTML (./load.ts upgrades version 1).
 * Version 3: files carry their alt text, focal point, title, size and hash, and their bytes may be
 * in the site's archive beside the document rather than in it.
 * Version 4: the store (./store.ts: settings, categories, products), private files, a collection's view mode.
 * Version 5: the store's pricing rules (./pricing.ts: coupons, shipping zones, tax).
 */
export const SITE_DOCUMENT_VERSION = 6;

/** Page types a document holds (seed 000 §2): pages, splash pages, and the not-found and error pages an owner may restyle. */
export const DOCUMENT_PAGE_TYPES = [PAGE_TYPES.PAGE, PAGE_TYPES.SPLASH_PAGE, PAGE_TYPES.NOT_FOUND, PAGE_TYPES.ERROR] as const;
/** The system pages: no path, at most one of each per site. */
export const SYSTEM_PAGE_TYPES: ReadonlySet<number> = new Set([PAGE_TYPES.NOT_FOUND, PAGE_TYPES.ERROR]);

const pageType = z.union(
  DOCUMENT_PAGE_TYPES.map((t) => z.literal(t)) as unknown as [
    z.ZodLiteral<(typeof DOCUMENT_PAGE_TYPES)[number]>,
    ...z.ZodLiteral<(typeof DOCUMENT_PAGE_TYPES)[number]>[],
  ],
);

const redirectSchema = z
  .object({
    from: sitePath,
    to: siteLink(1000).min(1),
  })
  .strict();

const fileSchema = z
  .object({
    /** Served at /s/{name} (seed 000 §2 file link shape). */
    name: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a plain file name'),
    contentType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'must be a media type such as image/jpeg'),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    /** The image's text for those who cannot see it. */
    alt: z.string().max(1000).optional(),
    /** Where the image's subject is, 0–1 from the left and the top (the centre when absent). */
    focalX: z.number().min(0).max(1).optional(),
    focalY: z.number().min(0).max(1).optional(),
    /** Its name in the asset library. */
    title: z.string().max(200).optional(),
    size: z.number().int().nonnegative().optional(),
    /** Kept from visitors (never served at /s/): a digital product's download. */
    private: z.boolean().optional(),
    /** SHA-256 of the bytes, hex: an archive's bytes are checked against it on import. */
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'must be 64 hexadecimal digits')
      .optional(),
    /**
     * The file's bytes, base64. An exported document leaves it out: the site's archive holds the
     * bytes beside the document (src/server/modules/content/sites/site-archive.ts), and a document imported
     * without them keeps the site's own file of that name.
     */
    data: z.base64().optional(),
  })
  .strict();
export type SiteFile = z.infer<typeof fileSchema>;

export const pageAccess = z.discriminatedUnion('type', [
  z.object({ type: z.literal('public') }).strict(),
  z.object({ type: z.literal('members') }).strict(),
  z
    .object({
      type: z.literal('password'),
      /** scrypt$N$r$p$salt$hash of the page password: the document never holds the password itself. */
      passwordHash: z.string().regex(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=_-]+\$[A-Za-z0-9+/=_-]+$/, 'must be a scrypt hash (npm run site -- hash-password)'),
    })
    .strict(),
]);
export type PageAccess = z.infer<typeof pageAccess>;

function createSchemas<D extends BlockData>(blockData: BlockDataSchemas<D>) {
  const sectionSchema = createSectionSchema(blockData);

  const pageSchema = z
    .object({
      id: hexId,
      pageType,
      path: sitePath.optional(),
      title: z.string().min(1).max(300),
      navigationTitle: z.string().max(100).optional(),
      status: contentStatus,
      seo: seo.default({}),
      /** Who may open the page (seed 000 §2: LOCK_SCREEN, PROTECTED_CONTENT, MEMBER_AREA_ACCESS_DENIED): everyone, signed-in customers, or anyone with the password. */
      access: pageAccess.default({ type: 'public' }),
      sections: z.array(sectionSchema),
    })
    .strict()
    .superRefine((page, ctx) => {
      if (!SYSTEM_PAGE_TYPES.has(page.pageType) && page.path === undefined) {
        ctx.addIssue({ code: 'custom', path: ['path'], message: 'a page of this type needs a path' });
      }
    });

  const itemSchema = z
    .object({
      id: hexId,
      slug: z
        .string()
        .min(1)
        .max(200)
        .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and hyphens'),
      title: z.string().min(1).max(300),
      status: contentStatus,
      publishedAt: z.iso.datetime({ offset: true }),
      author: z.string().max(200).optional(),
      excerpt: z.string().max(2000).optional(),
      tags: z.array(z.string().min(1).max(EDITOR_LIMITS.MAX_TAG_LENGTH)).max(100).default([]),
      categories: z.array(z.string().min(1).max(EDITOR_LIMITS.MAX_CATEGORY_LENGTH)).max(100).default([]),
      thumbnail: siteLink(500).optional(),
      seo: seo.default({}),
      sections: z.array(sectionSchema),
    })
    .strict();

  const collectionSchema = z
    .object({
      id: hexId,
      /** Collection type number (src/domain/collection-types). */
      type: z.number().int().min(COLLECTION_TYPE_MIN).max(COLLECTION_TYPE_MAX),
      path: sitePath,
      title: z.string().min(1).max(300),
      navigationTitle: z.string().max(100).optional(),
      status: contentStatus,
      description: z.string().max(2000).optional(),
      /** Blog URL pattern (seed 000 §5 tokens %y %m %d %t); absent: items live at {path}/{slug}. */
      urlPattern: z.string().max(100).optional(),
      /** Seed 001 §3 collection view modes: how a shop lists its products (a grid when left out). */
      viewMode: z.enum(COLLECTION_VIEW_MODES).optional(),
      seo: seo.default({}),
      items: z.array(itemSchema),
    })
    .strict();

  const documentSchema = z
    .object({
      format: z.literal(SITE_DOCUMENT_FORMAT),
      version: z.literal(SITE_DOCUMENT_VERSION),
      // The site's design is the document's (settings.design), kept apart from the stored settings: it is published, not saved.
      settings: settingsSchema.extend({ design: designSchema.prefault(DEFAULT_DESIGN) }),
      navigation: z.array(navLink).max(100).default([]),
      header: headerSchema.default({ layout: 'left', showTagline: false }),
      footer: footerSchema.default({ showNavigation: true, links: [] }),
      pages: z.array(pageSchema).max(5000),
      // An input default: the data of a code block is transformed, and a default of transformed data is not written to the JSON Schema.
      collections: z.array(collectionSchema).max(500).prefault([]),
      redirects: z.array(redirectSchema).max(5000).default([]),
      files: z.array(fileSchema).max(5000).default([]),
      store: storeSchema.prefault({}),
    })
    .strict()
    .superRefine((doc, ctx) => checkDocumentWide(doc, (issue) => ctx.addIssue(issue)));
  return documentSchema;
}

type Inferred = z.infer<ReturnType<typeof createSchemas<BlockData>>>;
type InferredPage = Inferred['pages'][number];
type InferredCollection = Inferred['collections'][number];
export type Page<D extends BlockData = BlockData> = Omit<InferredPage, 'sections'> & { sections: Section<D>[] };
export type Item<D extends BlockData = BlockData> = Omit<InferredCollection['items'][number], 'sections'> & { sections: Section<D>[] };
export type Collection<D extends BlockData = BlockData> = Omit<InferredCollection, 'items'> & { items: Item<D>[] };
export type SiteDocument<D extends BlockData = BlockData> = Omit<Inferred, 'pages' | 'collections'> & { pages: Page<D>[]; collections: Collection<D>[] };

/** Builds the document schema around the block kinds' data schemas. */
export function createSiteDocumentSchema<D extends BlockData>(blockData: BlockDataSchemas<D>): z.ZodType<SiteDocument<D>, unknown> {
  return createSchemas(blockData) as unknown as z.ZodType<SiteDocument<D>, unknown>;
}

/** Rules that span the document: unique paths, ids, slugs, file names and redirect sources. */
type Sections = { id: string; blocks: { id: string }[] }[];
type Sectioned = { id: string; sections: Sections };
type DocumentKeys = {
  pages: (Sectioned & { pageType: number; path?: string | undefined })[];
  collections: {
    id: string;
    type: number;
    path: string;
    urlPattern?: string | undefined;
    items: (Sectioned & { slug: string; title: string; publishedAt: string })[];
  }[];
  settings: { timeZone: string };
  files: { name: string; private?: boolean | undefined }[];
  redirects: { from: string }[];
  store: {
    categories: { id: string; name: string; slug: string }[];
    products: {
      id: string;
      shopId: string;
      slug: string;
      categories: string[];
      images: { file: string }[];
      digitalFile?: string | undefined;
      variants: { id: string; sku?: string | undefined }[];
    }[];
  };
};

type Report = (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void;

function checkDocumentWide(doc: DocumentKeys, report: Report) {
  const once = (label: string) => onceIn(report, label);
  const claimPath = once('path');
  const claimId = once('id');
  const claimSections = (sections: Sections, base: (string | number)[]) =>
    sections.forEach((s, si) => {
      claimId(s.id, [...base, 'sections', si, 'id']);
      s.blocks.forEach((b, bi) => claimId(b.id, [...base, 'sections', si, 'blocks', bi, 'id']));
    });
  doc.pages.forEach((p, i) => {
    if (!SYSTEM_PAGE_TYPES.has(p.pageType)) claimPath(p.path, ['pages', i, 'path']);
    claimId(p.id, ['pages', i, 'id']);
    claimSections(p.sections, ['pages', i]);
  });
  doc.collections.forEach((c, i) => {
    claimPath(c.path, ['collections', i, 'path']);
    claimId(c.id, ['collections', i, 'id']);
    const claimSlug = once('slug');
    c.items.forEach((it, ii) => {
      claimId(it.id, ['collections', i, 'items', ii, 'id']);
      claimSlug(it.slug, ['collections', i, 'items', ii, 'slug']);
      claimPath(itemPath(c, it, doc.settings.timeZone), ['collections', i, 'items', ii, 'slug']);
      claimSections(it.sections, ['collections', i, 'items', ii]);
    });
  });
  for (const type of SYSTEM_PAGE_TYPES) {
    const found = doc.pages.flatMap((p, i) => (p.pageType === type ? [i] : []));
    if (found.length > 1) report({ code: 'custom', path: ['pages', found[1]!, 'pageType'], message: `a site has at most one page of type ${type}` });
  }
  const claimFile = once('file name');
  doc.files.forEach((f, i) => claimFile(f.name, ['files', i, 'name']));
  const claimFrom = once('redirect source');
  doc.redirects.forEach((r, i) => claimFrom(r.from, ['redirects', i, 'from']));
  checkStore(doc, report, claimId, claimPath);
}

/** The store's rules across the document: its products' shops, paths, SKUs, categories and files. */
function checkStore(doc: DocumentKeys, report: Report, claimId: Claim, claimPath: Claim) {
  const { categories, products } = doc.store;
  const shops = new Map(doc.collections.filter((c) => c.type === COLLECTION_TYPES.PRODUCTS).map((c) => [c.id, c]));
  doc.collections.forEach((c, i) => {
    if (c.type === COLLECTION_TYPES.PRODUCTS && c.items.length > 0)
      report({ code: 'custom', path: ['collections', i, 'items'], message: "a shop's products are in store.products, not its items" });
  });
  const claimCategoryName = onceIn(report, 'category name');
  const claimCategorySlug = onceIn(report, 'category slug');
  categories.forEach((c, i) => {
    claimId(c.id, ['store', 'categories', i, 'id']);
    claimCategoryName(c.name.toLowerCase(), ['store', 'categories', i, 'name']);
    claimCategorySlug(c.slug, ['store', 'categories', i, 'slug']);
  });
  for (const shop of shops.values()) categories.forEach((c, i) => claimPath(categoryPath(shop.path, c.slug), ['store', 'categories', i, 'slug']));
  const categoryIds = new Set(categories.map((c) => c.id));
  const files = new Map(doc.files.map((f) => [f.name, f]));
  const claimSku = onceIn(report, 'SKU');
  const perShop = new Map<string, number>();
  products.forEach((p, i) => {
    const at = (...rest: (string | number)[]) => ['store', 'products', i, ...rest];
    claimId(p.id, at('id'));
    const shop = shops.get(p.shopId);
    if (!shop) report({ code: 'custom', path: at('shopId'), message: 'must be the id of a shop (a collection of type 5, products)' });
    else {
      claimPath(productPath(shop.path, p.slug), at('slug'));
      const count = (perShop.get(shop.id) ?? 0) + 1;
      perShop.set(shop.id, count);
      if (count === EDITOR_LIMITS.MAX_PRODUCTS_IN_COLLECTION + 1)
        report({ code: 'custom', path: at('shopId'), message: `a shop lists at most ${EDITOR_LIMITS.MAX_PRODUCTS_IN_COLLECTION} products` });
    }
    p.categories.forEach((id, ci) => {
      if (!categoryIds.has(id)) report({ code: 'custom', path: at('categories', ci), message: 'must be the id of one of store.categories' });
    });
    p.images.forEach((im, ii) => {
      const file = files.get(im.file.slice('/s/'.length));
      if (!file) report({ code: 'custom', path: at('images', ii, 'file'), message: 'must be a file the document lists' });
      else if (file.private) report({ code: 'custom', path: at('images', ii, 'file'), message: 'a private file is never shown on the site' });
    });
    if (p.digitalFile !== undefined && files.get(p.digitalFile)?.private !== true)
      report({ code: 'custom', path: at('digitalFile'), message: 'must be the name of a private file the document lists' });
    p.variants.forEach((v, vi) => {
      claimId(v.id, at('variants', vi, 'id'));
      claimSku(v.sku, at('variants', vi, 'sku'));
    });
  });
}

type Claim = (key: string | undefined, where: (string | number)[]) => void;

function onceIn(report: Report, label: string): Claim {
  const seen = new Map<string, string>();
  return (key, where) => {
    if (key === undefined) return;
    const prior = seen.get(key);
    if (prior !== undefined) report({ code: 'custom', path: where, message: `${label} ${key} is already used at ${prior}` });
    else seen.set(key, where.join('.'));
  };
}
