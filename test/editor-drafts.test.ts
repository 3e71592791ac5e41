/**
 * The visual editor's drafts and publishing over HTTP (Fastify inject against a real PostgreSQL):
 * every save goes to the page's draft, checked against the version it was based on (a stale base
 * is a 409 with the other save, a retried change id the same 200); visitors see only what was
 * published, and a draft save neither notifies `site_changed` nor drops a cached page; publishing
 * does both and makes a revision. The document's rules (the 60-block limit, sanitised owner HTML,
 * ids) and the forms rule (an EDITOR places and moves forms but does not change them) hold on every
 * save. The site is made by import and changed through the API only; its blocks are of kinds other
 * than text.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefaults } from '../src/blocks/form/defaults';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { draftConflict, draftDiscarded, draftSaved, editorPageAnswer, published, type EditorPage } from '../src/contracts/editor';
import { BLOCK_TYPES } from '../src/domain/block-types';
import { PAGE_TYPES } from '../src/domain/page-types';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { listenForSiteChanges, type SiteChangeListener } from '../src/server/modules/sites/site-changes';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { demoStore, siteNamed } from './fixtures';
import { signedIn, type Client } from './session';

const hex = (n: number) => `ed170000${n.toString(16).padStart(16, '0')}`;
const PAGE = { home: hex(1), forms: hex(2), scratch: hex(3), other: hex(4), added: hex(5) };
const FORM_ID = hex(100);
const FORM_BLOCK = hex(101);
const OTHER_BUTTON = hex(102);
const at = (y: number, w = 24, h = 2) => ({ desktop: { x: 0, y, w, h } });
const button = (id: string, text: string, y = 0) => ({ id, type: BLOCK_TYPES.BUTTON, data: { buttonText: text, clickthroughUrl: '/' }, layout: at(y, 6) });
const spacer = (id: string, y = 0) => ({ id, type: BLOCK_TYPES.SPACER, data: {}, layout: at(y) });
const section = (id: string, blocks: unknown[]) => ({ id, theme: 'white', blocks });
const enquiryForm = {
  formId: FORM_ID,
  title: 'Enquiries',
  fields: [{ id: 'email', type: 'email', label: 'Your email', required: true }],
  settings: { notifyEmails: ['studio@example.com'] },
};

function siteDocument(opts: { homeButton?: string; withOther?: boolean; withAdded?: boolean } = {}): SiteDocument {
  const page = (id: string, path: string, title: string, sections: unknown[]) => ({ id, pageType: PAGE_TYPES.PAGE, path, title, status: 1, sections });
  return {
    ...siteNamed('drafts', 'Drafts'),
    navigation: [],
    collections: [],
    // Without its shop, the demo's store lists nothing.
    store: { ...demoStore(), categories: [], products: [] },
    redirects: [],
    files: [],
    pages: [
      page(PAGE.home, '/', 'Home', [section(hex(10), [button(hex(11), opts.homeButton ?? 'Original button'), spacer(hex(12), 2)])]),
      page(PAGE.forms, '/forms', 'Forms', [
        section(hex(20), [{ id: FORM_BLOCK, type: BLOCK_TYPES.FORM, data: enquiryForm, layout: at(0, 12, 20) }, spacer(hex(21), 20)]),
      ]),
      page(PAGE.scratch, '/scratch', 'Scratch', [section(hex(30), [spacer(hex(31))])]),
      ...(opts.withOther === false ? [] : [page(PAGE.other, '/other', 'Other', [section(hex(40), [button(OTHER_BUTTON, 'Other button')])])]),
      ...(opts.withAdded ? [page(PAGE.added, '/added', 'Added', [section(hex(50), [spacer(hex(51))])])] : []),
    ],
  } as unknown as SiteDocument;
}

function valid(doc: SiteDocument) {
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.document;
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;
let editor: Client;
let viewer: Client;
let listener: SiteChangeListener;
/** Every `site_changed` this site was notified of, in commit order. */
const heard: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  websiteId = (await writeSiteDocument(database.db, valid(siteDocument()), { makeDefault: true })).websiteId;
  const { db } = database;
  for (const [email, role] of [
    ['owner@example.com', TEAM_ROLES.ADMIN],
    ['editor@example.com', TEAM_ROLES.EDITOR],
    ['viewer@example.com', TEAM_ROLES.VIEWER],
  ] as const) {
    await setRole(db, websiteId, await createAccount(db, email, `${email}-password`), role);
  }
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  await app.siteChanges.ready;
  listener = listenForSiteChanges(
    database.url,
    (id) => id === websiteId && heard.push(id),
    () => undefined,
  );
  await listener.ready;
  const signIn = (who: string) => signedIn(app, `${who}@example.com`, `${who}@example.com-password`);
  [owner, editor, viewer] = await Promise.all([signIn('owner'), signIn('editor'), signIn('viewer')]);
});
afterAll(async () => {
  await listener?.close();
  await app?.close();
  await database?.drop();
});

