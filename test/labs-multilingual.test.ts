/**
 * Labs (GET/POST /api/labs/internal and /api/labs/circle) and the multilingual settings
 * (/api/multilingual/…, seed 001 §7): every call, bad input refused with 400 and a clear message
 * while nothing is written, the `multilingual` flag gating the multilingual calls, the site's flags
 * reaching page rendering, and a change dropping cached pages.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../src/domain/feature-flags';
import { TEAM_ROLES } from '../src/domain/roles';
import { MASKED_SECRET } from '../src/domain/secrets';
import { unseal } from '../src/server/secrets/sealed';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { renderContext } from '../src/server/render/site-page';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { client, signedIn, type Client } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;
let anonymous: Client;

const OFF = 'Multilingual sites are a labs feature that is off for this site. Turn it on under Labs.';
const API_KEY = 'dpl-secret-4f9a2c7e1b';

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  const ownerId = await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  await setRole(database.db, websiteId, ownerId, TEAM_ROLES.ADMIN);
  app = await demo.start();
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
  anonymous = await client(app);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** What a refused call must leave untouched: the site's stored labs, multilingual settings, locale and version, and the activity log. */
async function stored() {
  const { rows } = await database.pool.query(
    `SELECT labs, multilingual, settings->>'locale' AS locale, content_version, (SELECT count(*) FROM activity_log WHERE website_id = $1) AS activity FROM websites WHERE id = $1`,
    [websiteId],
  );
  return rows[0] as { labs: unknown; multilingual: unknown; locale: string; content_version: string; activity: string };
}

const setLabs = (list: 'internal' | 'circle', features: string[]) => owner.call('POST', `/api/labs/${list}`, { features });
const page = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

