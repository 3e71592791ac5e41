/**
 * The Restaurant template (sites/restaurant/site.json): Fig & Fennel, a neighbourhood kitchen
 * cooking over wood in the fictional market town of Kestlebury. This script is the document's
 * source: it draws every picture as an SVG (flat shapes on soft gradients in the restaurant's
 * terracotta, wine and olive, a seeded generator placing herbs, grain and crumbs, so each run gives
 * the same bytes), makes each a modest JPEG with sharp, and writes the whole site document, the
 * pictures inside it as files. Run: `npx tsx scripts/templates/restaurant.ts`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { projectPath } from '../../src/db/project-root';
import { BLOCK_TYPES } from '../../src/domain/block-types';
import { paletteFromPreset } from '../../src/domain/palette-generator';
import { DEFAULT_DESIGN, type ColorTheme, type Design, PALETTE_COLOR_THEMES, withPalette } from '../../src/document/design';
import { SITE_DOCUMENT_FORMAT, SITE_DOCUMENT_VERSION } from '../../src/document/schema';

/* ---------------------------------------------------------------- the pictures */

const QUALITY = 60;

/** The kitchen's colours: the walls, the table, the food. */
const C = {
  terracotta: '#b65a3a',
  terracottaDark: '#8e4026',
  wine: '#4f1724',
  wineDeep: '#33101a',
  sand: '#f1e6cf',
  cream: '#faf4e8',
  plaster: '#e8d6bb',
  olive: '#6f7a3c',
  oliveDark: '#4a5326',
  oliveLight: '#97a35a',
  basil: '#3f6b2f',
  charcoal: '#2a1d1a',
  wood: '#8a5a3b',
  woodLight: '#b07b52',
  woodDark: '#5e3a25',
  linen: '#ece1cc',
  tomato: '#c23b22',
  lemon: '#eec64b',
  fig: '#5b2a4a',
  figFlesh: '#d9687a',
  pasta: '#ecc978',
  crust: '#c98a44',
  steel: '#c9c6c0',
  steelDark: '#8f8b84',
  copper: '#c27542',
  dusk: '#2b3550',
  duskLight: '#54618a',
  glow: '#ffd38a',
} as const;

/** A seeded generator, so the same pictures come out each run and the document only changes when the drawing does. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
type Rnd = () => number;
const between = (rnd: Rnd, lo: number, hi: number) => lo + rnd() * (hi - lo);
const f = (n: number) => n.toFixed(1);

/** Gradients every picture may use, by id. */
const DEFS = `
<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.woodLight}"/><stop offset="1" stop-color="${C.wood}"/></linearGradient>
<linearGradient id="linen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f3ead8"/><stop offset="1" stop-color="#e2d3b8"/></linearGradient>
<radialGradient id="plate" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#fffdf8"/><stop offset="1" stop-color="#e9e1d2"/></radialGradient>
<radialGradient id="plateTerracotta" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#d37a55"/><stop offset="1" stop-color="${C.terracottaDark}"/></radialGradient>
<radialGradient id="plateOlive" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#8d9a55"/><stop offset="1" stop-color="${C.oliveDark}"/></radialGradient>
<radialGradient id="burrata" cx="0.4" cy="0.35" r="0.65"><stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="#f4eedf"/><stop offset="1" stop-color="#dcd2bd"/></radialGradient>
<radialGradient id="fire" cx="0.5" cy="0.85" r="0.8"><stop offset="0" stop-color="#fff1b8"/><stop offset="0.35" stop-color="#ffb347"/><stop offset="0.7" stop-color="#e0552a"/><stop offset="1" stop-color="#3a120c"/></radialGradient>
<radialGradient id="lamp" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${C.glow}" stop-opacity="0.85"/><stop offset="1" stop-color="${C.glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="oil" cx="0.45" cy="0.4" r="0.6"><stop offset="0" stop-color="#e3c653"/><stop offset="1" stop-color="#9c8a25"/></radialGradient>
<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.dusk}"/><stop offset="1" stop-color="#b0776b"/></linearGradient>
<linearGradient id="window" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f2740"/><stop offset="1" stop-color="#6a6f8f"/></linearGradient>
<linearGradient id="warmRoom" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffdca0"/><stop offset="1" stop-color="#d98b4e"/></linearGradient>
<linearGradient id="steel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e3e1dc"/><stop offset="1" stop-color="${C.steelDark}"/></linearGradient>
<linearGradient id="bottleGreen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2f4a2a"/><stop offset="0.4" stop-color="#4f6f3f"/><stop offset="1" stop-color="#1f3320"/></linearGradient>
<linearGradient id="bottleAmber" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5a2c14"/><stop offset="0.4" stop-color="#8e4f23"/><stop offset="1" stop-color="#3d1d0d"/></linearGradient>
<linearGradient id="bottleWine" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2a0d14"/><stop offset="0.4" stop-color="#5a1a2a"/><stop offset="1" stop-color="#1d080d"/></linearGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>`;

/* ----- seen from above: the table and what is on it */

/** A wooden table top in planks, with a little grain. */
function woodTable(w: number, h: number, rnd: Rnd, planks = 5, fill = 'url(#wood)') {
  let out = `<rect width="${w}" height="${h}" fill="${fill}"/>`;
  const ph = h / planks;
  for (let i = 1; i < planks; i++) out += `<rect x="0" y="${f(i * ph - 2)}" width="${w}" height="4" fill="${C.woodDark}" opacity="0.45"/>`;
  for (let i = 0; i < planks * 9; i++) {
    const y = rnd() * h;
    const x = rnd() * w;
    const len = between(rnd, 120, 420);
    out += `<path d="M${f(x)} ${f(y)} q${f(len / 2)} ${f(between(rnd, -8, 8))} ${f(len)} 0" fill="none" stroke="${C.woodDark}" stroke-width="${f(between(rnd, 1.5, 3.5))}" opacity="0.22"/>`;
  }
  return out;
}

/** A linen cloth laid across part of the table, its weave as faint stripes. */
function linenCloth(x: number, y: number, w: number, h: number, angle: number) {
  let stripes = '';
  for (let i = 18; i < w; i += 36) stripes += `<rect x="${x + i}" y="${y}" width="3" height="${h}" fill="${C.terracotta}" opacity="0.18"/>`;
  return `<g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})"><rect x="${x + 10}" y="${y + 14}" width="${w}" height="${h}" fill="#000" opacity="0.15" filter="url(#soft)"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#linen)"/>${stripes}<rect x="${x}" y="${y + 24}" width="${w}" height="10" fill="${C.terracotta}" opacity="0.55"/><rect x="${x}" y="${y + h - 34}" width="${w}" height="10" fill="${C.terracotta}" opacity="0.55"/></g>`;
}

/** A round plate from above with its soft shadow; `fill` names a gradient. */
function plate(cx: number, cy: number, r: number, fill = 'plate') {
  return `<circle cx="${cx + r * 0.06}" cy="${cy + r * 0.1}" r="${r}" fill="#000" opacity="0.28" filter="url(#soft)"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${fill})"/><circle cx="${cx}" cy="${cy}" r="${r * 0.74}" fill="#000" opacity="0.05"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.72}" fill="url(#${fill})"/>`;
}

/** Little leaves (basil, parsley, rocket) scattered around a point. */
function herbs(cx: number, cy: number, spread: number, count: number, rnd: Rnd, color: string = C.basil, size = 1) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = rnd() * Math.PI * 2;
    const d = Math.sqrt(rnd()) * spread;
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    const rx = between(rnd, 7, 14) * size;
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(rx * 0.45)}" fill="${color}" transform="rotate(${f(rnd() * 180)} ${f(x)} ${f(y)})"/>`;
    out += `<line x1="${f(x - rx * 0.8)}" y1="${f(y)}" x2="${f(x + rx * 0.8)}" y2="${f(y)}" stroke="#fff" stroke-width="1" opacity="0.25" transform="rotate(${f(rnd() * 180)} ${f(x)} ${f(y)})"/>`;
  }
  return out;
}

/** Small dots: black pepper, flaky salt, crumbs. */
function specks(cx: number, cy: number, spread: number, count: number, rnd: Rnd, color: string, r = 2) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = rnd() * Math.PI * 2;
    const d = Math.sqrt(rnd()) * spread;
    out += `<circle cx="${f(cx + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d)}" r="${f(r * between(rnd, 0.6, 1.3))}" fill="${color}"/>`;
  }
  return out;
}

/** Ribbons of pappardelle twirled into a nest, ragù in its folds, parmesan and basil on top. */
function pastaNest(cx: number, cy: number, r: number, rnd: Rnd) {
  let out = `<circle cx="${cx}" cy="${cy}" r="${r * 0.95}" fill="#8a2c17" opacity="0.85"/>`;
  for (let i = 0; i < 24; i++) {
    const rr = r * between(rnd, 0.15, 0.85);
    const start = rnd() * Math.PI * 2;
    const sweep = between(rnd, 1.6, 3.4);
    const x0 = cx + Math.cos(start) * rr;
    const y0 = cy + Math.sin(start) * rr;
    const x1 = cx + Math.cos(start + sweep) * rr;
    const y1 = cy + Math.sin(start + sweep) * rr;
    const arc = `M${f(x0)} ${f(y0)} A${f(rr)} ${f(rr)} 0 ${sweep > Math.PI ? 1 : 0} 1 ${f(x1)} ${f(y1)}`;
    const width = between(rnd, r * 0.11, r * 0.15);
    out += `<path d="${arc}" fill="none" stroke="#c99a45" stroke-width="${f(width + 4)}" stroke-linecap="round"/><path d="${arc}" fill="none" stroke="${i % 4 === 0 ? '#f0d28c' : C.pasta}" stroke-width="${f(width)}" stroke-linecap="round"/>`;
  }
  for (let i = 0; i < 16; i++) {
    const ang = rnd() * Math.PI * 2;
    const d = Math.sqrt(rnd()) * r * 0.8;
    out += `<ellipse cx="${f(cx + Math.cos(ang) * d)}" cy="${f(cy + Math.sin(ang) * d)}" rx="${f(between(rnd, r * 0.05, r * 0.1))}" ry="${f(between(rnd, r * 0.04, r * 0.07))}" fill="#7d2412"/>`;
  }
  out += specks(cx, cy, r * 0.55, 50, rnd, '#f6efd9', r * 0.025);
  out += herbs(cx + r * 0.1, cy - r * 0.15, r * 0.2, 3, rnd, C.basil, r / 70);
  return out;
}

