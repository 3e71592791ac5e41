/**
 * The visual editor in Chromium, as a new owner uses it: from Pages, open the home page in the
 * editor; insert a block of every kind from the palette (an image picks one of the site's images),
 * and one by dragging it onto a cell;
 * move and resize a block with the mouse, snapping to cells; edit a text block's words in place,
 * refuse a link the link rules refuse with the seed's message and set one they allow; change a
 * button's text in the settings panel; undo 20 steps and redo them, the canvas as it was at each
 * end; reload before the autosave and find the change kept; publish after the confirmation says
 * what changes, and only then see it as a visitor.
 *
 * Then with the keyboard alone (no mouse event reaches the page: every pointer event is counted):
 * Tab to a block, move it with the arrows, resize it with Shift+arrows, duplicate, delete, undo,
 * hear each action in the live region, let go of the block with Escape and then toggle preview with
 * it (seed 000 §4). A section of
 * 60 blocks refuses one more with its message (seed MAX_BLOCKS_PER_LAYOUT, 000-9.41); offline, a change
 * waits with "Offline — retrying" and is saved when the connection is back. Two browser
 * sessions editing one page: the second save meets a conflict dialog; seeing their version, keeping
 * mine, and the draft the server keeps. Axe finds no serious violation in the editor or its canvas.
 */
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, openPageInEditor, ownerApi, siteForFile, signInAsOwner, sqlOn, typeInto, visitorContext } from './harness';

const env = siteForFile();

async function signedIn(): Promise<Page> {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return page;
}

const canvasOf = (page: Page): FrameLocator => page.frameLocator('iframe[title="Page canvas"]');
const frameOf = (page: Page): Frame => page.frames().find((f) => f !== page.mainFrame())!;
const announced = (page: Page) => page.locator('.editor [aria-live="polite"]');
/** The canvas's page markup (the interaction layer is beside it, not in it). */
const canvasHtml = (page: Page) => canvasOf(page).locator('main').innerHTML();

const openEditor = openPageInEditor;

async function pageId(path: string): Promise<string> {
  const rows = await sqlOn(env.site(), `SELECT id FROM pages WHERE website_id = $1 AND path = $2`, [env.site().websiteId, path]);
  return rows[0]!.id as string;
}

/** Waits for the autosave to reach the server (the status says Saved again). */
async function saved(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });
}

