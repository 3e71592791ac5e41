/**
 * Nothing overprints anything: every page of the demo's sitemap at 390, 768 and 1440 px wide,
 * where no two blocks' painted boxes (a block and everything drawn inside it, its caption
 * included) overlap unless their grid areas in the layout that width uses overlap too (the owner
 * placed one over the other). A block's caption stays inside its own grid area; the phone's
 * stacking never overlaps.
 */
import { describe, expect, it } from 'vitest';
import { siteForFile, visitorContext } from './harness';
import { overprinted } from './overlap';

const env = siteForFile();
const WIDTHS = [390, 768, 1440];

describe('no block overprints another', () => {
  it.each(WIDTHS)('on every page of the demo at %i px', async (width) => {
    const site = env.site();
    const context = await visitorContext(env.browser(), site, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    const sitemap = await (await page.goto(`${site.url}/sitemap.xml`))!.text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths.length).toBeGreaterThan(20);
    const overlaps: string[] = [];
    for (const path of paths) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      overlaps.push(...(await overprinted(page, path)));
    }
    await context.close();
    expect(overlaps).toEqual([]);
  });
});
