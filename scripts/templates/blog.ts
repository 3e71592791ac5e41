/**
 * The personal blog template (sites/blog/site.json): Plot Fourteen, Ruth Ellery's blog about
 * growing, cooking and keeping the vegetables of one allotment. This script is the document's
 * source: its design (an Analogous palette from a muted beetroot seed, EB Garamond headings over
 * Source Serif 4), its pages (Home, the blog, About), its six posts and their pictures. The pictures
 * are drawn here, never photographed or downloaded: flat shapes on soft gradients in the blog's
 * palette, each an SVG made into a modest JPEG by sharp, with a seeded random generator so a run
 * gives the same bytes each time. The document is checked by the import schema before it is
 * written. Run: `npx tsx scripts/templates/blog.ts`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { siteDocumentSchema } from '../../src/blocks/site-document';
import { projectPath } from '../../src/db/project-root';
import { BLOCK_TYPES } from '../../src/domain/block-types';
import { COLLECTION_TYPES } from '../../src/domain/collection-types';
import { paletteFromPreset } from '../../src/domain/palette-generator';
import { DEFAULT_DESIGN, withPalette, type Design } from '../../src/document/design';
import { loadDocument } from '../../src/document/load';
import { SITE_DOCUMENT_FORMAT, SITE_DOCUMENT_VERSION } from '../../src/document/schema';

const OUT = projectPath('sites/blog/site.json');
const QUALITY = 60;
const TIME_ZONE = 'Europe/London';
const LOCALE = 'en-GB';
const EMAIL = 'ruth@plotfourteen.example';
const AUTHOR = 'Ruth Ellery';
const BLOG_PATH = '/blog';

/* ---------- ids ---------- */

/** A stable 24-hex id from a name, so a run changes no id that the content did not. */
const used = new Set<string>();
function id(name: string): string {
  const hex = createHash('sha256').update(`plot-fourteen:${name}`).digest('hex').slice(0, 24);
  if (used.has(hex)) throw new Error(`id ${name} given twice`);
  used.add(hex);
  return hex;
}

/* ---------- rich text ---------- */

type Mark = { type: 'link'; attrs: { href: string; target: null } } | { type: 'italic' };
type Inline = { type: 'text'; text: string; marks?: Mark[] };
type Node = { type: string; attrs?: Record<string, unknown>; content?: (Node | Inline)[] };
/** Inline content: a string, or [text, link] for a linked run. */
type Run = string | readonly [string, string];

const runs = (parts: readonly Run[]): Inline[] =>
  parts.map((part) =>
    typeof part === 'string'
      ? { type: 'text', text: part }
      : { type: 'text', text: part[0], marks: [{ type: 'link', attrs: { href: part[1], target: null } }] },
  );
const p = (...parts: Run[]): Node => ({ type: 'paragraph', attrs: { textAlign: null }, content: runs(parts) });
const h = (level: 1 | 2 | 3, text: string): Node => ({ type: 'heading', attrs: { textAlign: null, level }, content: runs([text]) });
const quote = (text: string): Node => ({ type: 'blockquote', content: [p(text)] });
const doc = (...content: Node[]) => ({ text: { type: 'doc', content } });

/* ---------- blocks ---------- */

type Place = { x: number; y: number; w: number; h: number };
type Block = { id: string; type: number; data: Record<string, unknown>; layout: { desktop: Place; phone?: Place } };
type Section = { id: string; theme: 'white' | 'light' | 'dark' | 'accent'; blocks: Block[] };

const place = (x: number, y: number, w: number, hh: number): Place => ({ x, y, w, h: hh });
const block = (name: string, type: number, data: Record<string, unknown>, desktop: Place, phone?: Place): Block => ({
  id: id(name),
  type,
  data,
  layout: phone ? { desktop, phone } : { desktop },
});
const text = (name: string, content: Node[], desktop: Place, phone?: Place) => block(name, BLOCK_TYPES.HTML, doc(...content), desktop, phone);
const button = (
  name: string,
  data: { buttonText: string; clickthroughUrl: string; style?: string; size?: string; alignment?: string },
  desktop: Place,
  phone?: Place,
) => block(name, BLOCK_TYPES.BUTTON, data, desktop, phone);
const section = (name: string, theme: Section['theme'], blocks: Block[]): Section => ({ id: id(name), theme, blocks });

/* ---------- pictures ---------- */

/** A seeded generator, so the same pictures come out each run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The pictures' colours: the blog's palette (parchment, beetroot, plum) and the plot's greens and ochres, all muted. */
const C = {
  paper: '#f6f0e6',
  parchment: '#ebe5d6',
  linen: '#e2d6c2',
  kraft: '#cfb48d',
  terracotta: '#9b5d4c',
  plum: '#44222b',
  beet: '#6e2a3d',
  beetLight: '#8f3d55',
  sage: '#7d8a5c',
  leaf: '#5f7048',
  darkLeaf: '#3f4b35',
  paleLeaf: '#a9b78a',
  bean: '#93ad5f',
  ochre: '#c8934a',
  squash: '#c9773e',
  butter: '#e6cf8c',
  wood: '#a77b54',
  woodDark: '#7c5638',
  soil: '#5b4a40',
  slate: '#7f9196',
  frost: '#e4ebec',
  skin: '#d6a588',
  skinShade: '#c08e72',
  hair: '#4a332b',
  cream: '#f3e9d6',
} as const;

const f = (n: number) => n.toFixed(1);
const gradient = (name: string, from: string, to: string, vertical = true) =>
  `<linearGradient id="${name}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
const backdrop = (w: number, hh: number, from: string, to: string) =>
  `<defs>${gradient('bg', from, to)}</defs><rect width="${w}" height="${hh}" fill="url(#bg)"/>`;
const shadow = (cx: number, cy: number, rx: number, ry = rx * 0.14, opacity = 0.16) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="#2a1a16" opacity="${opacity}"/>`;
const rotate = (deg: number, cx: number, cy: number, inner: string) => `<g transform="rotate(${f(deg)} ${f(cx)} ${f(cy)})">${inner}</g>`;

/** A leaf: a pointed oval from (x, y) at `angle` degrees, `len` long. */
function leaf(x: number, y: number, len: number, angle: number, color: string, width = 0.38, opacity = 1) {
  const w = len * width;
  return rotate(
    angle,
    x,
    y,
    `<path d="M${f(x)} ${f(y)} Q${f(x + len / 2)} ${f(y - w)} ${f(x + len)} ${f(y)} Q${f(x + len / 2)} ${f(y + w)} ${f(x)} ${f(y)} z" fill="${color}"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`,
  );
}

/** A bean pod lying at `angle`: a long curved shape with the beans' bumps along it. */
function pod(x: number, y: number, len: number, angle: number, color: string) {
  const bumps = Array.from(
    { length: 5 },
    (_, i) => `<ellipse cx="${f(x + len * (0.16 + i * 0.17))}" cy="${f(y - 2)}" rx="${f(len * 0.075)}" ry="${f(len * 0.06)}" fill="#ffffff" opacity="0.12"/>`,
  ).join('');
  const body = `<path d="M${f(x)} ${f(y)} Q${f(x + len * 0.1)} ${f(y - len * 0.09)} ${f(x + len * 0.5)} ${f(y - len * 0.085)} Q${f(x + len * 0.92)} ${f(y - len * 0.08)} ${f(x + len)} ${f(y - len * 0.02)} Q${f(x + len * 0.9)} ${f(y + len * 0.07)} ${f(x + len * 0.5)} ${f(y + len * 0.075)} Q${f(x + len * 0.1)} ${f(y + len * 0.08)} ${f(x)} ${f(y)} z" fill="${color}"/>`;
  const seam = `<path d="M${f(x + len * 0.05)} ${f(y + len * 0.02)} Q${f(x + len * 0.5)} ${f(y + len * 0.06)} ${f(x + len * 0.95)} ${f(y)}" stroke="#2f3a26" stroke-width="2" fill="none" opacity="0.35"/>`;
  const stalk = `<path d="M${f(x)} ${f(y)} q${f(-len * 0.08)} ${f(-len * 0.02)} ${f(-len * 0.12)} ${f(-len * 0.07)}" stroke="${C.darkLeaf}" stroke-width="${f(len * 0.025)}" stroke-linecap="round" fill="none"/>`;
  return rotate(angle, x, y, stalk + body + bumps + seam);
}

/** A wooden board seen from above, its grain in a few lines. */
function board(x: number, y: number, w: number, hh: number, rnd: () => number) {
  let grain = '';
  for (let i = 0; i < 9; i++) {
    const gy = y + 18 + rnd() * (hh - 36);
    grain += `<path d="M${f(x + 20)} ${f(gy)} q${f(w * 0.3)} ${f(rnd() * 10 - 5)} ${f(w * 0.6)} ${f(rnd() * 8 - 4)} t${f(w * 0.3)} 0" stroke="${C.woodDark}" stroke-width="2" fill="none" opacity="0.3"/>`;
  }
  return `<rect x="${x + 14}" y="${y + 18}" width="${w}" height="${hh}" rx="26" fill="#2a1a16" opacity="0.14"/><rect x="${x}" y="${y}" width="${w}" height="${hh}" rx="26" fill="${C.wood}"/>${grain}`;
}

