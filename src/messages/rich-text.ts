/** The small rich-text field of a block's formatted text (src/config/shared/rich-text-editor.tsx). */
export const richText = {
  toolbar: 'Formatting',
  bold: 'Bold',
  italic: 'Italic',
  setLink: 'Set link',
  updateLink: 'Update link',
  removeLink: 'Remove link',
  loading: 'Loading the text editor…',
} as const;