/** Burrata, torn figs and blood orange, with a thread of oil. */
function burrataPlate(cx: number, cy: number, r: number, rnd: Rnd) {
  let out = herbs(cx, cy, r * 0.62, 26, rnd, '#5a8a3a', 1.4);
  for (let i = 0; i < 3; i++) {
    const a = (i / 3) * Math.PI * 2 + 0.6;
    const x = cx + Math.cos(a) * r * 0.5;
    const y = cy + Math.sin(a) * r * 0.5;
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.2)}" fill="#e2552e"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.16)}" fill="#c73a2a"/>`;
    for (let s = 0; s < 8; s++) {
      const sa = (s / 8) * Math.PI * 2;
      out += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + Math.cos(sa) * r * 0.16)}" y2="${f(y + Math.sin(sa) * r * 0.16)}" stroke="#f3a07a" stroke-width="2"/>`;
    }
  }
  for (let i = 0; i < 4; i++) {
    const a = (i / 4) * Math.PI * 2 + 0.1;
    const x = cx + Math.cos(a) * r * 0.5;
    const y = cy + Math.sin(a) * r * 0.5;
    const k = r * 0.2;
    // A halved fig: a teardrop of purple skin, its stalk outwards, the pink flesh and seeds inside.
    const half = (s: number) =>
      `M0 ${-1.25 * k * s} C${0.35 * k * s} ${-0.9 * k * s} ${k * s} ${-0.4 * k * s} ${k * s} ${0.25 * k * s} A${k * s} ${0.85 * k * s} 0 0 1 ${-k * s} ${0.25 * k * s} C${-k * s} ${-0.4 * k * s} ${-0.35 * k * s} ${-0.9 * k * s} 0 ${-1.25 * k * s} z`;
    out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f((a * 180) / Math.PI + 90)})"><path d="${half(1)}" fill="${C.fig}"/><path d="${half(0.82)}" fill="${C.figFlesh}"/><path d="${half(0.45)}" fill="#f4c2ad" transform="translate(0 ${f(k * 0.15)})"/>${specks(0, k * 0.1, k * 0.45, 14, rnd, '#7a2a3a', 1.8)}</g>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="${r * 0.34}" fill="#000" opacity="0.12" filter="url(#soft)"/><circle cx="${cx}" cy="${cy}" r="${r * 0.3}" fill="url(#burrata)"/>
  <path d="M${cx - r * 0.06} ${cy - r * 0.2} q${r * 0.06} ${-r * 0.06} ${r * 0.12} 0 q${-r * 0.06} ${r * 0.05} ${-r * 0.12} 0 z" fill="#ece4d2"/>
  <path d="M${cx - r * 0.5} ${cy + r * 0.2} c${r * 0.3} ${-r * 0.2} ${r * 0.6} ${r * 0.3} ${r * 1} ${-r * 0.05}" fill="none" stroke="#c6a52c" stroke-width="6" opacity="0.6" stroke-linecap="round"/>`;
  out += specks(cx, cy, r * 0.3, 18, rnd, '#2b2420', 2);
  return out;
}

/** A wooden board with a sourdough loaf, its slices leaning beside it. */
function breadBoard(x: number, y: number, w: number, h: number, rnd: Rnd) {
  let out = `<rect x="${x + 14}" y="${y + 20}" width="${w}" height="${h}" rx="26" fill="#000" opacity="0.3" filter="url(#soft)"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="26" fill="${C.woodLight}"/><rect x="${x + w - 10}" y="${y + h / 2 - 40}" width="70" height="80" rx="26" fill="${C.woodLight}"/>
  <circle cx="${x + w + 32}" cy="${y + h / 2}" r="13" fill="${C.wood}"/>`;
  for (let i = 0; i < 6; i++) out += `<path d="M${x + 20} ${f(y + 20 + rnd() * (h - 40))} h${f(w - 40)}" stroke="${C.wood}" stroke-width="2" opacity="0.35"/>`;
  const lx = x + w * 0.36;
  const ly = y + h / 2;
  out += `<ellipse cx="${lx}" cy="${ly}" rx="${w * 0.27}" ry="${h * 0.36}" fill="#a4652c"/><ellipse cx="${lx - 6}" cy="${ly - 6}" rx="${w * 0.25}" ry="${h * 0.32}" fill="${C.crust}"/>`;
  for (let i = 0; i < 3; i++)
    out += `<path d="M${f(lx - w * 0.16)} ${f(ly - h * 0.18 + i * h * 0.16)} q${f(w * 0.16)} ${f(-h * 0.06)} ${f(w * 0.32)} 0" fill="none" stroke="#f1d49a" stroke-width="9" stroke-linecap="round"/>`;
  out += specks(lx, ly, w * 0.2, 26, rnd, '#f6ead2', 2.2);
  for (let i = 0; i < 3; i++) {
    const sx = x + w * 0.8 + i * w * 0.055;
    const sy = ly + (i - 1) * 8;
    out += `<ellipse cx="${f(sx)}" cy="${f(sy)}" rx="${f(w * 0.075)}" ry="${f(h * 0.33)}" fill="#a4652c"/><ellipse cx="${f(sx)}" cy="${f(sy)}" rx="${f(w * 0.062)}" ry="${f(h * 0.3)}" fill="#f0dcb2"/>`;
    out += specks(sx, sy, w * 0.045, 12, rnd, '#d7bb86', 2.4);
  }
  return out;
}

/** A small bowl of olives, green and black. */
function olives(cx: number, cy: number, r: number, rnd: Rnd) {
  let out = plate(cx, cy, r, 'plateTerracotta');
  for (let i = 0; i < 14; i++) {
    const a = rnd() * Math.PI * 2;
    const d = Math.sqrt(rnd()) * r * 0.52;
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    const col = i % 3 === 0 ? '#2f2430' : i % 3 === 1 ? C.olive : C.oliveLight;
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.17)}" ry="${f(r * 0.13)}" fill="${col}" transform="rotate(${f(rnd() * 180)} ${f(x)} ${f(y)})"/><circle cx="${f(x - 4)}" cy="${f(y - 4)}" r="3" fill="#fff" opacity="0.35"/>`;
  }
  return out;
}

/** A dish of olive oil with a pool of balsamic in it. */
function oilDish(cx: number, cy: number, r: number) {
  return `${plate(cx, cy, r)}<circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="url(#oil)"/><ellipse cx="${cx + r * 0.1}" cy="${cy - r * 0.05}" rx="${r * 0.2}" ry="${r * 0.16}" fill="#3a1a10"/><circle cx="${cx - r * 0.25}" cy="${cy - r * 0.25}" r="${r * 0.08}" fill="#fff" opacity="0.35"/>`;
}

/** A wine glass from above: the foot's shadow, the bowl's rim and the wine. */
function wineGlass(cx: number, cy: number, r: number, wine = '#6d1426') {
  return `<ellipse cx="${cx + r * 0.5}" cy="${cy + r * 0.7}" rx="${r * 1.05}" ry="${r * 0.95}" fill="#000" opacity="0.18" filter="url(#soft)"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="0.18"/><circle cx="${cx}" cy="${cy}" r="${r * 0.72}" fill="${wine}" opacity="0.92"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-width="3" opacity="0.55"/><path d="M${cx - r * 0.55} ${cy - r * 0.35} a${r * 0.7} ${r * 0.7} 0 0 1 ${r * 0.5} ${-r * 0.32}" stroke="#fff" stroke-width="5" fill="none" opacity="0.5" stroke-linecap="round"/>`;
}

/** A fork or a knife, seen from above, at an angle. */
function cutlery(x: number, y: number, angle: number, kind: 'fork' | 'knife', len = 300) {
  const head =
    kind === 'fork'
      ? `<rect x="-18" y="${-len / 2}" width="36" height="70" rx="10" fill="#d9d6cf"/>${[-12, -4, 4, 12].map((dx) => `<rect x="${dx - 2}" y="${-len / 2 - 36}" width="4" height="48" rx="2" fill="#d9d6cf"/>`).join('')}`
      : `<path d="M-10 ${-len / 2 - 40} q28 40 14 140 h-14 z" fill="#dedbd4"/>`;
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-9" y="${-len / 2 + 40}" width="18" height="${len}" rx="9" fill="#000" opacity="0.2" transform="translate(8 10)" filter="url(#soft)"/>
  ${head}<rect x="-9" y="${-len / 2 + 50}" width="18" height="${len - 40}" rx="9" fill="url(#steel)"/></g>`;
}

/** A whole grilled fish on an oval platter, with lemon and herbs. */
function fishPlatter(cx: number, cy: number, w: number, rnd: Rnd) {
  const h = w * 0.5;
  let out = `<ellipse cx="${cx + 20}" cy="${cy + 30}" rx="${w / 2}" ry="${h / 2}" fill="#000" opacity="0.3" filter="url(#soft)"/>
  <ellipse cx="${cx}" cy="${cy}" rx="${w / 2}" ry="${h / 2}" fill="url(#plate)"/><ellipse cx="${cx}" cy="${cy}" rx="${w * 0.43}" ry="${h * 0.39}" fill="#efe7d8"/>`;
  const fl = w * 0.72;
  const fx = cx - fl / 2;
  out += `<path d="M${fx} ${cy} C${fx + fl * 0.2} ${cy - h * 0.38} ${fx + fl * 0.7} ${cy - h * 0.32} ${fx + fl * 0.86} ${cy} C${fx + fl * 0.7} ${cy + h * 0.32} ${fx + fl * 0.2} ${cy + h * 0.36} ${fx} ${cy} z" fill="#a7865c"/>
  <path d="M${fx + fl * 0.84} ${cy} l${fl * 0.16} ${-h * 0.2} v${h * 0.4} z" fill="#8f6d45"/>
  <path d="M${fx + fl * 0.05} ${cy + 4} C${fx + fl * 0.25} ${cy - h * 0.2} ${fx + fl * 0.65} ${cy - h * 0.2} ${fx + fl * 0.82} ${cy}" fill="none" stroke="#d9c29a" stroke-width="6" opacity="0.6"/>
  <circle cx="${fx + fl * 0.12}" cy="${cy - h * 0.05}" r="9" fill="#f3ecdc"/><circle cx="${fx + fl * 0.12}" cy="${cy - h * 0.05}" r="4" fill="#1c1614"/>`;
  for (let i = 0; i < 6; i++) {
    const x = fx + fl * (0.28 + i * 0.09);
    out += `<path d="M${f(x)} ${f(cy - h * 0.24)} l${f(fl * 0.05)} ${f(h * 0.46)}" stroke="#3a2616" stroke-width="9" stroke-linecap="round" opacity="0.75"/>`;
  }
  for (let i = 0; i < 3; i++) {
    const x = cx - w * 0.2 + i * w * 0.17;
    const y = cy + h * 0.3;
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(w * 0.06)}" fill="${C.lemon}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(w * 0.05)}" fill="#f6e18d"/>`;
    for (let s = 0; s < 8; s++) {
      const a = (s / 8) * Math.PI * 2;
      out += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + Math.cos(a) * w * 0.05)}" y2="${f(y + Math.sin(a) * w * 0.05)}" stroke="${C.lemon}" stroke-width="2"/>`;
    }
  }
  out += herbs(cx - w * 0.05, cy - h * 0.05, w * 0.2, 12, rnd, '#4e7d34', 1.3);
  out += specks(cx, cy, w * 0.3, 30, rnd, '#2b2420', 2);
  return out;
}

