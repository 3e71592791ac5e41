/**
 * A site's blogs and their posts for the Blog screen (src/contracts/blog.ts): blogs are collections
 * of type BLOG, posts their items. This module owns a post's settings (title, slug, status, publish
 * time, author, excerpt, featured image, tags, categories) and their rules: the seeds' tag and
 * category limits with their message, a slug unique in its blog, an address (the blog's path and
 * URL pattern, src/document/paths.ts) no other page, blog or post of the site has, and a SCHEDULED
 * post's time in the future, which queues the job that publishes it then (./scheduled-posts.ts).
 * A post's content is its sections, edited through its draft (./page-drafts.ts).
 *
 * Every write is one transaction that locks the site row first (the order publishing and the
 * scheduled job use), and marks the site changed when what visitors may see changes.
 */
import { siteFileNameOf } from '../../../domain/files';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { BlogBody, BlogRow, PostRow, PostSettings } from '../../../contracts/blog';
import type { Db, Executor } from '../../../db/client';
import { collectionItems, collections, postDrafts } from './schema/content';
import { slugify } from '../../../domain/blog-url';
import { COLLECTION_TYPES } from '../../../domain/collection-types';
import { EDITOR_LIMITS } from '../../../domain/editor-limits';
import { CONTENT_STATUSES } from '../../../domain/website';
import { itemPath } from '../../../document/paths';
import { sitePath } from '../../../document/primitives';
import { blog } from '../../../messages/blog';
import { format } from '../../../messages/format';
import { forms } from '../../../messages/forms';
import { logActivity } from '../sites';
import { scheduleDuePosts } from './scheduled-posts';
import { pathHolder, redirectMoves, reservedSegment } from './site-addresses';
import { siteImageExists } from '../files';
import { lockSite } from '../sites';
import { markSiteChanged } from '../sites';
import { siteSettings } from '../sites';
import type { WebsiteRow } from '../sites';

export type BlogRefusal = { kind: 'notFound'; error: string } | { kind: 'invalid'; error: string; errors: Record<string, string> };
export type BlogOutcome<T> = { ok: true; value: T } | { ok: false; refusal: BlogRefusal };

class Refused extends Error {
  constructor(readonly refusal: BlogRefusal) {
    super(refusal.kind);
  }
}

async function refusable<T>(run: () => Promise<T>): Promise<BlogOutcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, refusal: err.refusal };
    throw err;
  }
}

const invalid = (error: string, errors: Record<string, string>) => new Refused({ kind: 'invalid', error, errors });

// ---- the site's wall clock ----

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The site's wall-clock date and time (YYYY-MM-DD, HH:MM) of an instant. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + offsetMs(instant, timeZone));
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The instant a wall-clock date and time (HH:MM, or HH:MM:SS as a time input may give it) of the
 * zone names, or undefined for text that is no date.
 * A time the clocks skip (the spring change) reads as the same wall time before the change's offset.
 */
export function instantOf(date: string, time: string, timeZone: string): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return undefined;
  const [y, m, day, h, min, sec] = [d[1], d[2], d[3], t[1], t[2], t[3] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, m - 1, day, h, min, sec);
  const check = new Date(wall);
  if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== day || h > 23 || min > 59 || sec > 59) return undefined;
  // Two passes: the offset at the first guess may differ from the one at the answer (a change of clocks in between).
  const first = wall - offsetMs(new Date(wall), timeZone);
  return new Date(wall - offsetMs(new Date(first), timeZone));
}

// ---- reading ----

type ItemRow = typeof collectionItems.$inferSelect;

function postRowOf(item: ItemRow, timeZone: string, unpublishedChanges: boolean): PostRow {
  const publishedAt = new Date(item.publishedAt);
  const wall = wallClock(publishedAt, timeZone);
  return {
    id: item.id,
    blogId: item.collectionId,
    title: item.title,
    slug: item.slug,
    path: item.path,
    status: item.status,
    publishedAt: publishedAt.toISOString(),
    publishDate: wall.date,
    publishTime: wall.time,
    author: item.author ?? '',
    excerpt: item.excerpt ?? '',
    thumbnail: item.thumbnail ?? '',
    tags: item.tags,
    categories: item.categories,
    unpublishedChanges,
  };
}

const unpublished = sql<boolean>`coalesce(${postDrafts.version} > ${postDrafts.publishedVersion}, false)`;

