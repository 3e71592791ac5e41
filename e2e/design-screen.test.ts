/**
 * The Design screen in Chromium: the owner changes the site's styles as a draft beside a live
 * preview, publishes them, and goes back to an earlier version; visitors see only what is
 * published, and only on their site. The expected colours come from the pure code (the palette
 * generator, the derived palette and the colour themes), the observed ones from the browser. The
 * screen's names are the seeds' (palette modes, presets, colour names, font categories), every
 * sub-screen has its address, and at a phone's width nothing overlaps.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { designSchema, type Design } from '../src/document/design';
import { themeColors } from '../src/document/design-css';
import { FONT_CATEGORIES } from '../src/domain/design-tokens';
import { PALETTE_MODES, PALETTE_PRESETS, SAFE_PALETTE_NAMES, SYSTEM_PALETTE_NAMES } from '../src/domain/palette';
import { derivePaletteColors, paletteValueToHex, type Rgba } from '../src/domain/palette-color';
import { paletteFromPreset } from '../src/domain/palette-generator';
import { seriousViolations } from './axe';
import { addTeamMember, createTestSite, desktop, ownerApi, signInAsOwner, siteForFile, visitorContext, type TestSite } from './harness';
import { picture } from './pictures';

const env = siteForFile();
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 } };
const SEED = '#1d5c4d';
const SECTIONS = ['Colours', 'Fonts', 'Type', 'Spacing', 'Buttons', 'Animations', 'Header', 'Footer'] as const;
/** The demo's dark sections before any design was published: the default design's. */
const DEFAULT_DARK_BACKGROUND = 'rgb(31, 42, 46)';

let other: TestSite;
beforeAll(async () => {
  // Another site on the same server, which the first site's design must leave alone.
  other = await createTestSite('design-screen-other');
});

const rgb = (c: Rgba) => `rgb(${c.r}, ${c.g}, ${c.b})`;

/** What a visitor sees of the home page's first dark section: its background, a link in it, its primary button. */
function darkSection(page: Page) {
  return page.evaluate(() => {
    const section = document.querySelector('.page-section.theme-dark');
    if (!section) return null;
    const host = section.querySelector('p')!;
    const a = host.appendChild(document.createElement('a'));
    a.href = '#measured';
    a.textContent = 'link';
    const link = getComputedStyle(a).color;
    a.remove();
    const button = section.querySelector('.button-primary');
    return { background: getComputedStyle(section).backgroundColor, link, button: button ? getComputedStyle(button).backgroundColor : null };
  });
}

/** A visitor (a context of its own, not signed in) opening a site's home page, until it shows `expected`. */
async function visitorSees(site: TestSite, expected: unknown): Promise<void> {
  const context = await visitorContext(env.browser(), site);
  const page = await context.newPage();
  await expect
    .poll(async () => {
      await page.goto(`${site.url}/`);
      return darkSection(page);
    })
    .toEqual(expected);
  await context.close();
}

async function ownerPage(options: BrowserContextOptions = desktop): Promise<Page> {
  const context = await visitorContext(env.browser(), env.site(), options);
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return page;
}

/** Opens Design from the sidebar, then one of its sub-screens from its links. */
async function openDesign(page: Page, section: (typeof SECTIONS)[number]): Promise<void> {
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Design', exact: true }).click();
  await page.getByRole('heading', { name: 'Design', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Site styles' }).getByRole('link', { name: section, exact: true }).click();
  await page.getByRole('heading', { name: section, level: 2 }).first().waitFor();
}

const saved = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved$/ });

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish design' }).click();
  await page.getByRole('status').filter({ hasText: 'Published. Visitors now see this design.' }).waitFor();
}

/** The dark section of the page in the Design screen's preview. */
const previewDark = (page: Page) =>
  page
    .frameLocator('iframe[title="Design preview"]')
    .locator('.page-section.theme-dark')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

