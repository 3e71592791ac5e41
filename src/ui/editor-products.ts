/**
 * The store's products as the visual editor's product chooser lists them (`GET
 * /api/config/editor/products`, src/contracts/catalogue.ts), through the shared data-request client
 * and parsed with the call's contract. Here rather than in the block's folder, because a block
 * imports no contract: the block's editor asks this module.
 */
import { editorProductsAnswer, STORE_API, type EditorProduct } from '../contracts/catalogue';
import { dataRequest } from './data-request';

export type { EditorProduct };

export async function loadEditorProducts(): Promise<EditorProduct[]> {
  const res = await dataRequest<unknown>({ url: STORE_API.EDITOR_PRODUCTS });
  return editorProductsAnswer.parse(res.data).products;
}
