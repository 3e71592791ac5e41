import { describe, expect, it } from 'vitest';
import type { SiteContext } from '../../ui/page-contract/site-context';
import { eventContext, hitData } from './context';
import { pageFactsFixture } from './page-facts.fixture';

const ctx: SiteContext & { pagePermissionTypeValue?: number } = {
  websiteId: 'w1',
  templateId: 'openpress-7.1',
  websiteLocale: 'en-US',
  pageType: 2,
  tracked: true,
  restrictive: true,
  pageId: 'p1',
  collectionId: 'p1',
  recordType: 1,
  memberAccountId: 'm1',
  pagePermissionTypeValue: 2,
};
const page = pageFactsFixture();

describe('event context and census hit data', () => {
  // covers 000-3.45, 001-3.45, 001-6.05
  it('carries the eight context fields, the member account id only when identifiers are allowed', () => {
    expect(eventContext(ctx, page, true)).toEqual({
      websiteId: 'w1',
      templateId: 'openpress-7.1',
      variantId: null,
      memberAccountId: 'm1',
      pagePath: '/blog',
      pageHash: '#top',
      member_locale: 'de-DE',
      website_locale: 'en-US',
    });
    expect(eventContext(ctx, page, false).memberAccountId).toBeNull();
  });

  // covers 000-3.44
  it('has every census hit field', () => {
    const data = hitData(ctx, page, true);
    for (const key of [
      'websiteId',
      'templateId',
      'website_locale',
      'userAgent',
      'clientDate',
      'viewportInnerHeight',
      'viewportInnerWidth',
      'screenHeight',
      'screenWidth',
      'url',
      'title',
      'itemId',
      'recordType',
      'collectionId',
      'pagePermissionTypeValue',
      'localStorageSupported',
      'queryString',
      'referrer',
    ]) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data).toMatchObject({
      url: 'https://pottery.example/blog/',
      queryString: 'a=1',
      viewportInnerWidth: 1280,
      screenHeight: 1080,
      pagePermissionTypeValue: 2,
      itemId: null,
    });
  });
});
