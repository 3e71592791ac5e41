import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  configAreaPage,
  configRedirectUrl,
  donateCheckoutUrl,
  giftCardCheckoutUrl,
  logoutReturnUrl,
  quickViewPath,
  ROUTES,
  shouldRedirectToConfig,
  subscribeCheckoutUrl,
} from './routes';
import { TEAM_ROLES } from './roles';

const owner = {
  hostname: 'bakery.example.com',
  signedIn: true,
  roles: [TEAM_ROLES.ADMIN],
  inEditorFrame: false,
  noRedirect: false,
  developerMode: false,
  cloneable: false,
};

describe('routes', () => {
  // covers 000-2.11
  it('recognise the design path, an editor page and the rest of the config area, apart from site pages', () => {
    expect(configAreaPage('/config/design')).toBe('design');
    expect(configAreaPage('/config/design/')).toBe('design');
    expect(configAreaPage('/config/design/colours')).toBe('design');
    expect(configAreaPage('/config/design?x=1')).toBe('design');
    expect(configAreaPage('/config/pages/0123456789abcdef01234567')).toBe('editor');
    expect(configAreaPage('/config/')).toBe('config');
    expect(configAreaPage('/config/?frameUrl=%2Fdesign')).toBe('config');
    expect(configAreaPage('/config/designer')).toBe('config');
    for (const site of ['/', '/design', '/blog/config/design', '/configure']) expect(configAreaPage(site), site).toBeUndefined();
  });

  // constants and helpers for 000-2.01, 000-2.12, 000-9.51, 001-7.45, 001-7.46, 001-7.49 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('are the seed paths', () => {
    expect(ROUTES.GOTO_CHECKOUT).toBe('/commerce/goto-checkout');
    expect(ROUTES.CONFIG_DESIGN).toBe('/config/design');
    expect(ROUTES.SEARCH).toBe('/search');
    expect(ROUTES.BILLING_UPGRADE).toBe('/settings/billing/upgrade');
    expect(ROUTES.BILLING_SUBSCRIPTION).toBe('/settings/billing/subscriptions/website');
    expect(ROUTES.API_ROOT).toBe('/api/');
    expect(ROUTES.REST_ROOT).toBe('/api/rest/');
    expect(ROUTES.LIBRARY_BASE).toBe('/universal/yui3/3.17.2/');
  });

  // constants and helpers for 000-2.04, 000-2.05, 000-2.07, 000-2.08 (the HTTP behaviour is left to HTTP tests)
  it('builds the checkout links with their query parameters', () => {
    expect(subscribeCheckoutUrl('tok')).toBe('/checkout/subscribe?cartToken=tok');
    expect(donateCheckoutUrl('p1')).toBe('/checkout/donate?donatePageId=p1');
    expect(giftCardCheckoutUrl({ websiteId: 'w', giftCardProductId: 'g' })).toBe('/checkout/giftcard?websiteId=w&giftCardProductId=g');
    expect(giftCardCheckoutUrl({ websiteId: 'w', giftCardProductId: 'g', sku: 'SQ1234567' })).toBe(
      '/checkout/giftcard?websiteId=w&giftCardProductId=g&sku=SQ1234567',
    );
  });

  // constants and helpers for 000-2.09, 000-2.10 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('sends owners to /config/ with the encoded path and query in frameUrl', () => {
    expect(configRedirectUrl('/blog?x=1')).toBe('/config/?frameUrl=%2Fblog%3Fx%3D1');
  });

  // constants and helpers for 000-4.70, 000-4.71 (the browser behaviour is left to end-to-end tests)
  it('returns from logout with logout=true', () => {
    expect(logoutReturnUrl()).toBe('/?logout=true');
    expect(logoutReturnUrl('/config/preview?page=2')).toBe('/config/preview?page=2&logout=true');
  });

  // path constants for 000-7.01, 000-7.04, 000-7.07, 000-7.09, 000-7.10, 000-7.13, 000-7.14, 000-7.15, 000-7.18, 000-7.20, 000-7.22 (the requests themselves are left to end-to-end tests)
  it('names the seed 000 calls', () => {
    expect(API_PATHS.FORM_SUBMISSION_KEY).toBe('/api/form/FormSubmissionKey');
    expect(API_PATHS.SAVE_FORM_SUBMISSION).toBe('/api/form/SaveFormSubmission');
    expect(API_PATHS.RECORD_JAVASCRIPT_ERRORS).toBe('/api/events/RecordJavascriptErrors');
    expect(API_PATHS.LOGOUT).toBe('/api/auth/Logout');
    expect(API_PATHS.WIDGET_RENDERING).toBe('/api/widget/GetWidgetRendering');
    expect(API_PATHS.CENSUS_RECORD_HIT).toBe('/api/census/RecordHit');
    expect(API_PATHS.CENSUS_BUTTON_RENDER).toBe('/api/census/button-render');
    expect(API_PATHS.CENSUS_BUTTON_CLICK).toBe('/api/census/button-click');
    expect(API_PATHS.CENSUS_FORM_RENDER).toBe('/api/census/form-render');
    expect(API_PATHS.CENSUS_OVERLAY).toBe('/api/census/overlay');
    expect(quickViewPath('abc')).toBe('/api/census/RecordQuickView/abc');
  });
});

describe('shouldRedirectToConfig', () => {
  // constants and helpers for 000-2.20, 000-1.11 (the browser behaviour is left to end-to-end tests)
  it('sends a signed-in owner outside the editor frame to config', () => {
    expect(shouldRedirectToConfig(owner)).toBe(true);
    expect(shouldRedirectToConfig({ ...owner, signedIn: false })).toBe(false);
    expect(shouldRedirectToConfig({ ...owner, inEditorFrame: true })).toBe(false);
  });

  // constants and helpers for 000-2.21, 000-2.22, 000-2.23, 000-2.24, 000-2.25, 000-2.26, 000-6.04 (the browser behaviour is left to end-to-end tests)
  it('skips the redirect on localhost, with noredirect, for developer-mode or cloneable sites and for viewers', () => {
    expect(shouldRedirectToConfig({ ...owner, hostname: 'localhost' })).toBe(false);
    expect(shouldRedirectToConfig({ ...owner, hostname: '127.0.0.1' })).toBe(false);
    expect(shouldRedirectToConfig({ ...owner, hostname: '[::1]' })).toBe(false);
    expect(shouldRedirectToConfig({ ...owner, noRedirect: true })).toBe(false);
    expect(shouldRedirectToConfig({ ...owner, developerMode: true })).toBe(false);
    expect(shouldRedirectToConfig({ ...owner, cloneable: true })).toBe(false);
    expect(shouldRedirectToConfig({ ...owner, roles: [TEAM_ROLES.VIEWER] })).toBe(false);
    expect(shouldRedirectToConfig({ ...owner, roles: [TEAM_ROLES.VIEWER, TEAM_ROLES.EDITOR] })).toBe(true);
  });
});
