/** The content module's face: what other modules and the platform may use. */
export {
  discardDraft,
  discardPostDraft,
  editorPage,
  editorPost,
  publishDraft,
  publishPostDraft,
  restoreRevision,
  saveDraft,
  savePostDraft,
  type Outcome,
} from './drafts/page-drafts';
export { listRevisions, readRevision } from './drafts/page-revisions';
export { reviseDraftsHolding } from './drafts/outside-writes';
export { blocksInContent, reviseContentHoldingBlocks, type BlockInContent } from './holding-blocks';
export { fileGates, mayOpenOneOf } from './published/file-audience';
export { UNLOCK_COOKIE, unlockTools } from './published/page-access';
export { pageAccessOf, type ItemSummary, type PublishedCollection, type PublishedPage, type SiteContent } from './published/published';
export { contentReader, createSiteContentCache, type SiteContentCache, type SiteContentSource } from './published/site-content';
export { SCHEDULED_POSTS_JOB, scheduledPostsHandler } from './scheduled-posts';
export { DEMO_SITE_FILE, SiteTakenError, asksForCaptcha, createSite, startNewSiteLabs, templateDocument, templateSettings } from './sites/new-sites';
export { BLANK_TEMPLATE, UnknownTemplateError, isTemplateId, siteTemplates, templateIds } from './sites/site-templates';
export { ArchiveRefusal, siteArchive } from './sites/site-archive';
export { SiteConflictError, SiteImportRefusal, exportSite, writeSiteDocument } from './sites/sites';
export { importSite, type ImportSiteOptions, type ImportSource, type ImportedSite } from './operations/import-site';
export { DATA_MIGRATIONS } from './data-migrations';
export { createShop, listShops, shopDirectory, updateShop, type ShopBody } from './operations/shops';
