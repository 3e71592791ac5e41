/**
 * The Portfolio template (sites/portfolio/site.json): the site of Nora Halloway, a landscape
 * photographer working from a net loft on the harbour of Saltmere, a fictional town on a north
 * coast. Its pictures are drawn here, never photographed or downloaded: each is an SVG of layered
 * hills, sea, sky gradients, sun or moon, trees and weather, in the manner of the demo's pictures
 * (scripts/demo-product-photos.ts), made into a modest JPEG by sharp. A seeded generator draws the
 * same pictures each run, so the document only changes when the drawing or the words do.
 *
 * The script is the source of the whole document (design, pages, navigation, words and files): run
 * `npx tsx scripts/templates/portfolio.ts` and it writes sites/portfolio/site.json.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { siteDocumentSchema } from '../../src/blocks/site-document';
import { projectPath } from '../../src/db/project-root';
import { BLOCK_TYPES } from '../../src/domain/block-types';
import { paletteFromPreset } from '../../src/domain/palette-generator';
import { DEFAULT_DESIGN, withPalette, type Design } from '../../src/document/design';
import { loadDocument } from '../../src/document/load';

const OUT = projectPath('sites/portfolio/site.json');

/* ---------- drawing ---------- */

/** A seeded generator, so the same pictures come out each run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
type Rnd = () => number;

const f1 = (n: number) => n.toFixed(1);

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
/** `a` moved toward `b` by `t` (0 is `a`, 1 is `b`): the haze that makes far hills paler. */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgbOf(a);
  const [br, bg, bb] = rgbOf(b);
  const ch = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch(ar, br)}${ch(ag, bg)}${ch(ab, bb)}`;
}

/** One picture being drawn: its size, its generator, and the gradients and filters it has defined. */
class Canvas {
  defs: string[] = [];
  body: string[] = [];
  private ids = 0;
  constructor(
    readonly w: number,
    readonly h: number,
    readonly rnd: Rnd,
  ) {}
  id(prefix: string) {
    return `${prefix}${this.ids++}`;
  }
  add(...svg: string[]) {
    this.body.push(...svg);
  }
  /** A vertical gradient through `stops` ([offset, colour, opacity?]), top to bottom of the box it fills. */
  vertical(stops: [number, string, number?][]) {
    const id = this.id('v');
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`).join('')}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  /** A gradient from left to right, as light falling from one side. */
  horizontal(stops: [number, string, number?][]) {
    const id = this.id('hz');
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`).join('')}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(stops: [number, string, number?][]) {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`).join('')}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  blur(std: number) {
    const id = this.id('b');
    this.defs.push(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`);
    return `url(#${id})`;
  }
  svg() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

type Point = [number, number];

/** A smooth line through the points (Catmull-Rom as cubic Béziers). */
function smooth(points: Point[]): string {
  let d = `M${f1(points[0]![0])} ${f1(points[0]![1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[i + 2] ?? p2;
    d += ` C${f1(p1[0] + (p2[0] - p0[0]) / 6)} ${f1(p1[1] + (p2[1] - p0[1]) / 6)} ${f1(p2[0] - (p3[0] - p1[0]) / 6)} ${f1(p2[1] - (p3[1] - p1[1]) / 6)} ${f1(p2[0])} ${f1(p2[1])}`;
  }
  return d;
}
const straight = (points: Point[]) => `M${points.map(([x, y]) => `${f1(x)} ${f1(y)}`).join(' L')}`;

type Ridge = { y: (x: number) => number; line: string };

/**
 * A ridge line across the picture: a sum of a few waves of random phase, `amp` high above `base`
 * at most. `detail` adds smaller waves (rougher ground); `peaks` makes it ridged, like mountains.
 */
function ridge(c: Canvas, base: number, amp: number, opts: { scale?: number; detail?: number; peaks?: boolean } = {}): Ridge {
  const { rnd, w } = c;
  const count = 3 + (opts.detail ?? 1);
  const waves = Array.from({ length: count }, (_, i) => ({
    f: (((i + 1) ** 1.8 * (0.75 + rnd() * 0.5) * 2 * Math.PI) / w) * (opts.scale ?? 1),
    p: rnd() * Math.PI * 2,
    a: 1 / (i + 1) ** 1.4,
  }));
  const norm = waves.reduce((n, v) => n + v.a, 0);
  const y = (x: number) => {
    let v = 0;
    for (const wave of waves) v += (opts.peaks ? 1 - Math.abs(Math.sin(x * wave.f + wave.p)) * 2 : Math.sin(x * wave.f + wave.p)) * wave.a;
    return base - amp * (v / norm / 2 + 0.5);
  };
  const steps = opts.peaks ? 90 : 48;
  const points: Point[] = Array.from({ length: steps + 1 }, (_, i) => {
    const x = -40 + ((w + 80) * i) / steps;
    return [x, y(x)];
  });
  return { y, line: opts.peaks ? straight(points) : smooth(points) };
}

/** The land under a ridge, filled down past the bottom edge. */
function land(c: Canvas, r: Ridge, fill: string, extra = '') {
  c.add(`<path d="${r.line} L${c.w + 40} ${c.h + 10} L-40 ${c.h + 10} Z" fill="${fill}"${extra}/>`);
}

/** `n` ridges from far (pale, near the horizon colour) to near (the darkest). */
function layeredHills(
  c: Canvas,
  n: number,
  top: number,
  bottom: number,
  far: string,
  near: string,
  amp: number,
  opts: { scale?: number; peaks?: boolean; mist?: string } = {},
) {
  const ridges: Ridge[] = [];
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 1 : i / (n - 1);
    const r = ridge(c, top + (bottom - top) * t, amp * (1 - t * 0.45), {
      scale: (opts.scale ?? 1) * (1 + t * 0.6),
      detail: 1 + Math.round(t * 2),
      peaks: opts.peaks ?? false,
    });
    land(c, r, mix(far, near, t ** 0.85));
    if (opts.mist && i < n - 1) fogBand(c, r.y(c.w / 2) + amp * 0.15, amp * 0.9, opts.mist, 0.55);
    ridges.push(r);
  }
  return ridges;
}

function sky(c: Canvas, stops: [number, string][]) {
  c.add(`<rect width="${c.w}" height="${c.h}" fill="${c.vertical(stops)}"/>`);
}

/** The sun (or any light) with its glow. */
function sun(c: Canvas, x: number, y: number, r: number, core: string, glow: string, glowSize = 6, glowOpacity = 0.6) {
  c.add(
    `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r * glowSize)}" fill="${c.radial([
      [0, glow, glowOpacity],
      [0.3, glow, glowOpacity * 0.35],
      [1, glow, 0],
    ])}"/>`,
    `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="${core}"/>`,
  );
}

function moon(c: Canvas, x: number, y: number, r: number) {
  sun(c, x, y, r, '#f3efe2', '#cfd8e6', 5, 0.35);
  const { rnd } = c;
  for (let i = 0; i < 5; i++) {
    const a = rnd() * Math.PI * 2;
    const d = rnd() * r * 0.6;
    c.add(`<circle cx="${f1(x + Math.cos(a) * d)}" cy="${f1(y + Math.sin(a) * d)}" r="${f1(r * (0.08 + rnd() * 0.14))}" fill="#d8d3c4" opacity="0.7"/>`);
  }
}

function stars(c: Canvas, count: number, maxY: number) {
  const { rnd } = c;
  let out = '';
  for (let i = 0; i < count; i++) {
    const y = rnd() ** 1.5 * maxY;
    out += `<circle cx="${f1(rnd() * c.w)}" cy="${f1(y)}" r="${f1(0.8 + rnd() * 1.6)}" fill="#f4f1e8" opacity="${(0.25 + rnd() * 0.7 * (1 - y / maxY)).toFixed(2)}"/>`;
  }
  c.add(out);
}

/** Soft clouds: clusters of blurred ellipses in a band of the sky. */
function clouds(c: Canvas, count: number, top: number, bottom: number, color: string, opacity: number, size = 1) {
  const { rnd } = c;
  const soft = c.blur(16 * size);
  let out = `<g filter="${soft}" opacity="${opacity}">`;
  for (let i = 0; i < count; i++) {
    const x = rnd() * c.w;
    const y = top + rnd() * (bottom - top);
    const width = (120 + rnd() * 260) * size;
    for (let j = 0; j < 4; j++) {
      out += `<ellipse cx="${f1(x + (rnd() - 0.5) * width)}" cy="${f1(y + (rnd() - 0.5) * 18 * size)}" rx="${f1(width * (0.35 + rnd() * 0.35))}" ry="${f1((14 + rnd() * 22) * size)}" fill="${color}"/>`;
    }
  }
  c.add(`${out}</g>`);
}

