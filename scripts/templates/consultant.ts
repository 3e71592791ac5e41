/**
 * The Consultant template (sites/consultant/): Steadfast Operations, Nadia Okafor's one-person
 * operations practice for small manufacturers in the fictional town of Millbrook. This script is
 * the document's source: it draws every picture as a flat SVG in the practice's palette (a seeded
 * generator, so each run gives the same bytes), makes each a modest JPEG (or the icon a PNG) with
 * sharp, builds the pages, and writes the whole site document, files embedded, to
 * sites/consultant/site.json after checking it loads as an import would.
 * Run: `npx tsx scripts/templates/consultant.ts`.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { siteDocumentSchema } from '../../src/blocks/site-document';
import { projectPath } from '../../src/db/project-root';
import { DEFAULT_DESIGN, withPalette, type Design } from '../../src/document/design';
import { loadDocument } from '../../src/document/load';
import { SITE_DOCUMENT_FORMAT, SITE_DOCUMENT_VERSION } from '../../src/document/schema';
import { BLOCK_TYPES } from '../../src/domain/block-types';
import { paletteValueToHex } from '../../src/domain/palette-color';
import { paletteFromPreset } from '../../src/domain/palette-generator';

/* ---------- the design ---------- */

const SEED = '#1f4fa0';
const PRESET = 'Analogous I';
const swatches = paletteFromPreset(PRESET, SEED);

/**
 * Deep blue from the seed, a teal dark and a periwinkle light (Analogous I), Figtree for headings
 * and buttons (one face at 700) over Source Sans 3 for reading: two font files on any page.
 */
const DESIGN: Design = {
  ...withPalette(DEFAULT_DESIGN, { mode: 'Presets', preset: PRESET, seed: SEED, swatches }),
  fonts: { heading: { family: 'figtree', weight: 700 }, body: { family: 'source-sans-3', weight: 400 }, button: { family: 'figtree', weight: 700 } },
  type: { desktop: { baseSizePx: 18, ratio: 1.24 }, phone: { baseSizePx: 17, ratio: 1.16 } },
  spacing: { sectionPaddingPx: 88, blockGapPx: 24, contentWidthPx: 1180 },
  buttons: { shape: 'pill', style: 'fill', size: 'medium' },
  animation: 'none',
  stickyHeader: true,
};

/** The pictures' colours: the palette's five, and a few tints and an amber that sit with them. */
const hex = (key: keyof typeof swatches) => paletteValueToHex(swatches[key]);
const C = {
  paper: hex('lightest'),
  soft: hex('light'),
  blue: hex('bright'),
  teal: hex('dark'),
  ink: hex('darkest'),
  white: '#ffffff',
  sky: '#8fb0e6',
  mist: '#dfe6f3',
  mint: '#79bfb3',
  amber: '#f0a63a',
  sand: '#f6dcae',
  grey: '#c3cad8',
  skin: '#b67a58',
  skinShade: '#9c6447',
  hair: '#231915',
};

/* ---------- pictures ---------- */

/** A seeded generator, so the same pictures come out each run and the document only changes when the drawing does. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const n = (v: number) => Number(v.toFixed(1));
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
/** A soft drop shadow under a rounded shape: the same shape, offset and faint. */
const shadow = (x: number, y: number, w: number, h: number, rx: number) => rect(x + 14, y + 18, w, h, C.ink, rx, ' opacity="0.12"');

