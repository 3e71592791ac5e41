/**
 * The Blog screen in Chromium, as an owner uses it: a site with no blog adds one; a new post is
 * refused a tag and a category past the seeds' limits with their message, then created as a
 * Draft; its words are written in the visual editor and published there; from the keyboard its
 * settings make it Scheduled a few seconds ahead (the time field takes seconds too). The server runs
 * in its own process on the database's clock, which a test cannot move, so time really passes: the
 * server's own worker runs the job when it is due, and a visitor, who saw nothing before, then
 * finds the post on the blog's list and opens it. A second post is deleted after its confirmation. Axe finds no serious violation on
 * the Blog screen or the post settings.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, ownerApi, siteForFile, signInAsOwner, sqlOn, visitorContext } from './harness';

const env = siteForFile();

const LIMIT_MESSAGE = 'You have exceeded the character limit.';

/** How far ahead the post is scheduled: time enough to save it and see the blog's list without it first. */
const AHEAD_MS = 15_000;

/** An instant as the demo site's wall clock (Europe/London) reads it: the date and time fields' values. */
function inLondon(instant: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}:${part('second')}` };
}

async function signedIn(): Promise<Page> {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return page;
}

const canvasOf = (page: Page) => page.frameLocator('iframe[title="Page canvas"]');

describe('the blog', () => {
  it('an owner adds a blog, writes a post, schedules it, and a visitor reads it once its time has come', { timeout: 120_000 }, async () => {
    // A site with no blog: the demo's journal goes (with its menu link), so this owner starts one.
    await changeSiteDocument(env.site(), (doc) => {
      // The shop goes too (a collection as well), and with it the store's products.
      doc.collections = [];
      doc.store = { ...(doc.store as object), categories: [], products: [] };
      doc.navigation = (doc.navigation as { href: string }[]).filter((n) => n.href !== '/journal');
    });
    const page = await signedIn();
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await page.getByText('This site has no blog yet. Add one to start writing posts.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const adding = page.getByRole('form', { name: 'Add a blog' });
    await adding.getByLabel('Blog title').fill('News');
    await adding.getByLabel('Address').fill('/news');
    await adding.getByRole('button', { name: 'Add blog' }).click();
    await page.getByRole('status').filter({ hasText: 'The blog “News” was added at /news.' }).waitFor();

    // A new post: the seeds' limits refuse a 51-character tag and a 26-character category, each with its message.
    await page.getByRole('button', { name: 'New post in News' }).click();
    await page.getByRole('heading', { name: 'New post in News' }).waitFor();
    await page.getByLabel('Title').fill('Kiln opening');
    await page.getByLabel('Excerpt').fill('Come and watch the first firing.');
    await page.getByLabel('Tags').fill(`kiln, ${'t'.repeat(51)}`);
    await page.getByLabel('Categories').fill('c'.repeat(26));
    await page.getByRole('button', { name: 'Create post' }).click();
    await page.getByRole('alert').filter({ hasText: 'Some of the post’s settings are not valid' }).waitFor();
    // 000-9.46, 000-9.47: the seed's message, on each field.
    expect(await page.locator('.field-error').allTextContents()).toEqual([LIMIT_MESSAGE, LIMIT_MESSAGE]);
    expect(await page.getByLabel('Tags').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Tags').fill(`kiln, ${'t'.repeat(50)}`);
    await page.getByLabel('Categories').fill('c'.repeat(25));
    await page.getByRole('button', { name: 'Create post' }).click();
    await page.getByRole('status').filter({ hasText: 'The post “Kiln opening” was created.' }).waitFor();
    const posts = page.getByRole('table', { name: 'Posts of News' });
    // covers 001-3.98: the list shows the status's label.
    await posts
      .getByRole('row', { name: /Kiln opening/ })
      .getByText('Draft', { exact: true })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Its words, written in the visual editor and published there (a Draft still: visitors see nothing yet).
    await page.getByRole('button', { name: 'Edit content: Kiln opening' }).click();
    await page.waitForURL(/\/config\/posts\/[0-9a-f]{24}$/);
    await page.getByRole('button', { name: 'Add Text' }).click();
    const block = canvasOf(page).locator('.block-text-frame', { hasText: 'Write your text here.' });
    await block.click();
    await block.locator('p').click();
    await block.getByRole('textbox', { name: 'Text' }).waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('The new kiln is lit on Saturday.');
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Publish this post’s content?' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published. The post shows this version whenever its status lets visitors see it.').first().waitFor();
    await page.getByRole('button', { name: 'All posts' }).click();

    // From the keyboard: open its settings, choose Scheduled, give a time a few seconds ahead, and save with Enter.
    await page.getByRole('heading', { name: 'Blog', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Settings: Kiln opening' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Post settings: Kiln opening');
    await page.getByLabel('Status').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.getByLabel('Status').inputValue()).toBe('2');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Author').focus();
    await page.keyboard.type('Maya Lind');
    const due = new Date(Date.now() + AHEAD_MS);
    const when = inLondon(due);
    await page.getByLabel('Publish date').fill(when.date);
    await page.getByLabel('Publish time').fill(when.time);
    await page.getByLabel('Publish time').press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `The post “Kiln opening” is scheduled for ${when.date} ${when.time.slice(0, 5)} (Europe/London).` })
      .waitFor();
    await posts
      .getByRole('row', { name: /Kiln opening/ })
      .getByText('Scheduled', { exact: true })
      .waitFor();

    const visitor = await (await visitorContext(env.browser(), env.site())).newPage();
    await visitor.goto(`${env.site().url}/news`);
    await visitor.getByRole('heading', { name: 'News', level: 1 }).waitFor();
    expect(await visitor.getByRole('link', { name: 'Kiln opening', exact: true }).count()).toBe(0);

    // Not before its time: the job is waiting for it.
    expect(
      await sqlOn(env.site(), `SELECT run_at FROM jobs WHERE website_id = $1 AND kind = 'blog.publish_scheduled' AND status = 'pending'`, [
        env.site().websiteId,
      ]),
    ).toEqual([{ run_at: new Date(Math.floor(due.getTime() / 1000) * 1000) }]);
    expect(Date.now()).toBeLessThan(due.getTime());
    // Time passes; the server's worker publishes the post when it is due.
    await expect
      .poll(
        async () => {
          await visitor.reload();
          return visitor.getByRole('link', { name: 'Kiln opening', exact: true }).count();
        },
        { timeout: AHEAD_MS + 20_000, interval: 500 },
      )
      .toBe(1);
    await visitor.getByText('Come and watch the first firing.').waitFor();
    await visitor.getByRole('link', { name: 'Kiln opening', exact: true }).click();
    await visitor.getByRole('heading', { name: 'Kiln opening', level: 1 }).waitFor();
    await visitor.getByText('The new kiln is lit on Saturday.').waitFor();

    // The owner's list says Published now; a second post is deleted once the confirmation is accepted.
    const api = await ownerApi(env.site());
    const { blogs } = await api.call<{ blogs: { id: string; path: string }[] }>('GET', '/api/config/blogs');
    await api.call('POST', `/api/config/blogs/${blogs.find((b) => b.path === '/news')!.id}/posts`, { title: 'Old notice', status: 4 });
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Preview' }).click();
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await posts
      .getByRole('row', { name: /Kiln opening/ })
      .getByText('Published', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Delete: Old notice' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await confirm.getByText('“Old notice” and its content are deleted for good. Visitors have not seen it.').waitFor();
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('status').filter({ hasText: 'The post “Old notice” was deleted.' }).waitFor();
    expect(await posts.getByRole('row', { name: /Old notice/ }).count()).toBe(0);
    await page.context().close();
    await visitor.context().close();
  });
});