/** Every blog of the site with its posts, newest first. */
export async function listBlogs(db: Db, site: WebsiteRow): Promise<{ timeZone: string; blogs: BlogRow[] }> {
  const { timeZone } = siteSettings(site);
  const [blogRows, itemRows] = await Promise.all([
    db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, site.id), eq(collections.type, COLLECTION_TYPES.BLOG)))
      .orderBy(asc(collections.position)),
    db
      .select({ item: collectionItems, unpublished })
      .from(collectionItems)
      .innerJoin(collections, and(eq(collections.websiteId, collectionItems.websiteId), eq(collections.id, collectionItems.collectionId)))
      .leftJoin(postDrafts, and(eq(postDrafts.websiteId, collectionItems.websiteId), eq(postDrafts.parentId, collectionItems.id)))
      .where(and(eq(collectionItems.websiteId, site.id), eq(collections.type, COLLECTION_TYPES.BLOG)))
      .orderBy(desc(collectionItems.publishedAt), asc(collectionItems.position)),
  ]);
  return {
    timeZone,
    blogs: blogRows.map((c) => ({
      id: c.id,
      title: c.title,
      path: c.path,
      urlPattern: c.urlPattern ?? '',
      posts: itemRows.filter((r) => r.item.collectionId === c.id).map((r) => postRowOf(r.item, timeZone, r.unpublished)),
    })),
  };
}

// ---- the rules ----

/** Whether another page, blog or post of the site is served at `path` (`itemId`: the post being changed). */
async function pathTaken(tx: Executor, websiteId: string, path: string, itemId = ''): Promise<boolean> {
  return (await pathHolder(tx, websiteId, path, { item: itemId })) !== undefined;
}

/** A blog's path as pages' paths are checked: its form, the platform's reserved segments, and no other content there. */
async function blogPathError(tx: Executor, websiteId: string, path: string): Promise<string | undefined> {
  if (reservedSegment(path)) return format(blog.pathReserved, { path });
  if (!sitePath.safeParse(path).success) return blog.pathInvalid;
  if (await pathTaken(tx, websiteId, path)) return format(blog.pathTaken, { path });
  return undefined;
}

/** Each value trimmed, empty ones dropped, repeats once; an error naming the seed's limit when one is longer than `max`. */
function labels(values: readonly string[], max: number): { values: string[]; error?: string } {
  const kept = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  const long = kept.find((v) => [...v].length > max);
  // 000-9.46, 000-9.47: the seed's message for a text past its limit, word for word.
  return long === undefined ? { values: kept } : { values: kept, error: forms.characterLimit };
}

/** A featured image: an image file of the site (/s/name) or an https address. */
async function thumbnailError(tx: Executor, websiteId: string, thumbnail: string): Promise<string | undefined> {
  if (thumbnail === '') return undefined;
  const file = siteFileNameOf(thumbnail);
  if (file !== undefined) return (await siteImageExists(tx, websiteId, file)) ? undefined : blog.thumbnailInvalid;
  try {
    const url = new URL(thumbnail);
    return url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(thumbnail) ? undefined : blog.thumbnailInvalid;
  } catch {
    return blog.thumbnailInvalid;
  }
}

type Checked = {
  title: string;
  slug: string;
  path: string;
  status: number;
  publishedAt: Date;
  author: string | null;
  excerpt: string | null;
  thumbnail: string | null;
  tags: string[];
  categories: string[];
};

/**
 * The settings as they will be stored, or every field's error at once. `current` is the post
 * being changed (its publish time is kept when none is given, and its own slug and path are no clash).
 */
