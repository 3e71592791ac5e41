/**
 * A page's published versions over HTTP (Fastify inject against a real PostgreSQL): every publish
 * is listed (the last 50, newest first, with who published), any can be read whole, and restoring
 * one makes it the draft's next version — visitors still see what was published until the next
 * publish. A restore based on a stale version is a conflict and writes nothing; unknown pages and
 * revisions are 404s; a restore is a save by the same rules (a role that may not write forms cannot
 * bring a form's older fields back); section heights made in the editor are kept and published.
 * Roles are in test/config-roles.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { draftConflict, draftState, editorPageAnswer, revisionAnswer, revisionList } from '../src/contracts/editor';
import { BLOCK_TYPES } from '../src/domain/block-types';
import { PAGE_TYPES } from '../src/domain/page-types';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { LISTED_REVISIONS } from '../src/server/modules/content/drafts/page-revisions';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { signedIn, type Client } from './session';

const hex = (n: number) => `4e0100${n.toString(16).padStart(18, '0')}`;
const PAGE = hex(1);
const button = (text: string) => ({
  id: hex(11),
  type: BLOCK_TYPES.BUTTON,
  data: { buttonText: text, clickthroughUrl: '/' },
  layout: { desktop: { x: 0, y: 0, w: 6, h: 2 } },
});
const form = (title: string) => ({
  id: hex(12),
  type: BLOCK_TYPES.FORM,
  data: { formId: hex(13), title, fields: [{ id: 'email', type: 'email', label: 'Your email', required: true }] },
  layout: { desktop: { x: 0, y: 2, w: 12, h: 20 } },
});
const sections = (text: string, height?: string, formTitle = 'Enquiries') => [
  { id: hex(10), theme: 'white', ...(height ? { height } : {}), blocks: [button(text), form(formTitle)] },
];

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let owner: Client;
let editor: Client;
const url = (rest = '') => `/api/config/editor/pages/${PAGE}${rest}`;

beforeAll(async () => {
  database = await freshDatabase();
  const doc = {
    ...siteNamed('revisions', 'Revisions'),
    pages: [{ id: PAGE, pageType: PAGE_TYPES.PAGE, path: '/', title: 'Home', status: 1, sections: sections('Version 1') }],
  } as unknown as SiteDocument;
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  const ownerId = await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  await database.pool.query(`UPDATE accounts SET display_name = 'Ada Owner' WHERE id = $1`, [ownerId]);
  await setRole(database.db, websiteId, ownerId, TEAM_ROLES.ADMIN);
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  await setRole(database.db, websiteId, await createAccount(database.db, 'editor@example.com', 'editor-password-1'), TEAM_ROLES.EDITOR);
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
  editor = await signedIn(app, 'editor@example.com', 'editor-password-1');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function draftVersion(): Promise<number> {
  return editorPageAnswer.parse((await owner.call('GET', url())).json()).draft.version;
}
/** Saves `text` (and a section height, a form title) as the draft and publishes it. */
async function publishText(text: string, height?: string, formTitle?: string) {
  const saved = await owner.call('PUT', url('/draft'), {
    baseVersion: await draftVersion(),
    changeId: `c-${randomBytes(6).toString('hex')}`,
    sections: sections(text, height, formTitle),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const res = await owner.call('POST', url('/publish'), { version: saved.json<{ version: number }>().version });
  expect(res.statusCode, res.body).toBe(200);
}
const visitorHome = async () => (await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } })).body;

