/**
 * The demo shop's product photos and its glaze booklet, drawn here rather than photographed or
 * downloaded, in the manner of the demo's other pictures: flat shapes in the studio's glazes on a
 * soft gradient. Each photo is an SVG made into a small JPEG (720 px square, modest quality) by
 * sharp; the booklet is a one-page PDF written by hand. Both are written into the demo document
 * (sites/demo/site.json) as files, replacing those of the same name; the products that show them
 * live in the document's `store`. Run: `npx tsx scripts/demo-product-photos.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { projectPath } from '../src/db/project-root';

const SIZE = 720;
const QUALITY = 62;

type Glaze = { body: string; shade: string; rim: string; speckles?: boolean; drips?: string };

/** The studio's four glazes, as the shop names them. */
const GLAZES = {
  celadon: { body: '#a9c7b8', shade: '#7fa596', rim: '#c9ddd2' },
  tenmoku: { body: '#3b2620', shade: '#1f1411', rim: '#8a4a2b' },
  speckled: { body: '#ece4d6', shade: '#cfc3ae', rim: '#f6f1e8', speckles: true },
  ash: { body: '#9a9a84', shade: '#6f715f', rim: '#b9b49a', drips: '#c8c28f' },
} satisfies Record<string, Glaze>;
type GlazeName = keyof typeof GLAZES;

const BACKDROPS = [
  ['#efe7dc', '#dccdb9'],
  ['#2f3d3a', '#41504b'],
  ['#e6ece8', '#c9d6cf'],
  ['#f2e9e1', '#e2cfc0'],
] as const;

/** A seeded generator, so the same photos come out each run and the document only changes when the drawing does. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function defs(g: Glaze, backdrop: readonly [string, string]) {
  return `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="1" stop-color="${backdrop[1]}"/></linearGradient>
  <linearGradient id="glaze" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${g.body}"/><stop offset="1" stop-color="${g.shade}"/></linearGradient>
</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`;
}

/** Iron specks and ash runs over a shape's box, clipped to the shape by the caller's path. */
function surface(g: Glaze, seed: number, box: { x: number; y: number; w: number; h: number }, clip: string) {
  const rnd = random(seed);
  let out = `<clipPath id="c${seed}"><path d="${clip}"/></clipPath><g clip-path="url(#c${seed})">`;
  if (g.speckles) {
    for (let i = 0; i < 70; i++) {
      const r = 1.2 + rnd() * 2.2;
      out += `<circle cx="${(box.x + rnd() * box.w).toFixed(1)}" cy="${(box.y + rnd() * box.h).toFixed(1)}" r="${r.toFixed(1)}" fill="#6b5a48" opacity="0.7"/>`;
    }
  }
  if (g.drips) {
    for (let i = 0; i < 9; i++) {
      const x = box.x + (i + 0.5) * (box.w / 9) + (rnd() - 0.5) * 10;
      const len = box.h * (0.25 + rnd() * 0.35);
      out += `<rect x="${x.toFixed(1)}" y="${box.y}" width="${(8 + rnd() * 8).toFixed(1)}" height="${len.toFixed(1)}" rx="7" fill="${g.drips}" opacity="0.55"/>`;
    }
  }
  out += `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${Math.min(box.h * 0.14, 22)}" fill="${g.rim}" opacity="0.5"/></g>`;
  return out;
}

const shadow = (cx: number, cy: number, rx: number) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.12}" fill="#000" opacity="0.18"/>`;

/** A mug seen from the side: `scale` 1 is a 12 oz mug, smaller for 8 oz or an espresso cup. */
function mug(g: Glaze, seed: number, scale = 1) {
  const w = 250 * scale;
  const h = 260 * scale;
  const x = SIZE / 2 - w / 2 - 30 * scale;
  const y = 470 - h;
  const body = `M${x} ${y} h${w} v${h - 30} q0 30 -30 30 h${-(w - 60)} q-30 0 -30 -30 z`;
  const hx = x + w;
  return `${shadow(SIZE / 2, 480, w * 0.7)}
  <path d="M${hx - 4} ${y + h * 0.22} c${95 * scale} 0 ${95 * scale} ${h * 0.55} 0 ${h * 0.55}" fill="none" stroke="${g.shade}" stroke-width="${26 * scale}" stroke-linecap="round"/>
  <path d="${body}" fill="url(#glaze)"/>${surface(g, seed, { x, y, w, h }, body)}
  <ellipse cx="${x + w / 2}" cy="${y}" rx="${w / 2}" ry="${14 * scale}" fill="${g.shade}"/>`;
}

