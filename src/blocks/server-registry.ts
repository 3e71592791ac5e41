/**
 * The block kinds that have a server part (`src/blocks/<kind>/server.ts`: ./server-types.ts), by
 * type number: the draft save runs their resolves and save checks, knowing no kind itself. Server
 * only: browser code never imports this list or a part (.dependency-cruiser.mjs).
 */
import { BLOCK_TYPES } from '../domain/block-types';
import { formServer } from './form/server';
import { galleryServer } from './gallery/server';
import { productServer } from './product/server';
import type { BlockServer } from './server-types';
import { videoServer } from './video/server';

export const BLOCK_SERVERS: ReadonlyMap<number, BlockServer> = new Map([
  [BLOCK_TYPES.FORM, formServer],
  [BLOCK_TYPES.GALLERY, galleryServer],
  [BLOCK_TYPES.VIDEO, videoServer],
  [BLOCK_TYPES.PRODUCT, productServer],
  // The same rule: the product named must be the store's.
  [BLOCK_TYPES.ADD_TO_CART, productServer],
]);
