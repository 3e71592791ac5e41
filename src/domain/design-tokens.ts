/**
 * Design tokens of seed 001 §9 and the shared layering and device constants of seeds 000 and 001:
 * breakpoints, spacing, type sizes and weights, radii, time steps, z-indexes, device views,
 * the nine positions and font categories. The theme's generator (src/document/theme.ts) emits
 * these as CSS custom properties; scripts read the same numbers here. The type scale and time
 * steps are ours within the seed's range (docs/decisions/0073-font-size-and-time-step-tokens.md).
 */

/** Seed 001 §9: desktop design breakpoints, in pixels. */
export const BREAKPOINTS_PX = [800, 1024] as const;

/** Seed 001 §2, §9: mobile is 432 px wide or less, desktop 433 px or more; no width is tablet. */
export const MOBILE_MAX_WIDTH_PX = 432;

export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH_PX;
}

export const SPACING_PX = [0, 6, 11, 16, 22, 27, 33, 38, 44, 49, 55] as const;

/** Within seed 001 §9's 9.75 to 28 px. */
export const FONT_SIZES_PX = [9.75, 11, 12, 13, 14, 16, 18, 20, 24, 28] as const;

export const FONT_WEIGHTS = [400, 500, 600] as const;

export const RADII_PX = [0, 4, 8] as const;

/** Within seed 001 §9's 0 to 600 ms. */
export const TIME_STEPS_MS = [0, 100, 200, 300, 400, 500, 600] as const;

/** Seed 000 §9 (dialog base) and seed 001 §9 (lightbox overlay). */
export const Z_INDEX = { DIALOG_BASE: 30000, LIGHTBOX_OVERLAY: 10000000 } as const;

export const DEVICE_VIEWS = ['desktop', 'phone', 'tablet'] as const;
export type DeviceView = (typeof DEVICE_VIEWS)[number];

export const VERTICAL_POSITIONS = ['TOP', 'CENTER', 'BOTTOM'] as const;
export const HORIZONTAL_POSITIONS = ['LEFT', 'CENTER', 'RIGHT'] as const;
export type Position = `${(typeof VERTICAL_POSITIONS)[number]}_${(typeof HORIZONTAL_POSITIONS)[number]}`;

/** Seed 001 §3: the nine positions, top row first, written VERTICAL_HORIZONTAL. */
export const POSITIONS: readonly Position[] = VERTICAL_POSITIONS.flatMap((v) => HORIZONTAL_POSITIONS.map((h) => `${v}_${h}` as const));

export const FONT_CATEGORIES = ['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other'] as const;
