/**
 * The text highlight as Tiptap edits it: a mark whose attributes are the settings of seed 001 §3
 * (src/domain/text-highlight.ts), stored in the rich text as `{ type: 'highlight', attrs }`. In
 * the editing view it shows as a tint over its words (./style.css); visitors get the shape
 * (./highlight-view.ts). Each setting is kept in a data attribute of its own so copied words keep
 * their highlight, and read back through the domain's checks, so pasted markup can only give a
 * setting the document accepts (anything else takes the default). Loads with the visual editor
 * (src/config/editor/text-editing.tsx), never in the config area's main chunk.
 */
import { Mark } from '@tiptap/core';
import {
  HIGHLIGHT_ANIMATIONS,
  HIGHLIGHT_BLENDS,
  HIGHLIGHT_DEFAULTS,
  HIGHLIGHT_DIRECTIONS,
  HIGHLIGHT_DURATION_LIMITS_S,
  HIGHLIGHT_LINECAPS,
  HIGHLIGHT_OPACITY_LIMITS,
  HIGHLIGHT_SHAPES,
  isHighlightColor,
  isHighlightThickness,
  type HighlightSettings,
} from '../../domain/text-highlight';

type Reader = (value: string) => unknown;

const oneOf =
  (values: readonly string[]): Reader =>
  (value) =>
    values.includes(value) ? value : undefined;
const checked =
  (check: (value: string) => boolean): Reader =>
  (value) =>
    check(value) ? value : undefined;
const within =
  (limits: { min: number; max: number }): Reader =>
  (value) => {
    const n = Number(value);
    return value !== '' && Number.isFinite(n) && n >= limits.min && n <= limits.max ? n : undefined;
  };

const READERS: { [K in keyof HighlightSettings]: Reader } = {
  shape: oneOf(HIGHLIGHT_SHAPES),
  color: checked(isHighlightColor),
  thickness: checked(isHighlightThickness),
  linecap: oneOf(HIGHLIGHT_LINECAPS),
  blend: oneOf(HIGHLIGHT_BLENDS),
  opacity: within(HIGHLIGHT_OPACITY_LIMITS),
  animation: oneOf(HIGHLIGHT_ANIMATIONS),
  direction: oneOf(HIGHLIGHT_DIRECTIONS),
  duration: within(HIGHLIGHT_DURATION_LIMITS_S),
  isAnimationEnabled: (value) => (value === 'true' ? true : value === 'false' ? false : undefined),
};

const attributeName = (key: string) => `data-highlight-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export const HighlightMark = Mark.create({
  name: 'highlight',
  // After link (1000), before bold, italic and underline (100): the order the stored rich text keeps (MARK_TYPES).
  priority: 999,
  // Typing at its end does not extend a highlight.
  inclusive: false,
  addAttributes() {
    return Object.fromEntries(
      (Object.keys(READERS) as (keyof HighlightSettings)[]).map((key) => [
        key,
        {
          default: HIGHLIGHT_DEFAULTS[key],
          parseHTML: (element: HTMLElement) => {
            const raw = element.getAttribute(attributeName(key));
            return (raw === null ? undefined : READERS[key](raw)) ?? HIGHLIGHT_DEFAULTS[key];
          },
          renderHTML: (attributes: Record<string, unknown>) => ({ [attributeName(key)]: String(attributes[key]) }),
        },
      ]),
    );
  },
  parseHTML() {
    return [{ tag: 'span.text-highlight-editing' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', { ...HTMLAttributes, class: 'text-highlight-editing' }, 0];
  },
});
