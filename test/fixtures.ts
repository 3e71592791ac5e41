/** Small site documents for tests, built from the demo site so they stay valid as the format grows. */
import { readFileSync } from 'node:fs';
import type { SiteDocument } from '../src/document/schema';
import { DEMO_SITE_FILE } from '../src/server/demo';

export function demoDocument(): SiteDocument {
  return JSON.parse(readFileSync(DEMO_SITE_FILE, 'utf8')) as SiteDocument;
}

/** A copy of the demo site under another identifier (and optionally custom domains). */
/** The demo's store (its settings, categories and products), for a document that keeps its settings but not its shop. */
export function demoStore(): SiteDocument['store'] {
  return demoDocument().store;
}

export function siteNamed(identifier: string, title: string, customDomains: string[] = []): SiteDocument {
  const doc = demoDocument();
  doc.settings = { ...doc.settings, identifier, title, customDomains };
  return doc;
}
