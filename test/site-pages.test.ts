/**
 * The Pages screen's calls over HTTP (Fastify inject against a real PostgreSQL, the demo site):
 * adding a page (blank or from a section layout, a draft until published), its settings (URL slug
 * rules with their messages, the 301 a published page's old address answers, hiding from search
 * engines, a hashed page password), duplicating with new ids, deleting (never the home page),
 * ordering and making another page home. Refused and racing calls answer 4xx and write nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { draftSaved, editorPageAnswer } from '../src/contracts/editor';
import { pageSettingsAnswer } from '../src/contracts/pages';
import { pagesAnswer } from '../src/contracts/site';
import { loadDocument } from '../src/document/load';
import { BLOCK_TYPES } from '../src/domain/block-types';
import { CONTENT_STATUSES } from '../src/domain/website';
import { exportSite } from '../src/server/modules/content/sites/sites';
import { demoWithTeam, type TeamDemo } from './demo-app';
import { client, type Client } from './session';

let demo: TeamDemo;
let app: FastifyInstance;
let owner: Client;
let visitor: Client;

beforeAll(async () => {
  demo = await demoWithTeam();
  app = demo.app;
  owner = demo.owner;
  visitor = await client(app);
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await demo.database.pool.query(text, values)).rows as T[];
const pageList = async () => pagesAnswer.parse((await owner.call('GET', '/api/config/pages')).json()).pages;
const pageAt = async (path: string) => (await pageList()).find((p) => p.path === path)!;
const settingsOf = async (id: string) => pageSettingsAnswer.parse((await owner.call('GET', `/api/config/pages/${id}`)).json());
/** A settings body from what the dialog loaded, with `change` applied. */
async function settingsBody(id: string, change: Record<string, unknown> = {}) {
  const s = await settingsOf(id);
  return {
    title: s.title,
    navigationTitle: s.navigationTitle ?? '',
    ...(s.path === null ? {} : { path: s.path }),
    seo: s.seo,
    visibility: s.visibility,
    access: { type: s.access.type },
    ...change,
  };
}
const visit = (path: string) => visitor.call('GET', path);
/**
 * The visitor's answer once every app server has heard of the change (site_changed comes after the
 * commit, so a cached page may answer a moment longer), awaited as the status `status`.
 */
async function visitWhen(path: string, status: number) {
  await expect.poll(async () => (await visit(path)).statusCode, { timeout: 5000 }).toBe(status);
  return visit(path);
}
/** Everything a refused call must leave as it was. */
const state = async () => ({
  pages: await q('SELECT id, path, title, status, seo, access, position FROM pages ORDER BY id'),
  redirects: await q('SELECT from_path, to_url FROM redirects ORDER BY from_path'),
  drafts: await q('SELECT page_id FROM page_drafts ORDER BY page_id'),
});

