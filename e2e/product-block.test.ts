/**
 * The product block's chooser in the visual editor, in Chromium, used by an Editor (a role with
 * pages and no commerce sub-area): a Product block added to the About page lists the store's
 * products by name, picture and status, a search narrows the list, choosing the Harbour mug sets
 * the block, and once published the About page shows the mug's card.
 */
import { describe, expect, it } from 'vitest';
import { addTeamMember, desktop, openPageInEditor, publishFromEditor, signInAsOwner, siteForFile, typeInto, visitorContext } from './harness';

const env = siteForFile();

describe('the product block chooser', () => {
  it('an Editor adds a Product block, chooses the Harbour mug from the list, publishes, and the page shows its card', { timeout: 120_000 }, async () => {
    const editor = await addTeamMember(env.site(), 'EDITOR');
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInAsOwner(page, env.site(), editor);
    await openPageInEditor(page, 'About');
    const canvas = page.frameLocator('iframe[title="Page canvas"]');

    await canvas.locator('main').getByText('Visit us').click();
    await page.getByRole('button', { name: 'Add Product' }).click();
    const panel = page.getByRole('complementary', { name: 'Product settings' });
    const chooser = panel.getByRole('radiogroup', { name: 'Product' });
    await chooser.getByRole('radio').first().waitFor();
    await panel.getByText('No product chosen yet.').waitFor();
    expect(await chooser.getByRole('radio').count()).toBe(13);
    // Each product by name and status; the scheduled moon jar too.
    await chooser.getByRole('radio', { name: 'Moon jar Scheduled' }).waitFor();
    expect(await chooser.locator('img').count()).toBe(13);

    await typeInto(panel.getByLabel('Search products'), 'harb');
    await expect.poll(() => chooser.getByRole('radio').count()).toBe(1);
    await chooser.getByRole('radio', { name: 'Harbour mug Available' }).check();
    await panel.getByText('Chosen: Harbour mug').waitFor();
    await canvas.getByText('The product’s card is shown on the published site.').waitFor();
    await publishFromEditor(page);

    const visitor = await (await visitorContext(env.browser(), env.site())).newPage();
    await visitor.goto(`${env.site().url}/about`);
    const card = visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name: 'Harbour mug', level: 3 }) });
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Harbour mug' }).getAttribute('href')).toMatch(/^\/shop\/.*harbour-mug/);
    await visitor.context().close();
    await context.close();
  });
});
