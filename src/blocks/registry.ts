/**
 * Block type number -> definition, for the renderer, the document schema and (later) the editor.
 * Adding a kind: a folder with schema.ts and view.tsx (and island.ts when it has browser
 * behaviour), and one line here.
 */
import { BLOCK_TYPES } from '../domain/block-types';
import { createSiteDocumentSchema, type BlockDataSchemas } from '../document/schema';
import { accordionData } from './accordion/schema';
import { AccordionView } from './accordion/view';
import { buttonData } from './button/schema';
import { ButtonView } from './button/view';
import { codeData } from './code/schema';
import { CodeView } from './code/view';
import { imageData } from './image/schema';
import { ImageView, imageCss } from './image/view';
import { lineData } from './line/schema';
import { LineView } from './line/view';
import { spacerData } from './spacer/schema';
import { SpacerView } from './spacer/view';
import { formData } from './form/schema';
import { FormView } from './form/view';
import { newsletterData } from './newsletter/schema';
import { NewsletterView } from './newsletter/view';
import { textData } from './text/schema';
import { TextView } from './text/view';
import { defineBlock, type BlockDefinition } from './types';

export const BLOCKS: readonly BlockDefinition[] = [
  defineBlock({ type: BLOCK_TYPES.HTML, kind: 'text', label: 'Text', data: textData, View: TextView }),
  defineBlock({ type: BLOCK_TYPES.IMAGE, kind: 'image', label: 'Image', data: imageData, View: ImageView, css: imageCss }),
  defineBlock({ type: BLOCK_TYPES.BUTTON, kind: 'button', label: 'Button', data: buttonData, View: ButtonView, island: { load: 'visible' } }),
  defineBlock({ type: BLOCK_TYPES.SPACER, kind: 'spacer', label: 'Spacer', data: spacerData, View: SpacerView }),
  defineBlock({ type: BLOCK_TYPES.LINE, kind: 'line', label: 'Line', data: lineData, View: LineView }),
  defineBlock({ type: BLOCK_TYPES.CODE, kind: 'code', label: 'Code', data: codeData, View: CodeView }),
  defineBlock({ type: BLOCK_TYPES.ACCORDION, kind: 'accordion', label: 'Accordion', data: accordionData, View: AccordionView, island: { load: 'visible' } }),
  defineBlock({ type: BLOCK_TYPES.FORM, kind: 'form', label: 'Form', data: formData, View: FormView, island: { load: 'visible' } }),
  defineBlock({ type: BLOCK_TYPES.NEWSLETTER, kind: 'newsletter', label: 'Newsletter', data: newsletterData, View: NewsletterView, island: { load: 'visible' } }),
];

const byType = new Map(BLOCKS.map((b) => [b.type, b]));

export function blockDefinition(type: number): BlockDefinition | undefined {
  return byType.get(type);
}

export const blockDataSchemas: BlockDataSchemas = new Map(BLOCKS.map((b) => [b.type, b.data]));

/** The site document schema with every registered block kind's data schema. */
export const siteDocumentSchema = createSiteDocumentSchema(blockDataSchemas);