/** A band of mist: `h` tall around `y`, fading out above and below. */
function fogBand(c: Canvas, y: number, h: number, color: string, opacity: number) {
  const fill = c.vertical([
    [0, color, 0],
    [0.5, color, opacity],
    [1, color, 0],
  ]);
  c.add(`<rect x="0" y="${f1(y - h / 2)}" width="${c.w}" height="${f1(h)}" fill="${fill}"/>`);
}

/** The sea from the horizon down: a gradient, and faint lines of swell, closer together far off. */
function sea(c: Canvas, horizon: number, far: string, near: string, swell: string, swellOpacity = 0.18) {
  const { rnd } = c;
  c.add(
    `<rect x="0" y="${f1(horizon)}" width="${c.w}" height="${f1(c.h - horizon)}" fill="${c.vertical([
      [0, far],
      [1, near],
    ])}"/>`,
  );
  let out = '';
  for (let i = 0; i < 90; i++) {
    const t = rnd() ** 1.8;
    const y = horizon + 3 + t * (c.h - horizon);
    const len = 30 + t * 340 * (0.5 + rnd());
    out += `<rect x="${f1(rnd() * c.w - len / 2)}" y="${f1(y)}" width="${f1(len)}" height="${f1(1 + t * 3)}" rx="1" fill="${swell}" opacity="${(swellOpacity * (0.4 + rnd() * 0.6)).toFixed(2)}"/>`;
  }
  c.add(out);
}

/** The light's path on the water below `x`: short bright strokes, spreading toward the viewer. */
function glitter(c: Canvas, x: number, horizon: number, color: string, spread = 0.35, count = 160) {
  const { rnd } = c;
  let out = '';
  for (let i = 0; i < count; i++) {
    const t = rnd() ** 1.4;
    const y = horizon + 2 + t * (c.h - horizon);
    const half = 8 + t * c.w * spread * 0.5;
    const dx = (rnd() + rnd() + rnd() - 1.5) * half;
    const len = 6 + t * 60 * rnd();
    out += `<rect x="${f1(x + dx - len / 2)}" y="${f1(y)}" width="${f1(len)}" height="${f1(1 + t * 2.5)}" fill="${color}" opacity="${(0.35 + rnd() * 0.55 * (1 - Math.abs(dx) / half)).toFixed(2)}"/>`;
  }
  c.add(out);
}

/** A pine: stacked triangles on a short trunk, `h` tall with its foot at (x, y). */
function pine(x: number, y: number, h: number, color: string) {
  const w = h * 0.36;
  let d = '';
  for (let i = 0; i < 4; i++) {
    const top = y - h + (i * h) / 5;
    const bw = (w * (i + 1.6)) / 4.6;
    d += `M${f1(x)} ${f1(top)} L${f1(x + bw / 2)} ${f1(top + h * 0.34)} L${f1(x - bw / 2)} ${f1(top + h * 0.34)} Z `;
  }
  return `<path d="${d}" fill="${color}"/><rect x="${f1(x - h * 0.02)}" y="${f1(y - h * 0.12)}" width="${f1(h * 0.04)}" height="${f1(h * 0.14)}" fill="${color}"/>`;
}

/** Pines along a ridge, their feet on it. */
function forest(c: Canvas, r: Ridge, color: string, size: number, gap: number, from = 0, to = c.w) {
  const { rnd } = c;
  let out = '';
  for (let x = from + rnd() * gap; x < to; x += gap * (0.5 + rnd())) out += pine(x, r.y(x) + size * 0.08, size * (0.6 + rnd() * 0.6), color);
  c.add(out);
}

/** A broadleaf tree: a trunk and a canopy of a few overlapping circles. */
function broadleaf(c: Canvas, x: number, y: number, h: number, trunk: string, canopy: string) {
  const { rnd } = c;
  let out = `<path d="M${f1(x - h * 0.03)} ${f1(y)} L${f1(x - h * 0.015)} ${f1(y - h * 0.55)} L${f1(x + h * 0.015)} ${f1(y - h * 0.55)} L${f1(x + h * 0.03)} ${f1(y)} Z" fill="${trunk}"/>`;
  for (let i = 0; i < 6; i++) {
    out += `<circle cx="${f1(x + (rnd() - 0.5) * h * 0.5)}" cy="${f1(y - h * 0.62 + (rnd() - 0.5) * h * 0.3)}" r="${f1(h * (0.16 + rnd() * 0.1))}" fill="${canopy}"/>`;
  }
  c.add(out);
}

function birds(c: Canvas, count: number, x: number, y: number, spread: number, color: string, size = 10) {
  const { rnd } = c;
  let out = '';
  for (let i = 0; i < count; i++) {
    const bx = x + (rnd() - 0.5) * spread;
    const by = y + (rnd() - 0.5) * spread * 0.35;
    const s = size * (0.6 + rnd() * 0.6);
    out += `<path d="M${f1(bx - s)} ${f1(by - s * 0.3)} Q${f1(bx - s * 0.45)} ${f1(by - s * 0.55)} ${f1(bx)} ${f1(by)} Q${f1(bx + s * 0.45)} ${f1(by - s * 0.55)} ${f1(bx + s)} ${f1(by - s * 0.3)}" fill="none" stroke="${color}" stroke-width="${f1(s * 0.18)}" stroke-linecap="round"/>`;
  }
  c.add(out);
}

/** A darker edge all round, as a lens gives. */
function vignette(c: Canvas, strength = 0.28) {
  const id = c.id('vg');
  c.defs.push(
    `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient>`,
  );
  c.add(`<rect width="${c.w}" height="${c.h}" fill="url(#${id})"/>`);
}

/** A headland seen side-on: ground rising inland and ending in a cliff face that drops to the sea at `edge`. */
function headland(c: Canvas, fromRight: boolean, edge: number, top: number, horizon: number, fill: string) {
  const { rnd, w } = c;
  const far = fromRight ? w + 40 : -40;
  const dir = fromRight ? -1 : 1;
  const span = Math.abs(edge - far);
  const height = horizon - top;
  const phase = rnd() * Math.PI * 2;
  const points: Point[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    // Highest inland, a shoulder half-way, then down to the cliff's brow.
    const rise = height * (0.7 * (1 - t) ** 1.6 + 0.07 * Math.sin(t * 6 + phase));
    points.push([far + dir * span * t, top - rise + height * 0.12 * t ** 3]);
  }
  const brow = points[points.length - 1]![1];
  const drop = horizon - brow;
  const face: Point[] = [
    [edge + dir * 10, brow + drop * 0.12],
    [edge + dir * 4, brow + drop * 0.3],
    [edge + dir * 24, brow + drop * 0.52],
    [edge + dir * 18, brow + drop * 0.72],
    [edge + dir * 40, brow + drop * 0.9],
    [edge + dir * 56, horizon + 2],
  ];
  const outline = `${smooth(points)} L${face.map(([x, y]) => `${f1(x)} ${f1(y)}`).join(' L')} L${f1(far)} ${f1(horizon + 2)} Z`;
  c.add(`<path d="${outline}" fill="${fill}"/>`);
  // The cliff face catches a little light: a paler band down its edge.
  c.add(
    `<path d="M${f1(edge)} ${f1(brow)} L${face.map(([x, y]) => `${f1(x)} ${f1(y)}`).join(' L')} L${f1(edge + dir * 80)} ${f1(horizon + 2)} L${f1(edge - dir * 30)} ${f1(brow + drop * 0.4)} Z" fill="#ffffff" opacity="0.06"/>`,
  );
}

/** A sea stack: a tall rock column with a ragged top. */
function stack(c: Canvas, x: number, base: number, width: number, height: number, fill: string) {
  const { rnd } = c;
  const pts: Point[] = [
    [x - width / 2, base],
    [x - width * 0.45, base - height * 0.55],
    [x - width * 0.38 + (rnd() - 0.5) * 6, base - height * 0.92],
    [x - width * 0.1, base - height],
    [x + width * 0.2, base - height * (0.94 + rnd() * 0.06)],
    [x + width * 0.42, base - height * 0.8],
    [x + width * 0.5, base - height * 0.35],
    [x + width * 0.55, base],
  ];
  c.add(`<path d="${straight(pts)} Z" fill="${fill}"/>`);
}

