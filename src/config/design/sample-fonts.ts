/**
 * The design's fonts for the Design screen's samples: each family and weight chosen is loaded once
 * from the site's own address (the preview's font files, its latin face), under a name of its own
 * ("Sample Lora"), so the config area's own text keeps its font.
 */
import { useEffect } from 'react';
import type { Design } from '../../document/design';
import { fontFamily, fontFileName } from '../../domain/fonts';

/** The faces added, by family and weight. */
const added = new Set<string>();

/** Loads the faces of the design's three fonts, each the first time it is chosen. */
export function useSampleFaces(fonts: Design['fonts'], fontFiles: Readonly<Record<string, string>>): void {
  const key = [fonts.heading, fonts.body, fonts.button].map((f) => `${f.family}-${f.weight}`).join(',');
  useEffect(() => {
    for (const choice of key.split(',')) {
      const at = choice.lastIndexOf('-');
      const family = fontFamily(choice.slice(0, at));
      const weight = Number(choice.slice(at + 1));
      const base = family ? fontFiles[family.id] : undefined;
      if (!family || !base || added.has(choice) || !family.weights.includes(weight)) continue;
      added.add(choice);
      const face = new FontFace(`Sample ${family.name}`, `url("${base}${fontFileName(family.id, 'latin', weight)}") format("woff2")`, {
        weight: String(weight),
      });
      document.fonts.add(face);
      // A face that does not load leaves its sample in the fallback: samples show, they decide nothing.
      face.load().catch(() => undefined);
    }
  }, [key, fontFiles]);
}

/** The style a sample of a role's text is shown in: its sample face, its family's generic while that loads. */
export function sampleFont(design: Design, role: keyof Design['fonts']): { fontFamily?: string; fontWeight?: number } {
  const family = fontFamily(design.fonts[role].family);
  return family ? { fontFamily: `"Sample ${family.name}", ${family.generic}`, fontWeight: design.fonts[role].weight } : {};
}
