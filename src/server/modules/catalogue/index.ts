/** The catalogue module's face: what other modules and the platform may use. */
export { productAvailability, type VariantAvailability } from './availability';
export { readPublishedCatalogue, type PublishedCatalogue, type PublishedProduct, type PublishedVariant } from './published';
export { catalogueCache, createCatalogueCache, type CatalogueCache, type CatalogueSource } from './published-cache';
export { storeHasProduct } from './product-exists';
export { exportStore, writeStore } from './store-document';
export { DEFAULT_STORE_SETTINGS, storeSettingsOf } from './store-settings';
