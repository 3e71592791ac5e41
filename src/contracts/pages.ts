/**
 * The Pages screen's calls on a site's pages (all through `configRoute` in the `pages` area: read
 * for GET, write for the rest), and the account's call that creates a new site:
 *
 * - `GET /api/config/pages` (src/contracts/site.ts `pagesAnswer`): the pages in the owner's order.
 * - `POST /api/config/pages`: `newPageBody`; a new page, a DRAFT, blank or from a section layout, and with
 *   `inMenu` a link to it at the end of the header menu (which needs the design area's write access too).
 * - `GET /api/config/pages/:pageId`: `pageSettingsAnswer` (never the page password, only whether it has one).
 * - `PUT /api/config/pages/:pageId`: `pageSettingsBody`; a published page's old address gets a 301.
 * - `POST /api/config/pages/:pageId/duplicate`: a DRAFT copy with new ids, after the page.
 * - `POST /api/config/pages/:pageId/home`: `makeHomeBody`; the page moves to `/`, the old home to `oldHomePath`.
 * - `DELETE /api/config/pages/:pageId`: refused for the home page.
 * - `PUT /api/config/pages/order`: `pageOrderBody`, every page of the site in its new order.
 * - `POST /api/auth/Sites` (an account call, not a site's): `newSiteBody`; answers `newSiteAnswer`.
 *
 * A refusal is `{ error, errors? }` (./common.ts): 400 for input the rules refuse, 404 for a page
 * the site does not have, 409 for a URL slug or identifier already taken and a stale order.
 */
import { z } from 'zod';
import { pages } from '../messages/pages';
import { slugify } from '../domain/blog-url';

const trimmed = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
/** An empty text field means none. */
const optionalText = (max: number, tooLong: string) =>
  trimmed(max, tooLong)
    .optional()
    .transform((v) => v || undefined);

/** A URL slug as typed: trimmed, and given its leading slash when left out. The server checks it fully. */
const slugInput = z
  .string()
  .trim()
  .max(300, pages.pathInvalid)
  .transform((v) => (v === '' || v.startsWith('/') ? v : `/${v}`));

const title = z.string({ error: pages.titleRequired }).trim().min(1, pages.titleRequired).max(300, pages.titleTooLong);

/** A picked image: a site file (/s/{name}) or an https address; the server checks the file exists. */
const imageRef = z
  .string()
  .trim()
  .max(500, pages.imageInvalid)
  .refine((v) => /^\/s\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) || /^https:\/\/[^\s/?#]+[^\s]*$/.test(v), pages.imageInvalid);

export const newPageBody = z
  .object({
    title,
    /** Empty: made from the title (and made unique). */
    path: slugInput.default(''),
    /** 'blank', or a section layout's key (src/blocks/section-layouts.ts), checked by the server. */
    layout: z.string().max(40).default('blank'),
    image: imageRef.optional(),
    /** Also a link to the page at the end of the header menu (the Add a page dialog sends it on by default). */
    inMenu: z.boolean().default(false),
  })
  .strict();
export type NewPageBody = z.input<typeof newPageBody>;

export const PAGE_ACCESS_TYPES = ['public', 'members', 'password'] as const;

export const pageSettingsBody = z
  .object({
    title,
    navigationTitle: optionalText(100, pages.navigationTitleTooLong),
    /** Left out for the not-found and error pages, which have no address. */
    path: slugInput.optional(),
    seo: z
      .object({
        title: optionalText(300, pages.seoTitleTooLong),
        description: optionalText(1000, pages.seoDescriptionTooLong),
        socialImage: z.union([z.literal('').transform(() => undefined), imageRef]).optional(),
        noIndex: z.boolean().default(false),
      })
      .strict(),
    visibility: z.enum(['published', 'draft']),
    access: z
      .object({
        type: z.enum(PAGE_ACCESS_TYPES),
        /** With type password: a new password; left out, the page keeps the one it has. */
        password: z.string().max(200, pages.passwordLength).optional(),
      })
      .strict(),
  })
  .strict();
export type PageSettingsBody = z.input<typeof pageSettingsBody>;

export const pageSettingsAnswer = z.object({
  id: z.string(),
  pageType: z.number(),
  title: z.string(),
  navigationTitle: z.string().nullable(),
  path: z.string().nullable(),
  seo: z.object({ title: z.string().optional(), description: z.string().optional(), socialImage: z.string().optional(), noIndex: z.boolean() }),
  visibility: z.enum(['published', 'draft']),
  access: z.object({ type: z.enum(PAGE_ACCESS_TYPES), hasPassword: z.boolean() }),
  isHome: z.boolean(),
});
export type PageSettings = z.infer<typeof pageSettingsAnswer>;

export const makeHomeBody = z.object({ oldHomePath: slugInput.optional() }).strict();
export const pageOrderBody = z.object({ pageIds: z.array(z.string().max(24)).max(5000) }).strict();

/** What a page call answers: the page as the list shows it, and the address it ended at. */
export const pageChangedAnswer = z.object({ id: z.string(), title: z.string(), path: z.string().nullable() });
export const madeHomeAnswer = z.object({ id: z.string(), oldHome: z.object({ id: z.string(), title: z.string(), path: z.string() }).nullable() });

/** What a new site starts from when it names nothing: the blank site. The templates are the server's (GET /api/auth/Templates). */
export const BLANK_TEMPLATE = 'blank';

export const newSiteBody = z
  .object({
    title: z.string({ error: pages.siteTitleRequired }).trim().min(1, pages.siteTitleRequired).max(200, pages.siteTitleTooLong),
    identifier: z
      .string({ error: pages.identifierInvalid })
      .trim()
      .toLowerCase()
      .min(2, pages.identifierInvalid)
      .max(63, pages.identifierInvalid)
      .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, pages.identifierInvalid),
    /** 'blank' or a template's id; the server refuses one it has not (400 naming it). */
    template: z
      .string({ error: pages.templateInvalid })
      .trim()
      .max(63, pages.templateInvalid)
      .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, pages.templateInvalid)
      .default(BLANK_TEMPLATE),
  })
  .strict();
export type NewSiteBody = z.input<typeof newSiteBody>;

export const newSiteAnswer = z.object({ identifier: z.string(), title: z.string(), configUrl: z.string() });

/** A template the New site screen offers: its card, its home page's picture (an address, null when it has none yet) and the pages a new site from it gets. */
export const siteTemplateAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  picture: z.string().nullable(),
  pages: z.array(z.object({ title: z.string(), path: z.string() })),
});
export type SiteTemplateCard = z.infer<typeof siteTemplateAnswer>;
export const siteTemplatesAnswer = z.object({ templates: z.array(siteTemplateAnswer) });

/**
 * A URL slug made from a title: accents dropped, lowercase, words joined by hyphens, at most 60
 * characters; `/page` when nothing is left (a title of only symbols or another script).
 */
export function slugFromTitle(text: string): string {
  // The blog's slug rule (seed 000 §5), so a page and a post of one title get the same words.
  const words = slugify(text).slice(0, 60).replace(/-+$/, '');
  return `/${words || 'page'}`;
}

/** `base`, or `base-2`, `base-3` … the first that `taken` does not hold. */
export function firstFreePath(base: string, taken: (path: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}