/** Broad beans: pods on a board, one split open, and a bowl of skinned beans. */
function broadBeans(seed: number) {
  const rnd = random(seed);
  let out = backdrop(1200, 800, C.parchment, C.linen);
  out += board(130, 150, 720, 520, rnd);
  out += pod(200, 300, 380, -8, C.bean);
  out += pod(230, 420, 420, 4, '#86a054');
  out += pod(480, 560, 300, -14, C.bean);
  // The open pod: its white lining and four beans in their grey jackets.
  out += rotate(
    -4,
    260,
    590,
    `<path d="M250 590 Q300 540 420 545 Q540 548 580 585 Q520 640 420 640 Q300 640 250 590 z" fill="#86a054"/><path d="M270 590 Q320 560 420 562 Q520 565 555 588 Q505 622 420 622 Q320 622 270 590 z" fill="${C.cream}"/>${[
      320, 375, 430, 485,
    ]
      .map(
        (cx) =>
          `<ellipse cx="${cx}" cy="592" rx="24" ry="18" fill="#c3cf9f"/><path d="M${cx - 8} 584 q8 -5 16 0" stroke="#6c7a45" stroke-width="3" fill="none"/>`,
      )
      .join('')}`,
  );
  // The bowl, from above, and the bright skinned beans in it.
  out += `<circle cx="930" cy="470" r="190" fill="#2a1a16" opacity="0.15" transform="translate(12 16)"/><circle cx="930" cy="470" r="190" fill="${C.plum}"/><circle cx="930" cy="470" r="160" fill="${C.cream}"/>`;
  for (let i = 0; i < 34; i++) {
    const a = rnd() * Math.PI * 2;
    const r = Math.sqrt(rnd()) * 118;
    const cx = 930 + Math.cos(a) * r;
    const cy = 470 + Math.sin(a) * r;
    out += rotate(rnd() * 180, cx, cy, `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="22" ry="16" fill="${i % 3 ? '#8fb24e' : '#a3c260'}"/>`);
  }
  // A few grey jackets, slipped off, on the table.
  for (let i = 0; i < 7; i++) {
    const cx = 880 + rnd() * 240;
    const cy = 690 + rnd() * 80;
    out += rotate(rnd() * 180, cx, cy, `<path d="M${f(cx - 20)} ${f(cy)} q20 -22 40 0 q-20 14 -40 0 z" fill="#c7cca8"/>`);
  }
  out += leaf(760, 250, 90, -30, C.leaf) + leaf(770, 250, 70, -70, C.sage);
  return out;
}

/** A courgette lying at `angle`: a long rounded body, stripes and a stalk. */
function courgette(x: number, y: number, len: number, thick: number, angle: number, color: string, rnd: () => number) {
  let stripes = '';
  for (let i = 0; i < 4; i++) {
    const sy = y - thick / 2 + thick * (0.2 + i * 0.2);
    stripes += `<path d="M${f(x + len * 0.1)} ${f(sy)} L${f(x + len * 0.9)} ${f(sy + (rnd() - 0.5) * 4)}" stroke="#ffffff" stroke-width="2.5" opacity="0.12"/>`;
  }
  let specks = '';
  for (let i = 0; i < 14; i++)
    specks += `<circle cx="${f(x + len * (0.1 + rnd() * 0.8))}" cy="${f(y - thick * 0.35 + rnd() * thick * 0.7)}" r="2" fill="#ffffff" opacity="0.18"/>`;
  return rotate(
    angle,
    x,
    y,
    `${shadow(x + len / 2, y + thick * 0.55, len * 0.48, thick * 0.16)}<rect x="${f(x)}" y="${f(y - thick / 2)}" width="${f(len)}" height="${f(thick)}" rx="${f(thick / 2)}" fill="${color}"/>${stripes}${specks}<rect x="${f(x + len - 6)}" y="${f(y - thick * 0.14)}" width="${f(thick * 0.5)}" height="${f(thick * 0.28)}" rx="5" fill="${C.sage}"/><circle cx="${f(x + 4)}" cy="${f(y)}" r="${f(thick * 0.1)}" fill="${C.butter}" opacity="0.7"/>`,
  );
}

/** A courgette flower: five soft petals around a deep centre. */
function flower(cx: number, cy: number, r: number) {
  const petals = Array.from({ length: 5 }, (_, i) => leaf(cx, cy, r, i * 72 - 90, i % 2 ? '#e0a542' : C.ochre, 0.55)).join('');
  return `${petals}<circle cx="${cx}" cy="${cy}" r="${f(r * 0.22)}" fill="#b86f2c"/>`;
}

/** Forty courgettes, or enough of them: a pile on a cloth, one marrow, a flower. */
function courgettes(seed: number) {
  const rnd = random(seed);
  let out = backdrop(1200, 800, '#ede3d3', '#ddcdb5');
  // A checked cloth under the pile.
  out += `<g transform="rotate(-6 600 470)"><rect x="170" y="230" width="860" height="470" fill="${C.cream}"/>`;
  for (let i = 0; i < 10; i++) out += `<rect x="${170 + i * 86}" y="230" width="34" height="470" fill="${C.terracotta}" opacity="0.22"/>`;
  for (let i = 0; i < 6; i++) out += `<rect x="170" y="${240 + i * 78}" width="860" height="34" fill="${C.terracotta}" opacity="0.22"/>`;
  out += '</g>';
  out += courgette(230, 560, 700, 150, -6, C.leaf, rnd);
  const small = [
    [300, 380, 300, 70, -14, C.darkLeaf],
    [560, 330, 280, 66, 8, '#55683f'],
    [650, 430, 330, 74, -4, C.darkLeaf],
    [330, 460, 260, 62, 10, '#d8b54e'],
    [760, 560, 250, 60, -20, '#55683f'],
    [420, 650, 280, 64, 4, C.darkLeaf],
  ] as const;
  for (const [x, y, len, thick, angle, color] of small) out += courgette(x, y, len, thick, angle, color, rnd);
  out += leaf(930, 230, 170, -20, C.sage, 0.6) + leaf(930, 230, 140, 40, C.leaf, 0.6);
  out += flower(1010, 300, 70);
  return out;
}

/** A ribbed tomato with its green calyx. */
function tomato(cx: number, cy: number, r: number, color: string) {
  const ribs = [-0.5, 0, 0.5]
    .map(
      (k) =>
        `<path d="M${f(cx + r * k * 0.8)} ${f(cy - r * 0.8)} Q${f(cx + r * k * 1.4)} ${f(cy)} ${f(cx + r * k * 0.8)} ${f(cy + r * 0.85)}" stroke="#000" stroke-width="3" fill="none" opacity="0.08"/>`,
    )
    .join('');
  const calyx = Array.from({ length: 5 }, (_, i) => leaf(cx, cy - r * 0.78, r * 0.45, i * 72 - 90, C.leaf, 0.3)).join('');
  return `${shadow(cx, cy + r * 0.92, r * 0.9, r * 0.16)}<ellipse cx="${cx}" cy="${cy}" rx="${f(r * 1.08)}" ry="${r}" fill="${color}"/><ellipse cx="${f(cx - r * 0.35)}" cy="${f(cy - r * 0.35)}" rx="${f(r * 0.25)}" ry="${f(r * 0.14)}" fill="#ffffff" opacity="0.22"/>${ribs}${calyx}`;
}

/** A paper seed packet, its flap folded down. */
function packet(x: number, y: number, w: number, hh: number, angle: number, band: string) {
  return rotate(
    angle,
    x + w / 2,
    y + hh / 2,
    `<rect x="${x + 8}" y="${y + 10}" width="${w}" height="${hh}" fill="#2a1a16" opacity="0.14"/><rect x="${x}" y="${y}" width="${w}" height="${hh}" fill="${C.paper}"/><path d="M${x} ${y} L${x + w / 2} ${y + hh * 0.28} L${x + w} ${y} z" fill="${C.linen}"/><rect x="${x + w * 0.15}" y="${y + hh * 0.55}" width="${w * 0.7}" height="${hh * 0.1}" fill="${band}" opacity="0.8"/><rect x="${x + w * 0.15}" y="${y + hh * 0.72}" width="${w * 0.45}" height="${hh * 0.05}" fill="${C.plum}" opacity="0.35"/>`,
  );
}

