/**
 * Placing blocks so none hides another, in Chromium: on the phone layout, a block dragged onto the
 * top of another takes its place and the blocks below move down in their order, and one dragged
 * with the arrow keys passes its neighbour; on desktop, a block dragged over part of another gets
 * a warning outline with a note naming what covers it (and the live region says so), which Bring
 * forward, the owner's choice of which shows, takes away.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeSiteDocument, desktop, ownerApi, siteForFile, signInAsOwner, sqlOn, visitorContext } from './harness';

const env = siteForFile();
const BUTTON = 15;
const SPACER = 21;
const NAMES = ['First', 'Second', 'Third'] as const;

type Placement = { x: number; y: number; w: number; h: number; z?: number };
type EditorAnswer = { draft: { sections: { blocks: { data: { buttonText?: string }; layout: { desktop: Placement; phone?: Placement } }[] }[] } };

let seq = 0;
const hexId = () => (0xe2eb000000 + seq++).toString(16).padStart(24, '0');

beforeAll(async () => {
  // Three buttons side by side on desktop, a spacer below them: stacked First, Second, Third on a phone.
  const section = {
    id: hexId(),
    theme: 'white',
    blocks: [
      ...NAMES.map((name, i) => ({
        id: hexId(),
        type: BUTTON,
        data: { buttonText: name, clickthroughUrl: '/' },
        layout: { desktop: { x: i * 8, y: 0, w: 6, h: 2 } },
      })),
      // Room at the section's foot, where its bar sits.
      { id: hexId(), type: SPACER, data: {}, layout: { desktop: { x: 0, y: 2, w: 24, h: 8 } } },
    ],
  };
  await changeSiteDocument(env.site(), (doc) => {
    doc.pages.push({ id: hexId(), pageType: 2, path: '/stack', title: 'Stack', status: 1, seo: {}, sections: [section] });
  });
});

const canvasOf = (page: Page): FrameLocator => page.frameLocator('iframe[title="Page canvas"]');
const announced = (page: Page) => page.locator('.editor [aria-live="polite"]');
const blockOf = (page: Page, name: string) => canvasOf(page).locator('.block').filter({ hasText: name });

async function stackId(): Promise<string> {
  const [row] = await sqlOn(env.site(), `SELECT id FROM pages WHERE website_id = $1 AND path = '/stack'`, [env.site().websiteId]);
  return row!.id as string;
}

async function saved(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });
}

/** Each button's placement on `device` in the saved draft, by its words. */
async function placed(device: 'desktop' | 'phone'): Promise<Record<string, Placement | undefined>> {
  const answer = await (await ownerApi(env.site())).call<EditorAnswer>('GET', `/api/config/editor/pages/${await stackId()}`);
  return Object.fromEntries(answer.draft.sections[0]!.blocks.map((b) => [b.data.buttonText ?? 'spacer', b.layout[device]]));
}

/**
 * Drags `from` by a point near its top left corner (clear of the section's bar, which a phone's
 * narrow section puts over its last block) to the point (x, y) of the page, in small steps, as a hand does.
 */
async function dragTo(page: Page, from: { x: number; y: number; width: number; height: number }, x: number, y: number) {
  const start = { x: from.x + 12, y: from.y + 6 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + x) / 2, (start.y + y) / 2, { steps: 5 });
  await page.mouse.move(x, y, { steps: 5 });
  await page.mouse.up();
}

/** The buttons' boxes on the canvas, top to bottom. */
async function inPaintOrder(page: Page) {
  const boxes = await Promise.all(NAMES.map(async (name) => ({ name, box: (await blockOf(page, name).boundingBox())! })));
  return boxes.sort((a, b) => a.box.y - b.box.y);
}

/** The owner, signed in, with the Stack page open in the editor. */
async function openStack() {
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  await page.goto(`${env.site().url}/config/pages/${await stackId()}`);
  await saved(page);
  return { context, page };
}

describe('placing blocks', () => {
  it('on the phone, a block dropped on another takes its place and the rest move down; the arrow keys move it past its neighbour', async () => {
    const { context, page } = await openStack();
    await page.getByRole('group', { name: 'Device' }).getByRole('button', { name: 'Phone' }).click();
    await page.locator('#editor-device-note').filter({ hasText: 'Editing the phone layout (8 columns).' }).waitFor();
    await expect.poll(async () => (await inPaintOrder(page)).map((b) => b.name)).toEqual(['First', 'Second', 'Third']);

    // Third dropped on the top of First: it takes First's place, and First and Second move down below it.
    const first = (await blockOf(page, 'First').boundingBox())!;
    await dragTo(page, (await blockOf(page, 'Third').boundingBox())!, first.x + first.width / 2, first.y + 2);
    await expect.poll(() => announced(page).textContent()).toBe('Button moved to column 1, row 1');
    await saved(page);
    const phone = await placed('phone');
    expect(phone.Third).toMatchObject({ y: 0 });
    expect(phone.First!.y).toBe(phone.Third!.y + phone.Third!.h);
    expect(phone.Second!.y).toBe(phone.First!.y + phone.First!.h);
    const order = await inPaintOrder(page);
    expect(order.map((b) => b.name)).toEqual(['Third', 'First', 'Second']);
    // Nothing painted over anything.
    for (let i = 1; i < order.length; i++) expect(order[i]!.box.y).toBeGreaterThanOrEqual(order[i - 1]!.box.y + order[i - 1]!.box.height - 1);
    expect(await canvasOf(page).getByRole('note').count()).toBe(0);

    // Second, selected, moved up a row with the arrow key: it passes First.
    await blockOf(page, 'Second').click();
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await inPaintOrder(page)).map((b) => b.name)).toEqual(['Third', 'Second', 'First']);
    await context.close();
  });

  it('on desktop, a block dragged over part of another is outlined with a note saying what covers it, until Bring forward settles it', async () => {
    const { context, page } = await openStack();
    const canvas = canvasOf(page);
    expect(await canvas.getByRole('note').count()).toBe(0);

    // Second dragged onto First's right half.
    const first = (await blockOf(page, 'First').boundingBox())!;
    await dragTo(page, (await blockOf(page, 'Second').boundingBox())!, first.x + first.width * 0.75, first.y + first.height / 2);
    await expect
      .poll(() => announced(page).textContent())
      .toMatch(/^Button moved to column \d+, row 1\. It overlaps Button block: move one of them, or choose which shows with Bring forward or Send back\.$/);
    const note = canvas.getByRole('note', { name: /^Button block, column 1, row 1, is partly covered by Button block\./ });
    await note.waitFor();
    // The outline lies over First, the block beneath.
    const outline = (await note.boundingBox())!;
    const under = (await blockOf(page, 'First').boundingBox())!;
    expect(Math.abs(outline.x - under.x)).toBeLessThan(2);
    expect(Math.abs(outline.y - under.y)).toBeLessThan(2);
    expect(await note.getByText('Covered').isVisible()).toBe(true);

    // Bring forward: the owner chose which shows, and the warning goes.
    await canvas.getByRole('toolbar', { name: 'Button block' }).getByRole('button', { name: 'Bring forward' }).click();
    await note.waitFor({ state: 'detached' });
    await saved(page);
    expect((await placed('desktop')).Second).toMatchObject({ z: 1 });
    await context.close();
  });
});
