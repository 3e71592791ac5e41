/** The content module's face: what other modules and the platform may use. */
export { reviseDraftsHoldingForm } from './drafts/page-drafts';
export { blocksInContent, reviseContentHoldingBlocks, type BlockInContent } from './holding-blocks';
export { fileGates, mayOpenOneOf } from './published/file-audience';
export { UNLOCK_COOKIE, unlockTools } from './published/page-access';
export { pageAccessOf, type ItemSummary, type PublishedCollection, type PublishedPage, type SiteContent } from './published/published';
export { contentReader, createSiteContentCache, type SiteContentCache, type SiteContentSource } from './published/site-content';
export { SCHEDULED_POSTS_JOB, scheduledPostsHandler } from './scheduled-posts';
export { DEMO_SITE_FILE, SiteTakenError, createSite, templateDocument } from './sites/new-sites';
export { ArchiveRefusal, afterImport, documentRefusal, importSiteArchive, siteArchive } from './sites/site-archive';
export { SiteConflictError, SiteImportRefusal, exportSite, importSite } from './sites/sites';
export { DATA_MIGRATIONS } from './data-migrations';
