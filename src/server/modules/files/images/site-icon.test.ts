import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefusedError, makeIcon } from './image-pipeline';
import { DEFAULT_ICON_SOURCE, iconIco, icoOf } from './site-icon';

const centre = async (png: Buffer) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
};

describe('icoOf', () => {
  it('writes an icon directory with each PNG after it, where its entry says', async () => {
    const pngs = await Promise.all(
      [16, 32].map(async (size) => ({
        size,
        png: await sharp({ create: { width: size, height: size, channels: 4, background: '#00000000' } })
          .png()
          .toBuffer(),
      })),
    );
    const ico = icoOf(pngs);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    pngs.forEach(({ size, png }, i) => {
      const entry = 6 + 16 * i;
      expect([ico.readUInt8(entry), ico.readUInt8(entry + 1), ico.readUInt16LE(entry + 6)]).toEqual([size, size, 32]);
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      expect(ico.subarray(offset, offset + length).equals(png)).toBe(true);
    });
  });

  it('makes /favicon.ico of the default mark at 16, 32 and 48 pixels', async () => {
    const { body, contentType } = await iconIco(DEFAULT_ICON_SOURCE);
    expect(contentType).toBe('image/x-icon');
    expect(body.readUInt16LE(4)).toBe(3);
    const first = body.subarray(body.readUInt32LE(6 + 12));
    expect(await sharp(first).metadata()).toMatchObject({ format: 'png', width: 16, height: 16 });
  });
});

describe('makeIcon', () => {
  it('draws an SVG without reading the files it names', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openpress-icon-'));
    try {
      const secret = path.join(dir, 'secret.png');
      await writeFile(
        secret,
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
          .png()
          .toBuffer(),
      );
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0000ff"/><image href="file://${secret}" width="40" height="40"/><image href="${secret}" width="40" height="40"/></svg>`;
      expect(await centre(await makeIcon(Buffer.from(svg), 32))).toEqual([0, 0, 255]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses bytes that are not an image', async () => {
    await expect(makeIcon(Buffer.from('%PDF-1.4 not an image'), 32)).rejects.toBeInstanceOf(ImageRefusedError);
  });
});
