/**
 * Every block kind by type number: the one list the renderer, the document schema, the editor and
 * the browser build read. Pure (no React, no sanitiser, no Node), so Node, the browser and the CLI
 * import it alike; the views are beside it in ./views.ts. Adding a kind: a folder holding
 * schema.ts, view.tsx, fields.ts, defaults.ts, style.css (and island.ts when it has browser
 * behaviour), one line here and one in ./views.ts. `npm run build` makes an island chunk for each
 * kind that declares `island` (vite.config.ts).
 */
import { BLOCK_TYPES } from '../domain/block-types';
import type { BlockDataSchemas } from '../document/layout';
import { accordionDefaults, accordionSize } from './accordion/defaults';
import { accordionFields } from './accordion/fields';
import { accordionSchema } from './accordion/schema';
import { addToCartDefaults, addToCartSize } from './add-to-cart/defaults';
import { addToCartFields } from './add-to-cart/fields';
import { addToCartData } from './add-to-cart/schema';
import { buttonDefaults, buttonSize } from './button/defaults';
import { buttonFields } from './button/fields';
import { buttonData } from './button/schema';
import { codeDefaults, codeSize } from './code/defaults';
import { codeFields } from './code/fields';
import { codeSchema } from './code/schema';
import { formDefaults, formIds, formSize } from './form/defaults';
import { FORM_GROUPS, formFields } from './form/fields';
import { formSchema } from './form/schema';
import { galleryCss } from './gallery/css';
import { galleryDefaults, gallerySize } from './gallery/defaults';
import { GALLERY_GROUPS, galleryFields } from './gallery/fields';
import { galleryData } from './gallery/schema';
import { plainHtml } from './html';
import { imageCss } from './image/css';
import { imageDefaults, imageNeeds, imageSize } from './image/defaults';
import { IMAGE_GROUPS, imageFields } from './image/fields';
import { imageSchema } from './image/schema';
import { lineDefaults, lineSize } from './line/defaults';
import { lineFields } from './line/fields';
import { lineData } from './line/schema';
import { mapDefaults, mapSize } from './map/defaults';
import { mapFields } from './map/fields';
import { mapData } from './map/schema';
import { newsletterDefaults, newsletterIds, newsletterSize } from './newsletter/defaults';
import { newsletterFields } from './newsletter/fields';
import { newsletterSchema } from './newsletter/schema';
import { productDefaults, productSize } from './product/defaults';
import { productFields } from './product/fields';
import { productData, type ProductData } from './product/schema';
import { spacerDefaults, spacerSize } from './spacer/defaults';
import { spacerFields } from './spacer/fields';
import { spacerData } from './spacer/schema';
import { textDefaults, textSize } from './text/defaults';
import { textFields } from './text/fields';
import { hasHighlight, textData } from './text/schema';
import type { BlockDefinition, BlockKind } from './types';
import { videoCss } from './video/css';
import { videoDefaults, videoSize } from './video/defaults';
import { videoFields } from './video/fields';
import { videoData } from './video/schema';

/** Keeps `D` tied between the kind's schema and its page rules while the list holds the erased type. */
function defineBlock<D>(kind: BlockKind<D>): BlockDefinition {
  return { ...(kind as unknown as BlockKind), data: kind.schema(plainHtml) };
}