function backdrop(w: number, h: number, from: string, to: string) {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>${rect(0, 0, w, h, 'url(#bg)')}`;
}

/** A gear of `teeth` teeth around (cx, cy), with a hole. */
function gear(cx: number, cy: number, r: number, teeth: number, fill: string, hole: string) {
  let out = '';
  for (let i = 0; i < teeth; i++) {
    const angle = (360 / teeth) * i;
    out += rect(cx - r * 0.16, cy - r * 1.22, r * 0.32, r * 0.5, fill, 4, ` transform="rotate(${n(angle)} ${n(cx)} ${n(cy)})"`);
  }
  return `${out}${circle(cx, cy, r, fill)}${circle(cx, cy, r * 0.38, hole)}`;
}

/** A tick in a box, as on a checklist. */
const tick = (x: number, y: number, size: number, color: string) =>
  `<path d="M${n(x + size * 0.2)} ${n(y + size * 0.52)} l${n(size * 0.22)} ${n(size * 0.22)} l${n(size * 0.4)} ${n(-size * 0.46)}" fill="none" stroke="${color}" stroke-width="${n(size * 0.14)}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The home page's hero: a planning board with on-time delivery climbing, a checklist and a mug on the desk. */
function hero(w: number, h: number) {
  const rnd = random(11);
  let out = backdrop(w, h, C.paper, C.soft);
  out += circle(1330, 190, 260, C.blue, ' opacity="0.9"') + circle(1330, 190, 150, C.sky, ' opacity="0.55"');
  out += `<path d="M0 1200 V820 A380 380 0 0 1 380 1200 Z" fill="${C.teal}"/>`;
  out += gear(190, 200, 70, 10, C.teal, C.paper) + gear(300, 300, 40, 8, C.amber, C.paper);
  // The desk.
  out += rect(0, 1010, w, 190, C.teal) + rect(0, 1010, w, 22, C.mint, 0, ' opacity="0.6"');
  // The board: KPI tiles, bars and a line that climbs.
  const bx = 380;
  const by = 230;
  const bw = 900;
  const bh = 600;
  out += rect(bx + bw / 2 - 18, by + bh, 36, 200, C.ink, 0, ' opacity="0.85"') + rect(bx + bw / 2 - 150, 1000, 300, 24, C.ink, 12, ' opacity="0.85"');
  out += shadow(bx, by, bw, bh, 28) + rect(bx, by, bw, bh, C.white, 28) + rect(bx, by, bw, 70, C.blue, 28) + rect(bx, by + 40, bw, 30, C.blue);
  out += [0, 1, 2].map((i) => circle(bx + 44 + i * 32, by + 36, 9, i === 0 ? C.amber : C.white, ' opacity="0.9"')).join('');
  const tiles = [C.mist, C.sand, C.mist];
  tiles.forEach((fill, i) => {
    const tx = bx + 40 + i * 280;
    out +=
      rect(tx, by + 100, 250, 110, fill, 16) +
      rect(tx + 24, by + 128, 90, 14, C.grey, 7) +
      rect(tx + 24, by + 158, 150 - i * 30, 28, i === 1 ? C.amber : C.blue, 14);
  });
  const baseY = by + bh - 50;
  for (let i = 0; i < 10; i++) out += rect(bx + 60 + i * 82, baseY - 60 - i * 22 - rnd() * 40, 44, 60 + i * 22, i % 3 === 2 ? C.sky : C.soft, 8);
  out += rect(bx + 50, baseY, bw - 100, 4, C.grey, 2);
  const points = Array.from({ length: 10 }, (_, i) => [bx + 82 + i * 82, baseY - 110 - i * 26 - rnd() * 28] as const);
  out += `<polyline points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="none" stroke="${C.blue}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>`;
  out += points
    .map(([x, y], i) => circle(x, y, i === points.length - 1 ? 18 : 10, i === points.length - 1 ? C.amber : C.blue, ` stroke="${C.white}" stroke-width="5"`))
    .join('');
  // A clipboard with its checklist, leaning on the desk.
  out += `<g transform="rotate(7 1330 820)">${shadow(1190, 600, 280, 380, 22)}${rect(1190, 600, 280, 380, C.amber, 22)}${rect(1210, 630, 240, 330, C.white, 12)}${rect(1270, 585, 120, 40, C.ink, 14)}`;
  for (let i = 0; i < 5; i++) {
    const y = 665 + i * 56;
    const done = i < 3;
    out += rect(1232, y, 34, 34, done ? C.teal : C.white, 8, done ? '' : ` stroke="${C.grey}" stroke-width="4"`) + (done ? tick(1232, y, 34, C.white) : '');
    out += rect(1284, y + 10, 130 - (i % 2) * 40, 14, done ? C.grey : C.sky, 7);
  }
  out += '</g>';
  // A mug beside the board.
  out +=
    `<path d="M250 880 c70 0 70 90 0 90" fill="none" stroke="${C.blue}" stroke-width="20"/>` +
    rect(140, 860, 130, 150, C.blue, 18) +
    rect(140, 860, 130, 26, C.sky, 12, ' opacity="0.7"');
  out += `<path d="M180 840 q-14 -26 0 -50 M215 840 q-14 -26 0 -50" fill="none" stroke="${C.white}" stroke-width="7" stroke-linecap="round" opacity="0.8"/>`;
  return out;
}

/** Shop-floor flow: a plan of the floor, the tangled route parts take now and the short one they could. */
function floorFlow(w: number, h: number) {
  let out = backdrop(w, h, C.paper, C.mist);
  out += circle(1080, 110, 170, C.soft);
  out += shadow(90, 110, 1020, 680, 28) + rect(90, 110, 1020, 680, C.white, 28);
  for (let x = 130; x < 1090; x += 48) out += rect(x, 140, 2, 620, C.mist);
  for (let y = 150; y < 770; y += 48) out += rect(110, y, 980, 2, C.mist);
  const stations: [number, number, number, number, string][] = [
    [150, 180, 170, 120, C.teal],
    [420, 170, 200, 140, C.sky],
    [720, 190, 150, 110, C.soft],
    [880, 420, 170, 150, C.blue],
    [560, 470, 190, 130, C.sand],
    [170, 520, 200, 170, C.mint],
  ];
  for (const [x, y, sw, sh, fill] of stations) out += rect(x, y, sw, sh, fill, 18) + rect(x + 18, y + 18, sw * 0.4, 12, C.white, 6, ' opacity="0.8"');
  // Before: a dashed wander back and forth across the floor.
  out += `<path d="M270 300 C 420 420, 820 160, 800 300 S 300 420, 470 560 S 980 360, 950 500 S 420 700, 280 640" fill="none" stroke="${C.grey}" stroke-width="9" stroke-dasharray="4 18" stroke-linecap="round"/>`;
  // After: one short route with arrows, receiving to shipping.
  out += `<path d="M270 360 C 330 430, 420 400, 520 330 S 760 300, 800 330 S 900 400, 960 440" fill="none" stroke="${C.amber}" stroke-width="16" stroke-linecap="round"/>`;
  out += `<path d="M940 404 l40 44 l-58 10 z" fill="${C.amber}"/>`;
  out += circle(270, 360, 22, C.ink) + circle(270, 360, 9, C.white);
  out += `<path d="M960 440 v-90" stroke="${C.ink}" stroke-width="7"/><path d="M964 352 h54 l-14 20 l14 20 h-54 z" fill="${C.ink}"/>`;
  return out;
}

/** Production planning: a schedule board of jobs by machine, today's line and two sticky notes. */
function scheduleBoard(w: number, h: number) {
  const rnd = random(23);
  let out = backdrop(w, h, C.soft, C.paper);
  out += `<path d="M1200 900 V560 A340 340 0 0 0 860 900 Z" fill="${C.blue}" opacity="0.9"/>`;
  out += shadow(110, 120, 980, 640, 26) + rect(110, 120, 980, 640, C.white, 26) + rect(110, 120, 980, 80, C.teal, 26) + rect(110, 170, 980, 30, C.teal);
  for (let i = 0; i < 10; i++) out += rect(290 + i * 76, 145, 50, 14, C.white, 7, ' opacity="0.55"');
  const colors = [C.blue, C.mint, C.sky, C.amber, C.teal, C.soft];
  for (let row = 0; row < 6; row++) {
    const y = 230 + row * 86;
    out += circle(160, y + 28, 18, colors[row]!) + rect(192, y + 20, 66, 14, C.grey, 7) + rect(130, y + 70, 940, 2, C.mist);
    let x = 290 + rnd() * 60;
    while (x < 1010) {
      const len = 90 + rnd() * 170;
      const end = Math.min(x + len, 1060);
      if (end - x > 50) out += rect(x, y + 8, end - x, 44, colors[(row + Math.floor(rnd() * 3)) % colors.length]!, 12);
      x = end + 16 + rnd() * 40;
    }
  }
  out += rect(668, 205, 6, 540, C.amber) + circle(671, 205, 14, C.amber);
  out += `<g transform="rotate(-8 180 760)">${rect(80, 660, 170, 170, C.sand, 6)}${rect(104, 700, 110, 12, C.amber, 6)}${rect(104, 730, 80, 12, C.amber, 6)}</g>`;
  out += `<g transform="rotate(6 1020 110)">${rect(950, 40, 150, 150, C.sky, 6)}${circle(1025, 60, 10, C.ink, ' opacity="0.5"')}${rect(975, 100, 100, 12, C.white, 6)}</g>`;
  return out;
}

/** Inventory: shelves of bins, and a card of stock levels with their reorder line. */
function inventoryShelves(w: number, h: number) {
  const rnd = random(37);
  let out = backdrop(w, h, C.paper, C.soft);
  out += circle(180, 160, 130, C.sky, ' opacity="0.6"');
  out += rect(90, 120, 22, 720, C.ink) + rect(600, 120, 22, 720, C.ink);
  const bins = [C.blue, C.amber, C.mint, C.sky, C.teal];
  for (let shelf = 0; shelf < 4; shelf++) {
    const y = 280 + shelf * 170;
    out += rect(80, y, 552, 18, C.ink);
    let x = 124;
    while (x < 560) {
      const bw = 90 + Math.floor(rnd() * 3) * 22;
      if (x + bw > 600) break;
      const bh = 80 + rnd() * 50;
      const fill = bins[Math.floor(rnd() * bins.length)]!;
      out +=
        `<path d="M${n(x)} ${n(y - bh)} h${bw} l-8 ${n(bh)} h${-(bw - 16)} z" fill="${fill}"/>` +
        rect(x + bw * 0.3, y - bh * 0.55, bw * 0.4, 16, C.white, 4, ' opacity="0.85"');
      x += bw + 12;
    }
  }
  // The stock card: bars against a dashed reorder line.
  out += shadow(680, 220, 430, 460, 26) + rect(680, 220, 430, 460, C.white, 26);
  out += rect(720, 260, 160, 18, C.grey, 9) + rect(720, 292, 100, 14, C.mist, 7);
  const levels = [0.8, 0.35, 0.6, 0.25, 0.9, 0.55];
  levels.forEach((level, i) => {
    const bh = 260 * level;
    out += rect(730 + i * 62, 630 - bh, 40, bh, level < 0.4 ? C.amber : C.blue, 8);
  });
  out += `<path d="M712 ${630 - 260 * 0.42} H1080" stroke="${C.teal}" stroke-width="5" stroke-dasharray="14 10"/>` + rect(712, 630, 368, 4, C.grey, 2);
  return out;
}

/** The fractional lead: a laptop showing the plant's monthly numbers, a plant in a pot and a notebook. */
function dashboardDesk(w: number, h: number) {
  let out = backdrop(w, h, C.mist, C.paper);
  out += `<path d="M0 0 H420 A420 420 0 0 1 0 420 Z" fill="${C.soft}"/>` + circle(1050, 170, 90, C.amber, ' opacity="0.85"');
  out += rect(0, 700, w, 200, C.teal);
  // The laptop.
  out += shadow(280, 160, 640, 420, 22) + rect(280, 160, 640, 420, C.ink, 22) + rect(304, 184, 592, 372, C.white, 10);
  out += `<path d="M230 600 h740 l-40 50 h-660 z" fill="${C.grey}"/>` + rect(280, 580, 640, 24, C.ink, 6, ' opacity="0.85"');
  const tiles = [C.blue, C.mint, C.amber];
  tiles.forEach(
    (fill, i) =>
      (out += rect(328 + i * 186, 208, 166, 90, C.mist, 12) + rect(346 + i * 186, 228, 70, 12, C.grey, 6) + rect(346 + i * 186, 254, 110, 24, fill, 12)),
  );
  // A donut of the month's jobs shipped on time.
  const r = 80;
  const around = 2 * Math.PI * r;
  out += `<circle cx="420" cy="440" r="${r}" fill="none" stroke="${C.mist}" stroke-width="34"/><circle cx="420" cy="440" r="${r}" fill="none" stroke="${C.blue}" stroke-width="34" stroke-dasharray="${n(around * 0.86)} ${n(around)}" transform="rotate(-90 420 440)"/>`;
  out +=
    `<polyline points="560,500 620,470 680,480 740,420 800,430 860,360" fill="none" stroke="${C.teal}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>` +
    circle(860, 360, 13, C.amber);
  out += rect(560, 520, 300, 4, C.grey, 2);
  // The plant and the notebook.
  out += `<path d="M110 560 h130 l-18 140 h-94 z" fill="${C.amber}"/>`;
  const leaves: [number, number, number][] = [
    [150, 470, -30],
    [200, 460, 25],
    [175, 420, 0],
    [125, 520, -60],
    [225, 510, 55],
  ];
  out += leaves.map(([x, y, a]) => `<ellipse cx="${x}" cy="${y}" rx="26" ry="70" fill="${C.mint}" transform="rotate(${a} ${x} ${y})"/>`).join('');
  out += `<g transform="rotate(-6 1040 700)">${rect(960, 640, 190, 130, C.blue, 10)}${rect(975, 640, 14, 130, C.sky)}${rect(1010, 680, 110, 10, C.white, 5, ' opacity="0.8"')}</g>`;
  return out;
}

/** A portrait in flat shapes: Nadia, in a teal jacket and round glasses, in front of the practice's circle. */
function portrait(w: number, h: number) {
  let out = backdrop(w, h, C.soft, C.paper);
  out += circle(500, 520, 360, C.blue) + circle(840, 150, 90, C.amber, ' opacity="0.9"') + rect(60, 980, 200, 200, C.sky, 30, ' opacity="0.7"');
  // Shoulders and jacket, the shirt's V and the neck.
  out += `<path d="M130 ${h} C150 1000 260 930 400 900 H600 C740 930 850 1000 870 ${h} Z" fill="${C.teal}"/>`;
  out += `<path d="M410 900 L500 1080 L590 900 Z" fill="${C.white}"/>` + rect(440, 780, 120, 150, C.skinShade, 40);
  out += `<path d="M410 900 L470 1120 L430 1130 L370 915 Z M590 900 L530 1120 L570 1130 L630 915 Z" fill="${C.ink}" opacity="0.35"/>`;
  // Hair behind the head, the face, then hair over the brow; the head sits 50 px lower than drawn.
  out += '<g transform="translate(0 50)">';
  for (const [x, y, r] of [
    [390, 380, 95],
    [610, 380, 95],
    [500, 320, 120],
    [400, 480, 80],
    [600, 480, 80],
  ] as const)
    out += circle(x, y, r, C.hair);
  out += `<ellipse cx="500" cy="560" rx="150" ry="190" fill="${C.skin}"/>`;
  out += `<path d="M352 520 C360 380 460 340 520 360 C600 370 650 430 650 520 C610 450 520 420 430 450 C400 460 370 490 352 520 Z" fill="${C.hair}"/>`;
  out += circle(352, 600, 12, C.amber) + circle(648, 600, 12, C.amber);
  // Round glasses and a smile.
  out += `<g fill="none" stroke="${C.ink}" stroke-width="9">${circle(440, 560, 50, 'none')}${circle(562, 560, 50, 'none')}<path d="M490 560 h22"/></g>`;
  out += `<path d="M450 670 Q500 705 550 670" fill="none" stroke="${C.skinShade}" stroke-width="9" stroke-linecap="round"/>`;
  out += '</g>';
  return out;
}

/** The packages' small pictures: one visit, a six-week sprint, a month that repeats. */
function packageCheckup(w: number, h: number) {
  let out = backdrop(w, h, C.mist, C.paper);
  [0.45, 0.7, 0.55, 0.85].forEach((v, i) => (out += rect(220 + i * 90, 330 - 200 * v, 56, 200 * v, i === 3 ? C.blue : C.sky, 10)));
  out += rect(200, 330, 380, 5, C.grey, 2);
  out += `<circle cx="560" cy="180" r="92" fill="${C.white}" fill-opacity="0.55" stroke="${C.teal}" stroke-width="20"/><path d="M625 245 l90 90" stroke="${C.teal}" stroke-width="30" stroke-linecap="round"/>`;
  return out;
}

function packageSprint(w: number, h: number) {
  let out = backdrop(w, h, C.soft, C.paper);
  out += shadow(170, 70, 560, 280, 22) + rect(170, 70, 560, 280, C.white, 22) + rect(170, 70, 560, 56, C.blue, 22) + rect(170, 100, 560, 26, C.blue);
  for (let week = 0; week < 6; week++) {
    const x = 200 + week * 86;
    for (let day = 0; day < 3; day++) {
      const done = day === 0 || week < 3;
      out += rect(x, 150 + day * 62, 66, 48, done ? (day === 0 ? C.amber : C.mint) : C.mist, 10);
    }
  }
  return out;
}

function packageRetainer(w: number, h: number) {
  let out = backdrop(w, h, C.mist, C.soft);
  const cx = 450;
  const cy = 210;
  const r = 130;
  out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${C.teal}" stroke-width="22" stroke-dasharray="${n(2 * Math.PI * r * 0.8)} 999" transform="rotate(-60 ${cx} ${cy})"/>`;
  // The arrowhead at the arc's end (288 degrees on from -60), pointing along its clockwise tangent.
  const end = ((-60 + 288) * Math.PI) / 180;
  const direction = (Math.atan2(Math.cos(end), -Math.sin(end)) * 180) / Math.PI;
  out += `<path d="M-22 -34 L40 0 L-22 34 z" fill="${C.teal}" transform="translate(${n(cx + r * Math.cos(end))} ${n(cy + r * Math.sin(end))}) rotate(${n(direction)})"/>`;
  for (let i = 0; i < 12; i++) {
    const a = (Math.PI * 2 * i) / 12;
    out += circle(cx + Math.cos(a) * 70, cy + Math.sin(a) * 70, 12, i % 4 === 0 ? C.amber : C.blue);
  }
  return out;
}

/** The site icon and header mark: three rising bars on the practice's blue. */
function mark(w: number) {
  const u = w / 512;
  return `${rect(0, 0, w, w, C.blue, 112 * u)}${rect(120 * u, 280 * u, 70 * u, 110 * u, C.white, 16 * u)}${rect(221 * u, 210 * u, 70 * u, 180 * u, C.white, 16 * u)}${rect(322 * u, 130 * u, 70 * u, 260 * u, C.amber, 16 * u)}`;
}

type Picture = { name: string; width: number; height: number; alt: string; draw: (w: number, h: number) => string; png?: boolean; quality?: number };

const PICTURES: Picture[] = [
  {
    name: 'planning-board.jpg',
    width: 1600,
    height: 1200,
    alt: 'An illustration of a planning board whose on-time delivery line climbs week by week, beside a checklist with three items ticked and a mug on the desk',
    draw: hero,
  },
  {
    name: 'floor-flow.jpg',
    width: 1200,
    height: 900,
    alt: 'An illustration of a shop floor plan: a dashed route wandering between six work stations, and a short amber route from receiving to the shipping flag',
    draw: floorFlow,
  },
  {
    name: 'schedule-board.jpg',
    width: 1200,
    height: 900,
    alt: "An illustration of a production schedule board: jobs as coloured bars on six machines' rows, a line marking today, and two sticky notes",
    draw: scheduleBoard,
  },
  {
    name: 'inventory-shelves.jpg',
    width: 1200,
    height: 900,
    alt: 'An illustration of shelves of coloured parts bins beside a card of stock levels, the two low ones in amber under a dashed reorder line',
    draw: inventoryShelves,
  },
  {
    name: 'monthly-dashboard.jpg',
    width: 1200,
    height: 900,
    alt: "An illustration of a laptop showing a plant's monthly numbers, a donut chart and a rising line, with a potted plant and a notebook on the desk",
    draw: dashboardDesk,
  },
  {
    name: 'nadia-okafor.jpg',
    width: 1000,
    height: 1250,
    alt: 'An illustrated portrait of Nadia Okafor, with short dark hair and round glasses, in a teal jacket, against a blue circle',
    draw: portrait,
  },
  { name: 'package-check-up.jpg', width: 900, height: 420, alt: 'A magnifying glass over a small bar chart', draw: packageCheckup, quality: 62 },
  { name: 'package-sprint.jpg', width: 900, height: 420, alt: 'A six-week calendar, the first three weeks filled in', draw: packageSprint, quality: 62 },
  {
    name: 'package-fractional.jpg',
    width: 900,
    height: 420,
    alt: 'A circular arrow around twelve dots, one for each month',
    draw: packageRetainer,
    quality: 62,
  },
  { name: 'steadfast-mark.png', width: 512, height: 512, alt: 'The Steadfast Operations mark: three rising bars', draw: (w) => mark(w), png: true },
];

type DocumentFile = { name: string; contentType: string; width: number; height: number; alt: string; data: string };

async function drawPictures(): Promise<DocumentFile[]> {
  const files: DocumentFile[] = [];
  for (const p of PICTURES) {
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}">${p.draw(p.width, p.height)}</svg>`,
    );
    const image = sharp(svg);
    const bytes = p.png
      ? await image.png({ compressionLevel: 9, palette: true }).toBuffer()
      : await image.jpeg({ quality: p.quality ?? 60, mozjpeg: true }).toBuffer();
    files.push({ name: p.name, contentType: p.png ? 'image/png' : 'image/jpeg', width: p.width, height: p.height, alt: p.alt, data: bytes.toString('base64') });
  }
  return files;
}

