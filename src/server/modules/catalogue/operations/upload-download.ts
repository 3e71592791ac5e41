/**
 * The owner uploads a digital product's download: a private file of the site (the files module's
 * upload, private), counted in the site's space and kept in backups like every file, but never
 * served at /s/, listed in the library or named in the published content. The answer names it;
 * the product's draft takes it as its `digitalFile` and the draft's checks hold it to a private
 * file of the site. Throws the files module's FileRefusal for a file refused.
 */
import { storeApi } from '../../../../messages/store-api';
import { uploadFile, type Upload, type UploadDeps } from '../../files';
import { productTypeOf } from '../store-document';
import { liveProduct, productDraft } from './product-rows';
import { invalid, notFound } from './refusal';

export async function uploadDownload(
  deps: UploadDeps,
  at: { websiteId: string; accountId: string; productId: string },
  upload: Upload,
): Promise<{ digitalFile: string }> {
  const { websiteId, accountId, productId } = at;
  const live = await liveProduct(deps.db, websiteId, productId);
  if (!live) throw notFound(storeApi.noProduct);
  const draft = await productDraft(deps.db, websiteId, productId);
  const type = draft?.content.productType ?? productTypeOf(live.productType);
  if (type !== 'DIGITAL') throw invalid(storeApi.downloadOnlyDigital, { file: storeApi.downloadOnlyDigital });
  const file = await uploadFile(deps, websiteId, accountId, upload, { private: true });
  return { digitalFile: file.name };
}