describe('revisions', () => {
  it('lists every publish newest first with who made it, reads any whole, and restores one as the next draft without showing it to visitors', async () => {
    await publishText('Version 2');
    await publishText('Version 3', 'large');
    await publishText('Version 4');
    const list = revisionList.parse((await owner.call('GET', url('/revisions'))).json());
    expect(list.revisions.map((r) => r.revision)).toEqual([4, 3, 2, 1]);
    expect(list.live).toBe(4);
    expect(list.revisions[0]!.publishedBy).toBe('Ada Owner');
    // Revision 1 came by import: nobody published it from the editor.
    expect(list.revisions[3]!.publishedBy).toBeNull();

    const third = revisionAnswer.parse((await owner.call('GET', url('/revisions/3'))).json());
    expect(third.sections).toMatchObject([{ height: 'large', blocks: [{ data: { buttonText: 'Version 3' } }, { type: BLOCK_TYPES.FORM }] }]);

    // Three publishes back: revision 1.
    const base = await draftVersion();
    const restored = await owner.call('POST', url('/revisions/1/restore'), { baseVersion: base });
    expect(restored.statusCode, restored.body).toBe(200);
    const draft = draftState.parse(restored.json());
    expect(draft.version).toBe(base + 1);
    expect(draft.savedBy).toBe('Ada Owner');
    expect(draft.sections).toMatchObject([{ blocks: [{ data: { buttonText: 'Version 1' } }, { type: BLOCK_TYPES.FORM }] }]);
    const page = editorPageAnswer.parse((await owner.call('GET', url())).json());
    expect(page.unpublishedChanges).toBe(true);
    expect(page.draft.version).toBe(base + 1);
    // Visitors still see revision 4 (each publish drops cached pages as its notification arrives) until the owner publishes.
    await expect.poll(visitorHome, { timeout: 5000 }).toContain('Version 4');
    const live = await owner.call('POST', url('/publish'), { version: base + 1 });
    expect(live.json()).toMatchObject({ revision: 5 });
    await expect.poll(visitorHome, { timeout: 5000 }).toContain('Version 1');
  });

  it('refuses a restore based on a stale version with the other draft, and changes nothing', async () => {
    const base = await draftVersion();
    const res = await owner.call('POST', url('/revisions/2/restore'), { baseVersion: base - 1 });
    expect(res.statusCode).toBe(409);
    const conflict = draftConflict.parse(res.json());
    expect(conflict.current.version).toBe(base);
    expect(await draftVersion()).toBe(base);
  });

  it('restores by the rules of any save: a role that may not write forms cannot bring back a form’s older fields', async () => {
    await publishText('Version 6', undefined, 'Enquiries, renamed');
    const list = revisionList.parse((await owner.call('GET', url('/revisions'))).json());
    const older = list.revisions.find((r) => r.revision < list.live!)!.revision;
    const base = await draftVersion();
    const refused = await editor.call('POST', url(`/revisions/${older}/restore`), { baseVersion: base });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toContain('the form “Enquiries”');
    expect(await draftVersion()).toBe(base);
    // The owner may: the same restore goes through.
    expect((await owner.call('POST', url(`/revisions/${older}/restore`), { baseVersion: base })).statusCode).toBe(200);
  });

  it('answers 404 for a revision or a page the site does not have, and 400 for a body without a version', async () => {
    expect((await owner.call('GET', url('/revisions/99'))).json()).toEqual({ error: 'This page has no published version with this number.' });
    expect((await owner.call('GET', url('/revisions/0'))).statusCode).toBe(404);
    expect((await owner.call('GET', url('/revisions/abc'))).statusCode).toBe(404);
    expect((await owner.call('POST', url('/revisions/99/restore'), { baseVersion: await draftVersion() })).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/config/editor/pages/${hex(999)}/revisions`)).statusCode).toBe(404);
    const bad = await owner.call('POST', url('/revisions/1/restore'), {});
    expect(bad.statusCode).toBe(400);
  });

  it(`lists at most the last ${LISTED_REVISIONS}`, async () => {
    const websiteId = (await database.pool.query<{ id: string }>('SELECT id FROM websites')).rows[0]!.id;
    await database.pool.query(
      `INSERT INTO page_revisions (website_id, page_id, revision, sections, published_at)
       SELECT $1, $2, n, '[]', now() FROM generate_series(10, 60) AS n`,
      [websiteId, PAGE],
    );
    const list = revisionList.parse((await owner.call('GET', url('/revisions'))).json());
    expect(list.revisions).toHaveLength(LISTED_REVISIONS);
    expect(list.revisions[0]!.revision).toBe(60);
    expect(list.revisions.at(-1)!.revision).toBe(11);
  });
});