/** A slice of pear and almond tart with a spoon of crème fraîche. */
function tartSlice(cx: number, cy: number, r: number, rnd: Rnd) {
  const tip = { x: cx - r * 0.5, y: cy + r * 0.3 };
  const a = { x: cx + r * 0.55, y: cy - r * 0.45 };
  const b = { x: cx + r * 0.65, y: cy + r * 0.25 };
  let out = `<path d="M${tip.x} ${tip.y} L${a.x} ${a.y} Q${a.x + r * 0.2} ${(a.y + b.y) / 2} ${b.x} ${b.y} z" fill="#000" opacity="0.25" filter="url(#soft)" transform="translate(10 16)"/>
  <path d="M${tip.x} ${tip.y} L${a.x} ${a.y} Q${a.x + r * 0.2} ${(a.y + b.y) / 2} ${b.x} ${b.y} z" fill="#d9a45a"/>
  <path d="M${tip.x + 16} ${tip.y - 4} L${a.x - 6} ${a.y + 18} Q${a.x + r * 0.1} ${(a.y + b.y) / 2} ${b.x - 14} ${b.y - 6} z" fill="#ebc98a"/>
  <path d="M${a.x} ${a.y} Q${a.x + r * 0.2} ${(a.y + b.y) / 2} ${b.x} ${b.y}" fill="none" stroke="#a8672a" stroke-width="22" stroke-linecap="round"/>`;
  for (let i = 0; i < 4; i++) {
    const t = 0.3 + i * 0.16;
    const x = tip.x + (a.x - tip.x) * t + (b.x - a.x) * t * 0.5;
    const y = tip.y + (a.y - tip.y) * t + (b.y - a.y) * t * 0.5;
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.14)}" ry="${f(r * 0.06)}" fill="#f2e3a8" stroke="#c79a45" stroke-width="3" transform="rotate(-30 ${f(x)} ${f(y)})"/>`;
  }
  out += specks(cx + r * 0.1, cy - r * 0.05, r * 0.3, 20, rnd, '#f7f0dc', 3);
  out += `<ellipse cx="${cx - r * 0.3}" cy="${cy - r * 0.35}" rx="${r * 0.2}" ry="${r * 0.13}" fill="#fbf7ee"/><path d="M${cx - r * 0.42} ${cy - r * 0.36} q${r * 0.12} ${-r * 0.1} ${r * 0.22} 0" stroke="#e6dcc8" stroke-width="4" fill="none"/>`;
  out += herbs(cx - r * 0.22, cy - r * 0.42, r * 0.04, 2, rnd, '#5a8a3a', 1.2);
  return out;
}

/* ----- seen from the front: rooms */

/** A pendant lamp hanging from `top` (the ceiling) to `y`, its glow around it. */
function pendant(x: number, y: number, size: number, color: string = C.terracotta, top = 0) {
  return `<line x1="${x}" y1="${top}" x2="${x}" y2="${y}" stroke="#2a1d1a" stroke-width="3"/>
  <circle cx="${x}" cy="${y + size * 0.6}" r="${size * 2.6}" fill="url(#lamp)"/>
  <path d="M${x - size} ${y + size * 0.7} Q${x - size} ${y} ${x} ${y} Q${x + size} ${y} ${x + size} ${y + size * 0.7} z" fill="${color}"/>
  <ellipse cx="${x}" cy="${y + size * 0.7}" rx="${size}" ry="${size * 0.16}" fill="#ffe6b0"/>`;
}

/** A bistro chair from the front, bentwood. */
function chair(x: number, floor: number, s: number, color: string = C.woodDark) {
  return `<g fill="none" stroke="${color}" stroke-width="${8 * s}" stroke-linecap="round">
  <path d="M${x} ${floor} l${6 * s} ${-120 * s} M${x + 70 * s} ${floor} l${-6 * s} ${-120 * s}"/>
  <path d="M${x + 4 * s} ${floor - 120 * s} q${31 * s} ${-90 * s} ${62 * s} 0" />
  <path d="M${x + 8 * s} ${floor - 170 * s} q${27 * s} ${-20 * s} ${54 * s} 0"/></g>
  <rect x="${x - 4 * s}" y="${floor - 126 * s}" width="${78 * s}" height="${12 * s}" rx="${6 * s}" fill="${color}"/>`;
}

/** A table with a cloth, a candle and a carafe, from the front. */
function clothedTable(x: number, floor: number, w: number, s: number) {
  const top = floor - 150 * s;
  return `<rect x="${x + w * 0.45}" y="${top}" width="${w * 0.1}" height="${150 * s}" fill="${C.charcoal}"/>
  <rect x="${x + w * 0.3}" y="${floor - 8 * s}" width="${w * 0.4}" height="${8 * s}" rx="${4 * s}" fill="${C.charcoal}"/>
  <path d="M${x - 10 * s} ${top} h${w + 20 * s} v${50 * s} q${-(w + 20 * s) / 2} ${14 * s} ${-(w + 20 * s)} 0 z" fill="${C.cream}"/>
  <rect x="${x + w * 0.2}" y="${top - 36 * s}" width="${10 * s}" height="${36 * s}" fill="#f7efe0"/><circle cx="${x + w * 0.2 + 5 * s}" cy="${top - 44 * s}" r="${6 * s}" fill="${C.glow}"/>
  <circle cx="${x + w * 0.2 + 5 * s}" cy="${top - 44 * s}" r="${26 * s}" fill="url(#lamp)"/>
  <path d="M${x + w * 0.62} ${top} v${-30 * s} q0 ${-14 * s} ${10 * s} ${-22 * s} v${-16 * s} h${8 * s} v${16 * s} q${10 * s} ${8 * s} ${10 * s} ${22 * s} v${30 * s} z" fill="#7b1d2c" opacity="0.85"/>`;
}

/** A potted olive tree. */
function oliveTree(x: number, floor: number, s: number, rnd: Rnd) {
  let out = `<path d="M${x - 40 * s} ${floor - 90 * s} h${80 * s} l${-10 * s} ${90 * s} h${-60 * s} z" fill="${C.terracotta}"/><rect x="${x - 44 * s}" y="${floor - 96 * s}" width="${88 * s}" height="${14 * s}" fill="${C.terracottaDark}"/>
  <path d="M${x} ${floor - 90 * s} c${-10 * s} ${-60 * s} ${10 * s} ${-110 * s} ${-4 * s} ${-180 * s}" stroke="${C.woodDark}" stroke-width="${10 * s}" fill="none"/>`;
  for (let i = 0; i < 40; i++) {
    const lx = x + between(rnd, -80, 80) * s;
    const ly = floor - between(rnd, 190, 320) * s;
    out += `<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(16 * s)}" ry="${f(5 * s)}" fill="${i % 2 ? C.olive : C.oliveLight}" transform="rotate(${f(between(rnd, -50, 50))} ${f(lx)} ${f(ly)})"/>`;
  }
  return out;
}

/** Brick courses over a rectangle. */
function bricks(x: number, y: number, w: number, h: number, rnd: Rnd, colors: readonly string[], bw = 90, bh = 34) {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#5a2a1c"/>`;
  for (let row = 0; row * bh < h; row++) {
    const offset = row % 2 ? -bw / 2 : 0;
    for (let bx = x + offset; bx < x + w; bx += bw) {
      out += `<rect x="${f(bx + 3)}" y="${f(y + row * bh + 3)}" width="${bw - 6}" height="${bh - 6}" rx="3" fill="${colors[Math.floor(rnd() * colors.length)]}"/>`;
    }
  }
  return out;
}

/** A bottle standing on a shelf, from the front. */
function bottle(x: number, base: number, s: number, fill: string, label: string) {
  const w = 44 * s;
  const h = 150 * s;
  return `<path d="M${x} ${base} v${-h * 0.62} q0 ${-h * 0.14} ${w * 0.3} ${-h * 0.22} v${-h * 0.16} h${w * 0.4} v${h * 0.16} q${w * 0.3} ${h * 0.08} ${w * 0.3} ${h * 0.22} v${h * 0.62} z" fill="url(#${fill})"/>
  <rect x="${x + w * 0.1}" y="${base - h * 0.45}" width="${w * 0.8}" height="${h * 0.26}" fill="${label}"/><rect x="${x + w * 0.3}" y="${base - h * 1.04}" width="${w * 0.4}" height="${h * 0.06}" fill="#2a1d1a"/>`;
}

/** A stemmed glass from the front; `wine` fills a part of it. */
function standingGlass(x: number, base: number, s: number, wine?: string) {
  const bowl = `M${x - 22 * s} ${base - 110 * s} q0 ${48 * s} ${22 * s} ${52 * s} q${22 * s} ${-4 * s} ${22 * s} ${-52 * s} z`;
  return `${wine ? `<path d="M${x - 20 * s} ${base - 86 * s} q${2 * s} ${26 * s} ${20 * s} ${28 * s} q${18 * s} ${-2 * s} ${20 * s} ${-28 * s} z" fill="${wine}"/>` : ''}
  <path d="${bowl}" fill="#ffffff" opacity="0.22" stroke="#fff" stroke-opacity="0.6" stroke-width="${2 * s}"/>
  <rect x="${x - 2 * s}" y="${base - 58 * s}" width="${4 * s}" height="${56 * s}" fill="#fff" opacity="0.55"/><ellipse cx="${x}" cy="${base}" rx="${16 * s}" ry="${4 * s}" fill="#fff" opacity="0.55"/>`;
}

/* ----- the pictures */

function tableSpread(w: number, h: number, rnd: Rnd) {
  return `${woodTable(w, h, rnd, 6)}${linenCloth(w * 0.52, -40, w * 0.2, h + 80, 8)}
  ${breadBoard(w * 0.04, h * 0.6, w * 0.3, h * 0.26, rnd)}
  ${plate(w * 0.3, h * 0.32, h * 0.24)}${pastaNest(w * 0.3, h * 0.32, h * 0.14, rnd)}
  ${plate(w * 0.63, h * 0.62, h * 0.26, 'plateOlive')}${burrataPlate(w * 0.63, h * 0.62, h * 0.22, rnd)}
  ${olives(w * 0.82, h * 0.2, h * 0.1, rnd)}${oilDish(w * 0.52, h * 0.16, h * 0.07)}
  ${wineGlass(w * 0.9, h * 0.55, h * 0.07)}${wineGlass(w * 0.1, h * 0.2, h * 0.07)}
  ${cutlery(w * 0.46, h * 0.4, 12, 'fork', h * 0.32)}${cutlery(w * 0.9, h * 0.84, -35, 'knife', h * 0.26)}
  ${herbs(w * 0.42, h * 0.85, 40, 6, rnd, C.basil, 1.4)}${specks(w * 0.2, h * 0.5, 60, 20, rnd, '#d9bf8c', 2.5)}`;
}

