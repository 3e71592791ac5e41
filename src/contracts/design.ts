/**
 * The Design screen's calls (design area of the config API): the site design as a draft, saved
 * and published like a page, with its published versions; the palette from an image of the site's
 * files; going back to the design the site started with.
 *
 * - `GET  /api/config/design` (design read): `designAnswer`.
 * - `PUT  /api/config/design/draft` (design write), `designSaveBody`: `designSaved`; 409
 *   `designConflict` when the draft moved past `baseVersion`; 400 `{ error, errors }` with each
 *   error keyed by its JSON path (`design.palette.swatches.bright.hue`).
 * - `POST /api/config/design/publish` (design write), `{ version }`: `published` (./editor.ts).
 * - `DELETE /api/config/design/draft` (design write): the draft back to the published design (`designState`).
 * - `GET  /api/config/design/revisions` (design read): `revisionList` (./editor.ts).
 * - `POST /api/config/design/revisions/:revision/restore` (design write), `{ baseVersion }`: `designState`.
 * - `POST /api/config/design/reset` (design write), `{ baseVersion }`: the draft becomes the design
 *   the site started with (its template's, or the default): `designState`.
 * - `POST /api/config/design/palette-from-image` (design read), `{ file: '/s/name.jpg' }`:
 *   `{ swatches }`, five palette values lightest first; 400 when the file is not an image of the site.
 */
import { z } from 'zod';
import { isoTime } from './common';

/** The design as the document's schema reads it (src/document/design.ts); the server checks it fully. */
const design = z.record(z.string(), z.unknown());

export const designState = z.object({
  /** 0 before the first save: the draft is then the published design. */
  version: z.number().int().min(0),
  design,
  savedAt: isoTime.nullable(),
  savedBy: z.string().nullable(),
});
export type DesignState = z.infer<typeof designState>;

export const designAnswer = z.object({
  draft: designState,
  published: z.object({ design, revision: z.number().int().min(0), publishedAt: isoTime.nullable() }),
  unpublishedChanges: z.boolean(),
  /** The draft's palette as seed 001 §3 has it: the ten palette colour ids, each with its palette value. */
  palette: z.array(z.object({ id: z.string(), value: z.record(z.string(), z.unknown()) })),
  /** The signed-in role may change the design. */
  writable: z.boolean(),
  /** A page of the site to preview the design on (its address), and the shared stylesheet pages load. */
  preview: z.object({
    path: z.string(),
    stylesheet: z.string(),
    /** Each font family's folder of woff2 files (`/fonts/files/inter-5.2.5/`), for the preview's faces. */
    fontFiles: z.record(z.string(), z.string()),
  }),
});
export type DesignAnswer = z.infer<typeof designAnswer>;

export const designSaveBody = z.object({ baseVersion: z.number().int().min(0), changeId: z.string().min(8).max(64), design });
export type DesignSave = z.infer<typeof designSaveBody>;
export const designSaved = z.object({ version: z.number().int().min(1), savedAt: isoTime });
export const designConflict = z.object({ error: z.string(), conflict: z.literal(true), current: designState });

export const paletteFromImageBody = z.object({ file: z.string().max(203) });
export const paletteFromImageAnswer = z.object({ swatches: z.array(z.record(z.string(), z.unknown())).length(5) });
