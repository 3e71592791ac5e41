/**
 * What a block kind is: its number, its data schema, its server view and, when it has browser
 * behaviour, how its island chunk loads. One folder per kind (`src/blocks/<kind>/`) holds all of it;
 * `registry.ts` lists the kinds.
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { FeatureFlag } from '../domain/feature-flags';
import type { SiteFile } from '../document/schema';

/** When the island loader imports a kind's chunk: at once, when the browser is idle, or when the block scrolls into view. */
export type IslandLoad = 'eager' | 'idle' | 'visible';

/** What a view may know about the page it renders into. */
export type RenderContext = {
  /** The host the page is served on, for the link rules' external check. */
  host: string;
  /** Files of the site by name, for image dimensions and srcset. */
  files: ReadonlyMap<string, Pick<SiteFile, 'name' | 'contentType' | 'width' | 'height'>>;
  /** The site's feature flags that are on (its labs lists, src/domain/labs.ts); a view gates its flagged behaviour on them. */
  featureFlags: readonly FeatureFlag[];
  /** The site's captcha when it has one (seed 001 §5: a form renders its captcha only then). */
  captcha?: { provider: CaptchaProvider; siteKey: string };
};

/** Captcha kinds: the self-hosted proof-of-work captcha, or reCAPTCHA with the owner's keys. */
export type CaptchaProvider = 'altcha' | 'recaptcha';

export type BlockViewProps<D> = {
  id: string;
  data: D;
  ctx: RenderContext;
  /** Desktop width in grid columns (of 24), for responsive image sizes. */
  columns: number;
  /** In the page's first section: likely above the fold, so images load eagerly. */
  priority: boolean;
};

export type BlockDefinition<D extends Record<string, unknown> = Record<string, unknown>> = {
  type: number;
  /** Folder name under src/blocks, also the island chunk's name. */
  kind: string;
  label: string;
  data: z.ZodType<D, Record<string, unknown>>;
  View: (props: BlockViewProps<D>) => ReactNode;
  /** Extra rules for the page's stylesheet, scoped to `#block-{id}` (no inline styles under the page's CSP). */
  css?: (id: string, data: D) => string;
  /** Present when `src/blocks/<kind>/island.ts(x)` exists. */
  island?: { load: IslandLoad };
};

/** Keeps `D` tied between schema and view while the registry holds the erased type. */
export function defineBlock<D extends Record<string, unknown>>(def: BlockDefinition<D>): BlockDefinition {
  return def as unknown as BlockDefinition;
}