function pastaPicture(w: number, h: number, rnd: Rnd) {
  return `${woodTable(w, h, rnd, 4)}${linenCloth(-30, h * 0.62, w + 60, h * 0.3, -4)}${plate(w * 0.46, h * 0.46, h * 0.38)}${pastaNest(w * 0.46, h * 0.46, h * 0.23, rnd)}
  ${cutlery(w * 0.84, h * 0.5, 8, 'fork', h * 0.6)}${wineGlass(w * 0.12, h * 0.2, h * 0.09)}${specks(w * 0.15, h * 0.8, 40, 14, rnd, '#f6efd9', 3)}`;
}

function fishPicture(w: number, h: number, rnd: Rnd) {
  return `<rect width="${w}" height="${h}" fill="#2f3a3c"/>${woodTable(w, h, rnd, 5, '#6b5444')}
  ${fishPlatter(w * 0.5, h * 0.5, w * 0.78, rnd)}${wineGlass(w * 0.9, h * 0.14, h * 0.08, '#e8d27a')}${specks(w * 0.12, h * 0.86, 40, 10, rnd, '#f0e6cc', 3)}`;
}

function burrataPicture(w: number, h: number, rnd: Rnd) {
  return `<rect width="${w}" height="${h}" fill="${C.sand}"/>${linenCloth(w * 0.05, -40, w * 0.25, h + 80, 0)}${plate(w * 0.55, h * 0.5, h * 0.4, 'plateOlive')}${burrataPlate(w * 0.55, h * 0.5, h * 0.34, rnd)}
  ${cutlery(w * 0.17, h * 0.5, 0, 'knife', h * 0.55)}${oilDish(w * 0.9, h * 0.18, h * 0.08)}`;
}

function tartPicture(w: number, h: number, rnd: Rnd) {
  return `<rect width="${w}" height="${h}" fill="${C.wine}"/>${specks(w / 2, h / 2, w * 0.7, 60, rnd, '#5e2230', 6)}${plate(w * 0.48, h * 0.5, h * 0.36)}${tartSlice(w * 0.48, h * 0.52, h * 0.36, rnd)}
  ${cutlery(w * 0.85, h * 0.52, 20, 'fork', h * 0.5)}<circle cx="${w * 0.13}" cy="${h * 0.2}" r="${h * 0.1}" fill="#f4efe6"/><circle cx="${w * 0.13}" cy="${h * 0.2}" r="${h * 0.075}" fill="#3b2116"/><circle cx="${w * 0.13}" cy="${h * 0.2}" r="${h * 0.05}" fill="#c79a6a" opacity="0.7"/>`;
}

function breadPicture(w: number, h: number, rnd: Rnd) {
  return `${woodTable(w, h, rnd, 5)}${breadBoard(w * 0.08, h * 0.28, w * 0.5, h * 0.45, rnd)}${olives(w * 0.8, h * 0.3, h * 0.14, rnd)}${oilDish(w * 0.78, h * 0.72, h * 0.12)}
  ${herbs(w * 0.6, h * 0.88, 50, 8, rnd, C.oliveDark, 1.4)}`;
}

function diningRoom(w: number, h: number, rnd: Rnd) {
  const floor = h * 0.76;
  let out = `<rect width="${w}" height="${h}" fill="${C.plaster}"/><rect width="${w}" height="${h * 0.42}" fill="#e0c7a4"/><rect y="${h * 0.42}" width="${w}" height="6" fill="${C.terracotta}" opacity="0.6"/>
  <rect y="${h * 0.5}" width="${w}" height="${floor - h * 0.5}" fill="${C.terracotta}" opacity="0.85"/><rect y="${h * 0.5}" width="${w}" height="8" fill="${C.terracottaDark}"/>`;
  for (let i = 0; i < 3; i++) {
    const ax = w * (0.14 + i * 0.3);
    const aw = w * 0.16;
    const top = h * 0.12;
    const bottom = h * 0.5;
    out += `<path d="M${ax} ${bottom} V${top + aw / 2} a${aw / 2} ${aw / 2} 0 0 1 ${aw} 0 V${bottom} z" fill="url(#window)"/>
    <path d="M${ax + aw / 2} ${top} V${bottom} M${ax} ${(top + bottom) / 2 + 20} H${ax + aw}" stroke="${C.cream}" stroke-width="6"/>
    <path d="M${ax} ${bottom} V${top + aw / 2} a${aw / 2} ${aw / 2} 0 0 1 ${aw} 0 V${bottom} z" fill="none" stroke="${C.cream}" stroke-width="10"/>`;
    for (let s = 0; s < 5; s++)
      out += `<circle cx="${f(ax + rnd() * aw)}" cy="${f(top + aw * 0.3 + rnd() * (bottom - top) * 0.6)}" r="${f(between(rnd, 2, 4))}" fill="#ffe2a6" opacity="0.8"/>`;
  }
  out += `<rect y="${floor}" width="${w}" height="${h - floor}" fill="${C.woodDark}"/>`;
  for (let i = 0; i < 9; i++)
    out += `<rect x="${(i * w) / 8 - 40}" y="${floor}" width="3" height="${h - floor}" fill="#000" opacity="0.2" transform="skewX(${(i - 4) * 8})"/>`;
  out += `${pendant(w * 0.29, h * 0.14, 38)}${pendant(w * 0.59, h * 0.18, 38, C.olive)}${pendant(w * 0.86, h * 0.14, 38)}`;
  out += `${oliveTree(w * 0.05, floor + 10, 0.9, rnd)}`;
  out += `${chair(w * 0.13, floor + 60, 1.3)}${clothedTable(w * 0.21, floor + 60, w * 0.19, 1.3)}${chair(w * 0.42, floor + 60, 1.3)}`;
  out += `${chair(w * 0.55, floor + 80, 1.4)}${clothedTable(w * 0.635, floor + 80, w * 0.2, 1.4)}${chair(w * 0.86, floor + 80, 1.4)}`;
  return out;
}

function woodOven(w: number, h: number, rnd: Rnd) {
  const floor = h * 0.78;
  const cx = w * 0.5;
  let out = `${bricks(0, 0, w, floor, rnd, ['#7a3a24', '#8a4429', '#6d3320', '#934b2e'])}<rect width="${w}" height="${floor}" fill="#1a0c08" opacity="0.35"/>`;
  out += `<ellipse cx="${cx}" cy="${floor * 0.62}" rx="${w * 0.5}" ry="${h * 0.5}" fill="#ff9a3c" opacity="0.25" filter="url(#softer)"/>`;
  out += `<path d="M${cx - w * 0.34} ${floor - h * 0.08} A${w * 0.34} ${h * 0.5} 0 0 1 ${cx + w * 0.34} ${floor - h * 0.08} z" fill="${C.plaster}"/>`;
  for (let i = 0; i < 120; i++) {
    const a = Math.PI * (0.05 + rnd() * 0.9);
    const d = Math.sqrt(rnd());
    const x = cx - Math.cos(a) * w * 0.32 * d;
    const y = floor - h * 0.08 - Math.sin(a) * h * 0.47 * d;
    out += `<rect x="${f(x)}" y="${f(y)}" width="14" height="14" rx="2" fill="${['#c9b08a', '#d8c3a0', C.terracotta, '#b99f7a'][i % 4]}" opacity="0.55" transform="rotate(${f(rnd() * 40)} ${f(x)} ${f(y)})"/>`;
  }
  const mw = w * 0.24;
  const mh = h * 0.24;
  const my = floor - h * 0.08;
  out += `<path d="M${cx - mw / 2} ${my} V${my - mh * 0.55} A${mw / 2} ${mh * 0.45} 0 0 1 ${cx + mw / 2} ${my - mh * 0.55} V${my} z" fill="url(#fire)"/>`;
  for (let i = 0; i < 5; i++) {
    const fx = cx - mw * 0.3 + i * mw * 0.15;
    out += `<path d="M${f(fx - 16)} ${my - 6} q${f(between(rnd, -10, 10))} ${f(-between(rnd, 40, 80))} 16 ${f(-between(rnd, 70, 120))} q${f(between(rnd, -6, 16))} ${f(between(rnd, 40, 70))} 16 ${f(between(rnd, 70, 110))} z" fill="${i % 2 ? '#ffd36a' : '#ff8a3a'}" opacity="0.85"/>`;
  }
  out += `<rect x="${cx - mw / 2 - 24}" y="${my - 8}" width="${mw + 48}" height="22" fill="#5a4a3c"/>`;
  out += `<rect y="${floor}" width="${w}" height="${h - floor}" fill="#3a2a22"/><rect y="${floor}" width="${w}" height="10" fill="#2a1d1a"/>`;
  for (let row = 0; row < 3; row++)
    for (let i = 0; i < 5 - row; i++) {
      const lx = w * 0.08 + i * 62 + row * 31;
      const ly = floor - 30 - row * 54;
      out += `<circle cx="${lx}" cy="${ly}" r="29" fill="#8a5a3b"/><circle cx="${lx}" cy="${ly}" r="21" fill="#c79a6a"/><circle cx="${lx}" cy="${ly}" r="11" fill="none" stroke="#8a5a3b" stroke-width="3"/>`;
    }
  out += `<g transform="rotate(-8 ${w * 0.86} ${h * 0.5})"><rect x="${w * 0.855}" y="${h * 0.08}" width="14" height="${h * 0.6}" rx="7" fill="${C.woodLight}"/><path d="M${w * 0.8} ${h * 0.66} h${w * 0.14} l-20 ${h * 0.14} h${-w * 0.1} z" fill="${C.steel}"/></g>`;
  out += `<rect x="${w * 0.64}" y="${h * 0.08}" width="${w * 0.18}" height="8" fill="#2a1d1a"/>`;
  for (let i = 0; i < 3; i++) {
    const px = w * 0.67 + i * w * 0.055;
    const r = 28 + i * 6;
    out += `<line x1="${px}" y1="${h * 0.08}" x2="${px}" y2="${h * 0.13}" stroke="#2a1d1a" stroke-width="4"/><circle cx="${px}" cy="${h * 0.13 + r}" r="${r}" fill="${C.copper}"/><circle cx="${px - r * 0.3}" cy="${h * 0.13 + r * 0.7}" r="${r * 0.3}" fill="#e5a070" opacity="0.6"/>`;
  }
  return out;
}

