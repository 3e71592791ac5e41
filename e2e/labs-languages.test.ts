/**
 * The owner turns on multilingual sites in Labs, which brings the Languages screen into the
 * navigation; there they add a language, save, and find it again after a reload; then connect a
 * translation provider and disconnect it after confirming. Both screens pass axe-core with no
 * serious violation.
 */
import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../src/domain/secrets';
import { seriousViolations } from './axe';
import { desktop, siteForFile, visitorContext } from './harness';

const env = siteForFile();

describe('labs and languages', () => {
  // covers 001-1.13
  it('turns on multilingual in Labs, then adds a language that is still there after a reload', async () => {
    const server = env.site();
    // bypassCSP lets the accessibility check inject axe-core.
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const a11y: string[] = [];
    await page.goto(`${server.url}/config/`);
    await page.getByLabel('Email').fill(server.owner.email);
    await page.getByLabel('Password').fill(server.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Config' });
    await nav.getByRole('link', { name: 'Labs' }).click();
    await page.getByRole('heading', { name: 'Labs', level: 1 }).waitFor();
    expect(await nav.getByRole('link', { name: 'Languages' }).count()).toBe(0);
    a11y.push(...(await seriousViolations(page)).map((v) => `labs: ${v}`));

    // Each feature once, and a switch only for a feature that exists (commerce is not built yet).
    const switches = page.getByRole('checkbox');
    const names = await Promise.all(
      (await switches.all()).map(async (c) => (await c.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent)) ?? ''),
    );
    expect(names).toEqual([...new Set(names)]);
    expect(names).toContain('Multilingual sites');
    expect(names).toContain('Text area length limit');
    expect(await page.getByRole('checkbox', { name: 'Commerce' }).count()).toBe(0);
    const multilingual = page.getByRole('group', { name: 'Features' }).getByRole('checkbox', { name: 'Multilingual sites' });
    expect(await multilingual.isChecked()).toBe(false);
    await multilingual.check();
    await page.getByRole('button', { name: 'Save labs features' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await nav.getByRole('link', { name: 'Languages' }).click();
    await page.getByRole('heading', { name: 'Languages', level: 1 }).waitFor();
    await page.getByRole('rowheader', { name: 'English (United States) en-US' }).waitFor();
    expect(await page.getByRole('radio', { name: 'English (United States) is the default language' }).isChecked()).toBe(true);
    await page.getByLabel('Language code (such as fr or fr-CA)').fill('fr-fr');
    await page.getByRole('button', { name: 'Add language' }).click();
    await page.getByRole('rowheader', { name: 'French (France) fr-FR' }).waitFor();
    await page.getByRole('checkbox', { name: 'Show French (France) to visitors' }).uncheck();
    await page.getByRole('button', { name: 'Save languages' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `languages: ${v}`));

    await page.reload();
    await nav.getByRole('link', { name: 'Languages' }).click();
    await page.getByRole('rowheader', { name: 'French (France) fr-FR' }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['English (United States) en-US', 'French (France) fr-FR']);
    expect(await page.getByRole('checkbox', { name: 'Show French (France) to visitors' }).isChecked()).toBe(false);

    await page.getByRole('combobox', { name: 'Provider', exact: true }).selectOption({ label: 'DeepL' });
    await page.getByLabel('API key').fill('dpl-secret-4f9a2c7e1b');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Connected to DeepL').waitFor();
    expect(await page.content()).not.toContain('dpl-secret-4f9a2c7e1b');
    await expect.poll(() => page.getByLabel('API key').inputValue()).toBe(MASKED_SECRET);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect DeepL?' });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('No translation provider is connected.').waitFor();

    expect(a11y).toEqual([]);
    await context.close();
  });
});
