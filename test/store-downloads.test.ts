/**
 * A digital product's download (src/contracts/catalogue.ts): uploaded with the product and stored
 * privately — never served at /s/, not in the asset library, counted in the site's storage, named
 * by the product's draft only when it is a private file of the site — and refused for a product
 * that is not digital, for roles that may not write products, and without the crumb.
 */
import { describe, expect, it } from 'vitest';
import { productAnswer } from '../src/contracts/catalogue';
import { newProduct, saveDraft, storeSiteForFile } from './store-harness';

const site = storeSiteForFile('store-downloads');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const upload = (productId: string, as = site.owner, name = 'pattern-book.pdf') =>
  as.call('POST', `/api/config/store/products/${productId}/download`, PDF, {
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': name },
  });
const library = async () => (await site.owner.call('GET', '/api/config/files')).json() as { files: { name: string }[]; storage: { used: number } };

describe('a digital product’s download', () => {
  it('is stored privately: never served, not in the library, counted in the storage, and named by the product’s draft', async () => {
    const product = await newProduct(site, 'DIGITAL', 'Pattern Book');
    const usedBefore = (await library()).storage.used;
    const res = await upload(product.product.id);
    expect(res.statusCode, res.body).toBe(200);
    const { digitalFile } = res.json() as { digitalFile: string };
    expect(digitalFile).toBe('pattern-book.pdf');
    expect((await site.app.inject({ method: 'GET', url: `/s/${digitalFile}`, headers: { host: 'localhost' } })).statusCode).toBe(404);
    const after = await library();
    expect(after.files.map((f) => f.name)).not.toContain(digitalFile);
    expect(after.storage.used).toBe(usedBefore + PDF.length);
    const { rows } = await site.database.pool.query('SELECT private FROM files WHERE website_id = $1 AND name = $2', [site.websiteId, digitalFile]);
    expect(rows).toEqual([{ private: true }]);
    const saved = await saveDraft(site, product, { digitalFile });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(productAnswer.parse(saved.json()).product.digitalFile).toBe(digitalFile);
  });

  it('must be a private file of the site, for a digital product only', async () => {
    const product = await newProduct(site, 'DIGITAL');
    const publicFile = await site.owner.call('POST', '/api/config/files', PDF, {
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'open.pdf' },
    });
    expect(publicFile.statusCode, publicFile.body).toBe(200);
    const named = await saveDraft(site, product, { digitalFile: 'open.pdf' });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors.digitalFile).toBe('The download must be a file uploaded with this product.');
    const physical = await newProduct(site, 'PHYSICAL');
    const refused = await upload(physical.product.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Only a digital product has a file to download.');
    expect((await upload('ffffffffffffffffffffffff')).statusCode).toBe(404);
  });

  it('is refused to an Editor and without the crumb, leaving no file', async () => {
    const product = await newProduct(site, 'DIGITAL');
    const count = async () => Number((await site.database.pool.query('SELECT count(*) FROM files WHERE website_id = $1', [site.websiteId])).rows[0].count);
    const before = await count();
    expect((await upload(product.product.id, site.editor)).statusCode).toBe(403);
    const noCrumb = await site.owner.call('POST', `/api/config/store/products/${product.product.id}/download`, PDF, {
      crumb: false,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'x.pdf' },
    });
    expect(noCrumb.statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect((await upload(product.product.id, site.storeManager, 'manager.pdf')).statusCode).toBe(200);
  });
});