/** Saving tomato seed: ripe tomatoes, a jar fermenting, packets and seeds drying on a plate. */
function tomatoSeed(seed: number) {
  const rnd = random(seed);
  let out = backdrop(1200, 800, '#dcc7a6', C.kraft);
  // The jar of pulp on the sill.
  out += `${shadow(890, 545, 110, 18)}<rect x="790" y="230" width="200" height="310" rx="34" fill="${C.paper}" opacity="0.5"/><rect x="806" y="330" width="168" height="196" rx="26" fill="#c5604a" opacity="0.85"/><rect x="806" y="330" width="168" height="26" rx="10" fill="#9fa088" opacity="0.8"/><rect x="780" y="214" width="220" height="34" rx="8" fill="${C.paper}"/>`;
  for (let i = 0; i < 26; i++) out += `<ellipse cx="${f(822 + rnd() * 136)}" cy="${f(372 + rnd() * 140)}" rx="5" ry="3.5" fill="${C.butter}"/>`;
  // The plate of seeds drying.
  out += `<ellipse cx="560" cy="640" rx="230" ry="120" fill="#2a1a16" opacity="0.13" transform="translate(8 12)"/><ellipse cx="560" cy="640" rx="230" ry="120" fill="${C.paper}"/><ellipse cx="560" cy="640" rx="170" ry="84" fill="#efe6d6"/>`;
  for (let i = 0; i < 60; i++) {
    const a = rnd() * Math.PI * 2;
    const r = Math.sqrt(rnd());
    const cx = 560 + Math.cos(a) * r * 150;
    const cy = 640 + Math.sin(a) * r * 72;
    out += rotate(rnd() * 180, cx, cy, `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="7" ry="4.5" fill="#d9bf7a"/>`);
  }
  out += packet(120, 420, 190, 250, -10, C.terracotta) + packet(300, 470, 170, 220, 8, C.sage);
  out += tomato(260, 250, 110, '#b9483a') + tomato(470, 300, 90, '#c76a5f') + tomato(610, 200, 70, '#b9483a');
  // Half a tomato, cut across, its seeds in their jelly.
  out += `${shadow(1040, 700, 90, 14)}<ellipse cx="1040" cy="660" rx="95" ry="60" fill="#b9483a"/><ellipse cx="1040" cy="660" rx="80" ry="48" fill="#d77a62"/>`;
  for (const [dx, dy] of [
    [-40, -14],
    [38, -16],
    [-36, 18],
    [40, 16],
  ] as const)
    out += `<ellipse cx="${1040 + dx}" cy="${660 + dy}" rx="22" ry="13" fill="#e9a889"/><circle cx="${1040 + dx}" cy="${660 + dy}" r="4" fill="${C.butter}"/>`;
  return out;
}

type SquashKind = 'crown' | 'butternut' | 'onion' | 'striped';

/** A squash of one of four kinds, sitting at (cx, base). */
function squash(kind: SquashKind, cx: number, base: number, size: number) {
  const stalk = (x: number, y: number) =>
    `<path d="M${f(x)} ${f(y)} q${f(size * 0.04)} ${f(-size * 0.16)} ${f(size * 0.14)} ${f(-size * 0.2)}" stroke="${C.woodDark}" stroke-width="${f(size * 0.07)}" stroke-linecap="round" fill="none"/>`;
  switch (kind) {
    case 'crown': {
      const rx = size * 0.62;
      const ry = size * 0.36;
      const cy = base - ry;
      const lobes = [-0.55, -0.2, 0.2, 0.55]
        .map(
          (k) =>
            `<path d="M${f(cx + rx * k)} ${f(cy - ry * 0.9)} Q${f(cx + rx * k * 1.25)} ${f(cy)} ${f(cx + rx * k)} ${f(cy + ry * 0.92)}" stroke="#56666b" stroke-width="3" fill="none" opacity="0.5"/>`,
        )
        .join('');
      return `${shadow(cx, base, rx * 0.9, 8)}<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${C.slate}"/>${lobes}${stalk(cx, cy - ry * 0.85)}`;
    }
    case 'butternut': {
      const w = size * 0.95;
      const x = cx - w / 2;
      const bodyPath = `M${f(x + w * 0.12)} ${f(base - size * 0.2)} C${f(x - w * 0.05)} ${f(base - size * 0.5)} ${f(x + w * 0.3)} ${f(base - size * 0.52)} ${f(x + w * 0.5)} ${f(base - size * 0.34)} C${f(x + w * 0.62)} ${f(base - size * 0.26)} ${f(x + w * 0.72)} ${f(base - size * 0.44)} ${f(x + w * 0.9)} ${f(base - size * 0.36)} C${f(x + w * 1.05)} ${f(base - size * 0.3)} ${f(x + w * 1.02)} ${f(base - size * 0.04)} ${f(x + w * 0.86)} ${f(base)} L${f(x + w * 0.3)} ${f(base)} C${f(x + w * 0.12)} ${f(base)} ${f(x + w * 0.04)} ${f(base - size * 0.1)} ${f(x + w * 0.12)} ${f(base - size * 0.2)} z`;
      return `${shadow(cx, base, w * 0.5, 8)}<path d="${bodyPath}" fill="#dcae6c"/>${stalk(x + w * 0.05, base - size * 0.3)}`;
    }
    case 'onion': {
      const r = size * 0.36;
      const cy = base - r;
      return `${shadow(cx, base, r, 7)}<path d="M${f(cx)} ${f(cy - r * 1.25)} C${f(cx + r * 0.6)} ${f(cy - r * 1.1)} ${f(cx + r * 1.1)} ${f(cy - r * 0.4)} ${f(cx + r)} ${f(cy + r * 0.3)} C${f(cx + r * 0.9)} ${f(cy + r)} ${f(cx - r * 0.9)} ${f(cy + r)} ${f(cx - r)} ${f(cy + r * 0.3)} C${f(cx - r * 1.1)} ${f(cy - r * 0.4)} ${f(cx - r * 0.6)} ${f(cy - r * 1.1)} ${f(cx)} ${f(cy - r * 1.25)} z" fill="${C.squash}"/><path d="M${f(cx)} ${f(cy - r * 1.1)} Q${f(cx + r * 0.3)} ${f(cy)} ${f(cx)} ${f(cy + r * 0.9)}" stroke="#a85e2c" stroke-width="3" fill="none" opacity="0.5"/>${stalk(cx - size * 0.02, cy - r * 1.2)}`;
    }
    case 'striped': {
      const rx = size * 0.5;
      const ry = size * 0.4;
      const cy = base - ry;
      const stripes = [-0.6, -0.3, 0, 0.3, 0.6]
        .map(
          (k) =>
            `<path d="M${f(cx + rx * k * 0.7)} ${f(cy - ry * 0.95)} Q${f(cx + rx * k * 1.3)} ${f(cy)} ${f(cx + rx * k * 0.7)} ${f(cy + ry * 0.95)}" stroke="${C.butter}" stroke-width="${f(size * 0.05)}" fill="none" opacity="0.7"/>`,
        )
        .join('');
      return `${shadow(cx, base, rx * 0.9, 8)}<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${C.leaf}"/>${stripes}${stalk(cx, cy - ry * 0.9)}`;
    }
  }
}

/** Two shelves of cured squash against the spare-room wall. */
function squashShelf(seed: number) {
  const rnd = random(seed);
  let out = backdrop(1200, 800, '#efe8da', C.parchment);
  // Faint wallpaper sprigs.
  for (let i = 0; i < 26; i++) out += leaf(40 + rnd() * 1120, 30 + rnd() * 720, 26, rnd() * 360, C.sage, 0.4, 0.18);
  const shelf = (y: number) =>
    `<rect x="70" y="${y}" width="1060" height="30" fill="${C.wood}"/><rect x="70" y="${y + 30}" width="1060" height="12" fill="${C.woodDark}"/><rect x="140" y="${y + 42}" width="22" height="60" fill="${C.woodDark}"/><rect x="1038" y="${y + 42}" width="22" height="60" fill="${C.woodDark}"/>`;
  out += shelf(330) + shelf(660);
  const top: [SquashKind, number, number][] = [
    ['crown', 250, 250],
    ['onion', 470, 200],
    ['onion', 610, 170],
    ['butternut', 820, 260],
    ['onion', 1010, 180],
  ];
  const bottom: [SquashKind, number, number][] = [
    ['butternut', 240, 250],
    ['striped', 480, 280],
    ['crown', 760, 290],
    ['onion', 990, 190],
  ];
  for (const [kind, cx, size] of top) out += squash(kind, cx, 332, size);
  for (const [kind, cx, size] of bottom) out += squash(kind, cx, 662, size);
  return out;
}

