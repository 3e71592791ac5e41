/**
 * The product block's chooser call (GET /api/config/editor/products): whoever edits pages, the
 * Editor included, reads every product by name, thumbnail and status label, a hidden one too, and
 * nothing of prices or stock; the Store area's own list stays closed to the Editor.
 */
import { describe, expect, it } from 'vitest';
import { editorProductsAnswer, productAnswer, shopsAnswer, STORE_API } from '../src/contracts/catalogue';
import { teamDemoForFile } from './demo-app';

const demo = teamDemoForFile();

describe('the product chooser call', () => {
  it('lists every product to an Editor by name, thumbnail and status, a hidden one included', async () => {
    const { owner, editor, visitor } = demo();
    const shopId = shopsAnswer.parse((await owner.call('GET', STORE_API.SHOPS)).json()).shops[0]!.id;
    const made = await owner.call('POST', STORE_API.PRODUCTS, { shopId, name: 'Teapot in progress' });
    expect(made.statusCode, made.body).toBe(201);
    const teapot = productAnswer.parse(made.json()).product;

    const res = await editor.call('GET', STORE_API.EDITOR_PRODUCTS);
    expect(res.statusCode, res.body).toBe(200);
    const { products } = editorProductsAnswer.parse(res.json());
    expect(products[0]).toEqual({ id: '3c3039e1adc27a0211daa4d3', name: 'Harbour mug', image: '/s/harbour-mug-celadon.jpg', statusLabel: 'Available' });
    expect(products.find((p) => p.name === 'Moon jar')?.statusLabel).toBe('Scheduled');
    expect(products.find((p) => p.id === teapot.id)).toEqual({ id: teapot.id, name: 'Teapot in progress', image: null, statusLabel: 'Hidden' });
    expect(products).toHaveLength(14);
    // Only what a chooser shows: no price, stock or draft state.
    expect(Object.keys(res.json<{ products: object[] }>().products[0]!).sort()).toEqual(['id', 'image', 'name', 'statusLabel']);

    // The Store area's list is commerce-inventory's, which an Editor does not have; a visitor has neither.
    expect((await editor.call('GET', STORE_API.PRODUCTS)).statusCode).toBe(403);
    expect((await visitor.call('GET', STORE_API.EDITOR_PRODUCTS)).statusCode).toBe(401);
  });
});
