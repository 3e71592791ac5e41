/**
 * The rules of the seeds in one import: enumerations, constants, messages and the pure checks of
 * both seed documents. Runs unchanged in Node and in the browser (no imports outside src/domain).
 */
export * from './analytics';
export * from './block-settings';
export * from './block-types';
export * from './block-variants';
export * from './blog-url';
export * from './census';
export * from './collection-types';
export * from './colors';
export * from './commerce';
export * from './cookie-banner';
export * from './cookies';
export * from './design-tokens';
export * from './feature-flags';
export * from './files';
export * from './forms';
export * from './gallery';
export * from './limits';
export * from './editor-limits';
export * from './links';
export * from './map';
export * from './media';
export * from './request-errors';
export * from './page-types';
export * from './palette';
export * from './popups';
export * from './record-types';
export * from './roles';
export * from './routes';
export * from './secrets';
export * from './website';
export * from './product-status';
