/**
 * New sites over HTTP (Fastify inject against a real PostgreSQL): a signed-in account creates a
 * blank site or a copy of the demo, becomes its owner (ADMIN), finds it in the site picker and
 * signs in at its own address; who may is the operator's choice (SITE_CREATION); identifiers are
 * checked, unique (409 naming the identifier) and not reserved,
 * racing creations make one site, and refused calls write nothing. A fresh install may start from
 * the blank site (`--blank`, START_WITH=blank).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meAnswer } from '../src/contracts/auth';
import { newSiteAnswer } from '../src/contracts/pages';
import { TEAM_ROLES } from '../src/domain/roles';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { loadClientAssets } from '../src/server/render/assets';
import type { SiteLimits } from '../src/server/modules/sites/site-limits';
import { BLANK_SITE, importBlankIfEmpty } from '../src/server/demo';
import { createAccount } from '../src/server/modules/accounts/accounts';
import { exportSite } from '../src/server/modules/content/sites/sites';
import { findWebsiteByIdentifier } from '../src/server/modules/sites/site-rows';
import { freshDatabase } from './db';
import { demoWithTeam, type TeamDemo } from './demo-app';
import { demoDocument } from './fixtures';
import { client, signedIn, type Client } from './session';

let demo: TeamDemo;
let app: FastifyInstance;
let owner: Client;

beforeAll(async () => {
  demo = await demoWithTeam();
  app = demo.app;
  owner = demo.owner;
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await demo.database.pool.query(text, values)).rows as T[];
const siteCount = async () => Number((await q<{ n: string }>('SELECT count(*)::text AS n FROM websites'))[0]!.n);
const create = (body: unknown, as: Client = owner) => as.call('POST', '/api/auth/Sites', body);
const others: FastifyInstance[] = [];
afterAll(async () => {
  for (const other of others) await other.close();
});
/** Another app server on the same database, with other settings (SITE_CREATION, ALLOW_PUNYCODE_IDENTIFIERS). */
async function appWith(siteLimits: Partial<SiteLimits>): Promise<FastifyInstance> {
  const other = await buildApp({ database: demo.database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true, siteLimits });
  others.push(other);
  return other;
}

