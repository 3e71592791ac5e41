import { describe, expect, it } from 'vitest';
import type { ResolveContext, StoredBlock } from '../server-types';
import { productServer } from './server';

const block = (productId: string) =>
  ({ id: 'b'.repeat(24), type: 11, data: { productId, quickView: true }, layout: { desktop: { x: 0, y: 0, w: 8, h: 14 } } }) as unknown as StoredBlock;
const ctx = (ids: string[]) => ({ products: { has: async (id: string) => ids.includes(id) } }) as unknown as ResolveContext;
const at = { path: 'sections.0.blocks.1', prior: async () => undefined };

describe('the product block on save', () => {
  it('keeps a block naming one of the store’s products, and refuses one naming none, on its product field', async () => {
    const known = 'a'.repeat(24);
    expect(await productServer.resolve!(block(known), at, ctx([known]))).toEqual({ block: block(known), errors: {} });
    expect((await productServer.resolve!(block('c'.repeat(24)), at, ctx([known]))).errors).toEqual({
      'sections.0.blocks.1.data.productId': 'The store has no product with this id: choose one of its products.',
    });
  });
});
