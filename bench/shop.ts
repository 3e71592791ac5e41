/**
 * The cached product page (bench/run.ts section `shop`), measured as the home page's row is: a
 * site with a shop (test/shop-fixture.ts) written into a database of the bench's own, the built
 * app on it, the product page asked for twice (the second answer is the cached one), then
 * autocannon against the app and against a bare Node server sending the same bytes.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteDocument } from '../src/document/schema';
import { demoDocument } from '../test/fixtures';
import { SHOP, withShop } from '../test/shop-fixture';
import { withSiteServer } from './site-server';
import { fmt, type GoalRow } from './table';

type Load = { rps: number; p50: number; p99: number; errors: number };
export type ShopBenchTools = {
  spawnServer(args: string[], env?: Record<string, string>): Promise<{ port: number; child: ChildProcess }>;
  load(url: string, headers: Record<string, string>): Promise<Load>;
  rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string | undefined }>;
  resultLine(name: string, r: Load): string;
};

const ACCEPT_ENCODING = 'br, gzip';
const PRODUCT = `${SHOP.path}/speckled-mug`;

export async function shopPageBench(dataDir: string, children: ChildProcess[], tools: ShopBenchTools): Promise<GoalRow[]> {
  const doc = withShop(demoDocument()) as SiteDocument;
  return withSiteServer({ dataDir, name: 'shop', doc, children, spawnServer: tools.spawnServer }, async (origin) => {
    const url = `${origin}${PRODUCT}`;
    const headers = { 'accept-encoding': ACCEPT_ENCODING };
    // Twice: the first answer renders and stores the page, the second is the cached one measured.
    await fetch(url, { headers }).then((r) => r.arrayBuffer());
    const page = await tools.rawGet(url, headers);
    if (!page.body.includes(Buffer.from('product-detail')) && !page.encoding) throw new Error(`no product page at ${PRODUCT}`);
    const file = path.join(dataDir, 'product.body');
    await writeFile(file, page.body);
    const bare = await tools.spawnServer(['bench/bare-server.ts', file, 'text/html; charset=utf-8', ...(page.encoding ? [page.encoding] : [])]);
    children.push(bare.child);
    const baseline = await tools.load(`http://127.0.0.1:${bare.port}/`, headers);
    const cached = await tools.load(url, headers);
    console.log(`Cached product page (${PRODUCT}, Accept-Encoding: ${ACCEPT_ENCODING}; ${page.body.length} bytes${page.encoding ? ` ${page.encoding}` : ''}):`);
    console.log(tools.resultLine('bare Node http, same bytes', baseline));
    console.log(`${tools.resultLine('OpenPress, cached product page', cached)}\n`);
    const ratio = cached.rps / baseline.rps;
    return [
      {
        path: 'cached product page, autocannon: requests/s',
        measured: `${fmt(cached.rps)} req/s`,
        baseline: `bare Node ${fmt(baseline.rps)} req/s`,
        ratio,
        goal: '>= 0.6x',
        met: ratio >= 0.6 && cached.errors === 0,
      },
    ];
  });
}