function wineBar(w: number, h: number, rnd: Rnd) {
  let out = `<rect width="${w}" height="${h}" fill="${C.wineDeep}"/><rect width="${w}" height="${h}" fill="url(#lamp)" opacity="0.4"/>`;
  const fills = ['bottleGreen', 'bottleAmber', 'bottleWine'];
  const labels = [C.cream, C.sand, '#e9d9b5', C.terracotta, C.oliveLight];
  for (let shelf = 0; shelf < 3; shelf++) {
    const base = h * (0.24 + shelf * 0.19);
    out += `<rect x="${w * 0.04}" y="${base}" width="${w * 0.92}" height="14" fill="${C.woodLight}"/><rect x="${w * 0.04}" y="${base + 14}" width="${w * 0.92}" height="6" fill="#000" opacity="0.3"/>`;
    for (let x = w * 0.06; x < w * 0.92; x += between(rnd, 52, 70)) {
      out += bottle(x, base, between(rnd, 0.78, 0.95), fills[Math.floor(rnd() * 3)]!, labels[Math.floor(rnd() * labels.length)]!);
    }
  }
  const counter = h * 0.78;
  out += `<rect y="${counter}" width="${w}" height="${h - counter}" fill="${C.woodDark}"/><rect y="${counter - 16}" width="${w}" height="22" fill="${C.wood}"/>`;
  for (let i = 0; i < 6; i++)
    out += `<rect x="${w * 0.04 + i * w * 0.16}" y="${counter + 30}" width="${w * 0.13}" height="${h - counter - 60}" rx="6" fill="#000" opacity="0.15"/>`;
  out +=
    standingGlass(w * 0.3, counter - 16, 1.2, '#7b1d2c') + standingGlass(w * 0.38, counter - 16, 1.2, '#e8d27a') + standingGlass(w * 0.7, counter - 16, 1.2);
  out += `${bottle(w * 0.5, counter - 16, 1.1, 'bottleWine', C.cream)}${pendant(w * 0.25, h * 0.02, 30, C.olive)}${pendant(w * 0.75, h * 0.02, 30, C.olive)}`;
  return out;
}

function shopfront(w: number, h: number, rnd: Rnd) {
  const ground = h * 0.86;
  let out = `<rect width="${w}" height="${h}" fill="url(#dusk)"/>`;
  for (let i = 0; i < 30; i++) out += `<circle cx="${f(rnd() * w)}" cy="${f(rnd() * h * 0.18)}" r="${f(between(rnd, 1, 2.2))}" fill="#fff" opacity="0.6"/>`;
  out += `<rect x="${w * 0.06}" y="${h * 0.12}" width="${w * 0.88}" height="${ground - h * 0.12}" fill="${C.plaster}"/><rect x="${w * 0.06}" y="${h * 0.12}" width="${w * 0.88}" height="${h * 0.05}" fill="#cdb594"/>`;
  for (let i = 0; i < 3; i++) {
    const x = w * (0.14 + i * 0.26);
    out += `<rect x="${x}" y="${h * 0.2}" width="${w * 0.14}" height="${h * 0.16}" fill="url(#warmRoom)"/><rect x="${x}" y="${h * 0.2}" width="${w * 0.14}" height="${h * 0.16}" fill="none" stroke="${C.olive}" stroke-width="8"/><path d="M${x + w * 0.07} ${h * 0.2} v${h * 0.16}" stroke="${C.olive}" stroke-width="6"/>`;
  }
  const awningY = h * 0.42;
  const stripes = 12;
  for (let i = 0; i < stripes; i++) {
    const x0 = w * 0.1 + (i * w * 0.8) / stripes;
    out += `<path d="M${f(x0)} ${awningY} h${f((w * 0.8) / stripes)} l${f(w * 0.004)} ${h * 0.09} h${f(-(w * 0.8) / stripes)} z" fill="${i % 2 ? C.cream : C.terracotta}"/>`;
    out += `<path d="M${f(x0)} ${awningY + h * 0.09} h${f((w * 0.8) / stripes)} q${f(-(w * 0.4) / stripes)} ${h * 0.03} ${f(-(w * 0.8) / stripes)} 0 z" fill="${i % 2 ? C.cream : C.terracotta}"/>`;
  }
  out += `<rect x="${w * 0.1}" y="${awningY - 10}" width="${w * 0.8}" height="12" fill="${C.terracottaDark}"/>`;
  const winY = awningY + h * 0.12;
  out += `<rect x="${w * 0.12}" y="${winY}" width="${w * 0.5}" height="${ground - winY - h * 0.06}" fill="url(#warmRoom)"/>`;
  out += pendant(w * 0.22, winY + 30, 20, C.terracotta, winY);
  out += `<g opacity="0.55">${chair(w * 0.16, ground - h * 0.07, 0.55, C.charcoal)}${clothedTable(w * 0.22, ground - h * 0.07, w * 0.1, 0.55)}${chair(w * 0.33, ground - h * 0.07, 0.55, C.charcoal)}${clothedTable(w * 0.44, ground - h * 0.07, w * 0.1, 0.55)}</g>`;
  out += `<rect x="${w * 0.12}" y="${winY}" width="${w * 0.5}" height="${ground - winY - h * 0.06}" fill="none" stroke="${C.olive}" stroke-width="12"/><rect x="${w * 0.12}" y="${ground - h * 0.06}" width="${w * 0.5}" height="${h * 0.06}" fill="${C.olive}"/>`;
  out += `<rect x="${w * 0.68}" y="${winY}" width="${w * 0.14}" height="${ground - winY}" fill="${C.oliveDark}"/><rect x="${w * 0.695}" y="${winY + 16}" width="${w * 0.11}" height="${(ground - winY) * 0.5}" fill="url(#warmRoom)" opacity="0.9"/><circle cx="${w * 0.79}" cy="${winY + (ground - winY) * 0.62}" r="7" fill="${C.lemon}"/>`;
  out += `<rect y="${ground}" width="${w}" height="${h - ground}" fill="#5d5a5c"/><rect y="${ground}" width="${w}" height="8" fill="#45424a"/>`;
  out += `${oliveTree(w * 0.9, ground, 0.75, rnd)}${oliveTree(w * 0.05, ground, 0.6, rnd)}`;
  out += `<ellipse cx="${w * 0.37}" cy="${ground + 20}" rx="${w * 0.3}" ry="18" fill="#ffcf80" opacity="0.35" filter="url(#soft)"/>`;
  return out;
}

function kitchenPass(w: number, h: number, rnd: Rnd) {
  const pass = h * 0.66;
  let out = `<rect width="${w}" height="${h}" fill="#d8d2c6"/>`;
  for (let x = 0; x < w; x += 80)
    for (let y = 0; y < pass; y += 40) out += `<rect x="${x + ((y / 40) % 2 ? 40 : 0) + 2}" y="${y + 2}" width="76" height="36" rx="3" fill="#efebe3"/>`;
  out += `<rect y="${h * 0.12}" width="${w}" height="14" fill="${C.steelDark}"/>`;
  for (let i = 0; i < 4; i++) {
    const lx = w * (0.14 + i * 0.24);
    out += `<rect x="${lx - 70}" y="${h * 0.14}" width="140" height="40" rx="8" fill="#3a3a3a"/><ellipse cx="${lx}" cy="${h * 0.2 + 10}" rx="${w * 0.1}" ry="${h * 0.3}" fill="#ffb65c" opacity="0.28" filter="url(#softer)"/><rect x="${lx - 60}" y="${h * 0.14 + 34}" width="120" height="10" fill="#ff9d4a"/>`;
  }
  out += `<rect x="${w * 0.05}" y="${h * 0.3}" width="${w * 0.9}" height="6" fill="${C.steelDark}"/>`;
  for (let i = 0; i < 7; i++) {
    const tx = w * 0.08 + i * w * 0.125 + between(rnd, -10, 10);
    out += `<rect x="${f(tx)}" y="${h * 0.3 + 2}" width="70" height="${f(between(rnd, 90, 130))}" fill="#fbfaf6" transform="rotate(${f(between(rnd, -3, 3))} ${f(tx + 35)} ${h * 0.3})"/>`;
    for (let l = 0; l < 5; l++) out += `<rect x="${f(tx + 10)}" y="${f(h * 0.3 + 18 + l * 16)}" width="${f(between(rnd, 25, 50))}" height="5" fill="#8c8c8c"/>`;
  }
  out += `<rect y="${pass}" width="${w}" height="${h - pass}" fill="url(#steel)"/><rect y="${pass}" width="${w}" height="10" fill="#f4f3f0"/>`;
  const plates: [number, string][] = [
    [0.17, 'pasta'],
    [0.42, 'fish'],
    [0.66, 'burrata'],
    [0.88, 'pasta'],
  ];
  for (const [px, dish] of plates) {
    const cx = w * px;
    const cy = pass + (h - pass) * 0.45;
    out += `<ellipse cx="${cx}" cy="${cy + 10}" rx="${w * 0.1}" ry="${h * 0.05}" fill="#000" opacity="0.25" filter="url(#soft)"/><ellipse cx="${cx}" cy="${cy}" rx="${w * 0.1}" ry="${h * 0.045}" fill="#fffdf8"/>`;
    const food = dish === 'pasta' ? C.pasta : dish === 'fish' ? '#a7865c' : '#f7f2e8';
    out += `<ellipse cx="${cx}" cy="${cy - 8}" rx="${w * 0.05}" ry="${h * 0.03}" fill="${food}"/><ellipse cx="${cx}" cy="${cy - 14}" rx="${w * 0.03}" ry="${h * 0.014}" fill="${dish === 'burrata' ? '#fff' : dish === 'fish' ? C.lemon : '#9c3a1f'}"/>${herbs(cx, cy - 16, 20, 4, rnd, C.basil, 0.9)}`;
  }
  return out;
}

