/**
 * The site document, version 1: one JSON value holding a whole website (settings, navigation,
 * pages of sections of blocks, collections with their items, redirects and files). These zod
 * schemas are the source of truth: types are inferred from them, `docs/site-document.schema.json`
 * is generated from them, and import refuses anything they refuse. Block data is typed per kind by
 * the block registry (`src/blocks/registry.ts`); here a block's `data` is checked against the
 * schema of its `type` in `superRefine`, so one error list covers the whole document. Every field
 * holding a link is a `siteLink` (./link.ts), which refuses what a published page may not carry.
 */
import { z } from 'zod';
import { BLOCK_TYPE_MAX, BLOCK_TYPE_MIN } from '../domain/block-types';
import {
  COOKIE_BANNER_ACCEPT_TYPES,
  COOKIE_BANNER_BAR_POSITIONS,
  COOKIE_BANNER_CTA_VARIANTS,
  COOKIE_BANNER_POPUP_POSITIONS,
  COOKIE_BANNER_THEMES,
  COOKIE_BANNER_VARIANTS,
} from '../domain/cookie-banner';
import { RESERVED_PATH_SEGMENTS } from '../domain/routes';
import { siteLink } from './link';
import { itemPath } from './paths';

export const SITE_DOCUMENT_FORMAT = 'openpress.site';
export const SITE_DOCUMENT_VERSION = 1;

/** Desktop grid columns and phone grid columns (ENGINEERING.md: Fluid-Engine-like grid). */
export const GRID_COLUMNS = { desktop: 24, phone: 8 } as const;
/** Seed 000 §9 / 001 §9: MAX_BLOCKS_PER_LAYOUT. */
export const MAX_BLOCKS_PER_SECTION = 60;

export const hexId = z.string().regex(/^[0-9a-f]{24}$/, 'must be 24 lowercase hex characters');

const sitePath = z
  .string()
  .min(1)
  .max(150)
  .regex(/^\/(?:[a-z0-9][a-z0-9\-_.~]*(?:\/[a-z0-9][a-z0-9\-_.~]*)*)?$/, 'must be a path like /about or /blog/posts (lowercase letters, digits, - _ . ~)')
  .refine(
    (path) => !(RESERVED_PATH_SEGMENTS as readonly string[]).includes(path.split('/')[1] ?? ''),
    `must not start with ${RESERVED_PATH_SEGMENTS.map((s) => `/${s}`).join(', ')}: the platform answers those addresses`,
  );

const identifier = z
  .string()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'must be lowercase letters, digits and inner hyphens (a host name label)');

const hostName = z
  .string()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a lowercase domain name such as www.example.com');

/** Content item statuses (seed 000 §3): PUBLISHED 1 … DELETED 6. */
export const contentStatus = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]);

const placement = z
  .object({
    x: z.number().int().min(0),
    y: z.number().int().min(0),
    w: z.number().int().min(1),
    h: z.number().int().min(1).max(200),
  })
  .strict();
export type Placement = z.infer<typeof placement>;

/** What a block kind contributes to the document: its type number and the schema of its data. */
export type BlockDataSchemas = ReadonlyMap<number, z.ZodType<Record<string, unknown>>>;

function checkFits(layout: { desktop: Placement; phone?: Placement | undefined }, ctx: z.RefinementCtx) {
  for (const device of ['desktop', 'phone'] as const) {
    const p = layout[device];
    if (p && p.x + p.w > GRID_COLUMNS[device]) {
      ctx.addIssue({ code: 'custom', path: ['layout', device], message: `x + w must be at most ${GRID_COLUMNS[device]} columns` });
    }
  }
}

const layoutSchema = z
  .object({
    desktop: placement,
    /** Absent when the phone layout was never edited: desktop's blocks stacked in reading order. */
    phone: placement.optional(),
  })
  .strict();

function createBlockSchema(blockData: BlockDataSchemas) {
  const kinds = [...blockData].map(([type, data]) =>
    z.object({ id: hexId, type: z.literal(type), data, layout: layoutSchema }).strict(),
  );
  if (kinds.length === 0) throw new Error('no block kinds registered');
  return z
    .discriminatedUnion('type', kinds as unknown as [(typeof kinds)[number], ...(typeof kinds)[number][]], {
      error: (issue) =>
        issue.code === 'invalid_union' ? `block type must be one of ${[...blockData.keys()].join(', ')} (between ${BLOCK_TYPE_MIN} and ${BLOCK_TYPE_MAX})` : undefined,
    })
    .superRefine((block, ctx) => checkFits(block.layout, ctx));
}

export type Block = { id: string; type: number; data: Record<string, unknown>; layout: z.infer<typeof layoutSchema> };


const seo = z
  .object({
    title: z.string().max(300).optional(),
    description: z.string().max(1000).optional(),
    socialImage: siteLink(500).optional(),
  })
  .strict();

export const SYSTEM_PAGE_TYPES: ReadonlySet<number> = new Set([100, 101]);

const navLink = z
  .object({
    title: z.string().min(1).max(100),
    href: siteLink(1000),
    newWindow: z.boolean().default(false),
  })
  .strict();
