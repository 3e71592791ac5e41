/**
 * The database schema (Drizzle). Every table that belongs to a site carries `website_id`, and its
 * primary key and unique constraints include it, so the data can later be sharded by website.
 * Page, section and block content is stored as the site document holds it (JSON), one row per page
 * or collection item, so a page renders from one row.
 */
export * from './sites';
export * from './content';
export * from './files';
export * from './team';
export * from './server';
export * from './jobs';
export * from './customers';
export * from './forms';
export * from './captcha';
export * from './measurement';
export * from './google-maps';
