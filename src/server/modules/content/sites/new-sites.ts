/**
 * New sites: an account creates one, blank or from a template (the demo site is the first), and
 * becomes its owner (ADMIN). The site is imported as a site document with `writeSiteDocument`, and the
 * owner's membership and the activity entry are written in the import's own transaction, so a site
 * never exists without its owner. A fresh install may start from the blank site too
 * (`npm start -- --blank`, or START_WITH=blank: src/server/demo.ts).
 */
import { readFile } from 'node:fs/promises';
import { siteDocumentSchema } from '../../../../blocks/site-document';
import { buildSectionLayout } from '../../../../blocks/section-layouts';
import type { SITE_TEMPLATES } from '../../../../contracts/pages';
import type { Db } from '../../../../db/client';
import { projectPath } from '../../../../db/project-root';
import { loadDocument } from '../../../../document/load';
import { SITE_DOCUMENT_FORMAT, SITE_DOCUMENT_VERSION, type SiteDocument, type StoredBlockData } from '../../../../document/schema';
import { PAGE_TYPES } from '../../../../domain/page-types';
import { TEAM_ROLES } from '../../../../domain/roles';
import { CONTENT_STATUSES } from '../../../../domain/website';
import { format } from '../../../../messages/format';
import { pages as texts } from '../../../../messages/pages';
import { setRole } from '../../accounts';
import { logActivity, updateSiteRow } from '../../sites';
import { NEW_SITE_LABS } from '../../../../domain/labs';
import type { Executor } from '../../../../db/client';
import { chooseAltcha } from '../../sites';
import { writeSiteDocument, newId, SiteConflictError } from './sites';
import { findWebsiteByIdentifier } from '../../sites';

export type SiteTemplate = (typeof SITE_TEMPLATES)[number];

/** The demo site's document: imported on a fresh install's first start (../demo.ts), and the demo template. */
export const DEMO_SITE_FILE = projectPath('sites/demo/site.json');

export class SiteTakenError extends Error {
  constructor(readonly identifier: string) {
    super(format(texts.identifierTaken, { identifier }));
  }
}

/**
 * The blank site: its settings (identifier and title), a home page at `/` with one "heading and
 * text" section, and nothing else. Published, so the new site's address shows it at once.
 */
function blankSiteDocument(identifier: string, title: string): unknown {
  return {
    format: SITE_DOCUMENT_FORMAT,
    version: SITE_DOCUMENT_VERSION,
    settings: { identifier, title },
    pages: [
      {
        id: newId(),
        pageType: PAGE_TYPES.PAGE,
        path: '/',
        title: 'Home',
        status: CONTENT_STATUSES.PUBLISHED,
        sections: [buildSectionLayout('heading-text', newId)],
      },
    ],
  };
}

/** The demo site under another identifier and title, with none of its custom domains. */
async function demoCopy(identifier: string, title: string): Promise<unknown> {
  const doc = JSON.parse(await readFile(DEMO_SITE_FILE, 'utf8')) as { settings: Record<string, unknown> };
  doc.settings = { ...doc.settings, identifier, title, customDomains: [] };
  return doc;
}

/** A template's document, as the writing schema gives it (owner HTML sanitised, defaults filled). */
export async function templateDocument(template: SiteTemplate, identifier: string, title: string): Promise<SiteDocument<StoredBlockData>> {
  const raw = template === 'demo' ? await demoCopy(identifier, title) : blankSiteDocument(identifier, title);
  const loaded = loadDocument(raw, siteDocumentSchema);
  if (!loaded.ok) throw new Error(`The ${template} site document is invalid: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  return loaded.document;
}

/** A site made now starts with the labs flags of new sites (locale currency formatting), in its import's transaction. */
export async function startNewSiteLabs(tx: Executor, websiteId: string): Promise<void> {
  await updateSiteRow(tx, websiteId, { labs: NEW_SITE_LABS });
}

/**
 * Creates the site with `accountId` as its ADMIN. An identifier another site has (checked first,
 * and again in the transaction, where a race ends at the unique index) is a SiteTakenError.
 */
export async function createSite(
  db: Db,
  accountId: string,
  input: { identifier: string; title: string; template: SiteTemplate },
): Promise<{ websiteId: string }> {
  const { identifier, title, template } = input;
  if (await findWebsiteByIdentifier(db, identifier)) throw new SiteTakenError(identifier);
  const doc = await templateDocument(template, identifier, title);
  let websiteId: string;
  try {
    ({ websiteId } = await writeSiteDocument(db, doc, {
      within: async (tx, site) => {
        // Created between the check above and the import's lock: refused, and the import undone.
        if (!site.created) throw new SiteTakenError(identifier);
        await startNewSiteLabs(tx, site.websiteId);
        await setRole(tx, site.websiteId, accountId, TEAM_ROLES.ADMIN);
        await logActivity(tx, site.websiteId, accountId, 'site.created', { template });
      },
    }));
  } catch (err) {
    // Two owners creating one identifier at once: the second meets the unique index.
    if (err instanceof SiteConflictError && (await findWebsiteByIdentifier(db, identifier))) throw new SiteTakenError(identifier);
    throw err;
  }
  // The demo's contact form asks for a captcha: the copy gets a key for the built-in one, as the demo does.
  if (template === 'demo') await chooseAltcha(db, websiteId, accountId);
  return { websiteId };
}
