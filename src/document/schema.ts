/**
 * The site document's zod schemas, the source of truth: types are inferred from them,
 * `docs/site-document.schema.json` is generated from them, and import refuses anything they
 * refuse. By what they hold: primitives.ts (ids, paths, statuses, links in navigation),
 * layout.ts (sections, the grid, block placement), settings.ts (site settings, header, footer,
 * cookie banner), store.ts (store settings, categories, products and variants) and content.ts
 * (pages, collections, items, redirects, files, the whole document).
 * Every field holding a link is a `siteLink` (./link.ts), which refuses what a published page may
 * not carry.
 */
export * from './primitives';
export * from './layout';
export * from './settings';
export * from './content';
export * from './store';
export * from './pricing';