/* ---------- the pictures ---------- */

type Picture = { name: string; w: number; h: number; alt: string; draw: (c: Canvas) => void };

const HERO = { w: 1800, h: 1000 };
const WIDE = { w: 1500, h: 1000 };
const TALL = { w: 1000, h: 1500 };
const SQUARE = { w: 1200, h: 1200 };

const PICTURES: Picture[] = [
  {
    name: 'saltmere-bay-dawn.jpg',
    ...HERO,
    alt: 'Dawn over a calm bay: a low sun on the horizon, a pink and gold sky, and a path of light across the water to a dark headland on the left',
    draw(c) {
      const horizon = c.h * 0.6;
      sky(c, [
        [0, '#5f6d96'],
        [0.45, '#c79aa6'],
        [0.85, '#f2c9a4'],
        [1, '#f8dcb2'],
      ]);
      clouds(c, 7, c.h * 0.12, c.h * 0.42, '#f4c2b0', 0.55);
      sun(c, c.w * 0.63, horizon - 26, 34, '#fff4dc', '#ffd9a0', 7, 0.75);
      layeredHills(c, 2, horizon - 10, horizon + 2, '#b89aa8', '#8a7590', 30, { scale: 0.6 });
      sea(c, horizon, '#d9b3ae', '#4d5677', '#f7d9c0', 0.22);
      glitter(c, c.w * 0.63, horizon, '#fff0d2', 0.3);
      headland(c, false, c.w * 0.3, c.h * 0.48, horizon, '#3b3548');
      birds(c, 5, c.w * 0.78, c.h * 0.28, 160, '#3b3548');
      vignette(c, 0.22);
    },
  },
  {
    name: 'black-head-dusk.jpg',
    ...HERO,
    alt: 'Dark cliffs stepping out into the sea at dusk under a violet and orange sky, a single sea stack off the nearest point',
    draw(c) {
      const horizon = c.h * 0.64;
      sky(c, [
        [0, '#27264a'],
        [0.4, '#6c4470'],
        [0.72, '#c46a6c'],
        [1, '#f0a35e'],
      ]);
      clouds(c, 6, c.h * 0.2, c.h * 0.5, '#e58b74', 0.45, 1.2);
      sun(c, c.w * 0.4, horizon + 12, 40, '#ffc27a', '#ff9d5c', 8, 0.5);
      sea(c, horizon, '#a45f6e', '#1c1829', '#e79a7c', 0.2);
      glitter(c, c.w * 0.4, horizon, '#f6b27d', 0.4, 110);
      headland(c, true, c.w * 0.72, c.h * 0.5, horizon, '#6a4a6c');
      headland(c, true, c.w * 0.82, c.h * 0.42, horizon + 30, '#3f2c47');
      stack(c, c.w * 0.66, horizon + 46, 60, 170, '#2a1f33');
      headland(c, true, c.w * 0.93, c.h * 0.3, horizon + 90, '#191421');
      vignette(c, 0.3);
    },
  },
  {
    name: 'carrow-fell-mist.jpg',
    ...HERO,
    alt: 'Rolling fells fading into morning mist in bands of blue-grey, a pale sun behind the haze',
    draw(c) {
      sky(c, [
        [0, '#9fb0c0'],
        [0.6, '#d8dee2'],
        [1, '#e9ecec'],
      ]);
      sun(c, c.w * 0.3, c.h * 0.3, 46, '#f6f4ea', '#ffffff', 6, 0.7);
      const ridges = layeredHills(c, 6, c.h * 0.45, c.h * 0.92, '#bfc9d2', '#2c3644', 140, { scale: 0.9, mist: '#e9ecec' });
      forest(c, ridges[5]!, '#1e2530', 40, 26, c.w * 0.55, c.w);
      vignette(c, 0.18);
    },
  },
  {
    name: 'lake-orrin-moonrise.jpg',
    ...HERO,
    alt: 'Night over a still lake: a bright moon and stars above dark pine-covered ridges, the moonlight drawn across the water',
    draw(c) {
      const shore = c.h * 0.66;
      sky(c, [
        [0, '#0a1230'],
        [0.55, '#1d3560'],
        [1, '#4d6a90'],
      ]);
      stars(c, 220, c.h * 0.55);
      moon(c, c.w * 0.7, c.h * 0.2, 44);
      const ridges = layeredHills(c, 3, c.h * 0.5, shore - 4, '#3a5275', '#0d1526', 150, { scale: 0.8 });
      forest(c, ridges[2]!, '#0a101d', 50, 18);
      c.add(
        `<rect x="0" y="${f1(shore)}" width="${c.w}" height="${f1(c.h - shore)}" fill="${c.vertical([
          [0, '#3d5a80'],
          [1, '#0b1328'],
        ])}"/>`,
      );
      glitter(c, c.w * 0.7, shore, '#e9ecf2', 0.12, 120);
      land(c, ridge(c, c.h * 0.97, 40, { scale: 0.7 }), '#070b16');
      vignette(c, 0.35);
    },
  },
  {
    name: 'hollin-farm-evening.jpg',
    ...HERO,
    alt: 'A lone tree on golden rolling hills at the end of a summer evening, a large low sun in a warm amber sky',
    draw(c) {
      sky(c, [
        [0, '#e9c98e'],
        [0.6, '#f2ac66'],
        [1, '#f7c27e'],
      ]);
      sun(c, c.w * 0.28, c.h * 0.5, 70, '#fff1cf', '#ffd08a', 5, 0.8);
      clouds(c, 5, c.h * 0.1, c.h * 0.3, '#fbe2b2', 0.5);
      const ridges = layeredHills(c, 4, c.h * 0.58, c.h * 0.9, '#e0a865', '#5a3b22', 120, { scale: 0.7 });
      const near = ridges[3]!;
      broadleaf(c, c.w * 0.7, near.y(c.w * 0.7) + 4, 230, '#3b2616', '#3b2616');
      for (let i = 0; i < 7; i++) {
        const x = c.w * 0.05 + i * 70;
        c.add(`<rect x="${f1(x)}" y="${f1(near.y(x) - 34)}" width="6" height="44" fill="#3f2919"/>`);
      }
      birds(c, 3, c.w * 0.45, c.h * 0.25, 120, '#6b4a2c', 9);
      vignette(c, 0.25);
    },
  },
  {
    name: 'winter-estuary.jpg',
    ...WIDE,
    alt: 'A pale winter estuary at low water: thin sandbars across grey water, dark reeds in the foreground and birds far off',
    draw(c) {
      const horizon = c.h * 0.5;
      sky(c, [
        [0, '#c4ced6'],
        [1, '#eef1f2'],
      ]);
      sun(c, c.w * 0.62, c.h * 0.32, 30, '#fbfbf6', '#ffffff', 5, 0.6);
      layeredHills(c, 2, horizon - 12, horizon, '#b9c2c8', '#8d989f', 26, { scale: 0.5 });
      sea(c, horizon, '#d7dde0', '#94a3ad', '#eef1f2', 0.35);
      const { rnd } = c;
      for (let i = 0; i < 6; i++) {
        const y = horizon + 20 + i * i * 9 + rnd() * 10;
        const x = rnd() * c.w * 0.7;
        c.add(`<ellipse cx="${f1(x)}" cy="${f1(y)}" rx="${f1(160 + i * 70)}" ry="${f1(2 + i * 1.5)}" fill="#d8d0c0" opacity="0.9"/>`);
      }
      let reeds = '';
      for (let i = 0; i < 160; i++) {
        const x = rnd() * c.w;
        const top = c.h * (0.78 + rnd() * 0.12);
        reeds += `<path d="M${f1(x)} ${c.h} Q${f1(x + (rnd() - 0.5) * 20)} ${f1((top + c.h) / 2)} ${f1(x + (rnd() - 0.3) * 30)} ${f1(top)}" stroke="#3e4a50" stroke-width="${f1(1.5 + rnd() * 2)}" fill="none" opacity="0.85"/>`;
      }
      c.add(reeds);
      birds(c, 9, c.w * 0.3, c.h * 0.3, 220, '#5c666c', 7);
      vignette(c, 0.15);
    },
  },
  {
    name: 'point-arne-light.jpg',
    ...WIDE,
    alt: 'A white lighthouse on a dark headland at blue hour, its lamp lit and a faint beam across the sky above the sea',
    draw(c) {
      const horizon = c.h * 0.62;
      sky(c, [
        [0, '#142241'],
        [0.6, '#3f5c82'],
        [1, '#98aec4'],
      ]);
      stars(c, 60, c.h * 0.4);
      sea(c, horizon, '#6d86a3', '#142034', '#a9bdd0', 0.2);
      headland(c, false, c.w * 0.56, c.h * 0.52, horizon, '#101a2b');
      const x = c.w * 0.36;
      const base = c.h * 0.53;
      c.add(
        `<path d="M${f1(x + 8)} ${f1(base - 176)} L${c.w + 40} ${f1(base - 300)} L${c.w + 40} ${f1(base - 120)} Z" fill="${c.vertical([
          [0, '#fff6d8', 0.05],
          [0.5, '#fff6d8', 0.22],
          [1, '#fff6d8', 0.05],
        ])}"/>`,
        `<path d="M${f1(x - 24)} ${f1(base)} L${f1(x - 16)} ${f1(base - 160)} L${f1(x + 16)} ${f1(base - 160)} L${f1(x + 24)} ${f1(base)} Z" fill="#e9edf0"/>`,
        `<rect x="${f1(x - 20)}" y="${f1(base - 110)}" width="40" height="16" fill="#a33b36"/><rect x="${f1(x - 21)}" y="${f1(base - 60)}" width="42" height="16" fill="#a33b36"/>`,
        `<rect x="${f1(x - 14)}" y="${f1(base - 186)}" width="28" height="26" fill="#2b2f38"/>`,
      );
      sun(c, x, base - 173, 10, '#fffbe8', '#ffe6a0', 6, 0.8);
      c.add(`<path d="M${f1(x - 18)} ${f1(base - 186)} L${f1(x)} ${f1(base - 204)} L${f1(x + 18)} ${f1(base - 186)} Z" fill="#2b2f38"/>`);
      vignette(c, 0.3);
    },
  },
  {
    name: 'storm-over-the-point.jpg',
    ...WIDE,
    alt: 'A storm over the sea: heavy slate clouds, rain falling in streaks, and one bright band of light on the water below a dark point',
    draw(c) {
      const horizon = c.h * 0.58;
      sky(c, [
        [0, '#2d3238'],
        [0.55, '#555d63'],
        [0.9, '#b9c1bc'],
        [1, '#d5dad2'],
      ]);
      clouds(c, 10, c.h * 0.05, c.h * 0.38, '#23282d', 0.85, 1.6);
      const { rnd } = c;
      let rain = '';
      for (let i = 0; i < 140; i++) {
        const x = c.w * 0.1 + rnd() * c.w * 0.55;
        const y = c.h * 0.25 + rnd() * c.h * 0.3;
        rain += `<path d="M${f1(x)} ${f1(y)} l-14 70" stroke="#aab1b3" stroke-width="1.4" opacity="${(0.15 + rnd() * 0.25).toFixed(2)}"/>`;
      }
      c.add(rain);
      sea(c, horizon, '#8b9890', '#1f2a2b', '#c9d1c6', 0.2);
      fogBand(c, horizon + 14, 40, '#e5e9df', 0.35);
      glitter(c, c.w * 0.65, horizon, '#e5e9df', 0.25, 70);
      headland(c, true, c.w * 0.76, c.h * 0.46, horizon, '#1d2326');
      vignette(c, 0.35);
    },
  },
  {
    name: 'kelder-valley-autumn.jpg',
    ...WIDE,
    alt: 'An autumn valley in layers of rust, amber and olive, round-topped trees along the nearest slope under a pale sky',
    draw(c) {
      sky(c, [
        [0, '#d9d3c4'],
        [1, '#f3e6cf'],
      ]);
      clouds(c, 5, c.h * 0.08, c.h * 0.3, '#ffffff', 0.6);
      const ridges = layeredHills(c, 5, c.h * 0.4, c.h * 0.86, '#c9b79a', '#5a3a1f', 150, { scale: 0.8 });
      fogBand(c, c.h * 0.5, 80, '#f3e6cf', 0.4);
      const near = ridges[3]!;
      const colors = ['#8f4a22', '#b0662b', '#6f6a2c', '#a5532a', '#c98a3a'];
      for (let x = 30; x < c.w; x += 48 + c.rnd() * 60)
        broadleaf(c, x, near.y(x) + 20, 90 + c.rnd() * 60, '#3a2616', colors[Math.floor(c.rnd() * colors.length)]!);
      land(c, ridge(c, c.h * 1.02, 60, { scale: 0.6 }), '#3f2a17');
      vignette(c, 0.22);
    },
  },
  {
    name: 'high-fells-snow.jpg',
    ...WIDE,
    alt: 'Snow-capped mountains under a clear pale blue sky, a dark pine forest along the valley floor below them',
    draw(c) {
      sky(c, [
        [0, '#8fb0cf'],
        [1, '#e3ecf2'],
      ]);
      const mountains = [
        { base: c.h * 0.62, amp: 330, far: '#aebfcf' },
        { base: c.h * 0.72, amp: 300, far: '#7d8fa3' },
      ];
      for (const m of mountains) {
        const r = ridge(c, m.base, m.amp, { peaks: true, scale: 0.8, detail: 2 });
        const id = c.id('snow');
        c.defs.push(`<clipPath id="${id}"><path d="${r.line} L${c.w + 40} ${c.h} L-40 ${c.h} Z"/></clipPath>`);
        land(c, r, m.far);
        const snowline = ridge(c, m.base - m.amp * 0.45, 50, { scale: 2, detail: 3 });
        c.add(`<path d="${snowline.line} L${c.w + 40} -10 L-40 -10 Z" fill="#f7f9fb" clip-path="url(#${id})"/>`);
        c.add(`<path d="${r.line} L${c.w + 40} ${c.h} L-40 ${c.h} Z" fill="#5c7088" opacity="0.12"/>`);
      }
      fogBand(c, c.h * 0.76, 70, '#e3ecf2', 0.5);
      const valley = ridge(c, c.h * 0.86, 50, { scale: 0.6 });
      land(c, valley, '#1f2d2a');
      forest(c, valley, '#1f2d2a', 70, 16);
      land(c, ridge(c, c.h * 1.01, 30, { scale: 0.5 }), '#e8eef2');
      vignette(c, 0.18);
    },
  },
  {
    name: 'needles-sunset.jpg',
    ...TALL,
    alt: 'Tall sea stacks in silhouette against an orange and purple sunset, the sun half-way down the sky and its light on the sea',
    draw(c) {
      const horizon = c.h * 0.66;
      sky(c, [
        [0, '#2f2550'],
        [0.45, '#9a4c6e'],
        [0.8, '#ef8d54'],
        [1, '#f9c071'],
      ]);
      clouds(c, 6, c.h * 0.15, c.h * 0.4, '#d77a78', 0.45);
      sun(c, c.w * 0.5, c.h * 0.55, 48, '#fff1c7', '#ffb469', 6, 0.7);
      sea(c, horizon, '#c27a60', '#1c1630', '#f3b073', 0.2);
      glitter(c, c.w * 0.5, horizon, '#ffd08e', 0.5, 180);
      stack(c, c.w * 0.22, horizon + 60, 140, 520, '#1b1424');
      stack(c, c.w * 0.78, horizon + 30, 110, 360, '#2a1d33');
      stack(c, c.w * 0.62, horizon + 12, 50, 150, '#3d2942');
      birds(c, 4, c.w * 0.6, c.h * 0.3, 140, '#2a1d33', 10);
      vignette(c, 0.3);
    },
  },
  {
    name: 'moor-standing-stone.jpg',
    ...TALL,
    alt: 'A tall standing stone on the open moor at twilight, a thin crescent moon above it in a sky fading from teal to amber',
    draw(c) {
      sky(c, [
        [0, '#1b3544'],
        [0.32, '#44697a'],
        [0.47, '#b09a7f'],
        [0.56, '#e6ba84'],
      ]);
      stars(c, 60, c.h * 0.4);
      // A crescent: the glow whole, the disc less a circle cut from it.
      const mask = c.id('crescent');
      const mx = c.w * 0.7;
      const my = c.h * 0.3;
      c.defs.push(
        `<mask id="${mask}"><rect width="${c.w}" height="${c.h}" fill="#fff"/><circle cx="${f1(mx + 16)}" cy="${f1(my - 8)}" r="36" fill="#000"/></mask>`,
      );
      sun(c, mx, my, 38, 'none', '#e8e2c8', 3, 0.18);
      c.add(`<circle cx="${f1(mx)}" cy="${f1(my)}" r="38" fill="#f6efd8" mask="url(#${mask})"/>`);
      // The scene sits in the middle band, so a gallery cropping the picture to 4:3 keeps the moon and the stone.
      const ridges = layeredHills(c, 3, c.h * 0.56, c.h * 0.68, '#7b6a6e', '#2b2026', 110, { scale: 0.7 });
      const near = ridges[2]!;
      const x = c.w * 0.46;
      const foot = near.y(x) + 120;
      c.add(
        `<path d="M${f1(x - 70)} ${f1(foot)} L${f1(x - 62)} ${f1(foot - 300)} L${f1(x - 30)} ${f1(foot - 410)} L${f1(x + 22)} ${f1(foot - 428)} L${f1(x + 58)} ${f1(foot - 330)} L${f1(x + 76)} ${f1(foot)} Z" fill="#1a1418"/>`,
      );
      for (const [dx, hgt] of [
        [-300, 90],
        [260, 120],
        [380, 70],
      ] as const) {
        const sx = x + dx;
        const sy = near.y(sx) + 90;
        c.add(
          `<path d="M${f1(sx - 22)} ${f1(sy)} L${f1(sx - 16)} ${f1(sy - hgt)} L${f1(sx + 14)} ${f1(sy - hgt * 0.94)} L${f1(sx + 22)} ${f1(sy)} Z" fill="#221a1f"/>`,
        );
      }
      // The moor in front rises over the stones' feet.
      land(c, ridge(c, c.h * 0.72, 24, { scale: 0.9, detail: 2 }), '#2b2026');
      // A sheep track up to the stone, and tufts of moor grass.
      c.add(
        `<path d="M${f1(x - 10)} ${f1(c.h * 0.71)} C${f1(x - 60)} ${f1(c.h * 0.8)} ${f1(x + 160)} ${f1(c.h * 0.86)} ${f1(x + 40)} ${c.h + 10} L${f1(x + 200)} ${c.h + 10} C${f1(x + 280)} ${f1(c.h * 0.86)} ${f1(x + 20)} ${f1(c.h * 0.8)} ${f1(x + 6)} ${f1(c.h * 0.71)} Z" fill="#3d2f36"/>`,
      );
      const { rnd } = c;
      let grass = '';
      for (let i = 0; i < 120; i++) {
        const gx = rnd() * c.w;
        const gy = c.h * (0.73 + rnd() ** 0.7 * 0.27);
        const size = 8 + ((gy - c.h * 0.73) / (c.h * 0.27)) * 40;
        for (let k = 0; k < 4; k++) {
          grass += `<path d="M${f1(gx)} ${f1(gy)} q${f1((rnd() - 0.5) * size * 0.4)} ${f1(-size * 0.5)} ${f1((rnd() - 0.5) * size)} ${f1(-size * (0.6 + rnd() * 0.5))}" stroke="#4a3a3c" stroke-width="${f1(1 + size / 20)}" fill="none"/>`;
        }
      }
      c.add(grass);
      land(c, ridge(c, c.h * 0.97, 50, { scale: 0.8, detail: 2 }), '#1a1418');
      vignette(c, 0.3);
    },
  },
  {
    name: 'birch-wood-fog.jpg',
    ...TALL,
    alt: 'Birch trunks standing in fog, the nearest pale and sharp, the furthest faint grey, over a floor of rust-coloured bracken',
    draw(c) {
      sky(c, [
        [0, '#cfd4c9'],
        [1, '#aeb6a6'],
      ]);
      const { rnd } = c;
      for (let i = 0; i < 4; i++) {
        const x = c.w * (0.1 + i * 0.25 + rnd() * 0.1);
        c.add(`<path d="M${f1(x)} 0 L${f1(x + 90)} 0 L${f1(x + 420)} ${c.h} L${f1(x + 200)} ${c.h} Z" fill="#fbf8ea" opacity="0.16"/>`);
      }
      const depths = [0.1, 0.3, 0.5, 0.75, 1];
      for (const depth of depths) {
        const bark = mix('#bfc6b8', '#f1eee4', depth);
        const mark = mix('#a9b0a2', '#24221f', depth);
        const ground = c.h * (0.74 + depth * 0.12);
        const count = Math.round(9 - depth * 5);
        for (let i = 0; i < count; i++) {
          const x = rnd() * c.w;
          const width = (5 + depth * 40) * (0.7 + rnd() * 0.6);
          const lean = (rnd() - 0.5) * width * 1.5;
          let out = `<path d="M${f1(x)} ${f1(ground + 6)} L${f1(x + lean)} -10 L${f1(x + lean + width * 0.75)} -10 L${f1(x + width)} ${f1(ground + 6)} Z" fill="${bark}"/>`;
          for (let j = 0; j < 26; j++) {
            const y = rnd() * ground;
            const along = lean * (1 - y / ground);
            out += `<rect x="${f1(x + along + rnd() * width * 0.4)}" y="${f1(y)}" width="${f1(width * (0.2 + rnd() * 0.45))}" height="${f1(1.5 + rnd() * 4 * depth)}" rx="1" fill="${mark}" opacity="0.85"/>`;
          }
          c.add(out);
        }
        land(c, ridge(c, ground + 40, 26, { scale: 1.6, detail: 3 }), mix('#b9b59f', '#7c4128', depth));
        if (depth < 1) c.add(`<rect width="${c.w}" height="${c.h}" fill="#d3d8cc" opacity="0.38"/>`);
      }
      vignette(c, 0.2);
    },
  },
  {
    name: 'low-tide-pools.jpg',
    ...SQUARE,
    alt: 'Wet sand at low tide holding pools that mirror a lilac and peach sky, the sea a thin line on the horizon',
    draw(c) {
      const horizon = c.h * 0.42;
      sky(c, [
        [0, '#8d8fb4'],
        [0.7, '#e3b9b4'],
        [1, '#f4d3b3'],
      ]);
      clouds(c, 5, c.h * 0.08, c.h * 0.3, '#f2c7bd', 0.5);
      c.add(`<rect x="0" y="${f1(horizon)}" width="${c.w}" height="14" fill="#a7a4bf"/>`);
      c.add(
        `<rect x="0" y="${f1(horizon + 14)}" width="${c.w}" height="${f1(c.h - horizon)}" fill="${c.vertical([
          [0, '#b9a592'],
          [1, '#6f5a48'],
        ])}"/>`,
      );
      const pool = c.vertical([
        [0, '#f4d3b3'],
        [1, '#9d9cc0'],
      ]);
      const { rnd } = c;
      for (let i = 0; i < 9; i++) {
        const t = i / 8;
        const y = horizon + 40 + t * t * (c.h - horizon - 90);
        const rx = 90 + t * 260 + rnd() * 80;
        const ry = 6 + t * 46;
        const cx = rnd() * c.w;
        // An irregular pool: points round an ellipse, each pushed in or out a little, joined smoothly.
        const rim: Point[] = Array.from({ length: 13 }, (_, k) => {
          const angle = (k / 12) * Math.PI * 2;
          const wobble = 0.8 + rnd() * 0.35;
          return [cx + Math.cos(angle) * rx * wobble, y + Math.sin(angle) * ry * wobble];
        });
        rim[12] = rim[0]!;
        c.add(`<path d="${smooth(rim)} Z" fill="${pool}" opacity="0.95"/>`);
      }
      glitter(c, c.w * 0.55, horizon + 14, '#fff0dc', 0.15, 50);
      vignette(c, 0.25);
    },
  },
  {
    name: 'dune-grass-noon.jpg',
    ...SQUARE,
    alt: 'Sand dunes tufted with marram grass under a bright blue sky, a strip of turquoise sea beyond',
    draw(c) {
      const horizon = c.h * 0.46;
      sky(c, [
        [0, '#7fa8c8'],
        [1, '#dbe9f0'],
      ]);
      clouds(c, 4, c.h * 0.1, c.h * 0.3, '#ffffff', 0.75);
      sea(c, horizon, '#7cb6b8', '#5d9aa3', '#e9f4f2', 0.35);
      const ridges = layeredHills(c, 3, c.h * 0.58, c.h * 0.9, '#e7d6b3', '#b89766', 200, { scale: 0.6 });
      const { rnd } = c;
      ridges.forEach((r, i) => {
        let grass = '';
        const size = 30 + i * 30;
        for (let x = rnd() * 40; x < c.w; x += 18 + rnd() * 50) {
          const y = r.y(x) + 6;
          for (let k = 0; k < 7; k++) {
            const lean = (rnd() - 0.4) * size * 0.8;
            grass += `<path d="M${f1(x)} ${f1(y)} q${f1(lean * 0.3)} ${f1(-size * 0.5)} ${f1(lean)} ${f1(-size * (0.7 + rnd() * 0.5))}" stroke="${mix('#9aa072', '#556b3a', i / 2)}" stroke-width="${f1(1 + i)}" fill="none"/>`;
          }
        }
        c.add(grass);
      });
      vignette(c, 0.15);
    },
  },
  {
    name: 'nora-halloway.jpg',
    w: 1000,
    h: 1250,
    alt: 'An illustrated portrait of Nora Halloway: a woman with a dark shoulder-length bob and a mustard scarf, holding a camera in front of a charcoal coat',
    draw(c) {
      sky(c, [
        [0, '#d8d3cb'],
        [1, '#a39d94'],
      ]);
      c.add(
        `<circle cx="260" cy="260" r="620" fill="${c.radial([
          [0, '#fbf7ef', 0.75],
          [1, '#fbf7ef', 0],
        ])}"/>`,
      );
      const skin = c.horizontal([
        [0, '#e8c0a2'],
        [0.55, '#d4a687'],
        [1, '#b3846a'],
      ]);
      c.add(
        // hair behind the head
        `<path d="M335 560 C320 380 420 318 505 318 C600 318 690 380 675 560 L690 790 C650 820 600 815 570 790 L430 790 C400 815 350 820 312 790 Z" fill="#3a2a22"/>`,
        // neck, coat and scarf
        `<rect x="452" y="700" width="96" height="190" fill="#c49478"/>`,
        `<path d="M110 1250 C130 1010 250 905 400 872 L600 872 C750 905 870 1010 890 1250 Z" fill="#2e2c2b"/>`,
        `<path d="M400 872 L500 1000 L600 872 Z" fill="#4a4643"/>`,
        `<path d="M405 842 C450 905 550 905 595 842 L615 880 C560 960 440 960 385 880 Z" fill="#b88a3c"/>`,
        `<path d="M560 900 L600 1060 L548 1066 L530 920 Z" fill="#a57a33"/>`,
        // head, ear and the light on the face
        `<ellipse cx="640" cy="590" rx="22" ry="40" fill="#b3846a"/>`,
        `<ellipse cx="500" cy="565" rx="142" ry="182" fill="${skin}"/>`,
        // fringe and crown
        `<path d="M350 560 C340 400 430 352 505 352 C595 352 668 408 655 560 C640 470 590 430 520 438 C450 444 395 480 350 560 Z" fill="#3a2a22"/>`,
        // a calm face: closed eyes, the brows and a small smile, drawn in a few lines
        `<path d="M432 575 q22 12 44 0 M528 575 q22 12 44 0" stroke="#5a3d2e" stroke-width="5" fill="none" stroke-linecap="round"/>`,
        `<path d="M428 545 q24 -12 50 -2 M526 543 q26 -10 50 2" stroke="#3a2a22" stroke-width="7" fill="none" stroke-linecap="round"/>`,
        `<path d="M500 590 q-8 40 4 52" stroke="#b07d62" stroke-width="5" fill="none" stroke-linecap="round"/>`,
        `<path d="M468 676 q34 20 68 0" stroke="#8d4f45" stroke-width="6" fill="none" stroke-linecap="round"/>`,
        // the camera, held in both hands, and its strap
        `<path d="M430 880 L380 1000 M570 880 L620 1000" stroke="#1b1a1a" stroke-width="10"/>`,
        `<rect x="350" y="990" width="300" height="170" rx="18" fill="#1d1c1c"/>`,
        `<rect x="455" y="958" width="90" height="40" rx="8" fill="#1d1c1c"/>`,
        `<rect x="360" y="1000" width="280" height="22" fill="#3a3836"/>`,
        `<circle cx="500" cy="1078" r="66" fill="#3b3b3d"/><circle cx="500" cy="1078" r="48" fill="#0f0f12"/><circle cx="486" cy="1062" r="12" fill="#8fa3c0" opacity="0.6"/>`,
        `<rect x="588" y="1010" width="34" height="14" rx="4" fill="#c8c4bc"/>`,
        // the hands round the camera's ends, fingers over its top
        `<path d="M352 1010 q-40 10 -42 80 q2 62 46 70 z" fill="#c99a7d"/><path d="M648 1010 q40 10 42 80 q-2 62 -46 70 z" fill="#b98a70"/>`,
        `<rect x="352" y="996" width="54" height="22" rx="11" fill="#d0a284"/><rect x="594" y="996" width="54" height="22" rx="11" fill="#c0917a"/>`,
      );
      vignette(c, 0.2);
    },
  },
];