const url = (pageId: string, rest = '') => `/api/config/editor/pages/${pageId}${rest}`;
const newChangeId = () => `change-${randomBytes(6).toString('hex')}`;
type Sections = EditorPage['draft']['sections'];

async function read(pageId: string, as: Client = owner): Promise<EditorPage> {
  const res = await as.call('GET', url(pageId));
  expect(res.statusCode, res.body).toBe(200);
  return editorPageAnswer.parse(res.json());
}
const save = (pageId: string, baseVersion: number, sections: unknown, opts: { as?: Client; changeId?: string } = {}) =>
  (opts.as ?? owner).call('PUT', url(pageId, '/draft'), { baseVersion, changeId: opts.changeId ?? newChangeId(), sections });
const publish = (pageId: string, version: number, as: Client = owner) => as.call('POST', url(pageId, '/publish'), { version });
const copy = <T>(value: T): T => structuredClone(value);
/** The draft's sections with the first block of the first section given `data`. */
function withFirstBlock(sections: Sections, data: Record<string, unknown>): Sections {
  const next = copy(sections) as { blocks: { data: Record<string, unknown> }[] }[];
  next[0]!.blocks[0]!.data = { ...next[0]!.blocks[0]!.data, ...data };
  return next as Sections;
}
const visitorPage = async (path: string) => (await app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } })).body;
const contentVersion = async () =>
  (await database.pool.query<{ v: string }>('SELECT content_version::text AS v FROM websites WHERE id = $1', [websiteId])).rows[0]!.v;

