/**
 * Labs: the two lists of feature flags a site turns on (seed 001 §7, `/api/labs/internal` and
 * `/api/labs/circle`). `internal` holds features the site's own team tries before anything is
 * promised about them; `circle` holds early-access features offered to the wider beta group. A flag
 * in either list is on for the site (docs/decisions/0025-labs-lists.md). Stored as
 * `{ internal: string[], circle: string[] }`; read tolerantly so a stored name that is no longer a
 * flag is ignored rather than breaking the site.
 */
import { FEATURE_FLAGS, isFeatureFlag, type FeatureFlag } from './feature-flags';

export const LABS_LISTS = ['internal', 'circle'] as const;
export type LabsList = (typeof LABS_LISTS)[number];
export type Labs = Record<LabsList, FeatureFlag[]>;

export const LABS_LIST_INFO: Readonly<Record<LabsList, { title: string; description: string }>> = {
  internal: {
    title: 'Internal',
    description: 'Features still being built, for your own team to try on this site. They may change or go away.',
  },
  circle: {
    title: 'Early access',
    description: 'Features offered to the early-access circle: ready for real sites, still gathering feedback.',
  },
};

/**
 * What a site created from now on starts with: locale currency formatting (seed 001 §9: the flag is
 * on for new sites; sites made before keep the legacy comma-and-dot format until their owner turns
 * it on). In the early-access list, where features ready for real sites are.
 */
export const NEW_SITE_LABS: Labs = { internal: [], circle: [FEATURE_FLAGS.CURRENCY_FORMATTING] };

/** The flags in `names`, known ones only, without repeats, in the order FEATURE_FLAGS lists them. */
export function knownFlags(names: readonly unknown[]): FeatureFlag[] {
  const wanted = new Set(names);
  return Object.values(FEATURE_FLAGS).filter((flag) => wanted.has(flag));
}

/** Reads the stored labs value (anything, `{}` on a site that never used labs). */
export function readLabs(stored: unknown): Labs {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const list = (key: LabsList) => {
    const names = value[key];
    return Array.isArray(names) ? knownFlags(names) : [];
  };
  return { internal: list('internal'), circle: list('circle') };
}

/** The site's feature flags: those on in either list. */
export function labsFlags(stored: unknown): FeatureFlag[] {
  const labs = readLabs(stored);
  return knownFlags([...labs.internal, ...labs.circle]);
}

/** The names in a selection that are not feature flags, for a clear refusal. */
export function unknownFlagNames(names: readonly string[]): string[] {
  return [...new Set(names.filter((n) => !isFeatureFlag(n)))];
}