type SiteFile = { name: string; contentType: string; width: number; height: number; alt: string; data: string };

async function drawPictures(): Promise<SiteFile[]> {
  const files: SiteFile[] = [];
  for (const [i, picture] of PICTURES.entries()) {
    const canvas = new Canvas(picture.w, picture.h, random(2026 + i * 101));
    picture.draw(canvas);
    const jpeg = await sharp(Buffer.from(canvas.svg())).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    files.push({ name: picture.name, contentType: 'image/jpeg', width: picture.w, height: picture.h, alt: picture.alt, data: jpeg.toString('base64') });
  }
  return files;
}

/* ---------- the document ---------- */

/** A stable 24-hex id from a name, so each run writes the same ids. */
const hexId = (name: string) => createHash('sha256').update(`portfolio/${name}`).digest('hex').slice(0, 24);

type Inline = { type: 'text'; text: string; marks?: unknown[] } | { type: 'hardBreak' };
type Rich = Record<string, unknown>;
type Area = { x: number; y: number; w: number; h: number };
type Block = { id: string; type: number; data: Record<string, unknown>; layout: { desktop: Area } };

const t = (text: string): Inline => ({ type: 'text', text });
const a = (text: string, href: string): Inline => ({ type: 'text', text, marks: [{ type: 'link', attrs: { href, target: null } }] });
const b = (text: string): Inline => ({ type: 'text', text, marks: [{ type: 'bold' }] });
const br = (): Inline => ({ type: 'hardBreak' });
const inline = (parts: (string | Inline)[]) => parts.map((part) => (typeof part === 'string' ? t(part) : part));
const h = (level: 1 | 2 | 3 | 4, text: string, align: 'center' | null = null): Rich => ({
  type: 'heading',
  attrs: { textAlign: align, level },
  content: [t(text)],
});
const p = (...parts: (string | Inline)[]): Rich => ({ type: 'paragraph', attrs: { textAlign: null }, content: inline(parts) });
const list = (...items: string[]): Rich => ({ type: 'bulletList', content: items.map((item) => ({ type: 'listItem', content: [p(item)] })) });
const quote = (...content: Rich[]): Rich => ({ type: 'blockquote', content });

