/**
 * Published forms by site and form id, as last read, held in memory once per app server: dropped
 * whenever any site changes (the `site_changed` notification every app server hears, counted by
 * the site generation), so a submission reads no page rows.
 */
import type { FormData } from '../../../blocks/form/schema';
import type { Db } from '../../../db/client';
import { findPublishedForm } from './forms';

/** Published forms held in memory per app server, at most. */
const MAX_CACHED_FORMS = 1000;

export type PublishedForms = { get(siteId: string, formId: string): Promise<FormData | undefined> };

/** `siteGeneration` answers a number that changes whenever any site changes. */
export function createPublishedForms(db: Db, siteGeneration: () => number): PublishedForms {
  const known = new Map<string, FormData>();
  let generationRead = siteGeneration();
  return {
    async get(siteId, formId) {
      const generation = siteGeneration();
      if (generation !== generationRead) {
        known.clear();
        generationRead = generation;
      }
      const cacheKey = `${siteId}\u0000${formId}`;
      const cached = known.get(cacheKey);
      if (cached) return cached;
      const form = await findPublishedForm(db, siteId, formId);
      // A form read before a change is not kept after it; only forms found are kept, so unknown ids cannot fill the map.
      if (form && siteGeneration() === generation) {
        if (known.size >= MAX_CACHED_FORMS) known.clear();
        known.set(cacheKey, form);
      }
      return form;
    },
  };
}
