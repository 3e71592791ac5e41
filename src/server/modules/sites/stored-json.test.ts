import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  onStoredProblem,
  siteFooter,
  siteNavigation,
  siteSettings,
  storedPageAccess,
  storedSections,
  strict,
  StoredDataError,
  type StoredProblem,
} from './stored-json';

const paragraph = (words: string) => ({ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: words }] });
const text = (id: string, words: string) => ({
  id,
  type: 2,
  data: { text: { type: 'doc', content: [paragraph(words)] } },
  layout: { desktop: { x: 0, y: 0, w: 12, h: 2 } },
});
const SECTION_ID = 'a'.repeat(24);

let problems: StoredProblem[];
beforeEach(() => {
  problems = [];
  onStoredProblem((p) => problems.push(p));
});
afterEach(() => onStoredProblem(() => undefined));

describe('the stored JSON reader', () => {
  it('reads sound settings whole, with the defaults of settings stored before they existed', () => {
    const settings = siteSettings({ id: 's1', identifier: 'demo', settings: { title: 'Juniper Ceramics', locale: 'de-DE' } });
    expect(settings).toMatchObject({ identifier: 'demo', title: 'Juniper Ceramics', locale: 'de-DE', timeZone: 'UTC', badgeType: 1, customDomains: [] });
    expect(problems).toEqual([]);
  });

  it('gives a failing setting its default, keeps the others, and names the path without the value', () => {
    const settings = siteSettings({
      id: 's2',
      identifier: 'demo',
      settings: { title: 'Shop', badgeType: 9, timeZone: 'Mars/Olympus', contact: { phone: 'call me maybe' } },
    });
    expect(settings).toMatchObject({ title: 'Shop', badgeType: 1, timeZone: 'UTC', contact: {} });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ websiteId: 's2', column: 'websites.settings' });
    expect(problems[0]!.paths.sort()).toEqual(['badgeType', 'contact.phone', 'timeZone']);
    expect(JSON.stringify(problems)).not.toContain('Mars');
  });

  it('names a site whose title is unreadable by its identifier', () => {
    expect(siteSettings({ id: 's3', identifier: 'juniper', settings: { title: '' } }).title).toBe('juniper');
    expect(siteSettings({ id: 's3', identifier: 'juniper', settings: 'not an object' }).title).toBe('juniper');
  });

  it('parses a stored value once, however many times it is read', () => {
    const row = { id: 's4', identifier: 'demo', settings: { title: 'Shop', badgeType: 9 } };
    siteSettings(row);
    siteSettings(row);
    expect(problems).toHaveLength(1);
  });

  it('leaves out a navigation link that fails, and reads old links without the link rules', () => {
    const links = siteNavigation({
      id: 's5',
      navigation: [
        { title: 'Home', href: '/' },
        { title: '', href: '/x' },
        { title: 'Old', href: 'javascript:alert(1)' },
      ],
    });
    expect(links).toEqual([
      { title: 'Home', href: '/', newWindow: false },
      { title: 'Old', href: 'javascript:alert(1)', newWindow: false },
    ]);
    expect(problems[0]!.paths).toEqual(['1']);
  });

  it('fills the footer of a site stored before footers existed', () => {
    expect(siteFooter({ id: 's6', footer: {} })).toEqual({ showNavigation: true, links: [] });
  });

  it('reads sound sections with their defaults, and refuses sections with a failing block rather than show the page without it', () => {
    const at = { websiteId: 's7', column: 'pages.sections', row: 'p1' };
    expect(storedSections([{ id: SECTION_ID, blocks: [text('b'.repeat(24), 'Kept')] }], at)[0]).toMatchObject({
      theme: 'white',
      blocks: [{ data: { text: { content: [paragraph('Kept')] } } }],
    });
    const broken = [{ id: SECTION_ID, theme: 'light', blocks: [text('b'.repeat(24), 'Kept'), { id: 'c'.repeat(24), type: 9999, data: {}, layout: {} }] }];
    expect(() => storedSections(broken, at)).toThrow(/pages\.sections of p1 on site s7 fails its schema at 0\.blocks\.1/);
    expect(problems).toEqual([]);
  });

  it('refuses page access it cannot read, rather than guess who may see the page', () => {
    expect(storedPageAccess({ type: 'members' }, { websiteId: 's9', column: 'pages.access' })).toEqual({ type: 'members' });
    expect(() => storedPageAccess({ type: 'password', passwordHash: 'hunter2' }, { websiteId: 's9', column: 'pages.access', row: 'p2' })).toThrow(
      StoredDataError,
    );
    try {
      storedPageAccess({ type: 'password', passwordHash: 'hunter2' }, { websiteId: 's9', column: 'pages.access', row: 'p2' });
    } catch (err) {
      expect((err as Error).message).toContain('passwordHash');
      expect((err as Error).message).not.toContain('hunter2');
    }
  });

  it('refuses, for the export, what the page reader would leave out', () => {
    const stored = [{ id: SECTION_ID, blocks: [{ id: 'c'.repeat(24), type: 9999, data: {}, layout: {} }] }];
    expect(() => strict.sections(stored, { websiteId: 's10', column: 'pages.sections' })).toThrow(StoredDataError);
    expect(() => strict.settings({ id: 's10', identifier: 'demo', settings: { title: 'Shop', badgeType: 9 } })).toThrow(StoredDataError);
    expect(problems).toEqual([]);
  });
});
