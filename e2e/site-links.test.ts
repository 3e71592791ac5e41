/**
 * A visitor never meets a link a published page may not carry (seed 000 §5): footer and menu links
 * stored before the link rules (written here straight into the database, as an older server let
 * an editor save them) show as plain text, and nothing on the page links to javascript: or data:.
 */
import { describe, expect, it } from 'vitest';
import { desktop, siteForFile, sqlOn, visitorContext } from './harness';

const env = siteForFile();

describe('links stored before the link rules', () => {
  // covers 000-5.34, 000-5.40
  it('show as text in the footer and menu, and no link on the page runs script or opens data', async () => {
    await sqlOn(
      env.site(),
      `WITH changed AS (
         UPDATE websites SET
           footer = jsonb_build_object('showNavigation', false, 'links', jsonb_build_array(
             jsonb_build_object('title', 'Our terms', 'href', 'javascript:alert(document.cookie)', 'newWindow', false),
             jsonb_build_object('title', 'Price list', 'href', 'data:text/html,<script>alert(1)</script>', 'newWindow', false),
             jsonb_build_object('title', 'Wholesale', 'href', '/wholesale', 'newWindow', false))),
           navigation = navigation || jsonb_build_array(jsonb_build_object('title', 'Offers', 'href', 'JavaScript:alert(1)', 'newWindow', false)),
           content_version = content_version + 1
         WHERE id = $1 RETURNING id)
       SELECT pg_notify('site_changed', id) FROM changed`,
      [env.site().websiteId],
    );
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto(`${env.site().url}/`);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.getByText('Our terms').waitFor();

    expect(await footer.getByRole('link', { name: 'Our terms' }).count()).toBe(0);
    expect(await footer.getByRole('link', { name: 'Price list' }).count()).toBe(0);
    expect(await footer.getByText('Price list').isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Wholesale' }).getAttribute('href')).toBe('/wholesale');
    const menu = page.getByRole('navigation', { name: 'Main' });
    expect(await menu.getByText('Offers').isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Offers' }).count()).toBe(0);

    await footer.getByText('Our terms').click();
    expect(page.url()).toBe(`${env.site().url}/`);
    const hrefs = await page.locator('[href]').evaluateAll((elements) => elements.map((el) => el.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => /^\s*(javascript|data|vbscript):/i.test(href))).toEqual([]);
    expect(dialogs).toBe(0);
    await context.close();
  });
});
