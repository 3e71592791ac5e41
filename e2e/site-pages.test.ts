/**
 * A new owner's first site, in Chromium: a team member who is ADMIN of no site is not offered a
 * new site and reads who creates them; from the demo site's config area the owner creates a
 * blank site, follows the link to its own config area and signs in there with the same account;
 * adds two pages (one blank and in the header menu, one from the pricing layout and left out of it,
 * the second from the keyboard alone), each opening in the editor at once, moves
 * one with Move up (announced, focus kept), publishes both from the editor, and renames a
 * published page's URL slug: a visitor following the old address lands on the new one. The home
 * page's Delete is refused with its message; the three pages go into the header menu, one in a
 * dropdown, with a footer link to an email address, as visitors then see them; the add-page
 * dialog's eleven choices (blank and ten layouts) do not overprint at 1280 or 390 px. Axe finds no serious violation on the new-site form,
 * the Pages screen, the add-page dialog or the page settings dialog.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { addTeamMember, desktop, siteForFile, signInAsOwner, visitorContext } from './harness';
import { overprintedChoices } from './layout-pickers';

const env = siteForFile();

async function publishFromEditor(page: Page, title: string) {
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.waitForURL(/\/config\/pages\/[0-9a-f]{24}$/);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish this page?' }).getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Published. Visitors now see this version.').first().waitFor();
  await page.getByRole('button', { name: 'All pages' }).click();
  await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  // The list comes after the heading: the page just added is in it.
  await page.getByRole('rowheader', { name: title }).waitFor();
}

/** A page just added is open in the editor, at its own address; All pages goes back to the list. */
async function inEditorOf(page: Page, title: string) {
  await page.waitForURL(/\/config\/pages\/[0-9a-f]{24}$/);
  // The editor's bar names the page.
  await page.getByText(title, { exact: true }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor();
  await page.getByRole('button', { name: 'All pages' }).click();
  await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
}

describe('a new site and its pages', () => {
  it('is not offered to a team member who is ADMIN of no site: the account screen says who creates sites', async () => {
    const server = env.site();
    const editor = await addTeamMember(server, 'EDITOR');
    const context = await visitorContext(env.browser(), server, desktop);
    const page = await context.newPage();
    await signInAsOwner(page, server, editor);
    await page.getByRole('link', { name: 'Your account' }).click();
    await page
      .getByText('On this server, new sites are created by the owners (ADMIN) of a site. Ask one of them to create it, or to make you an ADMIN of theirs.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'New site' }).count()).toBe(0);
    await context.close();
  });

  it('a new owner creates a blank site, adds and publishes pages, and renames one whose old address then leads to the new', { timeout: 120_000 }, async () => {
    const server = env.site();
    const context = await visitorContext(env.browser(), server, { ...desktop, bypassCSP: true });
    const page = await context.newPage();
    await signInAsOwner(page, server);

    // The new-site form, beside the site picker on the account screen.
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('button', { name: 'New site' }).click();
    await page.getByLabel('Site title').fill('Harbour Bakery');
    expect(await page.getByLabel('Site identifier').inputValue()).toBe('harbour-bakery');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create site' }).click();
    await page.getByText('Created the site “Harbour Bakery”. You are its owner.').waitFor();
    const link = page.getByRole('link', { name: 'Open the config area of Harbour Bakery' });
    const siteOrigin = `http://harbour-bakery.localhost:${server.port}`;
    expect(await link.getAttribute('href')).toBe(`${siteOrigin}/config/`);
    // The picker lists it at once.
    await page.getByRole('navigation', { name: 'Your sites' }).getByRole('link', { name: 'Harbour Bakery' }).waitFor();

    // Its config area has its own address: signing in there with the same account makes an ADMIN.
    await link.click();
    await page.getByLabel('Email').fill(server.owner.email);
    await page.getByLabel('Password').fill(server.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Config' });
    await nav.waitFor();
    expect(await page.locator('.shell-site').textContent()).toBe('Harbour Bakery');
    await nav.getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('rowheader', { name: /^Home/ }).waitFor();

    // A blank page, shown in the header menu (the box is ticked at first): it opens in the editor.
    await page.getByRole('button', { name: 'Add a page' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a page' });
    await addDialog.getByLabel('Page title').fill('About us');
    expect(await addDialog.getByLabel('Show in the header menu').isChecked()).toBe(true);
    // A blank page and the ten layouts, each its picture beside its name and line, apart at a laptop's width and a phone's.
    expect(await addDialog.getByRole('radio').count()).toBe(11);
    for (const width of [1280, 390]) expect(await overprintedChoices(page, addDialog, width), `${width} px`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await addDialog.getByRole('button', { name: 'Add page' }).click();
    await inEditorOf(page, 'About us');

    // A page from a section layout, left out of the menu, from the keyboard alone.
    await page.getByRole('button', { name: 'Add a page' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Add a page' }).getByLabel('Page title').waitFor();
    await page.keyboard.type('Our breads');
    await page.keyboard.press('Tab'); // URL slug, left empty
    await page.keyboard.press('Tab'); // Start from: Blank page
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown'); // Hero, Features, Gallery, Testimonials, Pricing
    expect(await addDialog.getByLabel('Pricing', { exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('Tab'); // Show in the header menu
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Show in the header menu').isChecked()).toBe(false);
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Add page
    await page.keyboard.press('Enter');
    await inEditorOf(page, 'Our breads');
    // The list as it settles after leaving the editor (read until it holds the three pages).
    await expect.poll(async () => (await page.getByRole('rowheader').allTextContents()).map((t) => t.trim())).toEqual(['Home Home', 'About us', 'Our breads']);
    const status = page.locator('.pages-screen p[role="status"]');

    // Move up: announced in the status line, focus kept on the button.
    await page.getByRole('button', { name: 'Move up Our breads' }).focus();
    await page.keyboard.press('Enter');
    await status.getByText('“Our breads” moved to position 2 of 3.').waitFor();
    expect((await page.getByRole('rowheader').allTextContents()).map((t) => t.trim())).toEqual(['Home Home', 'Our breads', 'About us']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move up Our breads');
    expect(await seriousViolations(page)).toEqual([]);

    // The home page cannot be deleted until another page is home.
    await page.getByRole('button', { name: 'Delete Home' }).click();
    await page.getByRole('alert').getByText('The home page cannot be deleted. Make another page the home page first, then delete this one.').waitFor();

    // Visitors see neither draft until it is published from the editor.
    const visitor = await (await visitorContext(env.browser(), server)).newPage();
    expect((await visitor.goto(`${siteOrigin}/about-us`))!.status()).toBe(404);
    await publishFromEditor(page, 'About us');
    await publishFromEditor(page, 'Our breads');
    expect((await visitor.goto(`${siteOrigin}/our-breads`))!.status()).toBe(200);
    // The pricing layout: three plans, each with its price and its button.
    for (const price of ['$19 a month', '$49 a month', '$99 a month']) await visitor.getByText(price, { exact: true }).waitFor();
    expect(await visitor.getByRole('link', { name: /^Choose (Starter|Standard|Premium)$/ }).count()).toBe(3);

    // A new URL slug for the published page: its old address leads to the new one.
    await page.getByRole('button', { name: 'Settings of About us' }).click();
    const settings = page.getByRole('dialog', { name: 'Page settings: About us' });
    await settings.getByLabel('URL slug').fill('/our-story');
    expect(await seriousViolations(page)).toEqual([]);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await status.getByText('Saved the settings of “About us”.').waitFor();
    const answer = await visitor.goto(`${siteOrigin}/about-us`);
    expect(new URL(visitor.url()).pathname).toBe('/our-story');
    expect(answer!.status()).toBe(200);
    expect(await visitor.title()).toBe('About us — Harbour Bakery');
    const hop = answer!.request().redirectedFrom();
    expect(hop && (await hop.response())!.status()).toBe(301);

    // The three pages in the header menu, one of them in a dropdown, and a footer link.
    await nav.getByRole('link', { name: 'Navigation' }).click();
    const header = page.getByRole('region', { name: 'Header menu' });
    const addItem = async (menu: typeof header, title: string, pageLabel: string) => {
      await menu.getByRole('button', { name: 'Add an item' }).click();
      await page.getByLabel('Title in the menu').fill(title);
      await page.getByLabel('Link: link to').selectOption({ label: 'A page of this site' });
      await page.getByLabel('Link: page').selectOption({ label: pageLabel });
      await page.getByRole('button', { name: `Done: ${title}` }).click();
    };
    await addItem(header, 'Home', 'Home (/)');
    await addItem(header, 'Our story', 'About us (/our-story)');
    await addItem(header, 'Breads', 'Our breads (/our-breads)');
    await page.getByRole('button', { name: 'Put under the item above: Breads' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Breads is now in the dropdown of Our story.').waitFor();
    const footer = page.getByRole('region', { name: 'Footer links' });
    await footer.getByRole('button', { name: 'Add an item' }).click();
    await page.getByLabel('Title in the menu').fill('Email us');
    await page.getByLabel('Link: link to').selectOption({ label: 'An email address' });
    await page.getByLabel('Link: email address').fill('hello@harbour-bakery.example');
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. Every page shows the new menus now.' }).waitFor();
    await visitor.goto(`${siteOrigin}/`);
    const menu = visitor.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Our story' }).waitFor();
    // The page added with the box ticked was in the menu from the start; the other only as the owner put it there.
    expect(await menu.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/about-us');
    expect(await menu.getByRole('link', { name: 'Our breads' }).count()).toBe(0);
    expect(await menu.getByRole('list', { name: 'Our story' }).getByRole('link', { name: 'Breads' }).getAttribute('href')).toBe('/our-breads');
    expect(await visitor.getByRole('contentinfo').getByRole('link', { name: 'Email us' }).getAttribute('href')).toBe('mailto:hello@harbour-bakery.example');
    await context.close();
    await visitor.context().close();
  });
});