function aperitivi(w: number, h: number, rnd: Rnd) {
  const counter = h * 0.72;
  let out = `<rect width="${w}" height="${h}" fill="${C.oliveDark}"/><circle cx="${w * 0.5}" cy="${h * 0.3}" r="${h * 0.55}" fill="url(#lamp)" opacity="0.55"/>`;
  for (let i = 0; i < 8; i++) out += `<rect x="${i * (w / 8)}" y="0" width="4" height="${counter}" fill="#000" opacity="0.12"/>`;
  out += `<rect y="${counter}" width="${w}" height="${h - counter}" fill="${C.woodDark}"/><rect y="${counter - 14}" width="${w}" height="20" fill="${C.wood}"/>`;
  // A spritz in a wine glass: orange, with ice and a slice of orange.
  const sx = w * 0.34;
  const base = counter - 14;
  out += `<ellipse cx="${sx}" cy="${base}" rx="70" ry="12" fill="#000" opacity="0.25"/><ellipse cx="${sx}" cy="${base - 2}" rx="56" ry="10" fill="#fff" opacity="0.5"/><rect x="${sx - 5}" y="${base - 150}" width="10" height="150" fill="#fff" opacity="0.5"/>
  <path d="M${sx - 95} ${base - 420} q0 250 95 270 q95 -20 95 -270 z" fill="#fff" opacity="0.18"/><path d="M${sx - 88} ${base - 340} q6 175 88 190 q82 -15 88 -190 z" fill="#f08a2c"/>`;
  for (let i = 0; i < 4; i++) {
    const ix = sx - 60 + i * 32 + between(rnd, -6, 6);
    const iy = base - 320 + between(rnd, 0, 60);
    out += `<rect x="${f(ix)}" y="${f(iy)}" width="42" height="42" rx="6" fill="#fff" opacity="0.35" transform="rotate(${f(between(rnd, -20, 20))} ${f(ix + 21)} ${f(iy + 21)})"/>`;
  }
  out += `<circle cx="${sx + 70}" cy="${base - 350}" r="46" fill="${C.lemon}"/><circle cx="${sx + 70}" cy="${base - 350}" r="38" fill="#f5a23a"/>`;
  for (let s = 0; s < 8; s++) {
    const a = (s / 8) * Math.PI * 2;
    out += `<line x1="${sx + 70}" y1="${base - 350}" x2="${f(sx + 70 + Math.cos(a) * 38)}" y2="${f(base - 350 + Math.sin(a) * 38)}" stroke="#fbd27a" stroke-width="3"/>`;
  }
  out += `<path d="M${sx - 95} ${base - 420} q0 250 95 270 q95 -20 95 -270" fill="none" stroke="#fff" stroke-width="4" opacity="0.6"/><path d="M${sx - 70} ${base - 400} q0 120 30 190" fill="none" stroke="#fff" stroke-width="8" opacity="0.35" stroke-linecap="round"/>`;
  // A Negroni in a tumbler: deep red, one big cube, a twist of orange peel.
  const nx = w * 0.68;
  out += `<ellipse cx="${nx}" cy="${base}" rx="90" ry="14" fill="#000" opacity="0.25"/><path d="M${nx - 85} ${base - 230} l10 225 h150 l10 -225 z" fill="#fff" opacity="0.18"/>
  <path d="M${nx - 80} ${base - 170} l7 160 h146 l7 -160 z" fill="#b3122a"/><rect x="${nx - 45}" y="${base - 175}" width="80" height="80" rx="10" fill="#fff" opacity="0.3" transform="rotate(8 ${nx} ${base - 135})"/>
  <rect x="${nx - 75}" y="${base - 22}" width="150" height="16" fill="#fff" opacity="0.35"/><path d="M${nx - 85} ${base - 230} l10 225 h150 l10 -225" fill="none" stroke="#fff" stroke-width="4" opacity="0.6"/>
  <path d="M${nx + 20} ${base - 232} q40 -30 70 10 q-30 -10 -70 -10 z" fill="#f08a2c"/>`;
  // A small bowl of olives on the counter.
  const bx = w * 0.86;
  out += `<ellipse cx="${bx}" cy="${base}" rx="80" ry="10" fill="#000" opacity="0.25"/>`;
  for (let i = 0; i < 9; i++)
    out += `<circle cx="${f(bx - 50 + i * 12.5)}" cy="${f(base - 52 - Math.sin((i / 8) * Math.PI) * 14 + between(rnd, -4, 4))}" r="13" fill="${i % 3 === 0 ? '#2f2430' : C.oliveLight}"/>`;
  out += `<path d="M${bx - 75} ${base - 55} h150 q-10 55 -75 55 q-65 0 -75 -55 z" fill="${C.terracotta}"/><rect x="${bx - 75}" y="${base - 58}" width="150" height="8" rx="4" fill="${C.terracottaDark}"/>`;
  return out;
}

type Picture = { name: string; width: number; height: number; alt: string; draw: (w: number, h: number, rnd: Rnd) => string };

const PICTURES: Picture[] = [
  {
    name: 'table-spread.jpg',
    width: 1600,
    height: 1100,
    alt: 'A wooden table seen from above, laid with pappardelle, burrata with figs, a sourdough loaf, olives and two glasses of red wine',
    draw: tableSpread,
  },
  {
    name: 'dining-room.jpg',
    width: 1400,
    height: 1050,
    alt: 'The dining room in the evening: arched windows, terracotta walls, glowing pendant lamps and tables laid with white cloths and candles',
    draw: diningRoom,
  },
  {
    name: 'wood-oven.jpg',
    width: 1200,
    height: 900,
    alt: 'The wood-fired oven in the kitchen, flames in its mouth, logs stacked beside it and copper pans hanging above',
    draw: woodOven,
  },
  { name: 'pappardelle.jpg', width: 1200, height: 900, alt: 'A plate of pappardelle with slow-cooked beef ragù, parmesan and basil', draw: pastaPicture },
  {
    name: 'grilled-bream.jpg',
    width: 1200,
    height: 900,
    alt: 'A whole grilled sea bream on an oval platter with lemon slices and herbs, charred stripes across its skin',
    draw: fishPicture,
  },
  { name: 'burrata-figs.jpg', width: 1200, height: 900, alt: 'Burrata on an olive-green plate with torn figs, blood orange and rocket', draw: burrataPicture },
  {
    name: 'pear-tart.jpg',
    width: 1200,
    height: 900,
    alt: 'A slice of pear and almond tart with crème fraîche, beside a small cup of espresso',
    draw: tartPicture,
  },
  {
    name: 'bread-olives.jpg',
    width: 1200,
    height: 900,
    alt: 'A sourdough loaf and slices on a wooden board, with a bowl of olives and a dish of olive oil',
    draw: breadPicture,
  },
  {
    name: 'wine-bar.jpg',
    width: 1200,
    height: 900,
    alt: 'The bar: shelves of wine bottles under two green lamps, glasses of red and white on the counter',
    draw: wineBar,
  },
  {
    name: 'shopfront.jpg',
    width: 1400,
    height: 1050,
    alt: 'The restaurant from the street at dusk: a striped terracotta awning, warm light in the window and olive trees in pots',
    draw: shopfront,
  },
  {
    name: 'aperitivi.jpg',
    width: 1200,
    height: 900,
    alt: 'A fennel spritz with ice and a slice of orange beside a Fig Negroni in a tumbler, on the bar counter',
    draw: aperitivi,
  },
  {
    name: 'kitchen-pass.jpg',
    width: 1200,
    height: 900,
    alt: 'The kitchen pass under heat lamps, plates lined up to go out and order tickets clipped along the rail',
    draw: kitchenPass,
  },
];

type DocumentFile = { name: string; contentType: string; width: number; height: number; alt: string; title: string; data: string };

async function drawPictures(): Promise<DocumentFile[]> {
  const files: DocumentFile[] = [];
  for (const [i, p] of PICTURES.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}"><defs>${DEFS}</defs>${p.draw(
      p.width,
      p.height,
      random(3001 + i * 97),
    )}</svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer();
    const title = p.name.replace(/\.jpg$/, '').replace(/-/g, ' ');
    files.push({
      name: p.name,
      contentType: 'image/jpeg',
      width: p.width,
      height: p.height,
      alt: p.alt,
      title: title[0]!.toUpperCase() + title.slice(1),
      data: jpeg.toString('base64'),
    });
  }
  return files;
}

/* ---------------------------------------------------------------- the document */

/** A stable id for each thing the document names, so a re-run changes only what changed. */
const id = (label: string) => createHash('sha256').update(`restaurant:${label}`).digest('hex').slice(0, 24);

const BOOKING = 'https://book.figandfennel.example/tables';
const PHONE = { shown: '01632 960 418', href: 'tel:+441632960418' };
const EMAIL = 'hello@figandfennel.example';
const ADDRESS = { street: "14 Chandler's Row", town: 'Kestlebury KB1 4FN' };

/* Rich text, as the text block holds it (src/document/rich-text.ts). */
type Inline = { type: 'text'; text: string; marks?: object[] } | { type: 'hardBreak' };
type Node = Record<string, unknown>;
const t = (text: string): Inline => ({ type: 'text', text });
const b = (text: string): Inline => ({ type: 'text', text, marks: [{ type: 'bold' }] });
const a = (text: string, href: string): Inline => ({ type: 'text', text, marks: [{ type: 'link', attrs: { href, target: null } }] });
const br: Inline = { type: 'hardBreak' };
const inl = (parts: (string | Inline)[]) => parts.map((p) => (typeof p === 'string' ? t(p) : p));
const h = (level: 1 | 2 | 3 | 4, ...parts: (string | Inline)[]): Node => ({ type: 'heading', attrs: { textAlign: null, level }, content: inl(parts) });
const p = (...parts: (string | Inline)[]): Node => ({ type: 'paragraph', attrs: { textAlign: null }, content: inl(parts) });
/** The same paragraphs and headings, centred. */
const centred = (...nodes: Node[]): Node[] => nodes.map((n) => ({ ...n, attrs: { ...(n.attrs as object), textAlign: 'center' } }));
const ul = (...items: (string | Inline)[][]): Node => ({ type: 'bulletList', content: items.map((parts) => ({ type: 'listItem', content: [p(...parts)] })) });

type Box = { x: number; y: number; w: number; h: number };
type Block = { id: string; type: number; data: Record<string, unknown>; layout: { desktop: Box; phone?: Box } };

/** The block with a phone layout of its own (8 columns), where desktop's reading order would not do. */
const onPhone = (block: Block, x: number, y: number, w: number, hh: number): Block => ({ ...block, layout: { ...block.layout, phone: { x, y, w, h: hh } } });
type Section = { id: string; theme: 'white' | 'light' | 'dark' | 'accent'; height?: 'small' | 'medium' | 'large'; blocks: Block[] };

/** Makes a page's blocks, each with an id from the page's name and its place in the page. */
function builder(page: string) {
  let n = 0;
  const next = () => id(`${page}:${n++}`);
  const at = (x: number, y: number, w: number, hh: number): { desktop: Box } => ({ desktop: { x, y, w, h: hh } });
  return {
    section: (theme: Section['theme'], blocks: Block[], height?: Section['height']): Section => ({ id: next(), theme, ...(height ? { height } : {}), blocks }),
    text: (box: [number, number, number, number], ...content: Node[]): Block => ({
      id: next(),
      type: BLOCK_TYPES.HTML,
      data: { text: { type: 'doc', content } },
      layout: at(...box),
    }),
    button: (box: [number, number, number, number], buttonText: string, clickthroughUrl: string, extra: Record<string, unknown> = {}): Block => ({
      id: next(),
      type: BLOCK_TYPES.BUTTON,
      data: { buttonText, clickthroughUrl, ...extra },
      layout: at(...box),
    }),
    image: (box: [number, number, number, number], file: string, extra: Record<string, unknown> = {}): Block => ({
      id: next(),
      type: BLOCK_TYPES.IMAGE,
      data: { src: `/s/${file}`, alt: PICTURES.find((pic) => pic.name === file)!.alt, ...extra },
      layout: at(...box),
    }),
    block: (box: [number, number, number, number], type: number, data: Record<string, unknown>): Block => ({ id: next(), type, data, layout: at(...box) }),
  };
}

