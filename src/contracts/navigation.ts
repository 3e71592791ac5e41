/**
 * The Navigation screen's calls and the link picker's:
 *
 * - `GET /api/config/navigation` (design read): the header menu (the document's `navigation`) and
 *   the footer's own links (`footer.links`), as stored, a link the rules now refuse included (the
 *   screen shows it, and saving asks for it mended), and whether the footer repeats the header menu.
 * - `PUT /api/config/navigation` (design write): `navigationBody`, both trees whole. Refused with
 *   400 `{ error, errors }`, `errors` by path (`navigation.1.children.0.href`), when a tree breaks
 *   the rules of src/domain/navigation-tree.ts or a link breaks seed 000 §5's rules (the seed's
 *   '{val} is not a valid page URL' message); nothing is saved then.
 * - `GET /api/config/link-targets` (pages read): what the link picker offers: the site's pages with
 *   the places on each that an anchor can name (its sections and blocks, by the ids the published
 *   page gives them), and its files.
 */
import { z } from 'zod';

/** An item as received or as stored: any depth and any text, so the rules can say what is wrong where. */
export type NavigationItemInput = { title: string; href?: string | undefined; newWindow?: boolean | undefined; children?: NavigationItemInput[] | undefined };

export const navigationItemInput: z.ZodType<NavigationItemInput> = z.lazy(() =>
  z
    .object({
      title: z.string().max(1000),
      href: z.string().max(5000).optional(),
      newWindow: z.boolean().optional(),
      children: z.array(navigationItemInput).max(1000).optional(),
    })
    .strict(),
);

export const navigationBody = z
  .object({
    navigation: z.array(navigationItemInput).max(1000),
    footerLinks: z.array(navigationItemInput).max(1000),
  })
  .strict();
export type NavigationBody = z.infer<typeof navigationBody>;

export const navigationAnswer = z.object({
  navigation: z.array(navigationItemInput),
  footerLinks: z.array(navigationItemInput),
  /** The footer repeats the header menu before its own links (a Design setting). */
  footerShowsNavigation: z.boolean(),
});
export type NavigationAnswer = z.infer<typeof navigationAnswer>;

export const linkPlace = z.object({
  /** The element id on the published page (`section-…`, `block-…`). */
  anchor: z.string(),
  /** The section's number on the page, from 1. */
  section: z.number().int().min(1),
  /** The block's kind (`button`, `text` …) for a block; absent for the section itself. */
  kind: z.string().optional(),
});
export type LinkPlace = z.infer<typeof linkPlace>;

export const linkTargetsAnswer = z.object({
  pages: z.array(z.object({ id: z.string(), title: z.string(), path: z.string(), places: z.array(linkPlace) })),
  files: z.array(z.object({ name: z.string(), contentType: z.string() })),
});
export type LinkTargets = z.infer<typeof linkTargetsAnswer>;