/* ---------- content ---------- */

/** A stable 24-hex id from a name, so ids stay put from run to run. */
const id = (name: string) => createHash('sha256').update(`consultant/${name}`).digest('hex').slice(0, 24);

type Mark = { type: 'link'; attrs: { href: string; target: null } } | { type: 'bold' } | { type: 'italic' };
type Inline = { type: 'text'; text: string; marks?: Mark[] } | { type: 'hardBreak' };
type Node = Record<string, unknown>;
type Place = { x: number; y: number; w: number; h: number };
type Block = { id: string; type: number; data: Record<string, unknown>; layout: { desktop: Place; phone?: Place } };
type Section = { id: string; theme: 'white' | 'light' | 'dark' | 'accent'; blocks: Block[] };

const link = (text: string, href: string): Inline => ({ type: 'text', text, marks: [{ type: 'link', attrs: { href, target: null } }] });
const strong = (text: string): Inline => ({ type: 'text', text, marks: [{ type: 'bold' }] });
const inline = (parts: (string | Inline)[]): Inline[] => parts.map((part) => (typeof part === 'string' ? { type: 'text', text: part } : part));
const p = (...parts: (string | Inline)[]): Node => ({ type: 'paragraph', attrs: { textAlign: null }, content: inline(parts) });
const heading = (level: 1 | 2 | 3 | 4, text: string, textAlign: 'center' | null = null): Node => ({
  type: 'heading',
  attrs: { textAlign, level },
  content: [{ type: 'text', text }],
});
const centred = (...parts: (string | Inline)[]): Node => ({ type: 'paragraph', attrs: { textAlign: 'center' }, content: inline(parts) });
const bullets = (...items: (string | (string | Inline)[])[]): Node => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [p(...(typeof item === 'string' ? [item] : item))] })),
});
const quote = (...paragraphs: Node[]): Node => ({ type: 'blockquote', content: paragraphs });

