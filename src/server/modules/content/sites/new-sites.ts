/**
 * New sites: an account creates one, blank or from a template (./site-templates.ts: a folder of
 * sites/ each; the Shop template is the demo without its site guide), and becomes its owner
 * (ADMIN). The site is imported as a site document with `writeSiteDocument`, and the owner's
 * membership and the activity entry are written in the import's own transaction, so a site never
 * exists without its owner. A fresh install may start from the blank site or a template too
 * (`npm start -- --blank`, `--template NAME`, or START_WITH=NAME: src/server/demo.ts).
 */
import { readFile } from 'node:fs/promises';
import { siteDocumentSchema } from '../../../../blocks/site-document';
import { buildSectionLayout } from '../../../../blocks/section-layouts';
import type { SiteTemplateCard } from '../../../../contracts/pages';
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
import { BLANK_TEMPLATE, leaveOut, siteTemplate, siteTemplates, UnknownTemplateError } from './site-templates';

/** The demo site's document: imported on a fresh install's first start (../demo.ts), and the Shop template's. */
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

type RawDocument = Record<string, unknown> & { settings: Record<string, unknown> };

/** A template's document as its folder holds it; a new site's without what its card leaves out (`whole` keeps it, as a fresh install does). */
async function templateJson(id: string, whole: boolean): Promise<RawDocument> {
  const template = siteTemplate(id);
  if (!template) throw new UnknownTemplateError(id);
  const doc = JSON.parse(await readFile(template.documentFile, 'utf8')) as RawDocument;
  return whole ? doc : leaveOut(doc, template.leaveOut);
}

/** A template's own identifier and title (its document's): what a fresh install from it is called. */
export async function templateSettings(id: string): Promise<{ identifier: string; title: string }> {
  const { identifier, title } = (await templateJson(id, true)).settings;
  return { identifier: String(identifier), title: String(title) };
}

/**
 * A template's document under another identifier and title, with none of its custom domains, as
 * the writing schema gives it (owner HTML sanitised, defaults filled). A new site's leaves out what
 * the template's card says (the demo's site guide); `whole` keeps everything, as a fresh install does.
 */
export async function templateDocument(
  template: string,
  identifier: string,
  title: string,
  opts: { whole?: boolean } = {},
): Promise<SiteDocument<StoredBlockData>> {
  let raw: unknown;
  if (template === BLANK_TEMPLATE) raw = blankSiteDocument(identifier, title);
  else {
    const doc = await templateJson(template, opts.whole ?? false);
    raw = { ...doc, settings: { ...doc.settings, identifier, title, customDomains: [] } };
  }
  const loaded = loadDocument(raw, siteDocumentSchema);
  if (!loaded.ok) throw new Error(`The ${template} site document is invalid: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  return loaded.document;
}

/** Whether a form or a sign-up of the site asks for a captcha: the site then gets a key for the built-in one, as the demo does. */
export function asksForCaptcha(doc: SiteDocument<StoredBlockData>): boolean {
  const asks = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(asks);
    if (typeof value !== 'object' || value === null) return false;
    return Object.entries(value).some(([key, v]) => (key === 'captcha' && v === true) || asks(v));
  };
  return asks(doc.pages.map((p) => p.sections)) || asks(doc.collections.map((c) => c.items.map((i) => i.sections)));
}

let cards: Promise<SiteTemplateCard[]> | undefined;

/** Every template as the New site screen shows it, read once: its card, its picture's address and its pages (those a new site from it gets, published). */
export function templateCards(): Promise<SiteTemplateCard[]> {
  cards ??= Promise.all(
    siteTemplates().map(async (t) => {
      const doc = await templateDocument(t.id, 'template', t.name);
      const published = CONTENT_STATUSES.PUBLISHED;
      const pages = [
        ...doc.pages.filter((p) => p.path && p.status === published && p.access.type === 'public').map((p) => ({ title: p.title, path: p.path! })),
        ...doc.collections.filter((c) => c.status === published).map((c) => ({ title: c.title, path: c.path })),
      ];
      return { id: t.id, name: t.name, description: t.description, picture: t.picture?.url ?? null, pages };
    }),
  );
  // A document that would not load is tried again at the next call (its error is the answer's).
  cards.catch(() => (cards = undefined));
  return cards;
}

/** A site made now starts with the labs flags of new sites (locale currency formatting), in its import's transaction. */
export async function startNewSiteLabs(tx: Executor, websiteId: string): Promise<void> {
  await updateSiteRow(tx, websiteId, { labs: NEW_SITE_LABS });
}

/**
 * Creates the site with `accountId` as its ADMIN. An identifier another site has (checked first,
 * and again in the transaction, where a race ends at the unique index) is a SiteTakenError.
 */
export async function createSite(db: Db, accountId: string, input: { identifier: string; title: string; template: string }): Promise<{ websiteId: string }> {
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
  // A contact form that asks for a captcha (the demo's does): the site gets a key for the built-in one, as the demo has.
  if (asksForCaptcha(doc)) await chooseAltcha(db, websiteId, accountId);
  return { websiteId };
}
