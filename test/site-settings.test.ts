/**
 * Site settings (GET and PUT /api/config/site): every setting is answered, with defaults for a
 * site stored before newer settings existed; a change shows on published pages at once (badge,
 * mobile information bar); a setting left out stays as it is; bad input is refused with 400, a
 * message per field, and nothing written; a new identifier moves the site to its new subdomain,
 * and one another site has is refused with 409.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { siteNamed } from './fixtures';
import { signedIn, type Client } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let harbourId: string;

async function importNamed(identifier: string, title: string): Promise<string> {
  const loaded = loadDocument(siteNamed(identifier, title), siteDocumentSchema);
  if (!loaded.ok) throw new Error('fixture invalid');
  return (await writeSiteDocument(database.db, loaded.document)).websiteId;
}

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  harbourId = await importNamed('harbour', 'Harbour Studio');
  await importNamed('taken', 'Taken Already');
  const owner = await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  await setRole(database.db, websiteId, owner, TEAM_ROLES.ADMIN);
  await setRole(database.db, harbourId, owner, TEAM_ROLES.ADMIN);
  const viewer = await createAccount(database.db, 'viewer@example.com', 'viewer-password-1');
  await setRole(database.db, websiteId, viewer, TEAM_ROLES.VIEWER);
  app = await demo.start();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const page = async (url: string, host = 'localhost') => (await app.inject({ method: 'GET', url, headers: { host } })).body;
const owner = () => signedIn(app, 'owner@example.com', 'owner-password-1');

async function stored(id = websiteId) {
  const { rows } = await database.pool.query('SELECT identifier, settings, content_version::int AS content_version FROM websites WHERE id = $1', [id]);
  const activity = await database.pool.query('SELECT count(*)::int AS n FROM activity_log WHERE website_id = $1', [id]);
  return { ...rows[0], activity: activity.rows[0].n };
}

const DEFAULTS = { escapeKeyLogin: false, badgeType: 1, infoBarStyle: 1, contact: {}, developerMode: false, cloneable: false };

describe('site settings', () => {
  it('answers every setting, with defaults for a site stored before the newer ones existed', async () => {
    await database.pool.query(
      `UPDATE websites SET settings = settings - 'escapeKeyLogin' - 'badgeType' - 'infoBarStyle' - 'contact' - 'developerMode' - 'cloneable' WHERE id = $1`,
      [websiteId],
    );
    const old = (await stored()).settings as Record<string, unknown>;
    expect(old).not.toHaveProperty('badgeType');
    const viewer = await signedIn(app, 'viewer@example.com', 'viewer-password-1');
    const res = await viewer.call('GET', '/api/config/site');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ identifier: 'demo', ...old, ...DEFAULTS });
    expect(res.json()).toMatchObject({ title: 'Juniper Ceramics', locale: 'en-US', timeZone: 'Europe/London', websiteType: 1, customDomains: [] });
    // The published pages of such a site show neither badge nor bar.
    const html = await page('/');
    expect(html).not.toContain('site-badge');
    expect(html).not.toContain('info-bar');
  });

  // covers 000-3.57, 000-3.58
  it('saves the badge, the information bar, its contact details and the flags; pages show them at once', async () => {
    const client = await owner();
    const before = await stored();
    const res = await client.call('PUT', '/api/config/site', {
      escapeKeyLogin: true,
      badgeType: 2,
      infoBarStyle: 3,
      contact: { email: 'studio@juniper.example', phone: '+44 (0)1632 960 123', address: '4 Quay Street, Harbourtown' },
      developerMode: true,
      cloneable: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const answered = (await client.call('GET', '/api/config/site')).json();
    expect(answered).toMatchObject({
      escapeKeyLogin: true,
      badgeType: 2,
      infoBarStyle: 3,
      contact: { email: 'studio@juniper.example', phone: '+44 (0)1632 960 123', address: '4 Quay Street, Harbourtown' },
      developerMode: true,
      cloneable: true,
      // Left out of the change: as they were, not reset to the schema's defaults.
      title: 'Juniper Ceramics',
      timeZone: 'Europe/London',
    });
    const after = await stored();
    expect(after.content_version).toBeGreaterThan(before.content_version);
    expect(after.activity).toBe(before.activity + 1);

    await expect.poll(() => page('/about'), { timeout: 5000 }).toContain('site-badge-black');
    const html = await page('/about');
    expect(html).toContain('<a class="site-badge site-badge-black" href="/config/">Made with OpenPress</a>');
    expect(html).toContain('<aside class="info-bar info-bar-dark" aria-label="Contact details">');
    expect(html).toContain(
      '<a href="tel:+4401632960123" aria-label="Call +44 (0)1632 960 123">Call<span class="info-bar-detail"> +44 (0)1632 960 123</span></a>',
    );
    expect(html).toContain(
      '<a href="mailto:studio@juniper.example" aria-label="Email studio@juniper.example">Email<span class="info-bar-detail"> studio@juniper.example</span></a>',
    );
    expect(html).toContain('<address>4 Quay Street, Harbourtown</address>');
  });

  it('keeps what a change leaves out, and empties contact fields sent blank', async () => {
    const client = await owner();
    expect((await client.call('PUT', '/api/config/site', { tagline: 'Stoneware from the quay' })).statusCode).toBe(200);
    expect((await client.call('GET', '/api/config/site')).json()).toMatchObject({
      tagline: 'Stoneware from the quay',
      badgeType: 2,
      infoBarStyle: 3,
      developerMode: true,
    });

    const res = await client.call('PUT', '/api/config/site', { badgeType: 3, infoBarStyle: 2, contact: { email: '', phone: '  ', address: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.call('GET', '/api/config/site')).json()).toMatchObject({ badgeType: 3, infoBarStyle: 2, contact: {} });
    await expect.poll(() => page('/about'), { timeout: 5000 }).toContain('site-badge-white');
    // A light bar with nothing to show is not shown at all.
    expect(await page('/about')).not.toContain('info-bar');
    // A number the link rules refuse (tel: needs 4 digits or more) is shown, but not as a link.
    expect((await client.call('PUT', '/api/config/site', { contact: { phone: '112' } })).statusCode).toBe(200);
    await expect.poll(() => page('/about'), { timeout: 5000 }).toContain('<li><span>Call 112</span></li>');
    const html = await page('/about');
    expect(html.slice(html.indexOf('<div class="site-chrome">'))).not.toContain('tel:');
  });

  it('refuses bad input with 400, a message for each field, and writes nothing', async () => {
    const client = await owner();
    const before = await stored();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ badgeType: 4, infoBarStyle: 0 }, ['badgeType', 'infoBarStyle']],
      [{ contact: { email: 'not an email', phone: 'call me' } }, ['contact.email', 'contact.phone']],
      [{ contact: { fax: '123' } }, ['contact']],
      [{ escapeKeyLogin: 'yes', developerMode: 1, cloneable: null }, ['escapeKeyLogin', 'developerMode', 'cloneable']],
      [{ identifier: 'Not_A_Label' }, ['identifier']],
      [{ identifier: 'x' }, ['identifier']],
      [{ title: '   ' }, ['title']],
      [{ customDomains: ['www.example.com'] }, ['_']],
    ];
    for (const [body, fields] of cases) {
      const res = await client.call('PUT', '/api/config/site', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('Some fields are not valid.');
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual([...fields].sort());
      for (const message of Object.values(res.json().errors as Record<string, string>)) expect(message).not.toMatch(/^Invalid input$/);
    }
    const messages = (await client.call('PUT', '/api/config/site', { badgeType: 9, contact: { email: 'nope' }, identifier: 'x' })).json().errors;
    expect(messages).toEqual({
      badgeType: 'must be 1 (no badge), 2 (black badge) or 3 (white badge)',
      'contact.email': 'must be an email address such as name@example.com',
      identifier: 'must be 2 to 63 characters long',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses an identifier another site has with 409, and changes nothing', async () => {
    const client = await owner();
    const before = await stored();
    const res = await client.call('PUT', '/api/config/site', { identifier: 'taken', title: 'Renamed' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Another site already uses the identifier "taken". Choose another one.');
    expect(res.json().errors).toEqual({ identifier: 'Another site already uses the identifier "taken". Choose another one.' });
    expect(await stored()).toEqual(before);
  });

  it('moves the site to the subdomain of its new identifier, and says where to sign in again', async () => {
    const client: Client = await signedIn(app, 'owner@example.com', 'owner-password-1', 'harbour.sites.test');
    expect(await page('/', 'harbour.sites.test')).toContain('<title>Harbour Studio</title>');
    const same = await client.call('PUT', '/api/config/site', { identifier: 'harbour' });
    expect(same.json()).toEqual({ ok: true });

    const res = await client.call('PUT', '/api/config/site', { identifier: 'harbour-studio' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      address: 'http://harbour-studio.sites.test/',
      configAddress: 'http://harbour-studio.sites.test/config/',
      signInAgain: true,
    });
    expect((await stored(harbourId)).identifier).toBe('harbour-studio');
    await expect.poll(() => page('/', 'harbour-studio.sites.test'), { timeout: 5000 }).toContain('<title>Harbour Studio</title>');
    // The old subdomain names no site now: it gets the default site.
    await expect.poll(() => page('/', 'harbour.sites.test'), { timeout: 5000 }).toContain('<title>Juniper Ceramics</title>');
    const moved = await signedIn(app, 'owner@example.com', 'owner-password-1', 'harbour-studio.sites.test');
    expect((await moved.call('GET', '/api/config/site')).json()).toMatchObject({ identifier: 'harbour-studio', title: 'Harbour Studio' });
    // The identifier it left is free for another site.
    const demoOwner = await owner();
    const free = await demoOwner.call('PUT', '/api/config/site', { identifier: 'harbour' });
    expect(free.statusCode, free.body).toBe(200);
    // Signed in at localhost (the default site's address), the address in use does not change.
    expect(free.json()).toMatchObject({ address: 'http://harbour.sites.test/', signInAgain: false });
    const back = await demoOwner.call('PUT', '/api/config/site', { identifier: 'demo' });
    expect(back.statusCode).toBe(200);
  });
});