describe('adding a page', () => {
  it('adds a blank draft page at a slug made from its title, which visitors see only once it is published', async () => {
    const res = await owner.call('POST', '/api/config/pages', { title: 'Our Café & Shop' });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json<{ id: string; path: string }>();
    expect(added.path).toBe('/our-cafe-shop');
    const [row] = await q<{ status: number; sections: { blocks: unknown[] }[]; position: number }>(
      'SELECT status, sections, position FROM pages WHERE id = $1',
      [added.id],
    );
    expect(row!.status).toBe(CONTENT_STATUSES.DRAFT);
    expect(row!.sections).toHaveLength(1);
    expect(row!.sections[0]!.blocks).toEqual([]);
    expect((await pageList()).at(-1)!.id).toBe(added.id);
    expect((await visit('/our-cafe-shop')).statusCode).toBe(404);
    // The editor's Publish turns the draft page published on its first publish.
    expect((await owner.call('POST', `/api/config/editor/pages/${added.id}/publish`, { version: 0 })).statusCode).toBe(200);
    await visitWhen('/our-cafe-shop', 200);
    // The same title again gets a slug of its own.
    expect((await owner.call('POST', '/api/config/pages', { title: 'Our Café & Shop' })).json()).toMatchObject({ path: '/our-cafe-shop-2' });
    expect((await q('SELECT action FROM activity_log WHERE action = $1', ['pages.created'])).length).toBe(2);
  });

  it('adds a link to the new page at the end of the header menu when asked, and refuses one the full menu has no room for', async () => {
    const menu = async () =>
      (await q<{ navigation: { title: string; href?: string }[] }>('SELECT navigation FROM websites WHERE id = $1', [demo.websiteId]))[0]!.navigation;
    const before = await menu();
    const res = await owner.call('POST', '/api/config/pages', { title: 'Workshops', inMenu: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await menu()).toEqual([...before, { title: 'Workshops', href: '/workshops', newWindow: false }]);
    // Left out, the menu stays as it is.
    expect((await owner.call('POST', '/api/config/pages', { title: 'Not in the menu' })).statusCode).toBe(200);
    expect(await menu()).toHaveLength(before.length + 1);
    // A full menu: refused beside the checkbox, and no page is added.
    const full = Array.from({ length: 100 }, (_, i) => ({ title: `Item ${i + 1}`, href: '/about', newWindow: false }));
    await q('UPDATE websites SET navigation = $2 WHERE id = $1', [demo.websiteId, JSON.stringify(full)]);
    const pagesBefore = await state();
    const refused = await owner.call('POST', '/api/config/pages', { title: 'One too many', inMenu: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string> }>().errors.inMenu).toBe(
      'The header menu already has 100 items. Leave “Show in the header menu” off, or remove an item on the Navigation screen first.',
    );
    expect(await state()).toEqual(pagesBefore);
    await q('UPDATE websites SET navigation = $2 WHERE id = $1', [demo.websiteId, JSON.stringify(before)]);
  });

  it('adds a page from a section layout, with the image the owner picked from the site or an https address', async () => {
    const res = await owner.call('POST', '/api/config/pages', { title: 'Gallery', path: 'gallery', layout: 'image-text', image: '/s/studio-wheel.jpg' });
    expect(res.statusCode, res.body).toBe(200);
    const { id, path } = res.json<{ id: string; path: string }>();
    expect(path).toBe('/gallery');
    const [row] = await q<{ sections: { blocks: { type: number; data: { src?: string } }[] }[] }>('SELECT sections FROM pages WHERE id = $1', [id]);
    const image = row!.sections[0]!.blocks.find((b) => b.type === BLOCK_TYPES.IMAGE)!;
    expect(image.data.src).toBe('/s/studio-wheel.jpg');
    const remote = await owner.call('POST', '/api/config/pages', { title: 'Banner', layout: 'full-image', image: 'https://images.example.com/banner.jpg' });
    expect(remote.statusCode, remote.body).toBe(200);
  });

  it('refuses a missing title, an unknown layout, a missing or unknown image, and bad, reserved or taken slugs, each with its message', async () => {
    const before = await state();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ title: '  ' }, 400, 'title', 'Give the page a title.'],
      [{ title: 'X', layout: 'carousel' }, 400, 'layout', 'There is no section layout called carousel.'],
      [{ title: 'X', layout: 'image-text' }, 400, 'image', 'This layout shows an image: pick one of the site’s images or give an https address.'],
      [{ title: 'X', layout: 'full-image', image: '/s/missing.jpg' }, 400, 'image', 'The site has no image named missing.jpg.'],
      [
        { title: 'X', layout: 'full-image', image: 'http://plain.example.com/a.jpg' },
        400,
        'image',
        'Pick one of the site’s images, or give an address starting with https://.',
      ],
      [
        { title: 'X', path: '/About Us' },
        400,
        'path',
        'A URL slug is a path such as /about or /shop/mugs: lowercase letters, digits and - _ . ~, each part starting with a letter or digit, at most 150 characters.',
      ],
      [
        { title: 'X', path: '/config/mine' },
        400,
        'path',
        'The URL slug /config/mine starts with /config, which the platform answers itself. These are reserved: /account, /api, /assets, /cart, /checkout, /commerce, /config, /downloads, /fonts, /newsletter-subscription, /s.',
      ],
      [{ title: 'X', path: '/about' }, 409, 'path', 'The URL slug /about is already used by the page “About”. Choose another one.'],
      [{ title: 'X', path: '/journal' }, 409, 'path', 'The URL slug /journal is already used by the collection “Journal”. Choose another one.'],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await owner.call('POST', '/api/config/pages', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ errors: Record<string, string> }>().errors[field], JSON.stringify(body)).toBe(message);
    }
    expect(await state()).toEqual(before);
  });

  it('gives a slug a title would make reserved a free one instead', async () => {
    const res = await owner.call('POST', '/api/config/pages', { title: 'Config' });
    expect(res.json()).toMatchObject({ path: '/config-2' });
  });
});