/** A jar of beetroot under a cloth cover tied with string, and a blank label. */
function jar(x: number, base: number, w: number, hh: number, cloth: string) {
  const top = base - hh;
  return `${shadow(x + w / 2, base, w * 0.55, 10)}<rect x="${x}" y="${top + 20}" width="${w}" height="${hh - 20}" rx="${w * 0.16}" fill="${C.paper}" opacity="0.55"/><rect x="${x + 10}" y="${top + 40}" width="${w - 20}" height="${hh - 52}" rx="${w * 0.12}" fill="${C.beet}"/>
  <rect x="${x + 18}" y="${top + 52}" width="${w * 0.12}" height="${hh * 0.55}" rx="6" fill="#ffffff" opacity="0.18"/>
  <path d="M${x - 12} ${top + 34} Q${x + w / 2} ${top - 8} ${x + w + 12} ${top + 34} L${x + w + 4} ${top + 52} Q${x + w / 2} ${top + 40} ${x - 4} ${top + 52} z" fill="${cloth}"/><rect x="${x - 2}" y="${top + 38}" width="${w + 4}" height="5" fill="${C.cream}"/>
  <rect x="${x + w * 0.18}" y="${top + hh * 0.5}" width="${w * 0.64}" height="${hh * 0.2}" rx="4" fill="${C.cream}"/><rect x="${x + w * 0.28}" y="${top + hh * 0.58}" width="${w * 0.44}" height="4" fill="${C.plum}" opacity="0.45"/>`;
}

/** A beetroot with its tail and red-veined leaves, lying on its side. */
function beetroot(cx: number, cy: number, r: number, angle: number) {
  const leaves = [-30, -10, 12]
    .map(
      (a, i) =>
        leaf(cx + r * 0.6, cy - r * 0.5, r * 2.4, a - 40, i === 1 ? C.leaf : C.sage, 0.34) +
        rotate(
          a - 40,
          cx + r * 0.6,
          cy - r * 0.5,
          `<path d="M${f(cx + r * 0.6)} ${f(cy - r * 0.5)} l${f(r * 2.2)} 0" stroke="${C.beetLight}" stroke-width="4"/>`,
        ),
    )
    .join('');
  return rotate(
    angle,
    cx,
    cy,
    `${leaves}${shadow(cx, cy + r * 0.95, r, r * 0.15)}<path d="M${f(cx - r * 0.8)} ${f(cy + r * 0.5)} Q${f(cx - r * 1.8)} ${f(cy + r * 1.2)} ${f(cx - r * 2.3)} ${f(cy + r * 0.9)}" stroke="${C.beet}" stroke-width="5" fill="none" stroke-linecap="round"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.beet}"/><ellipse cx="${f(cx - r * 0.3)}" cy="${f(cy - r * 0.35)}" rx="${f(r * 0.3)}" ry="${f(r * 0.18)}" fill="#ffffff" opacity="0.15"/>`,
  );
}

/** Three jars of pickled beetroot and the roots they came from. */
function beetrootJars(seed: number) {
  const rnd = random(seed);
  let out = backdrop(1200, 800, '#ece3d4', '#dccfbb');
  out += `<rect x="0" y="560" width="1200" height="240" fill="${C.linen}"/><rect x="0" y="556" width="1200" height="8" fill="#cbbca4"/>`;
  out += jar(330, 600, 190, 330, C.terracotta) + jar(560, 600, 160, 400, C.sage) + jar(760, 600, 170, 290, C.ochre);
  out += beetroot(210, 660, 62, -8) + beetroot(1010, 690, 70, 10) + beetroot(880, 720, 44, -4);
  // Cubes of beetroot spilled on the cloth.
  for (let i = 0; i < 8; i++) {
    const x = 430 + rnd() * 260;
    const y = 660 + rnd() * 90;
    out += rotate(rnd() * 90, x, y, `<rect x="${f(x)}" y="${f(y)}" width="22" height="22" rx="3" fill="${i % 2 ? C.beetLight : C.beet}"/>`);
  }
  return out;
}

/** One leek standing in the ground: its white shank and a fan of blue-green leaves, rimed at the tips. */
function leek(x: number, ground: number, height: number, rnd: () => number) {
  const shank = height * 0.42;
  let leaves = '';
  const fan = [-28, -12, 6, 22];
  fan.forEach((a, i) => {
    const len = height * (0.55 + rnd() * 0.2);
    const sx = x;
    const sy = ground - shank + 6;
    const tip = `<path d="M${f(sx + len * 0.78)} ${f(sy)} l${f(len * 0.22)} 0" stroke="${C.frost}" stroke-width="${f(height * 0.03)}" stroke-linecap="round"/>`;
    leaves += rotate(
      a - 90 + (rnd() - 0.5) * 8,
      sx,
      sy,
      `<path d="M${f(sx)} ${f(sy - height * 0.03)} Q${f(sx + len * 0.55)} ${f(sy - height * 0.07)} ${f(sx + len)} ${f(sy)} Q${f(sx + len * 0.55)} ${f(sy + height * 0.06)} ${f(sx)} ${f(sy + height * 0.03)} z" fill="${i % 2 ? '#6f8a7e' : '#5d7769'}"/>${tip}`,
    );
  });
  const w = height * 0.07;
  return `${leaves}<rect x="${f(x - w / 2)}" y="${f(ground - shank)}" width="${f(w)}" height="${f(shank)}" rx="${f(w / 2)}" fill="${C.cream}"/><rect x="${f(x - w / 2)}" y="${f(ground - shank)}" width="${f(w)}" height="${f(shank * 0.35)}" rx="${f(w / 2)}" fill="#b9c6a4"/>`;
}

/** Frost on the plot: rows of leeks in white-rimed ground, a low sun, blackened bean poles behind. */
function frostyLeeks(seed: number) {
  const rnd = random(seed);
  let out = `<defs>${gradient('bg', '#dfe5e6', '#f1e7da')}${gradient('ground', '#6b5a50', C.soil)}</defs><rect width="1200" height="800" fill="url(#bg)"/>`;
  out += `<circle cx="930" cy="330" r="80" fill="#f2d6a2" opacity="0.9"/><circle cx="930" cy="330" r="140" fill="#f2d6a2" opacity="0.25"/>`;
  out += `<path d="M0 360 Q300 320 600 350 T1200 340 L1200 800 L0 800 z" fill="#b8c2bd"/>`;
  // The bean poles, their plants blackened by the frost.
  for (const x of [130, 250]) {
    out += `<path d="M${x - 50} 470 L${x} 200 L${x + 50} 470" stroke="${C.woodDark}" stroke-width="7" fill="none"/>`;
    for (let i = 0; i < 14; i++) out += leaf(x - 40 + rnd() * 80, 230 + rnd() * 220, 26, rnd() * 360, '#3a3430');
  }
  out += `<path d="M0 440 Q400 420 800 440 T1200 430 L1200 800 L0 800 z" fill="url(#ground)"/>`;
  for (let i = 0; i < 420; i++)
    out += `<circle cx="${f(rnd() * 1200)}" cy="${f(445 + rnd() * 355)}" r="${f(1 + rnd() * 2.4)}" fill="#ffffff" opacity="${f(0.45 + rnd() * 0.4)}"/>`;
  // Two rows, the nearer larger.
  for (let i = 0; i < 8; i++) out += leek(420 + i * 95 + rnd() * 10, 560, 220, rnd);
  for (let i = 0; i < 6; i++) out += leek(330 + i * 150 + rnd() * 12, 760, 340, rnd);
  return out;
}