const text = (key: string, at: Area, ...content: Rich[]): Block => ({
  id: hexId(key),
  type: BLOCK_TYPES.HTML,
  data: { text: { type: 'doc', content } },
  layout: { desktop: at },
});
const button = (key: string, at: Area, buttonText: string, clickthroughUrl: string, more: Record<string, unknown> = {}): Block => ({
  id: hexId(key),
  type: BLOCK_TYPES.BUTTON,
  data: { buttonText, clickthroughUrl, ...more },
  layout: { desktop: at },
});
const image = (key: string, at: Area, file: string, more: Record<string, unknown> = {}): Block => ({
  id: hexId(key),
  type: BLOCK_TYPES.IMAGE,
  data: { src: `/s/${file}`, alt: altOf(file), ...more },
  layout: { desktop: at },
});

function altOf(file: string): string {
  const found = PICTURES.find((pic) => pic.name === file);
  if (!found) throw new Error(`no picture ${file}`);
  return found.alt;
}

/** Each picture's title and the line under it, as the galleries and the lightbox show them. */
const CAPTIONS: Record<string, [title: string, description: string]> = {
  'saltmere-bay-dawn.jpg': ['Saltmere Bay, dawn', 'Five minutes after sunrise in late March, from the end of the harbour wall.'],
  'black-head-dusk.jpg': ['Black Head at dusk', 'The cliffs turn violet for about ten minutes after the sun has gone.'],
  'carrow-fell-mist.jpg': ['Mist on Carrow Fell', 'An inversion morning in October: the valleys full, the tops clear.'],
  'lake-orrin-moonrise.jpg': ['Moonrise, Lake Orrin', 'A four-minute exposure on a still night in January.'],
  'hollin-farm-evening.jpg': ['Evening at Hollin Farm', 'The ash tree on the top field, the longest day of the year.'],
  'winter-estuary.jpg': ['Winter estuary', 'Low water on the Kell, with the curlews coming in.'],
  'point-arne-light.jpg': ['Point Arne light', 'Blue hour, the lamp just lit for the night.'],
  'storm-over-the-point.jpg': ['Squall over the Point', 'Rain coming in off the sea, and one gap in the cloud.'],
  'kelder-valley-autumn.jpg': ['Kelder Valley in autumn', 'The beeches turn a week before the oaks.'],
  'high-fells-snow.jpg': ['The high fells after snow', 'A clear morning after two days of snow on the tops.'],
  'needles-sunset.jpg': ['The Needles at sunset', 'From the coast path above Gull Cove, in June.'],
  'moor-standing-stone.jpg': ['The Long Stone, Harrow Moor', 'Twilight on the moor above Kelderby, the new moon just out.'],
  'birch-wood-fog.jpg': ['Birch wood in fog', 'Tarn Wood, half an hour before the fog lifted.'],
  'low-tide-pools.jpg': ['Low tide, Saltmere sands', 'The pools hold the sky for an hour either side of low water.'],
  'dune-grass-noon.jpg': ['Dunes at Marram Point', 'Midday in August, the one time I photograph in full sun.'],
};