async function checkSettings(
  tx: Executor,
  site: WebsiteRow,
  collection: { id: string; path: string; urlPattern: string | null },
  body: PostSettings,
  current: ItemRow | undefined,
  now: Date,
): Promise<Checked> {
  const { timeZone } = siteSettings(site);
  const errors: Record<string, string> = {};
  const title = body.title.trim();
  if (!title) errors.title = blog.titleRequired;
  const slug = body.slug.trim() || slugify(title);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(slug) || slug.length > 200) errors.slug = blog.slugInvalid;

  let publishedAt: Date | undefined = current ? new Date(current.publishedAt) : now;
  if (body.publishDate || body.publishTime) {
    publishedAt = instantOf(body.publishDate, body.publishTime || '00:00', timeZone);
    if (!publishedAt) errors.publishDate = blog.dateInvalid;
  } else if (body.status === CONTENT_STATUSES.SCHEDULED) {
    errors.publishDate = blog.dateRequired;
  }
  if (body.status === CONTENT_STATUSES.SCHEDULED && publishedAt && !errors.publishDate && publishedAt.getTime() <= now.getTime())
    errors.publishDate = blog.scheduleInPast;

  const thumbnail = body.thumbnail.trim();
  const thumbnailProblem = await thumbnailError(tx, site.id, thumbnail);
  if (thumbnailProblem) errors.thumbnail = thumbnailProblem;
  const tags = labels(body.tags, EDITOR_LIMITS.MAX_TAG_LENGTH);
  if (tags.error) errors.tags = tags.error;
  const categories = labels(body.categories, EDITOR_LIMITS.MAX_CATEGORY_LENGTH);
  if (categories.error) errors.categories = categories.error;

  let path = '';
  if (!errors.slug && !errors.title && publishedAt) {
    path = itemPath(collection, { slug, title, publishedAt: publishedAt.toISOString() }, timeZone);
    const [sameSlug] = await tx
      .select({ id: collectionItems.id })
      .from(collectionItems)
      .where(
        and(
          eq(collectionItems.websiteId, site.id),
          eq(collectionItems.collectionId, collection.id),
          eq(collectionItems.slug, slug),
          ne(collectionItems.id, current?.id ?? ''),
        ),
      );
    if (sameSlug) errors.slug = format(blog.slugTaken, { slug });
    else if (await pathTaken(tx, site.id, path, current?.id)) errors.slug = format(blog.pathTaken, { path });
  }
  if (Object.keys(errors).length > 0 || !publishedAt) throw invalid(blog.invalidPost, errors);
  return {
    title,
    slug,
    path,
    status: body.status,
    publishedAt,
    author: body.author.trim() || null,
    excerpt: body.excerpt.trim() || null,
    thumbnail: thumbnail || null,
    tags: tags.values,
    categories: categories.values,
  };
}

const visible = (status: number) => status === CONTENT_STATUSES.PUBLISHED;

async function blogOf(tx: Executor, websiteId: string, blogId: string) {
  const [found] = await tx
    .select({ id: collections.id, path: collections.path, urlPattern: collections.urlPattern, status: collections.status })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, blogId), eq(collections.type, COLLECTION_TYPES.BLOG)));
  return found;
}

async function lockPost(tx: Executor, websiteId: string, itemId: string): Promise<ItemRow | undefined> {
  const [item] = await tx
    .select({ item: collectionItems })
    .from(collectionItems)
    .innerJoin(collections, and(eq(collections.websiteId, collectionItems.websiteId), eq(collections.id, collectionItems.collectionId)))
    .where(and(eq(collectionItems.websiteId, websiteId), eq(collectionItems.id, itemId), eq(collections.type, COLLECTION_TYPES.BLOG)))
    .for('update', { of: collectionItems });
  return item?.item;
}

/** The next position of a table's rows in the site: new rows go last. */
async function nextPosition(tx: Executor, table: typeof collections | typeof collectionItems, websiteId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(table.position) })
    .from(table)
    .where(eq(table.websiteId, websiteId));
  return (row?.last ?? -1) + 1;
}

const newId = () => randomBytes(12).toString('hex');

// ---- the calls ----

/** Adds a blog (listed, with no URL pattern: its posts live at {path}/{slug}). */
export async function createBlog(db: Db, site: WebsiteRow, accountId: string, body: BlogBody): Promise<BlogOutcome<BlogRow>> {
  return refusable(() =>
    db.transaction(async (tx) => {
      await lockSite(tx, site.id);
      const title = body.title.trim();
      const path = body.path.trim();
      const errors: Record<string, string> = {};
      if (!title) errors.title = blog.blogTitleRequired;
      const pathError = await blogPathError(tx, site.id, path);
      if (pathError) errors.path = pathError;
      if (Object.keys(errors).length > 0) throw invalid(blog.invalidBlog, errors);
      const id = newId();
      await tx.insert(collections).values({
        websiteId: site.id,
        id,
        type: COLLECTION_TYPES.BLOG,
        path,
        title,
        status: CONTENT_STATUSES.PUBLISHED,
        seo: {},
        position: await nextPosition(tx, collections, site.id),
      });
      await markSiteChanged(tx, site.id);
      await logActivity(tx, site.id, accountId, 'blogs.created', { blogId: id, path });
      return { id, title, path, urlPattern: '', posts: [] };
    }),
  );
}