const at = (x: number, y: number, w: number, h: number): Place => ({ x, y, w, h });

/** Each block's id is its page, section and name: unique in the document by construction. */
function blocks(scope: string) {
  const make = (name: string, type: number, data: Record<string, unknown>, desktop: Place, phone?: Place): Block => ({
    id: id(`${scope}/${name}`),
    type,
    data,
    layout: phone ? { desktop, phone } : { desktop },
  });
  return {
    text: (name: string, content: Node[], desktop: Place, phone?: Place) => make(name, BLOCK_TYPES.HTML, { text: { type: 'doc', content } }, desktop, phone),
    button: (
      name: string,
      data: { buttonText: string; clickthroughUrl: string; style?: string; size?: string; alignment?: string },
      desktop: Place,
      phone?: Place,
    ) => make(name, BLOCK_TYPES.BUTTON, data, desktop, phone),
    image: (name: string, data: Record<string, unknown>, desktop: Place, phone?: Place) => make(name, BLOCK_TYPES.IMAGE, data, desktop, phone),
    block: make,
  };
}

const section = (scope: string, theme: Section['theme'], list: Block[]): Section => ({ id: id(`${scope}/section`), theme, blocks: list });

/**
 * Phone placements for blocks that sit side by side on desktop: one under another in the order
 * given, a row apart, so a card's picture, words and button stay together and cards do not touch.
 * Rows grow to their content, so each block is given two rows and takes what it needs.
 */
