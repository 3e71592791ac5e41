/**
 * The addresses `npm start` prints work: the published site, and the config area on the site's
 * identifier subdomain, where the first owner signs in with the printed password, sees the areas
 * an ADMIN may use, changes the site title and sees it on the published site, and logs out, landing
 * on the site root with the 'Logout Successful' notice. Each screen passes axe-core with no serious
 * violation.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, printed, serverAndBrowserPerFile, visitorContext } from './harness';

const env = serverAndBrowserPerFile(['--host-resolver-rules=MAP demo.localhost 127.0.0.1']);

describe('the config area', () => {
  it('prints working addresses and the first owner, who signs in and edits the site', async () => {
    const out = env.server().output();
    const published = printed(out, 'Published site');
    const configUrl = printed(out, 'Config area');
    const email = printed(out, 'First owner');
    const password = printed(out, 'Password');
    expect(configUrl).toBe(`http://demo.localhost:${env.server().port}/config/`);
    expect(password.length).toBeGreaterThanOrEqual(16);

    // bypassCSP lets the accessibility check inject axe-core.
    const context = await visitorContext(env.browser(), env.server(), { ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const a11y: string[] = [];
    expect((await page.goto(published))?.status()).toBe(200);
    expect((await page.goto(configUrl))?.status()).toBe(200);

    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `sign-in: ${v}`));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' }).waitFor();

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Config' });
    await nav.waitFor();
    expect(await nav.getByRole('button').allTextContents()).toEqual(['Preview', 'Pages', 'Blog', 'Files', 'Design', 'Navigation', 'Forms', 'Analytics', 'Settings', 'Labs', 'Captcha', 'Cookie banner', 'Email (SMTP)', 'Team', 'Activity', 'Import and export', 'Background jobs']);
    await page.frameLocator('iframe[title="Site preview"]').getByRole('heading', { name: 'Hand-thrown stoneware for everyday tables' }).waitFor();

    a11y.push(...(await seriousViolations(page)).map((v) => `preview: ${v}`));
    await nav.getByRole('button', { name: 'Team' }).click();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `team: ${v}`));
    expect(await page.getByLabel(`Role of ${email}`).inputValue()).toBe('1');
    for (const screen of ['Pages', 'Design', 'Activity', 'Import and export', 'Background jobs']) {
      await nav.getByRole('button', { name: screen }).click();
      await page.getByRole('heading', { name: screen, level: 1 }).waitFor();
      a11y.push(...(await seriousViolations(page)).map((v) => `${screen}: ${v}`));
    }

    await nav.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Site title').fill('Juniper Ceramics Studio');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `settings: ${v}`));
    await expect.poll(async () => {
      await page.goto(published);
      return page.title();
    }).toBe('Juniper Ceramics Studio');

    await page.goto(configUrl);
    await page.getByRole('button', { name: 'Log out' }).click();
    // covers 000-2.18, 000-2.19, 000-4.70
    await page.waitForURL(`http://demo.localhost:${env.server().port}/?logout=true`);
    const notice = page.getByRole('dialog', { name: 'Logout Successful' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('You have been successfully logged out.');
    a11y.push(...(await seriousViolations(page)).map((v) => `logout notice: ${v}`));
    expect(a11y).toEqual([]);
    await notice.waitFor({ state: 'detached', timeout: 5000 });
    await page.goto(configUrl);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});
