/**
 * Custom editors by the name a kind's fields give them (src/blocks/<kind>/fields.ts, `type:
 * 'custom'`): React for the config area and, later, the visual editor, kept out of the pure
 * definitions so Node and the CLI never load it.
 */
import type { ComponentType } from 'react';
import type { CustomEditorProps } from './fields';
import { AutoReplyEditor, FormFieldsEditor } from './form/editor';
import { FocalPointEditor } from './image/editor';
import { ProductChoiceEditor } from './product/editor';
import { RichTextEditor } from './text/editor';

export const CUSTOM_EDITORS: Readonly<Record<string, ComponentType<CustomEditorProps>>> = {
  'form-fields': FormFieldsEditor,
  'form-auto-reply': AutoReplyEditor,
  'rich-text': RichTextEditor,
  'focal-point': FocalPointEditor,
  'product-choice': ProductChoiceEditor,
};
