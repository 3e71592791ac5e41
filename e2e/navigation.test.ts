/**
 * The Navigation screen in Chromium, as an owner uses it: add a header menu item with the link
 * picker, move it up and put it under the item above from the keyboard (each move announced),
 * drag another, add a footer link to a phone number, and save; then, as a visitor, find the
 * nested item in the header's dropdown by keyboard (no JavaScript runs for it) and the footer
 * link. Then walk the link picker's kinds: each writes its address, and a refused link of each
 * kind shows the seed's message beside the field (000-5.57's '{val} is not a valid page URL').
 * Axe finds no serious violation on the screen or in the picker.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, ownerApi, siteForFile, signInAsOwner, sqlOn, visitorContext } from './harness';

const env = siteForFile();

async function navigationScreen(): Promise<Page> {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
  const page = await context.newPage();
  // A step that fails says which, well before the test's own time runs out.
  page.setDefaultTimeout(10_000);
  await signInAsOwner(page, env.site());
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Navigation' }).click();
  await page.getByRole('heading', { name: 'Navigation', level: 1 }).waitFor();
  return page;
}

const announced = (page: Page) => page.locator('.navigation-screen [role="status"][aria-live="polite"]');
const titles = (page: Page, menu: string) => page.getByRole('region', { name: menu }).locator('.nav-tree-label strong').allInnerTexts();

describe('navigation', () => {
  it('builds a header menu with a dropdown and a footer link from the screen, and a visitor reaches them by keyboard', async () => {
    await (await ownerApi(env.site())).call('PUT', '/api/config/navigation', {
      navigation: [
        { title: 'Home', href: '/' },
        { title: 'About', href: '/about' },
        { title: 'Contact', href: '/contact' },
      ],
      footerLinks: [],
    });
    const page = await navigationScreen();
    const header = page.getByRole('region', { name: 'Header menu' });
    expect(await titles(page, 'Header menu')).toEqual(['Home', 'About', 'Contact']);

    // A new item, linked to a page through the picker.
    await header.getByRole('button', { name: 'Add an item' }).click();
    await page.getByRole('status').filter({ hasText: 'New item added at the end of the Header menu.' }).waitFor();
    await page.getByLabel('Title in the menu').fill('Blocks');
    await page.getByLabel('Link: link to').selectOption({ label: 'A page of this site' });
    await page.getByLabel('Link: page').selectOption({ label: 'Site guide (/blocks)' });
    expect(await page.getByLabel('Link', { exact: true }).inputValue()).toBe('/blocks');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done: Blocks' }).click();

    // From the keyboard: up one, then under the item above (About), each announced.
    await page.getByRole('button', { name: 'Move up: Blocks' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page).textContent()).toBe('Blocks moved up, now 3 of 4.');
    expect(await titles(page, 'Header menu')).toEqual(['Home', 'About', 'Blocks', 'Contact']);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit: Blocks');
    await page.getByRole('button', { name: 'Put under the item above: Blocks' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => announced(page).textContent()).toBe('Blocks is now in the dropdown of About.');
    expect(await header.getByRole('list', { name: 'under About' }).locator('.nav-tree-label strong').allInnerTexts()).toEqual(['Blocks']);
    // Focus stays with the moved item, now on the control that takes it out again.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Take out of the dropdown: Blocks');
    // A second level is refused, and the refusal is said.
    await page.getByRole('button', { name: 'Put under the item above: Contact' }).click();
    await expect.poll(() => announced(page).textContent()).toBe('Contact is now in the dropdown of About.');
    await page.getByRole('button', { name: 'Take out of the dropdown: Contact' }).click();
    await page.getByRole('button', { name: 'Put under the item above: About' }).click();
    await expect.poll(() => announced(page).textContent()).toBe('About has links under it, and menus go one level deep: take them out of its dropdown first.');

    // A drag: Contact before Home.
    await header.locator('.nav-tree-row', { hasText: 'Contact' }).dragTo(header.locator('.nav-tree-row', { hasText: 'Home' }));
    await expect.poll(() => announced(page).textContent()).toBe('Contact moved, now 1 of 3.');
    expect(await titles(page, 'Header menu')).toEqual(['Contact', 'Home', 'About', 'Blocks']);

    // A footer link to a phone number.
    const footer = page.getByRole('region', { name: 'Footer links' });
    await footer.getByRole('button', { name: 'Add an item' }).click();
    await page.getByLabel('Title in the menu').fill('Call us');
    await page.getByLabel('Link: link to').selectOption({ label: 'A phone number' });
    await page.getByLabel('Link: phone number').fill('+44 20 7946 0000');
    expect(await page.getByLabel('Link', { exact: true }).inputValue()).toBe('tel:+442079460000');
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. Every page shows the new menus now.' }).waitFor();
    await page.context().close();

    // As a visitor: the dropdown opens as focus enters it, with no JavaScript.
    const visitor = await (await visitorContext(env.browser(), env.site(), { ...desktop, javaScriptEnabled: false })).newPage();
    await visitor.goto(`${env.site().url}/`);
    const main = visitor.getByRole('navigation', { name: 'Main' });
    const dropdown = main.getByRole('list', { name: 'About' });
    const nested = dropdown.getByRole('link', { name: 'Blocks' });
    // Closed, the dropdown is clipped to a pixel; open, it shows its links.
    const width = async () => (await dropdown.boundingBox())?.width ?? 0;
    expect(await width()).toBeLessThanOrEqual(1);
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await visitor.keyboard.press('Tab');
      reached = await nested.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    expect(await width()).toBeGreaterThan(20);
    // Focus is visible on it.
    expect(await nested.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await nested.press('Enter');
    await visitor.waitForURL(/\/blocks$/);
    const footerLink = visitor.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Call us' });
    expect(await footerLink.getAttribute('href')).toBe('tel:+442079460000');
    await visitor.context().close();
  });

  // covers 000-5.36, 000-5.42, 000-5.43, 000-5.44, 000-5.45 (each bound and check, on screen) with 000-5.57's message
  it('walks the link picker: each kind writes its address, and a refused link shows the seed message beside the field', async () => {
    const page = await navigationScreen();
    await page.getByRole('button', { name: 'Edit: Home' }).click();
    const address = page.getByLabel('Link', { exact: true });
    const kind = page.getByLabel('Link: link to');
    /** The message beside the field, and that the field points to it. */
    const refused = async (text: string) => {
      const error = page.locator('.link-picker .field-error');
      await expect.poll(() => error.textContent()).toBe(text);
      expect(await address.getAttribute('aria-invalid')).toBe('true');
      expect((await address.getAttribute('aria-describedby'))?.split(' ')).toContain(await error.getAttribute('id'));
    };
    const accepted = async (href: string) => {
      await expect.poll(() => address.inputValue()).toBe(href);
      expect(await page.locator('.link-picker .field-error').count()).toBe(0);
      expect(await address.getAttribute('aria-invalid')).toBeNull();
    };
    const contactId = (
      await sqlOn(env.site(), `SELECT sections->0->>'id' AS id FROM pages WHERE website_id = $1 AND path = '/contact'`, [env.site().websiteId])
    )[0]!.id as string;

    // A page.
    await kind.selectOption({ label: 'A page of this site' });
    await page.getByLabel('Link: page').selectOption({ label: 'Contact (/contact)' });
    await accepted('/contact');
    // A place on a page: the published page's section id.
    await kind.selectOption({ label: 'A place on a page' });
    await page.getByLabel('Link: place on the page').selectOption({ label: 'Section 1' });
    await accepted(`/contact#section-${contactId}`);
    expect(await seriousViolations(page)).toEqual([]);
    await address.fill(`#${'a'.repeat(120)}`);
    await refused(`#${'a'.repeat(120)} is not a valid page URL. It is too long for an anchor (#…) link: it must be under 100 characters.`);
    // A file.
    await kind.selectOption({ label: 'A file' });
    await page.getByLabel('Link: file').selectOption({ label: 'glaze-tests.jpg' });
    await accepted('/s/glaze-tests.jpg');
    await address.fill(`/s/${'b'.repeat(150)}.pdf`);
    await refused(`/s/${'b'.repeat(150)}.pdf is not a valid page URL. It is too long for a link within the site: it must be under 150 characters.`);
    // A web address.
    await kind.selectOption({ label: 'A web address' });
    await address.fill('www.example.com');
    await refused(
      'www.example.com is not a valid page URL. It is not a link a page can use: write a path (/about), an anchor (#top), an address (https://example.com/…), or a mailto:, tel: or sms: link.',
    );
    await address.fill('https://example.com/visit');
    await accepted('https://example.com/visit');
    await address.fill('javascript:alert(1)');
    await refused(
      'javascript:alert(1) is not a valid page URL. It is a javascript: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link.',
    );
    // An email address.
    await kind.selectOption({ label: 'An email address' });
    const email = page.getByLabel('Link: email address');
    await email.fill('studio');
    await refused('mailto:studio is not a valid page URL. It is a mailto: link without exactly one @ in its address.');
    await email.fill('studio@harbour');
    await refused('mailto:studio@harbour is not a valid page URL. It is a mailto: link without a domain with a dot after the @ (name@example.com).');
    await email.fill('studio@harbour.example');
    await accepted('mailto:studio@harbour.example');
    // A phone number.
    await kind.selectOption({ label: 'A phone number' });
    const phone = page.getByLabel('Link: phone number');
    await phone.fill('12');
    await refused('tel:12 is not a valid page URL. It is a tel: link with fewer than 4 digits.');
    await phone.fill('call me');
    await refused('tel:callme is not a valid page URL. It is a tel: link with characters other than digits, - and a leading +.');
    expect(await seriousViolations(page)).toEqual([]);

    // Saved as it is, the server refuses it with the same message, beside the same field.
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByRole('alert').filter({ hasText: 'The navigation was not saved: correct the items marked below.' }).waitFor();
    await refused('tel:callme is not a valid page URL. It is a tel: link with characters other than digits, - and a leading +.');
    await page.context().close();
  });
});