/** Drags from the centre of `from` by (dx, dy) in small steps, as a hand does. */
async function drag(page: Page, box: { x: number; y: number; width: number; height: number }, dx: number, dy: number, at: 'centre' | 'east' = 'centre') {
  const x = at === 'centre' ? box.x + box.width / 2 : box.x + box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

describe('the visual editor', () => {
  it('a new owner builds on the home page with the mouse, undoes and redoes 20 steps, reloads, and publishes', { timeout: 150_000 }, async () => {
    const page = await signedIn();
    const visitor = await (await visitorContext(env.browser(), env.site())).newPage();
    await openEditor(page, 'Home');
    const canvas = canvasOf(page);
    const opened = await canvasHtml(page);
    expect(await page.getByRole('heading', { name: 'Add a block' }).isVisible()).toBe(true);
    const violations = await seriousViolations(page);
    expect(violations).toEqual([]);

    // Select the hero's text: the panel shows its settings and the section's bar appears.
    await canvas.locator('main').getByText('Hand-thrown stoneware').click();
    await page.getByRole('complementary', { name: 'Text settings' }).waitFor();

    // Every kind from the palette, each added to the selected block's section and announced.
    const kinds = await page.getByRole('complementary', { name: 'Add blocks' }).getByRole('list').getByRole('button').allTextContents();
    expect(kinds).toEqual([
      'Text',
      'Image',
      'Button',
      'Spacer',
      'Line',
      'Code',
      'Accordion',
      'Form',
      'Gallery',
      'Map',
      'Newsletter',
      'Video',
      'Product',
      'Add-to-cart button',
    ]);
    const before = await canvas.locator('.block').count();
    for (const kind of kinds) {
      await page.getByRole('button', { name: `Add ${kind}` }).click();
      if (kind === 'Image') {
        const picker = page.getByRole('dialog', { name: 'Choose an image' });
        await picker.getByRole('button', { name: /studio-hero/ }).click();
      }
      await expect.poll(() => announced(page).textContent()).toMatch(new RegExp(`^${kind} added at column \\d+, row \\d+$`));
    }
    expect(await canvas.locator('.block').count()).toBe(before + kinds.length);
    const addedByClick = kinds.length;
    // An accordion works in the canvas as on the site: its island runs there.
    const question = canvas.locator('.block-accordion-frame details', { hasText: 'Your first question' });
    expect(await question.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await expect
      .poll(async () => {
        await question.locator('summary').click();
        return question.evaluate((d: HTMLDetailsElement) => d.open);
      })
      .toBe(true);
    await question.getByText('Its answer.').waitFor();
    await question.locator('summary').click();
    await expect.poll(() => question.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);

    // A kind dragged from the palette lands at the cell it is dropped on.
    const palette = page.getByRole('button', { name: 'Add Button' });
    await frameOf(page).evaluate(() => window.scrollTo(0, 0));
    const grid0 = (await canvas.locator('.section-grid').first().boundingBox())!;
    const from = (await palette.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 10, { steps: 4 });
    // Into the fourth column of the first section's second row.
    await page.mouse.move(grid0.x + (grid0.width / 24) * 3.5, grid0.y + 30, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => announced(page).textContent()).toMatch(/^Button added at column 4, row \d+$/);

    // The search narrows the palette by name.
    const paletteKinds = () => page.getByRole('complementary', { name: 'Add blocks' }).getByRole('list').getByRole('button').allTextContents();
    await typeInto(page.getByLabel('Search blocks'), 'acc');
    await expect.poll(paletteKinds).toEqual(['Accordion']);
    await typeInto(page.getByLabel('Search blocks'), '');
    await expect.poll(async () => (await paletteKinds()).length).toBeGreaterThan(1);

    // Move the newsletter with the mouse: a press selects it, a drag moves it, snapping to a cell.
    await canvas.locator('.block-newsletter-frame').getByRole('heading', { name: 'Subscribe' }).click();
    await page.getByRole('complementary', { name: 'Newsletter settings' }).waitFor();
    const selection = canvas.locator('.editor-selection');
    const grid = await canvas.locator('.section-grid').first().boundingBox();
    const cell = grid!.width / 24;
    await drag(page, (await selection.boundingBox())!, cell * 3.2, 0);
    await expect.poll(() => announced(page).textContent()).toMatch(/^Newsletter moved to column \d+, row \d+$/);
    // Resize it by its east handle: two cells narrower.
    const widthBefore = (await selection.boundingBox())!.width;
    await drag(page, (await selection.boundingBox())!, -cell * 2.1, 0, 'east');
    await expect.poll(() => announced(page).textContent()).toMatch(/^Newsletter resized to \d+ columns by \d+ rows$/);
    expect(Math.round(((await selection.boundingBox())!.width - widthBefore) / cell)).toBe(-2);

    // The hero's words edited in place: a click selects, a second click edits.
    const hero = canvas.locator('.block-text-frame', { hasText: 'Hand-thrown stoneware' });
    await hero.click();
    await hero.locator('p').click();
    const words = hero.getByRole('textbox', { name: 'Text' });
    await words.waitFor();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Open Saturdays.');
    await expect.poll(() => words.innerText()).toContain('coast. Open Saturdays.');
    // Select the new words and link them: a link the rules refuse is refused with the seed's message.
    const selected = () => frameOf(page).evaluate(() => getSelection()?.toString());
    for (let i = 0; i < 'Saturdays.'.length; i++) await page.keyboard.press('Shift+ArrowLeft', { delay: 10 });
    await expect.poll(selected).toBe('Saturdays.');
    const panel = page.getByRole('complementary', { name: 'Text settings' });
    await typeInto(panel.getByLabel('Link address'), 'javascript:alert(1)');
    await panel.getByRole('button', { name: 'Set link' }).click();
    await panel.getByRole('alert').filter({ hasText: 'javascript:alert(1) is not a valid page URL.' }).waitFor();
    await typeInto(panel.getByLabel('Link address'), '/contact');
    await panel.getByRole('button', { name: 'Set link' }).click();
    await hero.locator('a[href="/contact"]', { hasText: 'Saturdays.' }).waitFor();
    // Bold from the toolbar, on the same words.
    await panel.getByRole('button', { name: 'Bold' }).click();
    await hero.locator('strong', { hasText: 'Saturdays.' }).waitFor();
    await page.keyboard.press('Escape');
    await words.waitFor({ state: 'detached' });
    expect(await hero.locator('a[href="/contact"] strong').textContent()).toBe('Saturdays.');

    // A button's text changed in the settings panel.
    await canvas.getByRole('link', { name: 'Visit the studio' }).click();
    const buttonPanel = page.getByRole('complementary', { name: 'Button settings' });
    await typeInto(buttonPanel.getByLabel('Button text'), 'Come and visit');
    await canvas.getByRole('link', { name: 'Come and visit' }).waitFor();
    // A link the rules refuse, in the panel: the seed's message, and the canvas keeps the last good page.
    await typeInto(buttonPanel.getByLabel('Link', { exact: true }), 'ftp://files.example.com');
    await buttonPanel.getByText('ftp://files.example.com is not a valid page URL.').waitFor();
    await typeInto(buttonPanel.getByLabel('Link', { exact: true }), '/about');

    // A few moves from the keyboard on the button, each a step of its own.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowLeft', 'ArrowLeft']) {
      await canvas.locator('.editor-selection').focus();
      await page.keyboard.press(key);
      await expect.poll(() => announced(page).textContent()).toMatch(/^Button moved to column \d+, row \d+(\. It overlaps .+)?$/);
    }

    // Undo every step (at least 20), and the page is as it was opened; redo them all, and it is as it was left.
    const edited = await canvasHtml(page);
    const undo = page.getByRole('button', { name: 'Undo' });
    const redo = page.getByRole('button', { name: 'Redo' });
    let undone = 0;
    while (await undo.isEnabled()) {
      await undo.click();
      undone++;
    }
    expect(undone).toBeGreaterThanOrEqual(20);
    expect(await canvasHtml(page)).toBe(opened);
    for (let i = 0; i < undone; i++) await redo.click();
    expect(await redo.isEnabled()).toBe(false);
    expect(await canvasHtml(page)).toBe(edited);
    await saved(page);

    // Not yet visible to visitors: the draft is not published.
    await visitor.goto(`${env.site().url}/`);
    expect(await visitor.getByRole('link', { name: 'Come and visit' }).count()).toBe(0);

    // A change, then a reload before the autosave: the change is kept and sent.
    await canvas.getByRole('link', { name: 'Come and visit' }).click();
    await typeInto(buttonPanel.getByLabel('Button text'), 'Come and see us');
    await page.reload();
    await canvasOf(page).getByRole('link', { name: 'Come and see us' }).waitFor();
    await saved(page);

    // Publish: the confirmation says what changes; visitors see it after, not before.
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish this page?' });
    await confirm.getByText(`${addedByClick + 1} blocks added.`).waitFor();
    await confirm.getByText('2 blocks changed.').waitFor();
    await visitor.reload();
    expect(await visitor.getByRole('link', { name: 'Come and see us' }).count()).toBe(0);
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published. Visitors now see this version.').first().waitFor();
    await visitor.reload();
    await visitor.getByRole('link', { name: 'Come and see us' }).waitFor();
    expect(await visitor.locator('a[href="/contact"] strong').textContent()).toBe('Saturdays.');
    await page.context().close();
    await visitor.context().close();
  });

  it('every action from the keyboard alone, announced; Escape toggles preview; a full section refuses a block', async () => {
    // covers 000-9.41, 000-4.17
    const api = await ownerApi(env.site());
    const id = await pageId('/about');
    const editorPage = await api.call<{ draft: { version: number; sections: { id: string; theme: string; blocks: unknown[] }[] } }>(
      'GET',
      `/api/config/editor/pages/${id}`,
    );
    const [first, ...rest] = editorPage.draft.sections;
    const spacers = Array.from({ length: 60 - first!.blocks.length }, (_, i) => ({
      id: (0xfeed00000 + i).toString(16).padStart(24, '0'),
      type: 21,
      data: {},
      layout: { desktop: { x: (i % 12) * 2, y: 40 + Math.floor(i / 12), w: 2, h: 1 } },
    }));
    await api.call('PUT', `/api/config/editor/pages/${id}/draft`, {
      baseVersion: editorPage.draft.version,
      changeId: 'keyboard-setup-0001',
      sections: [{ ...first, blocks: [...first!.blocks, ...spacers] }, ...rest],
    });

    const page = await signedIn();
    await openEditor(page, 'About');
    // From here on, no mouse: any pointer event in the page or its canvas fails the journey.
    const pointerEvents = async () =>
      page.evaluate(
        () =>
          (window as unknown as { pointerCount: number }).pointerCount +
          ((document.querySelector('iframe') as HTMLIFrameElement).contentWindow as unknown as { pointerCount: number }).pointerCount,
      );
    for (const target of [page.mainFrame(), frameOf(page)]) {
      await target.evaluate(() => {
        const w = window as unknown as { pointerCount: number };
        w.pointerCount = 0;
        for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click'])
          addEventListener(type, (e) => (e.isTrusted ? w.pointerCount++ : undefined), true);
      });
    }
    const live = announced(page);
    // Tab through the bar and the palette into the canvas: the first block in reading order is selected.
    const canvasFrame = page.locator('iframe[title="Page canvas"]');
    for (let i = 0; i < 60 && !(await canvasFrame.evaluate((f) => f === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect.poll(() => live.textContent()).toMatch(/^\w+ selected, column \d+, row \d+$/);
    // Shift+Tab goes back in reading order: the last spacer of the full first section.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => live.textContent()).toMatch(/^Spacer selected, column \d+, row \d+$/);
    const [, column, row] = /^Spacer selected, column (\d+), row (\d+)$/.exec((await live.textContent())!)!.map(Number);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => live.textContent()).toBe(`Spacer moved to column ${column}, row ${row! + 1}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => live.textContent()).toBe(`Spacer moved to column ${column! - 1}, row ${row! + 1}`);
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => live.textContent()).toBe('Spacer resized to 3 columns by 1 row');
    await page.keyboard.press('Control+z');
    await expect.poll(() => live.textContent()).toBe('Undone: Resize Spacer');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => live.textContent()).toBe('Redone: Resize Spacer');
    // The section is full: a duplicate is refused with the limit's message.
    await page.keyboard.press('Control+d');
    await page.getByRole('alert').filter({ hasText: 'A section holds at most 60 blocks. Add a section for more.' }).waitFor();
    await page.keyboard.press('Delete');
    await expect.poll(() => live.textContent()).toBe('Spacer deleted');
    // The selection moved on to the next block in reading order (the next section's text); Shift+Tab
    // goes back into the first section, which has room for one again: a duplicate is placed.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => live.textContent()).toMatch(/^Spacer selected, column \d+, row \d+$/);
    await page.keyboard.press('Control+d');
    await expect.poll(() => live.textContent()).toMatch(/^Spacer duplicated to column \d+, row \d+$/);
    // Escape lets go of the block first; with nothing held it toggles preview (seed 000 §4), and again back to editing.
    await page.keyboard.press('Escape');
    await expect.poll(() => live.textContent()).toBe('Nothing selected. Press Escape again to preview the page.');
    expect(await page.getByRole('button', { name: 'Preview', pressed: false }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Preview', pressed: true }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Add blocks' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Preview', pressed: false }).waitFor();
    await saved(page);
    // Tab selects a block again.
    await page.keyboard.press('Tab');
    await expect.poll(() => live.textContent()).toMatch(/^\w+ selected, column \d+, row \d+$/);
    // Offline: the change waits, says so, and goes once the connection is back.
    await page.context().setOffline(true);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('status').filter({ hasText: 'Offline — retrying' }).waitFor();
    await page.context().setOffline(false);
    await saved(page);
    expect(await pointerEvents()).toBe(0);
    // The editor and its canvas, with a block selected, pass axe.
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('two sessions on one page: the later save meets a conflict, sees their version, and keeps mine', async () => {
    const [mine, theirs] = [await signedIn(), await signedIn()];
    for (const p of [mine, theirs]) await openEditor(p, 'Contact');
    // They change the heading first, and their save lands.
    const heading = (p: Page) => canvasOf(p).locator('.block-text-frame').first();
    await heading(theirs).click();
    await heading(theirs).locator('h1').click();
    await theirs.keyboard.press('End');
    await theirs.keyboard.type(' (theirs)');
    await saved(theirs);
    // My change, based on the version before theirs, is refused: the dialog says so.
    await heading(mine).click();
    await heading(mine).locator('h1').click();
    await mine.keyboard.press('End');
    await mine.keyboard.type(' (mine)');
    const dialog = mine.getByRole('alertdialog', { name: 'This page was changed elsewhere' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'See their version' }).click();
    await canvasOf(mine).getByRole('heading', { name: 'Contact (theirs)' }).waitFor();
    await mine.getByRole('region', { name: 'This page was changed elsewhere' }).getByRole('button', { name: 'Keep mine' }).click();
    await canvasOf(mine).getByRole('heading', { name: 'Contact (mine)' }).waitFor();
    await saved(mine);
    // The server keeps mine, as a new version after theirs; they are told when they save again.
    const api = await ownerApi(env.site());
    const draft = await api.call<{ draft: { version: number; sections: { blocks: { data: { text?: unknown } }[] }[] } }>(
      'GET',
      `/api/config/editor/pages/${await pageId('/contact')}`,
    );
    expect(JSON.stringify(draft.draft.sections[0]!.blocks[0]!.data.text)).toContain('Contact (mine)');
    expect(draft.draft.version).toBeGreaterThanOrEqual(2);
    await theirs.keyboard.type('!');
    await theirs.getByRole('alertdialog', { name: 'This page was changed elsewhere' }).waitFor({ timeout: 15_000 });
    await mine.context().close();
    await theirs.context().close();
  });
});