/** A bowl from the side, its inside glimpsed: `wide` for a serving bowl. */
function bowl(g: Glaze, seed: number, wide = 1, cy = 420) {
  const rx = 210 * wide;
  const depth = 170 * Math.min(wide, 1.1);
  const cx = SIZE / 2;
  const body = `M${cx - rx} ${cy} a${rx} ${depth} 0 0 0 ${rx * 2} 0 z`;
  return `${shadow(cx, cy + depth + 6, rx * 0.6)}
  <rect x="${cx - rx * 0.32}" y="${cy + depth - 22}" width="${rx * 0.64}" height="26" rx="6" fill="${g.shade}"/>
  <path d="${body}" fill="url(#glaze)"/>${surface(g, seed, { x: cx - rx, y: cy, w: rx * 2, h: depth }, body)}
  <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.16}" fill="${g.shade}"/><ellipse cx="${cx}" cy="${cy + 3}" rx="${rx - 14}" ry="${rx * 0.13}" fill="${g.body}" opacity="0.7"/>`;
}

/** Three bowls nested, the largest below. */
function nestingBowls(g: Glaze, seed: number) {
  return [bowl(g, seed, 1.2, 470), bowl(g, seed + 1, 0.95, 390), bowl(g, seed + 2, 0.7, 320)].join('');
}

/** A vase: a round body and a neck; `tall` stretches it into a bottle, `moon` makes it a moon jar. */
function vase(g: Glaze, seed: number, shape: 'bud' | 'bottle' | 'moon', base = 600) {
  const cx = SIZE / 2;
  const dims = { bud: { r: 120, neck: 34, neckH: 120 }, bottle: { r: 150, neck: 40, neckH: 230 }, moon: { r: 220, neck: 80, neckH: 40 } }[shape];
  const bodyTop = base - dims.r * 1.9;
  const top = bodyTop - dims.neckH;
  const body = `M${cx - dims.neck} ${top} h${dims.neck * 2} v${dims.neckH * 0.6} C${cx + dims.neck} ${bodyTop + 30} ${cx + dims.r} ${bodyTop} ${cx + dims.r} ${base - dims.r}
    C${cx + dims.r} ${base - 20} ${cx + dims.r * 0.6} ${base} ${cx + dims.r * 0.45} ${base} h${-dims.r * 0.9}
    C${cx - dims.r * 0.6} ${base} ${cx - dims.r} ${base - 20} ${cx - dims.r} ${base - dims.r} C${cx - dims.r} ${bodyTop} ${cx - dims.neck} ${bodyTop + 30} ${cx - dims.neck} ${top + dims.neckH * 0.6} z`;
  return `${shadow(cx, base + 4, dims.r * 1.1)}<path d="${body}" fill="url(#glaze)"/>${surface(
    g,
    seed,
    { x: cx - dims.r, y: top, w: dims.r * 2, h: base - top },
    body,
  )}<ellipse cx="${cx}" cy="${top}" rx="${dims.neck}" ry="${dims.neck * 0.25}" fill="${g.shade}"/>`;
}

/** A plate from above, with its well; `small` for a side plate. */
function plate(g: Glaze, seed: number, small = false) {
  const r = small ? 220 : 280;
  const cx = SIZE / 2;
  const cy = SIZE / 2;
  const disc = `M${cx - r} ${cy} a${r} ${r} 0 1 0 ${r * 2} 0 a${r} ${r} 0 1 0 ${-r * 2} 0 z`;
  return `<circle cx="${cx + 10}" cy="${cy + 14}" r="${r}" fill="#000" opacity="0.16"/><path d="${disc}" fill="${g.rim}"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.7}" fill="url(#glaze)"/>${surface(g, seed, { x: cx - r, y: cy - r, w: r * 2, h: r * 2 }, disc)}`;
}

