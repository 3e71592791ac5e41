/**
 * The interaction layer's rules, adopted by the canvas frame's document beside the site's own
 * stylesheet (a constructed sheet: the config area's CSP allows no inline <style>). They draw only
 * the editor's marks; the page itself keeps the visitor's look, but for empty sections, which get
 * room to place blocks in.
 */
export const OVERLAY_CSS = `
.editor-canvas-body { margin: 0; }
/* A section as tall as the screen is as tall as the editor's stage, not the whole canvas (which grows with the page). */
:root { --screen-height: 760px; }
/* Sections out of view are neither laid out nor painted: an edit on a long page lays out what is on screen. */
.editor-canvas-body .page-section { content-visibility: auto; contain-intrinsic-size: auto 640px; }
.editor-canvas-body .section-grid:empty { min-height: 160px; outline: 1px dashed rgba(60, 90, 160, 0.35); outline-offset: -1px; }
/* The site's header and footer, there for context: dimmed while editing, as visitors see them in preview. */
.editor-site-frame { opacity: 0.4; pointer-events: none; user-select: none; }
.editor-canvas-body--preview .editor-site-frame { opacity: 1; }
.editor-layer { position: absolute; left: 0; top: 0; width: 0; height: 0; z-index: 2147483000; font: 13px/1.3 system-ui, sans-serif; }
.editor-hover, .editor-selection, .editor-ghost { position: absolute; box-sizing: border-box; pointer-events: none; }
.editor-hover { outline: 1px solid #3c5aa0; outline-offset: -1px; }
.editor-selection { outline: 2px solid #2447a8; outline-offset: -1px; }
.editor-selection:focus-visible { outline: 3px solid #2447a8; box-shadow: 0 0 0 3px rgba(36, 71, 168, 0.25); }
.editor-selection--text { outline-style: dashed; }
.editor-covered { position: absolute; box-sizing: border-box; pointer-events: none; outline: 2px dashed #b3261e; outline-offset: -2px; }
.editor-covered-badge { position: absolute; right: 4px; top: 4px; padding: 1px 6px; border-radius: 4px; background: #b3261e; color: #fff; font-weight: 600; }
.editor-ghost { background: rgba(36, 71, 168, 0.12); outline: 2px dashed #2447a8; outline-offset: -1px; }
.editor-handle { position: absolute; width: 12px; height: 12px; margin: -6px 0 0 -6px; background: #fff; border: 2px solid #2447a8; border-radius: 50%; box-sizing: border-box; pointer-events: auto; touch-action: none; }
.editor-handle--n { left: 50%; top: 0; cursor: ns-resize; }
.editor-handle--s { left: 50%; top: 100%; cursor: ns-resize; }
.editor-handle--e { left: 100%; top: 50%; cursor: ew-resize; }
.editor-handle--w { left: 0; top: 50%; cursor: ew-resize; }
.editor-handle--ne { left: 100%; top: 0; cursor: nesw-resize; }
.editor-handle--sw { left: 0; top: 100%; cursor: nesw-resize; }
.editor-handle--nw { left: 0; top: 0; cursor: nwse-resize; }
.editor-handle--se { left: 100%; top: 100%; cursor: nwse-resize; }
.editor-block-bar, .editor-section-bar { position: absolute; width: max-content; display: flex; flex-wrap: nowrap; gap: 4px; align-items: center; padding: 4px; background: #1d2433; color: #fff; border-radius: 6px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25); pointer-events: auto; white-space: nowrap; }
/* Placed by the layer (./geometry.ts toolbarSpot): above the block, else below or beside it, clear of the other blocks. */
.editor-block-bar, .editor-text-bar { left: 0; top: 0; }
.editor-text-bar { position: absolute; width: max-content; pointer-events: auto; }
.editor-text-tools { display: flex; flex-wrap: nowrap; gap: 4px; align-items: center; padding: 4px; background: #1d2433; color: #fff; border-radius: 6px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25); white-space: nowrap; }
.editor-text-tools button, .editor-text-tools select { font: inherit; color: #fff; background: #33405c; border: 1px solid #4c5d82; border-radius: 4px; padding: 3px 8px; cursor: pointer; }
.editor-text-tools button[aria-pressed="true"] { background: #f2f5fb; color: #1d2433; border-color: #f2f5fb; }
.editor-text-tools button:focus-visible, .editor-text-tools select:focus-visible { outline: 2px solid #9fc1ff; outline-offset: 1px; }
/* The link's address opens under the bar, leaving the bar where it was. */
.editor-text-link { position: absolute; left: 0; top: 100%; margin-top: 4px; width: 320px; padding: 10px; background: #fff; color: #1d2433; border: 1px solid #c9cfdb; border-radius: 6px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.2); }
.editor-text-link form { display: grid; gap: 6px; }
.editor-text-link label { font-weight: 600; }
.editor-text-link label.check { display: flex; gap: 6px; align-items: center; font-weight: 400; }
.editor-text-link .hint { margin: 0; color: #4a5468; font-size: 12px; }
.editor-text-link input[type="text"] { font: inherit; padding: 4px 6px; border: 1px solid #8a93a6; border-radius: 4px; }
.editor-text-link .form-error { margin: 0; color: #b3261e; }
.editor-text-link .button-row { display: flex; gap: 6px; }
.editor-text-link button { font: inherit; padding: 3px 10px; border-radius: 4px; border: 1px solid #4c5d82; background: #33405c; color: #fff; cursor: pointer; }
.editor-section-bar { z-index: 1; flex-wrap: wrap; }
.editor-block-bar button, .editor-section-bar button, .editor-section-bar select { font: inherit; color: #fff; background: #33405c; border: 1px solid #4c5d82; border-radius: 4px; padding: 3px 8px; cursor: pointer; }
.editor-block-bar button:hover, .editor-section-bar button:hover { background: #42527a; }
.editor-block-bar button:focus-visible, .editor-section-bar button:focus-visible, .editor-section-bar select:focus-visible { outline: 2px solid #9fc1ff; outline-offset: 1px; }
.editor-section-bar button:disabled { opacity: 0.45; cursor: default; }
.editor-section-bar label { display: inline-flex; gap: 4px; align-items: center; }
.editor-block-problem { margin: 0; padding: 8px; border: 1px dashed #b3261e; color: #8c1d18; background: #fff6f5; font: 14px/1.4 system-ui, sans-serif; }
.editor-text { outline: none; min-height: 1em; cursor: text; }
.ProseMirror { position: relative; word-wrap: break-word; white-space: pre-wrap; white-space: break-spaces; font-variant-ligatures: none; }
.ProseMirror-hideselection *::selection { background: transparent; }
.ProseMirror-hideselection { caret-color: transparent; }
.ProseMirror-separator { display: inline !important; border: none !important; margin: 0 !important; width: 0 !important; height: 0 !important; }
.ProseMirror-trailingBreak { display: inline; }
`;
