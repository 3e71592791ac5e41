/**
 * The site icon's bytes: the PNG sizes pages link and `/favicon.ico`, made by the image pipeline
 * (`makeIcon`) from the owner's icon file or, until the owner picks one, from the default mark
 * below. Icons are small and asked for on every first visit, so each app server keeps the ones it
 * made, by the bytes they were made from (a replaced file has new bytes, so it is made again).
 */
import { createHash } from 'node:crypto';
import { FAVICON_ICO_SIZES } from '../../../../domain/site-brand';
import { DEFAULT_DESIGN } from '../../../../document/design';
import { paletteValueToHex } from '../../../../domain/palette-color';
import { makeIcon } from './image-pipeline';

const ACCENT = paletteValueToHex(DEFAULT_DESIGN.palette.swatches.bright);

/**
 * The default mark: a page with a folded corner and lines of text on the default design's accent
 * (its dark green), in a rounded square. Drawn by the pipeline at each size, so nothing is downloaded or built.
 */
export const DEFAULT_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="${ACCENT}"/>
<path d="M19 12h19l11 11v29a2 2 0 0 1-2 2H19a2 2 0 0 1-2-2V14a2 2 0 0 1 2-2z" fill="#ffffff"/>
<path d="M38 12v9a2 2 0 0 0 2 2h9z" fill="#b9d8cf"/>
<rect x="23" y="31" width="20" height="4" rx="2" fill="${ACCENT}"/>
<rect x="23" y="40" width="14" height="4" rx="2" fill="${ACCENT}"/>
</svg>`;
const DEFAULT_ICON = Buffer.from(DEFAULT_ICON_SVG);

/**
 * An ICO file holding each PNG as it is (the PNG-in-ICO form every browser since Internet
 * Explorer 9 reads): a 6-byte header, a 16-byte entry per image, then the images.
 */
export function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/** What an icon address answers: the bytes, their type, and an entity tag naming them. */
export type IconAnswer = { body: Buffer; contentType: string; etag: string };

/** Icons made, by source bytes and size; a few sites' worth (each is a few KB). */
const MADE_LIMIT = 256;
const made = new Map<string, Promise<Buffer>>();

function remembered(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const known = made.get(key);
  if (known) {
    // Most recently used last, so the oldest goes first.
    made.delete(key);
    made.set(key, known);
    return known;
  }
  const making = make();
  made.set(key, making);
  // A failure is not kept: the next request tries again (or the caller falls back).
  making.catch(() => made.delete(key));
  while (made.size > MADE_LIMIT) made.delete(made.keys().next().value!);
  return making;
}

/** The icon source: the owner's file's bytes, named by their hash, or the default mark. */
export type IconSource = { hash: string; bytes: () => Promise<Buffer> };
export const DEFAULT_ICON_SOURCE: IconSource = { hash: createHash('sha256').update(DEFAULT_ICON).digest('hex'), bytes: async () => DEFAULT_ICON };

/** The icon at `size` pixels, square, as PNG; `opaque` on white (a home-screen icon). */
export async function iconPng(source: IconSource, size: number, opaque = false): Promise<IconAnswer> {
  const body = await remembered(`${source.hash} ${size} ${opaque}`, async () => makeIcon(await source.bytes(), size, { opaque }));
  return { body, contentType: 'image/png', etag: `"${source.hash.slice(0, 16)}-${size}${opaque ? 'o' : ''}"` };
}

/** `/favicon.ico`: the icon at 16, 32 and 48 pixels in one ICO file. */
export async function iconIco(source: IconSource): Promise<IconAnswer> {
  const body = await remembered(`${source.hash} ico`, async () => {
    const bytes = await source.bytes();
    const images = await Promise.all(FAVICON_ICO_SIZES.map(async (size) => ({ size, png: await makeIcon(bytes, size) })));
    return icoOf(images);
  });
  return { body, contentType: 'image/x-icon', etag: `"${source.hash.slice(0, 16)}-ico"` };
}
