/**
 * The site design over HTTP (Fastify inject against a real PostgreSQL): a palette value is checked
 * by seed 001 §5 and a refusal names its JSON path; colour references and colour strings are
 * accepted in each of their forms and stored normalised; a draft never reaches visitors and a
 * publish changes the per-site stylesheet of this site alone; published versions are listed and
 * restored, "Reset" brings back the design the site was imported with; export and import carry
 * the design; roles and the crumb are checked.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { designAnswer, designState } from '../src/contracts/design';
import { revisionList } from '../src/contracts/editor';
import { PALETTE_COLOR_IDS } from '../src/domain/palette';
import { paletteValueFromHex } from '../src/domain/palette-color';
import { TEAM_ROLES } from '../src/domain/roles';
import { DEFAULT_DESIGN, type Design } from '../src/document/design';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { exportSite, writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { loadClientAssets } from '../src/server/render/assets';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { client, signedIn, type Client } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let owner: Client;
let viewer: Client;
let storeManager: Client;
let websiteId = '';

/** The design the site is imported with: the default with another accent, so "Reset" has somewhere to go. */
const IMPORTED: Design = {
  ...DEFAULT_DESIGN,
  palette: { ...DEFAULT_DESIGN.palette, swatches: { ...DEFAULT_DESIGN.palette.swatches, bright: paletteValueFromHex('#2b4c7e') } },
};