export type NavLink = z.infer<typeof navLink>;

const redirectSchema = z
  .object({
    from: sitePath,
    to: siteLink(1000).min(1),
  })
  .strict();

const fileSchema = z
  .object({
    /** Served at /s/{name} (seed 000 §2 file link shape). */
    name: z.string().min(1).max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a plain file name'),
    contentType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'must be a media type such as image/jpeg'),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    /** The file's bytes, base64. */
    data: z.base64(),
  })
  .strict();
export type SiteFile = z.infer<typeof fileSchema>;

/** The site header and footer (seed 001 §3 "Header and footer payload"; GET/PUT /api/site-header-footer). */
export const headerSchema = z
  .object({
    layout: z.enum(['left', 'center']).default('left'),
    showTagline: z.boolean().default(false),
    button: z.object({ text: z.string().min(1).max(60), href: siteLink(1000).min(1) }).strict().optional(),
  })
  .strict();
export const footerSchema = z
  .object({
    showNavigation: z.boolean().default(true),
    links: z.array(navLink).max(30).default([]),
  })
  .strict();
export type SiteHeader = z.infer<typeof headerSchema>;
export type SiteFooter = z.infer<typeof footerSchema>;

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

/** Longest cookie banner texts: a button's words, and the banner's sentence or two. */
export const COOKIE_BANNER_TEXT_MAX = { cta: 60, text: 1000 } as const;

/**
 * Seed 000 §3 cookie banner settings, as stored; any may be missing, and the banner then shows the
 * seed's defaults (src/domain/cookie-banner.ts). A stored position may belong to the other variant
 * (an owner switched variants): a bar given a top corner sits at the top (seed 000 §4).
 */
export const cookieBannerSettingsSchema = z
  .object({
    cookieBannerCtaText: z.string().max(COOKIE_BANNER_TEXT_MAX.cta).optional(),
    cookieBannerCtaVariant: z.enum(COOKIE_BANNER_CTA_VARIANTS).optional(),
    cookieBannerPosition: z.enum([...COOKIE_BANNER_BAR_POSITIONS, ...COOKIE_BANNER_POPUP_POSITIONS]).optional(),
    cookieBannerText: z.string().max(COOKIE_BANNER_TEXT_MAX.text).optional(),
    cookieBannerTheme: z.enum(COOKIE_BANNER_THEMES).optional(),
    cookieBannerVariant: z.enum(COOKIE_BANNER_VARIANTS).optional(),
    cookieBannerOptOutCtaText: z.string().max(COOKIE_BANNER_TEXT_MAX.cta).optional(),
    cookieBannerAcceptType: z.enum(COOKIE_BANNER_ACCEPT_TYPES).optional(),
    isCookieBannerEnabled: z.boolean().optional(),
    isRestrictiveCookiePolicyEnabled: z.boolean().optional(),
    isRestrictiveCookiePolicyAbsolute: z.boolean().optional(),
    isVisitorDataRestricted: z.boolean().optional(),
  })
  .strict();

export const settingsSchema = z
  .object({
    identifier,
    title: z.string().min(1).max(200),
    tagline: z.string().max(300).optional(),
    description: z.string().max(1000).optional(),
    locale: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must be a locale such as en-US').default('en-US'),
    timeZone: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/London').default('UTC'),
    /** Website types (seed 000 §3): CLASSIC 1 … ENTERPRISE 5. */
    websiteType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).default(1),
    /** Seed 000 §3: templateVersion is 7, 7.1 or 8. */
    templateVersion: z.enum(['7', '7.1', '8']).default('7.1'),
    customDomains: z.array(hostName).max(20).default([]),
    socialImage: siteLink(500).optional(),
    footerText: z.string().max(500).optional(),
    /** Seed 000 §4: the Escape key opens the team sign-in dialog for visitors when this is on. */
    escapeKeyLogin: z.boolean().default(false),
    /** Seed 000 §3 ssBadgeType: none 1, black 2, white 3 (a 'Made with OpenPress' badge). */
    badgeType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    /** Seed 000 §3: the mobile information bar, none 1, light 2, dark 3 (shown at 1024 px wide or less). */
    infoBarStyle: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    /** The contact details the mobile information bar shows. */
    contact: z
      .object({
        email: z.string().email().max(256).optional(),
        phone: z.string().max(40).regex(/^[+0-9 ()./-]*$/, 'must be a phone number').optional(),
        address: z.string().max(300).optional(),
      })
      .strict()
      .default({}),
    /** Seed 001 §6: developer mode is a site flag; team members are not sent to the config area from its pages. */
    developerMode: z.boolean().default(false),
    /** Seed 000 §3 page context website.cloneable: the site may be copied as a template. */
    cloneable: z.boolean().default(false),
    /** Form submissions older than this many days are deleted; unset keeps them until deleted by hand. */
    formRetentionDays: z.number().int().min(1).max(3650).optional(),
    /** Measurement rows and rollups of days older than this many days are deleted; unset: 400 days. */
    analyticsRetentionDays: z.number().int().min(1).max(3650).optional(),
    /** Seed 000 §3, §4: the cookie banner and the cookie policy; absent: no banner, tracking from the first visit. */
    cookieBanner: cookieBannerSettingsSchema.optional(),
  })
  .strict();