/** Creates a post in a blog with no content yet; a SCHEDULED one queues its publishing. */
export async function createPost(
  db: Db,
  site: WebsiteRow,
  blogId: string,
  accountId: string,
  body: PostSettings,
  now = new Date(),
): Promise<BlogOutcome<PostRow>> {
  return refusable(() =>
    db.transaction(async (tx) => {
      await lockSite(tx, site.id);
      const collection = await blogOf(tx, site.id, blogId);
      if (!collection) throw new Refused({ kind: 'notFound', error: blog.noBlogWithId });
      const checked = await checkSettings(tx, site, collection, body, undefined, now);
      const id = newId();
      const [item] = await tx
        .insert(collectionItems)
        .values({
          websiteId: site.id,
          id,
          collectionId: blogId,
          ...checked,
          publishedAt: checked.publishedAt.toISOString(),
          seo: {},
          sections: [],
          position: await nextPosition(tx, collectionItems, site.id),
        })
        .returning();
      if (checked.status === CONTENT_STATUSES.SCHEDULED) await scheduleDuePosts(tx, site.id, checked.publishedAt);
      if (visible(checked.status)) await markSiteChanged(tx, site.id);
      await logActivity(tx, site.id, accountId, 'posts.created', { itemId: id, status: checked.status });
      return postRowOf(item!, siteSettings(site).timeZone, false);
    }),
  );
}

/**
 * Changes a post's settings. A post visitors could see whose address changes leaves a redirect
 * from the old address; a SCHEDULED post queues a job for its (new) time, and the jobs queued for
 * an earlier time find nothing due then (./scheduled-posts.ts checks status and time when it runs).
 */
export async function updatePost(
  db: Db,
  site: WebsiteRow,
  itemId: string,
  accountId: string,
  body: PostSettings,
  now = new Date(),
): Promise<BlogOutcome<PostRow>> {
  return refusable(() =>
    db.transaction(async (tx) => {
      await lockSite(tx, site.id);
      const current = await lockPost(tx, site.id, itemId);
      if (!current) throw new Refused({ kind: 'notFound', error: blog.noPostWithId });
      const collection = (await blogOf(tx, site.id, current.collectionId))!;
      const checked = await checkSettings(tx, site, collection, body, current, now);
      const [item] = await tx
        .update(collectionItems)
        .set({ ...checked, publishedAt: checked.publishedAt.toISOString() })
        .where(and(eq(collectionItems.websiteId, site.id), eq(collectionItems.id, itemId)))
        .returning();
      const moved = current.path !== checked.path;
      if (moved && visible(current.status)) await redirectMoves(tx, site.id, [{ from: current.path, to: checked.path }]);
      if (
        checked.status === CONTENT_STATUSES.SCHEDULED &&
        (current.status !== CONTENT_STATUSES.SCHEDULED || new Date(current.publishedAt).getTime() !== checked.publishedAt.getTime())
      ) {
        await scheduleDuePosts(tx, site.id, checked.publishedAt);
      }
      if (visible(current.status) || visible(checked.status)) await markSiteChanged(tx, site.id);
      await logActivity(tx, site.id, accountId, 'posts.updated', { itemId, status: checked.status });
      const [draft] = await tx
        .select({ unpublished })
        .from(postDrafts)
        .where(and(eq(postDrafts.websiteId, site.id), eq(postDrafts.parentId, itemId)));
      return postRowOf(item!, siteSettings(site).timeZone, draft?.unpublished ?? false);
    }),
  );
}

/** Deletes a post with its draft and revisions. */
export async function deletePost(db: Db, site: WebsiteRow, itemId: string, accountId: string): Promise<BlogOutcome<{ ok: true }>> {
  return refusable(() =>
    db.transaction(async (tx) => {
      await lockSite(tx, site.id);
      const current = await lockPost(tx, site.id, itemId);
      if (!current) throw new Refused({ kind: 'notFound', error: blog.noPostWithId });
      await tx.delete(collectionItems).where(and(eq(collectionItems.websiteId, site.id), eq(collectionItems.id, itemId)));
      if (visible(current.status)) await markSiteChanged(tx, site.id);
      await logActivity(tx, site.id, accountId, 'posts.deleted', { itemId, title: current.title });
      return { ok: true as const };
    }),
  );
}
