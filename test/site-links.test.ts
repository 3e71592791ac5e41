/**
 * Links a site holds follow the link rules (seed 000 §5) wherever they come in: the config calls
 * that save them (header and footer, a form's settings) and the config area's import answer 400
 * naming each bad link's path and what is wrong, and store nothing. A link stored before the rules
 * (written here straight into the database) never reaches a page as an href: it shows as text,
 * a redirect to it does not happen, and the editor and the site's forms still work.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPublishedForm } from '../src/server/modules/forms/forms';
import type { freshDatabase } from './db';
import { demoWithTeam } from './demo-app';
import { demoDocument } from './fixtures';
import type { Client } from './session';

const FORM_ID = 'c0a7ac7f0000000000000001';
const DATA_LINK = 'data:text/html,<script>alert(1)</script>';
/** An href a browser would run or open as a document: what no published page may carry. */
const UNSAFE_HREF = /href="\s*(?:javascript|data|vbscript):/i;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;
let editor: Client;

beforeAll(async () => {
  ({ database, websiteId, app, owner, editor } = await demoWithTeam());
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
const stored = async () => (await database.pool.query('SELECT header, footer, navigation FROM websites WHERE id = $1', [websiteId])).rows[0];

describe('saving links', () => {
  // covers 000-5.34, 000-5.40, 000-5.43
  it('refuses header and footer links a page may not carry with 400 naming the path and what is wrong, and stores nothing', async () => {
    const before = await stored();
    const current = (await editor.call('GET', '/api/site-header-footer')).json();
    const attempts: [unknown, string, string][] = [
      [
        { ...current, footer: { ...current.footer, links: [{ title: 'Open', href: DATA_LINK }] } },
        'footer.links.0.href',
        'is a data: link, which a published page never carries',
      ],
      [
        { ...current, footer: { ...current.footer, links: [...current.footer.links, { title: 'Run', href: 'javascript:alert(1)' }] } },
        'footer.links.5.href',
        'is a javascript: link',
      ],
      [
        { ...current, header: { ...current.header, button: { text: 'Call', href: 'tel:12' } } },
        'header.button.href',
        'is a tel: link with fewer than 4 digits',
      ],
      [{ ...current, header: { ...current.header, button: { text: 'Go', href: 'http:example.com' } } }, 'header.button.href', 'is not a link a page can use'],
    ];
    for (const [body, path, wrong] of attempts) {
      const res = await editor.call('PUT', '/api/site-header-footer', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[path], res.body).toContain(wrong);
    }
    expect(await stored()).toEqual(before);
    expect(
      (
        await editor.call('PUT', '/api/site-header-footer', {
          ...current,
          footer: { ...current.footer, links: [{ title: 'Write', href: 'mailto:hello@juniper.example' }] },
        })
      ).statusCode,
    ).toBe(200);
  });

  // covers 000-5.34, 000-5.40
  it('refuses a form whose success redirect or owner HTML holds such a link', async () => {
    const form = (await owner.call('GET', `/api/config/forms/${FORM_ID}`)).json().form;
    const redirect = await owner.call('PUT', `/api/config/forms/${FORM_ID}`, {
      fields: form.fields,
      settings: { ...form.settings, redirectUrl: 'javascript:alert(1)' },
    });
    expect(redirect.statusCode).toBe(400);
    expect(redirect.json().errors['settings.redirectUrl']).toContain('is a javascript: link');
    const html = await owner.call('PUT', `/api/config/forms/${FORM_ID}`, {
      fields: form.fields,
      settings: { ...form.settings, disclaimerHtml: '<p>Read <a href="/privacy">this</a> and <a href="JAVASCRIPT:alert(1)">that</a>.</p>' },
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().errors['settings.disclaimerHtml']).toMatch(/^link 2, "JAVASCRIPT:alert\(1\)", is a javascript: link/);
  });
});

describe('importing links', () => {
  // covers 000-5.34, 000-5.40
  it('refuses a document with links a page may not carry whole, with every one’s path', async () => {
    const doc = demoDocument();
    doc.footer.links[0]!.href = 'javascript:alert(1)';
    doc.redirects[0]!.to = DATA_LINK;
    (doc.pages[0]!.sections[0]!.blocks[1]!.data as { clickthroughUrl: string }).clickthroughUrl = 'vbscript:msgbox(1)';
    const before = await stored();
    const res = await owner.call('POST', '/api/config/import', doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This is not a valid site document; nothing was imported.');
    expect(res.json().documentErrors.map((e: { path: string }) => e.path)).toEqual([
      '$.footer.links[0].href',
      '$.pages[0].sections[0].blocks[1].data.clickthroughUrl',
      '$.redirects[0].to',
    ]);
    expect(await stored()).toEqual(before);
  });
});

describe('links stored before the rules', () => {
  beforeAll(async () => {
    // What an older server let an editor save, written as it would have been stored.
    await database.pool.query(
      `UPDATE websites SET
         footer = jsonb_build_object('showNavigation', true, 'links', jsonb_build_array(
           jsonb_build_object('title', 'Evil footer link', 'href', 'javascript:alert(1)', 'newWindow', false),
           jsonb_build_object('title', 'Data footer link', 'href', $2::text, 'newWindow', false))),
         navigation = navigation || jsonb_build_array(jsonb_build_object('title', 'Evil menu link', 'href', ' java\tscript:alert(1)', 'newWindow', false)),
         header = jsonb_build_object('layout', 'left', 'showTagline', false, 'button', jsonb_build_object('text', 'Evil button', 'href', 'javascript:alert(1)')),
         content_version = content_version + 1
       WHERE id = $1`,
      [websiteId, DATA_LINK],
    );
    const home = (await database.pool.query(`SELECT sections FROM pages WHERE website_id = $1 AND path = '/'`, [websiteId])).rows[0].sections;
    home[0].blocks[1].data.clickthroughUrl = 'javascript:alert(1)';
    home[0].blocks[3].data.link = DATA_LINK;
    await database.pool.query(`UPDATE pages SET sections = $2 WHERE website_id = $1 AND path = '/'`, [websiteId, JSON.stringify(home)]);
    const forms = (await database.pool.query(`SELECT sections FROM pages WHERE website_id = $1 AND path = '/blocks/forms'`, [websiteId])).rows[0].sections;
    forms[0].blocks[1].data.settings.redirectUrl = 'javascript:alert(1)';
    forms[0].blocks[1].data.settings.disclaimerHtml = '<p><a href="javascript:alert(1)">Terms</a></p>';
    await database.pool.query(`UPDATE pages SET sections = $2 WHERE website_id = $1 AND path = '/blocks/forms'`, [websiteId, JSON.stringify(forms)]);
    await database.pool.query(`UPDATE redirects SET to_url = 'javascript:alert(1)' WHERE website_id = $1 AND from_path = '/home'`, [websiteId]);
    await database.pool.query(`SELECT pg_notify('site_changed', $1)`, [websiteId]);
  });

  it('renders them without an href, their titles as text', async () => {
    await expect.poll(async () => (await get('/')).body, { timeout: 5000 }).toContain('Evil footer link');
    for (const path of ['/', '/blocks/forms', '/about', '/no-such-page']) {
      const res = await get(path);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.body, path).not.toMatch(UNSAFE_HREF);
      expect(res.body, path).not.toContain('data:text/html');
    }
    const home = (await get('/')).body;
    expect(home).toMatch(/<nav aria-label="Footer">.*<li><span>Evil footer link<\/span><\/li><li><span>Data footer link<\/span><\/li>/s);
    expect(home).toContain('<li><span>Evil menu link</span></li>');
    expect(home).not.toContain('Evil button');
    expect((await get('/blocks/forms')).body).not.toContain('data-redirect');
  });

  it('does not redirect to them', async () => {
    const res = await get('/home');
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('still opens in the editor and the export, and the form still takes submissions', async () => {
    const res = await editor.call('GET', '/api/site-header-footer');
    expect(res.statusCode).toBe(200);
    expect(res.json().footer.links[0]).toEqual({ title: 'Evil footer link', href: 'javascript:alert(1)', newWindow: false });
    expect((await owner.call('GET', `/api/config/forms/${FORM_ID}`)).json().form.settings.redirectUrl).toBe('javascript:alert(1)');
    expect((await owner.call('GET', '/api/config/export')).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/config/export/document')).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/config/site')).statusCode).toBe(200);
    expect(await findPublishedForm(database.db, websiteId, FORM_ID)).toBeDefined();
    // Saving it back asks for the link mended.
    const saved = await editor.call('PUT', '/api/site-header-footer', res.json());
    expect(saved.statusCode).toBe(400);
    expect(Object.keys(saved.json().errors)).toEqual(['header.button.href', 'footer.links.0.href', 'footer.links.1.href']);
  });
});
