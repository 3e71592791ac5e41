/**
 * The Store screens' words: their own namespace, and the words other screens already say the same
 * way (Cancel, Name, Status …), which the catalogue holds once.
 */
import { blog } from '../../messages/blog';
import { editing } from '../../messages/editing';
import { filesScreen } from '../../messages/files-screen';
import { memberPages } from '../../messages/member-pages';
import { navigation } from '../../messages/navigation';
import { pages } from '../../messages/pages';
import { richText } from '../../messages/rich-text';
import { systemPages } from '../../messages/system-pages';
import { transferScreen } from '../../messages/transfer-screen';
import { storeCsv } from '../../messages/store-csv';
import { storeScreens } from '../../messages/store-screens';
import { shop } from '../../messages/shop';

export const words = {
  ...storeScreens,
  soldOut: shop.soldOut,
  onSaleBadge: shop.saleBadge,
  salePrice: shop.salePrice,
  categoriesTitle: blog.categories,
  categories: blog.categories,
  loadingDescription: richText.loading,
  status: blog.status,
  image: pages.image,
  name: memberPages.name,
  shopTitle: pages.pageTitle,
  address: blog.address,
  cancel: blog.cancel,
  details: filesScreen.details,
  publish: editing.publish,
  moveUp: pages.moveUp,
  moveDown: pages.moveDown,
  removeImage: navigation.remove,
  noIndex: pages.noIndex,
  downloadChoose: navigation.chooseFile,
  saveStock: memberPages.save,
  actions: blog.columnActions,
  deleteCategory: blog.delete,
  tags: systemPages.tags,
  exportCsv: storeCsv.exportTitle,
  importCsv: storeCsv.importTitle,
  importButton: transferScreen.importTitle,
  close: filesScreen.closeDetails,
} as const;
