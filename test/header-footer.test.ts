/**
 * The site header and footer (seed 001 §3, §7): GET and PUT /api/site-header-footer carry
 * `header` and `footer`, a change shows on every published page at once, bad input is refused
 * with 400 and changes nothing, and they travel with the site document.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { exportSite } from '../src/server/modules/content/sites/sites';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { signedIn } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  const editor = await createAccount(database.db, 'editor@example.com', 'editor-password-1');
  await setRole(database.db, websiteId, editor, TEAM_ROLES.EDITOR);
  app = await demo.start();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const page = async (url: string) => (await app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).body;

describe('header and footer', () => {
  // covers 001-1.14, 001-3.77, 001-7.35, 001-7.36
  it('answers the header and footer, and a change shows on every page', async () => {
    const editor = await signedIn(app, 'editor@example.com', 'editor-password-1');
    const current = (await editor.call('GET', '/api/site-header-footer')).json();
    expect(current).toEqual({
      header: { layout: 'left', showTagline: false, button: { text: 'Visit us', href: '/about' } },
      footer: {
        showNavigation: false,
        links: [
          { title: 'Site guide', href: '/blocks', newWindow: false },
          { title: 'Studio notes', href: '/members', newWindow: false },
          { title: 'Wholesale', href: '/wholesale', newWindow: false },
          { title: 'Your account', href: '/account', newWindow: false },
          { title: 'Sitemap', href: '/sitemap.xml', newWindow: false },
        ],
      },
    });
    expect(await page('/')).toContain('<a class="button button-primary button-small header-button" href="/about">Visit us</a>');

    const put = await editor.call('PUT', '/api/site-header-footer', {
      header: { layout: 'center', showTagline: true },
      footer: { showNavigation: true, links: [{ title: 'Press', href: '/about', newWindow: false }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    await expect.poll(() => page('/journal'), { timeout: 5000 }).toContain('<header class="site-header header-center">');
    const html = await page('/journal');
    expect(html).toContain('<p class="header-tagline">Hand-thrown stoneware from the harbour</p>');
    expect(html).not.toContain('header-button');
    expect(html).toMatch(/<nav aria-label="Footer">.*>Home<.*>Press</);
    const exported = await exportSite(database.db, websiteId);
    expect(exported?.header).toEqual({ layout: 'center', showTagline: true });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const editor = await signedIn(app, 'editor@example.com', 'editor-password-1');
    const before = (await editor.call('GET', '/api/site-header-footer')).json();
    const res = await editor.call('PUT', '/api/site-header-footer', { header: { layout: 'diagonal' }, footer: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['header.layout']);
    expect((await editor.call('GET', '/api/site-header-footer')).json()).toEqual(before);
  });
});