/** Ruth, in her straw hat, with a trug from the plot: the home page's portrait. */
function portrait(seed: number) {
  const rnd = random(seed);
  const W = 1000;
  const H = 1250;
  let out = `<defs>${gradient('bg', '#efe6d6', '#e0d1ba')}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  out += `<circle cx="640" cy="420" r="300" fill="#f0d9b4"/>`;
  // Bean wigwams behind her, in leaf.
  for (const x of [170, 840]) {
    out += `<path d="M${x - 90} 980 L${x} 250 L${x + 90} 980" stroke="${C.woodDark}" stroke-width="9" fill="none"/><path d="M${x} 250 L${x} 980" stroke="${C.woodDark}" stroke-width="7"/>`;
    for (let i = 0; i < 36; i++) out += leaf(x - 70 + rnd() * 140, 300 + rnd() * 640, 38 + rnd() * 16, rnd() * 360, i % 3 ? C.sage : C.leaf);
    for (let i = 0; i < 8; i++) out += `<circle cx="${f(x - 60 + rnd() * 120)}" cy="${f(320 + rnd() * 600)}" r="7" fill="${C.terracotta}"/>`;
  }
  out += `<path d="M0 1010 Q500 960 1000 1010 L1000 1250 L0 1250 z" fill="${C.paleLeaf}"/><path d="M0 1100 Q500 1060 1000 1100 L1000 1250 L0 1250 z" fill="${C.sage}"/>`;
  // Her: hair behind, shoulders in a cardigan, the collar of her shirt, neck and face.
  out += `<path d="M395 560 Q380 760 430 820 L580 820 Q630 760 612 560 z" fill="${C.hair}"/>`;
  out += `<path d="M250 1250 L270 930 Q285 810 420 790 L590 790 Q720 810 735 930 L755 1250 z" fill="${C.terracotta}"/>`;
  out += `<path d="M440 790 L505 900 L570 790 z" fill="${C.cream}"/><path d="M420 792 L505 960 L590 792" stroke="#83493b" stroke-width="10" fill="none"/>`;
  out += `<rect x="470" y="700" width="70" height="110" rx="30" fill="${C.skinShade}"/>`;
  out += `<ellipse cx="505" cy="600" rx="100" ry="122" fill="${C.skin}"/>`;
  out += `<path d="M408 560 Q420 470 505 470 Q600 470 606 560 Q560 520 505 530 Q450 520 408 560 z" fill="${C.hair}"/>`;
  out += `<path d="M455 610 q14 -10 28 0 M527 610 q14 -10 28 0" stroke="${C.hair}" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M482 665 q23 16 46 0" stroke="#8a4c3f" stroke-width="5" fill="none" stroke-linecap="round"/><circle cx="448" cy="648" r="16" fill="#d98f7c" opacity="0.45"/><circle cx="562" cy="648" r="16" fill="#d98f7c" opacity="0.45"/>`;
  // The straw hat, its plum band.
  out += `<ellipse cx="505" cy="500" rx="230" ry="52" fill="#d7b671"/><path d="M390 500 Q395 375 505 372 Q615 375 620 500 z" fill="#dfc27f"/><path d="M393 470 Q505 455 617 470 L619 498 Q505 484 391 498 z" fill="${C.plum}"/>`;
  for (let i = 0; i < 6; i++) out += `<path d="M${300 + i * 70} ${492 + (i % 2) * 8} q30 6 60 0" stroke="#b99552" stroke-width="3" fill="none" opacity="0.6"/>`;
  // The trug, heaped with leeks, carrots and beetroot, and her hands on its rim.
  out += `<path d="M300 1040 Q505 760 710 1040" stroke="${C.woodDark}" stroke-width="16" fill="none"/>`;
  out += leek(420, 1030, 260, rnd);
  out += leek(580, 1030, 240, rnd);
  for (const [x, a] of [
    [470, -60],
    [520, -80],
    [640, -110],
  ] as const)
    out += rotate(a, x, 1030, `<path d="M${x} 1024 L${x + 150} 1030 L${x} 1040 z" fill="${C.squash}"/>`) + leaf(x, 1030, 60, a - 180, C.leaf);
  out += `<circle cx="370" cy="1000" r="44" fill="${C.beet}"/><circle cx="655" cy="1004" r="38" fill="${C.beet}"/>`;
  out += `<path d="M250 1020 L760 1020 L720 1180 L290 1180 z" fill="${C.wood}"/><path d="M260 1055 L750 1055 M270 1100 L740 1100 M282 1145 L728 1145" stroke="${C.woodDark}" stroke-width="4" opacity="0.45"/><rect x="240" y="1008" width="530" height="22" rx="10" fill="${C.woodDark}"/>`;
  out += `<ellipse cx="300" cy="1020" rx="40" ry="26" fill="${C.skin}"/><ellipse cx="710" cy="1020" rx="40" ry="26" fill="${C.skin}"/>`;
  return out;
}

/** The plot itself: the shed with its water butt, raised beds, sunflowers, a watering can. */
function shed(seed: number) {
  const rnd = random(seed);
  const W = 1200;
  let out = `<defs>${gradient('bg', '#efe7d8', '#e5dac8')}</defs><rect width="${W}" height="1500" fill="url(#bg)"/>`;
  out += `<circle cx="880" cy="260" r="110" fill="#f0d9b4"/>`;
  out += `<path d="M0 620 Q300 560 600 600 T1200 580 L1200 1500 L0 1500 z" fill="#c4c9a6"/>`;
  // Trees along the hedge line.
  for (let i = 0; i < 7; i++) {
    const x = 60 + i * 180 + rnd() * 40;
    out += `<ellipse cx="${f(x)}" cy="${f(590 - rnd() * 40)}" rx="${f(80 + rnd() * 40)}" ry="${f(60 + rnd() * 30)}" fill="${i % 2 ? C.sage : '#8c9a6a'}" opacity="0.8"/>`;
  }
  out += `<rect x="0" y="690" width="${W}" height="810" fill="#a9b07f"/>`;
  // The shed: plank walls, a pent roof, a door and a window.
  out += `${shadow(470, 1000, 330, 24, 0.2)}<path d="M170 610 L770 540 L770 1000 L170 1000 z" fill="${C.woodDark}"/>`;
  for (let i = 1; i < 12; i++) out += `<rect x="${170 + i * 50}" y="${f(610 - i * 5.8)}" width="3" height="${f(390 + i * 5.8)}" fill="#5e402a" opacity="0.7"/>`;
  out += `<path d="M130 580 L810 500 L820 540 L140 620 z" fill="${C.plum}"/>`;
  out += `<rect x="230" y="690" width="170" height="310" fill="${C.sage}"/><rect x="230" y="690" width="170" height="310" fill="none" stroke="#5c6a44" stroke-width="8"/><circle cx="378" cy="850" r="9" fill="${C.butter}"/>`;
  out += `<rect x="500" y="680" width="180" height="130" fill="#d9e0dc"/><path d="M590 680 L590 810 M500 745 L680 745" stroke="${C.woodDark}" stroke-width="10"/><rect x="492" y="672" width="196" height="146" fill="none" stroke="${C.cream}" stroke-width="10"/>`;
  // The water butt.
  out += `${shadow(870, 1000, 80, 12)}<rect x="800" y="780" width="140" height="220" rx="18" fill="#4f6450"/><rect x="790" y="770" width="160" height="26" rx="10" fill="#3f5040"/><path d="M820 830 L920 830 M820 900 L920 900" stroke="#3f5040" stroke-width="6"/>`;
  // Sunflowers by the shed.
  for (const [x, top] of [
    [1010, 560],
    [1090, 640],
    [950, 690],
  ] as const) {
    out += `<path d="M${x} 1010 L${x} ${top}" stroke="${C.leaf}" stroke-width="12"/>${leaf(x, top + 170, 80, -30, C.leaf)}${leaf(x, top + 250, 80, 200, C.sage)}`;
    out +=
      Array.from({ length: 12 }, (_, i) => leaf(x, top, 62, i * 30, i % 2 ? '#e0a542' : C.ochre, 0.4)).join('') +
      `<circle cx="${x}" cy="${top}" r="30" fill="${C.woodDark}"/>`;
  }
  // Raised beds in front: kale, lettuces, a row of leeks.
  const bed = (y: number) =>
    `<rect x="60" y="${y}" width="1080" height="150" fill="${C.soil}"/><rect x="60" y="${y + 130}" width="1080" height="30" fill="${C.wood}"/>`;
  out += bed(1080) + bed(1290);
  for (let i = 0; i < 8; i++) {
    const x = 130 + i * 130;
    out += Array.from({ length: 6 }, (_, j) => leaf(x, 1150, 60 + rnd() * 20, -150 + j * 24, j % 2 ? '#4d5d45' : '#5f7356', 0.45)).join('');
  }
  for (let i = 0; i < 10; i++) {
    const x = 110 + i * 106;
    out += `<circle cx="${x}" cy="1350" r="38" fill="${C.paleLeaf}"/><circle cx="${x}" cy="1346" r="22" fill="#c3cf9f"/>`;
  }
  // The watering can.
  out += `<rect x="840" y="1180" width="120" height="90" rx="10" fill="${C.terracotta}"/><path d="M960 1200 L1040 1150" stroke="${C.terracotta}" stroke-width="14" stroke-linecap="round"/><path d="M860 1180 Q900 1130 940 1180" stroke="${C.terracotta}" stroke-width="10" fill="none"/>`;
  return out;
}

type Picture = { name: string; width: number; height: number; alt: string; draw: (seed: number) => string };

