/**
 * The small types the site document is built from: ids, paths, host names, content statuses, SEO
 * fields and navigation links. Numbers and bounds come from the domain's names (src/domain), so
 * the document and the rest of the product read the same enumerations.
 */
import { z } from 'zod';
import { NAVIGATION_LIMITS, NAVIGATION_MESSAGES } from '../domain/navigation-tree';
import { RESERVED_PATH_SEGMENTS } from '../domain/routes';
import { CONTENT_STATUSES } from '../domain/website';
import { siteLink } from './link';

export const hexId = z.string().regex(/^[0-9a-f]{24}$/, 'must be 24 lowercase hex characters');

/** A union of the literal numbers of an enumeration object, in the order the object lists them. */
export function numberEnum<const T extends Readonly<Record<string, number>>>(values: T) {
  const literals = Object.values(values).map((n) => z.literal(n));
  return z.union(literals as unknown as [z.ZodLiteral<T[keyof T]>, ...z.ZodLiteral<T[keyof T]>[]]);
}

export const sitePath = z
  .string()
  .min(1)
  .max(150)
  .regex(/^\/(?:[a-z0-9][a-z0-9\-_.~]*(?:\/[a-z0-9][a-z0-9\-_.~]*)*)?$/, 'must be a path like /about or /blog/posts (lowercase letters, digits, - _ . ~)')
  .refine(
    (path) => !(RESERVED_PATH_SEGMENTS as readonly string[]).includes(path.split('/')[1] ?? ''),
    `must not start with ${RESERVED_PATH_SEGMENTS.map((s) => `/${s}`).join(', ')}: the platform answers those addresses`,
  );

export const identifier = z
  .string()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'must be lowercase letters, digits and inner hyphens (a host name label)');

export const hostName = z
  .string()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a lowercase domain name such as www.example.com');

/** Content item statuses (seed 000 §3): PUBLISHED 1 … DELETED 6 (src/domain/website.ts). */
export const contentStatus = numberEnum(CONTENT_STATUSES);

export const seo = z
  .object({
    title: z.string().max(300).optional(),
    description: z.string().max(1000).optional(),
    socialImage: siteLink(500).optional(),
    /** Hide from search engines: the page says `robots: noindex` and stays out of the sitemap. */
    noIndex: z.boolean().optional(),
  })
  .strict();
export type Seo = z.infer<typeof seo>;

const navLinkShape = {
  title: z.string().min(1).max(100),
  href: siteLink(1000),
  newWindow: z.boolean().default(false),
};

/** A link in a navigation item's dropdown. Menus go one level deep, so it holds no links of its own. */
export const navChildLink = z.strictObject(navLinkShape, {
  error: (issue) => (issue.code === 'unrecognized_keys' && issue.keys.includes('children') ? NAVIGATION_MESSAGES.tooDeep : undefined),
});
export type NavChildLink = z.infer<typeof navChildLink>;

/**
 * A header or footer navigation item: a link, and optionally the links of its dropdown
 * (`children`). An item with children may have no link of its own (a folder, as owners of hosted
 * builders know it); every other item needs one. Items stored before nesting are links without
 * children, so they read as before.
 */
export const navLink = z
  .object({
    ...navLinkShape,
    href: siteLink(1000).optional(),
    children: z.array(navChildLink).max(NAVIGATION_LIMITS.children).optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.href === undefined && (item.children?.length ?? 0) === 0) ctx.addIssue({ code: 'custom', path: ['href'], message: NAVIGATION_MESSAGES.needsLink });
  });
export type NavLink = z.infer<typeof navLink>;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
