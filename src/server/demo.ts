/**
 * The site a fresh install starts with, imported on first start when the database holds no site
 * yet: the demo site, or with `npm start -- --blank` (or START_WITH=blank) a blank one, or with
 * `npm start -- --template NAME` (or START_WITH=NAME) a template of sites/, whole, under its own
 * identifier and title.
 */
import { readFile } from 'node:fs/promises';
import { siteDocumentSchema } from '../blocks/site-document';
import type { Db } from '../db/client';
import { loadDocument } from '../document/load';
import { chooseAltcha, hasAnySite } from './modules/sites';
import { asksForCaptcha, DEMO_SITE_FILE, startNewSiteLabs, templateDocument, templateSettings } from './modules/content';
import { writeSiteDocument } from './modules/content';
import { startStorePayments } from './modules/payments';

/** The demo site's sample customer, made at first start with a printed password. */
export const DEMO_CUSTOMER_EMAIL = 'member@example.com';
/** The password of the demo site's password-protected /wholesale page (only its hash is in the document). */
export const DEMO_WHOLESALE_PASSWORD = 'juniper-wholesale';

export { DEMO_SITE_FILE };

/** The blank site a fresh install may start with: its identifier names its address ({identifier}.{APP_DOMAIN}). */
export const BLANK_SITE = { identifier: 'site', title: 'My site' } as const;

export async function importDemoIfEmpty(db: Db): Promise<string | undefined> {
  if (!(await noSiteYet(db))) return undefined;
  const loaded = loadDocument(JSON.parse(await readFile(DEMO_SITE_FILE, 'utf8')), siteDocumentSchema);
  if (!loaded.ok) throw new Error(`The demo site document is invalid: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  const { websiteId } = await writeSiteDocument(db, loaded.document, { makeDefault: true, within: (tx, site) => startNewSiteLabs(tx, site.websiteId) });
  // The demo contact form asks for a captcha: the site gets a key for the built-in one.
  await chooseAltcha(db, websiteId, null);
  // The demo's store is for trying: test mode, so checkout works and no money is taken.
  await startStorePayments(db, websiteId, { testMode: true });
  return websiteId;
}

async function noSiteYet(db: Db): Promise<boolean> {
  return !(await hasAnySite(db));
}

/**
 * On a database with no site yet: the blank site, as the default site, its store in test mode as
 * the server starts new stores (`store`). Answers its id, or undefined when there were sites.
 */
export async function importBlankIfEmpty(db: Db, store = { testMode: true }): Promise<string | undefined> {
  if (!(await noSiteYet(db))) return undefined;
  const { websiteId } = await writeSiteDocument(db, await templateDocument('blank', BLANK_SITE.identifier, BLANK_SITE.title), {
    makeDefault: true,
    within: async (tx, site) => {
      await startNewSiteLabs(tx, site.websiteId);
      await startStorePayments(tx, site.websiteId, store);
    },
  });
  return websiteId;
}

/**
 * On a database with no site yet: the template `id` (not the demo, whose start is
 * importDemoIfEmpty's) as the default site, whole and under its own identifier and title, its store
 * as the server starts new stores (`store`) and the built-in captcha when a form of it asks for
 * one. Answers its id, or undefined when there were sites.
 */
export async function importTemplateIfEmpty(db: Db, id: string, store = { testMode: true }): Promise<string | undefined> {
  if (!(await noSiteYet(db))) return undefined;
  const { identifier, title } = await templateSettings(id);
  const doc = await templateDocument(id, identifier, title, { whole: true });
  const { websiteId } = await writeSiteDocument(db, doc, {
    makeDefault: true,
    within: async (tx, site) => {
      await startNewSiteLabs(tx, site.websiteId);
      await startStorePayments(tx, site.websiteId, store);
    },
  });
  if (asksForCaptcha(doc)) await chooseAltcha(db, websiteId, null);
  return websiteId;
}