const PICTURES = {
  portrait: {
    name: 'ruth-on-the-plot.jpg',
    width: 1000,
    height: 1250,
    alt: 'An illustration of Ruth in a straw hat, holding a wooden trug of leeks, carrots and beetroot in front of two bean wigwams',
    draw: portrait,
  },
  shed: {
    name: 'plot-fourteen-shed.jpg',
    width: 1200,
    height: 1500,
    alt: 'An illustration of plot 14: a wooden shed with a green door, a water butt and sunflowers, and raised beds of kale and lettuce in front',
    draw: shed,
  },
  broadBeans: {
    name: 'broad-beans.jpg',
    width: 1200,
    height: 800,
    alt: 'Broad bean pods on a wooden board, one split open, beside a bowl of bright green skinned beans',
    draw: broadBeans,
  },
  courgettes: {
    name: 'courgettes.jpg',
    width: 1200,
    height: 800,
    alt: 'A pile of green and yellow courgettes and one huge marrow on a checked cloth, with an orange courgette flower',
    draw: courgettes,
  },
  tomatoSeed: {
    name: 'tomato-seed.jpg',
    width: 1200,
    height: 800,
    alt: 'Ripe ribbed tomatoes, a jar of fermenting tomato pulp, paper seed packets and a plate of seeds drying',
    draw: tomatoSeed,
  },
  squash: {
    name: 'squash-shelf.jpg',
    width: 1200,
    height: 800,
    alt: 'Two wooden shelves of squash: blue-grey Crown Prince, butternuts, orange onion squash and a green striped one',
    draw: squashShelf,
  },
  beetroot: {
    name: 'pickled-beetroot.jpg',
    width: 1200,
    height: 800,
    alt: 'Three jars of pickled beetroot under cloth covers, with whole beetroot and their leaves lying beside them',
    draw: beetrootJars,
  },
  leeks: {
    name: 'frosty-leeks.jpg',
    width: 1200,
    height: 800,
    alt: 'Two rows of leeks standing in frosted ground under a low winter sun, blackened bean poles behind',
    draw: frostyLeeks,
  },
} satisfies Record<string, Picture>;

type DocumentFile = { name: string; contentType: string; width: number; height: number; alt: string; data: string };

async function render(picture: Picture, seed: number): Promise<DocumentFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${picture.width}" height="${picture.height}" viewBox="0 0 ${picture.width} ${picture.height}">${picture.draw(seed)}</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer();
  return { name: picture.name, contentType: 'image/jpeg', width: picture.width, height: picture.height, alt: picture.alt, data: jpeg.toString('base64') };
}

/* ---------- the posts ---------- */

const CATEGORIES = { plot: 'From the plot', kitchen: 'In the kitchen', store: 'The store cupboard' } as const;

type Post = {
  slug: string;
  title: string;
  publishedAt: string;
  category: keyof typeof CATEGORIES;
  tags: string[];
  excerpt: string;
  picture: Picture;
  /** Under the picture at the top of the post. */
  caption: string;
  body: Node[];
};

const POSTS: Post[] = [
  {
    slug: 'broad-beans-double-podded',
    title: 'Broad beans, double-podded and worth it',
    publishedAt: '2026-06-14T18:30:00.000Z',
    category: 'kitchen',
    tags: ['broad beans', 'summer', 'quick suppers'],
    excerpt: 'The first proper pick of the year, a bowl of grey jackets on the back step, and the ten-minute supper I make with them every June.',
    picture: PICTURES.broadBeans,
    caption: 'The first pick, and a bowl of them skinned.',
    body: [
      p(
        'The broad beans I sowed in November came through a wet February and a late frost, and on Saturday morning I picked the first proper basketful. Not the fat, leathery pods of July, when the beans have gone floury, but young ones the length of my hand, the beans inside no bigger than a thumbnail and still sweet.',
      ),
      p('Every year someone at the allotment gate tells me that double-podding is a waste of a life. Every year I do it anyway, and here is why.'),
      h(2, 'Why bother with the second jacket'),
      p(
        'Each bean sits in a pale grey skin that turns tough and faintly bitter once it is cooked. Slip it off and underneath is a bean the colour of a new leaf, soft enough to crush with a fork. A bowlful takes twenty minutes, and I do it on the back step with the radio on, which is no hardship.',
      ),
      p(
        'Blanch the shelled beans for ninety seconds in well-salted boiling water, tip them into cold water, then pinch each one at the end so the bright bean pops out. Children are very good at this, and will eat a third of them as they go.',
      ),
      quote('Twenty minutes on the back step with a bowl of beans is not a chore. It is how summer starts.'),
      h(2, 'The ten-minute supper'),
      p(
        'Warm a good glug of olive oil with a sliced clove of garlic and the zest of half a lemon. Add the skinned beans, a handful of torn mint and a spoonful of their cooking water, and crush about half of them roughly. Season well, squeeze over the lemon, and pile it onto toast rubbed with more garlic. A crumble of salty white cheese on top, if you have it.',
      ),
      p(
        'That is the whole recipe. It is better than anything I could make with a cookbook open, and it only works for about three weeks a year, which is rather the point.',
      ),
      h(2, 'Keep picking'),
      p(
        'Pick every two or three days and the plants keep setting pods. When blackfly find the tips, pinch them out (they are good wilted in butter) and leave the last pods to fatten for drying. Next year’s seed costs nothing if you let a dozen pods go brown and rattly on the plant.',
      ),
    ],
  },
  {
    slug: 'forty-courgettes',
    title: 'What to do with forty courgettes',
    publishedAt: '2026-07-19T18:30:00.000Z',
    category: 'kitchen',
    tags: ['courgettes', 'summer', 'gluts'],
    excerpt:
      'Three plants, one week away, and a trug of marrows when I got back. A cook’s guide to the glut, from ribbons to fritters to a cake nobody guesses.',
    picture: PICTURES.courgettes,
    caption: 'One week’s worth. I was away for seven days.',
    body: [
      p(
        'I planted three courgette plants this year, because last year I planted five and swore never again. Then I went to my sister’s for a week in July and came back to forty courgettes, six of them the size of a small dog.',
      ),
      p(
        'Nobody at the allotments will take them. By the middle of July people leave their own on the bench by the water trough with a hopeful note. So here is what I do instead, by size.',
      ),
      h(2, 'Small ones: eat them raw'),
      p(
        'Anything shorter than your hand is best raw. Shave it into ribbons with a peeler, dress with lemon, olive oil, salt and a pinch of chilli flakes, and leave it ten minutes to soften. Add torn basil and a handful of toasted seeds. It is the salad I make most often all summer.',
      ),
      h(2, 'Middling ones: fritters'),
      p(
        'Grate two courgettes, salt them in a sieve for twenty minutes and squeeze out every drop you can; this is the whole secret. Mix with two eggs, four tablespoons of flour, a handful of grated hard cheese, sliced spring onions and plenty of dill, and fry spoonfuls in hot oil until brown at the edges. Eat them with thick yoghurt and a little crushed garlic.',
      ),
      quote('A courgette left on the plant for three days is not a courgette any more. It is a decision.'),
      h(2, 'The big ones: soup and cake'),
      p(
        'The marrows go into a green soup with an onion, a potato for body, stock and a great deal of basil, blended and frozen in pint tubs for October. One always goes into a courgette and lemon cake: grated, squeezed and folded into an ordinary sponge mix. It stays beautifully moist for days, and I have never once told anyone what is in it.',
      ),
      p('Next year: two plants. I say this every year.'),
    ],
  },
  {
    slug: 'saving-tomato-seed',
    title: 'Saving tomato seed, and why I bother',
    publishedAt: '2026-08-23T18:30:00.000Z',
    category: 'plot',
    tags: ['tomatoes', 'seed saving', 'summer'],
    excerpt: 'A jar of ripe pulp on the windowsill, three smelly days, and next spring’s plants for nothing. The story of my neighbour’s pink tomato.',
    picture: PICTURES.tomatoSeed,
    caption: 'Mr Okafor’s pink tomatoes, and next year’s seed drying.',
    body: [
      p(
        'On the plot next to mine, Mr Okafor grows a tomato he calls simply “the pink one”. It is ribbed and lopsided and splits if you look at it, and it is the best tomato I have ever eaten. Three summers ago he gave me a twist of paper with a dozen seeds in it, and I have grown it every year since from seed I save myself.',
      ),
      p('Saving tomato seed is the easiest thing in the garden and one of the most satisfying. This is how I do it.'),
      h(2, 'Choose the best fruit'),
      p(
        'Pick the tomato you would most like to eat: fully ripe, from a healthy plant, true to its kind. Only open-pollinated varieties come true from seed. The F1 hybrids in most catalogues will give you a tomato, but probably not the one you had.',
      ),
      h(2, 'Let it ferment'),
      p(
        'Cut the tomato across its middle and squeeze the seeds and their jelly into a clean jam jar. Add a splash of water, cover with a square of kitchen paper and leave it on a warm windowsill for three days. A grey skin of mould will form, and it will smell. That is the point: fermenting breaks down the gel around each seed that stops it sprouting inside the fruit.',
      ),
      quote('Three days of a smelly jar on the windowsill, and next year’s plants cost nothing at all.'),
      h(2, 'Rinse, dry and label'),
      p(
        'Fill the jar with water and stir. Good seeds sink; pour off the mould, the pulp and the floaters, then rinse what is left twice more in a tea strainer. Spread the seeds on a plate, not on kitchen paper, which they weld themselves to, and leave them somewhere airy for a week.',
      ),
      p(
        'Once they are dry enough to rattle, they go into a paper envelope with the name and the year written on it. Tomato seed keeps for five years or more. I give a few packets away at the allotment seed swap every February, which is how good tomatoes are meant to travel.',
      ),
    ],
  },
  {
    slug: 'a-shelf-of-squash',
    title: 'A shelf of squash for the winter',
    publishedAt: '2026-09-27T17:30:00.000Z',
    category: 'store',
    tags: ['squash', 'autumn', 'storing'],
    excerpt: 'Curing, stacking and keeping: how eleven squashes go from the plot to the spare-room bookshelf, and last until March.',
    picture: PICTURES.squash,
    caption: 'The spare-room shelf at the end of September.',
    body: [
      p(
        'The squash came in last weekend: eleven of them from four plants. A blue-grey Crown Prince, two butternuts, a heap of little orange onion squash, and one enormous green-striped thing whose label the slugs ate in June.',
      ),
      p(
        'Unlike almost everything else I grow, squash does not have to be eaten now. Treated properly it keeps right through the winter, and it is often better for the wait, as the flesh sweetens in store.',
      ),
      h(2, 'Cure them in the sun'),
      p(
        'Cut each squash with a good length of stalk, because a squash without its stalk rots from the top. Then leave them in the sun for a week or two to harden their skins. I line mine up along the shed roof, where the slugs cannot reach them, and bring them in whenever frost is forecast.',
      ),
      p('A cured squash sounds hollow when you knock on it, and your thumbnail will not dent the skin.'),
      h(2, 'Store them somewhere dry and not too cold'),
      p(
        'Ten to fifteen degrees and dry air suit them best, which in my house means the bookshelf in the spare room. Keep them in a single layer, not touching, and look them over every fortnight. One with a soft patch gets eaten that week.',
      ),
      quote('The shelf empties slowly all winter, and every squash I take down is a little piece of September.'),
      h(2, 'Eat them in the right order'),
      p(
        'Thin-skinned squash such as the onion squash keep until Christmas, butternuts until February, and the thick-skinned Crown Prince until spring. So I eat them in that order: onion squash roasted in wedges through the autumn, butternut in soups and risottos in the new year, and the last Crown Prince in March, when there is little else.',
      ),
    ],
  },
  {
    slug: 'beetroot-three-ways',
    title: 'Beetroot, pickled three ways',
    publishedAt: '2026-10-18T17:30:00.000Z',
    category: 'store',
    tags: ['beetroot', 'pickles', 'autumn'],
    excerpt: 'A sharp quick pickle, a spiced one for Christmas, and a sweet-sour relish for cheese: three jars from one long row of beetroot.',
    picture: PICTURES.beetroot,
    caption: 'Three jars from one long row.',
    body: [
      p(
        'I sow one long row of beetroot every April and thin it as the summer goes, eating the thinnings as baby leaves and the golf-ball roots roasted whole. By October what is left is big, a little woody at the shoulders, and perfect for pickling.',
      ),
      p(
        'These are the three pickles I make every year. All three start the same way: wash the roots, leaving an inch of stalk so they do not bleed, and simmer them until a knife slides in easily, forty minutes to an hour. Let them cool, then rub off the skins with your thumbs. Wear an apron.',
      ),
      h(2, 'A quick pickle, for now'),
      p(
        'Slice the cooked beetroot thinly and pack it into a jar with a few rings of red onion. Bring 300 ml of cider vinegar, 100 ml of water, two tablespoons of sugar and a teaspoon of salt to the boil and pour it over. It is ready the next day and keeps in the fridge for a month.',
      ),
      h(2, 'A spiced pickle, for Christmas'),
      p(
        'For jars that keep, simmer malt vinegar for ten minutes with a tablespoon of pickling spice, two bay leaves and a stick of cinnamon. Pack cubed beetroot into hot sterilised jars, fill them to the brim with the hot vinegar and seal. Leave them a month before opening; unopened, they keep for a year.',
      ),
      quote('A cupboard of purple jars in October is my idea of wealth.'),
      h(2, 'A relish, for cheese'),
      p(
        'Grate a kilo of cooked beetroot and two apples, and cook them slowly with a chopped onion, 250 g of brown sugar, 250 ml of red wine vinegar, a thumb of grated ginger and a pinch of ground cloves until thick and glossy, about an hour. Pot it hot. It is very good with a sharp cheddar, and even better with a pork pie.',
      ),
    ],
  },
  {
    slug: 'leeks-after-the-frost',
    title: 'Leeks after the first frost',
    publishedAt: '2026-11-22T17:30:00.000Z',
    category: 'plot',
    tags: ['leeks', 'winter', 'soup'],
    excerpt:
      'The first hard frost took the last of the beans and left the leeks standing. Why they are the most patient thing on the plot, and the soup I make on cold Sundays.',
    picture: PICTURES.leeks,
    caption: 'Plot 14 on the morning after the first frost.',
    body: [
      p(
        'The first hard frost came on Tuesday night. On Wednesday morning the plot was white and still, the last runner beans black on their poles and the nasturtiums collapsed in a heap. And in the middle of it all, in two straight rows, stood the leeks, as if nothing had happened.',
      ),
      p(
        'Leeks are the most patient thing I grow. Sown in March, planted out in June into holes made with an old spade handle, they sit there all summer doing very little, and then they carry me from November to April.',
      ),
      h(2, 'Lift them as you need them'),
      p(
        'There is no need to lift them all at once: leeks keep better in the ground than in any fridge. I lift a few at a time with a fork, loosening the soil first so they come up whole. In a hard freeze the ground locks them in, so when the forecast turns I lift half a dozen ahead and keep them in a bucket of damp soil by the back door.',
      ),
      h(2, 'Clean them properly'),
      p(
        'Soil gets everywhere in a leek. Trim the roots and the dark tops, which go into the stock pot, then slit each leek lengthways from the middle to the top and rinse it under the tap, fanning the layers as you go.',
      ),
      quote('When everything else on the plot has given up, the leeks are still there, asking for nothing.'),
      h(2, 'Sunday leek and potato soup'),
      p(
        'Melt a generous lump of butter in a heavy pan and sweat four sliced leeks with a pinch of salt, lid on, for a good fifteen minutes, until soft and sweet but not brown. Add two diced floury potatoes and a litre of stock and simmer until the potatoes fall apart. Blend half, stir it back into the rest, and finish with black pepper, a spoonful of cream and chopped parsley, if the frost has left you any.',
      ),
      p('Eaten by the stove with thick bread after an afternoon of digging, it is the best thing I cook all year.'),
    ],
  },
];

