/**
 * A segment joining the platform's reserved addresses (`/checkout`, `/downloads` in the checkout
 * issue): a site's page already there moves to the first free address beside it, a blog there moves
 * with its posts, the menu's links and the redirects that led there follow, the move is in the
 * site's activity, and the site's owner is told by email what moved where. Content elsewhere stays;
 * running the rule again changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import { jobs } from '../src/server/jobs/schema';
import { createAccount, setRole } from '../src/server/modules/accounts';
import { moveReservedContent } from '../src/server/modules/content/reserved-paths';
import { collectionItems, collections, pages, redirects } from '../src/server/modules/content/schema/content';
import { activityLog } from '../src/server/modules/sites/schema/activity';
import { websites } from '../src/server/modules/sites/schema/sites';
import { freshDatabase } from './db';
import { testSite } from './placed-order';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let websiteId: string;

const page = (id: string, path: string, title: string, position: number) => ({
  websiteId,
  id,
  pageType: 1,
  path,
  title,
  status: 1,
  seo: {},
  sections: [],
  position,
});

beforeAll(async () => {
  database = await freshDatabase();
  websiteId = await testSite(database.db, 'moving');
  const db = database.db;
  await db
    .update(websites)
    .set({
      navigation: [
        { title: 'Checkout', href: '/checkout', newWindow: false },
        { title: 'More', newWindow: false, children: [{ title: 'Guide', href: '/downloads/guide#start', newWindow: false }] },
        { title: 'About', href: '/about', newWindow: false },
      ],
      footer: { links: [{ title: 'Checkout', href: '/checkout?from=footer', newWindow: false }] },
    })
    .where(eq(websites.id, websiteId));
  await db
    .insert(pages)
    .values([
      page('p-checkout', '/checkout', 'Checkout', 0),
      page('p-taken', '/checkout-page', 'Checkout help', 1),
      page('p-guide', '/downloads/guide', 'Guide', 2),
      page('p-about', '/about', 'About', 3),
      page('p-cart', '/cartoons', 'Cartoons', 4),
    ]);
  await db.insert(collections).values({ websiteId, id: 'c-news', type: 1, path: '/downloads', title: 'Downloads news', status: 1, seo: {}, position: 0 });
  await db.insert(collectionItems).values({
    websiteId,
    id: 'i-1',
    collectionId: 'c-news',
    slug: 'first',
    path: '/downloads/first',
    title: 'First',
    status: 1,
    publishedAt: '2026-01-01T00:00:00Z',
    tags: [],
    categories: [],
    seo: {},
    sections: [],
    position: 0,
  });
  await db.insert(redirects).values({ websiteId, fromPath: '/old-checkout', toUrl: '/checkout', position: 0 });
  const owner = await createAccount(db, 'owner@example.com', 'a long password 1');
  await setRole(db, websiteId, owner, TEAM_ROLES.ADMIN);
  await setRole(db, websiteId, await createAccount(db, 'later-admin@example.com', 'a long password 1'), TEAM_ROLES.ADMIN);
});
afterAll(async () => {
  await database?.drop();
});

describe('content at an address the platform takes', () => {
  it('moves beside it with its posts, links and redirects following, and the owner is told', async () => {
    const moved = await database.db.transaction((tx) => moveReservedContent(tx, ['checkout', 'downloads']));
    const paths = Object.fromEntries((await database.db.select().from(pages).where(eq(pages.websiteId, websiteId))).map((p) => [p.id, p.path]));
    expect(paths).toEqual({
      'p-checkout': '/checkout-page-2',
      'p-taken': '/checkout-page',
      'p-guide': '/downloads-page/guide',
      'p-about': '/about',
      'p-cart': '/cartoons',
    });
    const [news] = await database.db.select().from(collections).where(eq(collections.id, 'c-news'));
    expect(news!.path).toBe('/downloads-page');
    const [item] = await database.db.select().from(collectionItems).where(eq(collectionItems.id, 'i-1'));
    expect(item!.path).toBe('/downloads-page/first');
    expect(moved.get(websiteId)).toHaveLength(3);

    const [site] = await database.db.select().from(websites).where(eq(websites.id, websiteId));
    expect(JSON.stringify(site!.navigation)).toContain('"href":"/checkout-page-2"');
    expect(JSON.stringify(site!.navigation)).toContain('"href":"/downloads-page/guide#start"');
    expect(JSON.stringify(site!.navigation)).toContain('"href":"/about"');
    expect(JSON.stringify(site!.footer)).toContain('"href":"/checkout-page-2?from=footer"');
    const [redirect] = await database.db
      .select()
      .from(redirects)
      .where(and(eq(redirects.websiteId, websiteId), eq(redirects.fromPath, '/old-checkout')));
    expect(redirect!.toUrl).toBe('/checkout-page-2');

    const activity = await database.db.select().from(activityLog).where(eq(activityLog.websiteId, websiteId));
    expect(activity.map((a) => a.action)).toContain('pages.moved_from_reserved_path');
    const mails = (
      await database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.websiteId, websiteId), eq(jobs.kind, 'email')))
    ).map((j) => j.payload as { to: string; subject: string; text: string });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('owner@example.com');
    expect(mails[0]!.subject).toBe('Pages of The moving shop have new addresses');
    expect(mails[0]!.text).toContain('Checkout: /checkout is now /checkout-page-2');
    expect(mails[0]!.text).toContain('Guide: /downloads/guide is now /downloads-page/guide');
    expect(mails[0]!.text).toContain('Downloads news: /downloads is now /downloads-page');
  });

  it('changes nothing when run again', async () => {
    const again = await database.db.transaction((tx) => moveReservedContent(tx, ['checkout', 'downloads']));
    expect(again.size).toBe(0);
    const mails = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.websiteId, websiteId), eq(jobs.kind, 'email')));
    expect(mails).toHaveLength(1);
  });
});