const HOURS = {
  lunch: 'Lunch Wednesday to Sunday, 12:00–14:30',
  dinner: 'Dinner Tuesday to Saturday, 17:30–22:00',
  closed: 'Closed Mondays',
};

function homePage() {
  const $ = builder('home');
  return {
    id: id('page:home'),
    pageType: 2,
    path: '/',
    title: 'Home',
    status: 1,
    seo: {
      title: 'Fig & Fennel · Wood-fired Mediterranean kitchen in Kestlebury',
      description:
        "A neighbourhood restaurant on Chandler's Row, Kestlebury: seasonal Mediterranean plates from a wood-fired oven, natural wines and long Sunday lunches.",
    },
    sections: [
      $.section('dark', [
        $.image([0, 0, 13, 19], 'table-spread.jpg'),
        $.text(
          [14, 1, 10, 13],
          p(b('Neighbourhood kitchen · Kestlebury')),
          h(1, 'Wood-fired plates for long, easy evenings'),
          p(
            'Seasonal Mediterranean cooking from a brick oven on Chandler’s Row: bread from the morning bake, fish from the Thursday boat, vegetables from the growers up the valley.',
          ),
        ),
        $.button([14, 14, 5, 3], 'Book a table', BOOKING, { size: 'large' }),
        $.button([19, 14, 5, 3], 'See the menu', '/menu', { size: 'large', style: 'secondary' }),
      ]),
      $.section('white', [
        $.text(
          [0, 0, 11, 14],
          h(2, 'Welcome to Fig & Fennel'),
          p(
            'We opened in 2017 in what was the old ironmonger’s, with one oven, twelve tables and a menu that changes whenever the market does. Nell runs the kitchen; Tomás runs the room and the wine list.',
          ),
          p(
            'Come for a plate of pasta at the bar or a whole evening with friends. Children are welcome at lunch, dogs on the terrace, and there is always something for vegetarians that is more than an afterthought.',
          ),
          p(b('Nell & Tomás Arrieta')),
        ),
        $.image([13, 0, 11, 14], 'dining-room.jpg'),
      ]),
      $.section('light', [
        $.text([0, 0, 16, 4], h(2, 'How we cook'), p('Three things we hold to, whatever the season.')),
        $.text(
          [0, 4, 8, 7],
          h(3, 'Over wood'),
          p('Our oven burns Kestlebury ash and oak. It bakes the bread at dawn and chars the fish, leeks and lamb at night.'),
        ),
        $.text(
          [8, 4, 8, 7],
          h(3, 'From nearby'),
          p('Vegetables from three growers within ten miles, cheese from Bramble Farm dairy and fish from the Thursday boat.'),
        ),
        $.text(
          [16, 4, 8, 7],
          h(3, 'Made here'),
          p('Pasta rolled every afternoon, ice cream churned daily, and a sourdough starter that is older than the restaurant.'),
        ),
      ]),
      $.section('accent', [
        $.text([4, 0, 16, 9], ...centred(h(2, 'Opening hours'), p(HOURS.lunch, br, HOURS.dinner, br, 'Sunday long lunch, 12:00–16:00', br, HOURS.closed))),
        $.button([6, 9, 6, 3], 'Book a table', BOOKING, { alignment: 'center', size: 'large' }),
        $.button([12, 9, 6, 3], 'Plan your visit', '/visit', { alignment: 'center', size: 'large', style: 'secondary' }),
      ]),
    ],
  };
}

type Dish = { name: string; about: string; price: string };
/** A dish as a menu prints it: its name and price in bold on one line, what is in it on the next. */
const dishes = (list: Dish[]) => list.map((d) => p(b(`${d.name} · ${d.price}`), br, d.about));

const STARTERS: Dish[] = [
  { name: 'Sourdough & olive oil (vg)', about: 'This morning’s loaf, warm from the oven, with Arbequina oil and aged balsamic.', price: '£5' },
  { name: 'Marinated olives (vg, gf)', about: 'Green Nocellara and black Kalamata with orange zest, fennel seed and chilli.', price: '£4.50' },
  { name: 'Burrata, figs & blood orange (v, gf)', about: 'Bramble Farm burrata, torn figs, blood orange and rocket, with a thread of honey.', price: '£11' },
  { name: 'Charred leeks, romesco (vg)', about: 'Young leeks blackened in the oven, with almond and red pepper romesco.', price: '£9' },
  { name: 'Crispy squid, aioli', about: 'Dusted in semolina and fried to order, with lemon, sea salt and garlic aioli.', price: '£10' },
  { name: 'Chicken liver crostini', about: 'Smooth pâté with Marsala, on grilled sourdough with pickled shallots.', price: '£8' },
];

const MAINS: Dish[] = [
  { name: 'Pappardelle, beef shin ragù', about: 'Ribbons rolled this afternoon, with a ragù cooked for eight hours in the dying oven.', price: '£18' },
  { name: 'Whole grilled sea bream (gf)', about: 'Cooked over embers, with salsa verde, lemon and a bowl of crushed potatoes.', price: '£24' },
  { name: 'Slow-roast lamb shoulder (gf)', about: 'With white beans, rosemary and anchovy; for two to share.', price: '£52' },
  { name: 'Wild mushroom risotto (v, gf)', about: 'Carnaroli rice, girolles and thyme, finished with aged parmesan.', price: '£17' },
  { name: 'Roast squash, farro & sage (vg)', about: 'Oven-roasted delica squash, nutty farro, crispy sage and toasted hazelnuts.', price: '£16' },
  { name: 'Hanger steak, anchovy butter (gf)', about: 'Dry-aged for 35 days, grilled rare, with rosemary fries and watercress.', price: '£26' },
];

const DESSERTS: Dish[] = [
  { name: 'Pear & almond tart (v)', about: 'Frangipane baked in the oven’s last heat, with a spoon of crème fraîche.', price: '£8' },
  { name: 'Dark chocolate torte (v, gf)', about: 'Rich and fudgy, with salted caramel and a scoop of milk ice cream.', price: '£8.50' },
  { name: 'Lemon olive oil cake (vg)', about: 'Moist and bright, with poached rhubarb and coconut yoghurt.', price: '£7.50' },
  { name: 'Affogato (v, gf)', about: 'Vanilla ice cream drowned in a double shot of espresso. Add amaretto for £3.', price: '£5.50' },
];

const WINES: Dish[] = [
  { name: 'Pét-nat, Loire', about: 'Fizzy, cloudy and apple-crisp.', price: '£8' },
  { name: 'Vermentino, Sardinia', about: 'Saline and lemony, for the fish.', price: '£7.50' },
  { name: 'Frappato, Sicily', about: 'A light red, served cool.', price: '£8' },
  { name: 'Montepulciano, Abruzzo', about: 'Dark fruit and soft tannin.', price: '£7' },
];

const APERITIVI: Dish[] = [
  { name: 'Fennel spritz', about: 'Fennel-seed syrup, white vermouth and prosecco.', price: '£9' },
  { name: 'Fig Negroni', about: 'Fig-leaf gin, Campari and sweet vermouth.', price: '£10' },
  { name: 'Kestlebury pale ale', about: 'From the brewery on Mill Lane, by the pint.', price: '£6' },
  { name: 'Bottles of wine', about: 'Forty of them, all at the bar; ask to see the list.', price: 'from £28' },
];

const SOFT_DRINKS: Dish[] = [
  { name: 'Blood orange soda', about: 'Made here, with a sprig of rosemary.', price: '£4' },
  { name: 'Verjus & tonic', about: 'Sharp, dry and long.', price: '£5' },
  { name: 'Espresso or macchiato', about: 'Beans roasted in town.', price: '£2.80' },
  { name: 'Fresh mint tea', about: 'A pot for the table.', price: '£3' },
];

function menuPage() {
  const $ = builder('menu');
  const course = (theme: Section['theme'], title: string, note: string, list: Dish[]) => {
    const half = Math.ceil(list.length / 2);
    const rows = half * 4;
    return $.section(theme, [
      $.text([0, 0, 16, 4], h(2, title), p(note)),
      $.text([0, 4, 11, rows], ...dishes(list.slice(0, half))),
      $.text([13, 4, 11, rows], ...dishes(list.slice(half))),
    ]);
  };
  return {
    id: id('page:menu'),
    pageType: 2,
    path: '/menu',
    title: 'Menu',
    status: 1,
    seo: { description: 'This week’s menu at Fig & Fennel: starters, wood-fired mains, desserts and drinks, with prices.' },
    sections: [
      $.section('white', [
        $.text(
          [0, 0, 13, 11],
          h(1, 'Menu'),
          p(
            'Our menu follows the market, so a dish or two changes most weeks. Everything comes out of one small kitchen and one wood oven: plates arrive when they are ready, and sharing is encouraged.',
          ),
          p(b('Set lunch, Wednesday to Friday:'), ' two courses £22, three courses £27.'),
          p('v vegetarian · vg vegan · gf gluten-free'),
        ),
        $.image([15, 0, 9, 11], 'burrata-figs.jpg'),
      ]),
      course('light', 'Starters', 'Small plates to share, or one each while you choose.', STARTERS),
      course('white', 'Mains', 'From the oven and the grill. Sides of greens or rosemary fries, £4.50.', MAINS),
      $.section('light', [
        $.text([0, 0, 14, 4], h(2, 'Desserts'), p('Made in the afternoon, in small batches: when they are gone, they are gone.')),
        $.text([0, 4, 14, 14], ...dishes(DESSERTS)),
        $.image([15, 2, 9, 15], 'pear-tart.jpg'),
      ]),
      $.section('dark', [
        $.text([0, 0, 16, 4], h(2, 'Drinks'), p('Wine from small growers, most of it organic; ask Tomás what he is drinking this week.')),
        $.text([0, 4, 8, 14], h(3, 'Wine by the glass'), ...dishes(WINES)),
        $.text([8, 4, 8, 14], h(3, 'Aperitivi & beer'), ...dishes(APERITIVI)),
        $.text([16, 4, 8, 14], h(3, 'Without alcohol'), ...dishes(SOFT_DRINKS)),
      ]),
      $.section('white', [
        $.text(
          [0, 0, 15, 6],
          h(2, 'Allergies and dietary needs'),
          p(
            'Please tell us about any allergy when you book and again when you order. Our kitchen handles nuts, gluten and shellfish, so we cannot promise any dish is free of traces. A discretionary 12.5% service charge is added to the bill, and all of it goes to the team.',
          ),
        ),
        $.button([17, 1, 7, 3], 'Book a table', BOOKING, { alignment: 'right', size: 'large' }),
      ]),
    ],
  };
}

