/**
 * The addresses `npm start` prints work: the published site, and the config area on the site's
 * identifier subdomain, where the first owner signs in with the printed password and sees the areas
 * an ADMIN may use (read on the shared server's banner and its default site, which the other files
 * share, so nothing there is changed). On the file's own site an owner changes the site title and
 * sees it on the published site, and logs out, landing on the site root with the 'Logout
 * Successful' notice. Each screen passes axe-core with no serious violation, and its code loads
 * only when it is first opened.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { defaultSite, desktop, printed, siteForFile, signInAsOwner, visitorContext } from './harness';

const env = siteForFile();

/** The sidebar an ADMIN sees: the preview, then the screens in their groups. */
const ADMIN_GROUPS = {
  Website: ['Pages', 'Blog', 'Files', 'Design', 'Navigation'],
  'Sell and engage': [
    'Products',
    'Inventory',
    'Categories',
    'Orders',
    'Customers',
    'Coupons',
    'Shipping',
    'Taxes',
    'Payments',
    'Store settings',
    'Forms',
    'Analytics',
  ],
  Settings: ['Settings', 'Team', 'Email', 'Captcha', 'Cookie banner', 'Import and export', 'Background jobs', 'Activity', 'Labs'],
};
const ADMIN_AREAS = ['Preview', ...Object.values(ADMIN_GROUPS).flat()];

describe('the config area', () => {
  it('prints working addresses and the first owner, who signs in there', async () => {
    const { banner: out, bannerPort: port } = defaultSite();
    const published = printed(out, 'Published site');
    const configUrl = printed(out, 'Config area');
    const email = printed(out, 'First owner');
    const password = printed(out, 'Password');
    expect(published).toBe(`http://localhost:${port}/`);
    expect(configUrl).toBe(`http://demo.localhost:${port}/config/`);
    expect(password.length).toBeGreaterThanOrEqual(16);

    // bypassCSP lets the accessibility check inject axe-core.
    const context = await env.browser().newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const a11y: string[] = [];
    expect((await page.goto(published))?.status()).toBe(200);
    expect((await page.goto(configUrl))?.status()).toBe(200);

    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The sign-in card and the tab name the site whose config area this is.
    await page.getByRole('form', { name: 'Sign in' }).getByText('Juniper Ceramics', { exact: true }).waitFor();
    expect(await page.title()).toBe('Juniper Ceramics · Config');
    a11y.push(...(await seriousViolations(page)).map((v) => `sign-in: ${v}`));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' }).waitFor();

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Config' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(ADMIN_AREAS);
    await page.frameLocator('iframe[title="Site preview"]').getByRole('heading', { name: 'Hand-thrown stoneware for everyday tables' }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `preview: ${v}`));
    await nav.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    expect(await page.getByLabel(`Role of ${email}`).inputValue()).toBe('1');
    expect(a11y).toEqual([]);
    await context.close();
  });

  it('an owner changes the site title, sees it published, and logs out to the site root', async () => {
    const site = env.site();
    // bypassCSP lets the accessibility check inject axe-core.
    const context = await visitorContext(env.browser(), site, { ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const a11y: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    const screenChunks = () => scripts.filter((s) => /^\/assets\/(?!island-)[a-z-]+-screen-/.test(s));
    await signInAsOwner(page, site);
    const nav = page.getByRole('navigation', { name: 'Config' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(ADMIN_AREAS);
    for (const [group, screens] of Object.entries(ADMIN_GROUPS))
      expect(await nav.getByRole('region', { name: group }).getByRole('link').allTextContents()).toEqual(screens);
    // The config area starts with its shell alone: a screen's code loads when it is first opened.
    expect(screenChunks()).toEqual([]);
    await nav.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('cell', { name: site.owner.email, exact: true }).waitFor();
    expect(screenChunks()).toEqual([expect.stringMatching(/^\/assets\/team-screen-[\w-]+\.js$/)]);
    a11y.push(...(await seriousViolations(page)).map((v) => `team: ${v}`));
    for (const screen of ['Pages', 'Design', 'Activity', 'Import and export', 'Background jobs']) {
      await nav.getByRole('link', { name: screen }).click();
      await page.getByRole('heading', { name: screen, level: 1 }).waitFor();
      a11y.push(...(await seriousViolations(page)).map((v) => `${screen}: ${v}`));
    }

    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Site title').fill('Juniper Ceramics Studio');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `settings: ${v}`));
    await expect
      .poll(async () => {
        // noredirect: a signed-in owner is otherwise taken to the config area.
        await page.goto(`${site.url}/?noredirect`);
        return page.title();
      })
      .toBe('Juniper Ceramics Studio');

    await page.goto(`${site.url}/config/`);
    await page.getByRole('button', { name: 'Log out' }).click();
    // covers 000-2.18, 000-2.19, 000-4.70
    await page.waitForURL(`${site.url}/?logout=true`);
    const notice = page.getByRole('dialog', { name: 'Logout Successful' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('You have been successfully logged out.');
    a11y.push(...(await seriousViolations(page)).map((v) => `logout notice: ${v}`));
    expect(a11y).toEqual([]);
    await notice.waitFor({ state: 'detached', timeout: 5000 });
    await page.goto(`${site.url}/config/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('every screen has its own address: a reload stays there, Back and Forward move between screens, a bookmark opens it', async () => {
    const site = env.site();
    const context = await visitorContext(env.browser(), site, desktop);
    const page = await context.newPage();
    await signInAsOwner(page, site);
    const nav = page.getByRole('navigation', { name: 'Config' });
    const heading = (name: string) => page.getByRole('heading', { name, level: 1, exact: true });
    await nav.getByRole('link', { name: 'Pages' }).click();
    await heading('Pages').waitFor();
    expect(page.url()).toBe(`${site.url}/config/pages`);
    await nav.getByRole('link', { name: 'Team' }).click();
    await heading('Team').waitFor();
    expect(page.url()).toBe(`${site.url}/config/team`);
    await page.reload();
    await heading('Team').waitFor();
    expect(await nav.getByRole('link', { name: 'Team' }).getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await heading('Pages').waitFor();
    expect(page.url()).toBe(`${site.url}/config/pages`);
    await page.goForward();
    await heading('Team').waitFor();
    // Each sidebar entry is a link to its address, which opens the screen when typed or bookmarked.
    const screens = ADMIN_AREAS.filter((s) => s !== 'Preview');
    const addresses = await Promise.all(screens.map(async (name) => (await nav.getByRole('link', { name, exact: true }).getAttribute('href'))!));
    expect(new Set(addresses).size).toBe(screens.length);
    const tab = await context.newPage();
    for (const [i, name] of screens.entries()) {
      expect(addresses[i]).toMatch(/^\/config\/[a-z-]+(\/[a-z-]+)?$/);
      await tab.goto(`${site.url}${addresses[i]}`);
      await tab.getByRole('heading', { name, level: 1, exact: true }).waitFor();
    }
    // The seed's frameUrl still opens the page being left, and the preview's address keeps it.
    await tab.goto(`${site.url}/config/?frameUrl=${encodeURIComponent('/about')}`);
    await tab.frameLocator('iframe[title="Site preview"]').getByRole('heading', { level: 1 }).first().waitFor();
    expect(await tab.locator('iframe[title="Site preview"]').getAttribute('src')).toBe('/about');
    await tab.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Team' }).click();
    await tab.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Preview' }).click();
    expect(tab.url()).toBe(`${site.url}/config/?frameUrl=${encodeURIComponent('/about')}`);
    await context.close();
  });
});
