/**
 * A site from a template, in Chromium: an owner opens the New site screen (its own address), sees
 * the Restaurant template's card with the picture of its home page, previews it, creates a site
 * from it under a title of their own, signs in to its config area, picks another palette preset on
 * Design → Colours and publishes the design, changes the home page's heading in the editor and
 * publishes the page; a visitor then reads the new heading in the new colours. The expected
 * colours come from the pure code (the palette generator, the derived palette, the template's
 * colour themes), the observed ones from the browser.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { projectPath } from '../src/db/project-root';
import { designSchema, type Design } from '../src/document/design';
import { themeColors } from '../src/document/design-css';
import { derivePaletteColors, type Rgba } from '../src/domain/palette-color';
import { paletteFromPreset } from '../src/domain/palette-generator';
import { seriousViolations } from './axe';
import { desktop, openPageInEditor, publishFromEditor, signedInApi, signInAsOwner, siteForFile, visitorContext } from './harness';
import { picture } from './pictures';

const env = siteForFile({ template: 'blank', mail: false });
const PRESET = 'Complementary';
const TITLE = 'Harbour Table';
const HEADING = 'Wood-fired suppers by the harbour';
const rgb = (c: Rgba) => `rgb(${c.r}, ${c.g}, ${c.b})`;

/** The New site screen's cards and fields that overlap another (not one inside the other), by their first words. */
function overlapping(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parts = [...document.querySelectorAll('.new-site .field, .template-card, .new-site button')];
    const meet = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    return parts.flatMap((a, i) =>
      parts
        .slice(i + 1)
        .filter((b) => !a.contains(b) && !b.contains(a) && meet(a.getBoundingClientRect(), b.getBoundingClientRect()))
        .map((b) => `${a.textContent!.slice(0, 30)} over ${b.textContent!.slice(0, 30)}`),
    );
  });
}

/** The Restaurant template's design as its document holds it: a new site from it starts with it. */
const templateDesign: Design = designSchema.parse(
  (JSON.parse(readFileSync(projectPath('sites/restaurant/site.json'), 'utf8')) as { settings: { design: unknown } }).settings.design,
);

