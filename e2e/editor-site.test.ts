/**
 * The editor beyond one page's blocks, in Chromium: the phone view edits the phone's 8-column
 * layout apart from desktop (the section automatic until then, said beside the device buttons) and
 * a block and then its section go back to automatic, all from the keyboard; a revision from three
 * publishes back is compared side by side with the page as it is now, restored as the draft after
 * a confirmation saying what changes, and published for visitors to see; a section added from a
 * layout (its picker's choices apart at 1280 and 390 px) gets a height and a background, is published
 * and a visitor opens one of its questions, is copied and pasted into another page, and the unpublished
 * changes there are discarded after a confirmation. Axe finds no serious violation in the history,
 * the layouts dialog or the section's panel.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, ownerApi, siteForFile, signInAsOwner, sqlOn, visitorContext } from './harness';
import { overprintedChoices } from './layout-pickers';

const env = siteForFile();

type Placement = { x: number; y: number; w: number; h: number };
type DraftBlock = { id: string; type: number; data: Record<string, unknown>; layout: { desktop: Placement; phone?: Placement } };
type DraftSection = { id: string; theme: string; height?: string; blocks: DraftBlock[] };
type EditorAnswer = { draft: { version: number; sections: DraftSection[] }; published: { sections: DraftSection[]; revision: number } };

async function signedIn(): Promise<Page> {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return page;
}

const canvasOf = (page: Page, title = 'Page canvas'): FrameLocator => page.frameLocator(`iframe[title="${title}"] >> nth=0`);
const announced = (page: Page) => page.locator('.editor [aria-live="polite"]');

async function pageId(path: string): Promise<string> {
  const rows = await sqlOn(env.site(), `SELECT id FROM pages WHERE website_id = $1 AND path = $2`, [env.site().websiteId, path]);
  return rows[0]!.id as string;
}

async function openEditor(page: Page, path: string) {
  await page.goto(`${env.site().url}/config/pages/${await pageId(path)}`);
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor();
  await canvasOf(page).locator('.block').first().waitFor();
}

async function saved(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });
}

async function draftOf(path: string): Promise<EditorAnswer> {
  return (await ownerApi(env.site())).call<EditorAnswer>('GET', `/api/config/editor/pages/${await pageId(path)}`);
}

describe('the editor across devices, versions and pages', () => {
  it('edits the phone layout apart from desktop, then resets a block and its section to automatic, from the keyboard', async () => {
    const page = await signedIn();
    await openEditor(page, '/about');
    const before = await draftOf('/about');
    const note = page.locator('#editor-device-note');

    await page.getByRole('group', { name: 'Device' }).getByRole('button', { name: 'Phone' }).click();
    await note.filter({ hasText: 'Editing the phone layout (8 columns).' }).waitFor();
    expect(await page.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
    // Tab into the canvas: the first block in reading order is selected; Shift+Left narrows it on the phone only.
    await canvasOf(page).locator('.block').first().waitFor();
    await page.locator('iframe[title="Page canvas"]').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => announced(page).textContent()).toMatch(/selected, column 1, row 1$/);
    await note.filter({ hasText: 'This section is automatic' }).waitFor();
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => announced(page).textContent()).toMatch(/resized to 6 columns by \d+ rows$/);
    await note.filter({ hasText: 'Changes here do not change desktop.' }).waitFor();
    await saved(page);
    const edited = await draftOf('/about');
    const [first] = edited.draft.sections;
    const narrowed = first!.blocks.find((b) => b.layout.phone?.w === 6)!;
    expect(narrowed).toBeDefined();
    // Desktop is as it was; every block of the section now has its phone place written down.
    expect(edited.draft.sections.map((s) => s.blocks.map((b) => b.layout.desktop))).toEqual(
      before.draft.sections.map((s) => s.blocks.map((b) => b.layout.desktop)),
    );
    expect(first!.blocks.every((b) => b.layout.phone)).toBe(true);

    // The block back to automatic, by its toolbar's button from the keyboard.
    const canvas = canvasOf(page);
    await canvas.getByRole('button', { name: 'Reset to automatic' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page).textContent()).toMatch(/reset to automatic on phones: it follows the desktop order again\.$/);
    await saved(page);
    const reset = (await draftOf('/about')).draft.sections[0]!;
    expect(reset.blocks.find((b) => b.id === narrowed.id)!.layout.phone).toBeUndefined();
    expect(reset.blocks.filter((b) => b.layout.phone).length).toBe(reset.blocks.length - 1);

    // Then the whole section, from its bar.
    await canvas.getByRole('button', { name: 'Reset section to automatic' }).first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page).textContent()).toBe('Section reset to automatic on phones: its blocks are stacked in desktop reading order.');
    await saved(page);
    expect((await draftOf('/about')).draft.sections[0]!.blocks.some((b) => b.layout.phone)).toBe(false);

    // A tablet shows the desktop layout, and says so.
    await page.getByRole('button', { name: 'Tablet' }).click();
    await note.filter({ hasText: 'Tablet preview: it shows the desktop layout' }).waitFor();
    await page.context().close();
  });

  it('compares a revision from three publishes back with the page now, restores it, and visitors see it once published', async () => {
    const api = await ownerApi(env.site());
    const id = await pageId('/contact');
    const url = `/api/config/editor/pages/${id}`;
    // Four publishes, each with the first text block's words changed.
    for (const n of [1, 2, 3, 4]) {
      const { draft } = await api.call<EditorAnswer>('GET', url);
      const sections = structuredClone(draft.sections);
      const text = sections.flatMap((s) => s.blocks).find((b) => b.type === 2)!;
      text.data.text = {
        type: 'doc',
        content: [{ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: `Studio hours, version ${n}` }] }],
      };
      const savedDraft = await api.call<{ version: number }>('PUT', `${url}/draft`, {
        baseVersion: draft.version,
        changeId: `revisions-${n}-${Date.now()}`,
        sections,
      });
      await api.call('POST', `${url}/publish`, { version: savedDraft.version });
    }
    const live = (await draftOf('/contact')).published.revision;

    const page = await signedIn();
    await openEditor(page, '/contact');
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'Published versions' });
    await history.getByRole('button', { name: new RegExp(`^Revision ${live} Live now`) }).waitFor();
    const target = live - 3;
    await history.getByRole('button', { name: new RegExp(`^Revision ${target} Published`) }).click();
    await history.getByText(`Revision ${target} (left) beside the page as it is now (right).`).waitFor();
    await canvasOf(page).getByText('Studio hours, version 1').waitFor();
    await page.frameLocator('iframe[title="Page canvas"] >> nth=1').getByText('Studio hours, version 4').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await history.getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.getByRole('dialog', { name: `Restore revision ${target}?` });
    await confirm.getByText(/Your draft becomes revision \d+\. Visitors see nothing new until you publish\. \d+ blocks? changed\./).waitFor();
    await confirm.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText(`Revision ${target} restored as your draft. Publish to show it to visitors.`).first().waitFor();
    await canvasOf(page).getByText('Studio hours, version 1').waitFor();

    const visitor = await (await visitorContext(env.browser(), env.site())).newPage();
    await visitor.goto(`${env.site().url}/contact`);
    await visitor.getByText('Studio hours, version 4').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Publish this page?' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published. Visitors now see this version.').first().waitFor();
    await expect
      .poll(async () => {
        await visitor.reload();
        return visitor.getByText('Studio hours, version 1').count();
      })
      .toBe(1);
    await page.context().close();
    await visitor.context().close();
  });

  it('adds a section from a layout, sets its height and background, publishes it for visitors, pastes it into another page, and discards that', async () => {
    const page = await signedIn();
    await openEditor(page, '/about');
    const canvas = canvasOf(page);
    await page.getByRole('complementary', { name: 'Add blocks' }).getByRole('button', { name: 'Add a section' }).click();
    const layouts = page.getByRole('dialog', { name: 'Add a section' });
    const faq = layouts.getByRole('button', { name: /^Questions and answers/ });
    await faq.waitFor();
    // A blank section and the ten layouts, each its picture beside its name and line, apart at a laptop's width and a phone's.
    expect(await layouts.getByRole('listitem').count()).toBe(11);
    for (const width of [1280, 390]) expect(await overprintedChoices(page, layouts, width), `${width} px`).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await faq.click();
    await canvas.getByText('Frequently asked questions').waitFor();
    const sections = await canvas.locator('section.page-section').count();
    const panel = page.getByRole('complementary', { name: `Section ${sections} settings` });
    await panel.getByLabel('Height').selectOption({ label: 'Large' });
    await panel.getByLabel('Background').selectOption({ label: 'Dark' });
    await canvas.locator('section.page-section.theme-dark.section-height-large', { hasText: 'Frequently asked questions' }).waitFor();
    expect(
      await panel
        .getByRole('list', { name: `Layers in section ${sections}` })
        .getByRole('button')
        .count(),
    ).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Copy section' }).click();
    await expect.poll(() => announced(page).textContent()).toBe('Section copied. Paste it into any page of this site.');
    await saved(page);
    const about = (await draftOf('/about')).draft.sections.at(-1)!;
    expect(about).toMatchObject({ theme: 'dark', height: 'large' });
    expect(about.blocks).toHaveLength(2);

    // Published, a visitor opens a question and reads its answer.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Publish this page?' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published. Visitors now see this version.').first().waitFor();
    const visitor = await (await visitorContext(env.browser(), env.site())).newPage();
    await visitor.goto(`${env.site().url}/about`);
    const answer = visitor.getByText('Most orders arrive within three to five working days.');
    await visitor.getByText('How long does delivery take?').waitFor();
    expect(await answer.isVisible()).toBe(false);
    await visitor.getByText('How long does delivery take?').click();
    await answer.waitFor();
    expect(
      await visitor
        .getByRole('group')
        .filter({ hasText: 'How do I place an order?' })
        .evaluate((d) => (d as HTMLDetailsElement).open),
    ).toBe(false);
    await visitor.context().close();

    // Another page: paste from the palette, with new ids.
    await openEditor(page, '/');
    await page.getByRole('complementary', { name: 'Add blocks' }).getByRole('button', { name: 'Paste' }).click();
    await canvas.getByText('Frequently asked questions').waitFor();
    await expect.poll(() => announced(page).textContent()).toBe('Section pasted below.');
    await saved(page);
    const home = await draftOf('/');
    const pasted = home.draft.sections.find((s) => s.blocks.some((b) => JSON.stringify(b.data).includes('Frequently asked questions')))!;
    expect(pasted).toMatchObject({ theme: 'dark', height: 'large' });
    expect(pasted.id).not.toBe(about.id);
    expect(pasted.blocks.map((b) => b.id)).not.toEqual(about.blocks.map((b) => b.id));

    // Discarded: the confirmation says what goes, and the page is as published again.
    await page.getByRole('button', { name: 'Discard changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard the unpublished changes?' });
    await confirm.getByText(/The page goes back to what visitors see now\. 2 blocks removed\. 1 section added or removed\./).waitFor();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByText('Changes discarded: the page is as published.').first().waitFor();
    expect(await canvas.getByText('Frequently asked questions').count()).toBe(0);
    const after = await draftOf('/');
    expect(after.draft.sections).toEqual(after.published.sections);
    await page.context().close();
  });
});