/** Wet clay, unglazed. */
const CLAY: Glaze = { body: '#b98a66', shade: '#936646', rim: '#caa183' };

/** The wheel with a cone of clay centred on it, for the workshop. */
function wheel(seed: number) {
  return `${shadow(SIZE / 2, 560, 300)}<ellipse cx="360" cy="520" rx="280" ry="60" fill="#5b6a66"/><ellipse cx="360" cy="505" rx="250" ry="50" fill="#8a9994"/>
  <rect x="320" y="520" width="80" height="120" fill="#46524f"/>${vase(CLAY, seed, 'bud', 505)}`;
}

/** A gift card: the studio's card with a small mug drawn on it. */
function giftCard() {
  return `<g transform="rotate(-8 360 360)"><rect x="130" y="220" width="460" height="290" rx="22" fill="#000" opacity="0.18" transform="translate(10 14)"/>
  <rect x="130" y="220" width="460" height="290" rx="22" fill="#2f4a45"/><rect x="130" y="300" width="460" height="26" fill="#c9a46a"/>
  <rect x="420" y="370" width="90" height="90" rx="10" fill="#ece4d6"/><path d="M510 390 c30 0 30 40 0 40" fill="none" stroke="#ece4d6" stroke-width="12"/></g>`;
}

/** The booklet: a cover with a grid of glaze test tiles. */
function booklet() {
  const tiles = Object.values(GLAZES).flatMap((g, i) => [0, 1].map((j) => ({ g, x: 250 + j * 120, y: 200 + i * 95 })));
  return `<rect x="200" y="130" width="330" height="460" rx="10" fill="#000" opacity="0.18" transform="translate(12 14)"/><rect x="200" y="130" width="330" height="460" rx="10" fill="#f6f1e8"/>
  ${tiles.map((t) => `<rect x="${t.x}" y="${t.y}" width="100" height="78" rx="8" fill="${t.g.body}"/><rect x="${t.x}" y="${t.y}" width="100" height="18" rx="8" fill="${t.g.rim}"/>`).join('')}`;
}

type Photo = { name: string; alt: string; backdrop: number; draw: (seed: number) => string; glaze?: GlazeName; palette?: Glaze };

const glazeWords: Record<GlazeName, string> = { celadon: 'celadon', tenmoku: 'tenmoku', speckled: 'speckled white', ash: 'ash' };
const each = (names: GlazeName[], make: (g: GlazeName) => Omit<Photo, 'glaze'>): Photo[] => names.map((g) => ({ ...make(g), glaze: g }));

