import { describe, expect, it } from 'vitest';
import { toolbarSpot } from './geometry';

const bar = { width: 200, height: 30 };
const block = { left: 100, top: 300, width: 600, height: 80 };

describe('toolbarSpot', () => {
  it('puts the bar above the block when nothing is there', () => {
    expect(toolbarSpot(block, bar, [], 1000)).toEqual({ left: 100, top: 264 });
  });

  it('goes below when the block above would be covered, beside when both are taken, and below when nothing is clear', () => {
    const above = { left: 100, top: 240, width: 600, height: 60 };
    const below = { left: 100, top: 380, width: 600, height: 60 };
    expect(toolbarSpot(block, bar, [above], 1000)).toEqual({ left: 100, top: 386 });
    expect(toolbarSpot(block, bar, [above, below], 1000)).toEqual({ left: 706, top: 300 });
    const wide = { ...block, left: 0, width: 1000 };
    expect(toolbarSpot(wide, bar, [above, below], 1000)).toEqual({ left: 0, top: 386 });
  });

  it('flips below at the top of the page and keeps inside its width', () => {
    expect(toolbarSpot({ left: 900, top: 10, width: 100, height: 40 }, bar, [], 1000)).toEqual({ left: 800, top: 56 });
  });
});
