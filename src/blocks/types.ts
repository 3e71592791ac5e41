/**
 * What a block kind is. Its definition (src/blocks/definitions.ts) is pure data and functions that
 * run anywhere: its number, folder and label, its data schema, the data a new block starts with
 * and its size in the grid, its editor fields, and how its island loads. Its view (a pure React
 * component, src/blocks/views.ts) renders stored data. One folder per kind (`src/blocks/<kind>/`)
 * holds all of it: schema.ts, view.tsx, fields.ts, defaults.ts, style.css and, when it has browser
 * behaviour, island.ts; when it completes or checks its data as a draft is saved, a server-only
 * server.ts (./server-types.ts, listed in ./server-registry.ts).
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { FeatureFlag } from '../domain/feature-flags';
import type { GoogleMapsContext } from '../domain/google-maps';
import type { BlockData, SiteFile } from '../document/schema';
import type { FieldGroup, Fields } from './fields';
import type { HtmlRules } from './html';
import type { CatalogueLookup } from './product/types';

/** When the island loader imports a kind's chunk: at once, when the browser is idle, or when the block scrolls into view. */
export type IslandLoad = 'eager' | 'idle' | 'visible';

/**
 * A site file as views see it: its dimensions, the first 16 hex digits of its SHA-256 (its
 * immutable addresses), and for an image whose copies the pipeline has made, the formats made and
 * the widths made in each (the copies come in two phases: a page names only those that exist; every
 * seed width below the image's and its own when not given).
 */
export type RenderedFile = Pick<SiteFile, 'name' | 'contentType' | 'width' | 'height'> & {
  hash?: string;
  formats?: readonly string[];
  widths?: Readonly<Record<string, readonly number[]>>;
  alt?: string;
};

/** What a view may know about the page it renders into. */
export type RenderContext = {
  /** The host the page is served on: links to it are read as the paths they name (the link rules' external check). */
  host: string;
  /** Files of the site by name, for image dimensions and the formats and widths to offer. */
  files: ReadonlyMap<string, RenderedFile>;
  /** The site's feature flags that are on (its labs lists, src/domain/labs.ts); a view gates its flagged behaviour on them. */
  featureFlags: readonly FeatureFlag[];
  /** The site's captcha when it has one (seed 001 §5: a form renders its captcha only then). */
  captcha?: { provider: CaptchaProvider; siteKey: string };
  /** The site's Google Maps browser key, language and region when it has a key: maps are then Google's (src/blocks/map/google.ts). */
  googleMaps?: GoogleMapsContext;
  /** The site's published design: its per-site stylesheet and the font files to preload, and whether blocks animate in (src/server/render/design-sheet.ts). */
  design?: { stylesheet: string; preloads: string[]; animation: 'none' | 'fade' | 'scale' | 'slide' };
  /** The site's published catalogue, on pages that show products (src/server/render/site-page.tsx). */
  catalogue?: CatalogueLookup;
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

export type BlockView<D> = (props: BlockViewProps<D>) => ReactNode;

/** A block schema written over how owner HTML is read (./html.ts): plain, or through the sanitiser. */
export type BlockSchema = <H extends string>(html: HtmlRules<H>) => z.ZodType<BlockData, unknown>;

/** Size in grid cells (of the 24-column desktop grid) a new block of the kind takes. */
export type GridSize = { w: number; h: number };

/** Everything but the schema instance: what a kind's folder gives its definition. */
export type BlockKind<D = BlockData> = {
  type: number;
  /** Folder name under src/blocks, also the island chunk's name. */
  kind: string;
  label: string;
  schema: BlockSchema;
  /** The data a new block of this kind starts with (Puck's defaultProps); `ids` are filled in as it is placed. */
  defaults: Readonly<Record<string, unknown>>;
  /** Properties that hold a new 24-hex id of their own when a block is placed (a form's formId). */
  ids?: readonly string[];
  /** Properties the owner gives as the block is placed (an image's file): the defaults leave them out. */
  needs?: readonly string[];
  size: GridSize;
  fields: Fields;
  /** The editor's tabs, when the fields are grouped. */
  groups?: readonly FieldGroup[];
  /** Extra rules for the page's stylesheet, scoped to `#block-{id}` (no inline styles under the page's CSP). */
  css?: (id: string, data: D) => string;
  /**
   * When the kind has browser behaviour (src/blocks/<kind>/island.ts): how its chunk loads, and
   * whether it also runs in the editor's canvas (`canvas`: only behaviour that calls nothing and
   * counts nothing, such as an accordion opening), and, when only some blocks of the kind need it,
   * which (`when`: a text holding a highlight), so pages without such a block load nothing. `load`
   * may depend on the block (a gallery whose lightbox the address can open loads when idle).
   */
  island?: { load: IslandLoad | ((data: D) => IslandLoad); canvas?: boolean; when?: (data: D) => boolean };
};

export type BlockDefinition<D = BlockData> = BlockKind<D> & {
  /** The data schema that checks shape and bounds (./html.ts `plainHtml`): for editors and the JSON Schema export. */
  data: z.ZodType<BlockData, unknown>;
};
