/**
 * The rule for a first path segment the platform takes for itself (RESERVED_PATH_SEGMENTS): content
 * a site already had there — a page, or a blog or shop with its posts — is moved to the first free
 * address beside it (`/checkout` to `/checkout-page`, `/downloads/guide` to `/downloads-page/guide`),
 * the site's menu and footer links and its redirects follow it, the move is in the site's activity,
 * and the site's owner (its first ADMIN) is told by email. No redirect is left at the old address:
 * the platform answers it now. Run as a data migration each time segments join the list, with
 * those segments (`commerce`, `checkout` and `downloads` in the checkout issue; `search` later).
 */
import { sql } from 'drizzle-orm';
import { firstFreePath } from '../../../contracts/pages';
import type { Executor } from '../../../db/client';
import { format } from '../../../messages/format';
import { reservedPaths as words } from '../../../messages/reserved-paths';
import { enqueueEmail } from '../../mail/mailer';
import { listTeam } from '../accounts';
import { TEAM_ROLES } from '../../../domain/roles';
import { lockSite, logActivity, markSiteChanged, siteColumns, siteSettings } from '../sites';
import { collectionItems, collections, pages, redirects } from './schema/content';
import { pathsStartingWith, reservedSegment } from './site-addresses';

export type ReservedMove = { kind: 'page' | 'collection'; id: string; title: string; from: string; to: string };

type Held = { website_id: string; kind: 'page' | 'collection'; id: string; title: string; path: string };

/** `href` on the moved address (or below it, or an anchor or query of it) on the new one; others as they are. */
function movedHref(href: string, moves: readonly ReservedMove[]): string {
  const move = moves.find((m) => href === m.from || (href.startsWith(m.from) && '/?#'.includes(href.charAt(m.from.length))));
  return move ? move.to + href.slice(move.from.length) : href;
}

/** Menu and footer links of any depth: every `href` moved with its content. */
function withMovedLinks(value: unknown, moves: readonly ReservedMove[]): unknown {
  if (Array.isArray(value)) return value.map((v) => withMovedLinks(v, moves));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'href' && typeof v === 'string' ? movedHref(v, moves) : withMovedLinks(v, moves)]));
}

/** The new address of content at `path`: its reserved first segment with `-page`, or the first free one after it. */
async function newPath(tx: Executor, websiteId: string, path: string, chosen: Set<string>): Promise<string> {
  const [, segment = '', ...rest] = path.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  const base = `/${segment}-page`;
  const taken = await pathsStartingWith(tx, websiteId, base);
  const head = firstFreePath(base, (p) => chosen.has(p + tail) || taken.has(p + tail) || reservedSegment(p) !== undefined);
  chosen.add(head + tail);
  return head + tail;
}

async function moveSiteContent(tx: Executor, websiteId: string, held: readonly Held[]): Promise<ReservedMove[]> {
  await lockSite(tx, websiteId);
  const chosen = new Set<string>();
  const moves: ReservedMove[] = [];
  for (const h of held) moves.push({ kind: h.kind, id: h.id, title: h.title, from: h.path, to: await newPath(tx, websiteId, h.path, chosen) });
  for (const m of moves) {
    const table = m.kind === 'page' ? pages : collections;
    await tx.execute(sql`UPDATE ${table} SET path = ${m.to} WHERE website_id = ${websiteId} AND id = ${m.id}`);
    if (m.kind === 'collection') {
      await tx.execute(
        sql`UPDATE ${collectionItems} SET path = ${m.to} || substr(path, ${m.from.length + 1}) WHERE website_id = ${websiteId} AND collection_id = ${m.id}`,
      );
    }
    await tx.execute(sql`
      UPDATE ${redirects} SET to_url = ${m.to} || substr(to_url, ${m.from.length + 1})
       WHERE website_id = ${websiteId} AND (to_url = ${m.from} OR starts_with(to_url, ${`${m.from}/`}))`);
  }
  const site = await siteColumns(tx, websiteId, ['id', 'identifier', 'settings', 'navigation', 'footer']);
  if (!site) return moves;
  await markSiteChanged(tx, websiteId, {
    navigation: withMovedLinks(site.navigation, moves) as unknown[],
    footer: withMovedLinks(site.footer, moves) as Record<string, unknown>,
  });
  await logActivity(tx, websiteId, null, 'pages.moved_from_reserved_path', { moves: moves.map(({ kind, id, from, to }) => ({ kind, id, from, to })) });
  await tellOwner(tx, websiteId, siteSettings(site).title, moves);
  return moves;
}

async function tellOwner(tx: Executor, websiteId: string, title: string, moves: readonly ReservedMove[]): Promise<void> {
  const admins = (await listTeam(tx, websiteId)).filter((m) => m.role === TEAM_ROLES.ADMIN);
  const owner = admins.sort((a, b) => a.since.getTime() - b.since.getTime())[0];
  if (!owner) return;
  const text = [
    format(words.moved, { site: title }),
    moves.map((m) => format(words.movedLine, { title: m.title, from: m.from, to: m.to })).join('\n'),
    words.movedAfter,
  ].join('\n\n');
  await enqueueEmail(tx, websiteId, { to: owner.email, subject: format(words.movedSubject, { site: title }).replace(/[\r\n]+/g, ' '), text });
}

/** Moves every site's content whose address starts with one of `segments`; answers the moves by site. */
export async function moveReservedContent(tx: Executor, segments: readonly string[]): Promise<Map<string, ReservedMove[]>> {
  const done = new Map<string, ReservedMove[]>();
  if (segments.length === 0) return done;
  const list = sql`ARRAY[${sql.join(
    segments.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;
  const { rows } = await tx.execute<Held>(sql`
    SELECT website_id, 'page' AS kind, id, title, path FROM ${pages} WHERE split_part(path, '/', 2) = ANY(${list})
    UNION ALL
    SELECT website_id, 'collection', id, title, path FROM ${collections} WHERE split_part(path, '/', 2) = ANY(${list})
    ORDER BY website_id, path`);
  const bySite = new Map<string, Held[]>();
  for (const r of rows) bySite.set(r.website_id, [...(bySite.get(r.website_id) ?? []), r]);
  for (const [websiteId, held] of bySite) done.set(websiteId, await moveSiteContent(tx, websiteId, held));
  return done;
}