describe('creating a site', () => {
  it('creates a blank site owned by the account: a home page with a heading and text, listed in the picker, signed in to at its own address', async () => {
    const res = await create({ title: 'Harbour Bakery', identifier: 'harbour-bakery', template: 'blank' });
    expect(res.statusCode, res.body).toBe(200);
    const made = newSiteAnswer.parse(res.json());
    expect(made).toMatchObject({ identifier: 'harbour-bakery', title: 'Harbour Bakery' });
    expect(made.configUrl).toMatch(/^http:\/\/harbour-bakery\.sites\.test(:\d+)?\/config\/$/);
    const site = (await findWebsiteByIdentifier(demo.database.db, 'harbour-bakery'))!;
    const doc = (await exportSite(demo.database.db, site.id))!;
    expect(doc.settings).toMatchObject({ identifier: 'harbour-bakery', title: 'Harbour Bakery', customDomains: [] });
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]).toMatchObject({ path: '/', title: 'Home', status: 1 });
    expect(doc.pages[0]!.sections).toHaveLength(1);
    expect(JSON.stringify(doc.pages[0]!.sections)).toContain('A heading for this section');
    expect({ nav: doc.navigation, collections: doc.collections, redirects: doc.redirects, files: doc.files }).toEqual({
      nav: [],
      collections: [],
      redirects: [],
      files: [],
    });
    expect(await q('SELECT role FROM website_members WHERE website_id = $1', [site.id])).toEqual([{ role: TEAM_ROLES.ADMIN }]);
    expect(await q('SELECT action FROM activity_log WHERE website_id = $1', [site.id])).toEqual([{ action: 'site.created' }]);
    // The picker (Me's sites) lists it with the address of its config area.
    const me = meAnswer.parse((await owner.call('GET', '/api/auth/Me')).json());
    expect(me.sites).toContainEqual({ identifier: 'harbour-bakery', title: 'Harbour Bakery', role: 1, roleName: 'ADMIN', configUrl: made.configUrl });
    // Sessions are per host: the owner signs in at the new site's address with the same account, as ADMIN there.
    const there = await signedIn(app, 'owner@example.com', 'owner-password-1', 'harbour-bakery.sites.test');
    expect(meAnswer.parse((await there.call('GET', '/api/auth/Me')).json())).toMatchObject({ role: TEAM_ROLES.ADMIN, site: { identifier: 'harbour-bakery' } });
    const visitor = await client(app, 'harbour-bakery.sites.test');
    expect((await visitor.call('GET', '/')).body).toContain('A heading for this section');
  });

  it('creates a site from the Shop template (the demo without its site guide) under the new identifier and title, without custom domains', async () => {
    const res = await create({ title: 'Second Studio', identifier: 'second-studio', template: 'demo' });
    expect(res.statusCode, res.body).toBe(200);
    const site = (await findWebsiteByIdentifier(demo.database.db, 'second-studio'))!;
    const doc = (await exportSite(demo.database.db, site.id))!;
    expect(doc.settings).toMatchObject({ identifier: 'second-studio', title: 'Second Studio', customDomains: [] });
    expect(doc.pages.map((p) => p.path)).toEqual(demoDocument().pages.flatMap((p) => (p.path?.startsWith('/blocks') ? [] : [p.path])));
    expect(doc.files.map((f) => f.name)).toEqual(demoDocument().files.map((f) => f.name));
    // The copy's contact form has the built-in captcha, as the demo does.
    expect(await q('SELECT provider FROM site_captcha WHERE website_id = $1', [site.id])).toEqual([{ provider: 'altcha' }]);
  });

  it('refuses a taken identifier with 409 naming it, and bad identifiers and titles with 400, creating nothing', async () => {
    const before = await siteCount();
    const taken = await create({ title: 'Another', identifier: 'demo' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: 'Another site already uses the identifier “demo”. Choose another one.',
      errors: { identifier: 'Another site already uses the identifier “demo”. Choose another one.' },
    });
    const identifierMessage = 'An identifier is 2 to 63 lowercase letters, digits and inner hyphens, such as my-studio: it becomes the site’s address.';
    for (const identifier of ['a', 'my studio', '-edge', 'edge-', 'x'.repeat(64), 'ünï']) {
      const res = await create({ title: 'T', identifier });
      expect(res.statusCode, identifier).toBe(400);
      expect(res.json()).toMatchObject({ errors: { identifier: identifierMessage } });
    }
    expect((await create({ title: '   ', identifier: 'no-title' })).json()).toMatchObject({ errors: { title: 'Give the site a title.' } });
    expect((await create({ title: 'T', identifier: 'x1', template: 'shop' })).statusCode).toBe(400);
    expect((await create({ title: 'T', identifier: 'x2', extra: 1 })).statusCode).toBe(400);
    expect(await siteCount()).toBe(before);
  });

  it('takes an identifier typed in capitals as lowercase', async () => {
    const res = await create({ title: 'Caps', identifier: 'Caps-Site' });
    expect(res.json()).toMatchObject({ identifier: 'caps-site' });
  });

  it('asks for a signed-in account and the crumb', async () => {
    const before = await siteCount();
    const anonymous = await client(app);
    const res = await create({ title: 'Nobody', identifier: 'nobody' }, anonymous);
    expect(res.statusCode).toBe(401);
    expect((await owner.call('POST', '/api/auth/Sites', { title: 'Forged', identifier: 'forged' }, { crumb: false })).statusCode).toBe(403);
    expect(await siteCount()).toBe(before);
  });

  it('is a right the operator grants: by default an ADMIN of some site, not an account whose only role is NONE or EDITOR', async () => {
    const before = await siteCount();
    const adminsOnly =
      'On this server, new sites are created by the owners (ADMIN) of a site. Ask one of them to create it, or to make you an ADMIN of theirs.';
    await createAccount(demo.database.db, 'newcomer@example.com', 'newcomer-password-1');
    const newcomer = await signedIn(app, 'newcomer@example.com', 'newcomer-password-1');
    const none = await create({ title: 'Newcomer', identifier: 'newcomer' }, newcomer);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ error: adminsOnly });
    expect(meAnswer.parse((await newcomer.call('GET', '/api/auth/Me')).json()).siteCreation).toEqual({ allowed: false, by: 'admins' });
    expect((await create({ title: 'Editor’s', identifier: 'editors' }, demo.editor)).statusCode).toBe(403);
    expect(meAnswer.parse((await owner.call('GET', '/api/auth/Me')).json()).siteCreation).toEqual({ allowed: true, by: 'admins' });
    expect(await siteCount()).toBe(before);

    // SITE_CREATION=anyone lets the newcomer create one (and own it); =operator leaves it to the command line, even for an ADMIN.
    const open = await appWith({ siteCreation: 'anyone' });
    const newcomerThere = await signedIn(open, 'newcomer@example.com', 'newcomer-password-1');
    expect((await create({ title: 'Newcomer', identifier: 'newcomer' }, newcomerThere)).statusCode).toBe(200);
    const site = (await findWebsiteByIdentifier(demo.database.db, 'newcomer'))!;
    expect(await q('SELECT a.email FROM website_members m JOIN accounts a ON a.id = m.account_id WHERE m.website_id = $1', [site.id])).toEqual([
      { email: 'newcomer@example.com' },
    ]);
    const closed = await appWith({ siteCreation: 'operator' });
    const ownerThere = await signedIn(closed, 'owner@example.com', 'owner-password-1');
    const refused = await create({ title: 'Owner’s second', identifier: 'owners-second' }, ownerThere);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'On this server, new sites are created by its operator. Ask them for one.' });
    expect(meAnswer.parse((await ownerThere.call('GET', '/api/auth/Me')).json()).siteCreation).toEqual({ allowed: false, by: 'operator' });
  });

  it('refuses reserved identifiers, APP_DOMAIN’s labels and punycode (unless allowed), for a new site and a renamed one', async () => {
    const before = await siteCount();
    for (const identifier of ['www', 'api', 'admin', 'mail', 'config', 'assets', 'localhost', 'sites']) {
      const res = await create({ title: 'T', identifier });
      expect(res.statusCode, identifier).toBe(400);
      const message = `The identifier “${identifier}” is kept for the server’s own addresses. Choose another one.`;
      expect(res.json(), identifier).toEqual({ error: message, errors: { identifier: message } });
    }
    const punycode = await create({ title: 'Apple', identifier: 'xn--pple-43d' });
    expect(punycode.statusCode).toBe(400);
    expect(punycode.json().errors.identifier).toBe(
      'An identifier may not begin with xn--: a browser shows such an address in other letters, so it can pass for another site’s. Choose another one.',
    );
    const renamed = await owner.call('PUT', '/api/config/site', { identifier: 'admin' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.identifier).toBe('The identifier “admin” is kept for the server’s own addresses. Choose another one.');
    expect(await siteCount()).toBe(before);
    expect((await findWebsiteByIdentifier(demo.database.db, 'demo'))?.identifier).toBe('demo');
    // ALLOW_PUNYCODE_IDENTIFIERS=true lets one through.
    const allowing = await appWith({ allowPunycode: true });
    const ownerThere = await signedIn(allowing, 'owner@example.com', 'owner-password-1');
    expect((await create({ title: 'Apple', identifier: 'xn--pple-43d' }, ownerThere)).statusCode).toBe(200);
  });

  it('makes one site of two creations racing for one identifier: the other gets the 409', async () => {
    const before = await siteCount();
    const answers = await Promise.all([create({ title: 'Race one', identifier: 'race' }), create({ title: 'Race two', identifier: 'race', template: 'demo' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await siteCount()).toBe(before + 1);
    const site = (await findWebsiteByIdentifier(demo.database.db, 'race'))!;
    expect(await q('SELECT role FROM website_members WHERE website_id = $1', [site.id])).toEqual([{ role: TEAM_ROLES.ADMIN }]);
  });
});

describe('a fresh install from a blank site', () => {
  it('reads --blank, --template and START_WITH, demo being the default', () => {
    expect(readConfig({}).startWith).toBe('demo');
    expect(readConfig({}, ['--blank']).startWith).toBe('blank');
    expect(readConfig({ START_WITH: 'blank' }).startWith).toBe('blank');
    expect(readConfig({ START_WITH: 'blank' }, ['--template', 'demo']).startWith).toBe('demo');
    expect(() => readConfig({ START_WITH: 'shop' })).toThrow('START_WITH (or --template) must be one of blank, demo');
    expect(() => readConfig({}, ['--template'])).toThrow("--template needs a template's name: blank, demo");
  });

  it('imports the blank site as the default site on an empty database, and nothing once there is a site', async () => {
    const database = await freshDatabase();
    try {
      const id = await importBlankIfEmpty(database.db);
      expect(id).toBeTruthy();
      const doc = (await exportSite(database.db, id!))!;
      expect(doc.settings).toMatchObject({ identifier: BLANK_SITE.identifier, title: BLANK_SITE.title });
      expect(doc.pages.map((p) => p.path)).toEqual(['/']);
      expect((await database.pool.query('SELECT is_default FROM websites')).rows).toEqual([{ is_default: true }]);
      expect(await importBlankIfEmpty(database.db)).toBeUndefined();
    } finally {
      await database.drop();
    }
  });
});