function stackedOnPhone(list: Block[]): Block[] {
  return list.map((block, i) => ({ ...block, layout: { ...block.layout, phone: at(0, i * 3, 8, 2) } }));
}

const CONTACT = {
  email: 'hello@steadfastops.example',
  phone: '(555) 555-0147',
  tel: 'tel:+15555550147',
  address: '210 Foundry Row, Suite 4, Millbrook',
  booking: 'https://calendar.steadfastops.example/nadia',
};

/** A closing call to action on the accent colour: a heading, a sentence and the button, centred. */
function closingCall(scope: string, title: string, sentence: string, button = 'Book a call'): Section {
  const b = blocks(scope);
  return section(scope, 'accent', [
    b.text('text', [heading(2, title, 'center'), centred(sentence)], at(3, 0, 18, 5)),
    b.button('button', { buttonText: button, clickthroughUrl: '/contact', size: 'large', alignment: 'center' }, at(3, 5, 18, 3)),
  ]);
}

/** The home page: the promise, three services, clients' words, packages, questions and a last call. */
function homePage() {
  const hero = blocks('home/hero');
  const services = blocks('home/services');
  const voices = blocks('home/voices');
  const prices = blocks('home/packages');
  const faq = blocks('home/faq');
  const serviceCard = (name: string, src: string, alt: string, title: string, body: string, x: number) =>
    services.image(
      name,
      { src, alt, variant: 1016, title, headingLevel: 'h3', bodyHtml: body, buttonText: 'How it works', buttonLink: '/services', contentPosition: 'TOP_LEFT' },
      at(x, 5, 8, 20),
    );
  const testimonial = (name: string, words: string, who: string, company: string, x: number) =>
    voices.text(name, [quote(p(words)), p(strong(who), ', ', company)], at(x, 4, 8, 12));
  const packageCard = (name: string, src: string, alt: string, title: string, price: string, terms: string, items: string[], x: number) =>
    prices.image(
      name,
      {
        src,
        alt,
        variant: 1016,
        title,
        headingLevel: 'h3',
        bodyHtml: `<p><strong>${price}</strong> · ${terms}</p><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`,
        buttonText: 'Book a call',
        buttonLink: '/contact',
        contentPosition: 'TOP_LEFT',
      },
      at(x, 6, 8, 22),
    );
  return {
    id: id('page/home'),
    pageType: 2,
    path: '/',
    title: 'Home',
    status: 1,
    seo: {
      title: 'Steadfast Operations — operations consulting for small manufacturers',
      description:
        'Nadia Okafor helps small manufacturers ship on time without adding a shift: shop-floor flow, production planning and inventory, from Millbrook.',
    },
    sections: [
      section('home/hero', 'white', [
        hero.text(
          'text',
          [
            heading(1, 'Ship on time, every week, without adding a shift'),
            p(
              'I help manufacturers of 10 to 200 people find the hours hiding on their shop floor. Practical changes your own team runs, measured from the first week — not a binder of slides.',
            ),
          ],
          at(0, 1, 11, 11),
          at(0, 0, 8, 12),
        ),
        hero.button('book', { buttonText: 'Book a call', clickthroughUrl: '/contact', size: 'large' }, at(0, 12, 5, 3), at(0, 12, 8, 3)),
        hero.button(
          'services',
          { buttonText: 'See services', clickthroughUrl: '/services', size: 'large', style: 'secondary' },
          at(5, 12, 6, 3),
          at(0, 15, 8, 3),
        ),
        hero.text('note', [p('Free 30-minute call. Straight answers, no sales pitch.')], at(0, 15, 11, 2), at(0, 18, 8, 2)),
        hero.image('image', { src: '/s/planning-board.jpg', alt: PICTURES[0]!.alt }, at(12, 0, 12, 18), at(0, 20, 8, 13)),
      ]),
      section(
        'home/services',
        'light',
        stackedOnPhone([
          services.text(
            'intro',
            [
              heading(2, 'Where I can help'),
              p('Most plants I visit are not short of people or machines. They are short of flow, a plan that holds, and the right parts on the shelf.'),
            ],
            at(0, 0, 16, 5),
          ),
          serviceCard(
            'flow',
            '/s/floor-flow.jpg',
            'A shop floor plan with a short amber route from receiving to shipping',
            'Shop-floor flow',
            '<p>We walk the route your parts take, then shorten it: layout, batch sizes and handoffs, so work stops waiting.</p>',
            0,
          ),
          serviceCard(
            'planning',
            '/s/schedule-board.jpg',
            "A schedule board of jobs on six machines' rows",
            'Production planning',
            '<p>A weekly schedule built on real capacity, that your supervisors trust and your customers can set their watch by.</p>',
            8,
          ),
          serviceCard(
            'inventory',
            '/s/inventory-shelves.jpg',
            'Shelves of parts bins beside a card of stock levels',
            'Inventory and purchasing',
            '<p>Reorder points, kanban and supplier terms that free up cash without a single stoppage for a missing part.</p>',
            16,
          ),
        ]),
      ),
      section(
        'home/voices',
        'dark',
        stackedOnPhone([
          voices.text('intro', [heading(2, 'What clients say')], at(0, 0, 16, 3)),
          testimonial(
            'dana',
            'We went from 71% of orders on time to 94% in one quarter, with the same crew. Nadia never told us what to do — she showed us where to look.',
            'Dana Whitfield',
            'owner, Whitfield Cabinetry',
            0,
          ),
          testimonial(
            'luis',
            'The new cell layout took a weekend to move and saved us half a mile of walking a day. Our lead times dropped from three weeks to eight days.',
            'Luis Ortega',
            'plant manager, Ortega Precision Machining',
            8,
          ),
          testimonial(
            'priya',
            'She cut our raw material stock by a third and we have not run short once since. The bank noticed before our accountant did.',
            'Priya Raman',
            'operations director, Kettle Creek Foods',
            16,
          ),
        ]),
      ),
      section(
        'home/packages',
        'white',
        stackedOnPhone([
          prices.text(
            'intro',
            [
              heading(2, 'Ways to work together'),
              p('Fixed fees, agreed before we start. If the check-up does not pay for itself in ninety days, I refund it.'),
            ],
            at(0, 0, 16, 5),
          ),
          packageCard(
            'check-up',
            '/s/package-check-up.jpg',
            'A magnifying glass over a small bar chart',
            'Plant check-up',
            '$2,400',
            'fixed fee',
            [
              'Two days on your floor',
              'Flow, planning and stock reviewed',
              'A written report in plain words',
              'A 90-day action plan, ranked by payback',
              'A follow-up call a month later',
            ],
            0,
          ),
          packageCard(
            'sprint',
            '/s/package-sprint.jpg',
            'A six-week calendar, the first three weeks filled in',
            'Improvement sprint',
            '$9,500',
            'six weeks',
            [
              'One goal, chosen together',
              'A day on site every week',
              'Hands-on training for your leads',
              'Before-and-after numbers',
              'Standard work your team keeps',
            ],
            8,
          ),
          packageCard(
            'fractional',
            '/s/package-fractional.jpg',
            'A circular arrow around twelve dots, one for each month',
            'Fractional operations lead',
            '$3,800',
            'a month',
            [
              'Two days a month on site',
              'A monthly numbers review',
              'Help hiring and coaching supervisors',
              'Calls and email in between',
              'Stop with 30 days’ notice',
            ],
            16,
          ),
        ]),
      ),
      section('home/faq', 'light', [
        faq.text('intro', [heading(2, 'Common questions'), p('Something else on your mind? Ask it on a call — that is what the call is for.')], at(0, 0, 8, 8)),
        faq.block(
          'accordion',
          BLOCK_TYPES.ACCORDION,
          {
            items: [
              {
                title: 'What size of business do you work with?',
                html: '<p>Manufacturers of roughly 10 to 200 people: job shops, food producers, woodworkers, metal fabricators and small assembly plants. Big enough to have a schedule, small enough that the owner still walks the floor.</p>',
              },
              {
                title: 'Do you only work around Millbrook?',
                html: '<p>Most clients are within a two-hour drive, because the work happens on your floor. For plants further away I plan site days in blocks and add travel at cost.</p>',
              },
              {
                title: 'Will my team have to learn new software?',
                html: '<p>Usually not. I work with the tools you have — your ERP, a spreadsheet or a whiteboard. If a tool is truly in the way, I will say so and help you choose, but I sell no software.</p>',
              },
              {
                title: 'How soon will we see results?',
                html: '<p>Clients typically see the first change on the floor within two weeks. The check-up’s action plan ranks every step by how quickly it pays back, so the fast wins come first.</p>',
              },
              {
                title: 'What happens on the first call?',
                html: '<p>Thirty minutes, free. You tell me what is getting in the way; I ask a lot of questions and tell you honestly whether I can help, and how. No slides, no obligation.</p>',
              },
            ],
            allowMultipleOpen: false,
            firstItemExpanded: true,
            headingLevel: 'h3',
          },
          at(9, 0, 15, 18),
        ),
      ]),
      closingCall(
        'home/call',
        'Find the hours hiding on your floor',
        'Book a free 30-minute call. You will leave it with at least one thing to try on Monday.',
      ),
    ],
  };
}

