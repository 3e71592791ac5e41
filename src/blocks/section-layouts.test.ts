import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSectionSchema } from '../document/layout';
import { buildSectionLayout, SECTION_LAYOUTS } from './section-layouts';
import { storedBlockSchemas } from './sanitize';

const newId = () => randomBytes(12).toString('hex');
const section = createSectionSchema(storedBlockSchemas);

describe('section layouts', () => {
  it.each(SECTION_LAYOUTS.map((l) => [l.key, l] as const))('%s builds a section the document accepts, with ids of its own', (key, layout) => {
    const built = buildSectionLayout(key, newId, layout.needsImage ? { image: '/s/photo.jpg' } : {});
    expect(built).toBeDefined();
    const parsed = section.safeParse(built);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const again = buildSectionLayout(key, newId, { image: '/s/photo.jpg' })!;
    expect(again.id).not.toBe(built!.id);
    expect(again.blocks.map((b) => b.id)).not.toEqual(built!.blocks.map((b) => b.id));
  });

  it('a layout with an image needs one; an unknown key builds nothing', () => {
    expect(buildSectionLayout('image-text', newId)).toBeUndefined();
    expect(buildSectionLayout('nothing' as never, newId)).toBeUndefined();
  });
});