describe('page settings', () => {
  it('answers the settings without the page password, only that there is one', async () => {
    const wholesale = await pageAt('/wholesale');
    const res = await owner.call('GET', `/api/config/pages/${wholesale.id}`);
    expect(res.body).not.toContain('scrypt');
    expect(pageSettingsAnswer.parse(res.json())).toMatchObject({
      path: '/wholesale',
      access: { type: 'password', hasPassword: true },
      visibility: 'published',
      isHome: false,
    });
  });

  it('moves a published page to a new slug: the old address answers a 301 to the new one, and moving back drops it', async () => {
    const about = await pageAt('/about');
    expect((await visit('/about')).statusCode).toBe(200); // cached now: the change must drop it
    const res = await owner.call(
      'PUT',
      `/api/config/pages/${about.id}`,
      await settingsBody(about.id, { path: '/studio', title: 'The studio', navigationTitle: 'Studio' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const old = await visitWhen('/about', 301);
    expect(old.headers.location).toBe('/studio');
    const followed = await visit(old.headers.location as string);
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('<title>The studio — Juniper Ceramics</title>');
    expect(await settingsOf(about.id)).toMatchObject({ title: 'The studio', navigationTitle: 'Studio', path: '/studio' });
    // Back again: the page answers at /about (the redirect there goes), and /studio leads to it.
    expect((await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { path: '/about' }))).statusCode).toBe(200);
    await visitWhen('/about', 200);
    expect((await visit('/studio')).headers.location).toBe('/about');
    expect(await q('SELECT from_path, to_url FROM redirects WHERE to_url = $1 OR from_path = $1 ORDER BY from_path', ['/about'])).toEqual([
      { from_path: '/studio', to_url: '/about' },
    ]);
    expect((await q('SELECT detail FROM activity_log WHERE action = $1', ['pages.settings_updated'])).length).toBeGreaterThanOrEqual(2);
  });

  it('moves a draft page without a redirect: its old address was never public', async () => {
    const { id } = (await owner.call('POST', '/api/config/pages', { title: 'Draft move', path: '/draft-move' })).json<{ id: string }>();
    expect((await owner.call('PUT', `/api/config/pages/${id}`, await settingsBody(id, { path: '/draft-moved' }))).statusCode).toBe(200);
    expect(await q('SELECT * FROM redirects WHERE from_path = $1', ['/draft-move'])).toEqual([]);
  });

  it('refuses slugs by the same rules, and the home page’s / both ways', async () => {
    const about = await pageAt('/about');
    const home = await pageAt('/');
    const before = await state();
    const refused: [string, Record<string, unknown>, number, string][] = [
      [
        about.id,
        { path: '/s/file' },
        400,
        'The URL slug /s/file starts with /s, which the platform answers itself. These are reserved: /account, /api, /assets, /cart, /checkout, /commerce, /config, /downloads, /fonts, /newsletter-subscription, /s.',
      ],
      [about.id, { path: '/contact' }, 409, 'The URL slug /contact is already used by the page “Contact”. Choose another one.'],
      [about.id, { path: '/' }, 400, 'The address / belongs to the home page. To make this page the home page, use “Make home page”.'],
      [home.id, { path: '/start' }, 400, 'The home page stays at /. Make another page the home page first, then change this one’s URL slug.'],
      [about.id, { title: '' }, 400, 'Give the page a title.'],
    ];
    for (const [id, change, status, message] of refused) {
      const res = await owner.call('PUT', `/api/config/pages/${id}`, await settingsBody(id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(Object.values(res.json<{ errors: Record<string, string> }>().errors)).toContain(message);
    }
    expect(await state()).toEqual(before);
  });

  it('hides a page from search engines: robots noindex on the page, left out of the sitemap, kept through export and import', async () => {
    const contact = await pageAt('/contact');
    expect((await visit('/sitemap.xml')).body).toContain('/contact</loc>');
    const body = await settingsBody(contact.id);
    expect((await owner.call('PUT', `/api/config/pages/${contact.id}`, { ...body, seo: { ...body.seo, noIndex: true } })).statusCode).toBe(200);
    await expect.poll(async () => (await visit('/contact')).body, { timeout: 5000 }).toContain('noindex');
    const page = (await visit('/contact')).body;
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect((await visit('/sitemap.xml')).body).not.toContain('/contact</loc>');
    expect((await visit('/about')).body).not.toContain('noindex');
    const exported = JSON.parse(JSON.stringify(await exportSite(demo.database.db, demo.websiteId))) as {
      pages: { path?: string; seo: Record<string, unknown> }[];
    };
    expect(exported.pages.find((p) => p.path === '/contact')!.seo.noIndex).toBe(true);
    const loaded = loadDocument(exported, siteDocumentSchema);
    expect(loaded.ok && loaded.document.pages.find((p) => p.path === '/contact')!.seo.noIndex).toBe(true);
  });

  it('sets SEO title and description, a social image, and visibility: a hidden draft is not found by visitors', async () => {
    const about = await pageAt('/about');
    const res = await owner.call(
      'PUT',
      `/api/config/pages/${about.id}`,
      await settingsBody(about.id, { seo: { title: 'About the potter', description: 'Who we are.', socialImage: '/s/studio-hero.jpg', noIndex: false } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => (await visit('/about')).body, { timeout: 5000 }).toContain('About the potter');
    const html = (await visit('/about')).body;
    expect(html).toContain('<title>About the potter</title>');
    expect(html).toContain('Who we are.');
    expect(html).toContain('/s/studio-hero.jpg');
    const missing = await owner.call(
      'PUT',
      `/api/config/pages/${about.id}`,
      await settingsBody(about.id, { seo: { socialImage: '/s/none.png', noIndex: false } }),
    );
    expect(missing.json()).toMatchObject({ errors: { 'seo.socialImage': 'The site has no image named none.png.' } });
    expect((await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { visibility: 'draft' }))).statusCode).toBe(200);
    await visitWhen('/about', 404);
    expect((await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { visibility: 'published' }))).statusCode).toBe(200);
    await visitWhen('/about', 200);
  });

  it('sets a page password, stored only as a scrypt hash and kept when left empty; a public page needs one to become protected', async () => {
    const about = await pageAt('/about');
    const refused = await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { access: { type: 'password' } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { 'access.password': 'Give the page a password of at least 4 characters.' } });
    const short = await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { access: { type: 'password', password: 'abc' } }));
    expect(short.statusCode).toBe(400);
    expect(
      (await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { access: { type: 'password', password: 'kiln-open-7' } })))
        .statusCode,
    ).toBe(200);
    const [row] = await q<{ access: { type: string; passwordHash: string } }>('SELECT access FROM pages WHERE id = $1', [about.id]);
    expect(row!.access.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain('kiln-open-7');
    // Kept: the dialog sends no password when the owner leaves the field empty.
    expect((await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { title: 'About us' }))).statusCode).toBe(200);
    expect((await q<{ access: unknown }>('SELECT access FROM pages WHERE id = $1', [about.id]))[0]!.access).toEqual(row!.access);
    // The visitor meets the lock screen, not the page.
    await expect.poll(async () => (await visit('/about')).body, { timeout: 5000 }).not.toContain('converted boat shed');
    const locked = await visit('/about');
    expect(locked.body).not.toContain('converted boat shed');
    const members = await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { access: { type: 'members' } }));
    expect(members.statusCode).toBe(200);
    expect((await q<{ access: unknown }>('SELECT access FROM pages WHERE id = $1', [about.id]))[0]!.access).toEqual({ type: 'members' });
    expect((await owner.call('PUT', `/api/config/pages/${about.id}`, await settingsBody(about.id, { access: { type: 'public' } }))).statusCode).toBe(200);
  });
});