async function importSite(identifier: string, design: Design, makeDefault: boolean): Promise<string> {
  const doc = siteNamed(identifier, identifier, makeDefault ? [] : [`${identifier}.example.test`]);
  const loaded = loadDocument({ ...doc, settings: { ...doc.settings, design } } as unknown as SiteDocument, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return (await writeSiteDocument(database.db, loaded.document, { makeDefault })).websiteId;
}

beforeAll(async () => {
  database = await freshDatabase();
  websiteId = await importSite('designed', IMPORTED, true);
  await importSite('neighbour', DEFAULT_DESIGN, false);
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  const roles = [
    ['owner@example.com', TEAM_ROLES.ADMIN],
    ['viewer@example.com', TEAM_ROLES.VIEWER],
    ['store@example.com', TEAM_ROLES.STORE_MANAGER],
  ] as const;
  for (const [email, role] of roles) await setRole(database.db, websiteId, await createAccount(database.db, email, 'a-password-of-length'), role);
  owner = await signedIn(app, 'owner@example.com', 'a-password-of-length');
  viewer = await signedIn(app, 'viewer@example.com', 'a-password-of-length');
  storeManager = await signedIn(app, 'store@example.com', 'a-password-of-length');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const changeId = () => `c-${randomBytes(6).toString('hex')}`;
const screen = async (who: Client = owner) => designAnswer.parse((await who.call('GET', '/api/config/design')).json());

/** Saves `design` over the current draft: the answer as it came. */
async function save(design: unknown, who: Client = owner) {
  return who.call('PUT', '/api/config/design/draft', { baseVersion: (await screen()).draft.version, changeId: changeId(), design });
}
async function saveAndPublish(design: Design) {
  const saved = await save(design);
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await owner.call('POST', '/api/config/design/publish', { version: saved.json<{ version: number }>().version });
  expect(published.statusCode, published.body).toBe(200);
}

/** The per-site stylesheet a visitor's page on `host` links, and its text. */
async function visitorStylesheet(host = 'localhost'): Promise<{ url: string; css: string }> {
  const page = await app.inject({ method: 'GET', url: '/', headers: { host } });
  const url = /<link rel="stylesheet" href="(\/fonts\/[^"]+\.css)"/.exec(page.body)?.[1];
  expect(url, 'the page links its per-site stylesheet').toBeDefined();
  const sheet = await app.inject({ method: 'GET', url: url!, headers: { host } });
  expect(sheet.statusCode).toBe(200);
  expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  return { url: url!, css: sheet.body };
}

const withSwatch = (swatch: Record<string, unknown>) => ({
  ...DEFAULT_DESIGN,
  palette: { ...DEFAULT_DESIGN.palette, swatches: { ...DEFAULT_DESIGN.palette.swatches, bright: swatch } },
});
const withHover = (buttonHover: unknown) => ({
  ...DEFAULT_DESIGN,
  colorThemes: { ...DEFAULT_DESIGN.colorThemes, white: { ...DEFAULT_DESIGN.colorThemes.white, buttonHover } },
});

describe('palette values', () => {
  // covers 001-3.60, 001-5.16, 001-5.17, 001-5.18, 001-5.19
  it.each([
    ['userFormat', 'cmyk'],
    ['hue', 361],
    ['saturation', 101],
    ['lightness', -1],
    ['alpha', 1.1],
  ])('refuses %s %s with a 400 naming its JSON path, and writes nothing', async (field, bad) => {
    const before = await screen();
    const res = await save(withSwatch({ ...DEFAULT_DESIGN.palette.swatches.bright, [field]: bad }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toEqual([`design.palette.swatches.bright.${field}`]);
    expect((await screen()).draft.version).toBe(before.draft.version);
  });

  // covers 001-5.19 (alpha left out is 1), 001-3.59 (the palette data has the ten ids)
  it('stores a palette value without alpha as alpha 1, and answers the ten palette colour ids', async () => {
    const { alpha: _alpha, ...noAlpha } = paletteValueFromHex('#336699');
    const res = await save(withSwatch(noAlpha));
    expect(res.statusCode, res.body).toBe(200);
    const after = await screen();
    expect((after.draft.design as Design).palette.swatches.bright.alpha).toBe(1);
    expect(after.palette.map((p) => p.id)).toEqual([...PALETTE_COLOR_IDS]);
    expect(after.palette.find((p) => p.id === 'accent')!.value).toMatchObject({ userFormat: 'hex', alpha: 1 });
  });
});

describe('colours', () => {
  // covers 000-3.41, 001-3.64
  it('accepts the three colour reference shapes and refuses others', async () => {
    for (const ref of [
      { type: 'SITE_PALETTE_COLOR', sitePaletteColor: { id: 'darkAccent', alpha: 0.8 } },
      { type: 'CUSTOM_COLOR', customColor: '#123456' },
      { type: 'THEME_COLOR' },
    ]) {
      const res = await save(withHover(ref));
      expect(res.statusCode, JSON.stringify(ref) + res.body).toBe(200);
    }
    for (const bad of [{ type: 'GRADIENT' }, { type: 'SITE_PALETTE_COLOR', sitePaletteColor: { id: 'purple', alpha: 1 } }, { type: 'CUSTOM_COLOR' }]) {
      const res = await save(withHover(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)[0]).toMatch(/^design\.colorThemes\.white\.buttonHover/);
    }
  });

  // covers 000-5.52
  it.each([
    ['#ABC', '#abc'],
    ['#1D5C4D', '#1d5c4d'],
    ['rgb(10 20 30)', 'rgb(10, 20, 30)'],
    ['rgba(10, 20, 30, 0.5)', 'rgba(10, 20, 30, 0.5)'],
    ['hsl(120, 50%, 40%)', 'hsl(120, 50%, 40%)'],
    ['hsla(120 50% 40% / 0.5)', 'hsla(120, 50%, 40%, 0.5)'],
    ['hwb(200 10% 20%)', 'hwb(200 10% 20%)'],
    ['Salmon', 'salmon'],
  ])('accepts the custom colour %s and stores it as %s', async (given, stored) => {
    const res = await save(withHover({ type: 'CUSTOM_COLOR', customColor: given }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await screen()).draft.design).toMatchObject({ colorThemes: { white: { buttonHover: { customColor: stored } } } });
  });

  it.each(['#12', 'rgb(1, 2)', 'rgba(1, 2, 3)', 'cmyk(0, 0, 0, 0)', 'url(x)'])('refuses the custom colour %s', async (given) => {
    const res = await save(withHover({ type: 'CUSTOM_COLOR', customColor: given }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors).toHaveProperty(['design.colorThemes.white.buttonHover.customColor']);
  });
});

describe('publishing', () => {
  it('keeps a draft from visitors; a publish changes this site’s stylesheet and not another’s', async () => {
    const published = await visitorStylesheet();
    const neighbour = await visitorStylesheet('neighbour.example.test');
    const draft = {
      ...DEFAULT_DESIGN,
      palette: { ...DEFAULT_DESIGN.palette, swatches: { ...DEFAULT_DESIGN.palette.swatches, bright: paletteValueFromHex('#7a2e8e') } },
    };
    const saved = await save(draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await screen()).unpublishedChanges).toBe(true);
    expect(await visitorStylesheet()).toEqual(published);

    const res = await owner.call('POST', '/api/config/design/publish', { version: saved.json<{ version: number }>().version });
    expect(res.statusCode, res.body).toBe(200);
    // Every app server drops the site's pages on the change's notification (within a second).
    const after = await vi.waitFor(
      async () => {
        const sheet = await visitorStylesheet();
        expect(sheet.url).not.toBe(published.url);
        return sheet;
      },
      { timeout: 1000, interval: 20 },
    );
    expect(after.css).toContain('--palette-accent: #7a2e8e;');
    expect(await visitorStylesheet('neighbour.example.test')).toEqual(neighbour);
    expect(neighbour.css).toContain('--palette-accent: #1d5c4d;');
  });

  it('answers an old stylesheet address with the current design, not cached', async () => {
    const { url } = await visitorStylesheet();
    const old = await app.inject({ method: 'GET', url: url.replace(/\/fonts\/[0-9a-f]+\//, '/fonts/000000000000/'), headers: { host: 'localhost' } });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('no-cache');
  });

  it('lists each publish, restores one as the draft, and resets to the design the site was imported with', async () => {
    await saveAndPublish({ ...DEFAULT_DESIGN, animation: 'fade' });
    await saveAndPublish({ ...DEFAULT_DESIGN, animation: 'slide' });
    const list = revisionList.parse((await owner.call('GET', '/api/config/design/revisions')).json());
    expect(list.revisions.length).toBeGreaterThanOrEqual(3);
    const fade = list.revisions[1]!.revision;
    const restored = await owner.call('POST', `/api/config/design/revisions/${fade}/restore`, { baseVersion: (await screen()).draft.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(designState.parse(restored.json()).design).toMatchObject({ animation: 'fade' });
    expect((await screen()).published.design).toMatchObject({ animation: 'slide' });

    const reset = await owner.call('POST', '/api/config/design/reset', { baseVersion: (await screen()).draft.version });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(designState.parse(reset.json()).design).toEqual(IMPORTED);
    const stale = await owner.call('POST', '/api/config/design/reset', { baseVersion: 0 });
    expect(stale.statusCode).toBe(409);
  });

  it('exports the published design in settings.design', async () => {
    const doc = await exportSite(database.db, websiteId);
    expect(doc?.settings.design).toEqual((await screen()).published.design);
  });
});

describe('access', () => {
  it('lets a viewer read the design but not change it, and a role without design neither', async () => {
    expect((await screen(viewer)).writable).toBe(false);
    expect((await save(DEFAULT_DESIGN, viewer)).statusCode).toBe(403);
    expect((await storeManager.call('GET', '/api/config/design')).statusCode).toBe(403);
  });

  it('refuses a change without the crumb', async () => {
    const res = await owner.call('PUT', '/api/config/design/draft', { baseVersion: 0, changeId: changeId(), design: DEFAULT_DESIGN }, { crumb: false });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a visitor', async () => {
    const visitor = await client(app);
    expect((await visitor.call('GET', '/api/config/design')).statusCode).toBe(401);
  });
});
