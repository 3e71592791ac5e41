/**
 * The site's navigation as a tree (GET/PUT /api/config/navigation): a header menu with a dropdown
 * and footer links are saved in one go and shown on every published page, nested one level and no
 * deeper; a tree that breaks the rules, or a link that breaks seed 000 §5's, is refused with its
 * message at its path and changes nothing; the tree travels in the site document; roles that may
 * not change the design cannot change it. Also what the link picker offers (GET /api/config/link-targets).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import { TEAM_ROLES } from '../src/domain/roles';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { DEMO_SITE_FILE } from '../src/server/modules/content/sites/new-sites';
import { exportSite, writeSiteDocument } from '../src/server/modules/content/sites/sites';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { signedIn, type Client } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let editor: Client;
let viewer: Client;

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  await setRole(database.db, websiteId, await createAccount(database.db, 'editor@example.com', 'editor-password-1'), TEAM_ROLES.EDITOR);
  await setRole(database.db, websiteId, await createAccount(database.db, 'viewer@example.com', 'viewer-password-1'), TEAM_ROLES.VIEWER);
  app = await demo.start();
  editor = await signedIn(app, 'editor@example.com', 'editor-password-1');
  viewer = await signedIn(app, 'viewer@example.com', 'viewer-password-1');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const page = async (url: string) => (await app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).body;
const activity = async () =>
  (await database.pool.query<{ action: string }>(`SELECT action FROM activity_log WHERE website_id = $1 ORDER BY id`, [websiteId])).rows.map((r) => r.action);
const stored = async () =>
  (await database.pool.query(`SELECT navigation, footer, content_version::int AS content_version FROM websites WHERE id = $1`, [websiteId])).rows[0] as {
    navigation: unknown;
    footer: unknown;
    content_version: number;
  };

const MENU = [
  { title: 'Home', href: '/' },
  // A folder: no link of its own, a dropdown of links.
  {
    title: 'Studio',
    children: [
      { title: 'About', href: '/about' },
      { title: 'Visit', href: '/contact#section-c0a7ac7f00000000000000c1', newWindow: true },
    ],
  },
  { title: 'Journal', href: '/journal', children: [{ title: 'Blocks', href: '/blocks' }] },
];

describe('navigation', () => {
  it('answers the header menu and footer links as stored', async () => {
    const res = await viewer.call('GET', '/api/config/navigation');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.navigation.map((i: { title: string }) => i.title)).toEqual(['Home', 'Shop', 'About', 'Journal', 'Contact']);
    expect(body.footerLinks.map((i: { title: string }) => i.title)).toEqual(['Site guide', 'Studio notes', 'Wholesale', 'Your account', 'Sitemap']);
    expect(body.footerShowsNavigation).toBe(false);
  });

  it('saves a menu with dropdowns and footer links in one go, and every page shows them', async () => {
    const before = await stored();
    const res = await editor.call('PUT', '/api/config/navigation', {
      navigation: MENU,
      footerLinks: [{ title: 'Press', href: 'mailto:press@example.com', children: [{ title: 'Call us', href: 'tel:+44-20-7946-0000' }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await stored();
    expect(after.content_version).toBeGreaterThan(before.content_version);
    expect(after.navigation).toEqual([
      { title: 'Home', href: '/', newWindow: false },
      {
        title: 'Studio',
        newWindow: false,
        children: [
          { title: 'About', href: '/about', newWindow: false },
          { title: 'Visit', href: '/contact#section-c0a7ac7f00000000000000c1', newWindow: true },
        ],
      },
      { title: 'Journal', href: '/journal', newWindow: false, children: [{ title: 'Blocks', href: '/blocks', newWindow: false }] },
    ]);
    // The footer's other settings are left as they were.
    expect(after.footer).toMatchObject({
      showNavigation: false,
      links: [
        {
          title: 'Press',
          href: 'mailto:press@example.com',
          newWindow: false,
          children: [{ title: 'Call us', href: 'tel:+44-20-7946-0000', newWindow: false }],
        },
      ],
    });
    expect((await activity()).at(-1)).toBe('design.navigation_updated');

    await expect.poll(() => page('/about'), { timeout: 5000 }).toContain('<span class="nav-folder">Studio</span>');
    const html = await page('/about');
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toContain(
      '<li class="nav-parent"><span class="nav-folder">Studio</span><ul class="nav-sub" aria-label="Studio"><li><a href="/about" aria-current="page">About</a></li>',
    );
    expect(header).toContain('<a href="/contact#section-c0a7ac7f00000000000000c1" target="_blank" rel="noopener noreferrer">Visit</a>');
    expect(header).toContain(
      '<li class="nav-parent"><a href="/journal">Journal</a><ul class="nav-sub" aria-label="Journal"><li><a href="/blocks">Blocks</a></li></ul></li>',
    );
    const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
    expect(footer).toContain(
      '<a href="mailto:press@example.com">Press</a><ul class="nav-sub" aria-label="Press"><li><a href="tel:+44-20-7946-0000">Call us</a></li></ul>',
    );
    // No script comes with the dropdowns: only the page's islands, as before.
    expect(html.match(/<script/g)?.length).toBe((await page('/journal')).match(/<script/g)?.length);
  });

  it('travels in the site document: export and import give the same tree', async () => {
    const exported = await exportSite(database.db, websiteId);
    expect(exported?.navigation[1]).toEqual({
      title: 'Studio',
      newWindow: false,
      children: [
        { title: 'About', href: '/about', newWindow: false },
        { title: 'Visit', href: '/contact#section-c0a7ac7f00000000000000c1', newWindow: true },
      ],
    });
    const loaded = loadDocument(JSON.parse(JSON.stringify(exported)), siteDocumentSchema);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    await writeSiteDocument(database.db, loaded.document);
    expect((await exportSite(database.db, websiteId))?.navigation).toEqual(exported?.navigation);
  });

  it('refuses a second level of nesting with a clear message at its path, and changes nothing', async () => {
    const before = await stored();
    const res = await editor.call('PUT', '/api/config/navigation', {
      navigation: [{ title: 'Studio', children: [{ title: 'About', href: '/about', children: [{ title: 'Team', href: '/about#team' }] }] }],
      footerLinks: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The navigation was not saved: correct the items marked below.',
      errors: { 'navigation.0.children.0.children': 'Menus go one level deep: a link in a dropdown cannot hold links of its own.' },
    });
    expect(await stored()).toEqual(before);
    // The document says the same on import.
    const doc = JSON.parse(JSON.stringify(await exportSite(database.db, websiteId)));
    doc.navigation[1].children[0].children = [{ title: 'Team', href: '/about' }];
    const loaded = loadDocument(doc, siteDocumentSchema);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(JSON.stringify(loaded.errors)).toContain('Menus go one level deep');
  });

  it('refuses an item with no title, and an item with neither a link nor links under it', async () => {
    const res = await editor.call('PUT', '/api/config/navigation', {
      navigation: [{ title: ' ', href: '/about' }, { title: 'Empty' }],
      footerLinks: [{ title: 'Folder in the footer', children: [{ title: 'No link' }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'navigation.0.title': 'Give this item a title.',
      'navigation.1.href': 'Choose where this item leads, or put links under it.',
      'footerLinks.0.children.0.href': 'Choose where this item leads, or put links under it.',
    });
  });

  // covers 000-5.35, 000-5.42, 000-5.43, 000-5.44 (the link rules, with the seed message of 000-5.57)
  it('refuses links the seed 000 §5 rules refuse, each with the seed message at its path', async () => {
    const before = await stored();
    const res = await editor.call('PUT', '/api/config/navigation', {
      navigation: [
        { title: 'Call', href: 'tel:12' },
        {
          title: 'Folder',
          children: [
            { title: 'Write', href: 'mailto:nobody' },
            { title: 'Script', href: 'javascript:alert(1)' },
          ],
        },
      ],
      footerLinks: [
        { title: 'Site', href: 'www.example.com' },
        { title: 'Far', href: `/${'a'.repeat(160)}` },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'navigation.0.href': 'tel:12 is not a valid page URL. It is a tel: link with fewer than 4 digits.',
      'navigation.1.children.0.href': 'mailto:nobody is not a valid page URL. It is a mailto: link without exactly one @ in its address.',
      'navigation.1.children.1.href':
        'javascript:alert(1) is not a valid page URL. It is a javascript: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link.',
      'footerLinks.0.href':
        'www.example.com is not a valid page URL. It is not a link a page can use: write a path (/about), an anchor (#top), an address (https://example.com/…), or a mailto:, tel: or sms: link.',
      'footerLinks.1.href': `/${'a'.repeat(160)} is not a valid page URL. It is too long for a link within the site: it must be under 150 characters.`,
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses more items than a menu holds, and a body that is not a tree', async () => {
    const many = Array.from({ length: 31 }, (_, i) => ({ title: `Link ${i}`, href: '/about' }));
    const res = await editor.call('PUT', '/api/config/navigation', { navigation: [], footerLinks: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ footerLinks: 'A menu holds at most 30 items.' });
    const odd = await editor.call('PUT', '/api/config/navigation', { navigation: 'Home' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error).toBe('Send the navigation as a list of items, each with a title, a link and the links under it.');
  });

  it('lets a role that may only view the design read the navigation but not change it', async () => {
    const before = await stored();
    const res = await viewer.call('PUT', '/api/config/navigation', { navigation: MENU, footerLinks: [] });
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('offers the link picker the pages with their places, and the files', async () => {
    const res = await viewer.call('GET', '/api/config/link-targets');
    expect(res.statusCode).toBe(200);
    const { pages, files } = res.json() as {
      pages: { title: string; path: string; places: { anchor: string; section: number; kind?: string }[] }[];
      files: { name: string }[];
    };
    expect(pages.map((p) => p.path)).toContain('/contact');
    const contact = pages.find((p) => p.path === '/contact')!;
    expect(contact.places[0]).toEqual({ anchor: expect.stringMatching(/^section-[0-9a-f]{24}$/), section: 1 });
    expect(contact.places.some((p) => p.kind === 'form' && /^block-[0-9a-f]{24}$/.test(p.anchor))).toBe(true);
    // The anchor names an element the published page has.
    const html = await page('/contact');
    for (const place of contact.places) expect(html).toContain(`id="${place.anchor}"`);
    // Every file of the demo site, in the document's order.
    const demo = JSON.parse(readFileSync(DEMO_SITE_FILE, 'utf8')) as { files: { name: string }[] };
    expect(files.map((f) => f.name)).toEqual(demo.files.map((f) => f.name));
    expect(files.length).toBeGreaterThan(3);
  });
});
