/**
 * The site's navigation as the Navigation screen edits it: the header menu (`websites.navigation`)
 * and the footer's own links (`websites.footer.links`), read as stored and saved whole, both in one
 * transaction with `markSiteChanged` (every app server drops the site's cached pages) and the
 * activity log. A tree is checked by the tree rules (src/domain/navigation-tree.ts) and each link
 * by seed 000 §5's rules, then by the site document's own schema, before anything is written.
 * Also what the link picker offers: the site's pages, the places on each an anchor can name, and
 * its files.
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { blockDefinition } from '../../../blocks/definitions';
import { linkRefusal } from '../../../blocks/link-message';
import {
  navigationItemInput,
  type LinkPlace,
  type LinkTargets,
  type NavigationAnswer,
  type NavigationBody,
  type NavigationItemInput,
} from '../../../contracts/navigation';
import type { Db } from '../../../db/client';
import { siteFileNames } from '../files';
import { pages } from './schema/content';
import { footerSchema, navLink } from '../../../document/schema';
import { blockAnchor, sectionAnchor } from '../../../domain/link-kinds';
import { NAVIGATION_LIMITS, treeErrors } from '../../../domain/navigation-tree';
import { logActivity } from '../sites';
import { markSiteChanged } from '../sites';
import { siteColumns, siteFooter } from '../sites';

/** Stored items as the screen edits them: one that is not even item-shaped (written by hand) is left out. */
function storedItems(value: unknown): NavigationItemInput[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = navigationItemInput.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function readNavigation(db: Db, websiteId: string): Promise<NavigationAnswer | undefined> {
  const site = await siteColumns(db, websiteId, ['id', 'navigation', 'footer']);
  if (!site) return undefined;
  const footer = siteFooter(site);
  const stored = site.footer;
  const links = typeof stored === 'object' && stored !== null && 'links' in stored ? stored.links : undefined;
  return { navigation: storedItems(site.navigation), footerLinks: storedItems(links), footerShowsNavigation: footer.showNavigation };
}

/** A checked tree as the document holds it: titles and links trimmed, a folder without `href`, an item without children without `children`. */
function saved(items: readonly NavigationItemInput[]) {
  return items.map((item) => {
    const children = (item.children ?? []).map((c) => ({ title: c.title.trim(), href: (c.href ?? '').trim(), newWindow: c.newWindow ?? false }));
    const href = (item.href ?? '').trim();
    return { title: item.title.trim(), ...(href !== '' ? { href } : {}), newWindow: item.newWindow ?? false, ...(children.length > 0 ? { children } : {}) };
  });
}

const headerMenu = z.array(navLink).max(NAVIGATION_LIMITS.header);
const footerLinks = footerSchema.shape.links;

export type SaveOutcome = { ok: true } | { ok: false; errors: Record<string, string> };

function issuesAt(base: string, error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((issue) => [[base, ...issue.path.map(String)].join('.'), issue.message]));
}

export async function saveNavigation(db: Db, websiteId: string, body: NavigationBody, actorId: string): Promise<SaveOutcome> {
  const errors = {
    ...treeErrors(body.navigation, 'navigation', NAVIGATION_LIMITS.header, linkRefusal),
    ...treeErrors(body.footerLinks, 'footerLinks', NAVIGATION_LIMITS.footer, linkRefusal),
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The document's own schema has the last word, so what is saved always exports and imports.
  const header = headerMenu.safeParse(saved(body.navigation));
  const footer = footerLinks.safeParse(saved(body.footerLinks));
  if (!header.success || !footer.success) {
    return {
      ok: false,
      errors: { ...(header.success ? {} : issuesAt('navigation', header.error)), ...(footer.success ? {} : issuesAt('footerLinks', footer.error)) },
    };
  }
  await db.transaction(async (tx) => {
    // The footer's other settings stay as they are: read them under the row's lock.
    const row = await siteColumns(tx, websiteId, ['id', 'footer'], { forUpdate: true });
    const current = siteFooter({ id: websiteId, footer: row?.footer ?? {} });
    await markSiteChanged(tx, websiteId, { navigation: header.data, footer: { ...current, links: footer.data } });
    await logActivity(tx, websiteId, actorId, 'design.navigation_updated', { headerItems: header.data.length, footerLinks: footer.data.length });
  });
  return { ok: true };
}

/** The places of a page's published sections an anchor can name, in reading order of sections. */
function placesOf(sections: unknown): LinkPlace[] {
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((section: { id?: unknown; blocks?: unknown }, i): LinkPlace[] => {
    if (typeof section?.id !== 'string') return [];
    const blocks = Array.isArray(section.blocks) ? (section.blocks as { id?: unknown; type?: unknown }[]) : [];
    return [
      { anchor: sectionAnchor(section.id), section: i + 1 },
      ...blocks.flatMap((b) => {
        const kind = typeof b.type === 'number' ? blockDefinition(b.type)?.kind : undefined;
        return typeof b.id === 'string' && kind ? [{ anchor: blockAnchor(b.id), section: i + 1, kind }] : [];
      }),
    ];
  });
}

export async function linkTargets(db: Db, websiteId: string): Promise<LinkTargets> {
  const [pageRows, fileRows] = await Promise.all([
    db
      .select({ id: pages.id, title: pages.title, path: pages.path, sections: pages.sections })
      .from(pages)
      .where(eq(pages.websiteId, websiteId))
      .orderBy(asc(pages.position)),
    siteFileNames(db, websiteId),
  ]);
  return {
    // System pages (not found, error) have no path: no link leads to them.
    pages: pageRows.flatMap((p) => (p.path === null ? [] : [{ id: p.id, title: p.title, path: p.path, places: placesOf(p.sections) }])),
    files: fileRows,
  };
}
