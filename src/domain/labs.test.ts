import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_INFO, FEATURE_FLAGS } from './feature-flags';
import { labsFlags, readLabs, unknownFlagNames } from './labs';

describe('labs lists', () => {
  it('read a stored value tolerantly: unknown names, repeats and other shapes are dropped', () => {
    expect(readLabs({})).toEqual({ internal: [], circle: [] });
    expect(readLabs(null)).toEqual({ internal: [], circle: [] });
    expect(readLabs({ internal: ['multilingual', 'gone_flag', 'commerce', 'multilingual'], circle: 'commerce' })).toEqual({
      internal: ['commerce', 'multilingual'],
      circle: [],
    });
  });

  it('turn a flag on for the site when either list holds it', () => {
    expect(labsFlags({ internal: ['session_recording'], circle: ['multilingual', 'session_recording'] })).toEqual(['multilingual', 'session_recording']);
    expect(labsFlags({})).toEqual([]);
  });

  it('name the selections that are not flags', () => {
    expect(unknownFlagNames(['multilingual', 'teleport', 'teleport', 'Multilingual'])).toEqual(['teleport', 'Multilingual']);
  });

  it('describe every flag for the Labs screen', () => {
    for (const flag of Object.values(FEATURE_FLAGS)) {
      expect(FEATURE_FLAG_INFO[flag].title.length).toBeGreaterThan(0);
      expect(FEATURE_FLAG_INFO[flag].description).toMatch(/\.$/);
    }
    expect(FEATURE_FLAG_INFO.multilingual.available).toBe(true);
  });
});
