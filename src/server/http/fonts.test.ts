import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeFontFamilies } from '../../../scripts/font-metrics';
import { projectPath } from '../../db/project-root';
import { FONT_FAMILIES, FONT_SUBSETS, fontFileName } from '../../domain/fonts';
import { RESERVED_PATH_SEGMENTS } from '../../domain/routes';
import { DEFAULT_DESIGN } from '../../document/design';
import { fontsUsed, preloadFile } from '../../document/font-faces';
import { FONT_FILES_PATH, fontFileUrl } from './fonts';

const onDisk = (familyId: string, file: string) => projectPath('node_modules/@fontsource', familyId, 'files', file);

describe('the font families offered', () => {
  it('ship every file the list names: each weight in normal style, latin, and latin-ext where the family has it', () => {
    for (const family of FONT_FAMILIES) {
      for (const weight of family.weights) {
        for (const subset of FONT_SUBSETS) {
          if (subset !== 'latin' && family.subsets[subset] === undefined) continue;
          const file = fontFileName(family.id, subset, weight);
          expect(existsSync(onDisk(family.id, file)), file).toBe(true);
        }
      }
    }
  });

  it('are the list scripts/font-metrics.ts computes from the packages and the metrics (rerun it after an upgrade)', async () => {
    expect(FONT_FAMILIES).toEqual(await computeFontFamilies());
  });
});

describe('the fonts of the default design', () => {
  it('load at most three woff2 files on a page in English, 90 KB at most in all', () => {
    const used = fontsUsed(DEFAULT_DESIGN.fonts);
    const latin = used.flatMap((u) => u.weights.map((w) => onDisk(u.family.id, fontFileName(u.family.id, 'latin', w))));
    expect(latin).toHaveLength(3);
    expect(latin.reduce((sum, file) => sum + statSync(file).size, 0)).toBeLessThanOrEqual(90 * 1024);
  });

  it('preload the body face, at an address naming its package version', () => {
    const file = preloadFile(fontsUsed(DEFAULT_DESIGN.fonts), 'inter', 400)!;
    const { version } = JSON.parse(readFileSync(projectPath('node_modules/@fontsource/inter/package.json'), 'utf8')) as { version: string };
    expect(fontFileUrl('inter', file)).toBe(`/fonts/files/inter-${version}/inter-latin-400-normal.woff2`);
    expect(() => fontFileUrl('comic-sans', file)).toThrow();
  });
});

describe('the font files address', () => {
  it('starts with a segment the platform keeps for itself, so no page of a site can take it', () => {
    expect(RESERVED_PATH_SEGMENTS).toContain(FONT_FILES_PATH.split('/')[1]);
  });
});
