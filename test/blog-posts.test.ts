/**
 * The Blog screen's calls over HTTP (Fastify inject against a real PostgreSQL): a site's blogs and
 * posts, adding a blog, and a post's settings with their rules — statuses stored as seed 000 §3
 * numbers, visitors seeing only PUBLISHED posts, the tag and category limits with the seed's
 * message, a slug unique in its blog and an address no other content has, a SCHEDULED post's time
 * in the site's time zone and in the future, the featured image — then deleting, a moved post's
 * redirect, the post's content through the editor's calls, and who may do what.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { blogAnswer, blogsAnswer, postAnswer, type PostRow, type PostSettingsInput } from '../src/contracts/blog';
import { draftSaved, editorPageAnswer, published } from '../src/contracts/editor';
import { BLOCK_TYPES } from '../src/domain/block-types';
import { COLLECTION_TYPES } from '../src/domain/collection-types';
import { PAGE_TYPES } from '../src/domain/page-types';
import { TEAM_ROLES } from '../src/domain/roles';
import { CONTENT_STATUSES } from '../src/domain/website';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { instantOf, wallClock } from '../src/server/modules/content/blog-posts';
import { SCHEDULED_POSTS_JOB } from '../src/server/modules/content/scheduled-posts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { signedIn, type Client } from './session';

const JOURNAL = '6d07c4afa0a17c2b77ed80a0';
const LIMIT_MESSAGE = 'You have exceeded the character limit.';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;
let editor: Client;
let viewer: Client;
let storeManager: Client;

beforeAll(async () => {
  database = await freshDatabase();
  // The demo's journal, as a blog (collection type BLOG); the site's clocks are London's.
  const doc = siteNamed('blogging', 'Blogging');
  doc.collections[0]!.type = COLLECTION_TYPES.BLOG;
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  for (const [who, role] of [
    ['owner', TEAM_ROLES.ADMIN],
    ['editor', TEAM_ROLES.EDITOR],
    ['viewer', TEAM_ROLES.VIEWER],
    ['store', TEAM_ROLES.STORE_MANAGER],
  ] as const) {
    await setRole(database.db, websiteId, await createAccount(database.db, `${who}@example.com`, `${who}-password-123`), role);
  }
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  await app.siteChanges.ready;
  const signIn = (who: string) => signedIn(app, `${who}@example.com`, `${who}-password-123`);
  [owner, editor, viewer, storeManager] = await Promise.all([signIn('owner'), signIn('editor'), signIn('viewer'), signIn('store')]);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const visit = (path: string) => app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });
const settings = (over: Partial<PostSettingsInput> = {}): PostSettingsInput => ({
  title: `Post ${randomBytes(3).toString('hex')}`,
  status: CONTENT_STATUSES.DRAFT,
  ...over,
});
/** The site's wall clock `days` from now, as the settings form sends it. */
const inDays = (days: number) => wallClock(new Date(Date.now() + days * 86_400_000), 'Europe/London');

async function create(body: PostSettingsInput, as: Client = owner, blogId = JOURNAL): Promise<PostRow> {
  const res = await as.call('POST', `/api/config/blogs/${blogId}/posts`, body);
  expect(res.statusCode, res.body).toBe(200);
  return postAnswer.parse(res.json()).post;
}
const update = (id: string, body: PostSettingsInput, as: Client = owner) => as.call('PUT', `/api/config/posts/${id}`, body);