/** The map of the Visit page: the default tiles (no key), on a fictional address in plausible countryside. */
const mapBlock = ($: ReturnType<typeof builder>) =>
  $.block([10, 0, 14, 18], BLOCK_TYPES.MAP, {
    location: {
      mapLat: 51.22846,
      mapLng: -2.32174,
      mapZoom: 16,
      addressTitle: 'Fig & Fennel',
      addressLine1: ADDRESS.street,
      addressLine2: ADDRESS.town,
      addressCountry: 'United Kingdom',
    },
    style: 1,
    showLabels: true,
    showTerrain: false,
    showControls: true,
    draggable: true,
    scrollwheel: false,
    linkOnClick: true,
  });

function visitPage() {
  const $ = builder('visit');
  return {
    id: id('page:visit'),
    pageType: 2,
    path: '/visit',
    title: 'Visit',
    status: 1,
    seo: { description: "Opening hours, address, phone and booking for Fig & Fennel, 14 Chandler's Row, Kestlebury." },
    sections: [
      $.section('white', [
        $.text(
          [0, 0, 11, 20],
          h(1, 'Visit us'),
          p('We keep a few tables back for walk-ins every night, but at weekends it is wise to book.'),
          h(2, 'Opening hours'),
          ul(
            [b('Monday'), ' closed'],
            [b('Tuesday'), ' dinner 17:30–22:00'],
            [b('Wednesday'), ' 12:00–14:30 and 17:30–22:00'],
            [b('Thursday'), ' 12:00–14:30 and 17:30–22:00'],
            [b('Friday'), ' 12:00–14:30 and 17:30–22:00'],
            [b('Saturday'), ' 12:00–14:30 and 17:30–22:00'],
            [b('Sunday'), ' long lunch 12:00–16:00'],
          ),
          p('The kitchen takes its last orders half an hour before we close. We close for the first two weeks of January.'),
        ),
        $.image([13, 0, 11, 20], 'shopfront.jpg'),
      ]),
      $.section('light', [
        // On a phone the booking button stays under the address, above the map.
        onPhone(
          $.text(
            [0, 0, 9, 15],
            h(2, 'Find us'),
            p(b('Fig & Fennel'), br, ADDRESS.street, br, ADDRESS.town),
            p('Phone ', a(PHONE.shown, PHONE.href), br, 'Email ', a(EMAIL, `mailto:${EMAIL}`)),
            p('Book online at ', a('book.figandfennel.example', BOOKING), ', or call us between 10:00 and 17:00.'),
          ),
          0,
          0,
          8,
          13,
        ),
        onPhone($.button([0, 15, 9, 3], 'Book a table', BOOKING, { size: 'large' }), 0, 13, 8, 3),
        onPhone(mapBlock($), 0, 17, 8, 16),
      ]),
      $.section('white', [
        $.text(
          [0, 0, 8, 9],
          h(3, 'Getting here'),
          p('Chandler’s Row runs off the Market Place. The 27 bus stops at the Corn Exchange, two minutes away; Kestlebury station is a ten-minute walk.'),
        ),
        $.text(
          [8, 0, 8, 9],
          h(3, 'Parking'),
          p('The Silk Mill car park on Bath Street is free after 18:00 and all day on Sundays. There are bike stands outside the door.'),
        ),
        $.text(
          [16, 0, 8, 9],
          h(3, 'Access'),
          p('Step-free from the street, with an accessible toilet on the ground floor. Tell us if you need a table near the door or a quieter corner.'),
        ),
      ]),
      $.section('dark', [
        $.text(
          [0, 0, 15, 7],
          h(2, 'Groups and private dining'),
          p(
            'The back room seats up to 24 for birthdays, wakes and work dinners, with a set menu from £40 a head. Write to ',
            a(EMAIL, `mailto:${EMAIL}`),
            ' and we will plan it with you.',
          ),
        ),
        $.button([17, 1, 7, 3], 'Email us', `mailto:${EMAIL}`, { alignment: 'right' }),
      ]),
    ],
  };
}

const GALLERY: { file: string; title: string; description: string }[] = [
  { file: 'dining-room.jpg', title: 'The dining room', description: 'Twelve tables under the old ironmonger’s arches.' },
  { file: 'pappardelle.jpg', title: 'Pappardelle, beef shin ragù', description: 'Rolled every afternoon, on the menu all year.' },
  { file: 'wood-oven.jpg', title: 'The oven', description: 'Lit at six every morning for the bread; it is still warm at midnight.' },
  { file: 'burrata-figs.jpg', title: 'Burrata, figs & blood orange', description: 'Made by Bramble Farm dairy the day before it reaches you.' },
  { file: 'grilled-bream.jpg', title: 'Whole grilled sea bream', description: 'Landed on Thursday, grilled over embers on Friday.' },
  { file: 'kitchen-pass.jpg', title: 'The pass', description: 'Where every plate stops for a last look.' },
  { file: 'bread-olives.jpg', title: 'Sourdough & olives', description: 'The starter is older than the restaurant.' },
  { file: 'pear-tart.jpg', title: 'Pear & almond tart', description: 'Baked in the oven’s last heat.' },
  { file: 'wine-bar.jpg', title: 'The bar', description: 'Forty wines from small growers, eight of them by the glass.' },
  { file: 'aperitivi.jpg', title: 'Fennel spritz & Fig Negroni', description: 'Six o’clock on a Friday, before the first table sits down.' },
  { file: 'table-spread.jpg', title: 'Sunday lunch', description: 'A table for four, halfway through.' },
  { file: 'shopfront.jpg', title: 'Chandler’s Row', description: 'The awning goes up at half past five.' },
];

function galleryPage() {
  const $ = builder('gallery');
  return {
    id: id('page:gallery'),
    pageType: 2,
    path: '/gallery',
    title: 'Gallery',
    status: 1,
    seo: { description: 'Pictures of Fig & Fennel: the dining room, the wood oven, the kitchen and the plates that come out of it.' },
    sections: [
      $.section('white', [
        $.text([0, 0, 14, 5], h(1, 'Gallery'), p('The room, the kitchen and a few of the plates that come out of it. Select a picture to see it larger.')),
        $.block([0, 5, 24, 30], BLOCK_TYPES.GALLERY, {
          images: GALLERY.map((g) => ({
            src: `/s/${g.file}`,
            alt: PICTURES.find((pic) => pic.name === g.file)!.alt,
            title: g.title,
            description: g.description,
          })),
          design: 'grid',
          imageAspectRatio: '4:3',
          slidesPerRow: 3,
          lightbox: true,
        }),
      ]),
      $.section('light', [
        $.text([0, 0, 15, 5], h(2, 'Hungry yet?'), p('Tables for two to twelve, lunch and dinner, Tuesday to Sunday.')),
        $.button([17, 1, 7, 3], 'Book a table', BOOKING, { alignment: 'right', size: 'large' }),
      ]),
    ],
  };
}

/** The design: terracotta as the seed of an Analogous I palette (sand light, wine dark), Fraunces over Karla, pill buttons. */
function design(): Design {
  const seed = '#a84a2c';
  const palette = { mode: 'Presets' as const, preset: 'Analogous I' as const, seed, swatches: paletteFromPreset('Analogous I', seed) };
  const base = withPalette(DEFAULT_DESIGN, palette);
  const ref = (id: 'accent' | 'white' | 'lightAccent' | 'darkAccent') => ({ type: 'SITE_PALETTE_COLOR' as const, sitePaletteColor: { id, alpha: 1 } });
  // Terracotta links and buttons on the paper and sand sections (5.2:1 and 4.7:1 with this seed), sand ones on the wine.
  const onPaper = (theme: ColorTheme): ColorTheme => ({ ...theme, link: ref('accent'), button: ref('accent'), buttonText: ref('white') });
  return {
    ...base,
    colorThemes: {
      white: onPaper(PALETTE_COLOR_THEMES.white),
      light: onPaper(PALETTE_COLOR_THEMES.light),
      dark: { ...PALETTE_COLOR_THEMES.dark, button: ref('lightAccent'), buttonText: ref('darkAccent') },
      accent: PALETTE_COLOR_THEMES.accent,
    },
    fonts: { heading: { family: 'fraunces', weight: 600 }, body: { family: 'karla', weight: 400 }, button: { family: 'karla', weight: 700 } },
    type: { desktop: { baseSizePx: 18, ratio: 1.25 }, phone: { baseSizePx: 17, ratio: 1.18 } },
    spacing: { sectionPaddingPx: 80, blockGapPx: 16, contentWidthPx: 1180 },
    buttons: { shape: 'pill', style: 'fill', size: 'medium' },
    animation: 'none',
    stickyHeader: false,
  };
}

function siteDocument(files: DocumentFile[]) {
  return {
    format: SITE_DOCUMENT_FORMAT,
    version: SITE_DOCUMENT_VERSION,
    settings: {
      identifier: 'fig-and-fennel',
      title: 'Fig & Fennel',
      tagline: 'Wood-fired Mediterranean kitchen',
      description: "A neighbourhood restaurant on Chandler's Row, Kestlebury: seasonal Mediterranean plates from a wood-fired oven.",
      locale: 'en-GB',
      timeZone: 'Europe/London',
      websiteType: 1,
      templateVersion: '7.1',
      customDomains: [],
      socialImage: '/s/table-spread.jpg',
      footerText: `Fig & Fennel · ${ADDRESS.street}, ${ADDRESS.town} · ${PHONE.shown} · Lunch Wed–Sun 12:00–14:30 · Dinner Tue–Sat 17:30–22:00 · Sunday until 16:00 · Closed Mondays`,
      contact: { email: EMAIL, phone: PHONE.shown, address: `${ADDRESS.street}, ${ADDRESS.town}` },
      design: design(),
    },
    navigation: [
      { title: 'Home', href: '/', newWindow: false },
      { title: 'Menu', href: '/menu', newWindow: false },
      { title: 'Visit', href: '/visit', newWindow: false },
      { title: 'Gallery', href: '/gallery', newWindow: false },
    ],
    header: { layout: 'center', showTagline: true, button: { text: 'Book a table', href: BOOKING } },
    footer: { showNavigation: true, links: [] },
    pages: [homePage(), menuPage(), visitPage(), galleryPage()],
    collections: [],
    redirects: [],
    files,
  };
}

async function main() {
  const files = await drawPictures();
  const doc = siteDocument(files);
  const dir = projectPath('sites/restaurant');
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/site.json`, `${JSON.stringify(doc, null, 1)}\n`);
  const bytes = files.reduce((n, file) => n + file.data.length, 0);
  console.log(`sites/restaurant/site.json: ${files.length} pictures (${Math.round(bytes / 1024)} KB of base64)`);
}

await main();