function slides(files: string[], withDescriptions = true) {
  return files.map((file) => {
    const [title, description] = CAPTIONS[file] ?? ['', ''];
    return { src: `/s/${file}`, alt: altOf(file), title, ...(withDescriptions ? { description } : {}) };
  });
}

const gallery = (key: string, at: Area, files: string[], settings: Record<string, unknown>, withDescriptions = true): Block => ({
  id: hexId(key),
  type: BLOCK_TYPES.GALLERY,
  data: { images: slides(files, withDescriptions), lightbox: true, ...settings },
  layout: { desktop: at },
});

type Section = { id: string; theme: 'white' | 'light' | 'dark' | 'accent'; blocks: Block[] };
const section = (key: string, theme: Section['theme'], blocks: Block[]): Section => ({ id: hexId(key), theme, blocks });
const page = (key: string, path: string, title: string, description: string, sections: Section[]) => ({
  id: hexId(key),
  pageType: 2,
  path,
  title,
  status: 1,
  seo: { description },
  sections,
});

const CONTACT = {
  email: 'studio@norahalloway.example',
  phone: '01632 960418',
  tel: 'tel:+441632960418',
  address: 'The Old Net Loft, 4 Quayside Lane, Saltmere',
};

const HOME_SLIDES = ['saltmere-bay-dawn.jpg', 'black-head-dusk.jpg', 'carrow-fell-mist.jpg', 'lake-orrin-moonrise.jpg', 'hollin-farm-evening.jpg'];
const RECENT = ['point-arne-light.jpg', 'kelder-valley-autumn.jpg', 'winter-estuary.jpg', 'dune-grass-noon.jpg', 'high-fells-snow.jpg', 'low-tide-pools.jpg'];
const COAST = ['black-head-dusk.jpg', 'point-arne-light.jpg', 'storm-over-the-point.jpg', 'saltmere-bay-dawn.jpg', 'winter-estuary.jpg'];
const HILLS = [
  'carrow-fell-mist.jpg',
  'high-fells-snow.jpg',
  'moor-standing-stone.jpg',
  'kelder-valley-autumn.jpg',
  'hollin-farm-evening.jpg',
  'lake-orrin-moonrise.jpg',
];
const NOTES = ['needles-sunset.jpg', 'birch-wood-fog.jpg', 'low-tide-pools.jpg', 'dune-grass-noon.jpg'];