describe('reading a page in the editor', () => {
  it('answers a page never edited: its published sections as version 0, its revision, and what the role may do', async () => {
    const page = await read(PAGE.home);
    expect(page.page).toEqual({ id: PAGE.home, title: 'Home', path: '/', pageType: PAGE_TYPES.PAGE });
    expect(page.draft).toEqual({ version: 0, sections: page.published.sections, savedAt: null, savedBy: null });
    expect(page.published.revision).toBe(1);
    expect(Date.parse(page.published.publishedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(page.published.sections[0]).toMatchObject({
      id: hex(10),
      blocks: [{ id: hex(11), data: { buttonText: 'Original button', size: 'medium' } }, { id: hex(12) }],
    });
    expect(page).toMatchObject({ unpublishedChanges: false, writable: true, formsWritable: true });
    expect(await read(PAGE.home, editor)).toMatchObject({ writable: true, formsWritable: false });
    expect(await read(PAGE.home, viewer)).toMatchObject({ writable: false, formsWritable: false });
  });

  it('answers 404 with a message for a page the site does not have', async () => {
    for (const id of [hex(999), 'not-a-page-id']) {
      for (const [method, rest, body] of [
        ['GET', ''],
        ['PUT', '/draft', { baseVersion: 0, changeId: newChangeId(), sections: [] }],
        ['POST', '/publish', { version: 0 }],
        ['DELETE', '/draft'],
      ] as const) {
        const res = await owner.call(method, url(id, rest), body);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toEqual({ error: 'This site has no page with this id.' });
      }
    }
  });
});

describe('saving a draft', () => {
  it('saves as version 1, then each save on the latest version advances it', async () => {
    const start = await read(PAGE.scratch);
    const first = await save(PAGE.scratch, 0, start.draft.sections);
    expect(first.statusCode, first.body).toBe(200);
    expect(draftSaved.parse(first.json()).version).toBe(1);
    let version = 1;
    for (const y of [3, 6, 9]) {
      const res = await save(PAGE.scratch, version, [section(hex(30), [spacer(hex(31), y)])]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().version).toBe(++version);
    }
    const page = await read(PAGE.scratch);
    expect(page.draft).toMatchObject({ version: 4, savedBy: 'owner@example.com', sections: [{ blocks: [{ layout: { desktop: { y: 9 } } }] }] });
    expect(page.unpublishedChanges).toBe(true);
    expect(page.published.sections).toEqual(start.published.sections);
  });

  it('refuses a save on a stale version with 409 and the other save’s draft', async () => {
    const { draft } = await read(PAGE.scratch);
    const theirs = [section(hex(30), [spacer(hex(31), 40)])];
    expect((await save(PAGE.scratch, draft.version, theirs, { as: editor })).statusCode).toBe(200);
    const mine = await save(PAGE.scratch, draft.version, [section(hex(30), [spacer(hex(31), 50)])]);
    expect(mine.statusCode).toBe(409);
    const conflict = draftConflict.parse(mine.json());
    expect(conflict.error).toBe('Someone else saved this page after the version your change was based on. See their version, keep yours, or use theirs.');
    expect(conflict.current).toMatchObject({ version: draft.version + 1, savedBy: 'editor@example.com' });
    expect(conflict.current.sections).toMatchObject(theirs);
  });

  it('answers a retried change id with the same 200, not a conflict, even after later saves', async () => {
    const { draft } = await read(PAGE.scratch);
    const changeId = newChangeId();
    const sections = [section(hex(30), [spacer(hex(31), 60)])];
    const first = await save(PAGE.scratch, draft.version, sections, { changeId });
    expect(first.statusCode).toBe(200);
    const again = await save(PAGE.scratch, draft.version, sections, { changeId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await save(PAGE.scratch, draft.version + 1, [section(hex(30), [spacer(hex(31), 70)])])).statusCode).toBe(200);
    const late = await save(PAGE.scratch, draft.version, sections, { changeId });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual(first.json());
    expect((await read(PAGE.scratch)).draft.version).toBe(draft.version + 2);
  });

  it('lets one of two saves on the same version through and answers the other 409, the first save of a page included', async () => {
    const { draft } = await read(PAGE.other);
    expect(draft.version).toBe(0);
    const answers = await Promise.all([
      save(PAGE.other, 0, [section(hex(40), [button(OTHER_BUTTON, 'Mine')])]),
      save(PAGE.other, 0, [section(hex(40), [button(OTHER_BUTTON, 'Theirs')])], { as: editor }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await read(PAGE.other)).draft.version).toBe(1);
  });

  // covers 000-9.41
  it('takes 60 blocks in a section and refuses 61 with the limit’s message at the section’s path', async () => {
    const blocks = (n: number) => Array.from({ length: n }, (_, i) => spacer(hex(1000 + i), i * 2));
    const { draft } = await read(PAGE.scratch);
    const sixty = await save(PAGE.scratch, draft.version, [section(hex(30), blocks(60))]);
    expect(sixty.statusCode, sixty.body).toBe(200);
    const sixtyOne = await save(PAGE.scratch, draft.version + 1, [
      section(hex(30), blocks(60)),
      section(hex(32), [spacer(hex(33))]),
      section(
        hex(34),
        blocks(61).map((b, i) => ({ ...b, id: hex(2000 + i) })),
      ),
    ]);
    expect(sixtyOne.statusCode).toBe(400);
    expect(sixtyOne.json()).toEqual({
      error: 'Some sections or blocks are not valid: each one says what to change.',
      errors: { 'sections.2.blocks': 'a section layout holds at most 60 blocks' },
    });
    expect((await read(PAGE.scratch)).draft.version).toBe(draft.version + 1);
  });

  it('stores owner HTML sanitised: no script or event handler reaches the draft', async () => {
    const { draft } = await read(PAGE.scratch);
    const code = {
      id: hex(35),
      type: BLOCK_TYPES.CODE,
      data: { html: '<p>Kept</p><script>alert(1)</script><img src="/s/a.jpg" onerror="alert(2)">' },
      layout: at(0, 24, 6),
    };
    expect((await save(PAGE.scratch, draft.version, [section(hex(30), [code])])).statusCode).toBe(200);
    const stored = (await read(PAGE.scratch)).draft.sections[0] as { blocks: { data: { html: string } }[] };
    expect(stored.blocks[0]!.data.html).toBe('<p>Kept</p><img src="/s/a.jpg" />');
  });

  it('refuses an id another page already uses, at its path', async () => {
    const { draft } = await read(PAGE.scratch);
    const res = await save(PAGE.scratch, draft.version, [section(hex(30), [spacer(hex(31)), button(OTHER_BUTTON, 'Borrowed', 2), spacer(hex(31), 4)])]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'sections.0.blocks.1.id': `id ${OTHER_BUTTON} is already used by another page, collection or post of this site`,
      'sections.0.blocks.2.id': `id ${hex(31)} is already used at sections.0.blocks.0.id`,
    });
  });

  it('answers garbage with 400 and changes nothing', async () => {
    const { draft } = await read(PAGE.scratch);
    const bodies: unknown[] = [
      {},
      { baseVersion: draft.version, changeId: newChangeId() },
      { baseVersion: -1, changeId: newChangeId(), sections: [] },
      { baseVersion: draft.version, changeId: 'short', sections: [] },
      { baseVersion: draft.version, changeId: newChangeId(), sections: 'all of them' },
      { baseVersion: draft.version, changeId: newChangeId(), sections: [{ id: 'nope', blocks: [] }] },
      { baseVersion: draft.version, changeId: newChangeId(), sections: [section(hex(30), [{ id: hex(36), type: 999, data: {}, layout: at(0) }])] },
      {
        baseVersion: draft.version,
        changeId: newChangeId(),
        sections: [section(hex(30), [{ ...button(hex(36), 'Bad link'), data: { buttonText: 'Bad link', clickthroughUrl: 'javascript:alert(1)' } }])],
      },
      {
        baseVersion: draft.version,
        changeId: newChangeId(),
        sections: [section(hex(30), [{ ...spacer(hex(36)), layout: { desktop: { x: 20, y: 0, w: 8, h: 1 } } }])],
      },
      [1, 2, 3],
    ];
    for (const body of bodies) {
      const res = await owner.call('PUT', url(PAGE.scratch, '/draft'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: expect.any(String), errors: expect.any(Object) });
    }
    const text = await app.inject({
      method: 'PUT',
      url: url(PAGE.scratch, '/draft'),
      payload: 'baseVersion=1',
      headers: {
        host: 'localhost',
        'content-type': 'text/plain',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': owner.cookies.get('crumb')!,
      },
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    for (const body of [{}, { version: 'latest' }, { version: -2 }])
      expect((await owner.call('POST', url(PAGE.scratch, '/publish'), body)).statusCode).toBe(400);
    expect((await read(PAGE.scratch)).draft.version).toBe(draft.version);
  });
});

describe('publishing', () => {
  it('visitors keep the published page through draft saves, cached or not, and get the draft right after publish', async () => {
    expect(await visitorPage('/')).toContain('Original button');
    expect(await visitorPage('/')).toContain('Original button');
    const before = { version: await contentVersion(), heard: heard.length };
    const start = await read(PAGE.home);
    let version = 0;
    for (const text of ['First draft', 'Second draft']) {
      const res = await save(PAGE.home, version, withFirstBlock(start.draft.sections, { buttonText: text }));
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().version;
      const page = await visitorPage('/');
      expect(page).toContain('Original button');
      expect(page).not.toContain(text);
    }
    expect(await contentVersion()).toBe(before.version);

    const res = await publish(PAGE.home, version);
    expect(res.statusCode, res.body).toBe(200);
    expect(published.parse(res.json()).revision).toBe(2);
    await expect.poll(() => visitorPage('/'), { timeout: 5000 }).toContain('Second draft');
    expect(await visitorPage('/')).not.toContain('Original button');
    // Notifications arrive in commit order: the publish's is the only one since the first save.
    await expect.poll(() => heard.length).toBe(before.heard + 1);
    expect(Number(await contentVersion())).toBe(Number(before.version) + 1);
    const page = await read(PAGE.home);
    expect(page).toMatchObject({ unpublishedChanges: false, draft: { version }, published: { revision: 2 } });
    expect(page.published.sections).toEqual(page.draft.sections);
  });

  it('refuses to publish a version the draft has moved past with 409, and answers a repeated publish with its revision', async () => {
    const { draft } = await read(PAGE.home);
    const res = await save(PAGE.home, draft.version, withFirstBlock(draft.sections, { buttonText: 'Third draft' }));
    const stale = await publish(PAGE.home, draft.version);
    expect(stale.statusCode).toBe(409);
    expect(draftConflict.parse(stale.json())).toMatchObject({ conflict: true, current: { version: res.json().version } });
    expect(stale.json().error).toBe('The draft changed after the version you asked to publish. Look at the latest draft, then publish again.');
    const first = await publish(PAGE.home, res.json().version);
    expect(first.json().revision).toBe(3);
    const again = await publish(PAGE.home, res.json().version);
    expect(again.json()).toEqual(first.json());
    const { rows } = await database.pool.query('SELECT revision, published_by IS NOT NULL AS by FROM page_revisions WHERE page_id = $1 ORDER BY revision', [
      PAGE.home,
    ]);
    expect(rows).toEqual([
      { revision: 1, by: false },
      { revision: 2, by: true },
      { revision: 3, by: true },
    ]);
  });

  it('discards a draft: the published sections come back as the next version, and a save on the old one is a conflict', async () => {
    const { draft, published: live } = await read(PAGE.home);
    const changed = await save(PAGE.home, draft.version, withFirstBlock(draft.sections, { buttonText: 'Thrown away' }));
    const version = changed.json().version as number;
    expect((await read(PAGE.home)).unpublishedChanges).toBe(true);
    const res = await owner.call('DELETE', url(PAGE.home, '/draft'));
    expect(res.statusCode).toBe(200);
    expect(draftDiscarded.parse(res.json())).toMatchObject({ version: version + 1, sections: live.sections, savedBy: 'owner@example.com' });
    expect(await read(PAGE.home)).toMatchObject({ unpublishedChanges: false, draft: { version: version + 1 }, published: { revision: live.revision } });
    expect((await save(PAGE.home, version, draft.sections)).statusCode).toBe(409);
    expect(await visitorPage('/')).not.toContain('Thrown away');
  });
});

describe('roles', () => {
  it('lets a VIEWER read the editor but not save, publish or discard', async () => {
    const { draft } = await read(PAGE.scratch, viewer);
    for (const res of [
      await save(PAGE.scratch, draft.version, draft.sections, { as: viewer }),
      await publish(PAGE.scratch, draft.version, viewer),
      await viewer.call('DELETE', url(PAGE.scratch, '/draft')),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Your role on this site does not allow this.' });
    }
    expect((await read(PAGE.scratch)).draft).toEqual(draft);
  });

  it('lets an EDITOR place a new form and move one, but not change an existing form’s fields; an ADMIN may', async () => {
    const { draft } = await read(PAGE.forms, editor);
    type Block = { id: string; type: number; data: Record<string, unknown>; layout: { desktop: { x: number; y: number; w: number; h: number } } };
    const blocks = (draft.sections[0] as { blocks: Block[] }).blocks;
    const moved = copy(blocks);
    moved[0]!.layout.desktop.x = 12;
    const newForm = { id: hex(22), type: BLOCK_TYPES.FORM, data: { ...formDefaults, formId: hex(23) }, layout: at(40, 12, 20) };
    const placed = await save(PAGE.forms, draft.version, [section(hex(20), [...moved, newForm])], { as: editor });
    expect(placed.statusCode, placed.body).toBe(200);
    let version = placed.json().version as number;

    const changed = copy(moved);
    changed[0]!.data = { ...changed[0]!.data, fields: [{ id: 'email', type: 'email', label: 'Email me', required: true }] };
    const refused = await save(PAGE.forms, version, [section(hex(20), [...changed, newForm])], { as: editor });
    expect(refused.statusCode).toBe(403);
    const message = `Your role may place, move, resize and remove forms, but not change a form’s fields or settings: the form “Enquiries” (block ${FORM_BLOCK}) differs from the draft.`;
    expect(refused.json()).toEqual({ error: message, errors: { 'sections.0.blocks.0.data': message } });

    const copied = { ...newForm, id: hex(24), data: { ...enquiryForm, formId: hex(25) } };
    const reused = { ...newForm, id: hex(24), data: { ...formDefaults, formId: FORM_ID } };
    for (const extra of [copied, reused]) {
      const res = await save(PAGE.forms, version, [section(hex(20), [...moved, newForm, extra])], { as: editor });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual({ 'sections.0.blocks.3.data': expect.stringContaining(`(block ${hex(24)})`) });
    }
    const removed = await save(PAGE.forms, version, [section(hex(20), [moved[1]!, newForm])], { as: editor });
    expect(removed.statusCode).toBe(200);
    version = removed.json().version;

    const restored = await save(PAGE.forms, version, [section(hex(20), [...changed, newForm])]);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read(PAGE.forms)).draft.sections[0]).toMatchObject({
      blocks: [{ data: { fields: [{ label: 'Email me' }] } }, {}, { data: { formId: hex(23), title: 'Contact us' } }],
    });
  });

  it('puts a change made in the form editor into the drafts holding the form, as their next version', async () => {
    const before = await read(PAGE.forms);
    const res = await owner.call('PUT', `/api/config/forms/${FORM_ID}`, {
      fields: [{ id: 'email', type: 'email', label: 'Email address', required: true }],
      settings: { notifyEmails: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(PAGE.forms);
    expect(after.draft.version).toBe(before.draft.version + 1);
    const form = (after.draft.sections[0] as { blocks: { id: string; data: unknown }[] }).blocks[0]!;
    expect(form).toMatchObject({ id: FORM_BLOCK, data: { fields: [{ label: 'Email address' }], settings: { notifyEmails: [] } } });
    expect(after.unpublishedChanges).toBe(true);
  });
});

describe('importing over a site with drafts', () => {
  it('replaces the drafts of its pages with their content as a new revision, and drops the pages it no longer has', async () => {
    const home = await read(PAGE.home);
    const scratch = await read(PAGE.scratch);
    const res = await owner.call('POST', '/api/config/import', siteDocument({ homeButton: 'Imported button', withOther: false, withAdded: true }));
    expect(res.statusCode, res.body).toBe(200);

    const after = await read(PAGE.home);
    expect(after.draft.version).toBe(home.draft.version + 1);
    expect((after.draft.sections[0] as { blocks: { data: unknown }[] }).blocks[0]!.data).toMatchObject({ buttonText: 'Imported button' });
    expect(after).toMatchObject({ unpublishedChanges: false, published: { revision: home.published.revision + 1 } });
    expect(after.published.sections).toEqual(after.draft.sections);
    // A save on the version an editor had open before the import is a conflict, not a save over it.
    expect((await save(PAGE.scratch, scratch.draft.version, scratch.draft.sections)).statusCode).toBe(409);
    expect((await read(PAGE.added)).draft).toMatchObject({ version: 0, savedAt: null });
    expect((await owner.call('GET', url(PAGE.other))).statusCode).toBe(404);
    const { rows } = await database.pool.query(
      'SELECT (SELECT count(*)::int FROM page_drafts WHERE page_id = $1) + (SELECT count(*)::int FROM page_revisions WHERE page_id = $1) AS n',
      [PAGE.other],
    );
    expect(rows[0].n).toBe(0);
    await expect.poll(() => visitorPage('/'), { timeout: 5000 }).toContain('Imported button');
  });
});