type Service = { key: string; title: string; lead: string; details: string[]; length: string; src: string };

/** The services page: each service beside its picture, sides alternating, then a last call. */
function servicesPage() {
  const list: Service[] = [
    {
      key: 'flow',
      title: 'Shop-floor flow',
      lead: 'Parts in most plants spend nine tenths of their time waiting. We follow a few orders from receiving to shipping, map every stop, and rearrange the floor so work moves instead of queuing.',
      details: [
        'A value-stream map of your busiest product family',
        'A new layout, tested on paper before anything moves',
        'Smaller batches and clear handoffs between stations',
        'Lead time and walking distance, measured before and after',
      ],
      length: 'Typically four to eight weeks.',
      src: 'floor-flow.jpg',
    },
    {
      key: 'planning',
      title: 'Production planning and scheduling',
      lead: 'A schedule nobody believes is worse than none. I help you plan on your real capacity, freeze the next few days, and give supervisors one board everyone reads the same way.',
      details: [
        'A capacity model of your bottleneck machines',
        'A weekly planning meeting that takes half an hour',
        'A visual schedule board for the floor',
        'Promise dates sales can give customers with confidence',
      ],
      length: 'Typically six weeks, then a monthly check.',
      src: 'schedule-board.jpg',
    },
    {
      key: 'inventory',
      title: 'Inventory and purchasing',
      lead: 'Too much stock of the wrong parts and too little of the right ones ties up cash and stops the line. We set reorder points from real usage and make buying a routine, not a rescue.',
      details: [
        'A count and an ABC review of what you hold',
        'Reorder points and kanban for the parts that matter',
        'Supplier lead times and terms, renegotiated where it counts',
        'Cash freed up, tracked month by month',
      ],
      length: 'Typically four to six weeks.',
      src: 'inventory-shelves.jpg',
    },
    {
      key: 'fractional',
      title: 'Fractional operations lead',
      lead: 'Not ready to hire a full-time operations manager? I join your leadership team two days a month, keep the improvements going and coach the people who will one day run it without me.',
      details: [
        'A monthly review of on-time delivery, lead time and cost',
        'Coaching for supervisors and team leads',
        'Help writing the job and interviewing when you are ready to hire',
        'Calls and email in between visits',
      ],
      length: 'Month to month, with 30 days’ notice.',
      src: 'monthly-dashboard.jpg',
    },
  ];
  const intro = blocks('services/intro');
  const alt = (src: string) => PICTURES.find((pic) => pic.name === src)!.alt;
  const sections: Section[] = [
    section('services/intro', 'white', [
      intro.text(
        'text',
        [
          heading(1, 'Services'),
          p(
            'Every engagement starts with a walk around your floor and ends with your own team running the change. Pick one area, or start with a check-up and let the numbers choose.',
          ),
        ],
        at(0, 0, 16, 7),
      ),
    ]),
    ...list.map((service, i) => {
      const scope = `services/${service.key}`;
      const b = blocks(scope);
      const imageLeft = i % 2 === 1;
      const content = [heading(2, service.title), p(service.lead), bullets(...service.details), p(strong(service.length))];
      return section(scope, i % 2 === 0 ? 'light' : 'white', [
        b.text('text', content, at(imageLeft ? 13 : 0, 0, 11, 17), at(0, 0, 8, 18)),
        b.image('image', { src: `/s/${service.src}`, alt: alt(service.src) }, at(imageLeft ? 0 : 13, 0, 11, 17), at(0, 19, 8, 12)),
      ]);
    }),
    closingCall('services/call', 'Not sure where to start?', 'Most clients begin with a two-day plant check-up. Book a call and we will see whether it fits.'),
  ];
  return {
    id: id('page/services'),
    pageType: 2,
    path: '/services',
    title: 'Services',
    status: 1,
    seo: { description: 'Shop-floor flow, production planning, inventory and purchasing, and a fractional operations lead for small manufacturers.' },
    sections,
  };
}

