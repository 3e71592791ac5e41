/**
 * Visitors on the demo site: pages render and navigate with JavaScript turned off, an unknown path
 * shows the not-found page with status 404, a host that is not localhost serves the default site
 * (the shared server's demo), and owner redirects answer 301.
 */
import { describe, expect, it } from 'vitest';
import { changeSiteDocument, defaultSite, desktop, islandsReady, siteForFile, visitorContext } from './harness';

const env = siteForFile();

describe('the published demo site', () => {
  // covers 000-1.01
  it('reads and navigates with JavaScript turned off', async () => {
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(`${env.site().url}/`);
    expect(res?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Juniper Ceramics');
    await page.getByRole('heading', { name: 'Hand-thrown stoneware for everyday tables' }).waitFor();
    expect(await page.getByRole('img', { name: 'A tall terracotta vase on a sea-green background' }).isVisible()).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${env.site().url}/about`);
    await page.getByRole('heading', { name: 'About the studio' }).waitFor();
    expect(await page.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('link', { name: 'Journal', exact: true }).click();
    await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
    const titles = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
    expect(titles).toEqual(['Market season', 'A new kiln, at last', 'Testing the spring glazes']);

    await page.getByRole('link', { name: 'A new kiln, at last', exact: true }).click();
    await page.waitForURL(`${env.site().url}/journal/a-new-kiln`);
    await page.getByRole('heading', { name: 'A new kiln, at last', level: 1 }).waitFor();
    expect(await page.getByText('The new kiln is larger and far more even.').isVisible()).toBe(true);

    await page.goto(`${env.site().url}/blocks/accordion`);
    // The accordion's answers open with JavaScript off too (native details/summary).
    await page.getByText('Do you ship abroad?').click();
    expect(await page.getByText('We ship within the country').isVisible()).toBe(true);
    expect(await page.getByText('Are your pieces dishwasher-safe?').isVisible()).toBe(true);
    await context.close();
  });

  // covers 000-2.32 (not found 100)
  it('shows the not-found page with status 404 for an unknown path', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const res = await page.goto(`${env.site().url}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.locator('main').getAttribute('class')).toContain('page-type-100');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${env.site().url}/`);
    await context.close();
  });

  it('serves the default site to a host name that is not localhost, and the site on its identifier subdomain', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    // The shared browser sends *.test names to this machine.
    const res = await page.goto(`http://shop.example.test:${defaultSite().port}/about`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'About the studio' }).waitFor();
    const sub = await page.goto(`http://demo.localhost:${defaultSite().port}/journal`);
    expect(sub?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
    const own = await page.goto(`${env.site().url}/journal`);
    expect(own?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
    await context.close();
  });

  it('follows the redirects the owner listed', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const res = await page.goto(`${env.site().url}/blog`);
    expect(res?.url()).toBe(`${env.site().url}/journal`);
    expect(res?.request().redirectedFrom()?.url()).toBe(`${env.site().url}/blog`);
    await context.close();
  });
});

describe('a blog post', () => {
  it('reads in one column: the body lines up with the title, and the tags follow the body', async () => {
    const context = await visitorContext(env.browser(), env.site(), { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.site().url}/journal/a-new-kiln`);
    const title = (await page.getByRole('heading', { name: 'A new kiln, at last', level: 1 }).boundingBox())!;
    const body = (await page.getByText('The new kiln is larger and far more even.').boundingBox())!;
    const tags = (await page.getByRole('list', { name: 'Tags' }).boundingBox())!;
    expect(Math.abs(body.x - title.x)).toBeLessThanOrEqual(1);
    expect(body.x + body.width).toBeLessThanOrEqual(title.x + 760);
    expect(tags.y - (body.y + body.height)).toBeLessThanOrEqual(120);
    await context.close();
  });

  it('shows each post’s featured image on the blog’s list, sized before it loads', async () => {
    const context = await visitorContext(env.browser(), env.site(), { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.site().url}/journal`);
    // Each post's entry: its featured image (decorative: the title beside it names the post), with its size in the page.
    const entries = await page.getByRole('article').evaluateAll((articles) =>
      articles.map((a) => {
        const img = a.querySelector('img');
        return {
          title: a.querySelector('h2')?.textContent,
          sized: !!img?.getAttribute('width') && !!img.getAttribute('height'),
          alt: img?.getAttribute('alt'),
        };
      }),
    );
    expect(entries).toEqual(['Market season', 'A new kiln, at last', 'Testing the spring glazes'].map((title) => ({ title, sized: true, alt: '' })));
    const images = await page.getByRole('article').getByRole('presentation').all();
    expect(images).toHaveLength(3);
    for (const img of images) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await context.close();
  });
});

describe('owner HTML on a page', () => {
  it('cannot stand in for the page’s own elements: the islands map, the site context and the cookie banner are the page’s', async () => {
    // A code block whose HTML carries the ids the page's scripts look for, with contents of its own.
    await changeSiteDocument(env.site(), (doc) => {
      const about = (doc.pages as { path: string; sections: { blocks: unknown[] }[] }[]).find((p) => p.path === '/about')!;
      about.sections.at(-1)!.blocks.push({
        id: 'c0de00000000000000000001',
        type: 23,
        data: {
          html: '<div id="islands">{"measure":"/assets/nothing.js"}</div><div id="op-site">{"websiteId":"elsewhere"}</div><section id="op-cookie-banner"><p>Not the banner</p></section>',
        },
        layout: { desktop: { x: 0, y: 60, w: 24, h: 4 } },
      });
    });
    // No consent cookie: the page's own banner shows, its islands run, and its context is the site's.
    const context = await env.browser().newContext(desktop);
    const page = await context.newPage();
    await expect
      .poll(async () => {
        await page.goto(`${env.site().url}/about`);
        return page.getByText('Not the banner').count();
      })
      .toBe(1);
    await islandsReady(page);
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('body > script#op-site')?.textContent)).toContain(env.site().websiteId);
    // Every id the page looks up names the page's own element; the owner's carry the owner prefix.
    expect(await page.evaluate(() => ['islands', 'op-site', 'op-cookie-banner'].map((id) => document.getElementById(id)?.tagName))).toEqual([
      'SCRIPT',
      'SCRIPT',
      'SECTION',
    ]);
    expect(await page.evaluate(() => document.getElementById('op-cookie-banner')?.textContent)).not.toContain('Not the banner');
    expect(await page.locator('#user-content-islands').count()).toBe(1);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'hidden' });
    expect((await context.cookies()).find((c) => c.name === 'ss_cookieAllowed')?.value).toBe('true');
    await context.close();
  });
});
