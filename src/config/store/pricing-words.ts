/**
 * The Coupons, Shipping and Taxes screens' words: their own namespace, and the words the Store
 * screens already say the same way (Name, Cancel, Edit, Delete …), which the catalogue holds once.
 */
import { pricingScreens } from '../../messages/pricing-screens';
import { shop } from '../../messages/shop';
import { navigation } from '../../messages/navigation';
import { words as store } from './words';

export const words = {
  ...pricingScreens,
  name: store.name,
  cancel: store.cancel,
  status: store.status,
  actions: store.actions,
  price: store.price,
  edit: navigation.edit,
  delete: store.deleteCategory,
  deleteOf: store.deleteOf,
  removeOf: store.removeImageOf,
  minimumSubtotal: store.minimumSubtotal,
  free: shop.free,
  amountInvalid: store.amountInvalid,
} as const;
