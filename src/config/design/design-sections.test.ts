import { describe, expect, it } from 'vitest';
import { DESIGN_SECTIONS, designAddress, designSectionAt } from './design-sections';

describe('the Design screen’s addresses', () => {
  it('names each sub-screen, and opens Colours at /config/design and at an address it does not know', () => {
    for (const { id } of DESIGN_SECTIONS) {
      expect(designSectionAt(designAddress(id))).toBe(id);
      expect(designSectionAt(`${designAddress(id)}/`)).toBe(id);
    }
    expect(designSectionAt('/config/design')).toBe('colours');
    expect(designSectionAt('/config/design/')).toBe('colours');
    expect(designSectionAt('/config/design/nothing')).toBe('colours');
    expect(designSectionAt('/config/design/fonts/extra')).toBe('colours');
  });
});
