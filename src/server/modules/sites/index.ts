/** The sites module's face: what other modules and the platform may use. */
export { logActivity, recentActivity } from './activity';
export { chooseAltcha, pruneSpentCaptchas, verifyCaptcha, type PublicCaptcha } from './captcha';
export { listenForSiteChanges, markSiteChanged, type SiteChangeListener } from './site-changes';
export { DEFAULT_SITE_LIMITS, identifierRefused, mayCreateSites, spaceLeftText, storageUsed, whoCreatesSites, type SiteLimits } from './site-limits';
export { lockSite } from './site-lock';
export {
  currentSiteSettings,
  defaultSite,
  findWebsiteByIdentifier,
  hasAnySite,
  siteColumns,
  siteIdOf,
  siteRow,
  sitesByIds,
  websiteForHost,
  type WebsiteRow,
} from './site-rows';
export { addSiteDomains, createSiteRow, removeSiteDomains, updateSiteRow, withJsonMember, withoutJsonMember } from './site-writes';
export { onStoredProblem, siteFooter, siteHeader, siteNavigation, siteSettings, storedPageAccess, storedSections, strict } from './stored-json';
export { captchaKeys, translationApiKeys } from './stored-secrets';
export { moneyFormatOf } from './money-format';
