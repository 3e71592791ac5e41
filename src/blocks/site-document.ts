/**
 * The site document schema that writes: every kind's data checked, the links inside owner HTML
 * checked and the HTML sanitised (./sanitize.ts), so what import, the demo site and the config
 * APIs store is `StoredBlockData`. Node only (the sanitiser); src/blocks/definitions.ts has the
 * same shapes without it for the browser and the JSON Schema export.
 */
import { createSiteDocumentSchema, type SiteDocument, type StoredBlockData } from '../document/schema';
import { storedBlockSchemas } from './sanitize';

export const siteDocumentSchema = createSiteDocumentSchema(storedBlockSchemas);
/** A document as it is stored: its blocks' data sanitised. */
export type StoredSiteDocument = SiteDocument<StoredBlockData>;