describe('the blog list', () => {
  it('lists the blogs with their posts newest first, dates in the site’s time zone', async () => {
    const res = await viewer.call('GET', '/api/config/blogs');
    expect(res.statusCode).toBe(200);
    const { timeZone, blogs } = blogsAnswer.parse(res.json());
    expect(timeZone).toBe('Europe/London');
    const journal = blogs.find((b) => b.id === JOURNAL)!;
    expect(journal).toMatchObject({ title: 'Journal', path: '/journal' });
    const demo = journal.posts.filter((p) => ['market-season', 'a-new-kiln', 'spring-glazes'].includes(p.slug));
    expect(demo.map((p) => p.slug)).toEqual(['market-season', 'a-new-kiln', 'spring-glazes']);
    // 09:00 UTC in July is 10:00 in London (summer time); in March, 09:00.
    expect(demo[0]).toMatchObject({
      status: CONTENT_STATUSES.PUBLISHED,
      publishDate: '2026-07-19',
      publishTime: '10:00',
      author: 'Maya Lind',
      tags: ['studio'],
    });
    expect(demo[2]).toMatchObject({ publishDate: '2026-03-14', publishTime: '09:00' });
  });

  it('reads and writes wall-clock times of the zone, across its clock changes', () => {
    expect(instantOf('2026-07-19', '10:00', 'Europe/London')?.toISOString()).toBe('2026-07-19T09:00:00.000Z');
    expect(instantOf('2026-01-05', '10:00', 'Europe/London')?.toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(instantOf('2026-10-25', '12:00', 'America/New_York')?.toISOString()).toBe('2026-10-25T16:00:00.000Z');
    expect(instantOf('2026-02-30', '10:00', 'UTC')).toBeUndefined();
    expect(instantOf('2026-02-03', '25:00', 'UTC')).toBeUndefined();
    expect(wallClock(new Date('2026-12-31T23:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2027-01-01', time: '08:30' });
  });
});

describe('adding a blog', () => {
  it('adds a blog at a free address that visitors can open, and refuses taken, reserved and malformed ones', async () => {
    const res = await owner.call('POST', '/api/config/blogs', { title: 'News', path: '/news' });
    expect(res.statusCode, res.body).toBe(200);
    const { blog } = blogAnswer.parse(res.json());
    expect(blog).toMatchObject({ title: 'News', path: '/news', posts: [] });
    // Every app server hears of the change (site_changed) and drops what it held.
    await expect.poll(async () => (await visit('/news')).statusCode, { timeout: 5000 }).toBe(200);
    expect((await visit('/news')).body).toContain('<h1>News</h1>');
    const refused = async (body: unknown) => {
      const r = await owner.call('POST', '/api/config/blogs', body);
      expect(r.statusCode).toBe(400);
      return (r.json() as { errors: Record<string, string> }).errors;
    };
    expect(await refused({ title: 'Again', path: '/about' })).toEqual({
      path: 'The address /about is already used by another page, blog or post of this site.',
    });
    expect(await refused({ title: 'Config', path: '/config/blog' })).toEqual({
      path: 'The address /config/blog is kept for the platform’s own pages: choose another.',
    });
    expect(await refused({ title: '', path: 'News Room' })).toEqual({
      title: 'Give the blog a title.',
      path: 'An address is a path such as /blog: lowercase letters, digits and - _ . ~, starting with a slash.',
    });
  });
});

describe('a post’s settings', () => {
  // covers 000-3.80 (statuses stored as their numbers), 001-3.98 (the labels are the screen's: e2e/blog.test.ts)
  it('stores each status as its number, and visitors see only a PUBLISHED post', async () => {
    const post = await create(settings({ title: 'Opening hours', excerpt: 'Now open on Sundays.' }));
    expect(post).toMatchObject({ slug: 'opening-hours', path: '/journal/opening-hours', status: CONTENT_STATUSES.DRAFT, excerpt: 'Now open on Sundays.' });
    for (const status of [CONTENT_STATUSES.DRAFT, CONTENT_STATUSES.NEEDS_REVIEW, CONTENT_STATUSES.PRIVATE]) {
      const res = await update(post.id, settings({ title: 'Opening hours', status }));
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await database.pool.query('SELECT status FROM collection_items WHERE id = $1', [post.id]);
      expect(rows[0].status).toBe(status);
      expect((await visit('/journal/opening-hours')).statusCode).toBe(404);
      expect((await visit('/journal')).body).not.toContain('Opening hours');
    }
    expect((await update(post.id, settings({ title: 'Opening hours', status: CONTENT_STATUSES.PUBLISHED, excerpt: 'Now open on Sundays.' }))).statusCode).toBe(
      200,
    );
    await expect.poll(async () => (await visit('/journal')).body, { timeout: 5000 }).toContain('Now open on Sundays.');
    expect((await visit('/journal/opening-hours')).statusCode).toBe(200);
    expect((await visit('/sitemap.xml')).body).toContain('/journal/opening-hours</loc>');
  });

  // covers 000-9.46, 000-9.47
  it('takes tags of up to 50 characters and categories of up to 25, refusing longer ones with the seed’s message', async () => {
    const post = await create(settings({ tags: ['t'.repeat(50), ' kiln ', 'kiln', ''], categories: ['c'.repeat(25)] }));
    expect(post.tags).toEqual(['t'.repeat(50), 'kiln']);
    expect(post.categories).toEqual(['c'.repeat(25)]);
    const res = await update(post.id, settings({ tags: ['t'.repeat(51)], categories: ['c'.repeat(26)] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { tags: LIMIT_MESSAGE, categories: LIMIT_MESSAGE } });
    const { rows } = await database.pool.query('SELECT tags, categories FROM collection_items WHERE id = $1', [post.id]);
    expect(rows[0]).toEqual({ tags: ['t'.repeat(50), 'kiln'], categories: ['c'.repeat(25)] });
  });

  it('makes the slug from the title, and refuses a malformed slug or one another post of the blog has', async () => {
    const post = await create(settings({ title: 'Hello, World!' }));
    expect(post.slug).toBe('hello-world');
    const taken = await owner.call('POST', `/api/config/blogs/${JOURNAL}/posts`, settings({ slug: 'spring-glazes' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      error: 'Some of the post’s settings are not valid: each one says what to change.',
      errors: { slug: 'Another post of this blog already has the slug spring-glazes.' },
    });
    const bad = await update(post.id, settings({ slug: 'Bad Slug' }));
    expect(bad.json()).toMatchObject({ errors: { slug: 'A slug is lowercase letters, digits and hyphens, starting with a letter or digit.' } });
    const untitled = await update(post.id, settings({ title: '  ' }));
    expect(untitled.json()).toMatchObject({ errors: { title: 'Give the post a title.' } });
  });

  it('follows the blog’s URL pattern, and refuses an address a page already has', async () => {
    await database.pool.query(`UPDATE collections SET url_pattern = '%y/%t' WHERE id = $1`, [JOURNAL]);
    try {
      const next = inDays(400);
      const post = await create(settings({ title: 'Next year', publishDate: next.date, publishTime: next.time }));
      expect(post.path).toBe(`/journal/${next.date.slice(0, 4)}/next-year`);
    } finally {
      await database.pool.query(`UPDATE collections SET url_pattern = NULL WHERE id = $1`, [JOURNAL]);
    }
    await database.pool.query(`UPDATE collections SET path = '/' WHERE id = $1`, [JOURNAL]);
    try {
      const clash = await owner.call('POST', `/api/config/blogs/${JOURNAL}/posts`, settings({ slug: 'about' }));
      expect(clash.json()).toMatchObject({ errors: { slug: 'The address /about is already used by another page, blog or post of this site.' } });
    } finally {
      await database.pool.query(`UPDATE collections SET path = '/journal' WHERE id = $1`, [JOURNAL]);
    }
  });

  it('schedules a post only with a time in the future, read in the site’s time zone, and queues its job for then', async () => {
    const post = await create(settings());
    const none = await update(post.id, settings({ status: CONTENT_STATUSES.SCHEDULED }));
    expect(none.json()).toMatchObject({ errors: { publishDate: 'A scheduled post needs its publish date and time.' } });
    const past = inDays(-1);
    const late = await update(post.id, settings({ status: CONTENT_STATUSES.SCHEDULED, publishDate: past.date, publishTime: past.time }));
    expect(late.json()).toMatchObject({ errors: { publishDate: 'A scheduled post’s time must be in the future. To show it now, choose Published.' } });
    const malformed = await update(post.id, settings({ status: CONTENT_STATUSES.SCHEDULED, publishDate: '2026-13-01', publishTime: '10:00' }));
    expect(malformed.json()).toMatchObject({ errors: { publishDate: 'Give the date as year-month-day and the time as hours:minutes.' } });
    const res = await update(
      post.id,
      settings({ title: 'Summer market', status: CONTENT_STATUSES.SCHEDULED, publishDate: '2031-07-01', publishTime: '10:30' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(postAnswer.parse(res.json()).post).toMatchObject({
      status: CONTENT_STATUSES.SCHEDULED,
      publishedAt: '2031-07-01T09:30:00.000Z',
      publishDate: '2031-07-01',
      publishTime: '10:30',
    });
    const { rows } = await database.pool.query(`SELECT run_at FROM jobs WHERE kind = $1 AND website_id = $2 AND status = 'pending'`, [
      SCHEDULED_POSTS_JOB,
      websiteId,
    ]);
    expect(rows.map((r: { run_at: Date }) => r.run_at.toISOString())).toContain('2031-07-01T09:30:00.000Z');
    expect((await visit('/journal/summer-market')).statusCode).toBe(404);
  });

  it('takes a featured image that is an image file of the site or an https address', async () => {
    const post = await create(settings({ thumbnail: '/s/glaze-tests.jpg' }));
    expect(post.thumbnail).toBe('/s/glaze-tests.jpg');
    expect((await update(post.id, settings({ thumbnail: 'https://images.example.com/kiln.jpg' }))).statusCode).toBe(200);
    for (const thumbnail of ['/s/no-such-file.jpg', 'http://images.example.com/kiln.jpg', 'javascript:alert(1)']) {
      const res = await update(post.id, settings({ thumbnail }));
      expect(res.json(), thumbnail).toMatchObject({ errors: { thumbnail: 'The featured image is a file of the site (/s/name) or an https address.' } });
    }
  });

  it('sends visitors from a published post’s old address to its new one', async () => {
    const post = await create(settings({ title: 'First name', status: CONTENT_STATUSES.PUBLISHED }));
    expect((await update(post.id, settings({ title: 'Second name', status: CONTENT_STATUSES.PUBLISHED }))).statusCode).toBe(200);
    await expect.poll(async () => (await visit('/journal/first-name')).statusCode, { timeout: 5000 }).toBe(301);
    const moved = await visit('/journal/first-name');
    expect(moved.headers.location).toBe('/journal/second-name');
    expect((await visit('/journal/second-name')).statusCode).toBe(200);
  });

  it('deletes a post with its draft and revisions, after which visitors no longer find it', async () => {
    const post = await create(settings({ title: 'Short lived', status: CONTENT_STATUSES.PUBLISHED }));
    await expect.poll(async () => (await visit('/journal/short-lived')).statusCode, { timeout: 5000 }).toBe(200);
    // A saved draft and a published revision, which go with the post.
    const opened = editorPageAnswer.parse((await owner.call('GET', `/api/config/editor/posts/${post.id}`)).json());
    const saved = await owner.call('PUT', `/api/config/editor/posts/${post.id}/draft`, {
      baseVersion: opened.draft.version,
      changeId: 'delete-me-1',
      sections: opened.draft.sections,
    });
    expect((await owner.call('POST', `/api/config/editor/posts/${post.id}/publish`, { version: draftSaved.parse(saved.json()).version })).statusCode).toBe(200);
    const versions = async () =>
      (
        await database.pool.query<{ n: number }>(
          'SELECT (SELECT count(*)::int FROM post_drafts WHERE item_id = $1) + (SELECT count(*)::int FROM post_revisions WHERE item_id = $1) AS n',
          [post.id],
        )
      ).rows[0]!.n;
    expect(await versions()).toBe(2);
    const res = await owner.call('DELETE', `/api/config/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(await versions()).toBe(0);
    await expect.poll(async () => (await visit('/journal/short-lived')).statusCode, { timeout: 5000 }).toBe(404);
    expect((await owner.call('DELETE', `/api/config/posts/${post.id}`)).json()).toEqual({ error: 'This site has no blog post with this id.' });
    expect((await owner.call('PUT', '/api/config/posts/not-an-id', settings())).statusCode).toBe(404);
    expect((await owner.call('POST', `/api/config/blogs/${'0'.repeat(24)}/posts`, settings())).json()).toEqual({
      error: 'This site has no blog with this id.',
    });
  });
});

describe('a post’s content in the editor', () => {
  const button = (id: string, text: string) => ({
    id,
    type: BLOCK_TYPES.BUTTON,
    data: { buttonText: text, clickthroughUrl: '/' },
    layout: { desktop: { x: 0, y: 0, w: 6, h: 2 } },
  });
  const hex = (n: number) => `b1090000${n.toString(16).padStart(16, '0')}`;

  it('saves and publishes a post’s draft; visitors see the content once the post’s status lets them', async () => {
    const post = await create(settings({ title: 'From the editor' }));
    const base = `/api/config/editor/posts/${post.id}`;
    const opened = editorPageAnswer.parse((await owner.call('GET', base)).json());
    expect(opened.page).toEqual({ id: post.id, title: 'From the editor', path: '/journal/from-the-editor', pageType: PAGE_TYPES.CONTENT_ITEM });
    expect(opened.draft).toMatchObject({ version: 0, sections: [] });
    expect(opened.published.revision).toBe(0);
    const sections = [{ id: hex(1), blocks: [button(hex(2), 'Read the story')] }];
    const saved = await owner.call('PUT', `${base}/draft`, { baseVersion: 0, changeId: `change-${post.id}`, sections });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(draftSaved.parse(saved.json()).version).toBe(1);
    const stale = await owner.call('PUT', `${base}/draft`, { baseVersion: 0, changeId: `other-${post.id}`, sections });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'Someone else saved this post after the version your change was based on. See their version, keep yours, or use theirs.',
      conflict: true,
    });
    const done = await owner.call('POST', `${base}/publish`, { version: 1 });
    expect(published.parse(done.json()).revision).toBe(1);
    // Published content of a DRAFT post: still unseen.
    expect((await visit('/journal/from-the-editor')).statusCode).toBe(404);
    await update(post.id, settings({ title: 'From the editor', status: CONTENT_STATUSES.PUBLISHED }));
    await expect.poll(async () => (await visit('/journal/from-the-editor')).body, { timeout: 5000 }).toContain('Read the story');
    // An id another post or page holds is refused as on a page.
    const reused = await owner.call('PUT', `${base}/draft`, {
      baseVersion: 1,
      changeId: `reuse-${post.id}`,
      sections: [{ id: '382dbd3fdb905ed4c21a9aaa', blocks: [] }],
    });
    expect(reused.statusCode).toBe(400);
    expect((await owner.call('GET', `/api/config/editor/posts/${'0'.repeat(24)}`)).json()).toEqual({ error: 'This site has no blog post with this id.' });
  });
});

describe('roles', () => {
  it('lets roles that read pages see the blog, and only roles that write pages change it', async () => {
    for (const who of [viewer, storeManager, editor]) expect((await who.call('GET', '/api/config/blogs')).statusCode).toBe(200);
    for (const who of [viewer, storeManager]) {
      expect((await who.call('POST', `/api/config/blogs/${JOURNAL}/posts`, settings())).statusCode).toBe(403);
      expect((await who.call('POST', '/api/config/blogs', { title: 'Nope', path: '/nope' })).statusCode).toBe(403);
    }
    const post = await create(settings({ title: 'By the editor' }), editor);
    expect((await viewer.call('PUT', `/api/config/posts/${post.id}`, settings())).statusCode).toBe(403);
    expect((await viewer.call('DELETE', `/api/config/posts/${post.id}`)).statusCode).toBe(403);
    expect((await editor.call('DELETE', `/api/config/posts/${post.id}`)).statusCode).toBe(200);
  });
});