const home = page(
  'page-home',
  '/',
  'Home',
  'Landscape photographs of the north coast and the fells behind it by Nora Halloway, from her studio on Saltmere harbour.',
  [
    section('home-slideshow', 'dark', [
      gallery(
        'home-slideshow-gallery',
        { x: 0, y: 0, w: 24, h: 30 },
        HOME_SLIDES,
        { design: 'slideshow', autoplay: true, 'autoplay-duration': 6, loop: true, vSize: 52, 'meta-position': 'bottom-left' },
        false,
      ),
    ]),
    section('home-intro', 'white', [
      text('home-intro-heading', { x: 0, y: 0, w: 10, h: 9 }, h(1, 'Photographs of the north coast and the hills behind it')),
      text(
        'home-intro-text',
        { x: 12, y: 0, w: 12, h: 9 },
        p(
          'I am Nora Halloway, a landscape photographer working from a net loft on Saltmere harbour. For twelve years I have walked the same forty miles of coast and fell in every season, waiting for the few minutes when the light does something worth keeping.',
        ),
        p(
          'My pictures hang in homes, hotels and hospitals across the region, and appear in the books and magazines that write about these places. ',
          a('More about me', '/about'),
          '.',
        ),
      ),
      button('home-intro-work', { x: 12, y: 9, w: 6, h: 2 }, 'See the work', '/work'),
    ]),
    section('home-recent', 'light', [
      text(
        'home-recent-heading',
        { x: 0, y: 0, w: 16, h: 4 },
        h(2, 'Recent work'),
        p('New pictures from the last winter and spring. Choose one to see it large.'),
      ),
      gallery('home-recent-gallery', { x: 0, y: 4, w: 24, h: 26 }, RECENT, { design: 'grid', slidesPerRow: 3, imageAspectRatio: '3:2', gutter: 24 }, false),
      button('home-recent-all', { x: 8, y: 31, w: 8, h: 2 }, 'See all the work', '/work', { style: 'secondary', alignment: 'center' }),
    ]),
    section('home-quote', 'white', [
      text(
        'home-quote-text',
        { x: 4, y: 0, w: 16, h: 5 },
        quote(
          p('“Halloway’s pictures make you stand still, the way the coast itself does on a cold, clear morning.”'),
          p('Coast & Country Review, spring 2024'),
        ),
      ),
    ]),
    section('home-prints', 'dark', [
      text(
        'home-prints-text',
        { x: 0, y: 0, w: 14, h: 8 },
        h(2, 'Prints and commissions'),
        p(
          'Every photograph here is available as a signed print on cotton rag paper, in three sizes and editions of twenty-five. I also take commissions for hotels, offices and publishers, and license pictures for editorial use.',
        ),
      ),
      button('home-prints-contact', { x: 17, y: 3, w: 7, h: 2 }, 'Ask about a print', '/contact', { size: 'large' }),
    ]),
  ],
);

const work = page(
  'page-work',
  '/work',
  'Work',
  'Three bodies of landscape work by Nora Halloway: the coast, the high ground inland, and field notes from long walks.',
  [
    // The slideshow is in the first section, so its first picture loads at once, not when the page's scripts ask for it.
    section('work-coast', 'dark', [
      text(
        'work-intro-text',
        { x: 0, y: 0, w: 15, h: 7 },
        h(1, 'Work'),
        p('Three bodies of work from the last four years. Choose any picture to see it large, with its story; every one is available as a print.'),
      ),
      text(
        'work-coast-text',
        { x: 0, y: 8, w: 15, h: 5 },
        h(2, 'The coast'),
        p('Bays, headlands and the light over the water between Black Head and Point Arne, 2021 to 2025.'),
      ),
      gallery(
        'work-coast-gallery',
        { x: 0, y: 13, w: 24, h: 36 },
        COAST,
        {
          design: 'slideshow',
          thumbnails: true,
          'thumbnails-per-row': 5,
          'thumbnail-strip-height': 90,
          loop: true,
          vSize: 56.25,
          'meta-position': 'bottom-left',
        },
        false,
      ),
    ]),
    section('work-hills', 'white', [
      text(
        'work-hills-text',
        { x: 0, y: 0, w: 15, h: 6 },
        h(2, 'Hills and high ground'),
        p('Inland, where the fells hold the weather: mist in the valleys, snow on the tops, and long summer evenings on the farms below.'),
      ),
      gallery('work-hills-gallery', { x: 0, y: 6, w: 24, h: 28 }, HILLS, { design: 'grid', slidesPerRow: 3, imageAspectRatio: '4:3', gutter: 28 }),
    ]),
    section('work-notes', 'light', [
      text(
        'work-notes-text',
        { x: 0, y: 0, w: 15, h: 6 },
        h(2, 'Field notes'),
        p('Pictures from long walks that belong to no series: sea stacks at sunset, a wood in fog, pools at low tide, the dunes at noon.'),
      ),
      gallery('work-notes-gallery', { x: 0, y: 6, w: 24, h: 38 }, NOTES, { design: 'autocolumns', columnWidth: 340, gutter: 20 }, false),
    ]),
    section('work-prints', 'white', [
      text(
        'work-prints-text',
        { x: 0, y: 0, w: 14, h: 6 },
        h(2, 'See one you would like on your wall?'),
        p('Prints come in three sizes, signed and numbered, and are made in the studio on cotton rag paper.'),
      ),
      button('work-prints-contact', { x: 17, y: 2, w: 7, h: 2 }, 'Ask about a print', '/contact'),
    ]),
  ],
);