export const BLOCK_DEFINITIONS: readonly BlockDefinition[] = [
  defineBlock({
    type: BLOCK_TYPES.HTML,
    kind: 'text',
    label: 'Text',
    schema: () => textData,
    defaults: textDefaults,
    size: textSize,
    fields: textFields,
    // Only a text holding a highlight animates it (seed 001 §4 text highlight). Idle, not visible:
    // the island must take its highlights over before the stylesheet's 2 s watch shows them drawn.
    island: { load: 'idle', canvas: true, when: hasHighlight },
  }),
  defineBlock({
    type: BLOCK_TYPES.IMAGE,
    kind: 'image',
    label: 'Image',
    schema: imageSchema,
    defaults: imageDefaults,
    needs: imageNeeds,
    size: imageSize,
    fields: imageFields,
    groups: IMAGE_GROUPS,
    css: imageCss,
    island: { load: 'visible', canvas: true },
  }),
  defineBlock({
    type: BLOCK_TYPES.BUTTON,
    kind: 'button',
    label: 'Button',
    schema: () => buttonData,
    defaults: buttonDefaults,
    size: buttonSize,
    fields: buttonFields,
    island: { load: 'visible' },
  }),
  defineBlock({
    type: BLOCK_TYPES.SPACER,
    kind: 'spacer',
    label: 'Spacer',
    schema: () => spacerData,
    defaults: spacerDefaults,
    size: spacerSize,
    fields: spacerFields,
  }),
  defineBlock({ type: BLOCK_TYPES.LINE, kind: 'line', label: 'Line', schema: () => lineData, defaults: lineDefaults, size: lineSize, fields: lineFields }),
  defineBlock({ type: BLOCK_TYPES.CODE, kind: 'code', label: 'Code', schema: codeSchema, defaults: codeDefaults, size: codeSize, fields: codeFields }),
  defineBlock({
    type: BLOCK_TYPES.ACCORDION,
    kind: 'accordion',
    label: 'Accordion',
    schema: accordionSchema,
    defaults: accordionDefaults,
    size: accordionSize,
    fields: accordionFields,
    island: { load: 'visible', canvas: true },
  }),
  defineBlock({
    type: BLOCK_TYPES.FORM,
    kind: 'form',
    label: 'Form',
    schema: formSchema,
    defaults: formDefaults,
    ids: formIds,
    size: formSize,
    fields: formFields,
    groups: FORM_GROUPS,
    island: { load: 'visible' },
  }),
  defineBlock({
    type: BLOCK_TYPES.GALLERY,
    kind: 'gallery',
    label: 'Gallery',
    schema: () => galleryData,
    defaults: galleryDefaults,
    size: gallerySize,
    fields: galleryFields,
    groups: GALLERY_GROUPS,
    css: galleryCss,
    // An address may name a slide to open in the lightbox (seed 001 §2: #itemId=…, or the slide's
    // path): such a gallery's code loads when the browser is idle, wherever the gallery is on the page.
    island: { load: (data) => (data.lightbox ? 'idle' : 'visible') },
  }),
  defineBlock({
    type: BLOCK_TYPES.MAP,
    kind: 'map',
    label: 'Map',
    schema: () => mapData,
    defaults: mapDefaults,
    size: mapSize,
    fields: mapFields,
    island: { load: 'visible' },
  }),
  defineBlock({
    type: BLOCK_TYPES.NEWSLETTER,
    kind: 'newsletter',
    label: 'Newsletter',
    schema: newsletterSchema,
    defaults: newsletterDefaults,
    ids: newsletterIds,
    size: newsletterSize,
    fields: newsletterFields,
    island: { load: 'visible' },
  }),
  defineBlock({
    type: BLOCK_TYPES.VIDEO,
    kind: 'video',
    label: 'Video',
    schema: () => videoData,
    defaults: videoDefaults,
    size: videoSize,
    fields: videoFields,
    css: videoCss,
    island: { load: 'visible' },
  }),
  defineBlock<ProductData>({
    type: BLOCK_TYPES.PRODUCT,
    kind: 'product',
    label: 'Product',
    schema: () => productData,
    defaults: productDefaults,
    size: productSize,
    fields: productFields,
    // Only a card offering a quick view has browser behaviour.
    island: { load: 'visible', when: (data) => data.quickView },
  }),
  defineBlock({
    type: BLOCK_TYPES.ADD_TO_CART,
    kind: 'add-to-cart',
    label: 'Add-to-cart button',
    schema: () => addToCartData,
    defaults: addToCartDefaults,
    size: addToCartSize,
    fields: addToCartFields,
    island: { load: 'visible' },
  }),
];

const byType = new Map(BLOCK_DEFINITIONS.map((b) => [b.type, b]));

export function blockDefinition(type: number): BlockDefinition | undefined {
  return byType.get(type);
}

/** The kinds whose blocks have browser behaviour, each with its island module: the browser build's block entries. */
export const ISLAND_KINDS: readonly string[] = BLOCK_DEFINITIONS.filter((b) => b.island).map((b) => b.kind);

/**
 * Each kind's data schema, checking shape and bounds only (owner HTML as it is, links inside it
 * unchecked): for describing documents (the JSON Schema export) and editors. Writing a document
 * goes through src/blocks/site-document.ts, which also checks those links and sanitises the HTML.
 */
export const blockDataSchemas: BlockDataSchemas = new Map(BLOCK_DEFINITIONS.map((b) => [b.type, b.data]));
