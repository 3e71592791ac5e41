/**
 * A team member invited while the app runs signs in and sees only the areas
 * of the role; removed from the team while signed in, the next call is refused and the system
 * error panel says why (seed 000 §8: an authorization failure shows the system error dialog).
 * An ADMIN hands the site over to another member in one confirmed step.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { addTeamMember, desktop, ownerApi, siteForFile, signInAsOwner, visitorContext } from './harness';

const env = siteForFile();

describe('roles in the config area', () => {
  // covers 000-8.03
  it('shows an editor only its areas, and the system error panel once the editor is removed', async () => {
    const server = env.site();
    const editor = await addTeamMember(server, 'EDITOR');

    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await page.goto(`${server.url}/config/`);
    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password').fill(editor.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Config' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Preview', 'Pages', 'Blog', 'Files', 'Design', 'Navigation', 'Forms']);

    // The owner takes the editor off the team (the Team screen's call) while the editor's screen is open.
    const owner = await ownerApi(server);
    const { members } = await owner.call<{ members: { accountId: string; email: string }[] }>('GET', '/api/config/team');
    await owner.call('DELETE', `/api/config/team/${members.find((m) => m.email === editor.email)!.accountId}`);

    await nav.getByRole('link', { name: 'Pages' }).click();
    const panel = page.getByRole('alertdialog');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('Your role on this site does not allow this.');
    await panel.getByRole('button', { name: 'Clear' }).click();
    await panel.waitFor({ state: 'detached' });
    await context.close();
  });

  it('an ADMIN hands the site to a team member after confirming, and then sees a WEBSITE_MANAGER’s areas (roles named in words)', async () => {
    const server = env.site();
    const partner = await addTeamMember(server, 'EDITOR', 'partner');
    const context = await visitorContext(env.browser(), server, { ...desktop, bypassCSP: true });
    const page = await context.newPage();
    await signInAsOwner(page, server);
    const nav = page.getByRole('navigation', { name: 'Config' });
    await nav.getByRole('link', { name: 'Team' }).click();
    // Roles by their names, never their codes (STORE_MANAGER).
    const roleChoice = page.getByRole('combobox', { name: 'Role', exact: true });
    await roleChoice.waitFor();
    const roles = await roleChoice.locator('option').allInnerTexts();
    expect(roles).toEqual(expect.arrayContaining(['Administrator', 'Website editor', 'Store manager', 'Scheduling viewer', 'Website manager']));
    expect(roles.filter((r) => /_|[A-Z]{2}/.test(r))).toEqual([]);
    expect(
      await page
        .getByRole('combobox', { name: `Role of ${partner.email}` })
        .locator('option:checked')
        .innerText(),
    ).toBe('Website editor');
    await page.getByRole('button', { name: `Hand over the site to ${partner.email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hand the site over?' });
    await confirm.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Hand over the site to ${partner.email}` }).click();
    await confirm.getByRole('button', { name: 'Hand over' }).click();
    await page.getByText('Website manager', { exact: true }).first().waitFor();
    expect(await nav.getByRole('link', { name: 'Import and export' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('cell', { name: partner.email, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Hand over the site to/ }).count()).toBe(0);
    await context.close();
  });
});
