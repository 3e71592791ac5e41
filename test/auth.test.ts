/**
 * Team members signing in and out, the crumb on state-changing calls, sessions ending (logout,
 * idle, removal from the team), failed-login limits, and the team rules (last ADMIN).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { demoDocument, siteNamed } from './fixtures';
import { client, signedIn } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(demoDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error('demo invalid');
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  for (const [name, role] of [
    ['owner', TEAM_ROLES.ADMIN],
    ['editor', TEAM_ROLES.EDITOR],
    ['leaver', TEAM_ROLES.EDITOR],
  ] as const) {
    ids[name] = await createAccount(database.db, `${name}@example.com`, `${name}-password-1`);
    await setRole(database.db, websiteId, ids[name]!, role);
  }
  ids.outsider = await createAccount(database.db, 'outsider@example.com', 'outsider-password-1');
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('signing in', () => {
  it('answers 401 with one message for a wrong password and for an unknown account, and sets no session', async () => {
    const c = await client(app);
    for (const body of [
      { email: 'owner@example.com', password: 'wrong' },
      { email: 'nobody@example.com', password: 'x' },
    ]) {
      const res = await c.call('POST', '/api/auth/Login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Email or password is incorrect.' });
      expect(c.cookies.has('op_session')).toBe(false);
    }
  });

  it('refuses malformed input with 400 and a message per field', async () => {
    const c = await client(app);
    const res = await c.call('POST', '/api/auth/Login', { email: 1 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  // covers 000-3.65, 000-3.67
  it('signs in with a new HttpOnly session cookie and sets ss_lastid with the site identifier on path /', async () => {
    const c = await client(app);
    const res = await c.call('POST', '/api/auth/Login', { email: 'Owner@Example.com', password: 'owner-password-1' });
    expect(res.statusCode).toBe(200);
    const session = (res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[]).find((x) => x.name === 'op_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const lastId = (res.cookies as { name: string; value: string; path?: string }[]).find((x) => x.name === 'ss_lastid');
    expect(lastId?.path).toBe('/');
    expect(JSON.parse(Buffer.from(lastId!.value, 'base64').toString('utf8'))).toMatchObject({ identifier: 'demo' });
    const onAppDomain = await client(app, 'demo.sites.test');
    const signedOnAppDomain = await onAppDomain.call('POST', '/api/auth/Login', { email: 'owner@example.com', password: 'owner-password-1' });
    // covers 000-3.66
    expect((signedOnAppDomain.cookies as { name: string; domain?: string }[]).find((x) => x.name === 'ss_lastid')?.domain).toBe('sites.test');
    const me = await c.call('GET', '/api/auth/Me');
    expect(me.json()).toMatchObject({ account: { email: 'owner@example.com' }, role: 1, roleName: 'ADMIN' });
    expect(me.json().areas).toContain('team');

    const before = c.cookies.get('op_session');
    await c.call('POST', '/api/auth/Login', { email: 'owner@example.com', password: 'owner-password-1' });
    expect(c.cookies.get('op_session')).not.toBe(before);
  });

  // covers 000-3.68
  it('logs out: the session ends and ss_lastid is expired', async () => {
    const c = await signedIn(app, 'owner@example.com', 'owner-password-1');
    const session = c.cookies.get('op_session')!;
    const res = await c.call('POST', '/api/auth/Logout');
    expect(res.statusCode).toBe(200);
    const expired = (res.cookies as { name: string; maxAge?: number }[]).filter((x) => x.maxAge === 0).map((x) => x.name);
    expect(expired).toEqual(expect.arrayContaining(['op_session', 'ss_lastid']));
    const again = await app.inject({ method: 'GET', url: '/api/auth/Me', headers: { host: 'localhost', cookie: `op_session=${session}` } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'Sign in to continue.', loginRequired: true });
  });

  it('ends a session that has been idle for 12 hours', async () => {
    const c = await signedIn(app, 'editor@example.com', 'editor-password-1');
    await database.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '13 hours' WHERE account_id = $1`, [ids.editor]);
    expect((await c.call('GET', '/api/auth/Me')).statusCode).toBe(401);
  });

  it('limits failed sign-ins per account: the 11th try in 15 minutes answers 429, even with the right password', async () => {
    const c = await client(app);
    for (let i = 0; i < 10; i++) expect((await c.call('POST', '/api/auth/Login', { email: 'editor@example.com', password: `no-${i}` })).statusCode).toBe(401);
    const limited = await c.call('POST', '/api/auth/Login', { email: 'editor@example.com', password: 'editor-password-1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    const { rows } = await database.pool.query<{ key: string }>('SELECT key FROM rate_limits');
    for (const r of rows) expect(r.key).not.toContain('127.0.0.1');
    await database.pool.query('DELETE FROM rate_limits');
  });
});

describe('the crumb', () => {
  // covers 000-3.63
  it('is set for every visitor and required on state-changing calls: 403 with crumbFail and a new crumb', async () => {
    const c = await signedIn(app, 'owner@example.com', 'owner-password-1');
    const before = (await database.pool.query('SELECT settings FROM websites')).rows;
    const missing = await c.call('PUT', '/api/config/site', { title: 'Forged' }, { crumb: false });
    expect(missing.statusCode).toBe(403);
    const body = missing.json();
    expect(body.crumbFail).toBe(true);
    expect(typeof body.crumb).toBe('string');
    expect(c.cookies.get('crumb')).toBe(body.crumb);
    expect((await database.pool.query('SELECT settings FROM websites')).rows).toEqual(before);
    const forged = await app.inject({
      method: 'PUT',
      url: '/api/config/site',
      headers: { host: 'localhost', cookie: `op_session=${c.cookies.get('op_session')}; crumb=abc.def`, 'x-csrf-token': 'abc.def' },
      payload: { title: 'Forged' },
    });
    expect(forged.statusCode).toBe(403);
    const ok = await c.call('PUT', '/api/config/site', { title: 'Juniper Ceramics' });
    expect(ok.statusCode).toBe(200);
    const viaQuery = await app.inject({
      method: 'PUT',
      url: `/api/config/site?crumb=${encodeURIComponent(c.cookies.get('crumb')!)}`,
      headers: { host: 'localhost', cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payload: { title: 'Juniper Ceramics' },
    });
    expect(viaQuery.statusCode).toBe(200);
  });
});

describe('the team', () => {
  it('a member removed while signed in loses access at the next request', async () => {
    const leaver = await signedIn(app, 'leaver@example.com', 'leaver-password-1');
    expect((await leaver.call('GET', '/api/config/pages')).statusCode).toBe(200);
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    expect((await owner.call('DELETE', `/api/config/team/${ids.leaver}`)).statusCode).toBe(200);
    const after = await leaver.call('GET', '/api/config/pages');
    expect(after.statusCode).toBe(403);
    expect(after.json().authorizationFail).toBe(true);
  });

  it('refuses to remove or demote the last ADMIN, and logs changes for ADMINs', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    const demote = await owner.call('PUT', `/api/config/team/${ids.owner}`, { role: TEAM_ROLES.EDITOR });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe('The last administrator cannot be given another role. Make someone else an administrator first.');
    const remove = await owner.call('DELETE', `/api/config/team/${ids.owner}`);
    expect(remove.statusCode).toBe(409);
    expect((await owner.call('PUT', `/api/config/team/${ids.editor}`, { role: TEAM_ROLES.ADMIN })).statusCode).toBe(200);
    expect((await owner.call('PUT', `/api/config/team/${ids.owner}`, { role: TEAM_ROLES.EDITOR })).statusCode).toBe(200);
    const editor = await signedIn(app, 'editor@example.com', 'editor-password-1');
    const log = await editor.call('GET', '/api/config/activity');
    expect(log.json().entries.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['team.role_changed', 'team.member_removed']));
    expect((await editor.call('PUT', `/api/config/team/${ids.owner}`, { role: TEAM_ROLES.ADMIN })).statusCode).toBe(200);
  });

  it('an account that is not on the team is refused every config call', async () => {
    const outsider = await signedIn(app, 'outsider@example.com', 'outsider-password-1');
    const res = await outsider.call('GET', '/api/config/site');
    expect(res.statusCode).toBe(403);
  });

  it('lists every site an account is on the team of, with its config address, for the site picker', async () => {
    const second = loadDocument(siteNamed('pottery-school', 'Pottery School'), siteDocumentSchema);
    if (!second.ok) throw new Error('second site invalid');
    const secondId = (await writeSiteDocument(database.db, second.document)).websiteId;
    await setRole(database.db, secondId, ids.outsider!, TEAM_ROLES.EDITOR);
    const outsider = await signedIn(app, 'outsider@example.com', 'outsider-password-1');
    const me = (await outsider.call('GET', '/api/auth/Me')).json();
    expect(me.role).toBeNull();
    expect(me.sites).toEqual([
      { identifier: 'pottery-school', title: 'Pottery School', role: 4, roleName: 'EDITOR', configUrl: 'http://pottery-school.sites.test/config/' },
    ]);
    // The address is the site's own (PUBLIC_URL's scheme and port, here none), never the request's port.
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1', 'demo.sites.test:8080');
    expect((await owner.call('GET', '/api/auth/Me')).json().sites).toEqual([
      { identifier: 'demo', title: 'Juniper Ceramics', role: 1, roleName: 'ADMIN', configUrl: 'http://demo.sites.test/config/' },
    ]);
  });

  it('an ADMIN hands the site over in one step and takes the role they chose', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    const self = await owner.call('POST', `/api/config/team/${ids.owner}/transfer-ownership`, {});
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe('Choose another member of the team to hand the site to.');
    expect((await owner.call('POST', `/api/config/team/${ids.outsider}/transfer-ownership`, {})).statusCode).toBe(404);
    const res = await owner.call('POST', `/api/config/team/${ids.editor}/transfer-ownership`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await owner.call('GET', '/api/auth/Me')).json().roleName).toBe('WEBSITE_MANAGER');
    expect((await owner.call('POST', `/api/config/team/${ids.editor}/transfer-ownership`, {})).statusCode).toBe(403);
    const editor = await signedIn(app, 'editor@example.com', 'editor-password-1');
    expect((await editor.call('GET', '/api/auth/Me')).json().roleName).toBe('ADMIN');
    const log = (await editor.call('GET', '/api/config/activity')).json();
    expect(log.entries[0]).toMatchObject({ action: 'team.ownership_transferred', email: 'owner@example.com' });
    // And back: the editor hands the site to the owner and returns to EDITOR.
    expect((await editor.call('POST', `/api/config/team/${ids.owner}/transfer-ownership`, { yourNewRole: TEAM_ROLES.EDITOR })).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/auth/Me')).json().roleName).toBe('ADMIN');
    expect((await editor.call('GET', '/api/auth/Me')).json().roleName).toBe('EDITOR');
  });
});