export type SiteSettings = z.infer<typeof settingsSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Builds the document schema around the block kinds the registry knows. */
export function createSiteDocumentSchema(blockData: BlockDataSchemas) {
  const blockSchema = createBlockSchema(blockData);

  const sectionSchema = z
    .object({
      id: hexId,
      theme: z.enum(['white', 'light', 'dark', 'accent']).default('white'),
      blocks: z.array(blockSchema).max(MAX_BLOCKS_PER_SECTION, `a section layout holds at most ${MAX_BLOCKS_PER_SECTION} blocks`),
    })
    .strict();

  const pageSchema = z
    .object({
      id: hexId,
      /** Page types a document holds (seed 000 §2): page, splash page, and the not-found and error pages an owner may restyle. */
      pageType: z.union([z.literal(2), z.literal(3), z.literal(100), z.literal(101)]),
      path: sitePath.optional(),
      title: z.string().min(1).max(300),
      navigationTitle: z.string().max(100).optional(),
      status: contentStatus,
      seo: seo.default({}),
      /** Who may open the page (seed 000 §2 page types 103, 105, 106): everyone, signed-in customers, or anyone with the password. */
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
      slug: z.string().min(1).max(200).regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and hyphens'),
      title: z.string().min(1).max(300),
      status: contentStatus,
      publishedAt: z.iso.datetime({ offset: true }),
      author: z.string().max(200).optional(),
      excerpt: z.string().max(2000).optional(),
      tags: z.array(z.string().min(1).max(50)).max(100).default([]),
      categories: z.array(z.string().min(1).max(25)).max(100).default([]),
      thumbnail: siteLink(500).optional(),
      seo: seo.default({}),
      sections: z.array(sectionSchema),
    })
    .strict();

  const collectionSchema = z
    .object({
      id: hexId,
      /** Collection type number (src/domain/collection-types). */
      type: z.number().int().min(1).max(24),
      path: sitePath,
      title: z.string().min(1).max(300),
      navigationTitle: z.string().max(100).optional(),
      status: contentStatus,
      description: z.string().max(2000).optional(),
      /** Blog URL pattern (seed 000 §5 tokens %y %m %d %t); absent: items live at {path}/{slug}. */
      urlPattern: z.string().max(100).optional(),
      seo: seo.default({}),
      items: z.array(itemSchema),
    })
    .strict();

  return z
    .object({
      format: z.literal(SITE_DOCUMENT_FORMAT),
      version: z.literal(SITE_DOCUMENT_VERSION),
      settings: settingsSchema,
      navigation: z.array(navLink).max(100).default([]),
      header: headerSchema.default({ layout: 'left', showTagline: false }),
      footer: footerSchema.default({ showNavigation: true, links: [] }),
      pages: z.array(pageSchema).max(5000),
      collections: z.array(collectionSchema).max(500).default([]),
      redirects: z.array(redirectSchema).max(5000).default([]),
      files: z.array(fileSchema).max(5000).default([]),
    })
    .strict()
    .superRefine((doc, ctx) => checkDocumentWide(doc, (issue) => ctx.addIssue(issue)));
}

type SchemaShape = ReturnType<typeof createSiteDocumentSchema>;
export type SiteDocument = Omit<z.infer<SchemaShape>, 'pages' | 'collections'> & { pages: Page[]; collections: Collection[] };
type InferredPage = z.infer<SchemaShape>['pages'][number];
type InferredCollection = z.infer<SchemaShape>['collections'][number];
export type Section = { id: string; theme: 'white' | 'light' | 'dark' | 'accent'; blocks: Block[] };
export type Page = Omit<InferredPage, 'sections'> & { sections: Section[] };
export type Item = Omit<InferredCollection['items'][number], 'sections'> & { sections: Section[] };
export type Collection = Omit<InferredCollection, 'items'> & { items: Item[] };

/** Rules that span the document: unique paths, ids, slugs, file names and redirect sources. */
type Sections = { id: string; blocks: { id: string }[] }[];
type Sectioned = { id: string; sections: Sections };
type DocumentKeys = {
  pages: (Sectioned & { pageType: number; path?: string | undefined })[];
  collections: { id: string; path: string; urlPattern?: string | undefined; items: (Sectioned & { slug: string; title: string; publishedAt: string })[] }[];
  settings: { timeZone: string };
  files: { name: string }[];
  redirects: { from: string }[];
};

type Report = (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void;

function checkDocumentWide(doc: DocumentKeys, report: Report) {
  const once = (label: string) => {
    const seen = new Map<string, string>();
    return (key: string | undefined, where: (string | number)[]) => {
      if (key === undefined) return;
      const prior = seen.get(key);
      if (prior !== undefined) report({ code: 'custom', path: where, message: `${label} ${key} is already used at ${prior}` });
      else seen.set(key, where.join('.'));
    };
  };
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
}