describe('duplicating, deleting, ordering and the home page', () => {
  it('duplicates a page as a draft right after it, with new ids for the page, its sections, blocks and form', async () => {
    const contact = await pageAt('/contact');
    const res = await owner.call('POST', `/api/config/pages/${contact.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json<{ id: string; title: string; path: string }>();
    expect(copy).toMatchObject({ title: 'Contact (copy)', path: '/contact-copy' });
    const list = await pageList();
    expect(list[list.findIndex((p) => p.id === contact.id) + 1]!.id).toBe(copy.id);
    type Row = { status: number; sections: { id: string; blocks: { id: string; type: number; data: { formId?: string } }[] }[] };
    const [original] = await q<Row>('SELECT status, sections FROM pages WHERE id = $1', [contact.id]);
    const [copied] = await q<Row>('SELECT status, sections FROM pages WHERE id = $1', [copy.id]);
    expect(copied!.status).toBe(CONTENT_STATUSES.DRAFT);
    const ids = (r: Row) => r.sections.flatMap((s) => [s.id, ...s.blocks.map((b) => b.id)]);
    const formIds = (r: Row) => r.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === BLOCK_TYPES.FORM ? [b.data.formId] : [])));
    expect(ids(copied!)).toHaveLength(ids(original!).length);
    expect(ids(copied!).filter((id) => ids(original!).includes(id))).toEqual([]);
    expect(formIds(copied!)).toHaveLength(1);
    expect(formIds(copied!)[0]).not.toBe(formIds(original!)[0]);
    // The whole site still passes the document's rules (ids unique across the site).
    const loaded = loadDocument(JSON.parse(JSON.stringify(await exportSite(demo.database.db, demo.websiteId))), siteDocumentSchema);
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
  });

  it('refuses to delete the home page with its message, and deletes another page with its draft and revisions', async () => {
    const home = await pageAt('/');
    const before = await state();
    const refused = await owner.call('DELETE', `/api/config/pages/${home.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'The home page cannot be deleted. Make another page the home page first, then delete this one.' });
    expect(await state()).toEqual(before);
    const copy = await pageAt('/contact-copy');
    const opened = editorPageAnswer.parse((await owner.call('GET', `/api/config/editor/pages/${copy.id}`)).json());
    const saved = await owner.call('PUT', `/api/config/editor/pages/${copy.id}/draft`, {
      baseVersion: opened.draft.version,
      changeId: 'delete-me-1',
      sections: opened.draft.sections,
    });
    expect((await owner.call('POST', `/api/config/editor/pages/${copy.id}/publish`, { version: draftSaved.parse(saved.json()).version })).statusCode).toBe(200);
    const versions = () => q('SELECT 1 FROM page_drafts WHERE page_id = $1 UNION ALL SELECT 1 FROM page_revisions WHERE page_id = $1', [copy.id]);
    expect(await versions()).toHaveLength(2);
    expect((await owner.call('DELETE', `/api/config/pages/${copy.id}`)).json()).toMatchObject({ title: 'Contact (copy)' });
    expect((await pageList()).some((p) => p.id === copy.id)).toBe(false);
    expect(await versions()).toEqual([]);
    expect((await owner.call('DELETE', `/api/config/pages/${copy.id}`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', '/api/config/pages/not-an-id')).statusCode).toBe(404);
  });

  it('orders the pages as listed, and refuses a list that is not the site’s pages', async () => {
    const ids = (await pageList()).map((p) => p.id);
    const reversed = [...ids].reverse();
    expect((await owner.call('PUT', '/api/config/pages/order', { pageIds: reversed })).statusCode).toBe(200);
    expect((await pageList()).map((p) => p.id)).toEqual(reversed);
    const before = await state();
    for (const stale of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), 'aaaaaaaaaaaaaaaaaaaaaaaa']]) {
      const res = await owner.call('PUT', '/api/config/pages/order', { pageIds: stale });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'The list of pages changed since it was loaded (a page was added or deleted). Reload the list and move the page again.',
      });
    }
    expect(await state()).toEqual(before);
    expect((await owner.call('PUT', '/api/config/pages/order', { pageIds: ids })).statusCode).toBe(200);
  });

  it('makes another page home: it answers at /, the old home moves to its own slug, the new home’s old address leads to /', async () => {
    const home = await pageAt('/');
    const about = await pageAt('/about');
    const taken = await owner.call('POST', `/api/config/pages/${about.id}/home`, { oldHomePath: '/contact' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errors: { oldHomePath: 'The URL slug /contact is already used by the page “Contact”. Choose another one.' } });
    const res = await owner.call('POST', `/api/config/pages/${about.id}/home`, { oldHomePath: '/welcome' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: about.id, oldHome: { id: home.id, title: 'Home', path: '/welcome' } });
    await expect.poll(async () => (await visit('/')).body, { timeout: 5000 }).toContain('converted boat shed');
    expect((await visit('/welcome')).statusCode).toBe(200);
    expect((await visit('/about')).headers.location).toBe('/');
    expect(await settingsOf(about.id)).toMatchObject({ isHome: true, path: '/' });
    expect((await owner.call('POST', `/api/config/pages/${about.id}/home`, {})).json()).toMatchObject({ error: 'This page is already the home page.' });
    // Home again, with the old home moving to a slug made from its title.
    const back = await owner.call('POST', `/api/config/pages/${home.id}/home`, {});
    expect(back.json()).toMatchObject({ oldHome: { id: about.id, path: '/about-us' } });
    expect((await visitWhen('/welcome', 301)).headers.location).toBe('/');
  });
});

