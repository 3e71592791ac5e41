/**
 * The contracts (src/contracts) say what the server answers: every call the config area makes,
 * made by the site's ADMIN against a real server, has its answer parsed by the contract the config
 * area parses it with, and the bodies the config area sends pass the server's checks.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { dashboardReport, errorsPage } from '../src/contracts/analytics';
import { endOthersAnswer, meAnswer, sessionsAnswer } from '../src/contracts/auth';
import { captchaAnswer } from '../src/contracts/captcha';
import { okAnswer } from '../src/contracts/common';
import { cookieBannerAnswer } from '../src/contracts/cookie-banner';
import { draftDiscarded, draftSaved, editorPageAnswer, published } from '../src/contracts/editor';
import { formsAnswer, subscribersAnswer, submissionsAnswer } from '../src/contracts/forms';
import { labsAnswer } from '../src/contracts/labs';
import { connectionAnswer, languagesAnswer, multilingualSettingsAnswer } from '../src/contracts/multilingual';
import {
  activityAnswer,
  headerFooterAnswer,
  invitationsAnswer,
  jobsAnswer,
  pagesAnswer,
  savedSettingsAnswer,
  siteSettingsAnswer,
  teamAnswer,
} from '../src/contracts/site';
import { mailStatusAnswer } from '../src/contracts/smtp';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { demoDocument } from './fixtures';
import { signedIn, type Client } from './session';

const DEMO_FORM_ID = 'c0a7ac7f0000000000000001';
const DEMO_LIST_ID = 'c0a7ac7f0000000000000008';
/** The demo's home page, as the visual editor opens it. */
const HOME = demoDocument().pages[0]!;
const EDITOR_PAGE = `/api/config/editor/pages/${HOME.id}`;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let admin: Client;

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(demoDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error('demo invalid');
  const { websiteId } = await writeSiteDocument(database.db, loaded.document, { makeDefault: true });
  await database.pool.query(`UPDATE websites SET labs = '{"internal": ["multilingual"], "circle": []}' WHERE id = $1`, [websiteId]);
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  const id = await createAccount(database.db, 'admin@example.com', 'contract-admin-password-1');
  await setRole(database.db, websiteId, id, TEAM_ROLES.ADMIN);
  admin = await signedIn(app, 'admin@example.com', 'contract-admin-password-1');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, answer: z.ZodType, body?: Record<string, unknown>];

/** In order: a call may answer with what an earlier one made. */
const CALLS: Call[] = [
  ['GET', '/api/auth/Me', meAnswer],
  ['GET', '/api/auth/Sessions', sessionsAnswer],
  ['POST', '/api/auth/Sessions/EndOthers', endOthersAnswer, {}],
  ['GET', '/api/config/site', siteSettingsAnswer],
  ['PUT', '/api/config/site', savedSettingsAnswer, { tagline: 'Checked against its contract' }],
  ['GET', '/api/config/pages', pagesAnswer],
  ['GET', EDITOR_PAGE, editorPageAnswer],
  ['PUT', `${EDITOR_PAGE}/draft`, draftSaved, { baseVersion: 0, changeId: 'contract-change-1', sections: HOME.sections }],
  ['POST', `${EDITOR_PAGE}/publish`, published, { version: 1 }],
  ['DELETE', `${EDITOR_PAGE}/draft`, draftDiscarded],
  ['GET', '/api/config/team', teamAnswer],
  ['GET', '/api/config/team/invitations', invitationsAnswer],
  ['GET', '/api/config/activity', activityAnswer],
  ['GET', '/api/config/jobs', jobsAnswer],
  ['GET', '/api/site-header-footer', headerFooterAnswer],
  ['PUT', '/api/site-header-footer', okAnswer, { header: { layout: 'center', showTagline: true }, footer: { showNavigation: true, links: [] } }],
  ['GET', '/api/config/smtp', mailStatusAnswer],
  [
    'PUT',
    '/api/config/smtp',
    mailStatusAnswer,
    { host: '127.0.0.1', port: 2525, secure: false, username: 'mailer', password: 'contract-secret', fromAddress: 'site@example.com' },
  ],
  ['GET', '/api/config/smtp', mailStatusAnswer],
  ['DELETE', '/api/config/smtp', mailStatusAnswer],
  ['GET', '/api/config/captcha', captchaAnswer],
  ['PUT', '/api/config/captcha', captchaAnswer, { provider: 'altcha' }],
  ['DELETE', '/api/config/captcha', captchaAnswer],
  ['GET', '/api/config/cookie-banner', cookieBannerAnswer],
  ['PUT', '/api/config/cookie-banner', cookieBannerAnswer, { isCookieBannerEnabled: true, cookieBannerTheme: 'LIGHT' }],
  ['GET', '/api/labs/internal', labsAnswer],
  ['POST', '/api/labs/circle', labsAnswer, { features: ['multilingual'] }],
  ['GET', '/api/multilingual/settings', multilingualSettingsAnswer],
  [
    'PUT',
    '/api/multilingual/languages',
    languagesAnswer,
    {
      languages: [
        { code: 'en-US', default: true },
        { code: 'fr-FR', visible: false },
      ],
    },
  ],
  ['PUT', '/api/multilingual/connection', connectionAnswer, { provider: 'deepl', apiKey: 'contract-key-123456' }],
  ['GET', '/api/multilingual/settings', multilingualSettingsAnswer],
  ['DELETE', '/api/multilingual/connection', connectionAnswer],
  ['GET', '/api/config/analytics', dashboardReport],
  ['GET', '/api/config/analytics/errors', errorsPage],
  ['GET', '/api/config/forms', formsAnswer],
  ['GET', `/api/config/forms/${DEMO_FORM_ID}/submissions`, submissionsAnswer],
  ['GET', `/api/config/newsletter/${DEMO_LIST_ID}/subscribers`, subscribersAnswer],
];

describe('the API contracts', () => {
  it.each(CALLS.map((c) => [`${c[0]} ${c[1]}`, c] as const))('%s answers what its contract says', async (_, [method, url, answer, body]) => {
    const res = await admin.call(method, url, body);
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
    const parsed = answer.safeParse(res.json());
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });
});