const about = page(
  'page-about',
  '/about',
  'About',
  'Nora Halloway, landscape photographer: her story, how she works, and the publications and clients she has worked with.',
  [
    section('about-bio', 'white', [
      image('about-portrait', { x: 0, y: 0, w: 10, h: 26 }, 'nora-halloway.jpg'),
      text(
        'about-bio-text',
        { x: 12, y: 0, w: 12, h: 26 },
        h(1, 'About Nora'),
        p(
          'I grew up in Saltmere, the daughter of a lobster fisherman, and learned to read the weather before I could read a book. I bought my first camera with a summer’s wages from the fish market and have been walking the coast with one ever since.',
        ),
        p(
          'After studying photography in Leeds and eight years assisting commercial photographers in London, I came home in 2013 and set up a studio in the old net loft on Quayside Lane. Today I photograph landscapes for myself, for publishers, and for places that want their walls to look out at the coast.',
        ),
        p(
          'I work slowly, with a large-format film camera for the prints and a digital one for commissions, and I go back to the same places again and again. Most of the pictures on this site took more than one attempt; the Black Head cliffs took eleven.',
        ),
      ),
    ]),
    section('about-credits', 'light', [
      text('about-credits-heading', { x: 0, y: 0, w: 16, h: 4 }, h(2, 'Clients and publications')),
      text(
        'about-publications',
        { x: 0, y: 4, w: 8, h: 11 },
        h(3, 'Publications'),
        list(
          'Forty Miles of Coast, a book of photographs (Tidewater Books, 2022)',
          'Coast & Country Review: portfolio feature, 2024',
          'The Northern Walker: cover and twelve-page essay, 2023',
          'Field & Shore Quarterly: contributor since 2019',
        ),
      ),
      text(
        'about-clients',
        { x: 8, y: 4, w: 8, h: 11 },
        h(3, 'Clients'),
        list(
          'Saltmere Harbour Trust',
          'The Anchorage Hotel, Port Carrow',
          'Fellside Hospice, permanent collection',
          'North Coast Walking Festival',
          'Kelder Valley Tourism Partnership',
        ),
      ),
      text(
        'about-exhibitions',
        { x: 16, y: 4, w: 8, h: 11 },
        h(3, 'Exhibitions'),
        list('Tide Lines: Harbour Gallery, Saltmere, 2025', 'First Light: Mill Arts Centre, Kelderby, 2023', 'Open Studios at the Net Loft: every August'),
      ),
    ]),
    section('about-workshops', 'white', [
      text(
        'about-workshops-text',
        { x: 0, y: 0, w: 14, h: 7 },
        h(2, 'Dawn workshops'),
        p(
          'Twice a year I lead small workshops on the coast path: four people, two mornings before sunrise, and a long breakfast at the loft afterwards to look at what we made. Any camera is welcome, including the one in your pocket.',
        ),
      ),
      button('about-workshops-contact', { x: 17, y: 2, w: 7, h: 2 }, 'Ask for dates', '/contact'),
    ]),
  ],
);

const contact = page(
  'page-contact',
  '/contact',
  'Contact',
  'Write to Nora Halloway about prints, commissions, licensing and workshop places, or visit the studio on Saltmere harbour.',
  [
    section('contact-main', 'white', [
      text(
        'contact-text',
        { x: 0, y: 0, w: 9, h: 24 },
        h(1, 'Contact'),
        p(
          'For prints, commissions, licensing and workshop places, write to me here or by email. I answer within three working days, from the studio or from a hillside.',
        ),
        p(b('Email and phone'), br(), a(CONTACT.email, `mailto:${CONTACT.email}`), br(), a(CONTACT.phone, CONTACT.tel)),
        p(b('The studio'), br(), 'The Old Net Loft', br(), '4 Quayside Lane', br(), 'Saltmere'),
        p('Visits by appointment, Thursday to Saturday, 10:00 to 16:00. Prints can be seen and collected at the loft.'),
      ),
      {
        id: hexId('contact-form'),
        type: BLOCK_TYPES.FORM,
        data: {
          formId: hexId('contact-form-id'),
          title: 'Send a message',
          fields: [
            { id: 'name', type: 'text', label: 'Name', required: true, asks: 'name' },
            { id: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@example.com' },
            {
              id: 'about',
              type: 'select',
              label: 'What is it about?',
              required: true,
              options: ['A print', 'A commission', 'Licensing a picture', 'A workshop place', 'Something else'],
            },
            {
              id: 'message',
              type: 'textarea',
              label: 'Message',
              required: true,
              placeholder: 'Which picture, what size, where it will hang…',
            },
          ],
          settings: {
            submitButtonText: 'Send message',
            captcha: true,
            notifyEmails: [CONTACT.email],
            submissionHtml: '<p>Thank you for writing. I will answer within three working days.</p>',
            disclaimerHtml: '<p>Your message is kept only to answer it.</p>',
          },
        },
        layout: { desktop: { x: 11, y: 0, w: 13, h: 30 } },
      },
    ]),
  ],
);

function design(): Design {
  const seed = '#3a3733';
  const base = withPalette(DEFAULT_DESIGN, { mode: 'Presets', preset: 'Monochrome', seed, swatches: paletteFromPreset('Monochrome', seed) });
  return {
    ...base,
    fonts: { heading: { family: 'eb-garamond', weight: 400 }, body: { family: 'figtree', weight: 400 }, button: { family: 'figtree', weight: 500 } },
    type: { desktop: { baseSizePx: 17, ratio: 1.33 }, phone: { baseSizePx: 16, ratio: 1.22 } },
    spacing: { sectionPaddingPx: 96, blockGapPx: 16, contentWidthPx: 1240 },
    buttons: { shape: 'square', style: 'outline', size: 'medium' },
    animation: 'none',
    stickyHeader: false,
  };
}

async function main() {
  const files = await drawPictures();
  const doc = {
    format: 'openpress.site',
    version: 6,
    settings: {
      identifier: 'portfolio',
      title: 'Nora Halloway',
      tagline: 'Landscapes and coastal light',
      description: 'Landscape photographs of the north coast and the fells behind it, from a studio on Saltmere harbour.',
      locale: 'en-GB',
      timeZone: 'Europe/London',
      websiteType: 1,
      templateVersion: '7.1',
      customDomains: [],
      socialImage: '/s/saltmere-bay-dawn.jpg',
      footerText: `${CONTACT.address} · Studio visits by appointment`,
      contact: { email: CONTACT.email, phone: CONTACT.phone, address: CONTACT.address },
      design: design(),
    },
    navigation: [
      { title: 'Work', href: '/work', newWindow: false },
      { title: 'About', href: '/about', newWindow: false },
      { title: 'Contact', href: '/contact', newWindow: false },
    ],
    header: { layout: 'left', showTagline: true },
    footer: { showNavigation: true, links: [] },
    pages: [home, work, about, contact],
    collections: [],
    redirects: [
      { from: '/portfolio', to: '/work' },
      { from: '/prints', to: '/contact' },
    ],
    files,
  };
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(`the document does not load:\n${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('\n')}`);
  mkdirSync(path.dirname(OUT), { recursive: true });
  const json = `${JSON.stringify(doc, null, 1)}\n`;
  writeFileSync(OUT, json);
  const sizes = files.map((f) => `${f.name} ${Math.round((f.data.length * 3) / 4 / 1024)} KB`);
  console.log(`${sizes.join('\n')}\nsites/portfolio/site.json: ${Math.round(Buffer.byteLength(json) / 1024)} KB, ${files.length} pictures`);
}

await main();