describe('concurrent and invalid calls', () => {
  it('lets one of two changes racing for one slug have it; the other gets a 409 and writes nothing', async () => {
    const a = (await owner.call('POST', '/api/config/pages', { title: 'Race A' })).json<{ id: string }>();
    const b = (await owner.call('POST', '/api/config/pages', { title: 'Race B' })).json<{ id: string }>();
    const [ra, rb] = await Promise.all([
      owner.call('PUT', `/api/config/pages/${a.id}`, await settingsBody(a.id, { path: '/raced' })),
      demo.editor.call('PUT', `/api/config/pages/${b.id}`, await settingsBody(b.id, { path: '/raced' })),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    expect(await q('SELECT id FROM pages WHERE path = $1', ['/raced'])).toHaveLength(1);
    const adds = await Promise.all([1, 2, 3].map(() => owner.call('POST', '/api/config/pages', { title: 'Same', path: '/same-place' })));
    expect(adds.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await q('SELECT id FROM pages WHERE title = $1', ['Same'])).toHaveLength(1);
  });

  it('answers 400 for malformed bodies and 404 for pages the site does not have, changing nothing', async () => {
    const about = await pageAt('/about-us');
    const before = await state();
    const bad: [string, string, unknown, number][] = [
      ['POST', '/api/config/pages', { title: 'X', extra: true }, 400],
      ['POST', '/api/config/pages', { title: 42 }, 400],
      ['PUT', `/api/config/pages/${about.id}`, { title: 'X' }, 400],
      ['PUT', `/api/config/pages/${about.id}`, { ...(await settingsBody(about.id)), visibility: 'scheduled' }, 400],
      ['PUT', `/api/config/pages/${about.id}`, { ...(await settingsBody(about.id)), access: { type: 'password', password: 'x'.repeat(201) } }, 400],
      ['PUT', '/api/config/pages/aaaaaaaaaaaaaaaaaaaaaaaa', await settingsBody(about.id), 404],
      ['POST', '/api/config/pages/aaaaaaaaaaaaaaaaaaaaaaaa/duplicate', {}, 404],
      ['POST', '/api/config/pages/aaaaaaaaaaaaaaaaaaaaaaaa/home', {}, 404],
      ['PUT', '/api/config/pages/order', { pageIds: 'all' }, 400],
    ];
    for (const [method, url, body, status] of bad) {
      const res = await owner.call(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
    expect(await state()).toEqual(before);
  });

  it('refuses a change without the crumb (403) and from a role that may only read pages', async () => {
    const before = await state();
    expect((await owner.call('POST', '/api/config/pages', { title: 'No crumb' }, { crumb: false })).statusCode).toBe(403);
    expect(await state()).toEqual(before);
  });
});