/** The about page: Nadia's story beside her portrait, her credentials and how she works. */
function aboutPage() {
  const story = blocks('about/story');
  const facts = blocks('about/facts');
  return {
    id: id('page/about'),
    pageType: 2,
    path: '/about',
    title: 'About',
    status: 1,
    seo: { description: 'Nadia Okafor spent fourteen years running shop floors before starting Steadfast Operations in Millbrook in 2017.' },
    sections: [
      section('about/story', 'white', [
        story.text(
          'text',
          [
            heading(1, 'Hello, I’m Nadia'),
            p(
              'I started on the floor: a process engineer at a valve maker, learning that the best ideas came from the people running the machines. Nine years later I was plant manager of a 120-person metal fabrication shop, and our on-time delivery had gone from 68% to 96%.',
            ),
            p(
              'In 2017 I opened Steadfast Operations in Millbrook to do that work for the small manufacturers around me — the family businesses that are too small for the big consultancies and too busy to fix things alone.',
            ),
            p(
              'Since then I have worked with more than sixty plants, from a four-generation bakery to a precision machine shop. I still spend most of my week in steel-toed boots.',
            ),
            quote(p('The answer is almost always already on your floor. My job is to help you see it, then make it stick.')),
          ],
          at(0, 0, 13, 23),
          at(0, 0, 8, 30),
        ),
        story.image('portrait', { src: '/s/nadia-okafor.jpg', alt: PICTURES[5]!.alt }, at(14, 0, 10, 25), at(0, 30, 8, 20)),
      ]),
      section('about/facts', 'light', [
        facts.text(
          'credentials',
          [
            heading(2, 'Credentials'),
            bullets(
              'B.S. in Industrial Engineering',
              'Certified in Planning and Inventory Management (CPIM)',
              'Lean Six Sigma Black Belt',
              'Fourteen years in plant operations, five as plant manager',
            ),
          ],
          at(0, 0, 8, 11),
        ),
        facts.text(
          'ways',
          [
            heading(2, 'How I work'),
            bullets(
              'On your floor, not in a conference room',
              'Your team makes the changes; I coach',
              'Fixed fees, agreed up front',
              'Numbers before and after, every time',
            ),
          ],
          at(8, 0, 8, 11),
        ),
        facts.text(
          'industries',
          [
            heading(2, 'Where I’ve worked'),
            bullets('Metal fabrication and machining', 'Food and beverage production', 'Cabinetry and furniture', 'Plastics and small assembly'),
          ],
          at(16, 0, 8, 11),
        ),
      ]),
      closingCall(
        'about/call',
        'Let’s talk about your plant',
        'Tell me what keeps you up at night. Thirty minutes, free, and you will leave with something to try.',
      ),
    ],
  };
}