const PHOTOS: Photo[] = [
  ...each(['celadon', 'tenmoku', 'speckled'], (g) => ({
    name: `harbour-mug-${g}.jpg`,
    alt: `A stoneware mug in ${glazeWords[g]} glaze with a round handle`,
    backdrop: 0,
    draw: (s) => mug(GLAZES[g], s),
  })),
  ...each(['tenmoku', 'ash'], (g) => ({
    name: `espresso-cup-${g}.jpg`,
    alt: `A small espresso cup in ${glazeWords[g]} glaze`,
    backdrop: 3,
    draw: (s) => mug(GLAZES[g], s, 0.7),
  })),
  ...each(['celadon', 'tenmoku', 'speckled', 'ash'], (g) => ({
    name: `breakfast-bowl-${g}.jpg`,
    alt: `A breakfast bowl in ${glazeWords[g]} glaze`,
    backdrop: 2,
    draw: (s) => bowl(GLAZES[g], s),
  })),
  ...each(['tenmoku', 'ash'], (g) => ({
    name: `serving-bowl-${g}.jpg`,
    alt: `A wide serving bowl in ${glazeWords[g]} glaze`,
    backdrop: 1,
    draw: (s) => bowl(GLAZES[g], s, 1.35),
  })),
  { name: 'nesting-bowls.jpg', alt: 'Three speckled white bowls nested inside one another', backdrop: 1, draw: (s) => nestingBowls(GLAZES.speckled, s) },
  ...each(['celadon', 'ash', 'tenmoku'], (g) => ({
    name: `bud-vase-${g}.jpg`,
    alt: `A small bud vase in ${glazeWords[g]} glaze`,
    backdrop: 0,
    draw: (s) => vase(GLAZES[g], s, 'bud'),
  })),
  ...each(['speckled', 'tenmoku'], (g) => ({
    name: `bottle-vase-${g}.jpg`,
    alt: `A tall bottle vase in ${glazeWords[g]} glaze`,
    backdrop: 3,
    draw: (s) => vase(GLAZES[g], s, 'bottle'),
  })),
  ...each(['speckled', 'celadon'], (g) => ({
    name: `side-plate-${g}.jpg`,
    alt: `A side plate in ${glazeWords[g]} glaze, seen from above`,
    backdrop: 1,
    draw: (s) => plate(GLAZES[g], s, true),
  })),
  ...each(['speckled', 'celadon', 'ash'], (g) => ({
    name: `dinner-plate-${g}.jpg`,
    alt: `A dinner plate in ${glazeWords[g]} glaze, seen from above`,
    backdrop: 2,
    draw: (s) => plate(GLAZES[g], s),
  })),
  { name: 'moon-jar.jpg', alt: 'A large round moon jar in speckled white glaze', backdrop: 3, draw: (s) => vase(GLAZES.speckled, s, 'moon') },
  { name: 'wheel-workshop.jpg', alt: "A potter's wheel with a cone of wet clay centred on it", backdrop: 2, draw: (s) => wheel(s), palette: CLAY },
  { name: 'gift-card.jpg', alt: 'A Juniper Ceramics gift card', backdrop: 0, draw: () => giftCard() },
  { name: 'glaze-booklet.jpg', alt: 'The glaze recipe booklet, its cover a grid of glaze test tiles', backdrop: 0, draw: () => booklet() },
];

/** The booklet's download: a one-page PDF of the studio's four glaze recipes, written by hand (text objects only). */
function bookletPdf(): Buffer {
  const lines = [
    'Juniper Ceramics - Four glazes from the harbour studio',
    'Celadon (cone 10 reduction): custer feldspar 25, silica 35, whiting 20, kaolin 20, red iron oxide 1',
    'Tenmoku (cone 10 reduction): custer feldspar 40, silica 30, whiting 15, kaolin 15, red iron oxide 10',
    'Speckled white (cone 6): nepheline syenite 30, silica 25, wollastonite 20, kaolin 15, zircopax 10, granular ilmenite 0.5',
    'Ash (cone 10): wood ash 40, custer feldspar 40, ball clay 20',
    'Sieve twice through 80 mesh. Test on a tile before a pot.',
  ];
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 14 : 10} Tf 56 ${780 - i * 28} Td (${l.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

type DocumentFile = { name: string; contentType: string; width?: number; height?: number; alt?: string; private?: boolean; data: string };

async function main() {
  const file = projectPath('sites/demo/site.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { files: DocumentFile[] };
  const made: DocumentFile[] = [];
  for (const [i, photo] of PHOTOS.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${defs(
      photo.palette ?? (photo.glaze ? GLAZES[photo.glaze] : GLAZES.speckled),
      BACKDROPS[photo.backdrop]!,
    )}${photo.draw(101 + i * 7)}</svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer();
    made.push({ name: photo.name, contentType: 'image/jpeg', width: SIZE, height: SIZE, alt: photo.alt, data: jpeg.toString('base64') });
  }
  made.push({ name: 'glaze-recipes.pdf', contentType: 'application/pdf', private: true, data: bookletPdf().toString('base64') });
  const names = new Set(made.map((f) => f.name));
  doc.files = [...doc.files.filter((f) => !names.has(f.name)), ...made];
  writeFileSync(file, `${JSON.stringify(doc, null, 1)}\n`);
  const bytes = made.reduce((n, f) => n + f.data.length, 0);
  console.log(`${made.length} files written into sites/demo/site.json (${Math.round(bytes / 1024)} KB of base64)`);
}

await main();
