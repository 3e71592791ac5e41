/**
 * Block type number -> view: the pure React component that renders a kind's stored data, on the
 * server for visitors and in an editor's canvas alike. The definitions (./definitions.ts) say
 * what each kind is; this list is checked against them (./blocks.test.ts).
 */
import { createElement, type ReactElement } from 'react';
import { BLOCK_TYPES } from '../domain/block-types';
import { AccordionView } from './accordion/view';
import { AddToCartView } from './add-to-cart/view';
import { ButtonView } from './button/view';
import { CodeView } from './code/view';
import { FormView } from './form/view';
import { GalleryView } from './gallery/view';
import { ImageView } from './image/view';
import { LineView } from './line/view';
import { MapView } from './map/view';
import { NewsletterView } from './newsletter/view';
import { ProductView } from './product/view';
import { SpacerView } from './spacer/view';
import { TextView } from './text/view';
import type { StoredBlockData } from '../document/schema';
import type { BlockView, BlockViewProps } from './types';
import { VideoView } from './video/view';

/** A view of any kind, handed the stored data of a block of its type. */
export type AnyBlockView = BlockView<StoredBlockData>;

/** Keeps each view's data type while the list holds the erased one: a block's data passed its own kind's schema. */
const erased = <D>(view: BlockView<D>) => view as unknown as AnyBlockView;

export const BLOCK_VIEWS: ReadonlyMap<number, AnyBlockView> = new Map([
  [BLOCK_TYPES.HTML, erased(TextView)],
  [BLOCK_TYPES.IMAGE, erased(ImageView)],
  [BLOCK_TYPES.BUTTON, erased(ButtonView)],
  [BLOCK_TYPES.SPACER, erased(SpacerView)],
  [BLOCK_TYPES.LINE, erased(LineView)],
  [BLOCK_TYPES.CODE, erased(CodeView)],
  [BLOCK_TYPES.ACCORDION, erased(AccordionView)],
  [BLOCK_TYPES.FORM, erased(FormView)],
  [BLOCK_TYPES.GALLERY, erased(GalleryView)],
  [BLOCK_TYPES.MAP, erased(MapView)],
  [BLOCK_TYPES.NEWSLETTER, erased(NewsletterView)],
  [BLOCK_TYPES.VIDEO, erased(VideoView)],
  [BLOCK_TYPES.PRODUCT, erased(ProductView)],
  [BLOCK_TYPES.ADD_TO_CART, erased(AddToCartView)],
]);

/** The element rendering a block of `type` with `props`, or null for a type no kind has. */
export function blockElement(type: number, props: BlockViewProps<StoredBlockData>): ReactElement | null {
  const view = BLOCK_VIEWS.get(type);
  return view ? createElement(view, props) : null;
}