describe('labs', () => {
  // covers 001-7.20
  it('answers every feature flag with its description and whether it is on, to the owner only', async () => {
    for (const list of ['internal', 'circle'] as const) {
      const res = await owner.call('GET', `/api/labs/${list}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.list).toBe(list);
      expect(body.activeFlags).toEqual([]);
      expect(body.features.map((f: { name: string }) => f.name)).toEqual(Object.values(FEATURE_FLAGS));
      expect(body.features.find((f: { name: string }) => f.name === 'multilingual')).toEqual({
        name: 'multilingual',
        title: 'Multilingual sites',
        description: 'The Languages screen: the languages the site is offered in and a translation provider.',
        available: true,
        enabled: false,
      });
      expect((await anonymous.call('GET', `/api/labs/${list}`)).statusCode).toBe(401);
    }
  });

  // covers 001-7.21
  it('takes a feature selection for each list and answers it back; a flag in either list is on for the site', async () => {
    const posted = await setLabs('circle', ['currency_formatting', 'session_recording']);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(
      posted
        .json()
        .features.filter((f: { enabled: boolean }) => f.enabled)
        .map((f: { name: string }) => f.name),
    ).toEqual(['currency_formatting', 'session_recording']);

    expect((await setLabs('internal', ['session_recording', 'commerce', 'commerce'])).statusCode).toBe(200);
    const internal = (await owner.call('GET', '/api/labs/internal')).json();
    expect(internal.features.filter((f: { enabled: boolean }) => f.enabled).map((f: { name: string }) => f.name)).toEqual(['commerce', 'session_recording']);
    expect(internal.activeFlags).toEqual(['commerce', 'currency_formatting', 'session_recording']);
    const circle = (await owner.call('GET', '/api/labs/circle')).json();
    expect(circle.features.filter((f: { enabled: boolean }) => f.enabled).map((f: { name: string }) => f.name)).toEqual([
      'currency_formatting',
      'session_recording',
    ]);

    expect((await setLabs('internal', [])).statusCode).toBe(200);
    expect((await setLabs('circle', [])).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/labs/circle')).json().activeFlags).toEqual([]);
  });

  it('refuses names that are not feature flags, and malformed selections, with 400 and writes nothing', async () => {
    const before = await stored();
    const unknown = await setLabs('internal', ['multilingual', 'teleport']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(`"teleport" is not a labs feature. The features are: ${Object.values(FEATURE_FLAGS).join(', ')}.`);
    const two = await setLabs('circle', ['Multilingual', 'x']);
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toMatch(/^"Multilingual", "x" are not labs features\./);
    for (const body of [{}, { features: 'multilingual' }, { features: ['multilingual'], extra: true }, { features: [3] }]) {
      const res = await owner.call('POST', '/api/labs/internal', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('Send the selection as { "features": [names of the features to turn on] }.');
    }
    expect(await stored()).toEqual(before);
  });

  it('gives page rendering the site’s flags and drops cached pages when they change', async () => {
    // A page rendered while an earlier change's notice arrives is not kept (it may be stale): ask until one is.
    await expect
      .poll(async () => {
        expect((await page('/about')).statusCode).toBe(200);
        return app.pageCache.get(websiteId, 'http|localhost|/about');
      })
      .toBeDefined();
    const version = Number((await stored()).content_version);

    expect((await setLabs('circle', ['product_reviews'])).statusCode).toBe(200);
    expect(Number((await stored()).content_version)).toBe(version + 1);
    await expect.poll(() => app.pageCache.get(websiteId, 'http|localhost|/about'), { timeout: 5000 }).toBeUndefined();
    const flags = async () => renderContext(await app.siteContent.read(websiteId, '/about'), 'localhost').featureFlags;
    expect(await flags()).toEqual(['product_reviews']);

    expect((await setLabs('circle', [])).statusCode).toBe(200);
    await expect.poll(flags, { timeout: 5000 }).toEqual([]);
  });
});

describe('multilingual', () => {
  const CALLS = [
    ['GET', '/api/multilingual/settings'],
    ['GET', '/api/multilingual/status'],
    ['GET', '/api/multilingual/languages'],
    ['PUT', '/api/multilingual/languages', { languages: [{ code: 'en-US', default: true }, { code: 'fr' }] }],
    ['PUT', '/api/multilingual/connection', { provider: 'deepl', apiKey: API_KEY }],
    ['DELETE', '/api/multilingual/connection'],
  ] as const;

  // covers 000-3.71
  it('answers 404 to every call while the multilingual flag is off, and writes nothing', async () => {
    const before = await stored();
    for (const [method, url, body] of CALLS) {
      const res = await owner.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe(OFF);
    }
    expect(await stored()).toEqual(before);
  });

  // covers 001-7.30, 001-7.31, 001-7.32
  it('answers the settings, status and languages once the flag is on, to the owner only', async () => {
    expect((await setLabs('internal', ['multilingual'])).statusCode).toBe(200);
    const english = { code: 'en-US', name: 'English (United States)', default: true, visible: true };
    const disconnected = { status: 'disconnected', provider: null, providerName: null, connectedAt: null };

    const settings = await owner.call('GET', '/api/multilingual/settings');
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({
      defaultLanguage: 'en-US',
      languages: [english],
      maxLanguages: 20,
      providers: [
        { id: 'deepl', name: 'DeepL' },
        { id: 'google', name: 'Google Cloud Translation' },
        { id: 'microsoft', name: 'Microsoft Translator' },
      ],
      connection: disconnected,
    });
    expect((await owner.call('GET', '/api/multilingual/status')).json()).toEqual({
      enabled: true,
      defaultLanguage: 'en-US',
      languageCount: 1,
      visibleLanguageCount: 1,
      connection: disconnected,
    });
    expect((await owner.call('GET', '/api/multilingual/languages')).json()).toEqual({ languages: [english] });
    for (const [method, url, body] of CALLS) expect((await anonymous.call(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
  });

  // covers 001-1.13, 001-3.78, 001-7.33
  it('saves the languages in order, with one default and hidden ones, and answers them back', async () => {
    const put = await owner.call('PUT', '/api/multilingual/languages', {
      languages: [{ code: 'en-US', default: true }, { code: 'FR-ca', visible: false }, { code: 'de' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = [
      { code: 'en-US', name: 'English (United States)', default: true, visible: true },
      { code: 'fr-CA', name: 'French (Canada)', default: false, visible: false },
      { code: 'de', name: 'German', default: false, visible: true },
    ];
    expect(put.json()).toEqual({ languages: saved });
    expect((await owner.call('GET', '/api/multilingual/languages')).json()).toEqual({ languages: saved });
    expect((await owner.call('GET', '/api/multilingual/status')).json()).toMatchObject({ languageCount: 3, visibleLanguageCount: 2 });
  });

  it('makes the default the site’s primary language: the locale and the published pages’ lang follow at once', async () => {
    expect((await page('/about')).body).toContain('<html lang="en-US">');
    const put = await owner.call('PUT', '/api/multilingual/languages', {
      languages: [{ code: 'en-US' }, { code: 'fr-CA', visible: false }, { code: 'de', default: true }],
    });
    expect(put.statusCode, put.body).toBe(200);
    await expect.poll(async () => (await page('/about')).body, { timeout: 5000 }).toContain('<html lang="de">');
    expect((await owner.call('GET', '/api/config/site')).json().locale).toBe('de');
    expect((await owner.call('GET', '/api/multilingual/settings')).json().defaultLanguage).toBe('de');

    expect(
      (
        await owner.call('PUT', '/api/multilingual/languages', {
          languages: [{ code: 'en-US', default: true }, { code: 'fr-CA', visible: false }, { code: 'de' }],
        })
      ).statusCode,
    ).toBe(200);
    await expect.poll(async () => (await page('/about')).body, { timeout: 5000 }).toContain('<html lang="en-US">');
  });

  it('refuses a list it cannot save with 400 and a clear message, and writes nothing', async () => {
    const before = await stored();
    const many = ['fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'fi', 'pl', 'cs', 'hu', 'el', 'tr', 'ja', 'ko', 'zh', 'ar', 'he', 'hi'].map((code) => ({
      code,
    }));
    const cases: [unknown, string, string?][] = [
      [{ languages: [] }, 'Add at least one language: the site’s primary language.'],
      [{ languages: [{ code: 'en-US', default: true }, ...many] }, 'A site can offer at most 20 languages.'],
      [{ languages: [{ code: 'en-US', default: true }, { code: 'english' }] }, '"english" is not a language code such as fr or fr-CA.', 'languages.1.code'],
      [{ languages: [{ code: 'en-US', default: true }, { code: 'zz' }] }, '"zz" is not a language we know.', 'languages.1.code'],
      [{ languages: [{ code: 'en-US', default: true }, { code: 'fr' }, { code: 'FR' }] }, 'fr is listed twice.', 'languages.2.code'],
      [{ languages: [{ code: 'en-US' }, { code: 'fr' }] }, 'Choose one language as the default: the site’s primary language.'],
      [
        {
          languages: [
            { code: 'en-US', default: true },
            { code: 'fr', default: true },
          ],
        },
        'Only one language can be the default.',
      ],
      [
        { languages: [{ code: 'en-US', default: true, visible: false }] },
        'The default language is always shown to visitors; it cannot be hidden.',
        'languages.0.visible',
      ],
    ];
    for (const [body, message, path] of cases) {
      const res = await owner.call('PUT', '/api/multilingual/languages', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
      if (path) expect(res.json().errors).toEqual({ [path]: message });
    }
    for (const body of [{}, { languages: 'fr' }, { languages: [{ code: 'fr', rtl: true }] }, { languages: [{ code: 'fr', default: 'yes' }] }]) {
      const res = await owner.call('PUT', '/api/multilingual/languages', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    expect(await stored()).toEqual(before);
  });

  // covers 001-7.34
  it('connects a translation provider without ever answering its key, and disconnects it', async () => {
    const before = await stored();
    for (const [body, message] of [
      [
        { provider: 'babelfish', apiKey: API_KEY },
        'Choose a translation provider: deepl (DeepL), google (Google Cloud Translation), microsoft (Microsoft Translator).',
      ],
      [{ provider: 'deepl', apiKey: 'short' }, 'An API key has 8 to 512 characters and no spaces.'],
      [{ provider: 'deepl', apiKey: 'has a space in it' }, 'An API key has 8 to 512 characters and no spaces.'],
      [{ provider: 'deepl' }, 'Paste the API key your translation provider gave you.'],
    ] as const) {
      const res = await owner.call('PUT', '/api/multilingual/connection', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await stored()).toEqual(before);

    const put = await owner.call('PUT', '/api/multilingual/connection', { provider: 'deepl', apiKey: API_KEY });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().connection).toEqual({
      status: 'connected',
      provider: 'deepl',
      providerName: 'DeepL',
      connectedAt: expect.any(String),
      apiKey: MASKED_SECRET,
    });
    const status = await owner.call('GET', '/api/multilingual/status');
    expect(status.json().connection).toMatchObject({ status: 'connected', provider: 'deepl' });
    for (const url of ['/api/multilingual/settings', '/api/multilingual/status', '/api/multilingual/languages', '/api/config/activity']) {
      expect((await owner.call('GET', url)).body, url).not.toContain(API_KEY);
    }
    expect(put.body).not.toContain(API_KEY);
    const sealedKey = ((await stored()).multilingual as { connection: { apiKey: string } }).connection.apiKey;
    expect(sealedKey).not.toContain(API_KEY);
    expect(unseal(sealedKey)).toBe(API_KEY);

    const del = await owner.call('DELETE', '/api/multilingual/connection');
    expect(del.statusCode, del.body).toBe(200);
    const disconnected = { status: 'disconnected', provider: null, providerName: null, connectedAt: null };
    expect(del.json()).toEqual({ connection: disconnected });
    expect((await owner.call('GET', '/api/multilingual/status')).json().connection).toEqual(disconnected);
    expect(JSON.stringify((await stored()).multilingual)).not.toContain(API_KEY);
    expect((await owner.call('DELETE', '/api/multilingual/connection')).json()).toEqual({ connection: disconnected });
  });

  // covers 000-3.71
  it('hides the feature again when the flag is turned off, and keeps the languages for when it is back on', async () => {
    expect((await setLabs('internal', [])).statusCode).toBe(200);
    for (const [method, url, body] of CALLS) expect((await owner.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    expect((await setLabs('circle', ['multilingual'])).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/multilingual/languages')).json().languages.map((l: { code: string }) => l.code)).toEqual(['en-US', 'fr-CA', 'de']);
  });
});