describe('the Design screen', () => {
  it('publishes a preset palette to visitors of this site alone, and restores the version before it', async () => {
    const site = env.site();
    // The design as the site started, published once, so History has a version to go back to.
    const api = await ownerApi(site);
    const start = await api.call<{ draft: { version: number } }>('GET', '/api/config/design');
    await api.call('POST', '/api/config/design/publish', { version: start.draft.version });
    const before = await (async () => {
      const context = await visitorContext(env.browser(), site);
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      const seen = await darkSection(page);
      await context.close();
      return seen;
    })();
    expect(before?.background).toBe(DEFAULT_DARK_BACKGROUND);

    const page = await ownerPage();
    await openDesign(page, 'Colours');
    await page.getByRole('radio', { name: 'Presets' }).check();
    await page.getByLabel('Starting colour code').fill(SEED);
    await page.getByRole('button', { name: 'Complementary' }).click();
    expect(await page.getByRole('button', { name: 'Complementary' }).getAttribute('aria-pressed')).toBe('true');
    await picture(page, 'design-colours-presets-1280');
    await publish(page);

    // What was published is the generator's palette, and visitors see its colours in the design's dark theme.
    const swatches = paletteFromPreset('Complementary', SEED);
    const { published } = await api.call<{ published: { design: unknown } }>('GET', '/api/config/design');
    const design: Design = designSchema.parse(published.design);
    expect(design.palette).toMatchObject({ mode: 'Presets', preset: 'Complementary', seed: SEED, swatches });
    const dark = themeColors(design.colorThemes.dark, derivePaletteColors(swatches));
    await visitorSees(site, { background: rgb(dark.background), link: rgb(dark.link), button: rgb(dark.button) });
    expect(rgb(dark.background)).not.toBe(DEFAULT_DARK_BACKGROUND);

    // Another site of the same server keeps its own design.
    await visitorSees(other, expect.objectContaining({ background: DEFAULT_DARK_BACKGROUND }));

    // The version before, from History: restored as the draft, then published.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'Published versions' });
    await expect.poll(() => history.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => history.getByRole('listitem').first().textContent()).toMatch(/^Version 2Live nowPublished .+ by /);
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 1 is your draft again.' }).waitFor();
    await page.getByText('Unpublished changes').waitFor();
    await publish(page);
    await visitorSees(site, before);
    await page.context().close();
  });

  it('keeps a draft from visitors until it is published, while the preview shows it at once', async () => {
    const site = env.site();
    const page = await ownerPage();
    await openDesign(page, 'Colours');
    await expect.poll(() => previewDark(page)).toBe(DEFAULT_DARK_BACKGROUND);
    await page.getByRole('radio', { name: 'Custom Colors' }).check();
    await page.getByLabel('Dark colour code').fill('#402020');
    // The preview wears the change before it is saved.
    await expect.poll(() => previewDark(page)).toBe('rgb(64, 32, 32)');
    await saved(page).waitFor();
    await page.getByText('Unpublished changes').waitFor();
    await visitorSees(site, expect.objectContaining({ background: DEFAULT_DARK_BACKGROUND }));

    await publish(page);
    await page.getByText('Visitors see this design').waitFor();
    await visitorSees(site, expect.objectContaining({ background: 'rgb(64, 32, 32)' }));

    // A colour the document refuses is marked on its field with the server's words.
    const darkTheme = page.getByRole('group', { name: 'Dark', exact: true });
    const code = darkTheme.getByLabel('Links: colour code');
    await code.fill('not a colour');
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    await darkTheme.getByText(/^must be a colour/).waitFor();
    await page.getByRole('status').filter({ hasText: 'Some design settings are not valid' }).waitFor();
    // Nor is it published while the draft cannot be saved.
    await page.getByRole('button', { name: 'Publish design' }).click();
    await page.getByRole('alert').filter({ hasText: 'Not published: your latest change is not saved yet.' }).waitFor();
    await code.fill('#9fd8c8');
    await saved(page).waitFor();
    expect(await code.getAttribute('aria-invalid')).toBeNull();
    await page.context().close();
  });

  it('names the palette and the fonts as the seeds do', async () => {
    const page = await ownerPage();
    await openDesign(page, 'Colours');
    // covers 001-3.61, 001-3.62, 001-3.63
    for (const mode of PALETTE_MODES) await page.getByRole('radio', { name: mode, exact: true }).waitFor();
    await page.getByRole('radio', { name: 'Presets', exact: true }).check();
    for (const preset of PALETTE_PRESETS) await page.getByRole('button', { name: preset, exact: true }).waitFor();
    const palette = page.getByRole('region', { name: 'Palette' });
    for (const name of SYSTEM_PALETTE_NAMES) await palette.getByText(name, { exact: true }).waitFor();
    for (const name of SAFE_PALETTE_NAMES) await palette.getByText(`Safe ${name}`, { exact: true }).waitFor();
    // Each theme's colours are chosen among the ten, by those names.
    const choices = await page.getByRole('group', { name: 'Dark', exact: true }).getByLabel('Links', { exact: true }).locator('option').allTextContents();
    expect(choices).toEqual([...SYSTEM_PALETTE_NAMES, ...SAFE_PALETTE_NAMES.map((n) => `Safe ${n}`), 'A colour of your own']);
    // Each pair of a theme reads: its ratio, and AA when it passes.
    await expect
      .poll(() => page.getByRole('group', { name: 'White', exact: true }).getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringMatching(/^Text on the background \d+\.\d:1 AA$/),
        expect.stringMatching(/^Links on the background \d+\.\d:1 AA$/),
        expect.stringMatching(/^Button text on the button \d+\.\d:1 AA$/),
      ]);

    await openDesign(page, 'Fonts');
    // covers 001-3.99
    const groups = await page
      .getByRole('group', { name: 'Headings' })
      .getByLabel('Font')
      .locator('optgroup')
      .evaluateAll((els) => els.map((g) => (g as HTMLOptGroupElement).label));
    expect(groups).toEqual([...FONT_CATEGORIES]);
    await page.getByText('Uploading your own fonts is not offered yet.', { exact: false }).waitFor();
    // The sample is drawn in the chosen font, loaded from the site's own address.
    await page.getByRole('group', { name: 'Headings' }).getByLabel('Font').selectOption({ label: 'Playfair Display' });
    await expect.poll(() => page.evaluate(() => document.fonts.check('26px "Sample Playfair Display"'))).toBe(true);
    await page.context().close();
  });

  it('takes the palette from an image of the site’s files', async () => {
    const page = await ownerPage();
    await openDesign(page, 'Colours');
    await page.getByRole('radio', { name: 'From Image', exact: true }).check();
    await page.getByRole('button', { name: 'Choose an image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    const read = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/config/design/palette-from-image');
    await picker.locator('.image-picker-item').first().click();
    const { swatches } = (await (await read).json()) as { swatches: { hue: number; saturation: number; lightness: number }[] };
    await page
      .getByRole('status')
      .filter({ hasText: /^Colours taken from / })
      .waitFor();
    // The five colours shown are the ones the server read from the image, lightest first.
    const shown = await page.getByRole('region', { name: 'Palette' }).locator('.swatch-code').allTextContents();
    expect(shown.slice(0, 5)).toEqual(swatches.map((v) => paletteValueToHex(v)));
    await saved(page).waitFor();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('dialog', { name: 'Discard your design changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes discarded' }).waitFor();
    await page.context().close();
  });

  it('keeps the header in view as a style of the draft, resets the draft to the template’s design, and discards it', async () => {
    const page = await ownerPage();
    await openDesign(page, 'Header');
    const sticky = page.getByLabel('Keep the header in view as visitors scroll');
    const previewHeader = () =>
      page
        .frameLocator('iframe[title="Design preview"]')
        .locator('.site-header')
        .evaluate((el) => getComputedStyle(el).position);
    await expect.poll(previewHeader).not.toBe('sticky');
    await sticky.check();
    await expect.poll(previewHeader).toBe('sticky');
    await saved(page).waitFor();
    await page.getByText('Unpublished changes').waitFor();

    // The template's design, as the draft: the default palette and no sticky header.
    await page.getByRole('button', { name: "Reset to the template's design" }).click();
    await page.getByRole('dialog', { name: "Reset to the template's design?" }).getByRole('button', { name: 'Reset the draft' }).click();
    await page.getByRole('status').filter({ hasText: 'The draft is the template’s design again.' }).waitFor();
    expect(await sticky.isChecked()).toBe(false);
    await expect.poll(previewHeader).not.toBe('sticky');
    await openDesign(page, 'Colours');
    await expect.poll(() => previewDark(page)).toBe(DEFAULT_DARK_BACKGROUND);

    // Discarding goes back to what visitors see: the published dark colour of the test before.
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('dialog', { name: 'Discard your design changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes discarded' }).waitFor();
    await page.getByText('Visitors see this design').waitFor();
    await expect.poll(() => previewDark(page)).toBe('rgb(64, 32, 32)');
    await page.context().close();
  });

  it('shows a role that may not change the design everything, read-only', async () => {
    const viewer = await addTeamMember(env.site(), 'VIEWER');
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await signInAsOwner(page, env.site(), viewer);
    await openDesign(page, 'Colours');
    await page.getByText('Your role may look at the design but not change it.').waitFor();
    expect(await page.getByRole('button', { name: 'Publish design' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Presets', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('group', { name: 'Dark', exact: true }).getByLabel('Links', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('region', { name: 'Published versions' }).getByText('Version 1', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
    await openDesign(page, 'Header');
    expect(await page.getByLabel('Keep the header in view as visitors scroll').isDisabled()).toBe(true);
    await context.close();
  });

  it('gives every sub-screen its address, and at a phone’s width nothing overlaps', async () => {
    const a11y: string[] = [];
    for (const options of [desktop, phone]) {
      // bypassCSP lets the accessibility check put axe-core in the page.
      const page = await ownerPage({ ...options, bypassCSP: true });
      const width = options.viewport!.width;
      await openDesign(page, 'Colours');
      for (const section of SECTIONS) {
        await page.getByRole('navigation', { name: 'Site styles' }).getByRole('link', { name: section, exact: true }).click();
        await page.getByRole('heading', { name: section, level: 2 }).first().waitFor();
        expect(new URL(page.url()).pathname).toBe(`/config/design/${section.toLowerCase()}`);
        await page.frameLocator('iframe[title="Design preview"]').locator('.page-section').first().waitFor();
        await picture(page, `design-${section.toLowerCase()}-${width}`);
        expect(await overlaps(page)).toEqual([]);
        if (options === desktop) a11y.push(...(await seriousViolations(page)).map((v) => `${section}: ${v}`));
      }
      // An address opens its sub-screen; Back goes to the one before.
      await page.goto(`${env.site().url}/config/design/spacing`);
      await page.getByRole('heading', { name: 'Spacing', level: 2 }).waitFor();
      await page.getByRole('navigation', { name: 'Site styles' }).getByRole('link', { name: 'Buttons', exact: true }).click();
      await page.getByRole('heading', { name: 'Buttons', level: 2 }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Spacing', level: 2 }).waitFor();
      await page.context().close();
    }
    expect(a11y).toEqual([]);
  });
});

/**
 * What overlaps on the Design screen: two controls or texts whose boxes meet (neither inside the
 * other), or anything wider than the window.
 */
function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.querySelector('.design')!;
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    const shown = [
      ...root.querySelectorAll<HTMLElement>(
        'button, input, select, a, legend, h1, h2, h3, output, summary, .hint, .field-hint, .swatch-name, .contrast, iframe',
      ),
    ].filter(
      // Shown: not hidden, nor in a closed <details>, nor only for screen readers.
      (el) =>
        el.checkVisibility({ visibilityProperty: true }) && !el.closest('.visually-hidden') && !(el.closest('details:not([open])') && !el.closest('summary')),
    );
    const name = (el: HTMLElement) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const boxes = shown.map((el) => ({ el, box: el.getBoundingClientRect() }));
    for (const { el, box } of boxes) if (box.right > window.innerWidth + 1) found.push(`${name(el)} goes past the window's right edge`);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 1 && y > 1) found.push(`${name(a.el)} over ${name(b.el)}`);
      }
    return found;
  });
}