const postPath = (post: Post) => `${BLOG_PATH}/${post.slug}`;
const longDate = (iso: string) =>
  new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso));

function postItem(post: Post) {
  return {
    id: id(`post:${post.slug}`),
    slug: post.slug,
    title: post.title,
    status: 1,
    publishedAt: post.publishedAt,
    author: AUTHOR,
    excerpt: post.excerpt,
    tags: post.tags,
    categories: [CATEGORIES[post.category]],
    thumbnail: `/s/${post.picture.name}`,
    seo: {},
    sections: [
      section(`post:${post.slug}:body`, 'white', [
        block(
          `post:${post.slug}:picture`,
          BLOCK_TYPES.IMAGE,
          { src: `/s/${post.picture.name}`, alt: post.picture.alt, caption: post.caption },
          place(0, 0, 24, 23),
        ),
        text(`post:${post.slug}:text`, post.body, place(0, 23, 24, 30)),
      ]),
    ],
  };
}

/** A post on the home page: its picture, its title, its category and date, its excerpt and a way in. */
function postCard(post: Post, x: number) {
  return block(
    `home:card:${post.slug}`,
    BLOCK_TYPES.IMAGE,
    {
      src: `/s/${post.picture.name}`,
      alt: post.picture.alt,
      link: postPath(post),
      variant: 1016,
      title: post.title,
      headingLevel: 'h3',
      bodyHtml: `<p>${CATEGORIES[post.category]} · ${longDate(post.publishedAt)}</p><p>${post.excerpt}</p>`,
      buttonText: 'Read the post',
      buttonLink: postPath(post),
    },
    place(x, 3, 8, 24),
  );
}

/* ---------- the pages ---------- */

const NEWSLETTER_LIST = id('newsletter:letters-from-plot-14');

