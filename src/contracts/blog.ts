/**
 * The Blog screen's calls: a site's blogs (collections of type BLOG) and their posts (collection
 * items), a post's settings, and adding a blog. A post's content is edited in the visual editor
 * through the editor's calls under `/api/config/editor/posts/:itemId` (./editor.ts).
 *
 * - `GET /api/config/blogs` (pages read): `blogsAnswer`, every blog with its posts, newest first.
 * - `POST /api/config/blogs` (pages write): `blogBody`; answers `blogAnswer`. 400 with `errors` by
 *   field (`title`, `path`) for a path that is malformed, reserved or already used.
 * - `POST /api/config/blogs/:blogId/posts` (pages write): `postSettingsBody`; answers `postAnswer`.
 * - `PUT /api/config/posts/:itemId` (pages write): `postSettingsBody`; answers `postAnswer`.
 * - `DELETE /api/config/posts/:itemId` (pages write): answers `{ ok: true }`.
 *
 * A post's publish date and time are read and written as the site's wall-clock time (its time zone,
 * `timeZone`): the server turns them into the instant it stores. Refusals are `{ error, errors }`,
 * `errors` by field: `title`, `slug`, `status`, `publishDate`, `thumbnail`, `tags`, `categories` …
 */
import { z } from 'zod';
import { CONTENT_STATUSES } from '../domain/website';
import { isoTime } from './common';

/** The statuses an owner chooses for a post (seed 000 §3 without DELETED: deleting is its own call). */
export const POST_STATUSES = [
  CONTENT_STATUSES.PUBLISHED,
  CONTENT_STATUSES.SCHEDULED,
  CONTENT_STATUSES.NEEDS_REVIEW,
  CONTENT_STATUSES.DRAFT,
  CONTENT_STATUSES.PRIVATE,
] as const;

export const postRow = z.object({
  id: z.string(),
  blogId: z.string(),
  title: z.string(),
  slug: z.string(),
  /** Where the post is (or will be) served: the blog's path and its URL pattern. */
  path: z.string(),
  status: z.number().int(),
  /** The publish instant, and the same as the site's wall clock. */
  publishedAt: isoTime,
  publishDate: z.string(),
  publishTime: z.string(),
  author: z.string(),
  excerpt: z.string(),
  thumbnail: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  /** The post's draft has changes the editor has not published. */
  unpublishedChanges: z.boolean(),
});
export type PostRow = z.infer<typeof postRow>;

export const blogRow = z.object({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  /** The blog URL pattern (seed 000 §5), empty when posts live at {path}/{slug}. */
  urlPattern: z.string(),
  posts: z.array(postRow),
});
export type BlogRow = z.infer<typeof blogRow>;

export const blogsAnswer = z.object({ timeZone: z.string(), blogs: z.array(blogRow) });
export const blogAnswer = z.object({ blog: blogRow });
export const postAnswer = z.object({ post: postRow });

export const blogBody = z.object({
  title: z.string().max(300),
  path: z.string().max(300),
});
export type BlogBody = z.infer<typeof blogBody>;

/**
 * A post's settings. Lengths are bounded loosely here; the limits the seeds fix (a tag at most 50
 * characters, a category at most 25) are checked by the service, which answers their message.
 */
export const postSettingsBody = z.object({
  title: z.string().max(300),
  /** Empty: made from the title. */
  slug: z.string().max(300).default(''),
  status: z.union(
    POST_STATUSES.map((s) => z.literal(s)) as unknown as [z.ZodLiteral<(typeof POST_STATUSES)[number]>, ...z.ZodLiteral<(typeof POST_STATUSES)[number]>[]],
  ),
  /** The site's wall-clock date (YYYY-MM-DD) and time (HH:MM or HH:MM:SS); empty: now (required for SCHEDULED). */
  publishDate: z.string().max(20).default(''),
  publishTime: z.string().max(20).default(''),
  author: z.string().max(200).default(''),
  excerpt: z.string().max(2000).default(''),
  thumbnail: z.string().max(500).default(''),
  tags: z.array(z.string().max(1000)).max(100).default([]),
  categories: z.array(z.string().max(1000)).max(100).default([]),
});
export type PostSettings = z.infer<typeof postSettingsBody>;
export type PostSettingsInput = z.input<typeof postSettingsBody>;
