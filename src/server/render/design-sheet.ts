/**
 * A site's per-site stylesheet: its published design as custom properties and the `@font-face`
 * rules of the fonts it uses (src/document/design-css.ts), at an address naming the families
 * (seed 000 §7: `/fonts/{hash}/inter-400-600,lora-500.css`) and content-hashed, so it is cached
 * for good and a publish gives pages a new one. Worked out once per held content: the content is
 * dropped on every change, and the stylesheet with it.
 */
import { createHash } from 'node:crypto';
import { designStylesheet } from '../../document/design-css';
import type { SiteAnimation } from '../../document/design';
import type { SiteContent } from '../modules/content';
import { fontFileUrl } from '../http/fonts';

export type DesignSheet = {
  /** `/fonts/{hash}/{name}.css` */
  url: string;
  hash: string;
  css: string;
  /** The fonts' files preloaded: the body's, the headings' and the buttons'. */
  preloads: string[];
  animation: SiteAnimation;
};

/** Where per-site stylesheets are served; `fonts` is a reserved path segment. */
export const DESIGN_SHEET_PREFIX = '/fonts/';

const sheets = new WeakMap<SiteContent, DesignSheet>();

export function designSheetOf(content: SiteContent): DesignSheet {
  const held = sheets.get(content);
  if (held) return held;
  const { design } = content;
  const sheet = designStylesheet(design, fontFileUrl);
  const hash = createHash('sha256').update(sheet.css).digest('hex').slice(0, 12);
  const made: DesignSheet = {
    url: `${DESIGN_SHEET_PREFIX}${hash}/${sheet.name}.css`,
    hash,
    css: sheet.css,
    preloads: sheet.preloads,
    animation: design.animation,
  };
  sheets.set(content, made);
  return made;
}
