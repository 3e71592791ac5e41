/**
 * Every dialog of the config area, each opened as the first thing in a fresh tab (a context of its
 * own, signed in): it is a modal in the viewport, styled on first use (its stylesheet linked before
 * it is needed, not brought later by some other screen): visible whole, centred, a backdrop over
 * the page behind it, and focus inside.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled } from './axe';
import { changeSiteDocument, desktop, signInAsOwner, siteForFile, visitorContext } from './harness';

const env = siteForFile();

/** A dialog: the screen it is on (its button in the sidebar) and how a person opens it there. */
type Opening = { screen: string; open: (page: Page) => Promise<Locator> };

const DIALOGS: Record<string, Opening> = {
  'Add a page': {
    screen: 'Pages',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add a page' }).click();
      return page.getByRole('dialog', { name: 'Add a page' });
    },
  },
  "a page's settings": {
    screen: 'Pages',
    open: async (page) => {
      await page.getByRole('button', { name: 'Settings of About' }).click();
      return page.getByRole('dialog', { name: 'Page settings: About' });
    },
  },
  'Delete a page': {
    screen: 'Pages',
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete About' }).click();
      return page.getByRole('alertdialog', { name: 'Delete “About”?' });
    },
  },
  'Make home page': {
    screen: 'Pages',
    open: async (page) => {
      await page.getByRole('button', { name: 'Make home page: About' }).click();
      return page.getByRole('alertdialog', { name: 'Make “About” the home page?' });
    },
  },
  "a file's details": {
    screen: 'Files',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Details of / })
        .first()
        .click();
      return page.getByRole('dialog');
    },
  },
  'Delete a post': {
    screen: 'Blog',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Delete: / })
        .first()
        .click();
      return page.getByRole('alertdialog', { name: 'Delete this post?' });
    },
  },
  'Add a section': {
    screen: 'Pages',
    open: async (page) => {
      await page.getByRole('button', { name: 'Edit About' }).click();
      await page.getByRole('button', { name: 'Add a section' }).click();
      return page.getByRole('dialog', { name: 'Add a section' });
    },
  },
  'Remove a menu folder': {
    screen: 'Navigation',
    open: async (page) => {
      await page.getByRole('button', { name: 'Remove: About' }).click();
      return page.getByRole('alertdialog', { name: 'Remove About?' });
    },
  },
  'Publish this page?': {
    screen: 'Pages',
    open: async (page) => {
      await page.getByRole('button', { name: 'Edit About' }).click();
      await page.getByRole('button', { name: 'Publish' }).click();
      return page.getByRole('dialog', { name: 'Publish this page?' });
    },
  },
};

let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  // A menu folder: removing one asks first.
  await changeSiteDocument(env.site(), (doc) => {
    const about = (doc.navigation as { title: string; children?: unknown[] }[]).find((link) => link.title === 'About')!;
    about.children = [{ title: 'Journal', href: '/journal', newWindow: false }];
  });
  const context = await visitorContext(env.browser(), env.site(), desktop);
  await signInAsOwner(await context.newPage(), env.site());
  signedIn = await context.storageState();
  await context.close();
});

/** Where the dialog box and the page behind it are, read in the page. */
async function modalFacts(page: Page, dialog: Locator) {
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  // What a click near each corner of the window would reach: the backdrop, not the screen behind it.
  const corners = await page.evaluate(
    ({ w, h }) =>
      [
        [4, 4],
        [w - 4, 4],
        [4, h - 4],
        [w - 4, h - 4],
      ].map(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return { behind: !!hit?.closest('nav, main, header, [role="navigation"], [role="main"]'), paint: hit ? getComputedStyle(hit).backgroundColor : '' };
      }),
    { w: viewport.width, h: viewport.height },
  );
  const focusInside = await dialog.evaluate((el) => el.contains(document.activeElement));
  return { box, viewport, corners, focusInside };
}

describe('config dialogs on first use', () => {
  for (const [name, { screen, open }] of Object.entries(DIALOGS)) {
    it(`${name}: a modal, centred in the viewport over a backdrop, with focus inside`, async () => {
      const context = await visitorContext(env.browser(), env.site(), { ...desktop, storageState: signedIn });
      try {
        const page = await context.newPage();
        await page.goto(`${env.site().url}/config/`);
        await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: screen }).click();
        const dialog = await open(page);
        await dialog.waitFor();
        // Its opening transition has ended.
        await animationsSettled(page);
        const { box, viewport, corners, focusInside } = await modalFacts(page, dialog);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
        expect(box.width).toBeLessThan(viewport.width);
        for (const corner of corners) {
          expect(corner.behind).toBe(false);
          expect(corner.paint).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent)$/);
        }
        expect(focusInside).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});
