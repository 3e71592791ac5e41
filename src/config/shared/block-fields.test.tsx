/**
 * The config area renders any block kind's fields from its definition: every kind's properties
 * come out as labelled controls with the schema's bounds, a tab shows only its own, an error
 * reaches the control at its path, and the form's custom editors render inside the same frame.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BLOCK_DEFINITIONS, blockDefinition } from '../../blocks/definitions';
import type { Fields } from '../../blocks/fields';
import { BLOCK_TYPES } from '../../domain/block-types';
import { BlockFields } from './block-fields';

const render = (type: number, value: Record<string, unknown>, extra: { errors?: Record<string, string>; group?: string; writable?: boolean } = {}) => {
  const def = blockDefinition(type)!;
  return renderToStaticMarkup(
    <BlockFields
      fields={def.fields}
      value={value}
      onChange={() => undefined}
      errors={extra.errors ?? {}}
      idBase="b"
      writable={extra.writable ?? true}
      {...(extra.group ? { group: extra.group } : {})}
    />,
  );
};

/** Every label a kind's fields give, nested ones included (custom editors' own excepted). */
function labels(fields: Fields): string[] {
  return Object.values(fields).flatMap((d) =>
    d.type === 'object' ? labels(d.fields) : d.type === 'list' ? [d.label, ...labels(d.fields)] : d.type === 'custom' ? [] : [d.label],
  );
}

/** A kind's defaults with a new item in each list they leave empty, so the item's fields render too. */
function withItems(fields: Fields, value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  for (const [key, d] of Object.entries(fields)) if (d.type === 'list' && Array.isArray(out[key]) && out[key].length === 0) out[key] = [d.newItem];
  return out;
}

describe('block fields', () => {
  it('renders a control for every property of every kind, from its defaults', () => {
    for (const def of BLOCK_DEFINITIONS) {
      const html = render(def.type, withItems(def.fields, { ...def.defaults }));
      for (const label of labels(def.fields)) expect(html, `${def.kind}: ${label}`).toContain(label.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    }
  });

  it('gives controls the bounds of the schema', () => {
    const line = render(BLOCK_TYPES.LINE, { thickness: 2 });
    expect(line).toMatch(/<input[^>]*type="number"[^>]*min="1"[^>]*max="10"[^>]*value="2"/);
    const button = render(BLOCK_TYPES.BUTTON, { buttonText: 'Go', clickthroughUrl: '/shop' });
    expect(button).toMatch(/<input[^>]*maxLength="200"[^>]*value="Go"/);
    expect(button).toMatch(/<input[^>]*maxLength="1000"[^>]*value="\/shop"/);
  });

  it('shows only the properties of one tab, and the error of the path it names', () => {
    const form = { ...blockDefinition(BLOCK_TYPES.FORM)!.defaults, settings: {} };
    const storage = render(BLOCK_TYPES.FORM, form, { group: 'storage', errors: { 'settings.webhookUrl': 'must be an address' } });
    expect(storage).toContain('Send each submission to this web address (webhook)');
    expect(storage).toContain('must be an address');
    expect(storage).toMatch(/<input[^>]*aria-invalid="true"[^>]*type="url"/);
    expect(storage).not.toContain('Form title');
    const build = render(BLOCK_TYPES.FORM, form, { group: 'build', errors: { 'fields.1.label': 'is required' } });
    // The form's fields, through its custom editor: each field by the properties of its type.
    expect(build).toContain('1. Name <span class="hint">— Name</span>');
    expect(build).toContain('3. Message <span class="hint">— Text area</span>');
    expect(build).toContain('Maximum length (characters)');
    expect(build).toMatch(/<input[^>]*aria-invalid="true"[^>]*value="Email"/);
    expect(build).toContain('Add field');
    expect(render(BLOCK_TYPES.FORM, form, { group: 'build', writable: false })).not.toContain('Add field');
  });
});
