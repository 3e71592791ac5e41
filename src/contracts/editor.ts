/**
 * The visual editor's calls (/api/config/editor/…): a page's draft and its published content, draft
 * saves checked against the version they were based on, and publishing. Every edit goes to the
 * page's draft; visitors see only what was published.
 *
 * - `GET /api/config/editor/pages/:pageId` (pages read): the page, its draft (or, with no draft, its
 *   published sections as version 0), what is published, and what the signed-in role may do.
 * - `PUT /api/config/editor/pages/:pageId/draft` (pages write): `draftSaveBody`. Answers
 *   `draftSaved`; 409 `draftConflict` when the draft has moved past `baseVersion` (unless this
 *   `changeId` was already applied: then the same `draftSaved` again); 400 with `errors` by JSON path
 *   when the sections break the document's rules (the 60-block limit among them); 403 when a form
 *   block's fields change and the role may not write forms.
 * - `POST /api/config/editor/pages/:pageId/publish` (pages write): `publishBody`. Makes the draft at
 *   `version` the published content and an immutable revision; 409 `draftConflict` when the draft is
 *   at another version.
 * - `DELETE /api/config/editor/pages/:pageId/draft` (pages write): drops the draft, so the editor
 *   shows the published content again. Answers `draftDiscarded`: the published sections as the
 *   draft's next version (an editor still saving on the old version gets a 409).
 *
 * A page the site does not have answers 404; every refusal is `{ error, … }` (./common.ts `refusal`),
 * with `errors` by path in the body (`sections.0.blocks`) for a 400 and for a refused form change.
 */
import { z } from 'zod';
import { isoTime } from './common';

/** Sections as the document's schema reads them; the server checks them fully (src/blocks/site-document.ts). */
const sections = z.array(z.record(z.string(), z.unknown()));

export const draftState = z.object({
  /** 0 before the first save: the draft is then the published content. */
  version: z.number().int().min(0),
  sections,
  savedAt: isoTime.nullable(),
  /** Who saved last (a team member's name or email), when anyone has. */
  savedBy: z.string().nullable(),
});
export type DraftState = z.infer<typeof draftState>;

/**
 * What the canvas needs to render the page as visitors get it: the site's stylesheet, the island
 * chunks of the kinds whose behaviour runs in the canvas, and what block views read (the site's
 * host, its files' dimensions, feature flags, captcha), with the site's locale, and the site's
 * header and footer.
 */
export const canvasSetup = z.object({
  stylesheets: z.array(z.string()),
  islands: z.record(z.string(), z.string()),
  ctx: z.object({
    host: z.string(),
    files: z.array(
      z.object({ name: z.string(), contentType: z.string(), width: z.number().int().positive().optional(), height: z.number().int().positive().optional() }),
    ),
    featureFlags: z.array(z.string()),
    captcha: z.object({ provider: z.enum(['altcha', 'recaptcha']), siteKey: z.string() }).optional(),
    googleMaps: z.object({ key: z.string(), language: z.string().optional(), region: z.string().optional() }).optional(),
  }),
  locale: z.string(),
  /** The site's header and footer as published pages carry them (server-rendered markup), shown dimmed around the page being edited. */
  siteFrame: z.object({ header: z.string(), footer: z.string() }),
});
export type CanvasSetupAnswer = z.infer<typeof canvasSetup>;

export const editorPageAnswer = z.object({
  page: z.object({ id: z.string(), title: z.string(), path: z.string().nullable(), pageType: z.number().int() }),
  draft: draftState,
  published: z.object({ sections, revision: z.number().int().min(0), publishedAt: isoTime.nullable() }),
  /** Whether the draft differs from what is published. */
  unpublishedChanges: z.boolean(),
  /** The signed-in role may change the draft and publish (pages write). */
  writable: z.boolean(),
  /** The signed-in role may change a form block's fields (forms write); without it a form block can be placed and moved only. */
  formsWritable: z.boolean(),
  canvas: canvasSetup,
});
export type EditorPage = z.infer<typeof editorPageAnswer>;

export const draftSaveBody = z.object({
  baseVersion: z.number().int().min(0),
  /** The client's id for this change: a retry with the same id is applied once. */
  changeId: z.string().min(8).max(64),
  sections,
});
export type DraftSave = z.infer<typeof draftSaveBody>;

export const draftSaved = z.object({
  version: z.number().int().min(1),
  savedAt: isoTime,
  /**
   * Blocks whose data the server completed while saving (a video's embed looked up at save time,
   * its poster copied into the site's files), as saved: the editor shows them without a reload.
   */
  filled: z.array(z.object({ id: z.string(), data: z.record(z.string(), z.unknown()) })).optional(),
});
export type DraftSaved = z.infer<typeof draftSaved>;

/** 409: someone else's save moved the draft on; their version, to show, keep or replace. */
export const draftConflict = z.object({ error: z.string(), conflict: z.literal(true), current: draftState });
export type DraftConflict = z.infer<typeof draftConflict>;

/** DELETE …/draft: the draft as it now is. */
export const draftDiscarded = draftState;

export const publishBody = z.object({ version: z.number().int().min(0) });
export const published = z.object({ revision: z.number().int().min(1), publishedAt: isoTime });
export type Published = z.infer<typeof published>;

/**
 * A page's published versions (`GET /api/config/editor/pages/:pageId/revisions`, pages read): the
 * last 50, newest first, and which one is live. `GET …/revisions/:revision` answers one whole;
 * `POST …/revisions/:revision/restore` (pages write) with `restoreBody` makes it the draft's next
 * version and answers the draft (`draftState`); 409 `draftConflict` when the draft is past `baseVersion`.
 */
export const revisionList = z.object({
  revisions: z.array(z.object({ revision: z.number().int().min(1), publishedAt: isoTime, publishedBy: z.string().nullable() })),
  live: z.number().int().min(1).nullable(),
});
export type RevisionList = z.infer<typeof revisionList>;
export const revisionAnswer = z.object({ revision: z.number().int().min(1), publishedAt: isoTime, sections });
export const restoreBody = z.object({ baseVersion: z.number().int().min(0) });