/** The contact page: the booking form, the practice's details, and the monthly letter. */
function contactPage() {
  const form = blocks('contact/form');
  const letter = blocks('contact/letter');
  return {
    id: id('page/contact'),
    pageType: 2,
    path: '/contact',
    title: 'Contact',
    status: 1,
    seo: { description: 'Book a free 30-minute call with Nadia Okafor of Steadfast Operations, or write, call or sign up for Floor Notes.' },
    sections: [
      section('contact/form', 'white', [
        form.text(
          'intro',
          [
            heading(1, 'Book a call'),
            p(
              'Tell me a little about your plant and what is getting in the way. I will reply within one working day to find a time for a free 30-minute call.',
            ),
          ],
          at(0, 0, 15, 6),
        ),
        form.block(
          'form',
          BLOCK_TYPES.FORM,
          {
            formId: id('contact/form/form-id'),
            title: 'About your plant',
            fields: [
              { id: 'name', type: 'text', label: 'Name', required: true, asks: 'name' },
              { id: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@company.example' },
              { id: 'company', type: 'text', label: 'Company', required: true },
              { id: 'phone', type: 'text', label: 'Phone', asks: 'phone', description: 'Only if you would rather I call you.' },
              { id: 'size', type: 'select', label: 'People on your payroll', options: ['Under 10', '10 to 49', '50 to 199', '200 or more'] },
              {
                id: 'topic',
                type: 'radio',
                label: 'What would you most like to fix?',
                required: true,
                options: ['Late orders', 'Long lead times', 'Too much (or too little) stock', 'Something else'],
              },
              { id: 'message', type: 'textarea', label: 'Anything else I should know?', placeholder: 'Products, shifts, what you have tried…' },
            ],
            settings: {
              submitButtonText: 'Request a call',
              captcha: true,
              notifyEmails: ['nadia@steadfastops.example'],
              submissionHtml: '<p>Thank you. I will be in touch within one working day to find a time that suits you.</p>',
              disclaimerHtml: '<p>I use your details only to answer you, and never share them.</p>',
            },
          },
          at(0, 6, 15, 40),
        ),
        form.text(
          'details',
          [
            heading(2, 'Reach me directly'),
            p(strong('Email'), { type: 'hardBreak' }, link(CONTACT.email, `mailto:${CONTACT.email}`)),
            p(strong('Phone'), { type: 'hardBreak' }, link(CONTACT.phone, CONTACT.tel)),
            p(strong('Office'), { type: 'hardBreak' }, CONTACT.address),
            p(strong('Hours'), { type: 'hardBreak' }, 'Monday to Friday, 7:30 to 4:30 — plant hours'),
            p('Rather pick a time yourself? ', link('Open my booking calendar', CONTACT.booking), '.'),
          ],
          at(17, 6, 7, 22),
        ),
      ]),
      section('contact/letter', 'dark', [
        letter.block(
          'newsletter',
          BLOCK_TYPES.NEWSLETTER,
          {
            listId: id('contact/letter/list-id'),
            title: 'Floor Notes',
            description: 'One short letter a month: a problem from a real plant and how it was fixed. Read in five minutes, use on Monday.',
            askName: true,
            buttonText: 'Subscribe',
            successText: 'Nearly there: check your inbox and confirm, and the next Floor Notes will reach you.',
            captcha: false,
            disclaimerHtml: '<p>One email a month. Unsubscribe with one click.</p>',
          },
          at(0, 0, 14, 12),
        ),
        letter.text(
          'past',
          [
            heading(2, 'Recent topics'),
            bullets('The forklift that walked four miles a day', 'Why your best machine should never be busy', 'Counting what you have before buying more'),
          ],
          at(16, 0, 8, 12),
        ),
      ]),
    ],
  };
}

/* ---------- the document ---------- */

async function main() {
  const files = await drawPictures();
  const doc = {
    format: SITE_DOCUMENT_FORMAT,
    version: SITE_DOCUMENT_VERSION,
    settings: {
      identifier: 'consultant',
      title: 'Steadfast Operations',
      tagline: 'Operations consulting for small manufacturers',
      description: 'Nadia Okafor helps small manufacturers ship on time without adding a shift.',
      locale: 'en-US',
      timeZone: 'America/Chicago',
      websiteType: 1,
      templateVersion: '7.1',
      customDomains: [],
      socialImage: '/s/planning-board.jpg',
      footerText: `${CONTACT.address} · ${CONTACT.phone} · ${CONTACT.email}`,
      contact: { email: CONTACT.email, phone: CONTACT.phone, address: CONTACT.address },
      design: DESIGN,
    },
    navigation: [
      { title: 'Services', href: '/services', newWindow: false },
      { title: 'About', href: '/about', newWindow: false },
      { title: 'Contact', href: '/contact', newWindow: false },
    ],
    header: {
      layout: 'left',
      showTagline: false,
      button: { text: 'Book a call', href: '/contact' },
      logo: '/s/steadfast-mark.png',
      logoDisplay: 'logo-and-title',
      logoHeight: 32,
      icon: '/s/steadfast-mark.png',
    },
    footer: { showNavigation: true, links: [] },
    pages: [homePage(), servicesPage(), aboutPage(), contactPage()],
    collections: [],
    redirects: [],
    files,
  };
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(`the document does not load:\n${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('\n')}`);
  const text = `${JSON.stringify(doc, null, 1)}\n`;
  writeFileSync(projectPath('sites/consultant/site.json'), text);
  const images = files.reduce((sum, f) => sum + f.data.length, 0);
  console.log(`sites/consultant/site.json: ${Math.round(text.length / 1024)} KB (${files.length} files, ${Math.round(images / 1024)} KB of base64)`);
}

await main();