function homePage() {
  const latest = [...POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, 3);
  return {
    id: id('page:home'),
    pageType: 2,
    path: '/',
    title: 'Home',
    status: 1,
    seo: { description: 'Ruth Ellery’s blog about growing, cooking and keeping the vegetables of one allotment, plot 14 at Orchard Lane, through the year.' },
    sections: [
      section('home:hero', 'light', [
        text(
          'home:hero:text',
          [
            h(1, 'Growing, cooking and keeping, one season at a time'),
            p(
              'I’m Ruth. For twenty-two years I cooked school dinners in Wyebridge; now I grow vegetables on plot 14 of the Orchard Lane allotments and write here about what comes up, what I make of it, and what goes into jars for the winter.',
            ),
            p('A new post most Sunday evenings.'),
          ],
          place(0, 3, 13, 14),
          place(0, 0, 8, 14),
        ),
        button('home:hero:blog', { buttonText: 'Read the blog', clickthroughUrl: BLOG_PATH, size: 'large' }, place(0, 17, 6, 3), place(0, 14, 8, 3)),
        button(
          'home:hero:about',
          { buttonText: 'About me', clickthroughUrl: '/about', size: 'large', style: 'secondary' },
          place(6, 17, 6, 3),
          place(0, 17, 8, 3),
        ),
        block(
          'home:hero:portrait',
          BLOCK_TYPES.IMAGE,
          { src: `/s/${PICTURES.portrait.name}`, alt: PICTURES.portrait.alt, focalPoint: { x: 0.5, y: 0.4 } },
          place(14, 0, 10, 24),
          place(0, 20, 8, 22),
        ),
      ]),
      section('home:latest', 'white', [
        text('home:latest:title', [h(2, 'Latest from the plot')], place(0, 0, 16, 3)),
        button('home:latest:all', { buttonText: 'All posts', clickthroughUrl: BLOG_PATH, alignment: 'right', style: 'secondary' }, place(16, 0, 8, 3)),
        ...latest.map((post, i) => postCard(post, i * 8)),
      ]),
      section('home:topics', 'dark', [
        text('home:topics:title', [h(2, 'What I write about')], place(0, 0, 24, 3)),
        text(
          'home:topics:plot',
          [h(3, CATEGORIES.plot), p('Sowing, growing, saving seed and the weather: the year on one allotment, mistakes included.')],
          place(0, 3, 8, 7),
        ),
        text(
          'home:topics:kitchen',
          [h(3, CATEGORIES.kitchen), p('Simple cooking for whatever is ready this week, written for people with a glut and half an hour.')],
          place(8, 3, 8, 7),
        ),
        text(
          'home:topics:store',
          [h(3, CATEGORIES.store), p('Pickles, chutneys, drying and storing: how the summer is made to last until March.')],
          place(16, 3, 8, 7),
        ),
      ]),
      section('home:letters', 'white', [
        block(
          'home:letters:signup',
          BLOCK_TYPES.NEWSLETTER,
          {
            listId: NEWSLETTER_LIST,
            title: 'Letters from plot 14',
            description:
              'One email a month: what is ready to pick, what I am cooking, and the odd spare seedling. No adverts, and you can leave whenever you like.',
            askName: false,
            buttonText: 'Subscribe',
            successText: 'Thank you. Please check your inbox for an email from me and confirm your address.',
            captcha: false,
          },
          place(4, 0, 16, 9),
        ),
      ]),
    ],
  };
}

function aboutPage() {
  return {
    id: id('page:about'),
    pageType: 2,
    path: '/about',
    title: 'About',
    status: 1,
    seo: { description: 'Who writes Plot Fourteen: Ruth Ellery, a former school cook with an allotment in Wyebridge, and how to get in touch.' },
    sections: [
      section('about:intro', 'white', [
        text(
          'about:intro:text',
          [
            h(1, 'Hello, I’m Ruth'),
            p(
              'I cooked for a living for most of my working life: first in a hotel kitchen, then for twenty-two years at Brookfield Primary in Wyebridge, where I fed four hundred children a day and learned that anything can be eaten if it is roasted with enough cheese.',
            ),
            p(
              'In 2019, the spring I retired, my name finally came to the top of the waiting list for the Orchard Lane allotments, and I took on plot 14: ten rods of couch grass, a collapsing shed and one very old rhubarb crown. The rhubarb is still there. So, after a new roof, is the shed.',
            ),
            p(
              'These days I grow most of the vegetables I eat, and I spend more time than is reasonable deciding what to do with them. This blog is where I write it down.',
            ),
          ],
          place(0, 0, 13, 24),
        ),
        block('about:intro:picture', BLOCK_TYPES.IMAGE, { src: `/s/${PICTURES.shed.name}`, alt: PICTURES.shed.alt }, place(14, 0, 10, 25)),
      ]),
      section('about:why', 'light', [
        text(
          'about:why:text',
          [
            h(2, 'Why I write it'),
            p(
              'Partly for myself: a plot is a long conversation with the weather, and I forget from one year to the next what worked. Partly for the people at the allotment gate who ask what on earth to do with their courgettes. And partly because most cooking writing assumes you buy vegetables, in neat amounts, whenever you like, and growing them is nothing like that.',
            ),
            p(
              'So the posts follow the plot. Some are about growing, some are recipes, and some are about putting things by. None of them are sponsored, and I only write about what I have grown, cooked and eaten myself.',
            ),
          ],
          place(3, 0, 18, 14),
        ),
      ]),
      section('about:contact', 'accent', [
        text(
          'about:contact:text',
          [
            h(2, 'Get in touch'),
            p(
              'Questions, corrections, spare seeds: write to me at ',
              [EMAIL, `mailto:${EMAIL}`],
              '. I read everything, and I try to answer by the following Sunday.',
            ),
          ],
          place(3, 0, 18, 7),
        ),
      ]),
    ],
  };
}

function blogCollection() {
  return {
    id: id('collection:blog'),
    type: COLLECTION_TYPES.BLOG,
    path: BLOG_PATH,
    title: 'The blog',
    navigationTitle: 'Blog',
    status: 1,
    description: 'Growing, cooking and keeping from plot 14, newest first.',
    seo: { description: 'Every post from Plot Fourteen: growing vegetables on an allotment, cooking them, and keeping them through the winter.' },
    items: [...POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).map(postItem),
  };
}

/* ---------- the design ---------- */

/** A muted beetroot, turned Analogous: warm paper, parchment, a deep plum for the dark sections. */
const SEED = '#9b5d4c';

function design(): Design {
  const withColours = withPalette(DEFAULT_DESIGN, { mode: 'Presets', preset: 'Analogous I', seed: SEED, swatches: paletteFromPreset('Analogous I', SEED) });
  return {
    ...withColours,
    // One heading face and the body's two: three files on the home page.
    fonts: {
      heading: { family: 'eb-garamond', weight: 500 },
      body: { family: 'source-serif-4', weight: 400 },
      button: { family: 'source-serif-4', weight: 600 },
    },
    type: { desktop: { baseSizePx: 19, ratio: 1.25 }, phone: { baseSizePx: 17, ratio: 1.18 } },
    spacing: { sectionPaddingPx: 72, blockGapPx: 16, contentWidthPx: 1080 },
    buttons: { shape: 'square', style: 'fill', size: 'medium' },
    animation: 'none',
    stickyHeader: false,
  };
}

/* ---------- the document ---------- */

async function main() {
  const pictures: Picture[] = Object.values(PICTURES);
  const files = await Promise.all(pictures.map((picture, i) => render(picture, 211 + i * 13)));
  const document = {
    format: SITE_DOCUMENT_FORMAT,
    version: SITE_DOCUMENT_VERSION,
    settings: {
      identifier: 'plot-fourteen',
      title: 'Plot Fourteen',
      tagline: 'Growing, cooking and keeping from one allotment',
      description: 'Ruth Ellery’s blog about growing, cooking and keeping the vegetables of one allotment through the year.',
      locale: LOCALE,
      timeZone: TIME_ZONE,
      socialImage: `/s/${PICTURES.portrait.name}`,
      footerText: 'Written on Sunday evenings at Orchard Lane allotments, Wyebridge.',
      contact: { email: EMAIL },
      design: design(),
    },
    navigation: [
      { title: 'Blog', href: BLOG_PATH, newWindow: false },
      { title: 'About', href: '/about', newWindow: false },
    ],
    header: { layout: 'center', showTagline: true },
    footer: {
      showNavigation: true,
      links: [
        { title: 'RSS feed', href: `${BLOG_PATH}?format=rss`, newWindow: false },
        { title: 'Email Ruth', href: `mailto:${EMAIL}`, newWindow: false },
      ],
    },
    pages: [homePage(), aboutPage()],
    collections: [blogCollection()],
    redirects: [
      { from: '/home', to: '/' },
      { from: '/journal', to: BLOG_PATH },
    ],
    files,
  };
  const loaded = loadDocument(document, siteDocumentSchema);
  if (!loaded.ok) throw new Error(`the blog document does not load:\n${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('\n')}`);
  mkdirSync(path.dirname(OUT), { recursive: true });
  const json = `${JSON.stringify(document, null, 1)}\n`;
  writeFileSync(OUT, json);
  console.log(`sites/blog/site.json: ${files.length} pictures, ${Math.round(Buffer.byteLength(json) / 1024)} KB`);
}

await main();
