import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { HEIC_DECODABLE, hasImageVariants, readHead, sniffFile, SNIFF_BYTES } from './sniff';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
/** An ISO media file's start: an ftyp box with a major brand and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((b, i) => box.write(b, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(32)]);
};

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
  .png()
  .toBuffer();
const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
  .jpeg()
  .toBuffer();
const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
  .gif()
  .toBuffer();
const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
  .webp()
  .toBuffer();
const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
  .avif({ effort: 0 })
  .toBuffer();

describe('recognised by content', () => {
  it.each([
    ['photo.jpg', jpeg, 'image/jpeg', 'image'],
    ['logo.png', png, 'image/png', 'image'],
    ['anim.gif', gif, 'image/gif', 'image'],
    ['pic.webp', webp, 'image/webp', 'image'],
    ['pic.avif', avif, 'image/avif', 'image'],
    ['icon.svg', bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>'), 'image/svg+xml', 'image'],
    [
      'icon.svg',
      Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>', 'utf8'),
      'image/svg+xml',
      'image',
    ],
    ['report.pdf', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'application/pdf', 'document'],
    ['film.mp4', ftyp('isom', 'isom', 'iso2', 'mp41'), 'video/mp4', 'video'],
    ['film.mp4', ftyp('mp42', 'mp42', 'isom'), 'video/mp4', 'video'],
    ['film.m4v', ftyp('M4V ', 'M4V ', 'mp42'), 'video/mp4', 'video'],
    ['film.mov', ftyp('qt  ', 'qt  '), 'video/quicktime', 'video'],
    ['film.webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'), 'video/webm', 'video'],
    ['song.mp3', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg', 'audio'],
    ['song.mp3', bytes([0xff, 0xfb, 0x90, 0x64, 0, 0]), 'audio/mpeg', 'audio'],
    ['song.m4a', ftyp('M4A ', 'M4A ', 'mp42'), 'audio/mp4', 'audio'],
    ['song.m4a', ftyp('isom', 'isom'), 'audio/mp4', 'audio'],
    ['sound.wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav', 'audio'],
    ['sound.ogg', bytes('OggS', [0, 2], '\x01vorbis'), 'audio/ogg', 'audio'],
    ['clip.ogv', bytes('OggS', [0, 2], '\x80theora'), 'video/ogg', 'video'],
    ['prices.csv', bytes('name,price\nmug,12\n'), 'text/csv', 'document'],
    ['read me.txt', Buffer.from('Opening hours: 9–5, café upstairs.\r\n', 'utf8'), 'text/plain', 'document'],
    ['photo', jpeg, 'image/jpeg', 'image'],
    ['photo.final', jpeg, 'image/jpeg', 'image'],
  ])('%s', (name, head, contentType, kind) => {
    expect(sniffFile(head, { name })).toEqual({ contentType, kind });
  });

  it('answers the type the content is, when the name is of the same family', () => {
    expect(sniffFile(png, { name: 'photo.JPG', contentType: 'image/jpeg' })).toEqual({ contentType: 'image/png', kind: 'image' });
    expect(sniffFile(ftyp('qt  '), { name: 'film.mp4', contentType: 'video/mp4' })).toEqual({ contentType: 'video/quicktime', kind: 'video' });
  });

  it('takes a generic declared type as no claim', () => {
    expect(sniffFile(bytes('%PDF-1.4'), { name: 'scan.pdf', contentType: 'application/octet-stream' })).toEqual({
      contentType: 'application/pdf',
      kind: 'document',
    });
  });

  it('lists the raster images the pipeline makes variants of, and not SVG', () => {
    expect(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'].every(hasImageVariants)).toBe(true);
    expect(hasImageVariants('image/svg+xml')).toBe(false);
    expect(hasImageVariants('application/pdf')).toBe(false);
  });
});

describe('refused', () => {
  it.each([
    ['a PNG named .pdf', png, 'report.pdf', undefined],
    ['a PNG declared as a PDF', png, 'report', 'application/pdf'],
    ['a text file named .jpg', bytes('just some words\n'), 'photo.jpg', undefined],
    ['a PDF named .txt', bytes('%PDF-1.4'), 'notes.txt', undefined],
    ['text named .txt declared as an image', bytes('hello'), 'notes.txt', 'image/png'],
    ['a JPEG named .mp4', jpeg, 'film.mp4', undefined],
    ['a movie named .png', ftyp('isom', 'isom'), 'logo.png', undefined],
    ['an SVG named .txt', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'notes.txt', undefined],
    ['random bytes named .png', Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07]), 'logo.png', undefined],
  ])('%s is mislabelled', (_what, head, name, contentType) => {
    expect(sniffFile(head, { name, contentType })).toEqual({ refused: 'mislabelled' });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'empty.txt'],
    ['an executable', bytes('MZ\x90\x00\x03\x00\x00\x00'), 'setup.exe'],
    ['a zip', bytes('PK\x03\x04\x14\x00'), 'archive.zip'],
    ['an HTML page', bytes('<!doctype html><html><script>alert(1)</script>'), 'page.html'],
    ['XML that is not SVG', bytes('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>'), 'page.xml'],
    ['text under no text name', bytes('hello'), 'notes'],
    ['a Matroska movie', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88], 'matroska'), 'film.mkv'],
    ['an AVI movie', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'film.avi'],
  ])('%s is unsupported', (_what, head, name) => {
    expect(sniffFile(head, { name })).toEqual({ refused: 'unsupported' });
  });

  it('takes HEIC only when sharp here decodes it', () => {
    const heic = sniffFile(ftyp('heic', 'mif1', 'heic'), { name: 'IMG_0001.HEIC', contentType: 'image/heic' });
    expect(heic).toEqual(HEIC_DECODABLE ? { contentType: 'image/heic', kind: 'image' } : { refused: 'unsupported' });
  });
});

describe('readHead', () => {
  const collect = async (body: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('answers the head and then the whole stream, however it was cut into chunks', async () => {
    const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
    const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, 4000), bytes.subarray(4000, 9000), bytes.subarray(9000)];
    const { head, body } = await readHead(Readable.from(pieces));
    expect(head).toEqual(bytes.subarray(0, SNIFF_BYTES));
    expect(await collect(body)).toEqual(bytes);
  });

  it('answers a short stream whole', async () => {
    const { head, body } = await readHead(Readable.from([Buffer.from('%PDF-1.4')]));
    expect(head.toString()).toBe('%PDF-1.4');
    expect((await collect(body)).toString()).toBe('%PDF-1.4');
  });

  it('destroys the stream read when the answered one is destroyed (an upload refused halfway)', async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(5000));
    const { body } = await readHead(source);
    body.once('data', () => body.destroy());
    body.resume();
    await new Promise((resolve) => body.once('close', resolve));
    source.push(Buffer.alloc(10));
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });

  it('passes on an error of the stream read', async () => {
    async function* failing() {
      yield Buffer.alloc(5000);
      throw new Error('connection reset');
    }
    const { body } = await readHead(Readable.from(failing()));
    await expect(collect(body)).rejects.toThrow('connection reset');
  });
});