it('an owner creates a site from the Restaurant template, changes its palette and a heading, publishes, and a visitor sees both', {
  timeout: 240_000,
}, async () => {
  const site = env.site();
  const context = await visitorContext(env.browser(), site, desktop);
  const page = await context.newPage();
  await signInAsOwner(page, site);

  // The New site screen, at its own address, offers the template with the picture of its home page.
  await page.getByRole('link', { name: 'Your account' }).click();
  await page.getByRole('button', { name: 'New site' }).click();
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/config/account#new-site');
  const card = page.getByRole('img', { name: 'The Restaurant template’s home page' });
  await card.waitFor();
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  expect(await card.evaluate((img) => img.getBoundingClientRect().width)).toBeGreaterThan(150);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await overlapping(page)).toEqual([]);
  await picture(page, 'new-site-templates-1280');
  // On a phone, the cards stack and nothing of the screen runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overlapping(page)).toEqual([]);
  expect(
    await page.evaluate(() => Math.max(...[...document.querySelectorAll('#new-site *')].map((el) => el.getBoundingClientRect().right))),
  ).toBeLessThanOrEqual(390);
  await picture(page, 'new-site-templates-390');
  await page.getByRole('button', { name: 'Preview the Restaurant template' }).click();
  const onPhone = page.getByRole('dialog', { name: 'The Restaurant template' });
  const box = await onPhone.boundingBox();
  expect(box!.x >= 0 && box!.x + box!.width <= 390).toBe(true);
  await picture(page, 'new-site-preview-390');
  await onPhone.getByRole('button', { name: 'Back to the templates' }).click();
  await onPhone.waitFor({ state: 'detached' });
  await page.setViewportSize(desktop.viewport!);

  // Its preview: the picture large, the pages a site from it gets; the button there chooses it.
  await page.getByRole('button', { name: 'Preview the Restaurant template' }).click();
  const preview = page.getByRole('dialog', { name: 'The Restaurant template' });
  await preview.getByRole('img', { name: 'The Restaurant template’s home page' }).waitFor();
  await preview.getByText('/menu', { exact: true }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'new-site-preview-1280');
  await preview.getByRole('button', { name: 'Start from this template' }).click();
  await preview.waitFor({ state: 'detached' });
  expect(await page.getByRole('radio', { name: 'Restaurant' }).isChecked()).toBe(true);

  await page.getByLabel('Site title').fill(TITLE);
  await page.getByRole('button', { name: 'Create site' }).click();
  await page.getByText(`Created the site “${TITLE}”. You are its owner.`).waitFor();
  const origin = `http://harbour-table.localhost:${site.port}`;
  await page.getByRole('link', { name: `Open the config area of ${TITLE}` }).click();
  await page.getByLabel('Email').fill(site.owner.email);
  await page.getByLabel('Password').fill(site.owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Config' }).waitFor();
  expect(await page.locator('.shell-site').textContent()).toBe(TITLE);

  // Design → Colours: another preset made from the template's starting colour, published.
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Design', exact: true }).click();
  await page.getByRole('navigation', { name: 'Site styles' }).getByRole('link', { name: 'Colours', exact: true }).click();
  await page.getByRole('heading', { name: 'Colours', level: 2 }).first().waitFor();
  expect(await page.getByRole('radio', { name: 'Presets', exact: true }).isChecked()).toBe(true);
  await page.getByRole('button', { name: PRESET, exact: true }).click();
  expect(await page.getByRole('button', { name: PRESET, exact: true }).getAttribute('aria-pressed')).toBe('true');
  await page.getByRole('button', { name: 'Publish design' }).click();
  await page.getByRole('status').filter({ hasText: 'Published. Visitors now see this design.' }).waitFor();

  // The home page's heading, changed in the editor and published.
  await openPageInEditor(page, 'Home');
  const canvas = page.frameLocator('iframe[title="Page canvas"]');
  const heading = canvas.getByRole('heading', { name: 'Wood-fired plates for long, easy evenings' });
  // The block selected, then its text edited: the heading's words selected (as a drag over them would) and typed over.
  await canvas.locator('.block-text-frame').filter({ has: heading }).click();
  await heading.click();
  await heading.evaluate((h) => h.ownerDocument.getSelection()!.selectAllChildren(h));
  await page.keyboard.type(HEADING);
  await canvas.getByRole('heading', { name: HEADING }).waitFor();
  await publishFromEditor(page);
  await context.close();

  // What was published is the generator's palette from the template's seed.
  const owner = await signedInApi(
    { url: origin, port: site.port, owner: site.owner, banner: '', bannerPort: site.port, forwardedFor: site.forwardedFor },
    site.owner.email,
    site.owner.password,
  );
  const { published } = await owner.call<{ published: { design: unknown } }>('GET', '/api/config/design');
  const design = designSchema.parse(published.design);
  const swatches = paletteFromPreset(PRESET, templateDesign.palette.seed);
  expect(design.palette).toMatchObject({ mode: 'Presets', preset: PRESET, swatches });
  await owner.http.dispose();

  // A visitor reads the new heading, its section in the dark theme's colours of the new palette.
  const dark = themeColors(design.colorThemes.dark, derivePaletteColors(swatches));
  const before = themeColors(templateDesign.colorThemes.dark, derivePaletteColors(templateDesign.palette.swatches));
  expect(rgb(dark.background)).not.toBe(rgb(before.background));
  const visitor = await env.browser().newContext(desktop);
  await visitor.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: origin }]);
  const home = await visitor.newPage();
  await home.goto(`${origin}/`);
  await home.getByRole('heading', { name: HEADING, level: 1 }).waitFor();
  const section = home.locator('.page-section.theme-dark').filter({ has: home.getByRole('heading', { name: HEADING }) });
  expect(await section.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(dark.background));
  expect(await home.getByRole('heading', { name: HEADING }).evaluate((el) => getComputedStyle(el).color)).toBe(rgb(dark.heading));
  await visitor.close();
});
