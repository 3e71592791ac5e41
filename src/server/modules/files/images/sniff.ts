/**
 * What an uploaded file is, told by its first bytes (magic numbers), never by its name or the type
 * the browser declared: those only decide whether the upload is refused as mislabelled.
 *
 * The rule (docs/decisions/0211-what-an-upload-is-and-its-limits.md): the content must be a type
 * listed here, or the file is refused as 'unsupported'; and when the name's extension or the
 * declared type names a family we know (image, video, audio, pdf, text), the content must be of
 * that same family, or the file is refused as 'mislabelled' (a PNG named .pdf, a text file named
 * .jpg). Within a family the content decides the type it is served as (a PNG named .jpg is served
 * as image/png). Unknown extensions (`notes.final`) and generic declared types
 * (application/octet-stream) claim nothing.
 *
 * Only the head is read, so a file with a good header and corrupt data after it passes here: the
 * image pipeline's probe (image-pipeline.ts) refuses it.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { FileKind } from '../../../../domain/files';

/** How many bytes of a file sniffFile wants: enough for an MP4's brand list and an SVG's prolog. */
export const SNIFF_BYTES = 4100;

export type { FileKind };
export type Sniffed = { contentType: string; kind: FileKind };
export type SniffRefusal = { refused: 'unsupported' | 'mislabelled' };

/** Families a name or declared type can claim; 'pdf' and 'text' are both of kind 'document'. */
type Family = 'image' | 'video' | 'audio' | 'pdf' | 'text';

const EXTENSION_FAMILY: Record<string, Family> = {
  jpg: 'image',
  jpeg: 'image',
  jpe: 'image',
  jfif: 'image',
  png: 'image',
  apng: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  heic: 'image',
  heif: 'image',
  svg: 'image',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  qt: 'video',
  webm: 'video',
  ogv: 'video',
  mp3: 'audio',
  m4a: 'audio',
  wav: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  weba: 'audio',
  pdf: 'pdf',
  txt: 'text',
  text: 'text',
  csv: 'text',
};

const declaredFamily = (contentType: string | undefined): Family | undefined => {
  const type = contentType?.split(';')[0]!.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'text/plain' || type === 'text/csv') return 'text';
  const top = type.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : undefined;
};

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();

/** Whether sharp, as installed here, decodes HEIC (HEVC-coded HEIF): the prebuilt binaries decode only AVIF. */
export const HEIC_DECODABLE = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;

type Detected = { contentType: string; family: Family; kind: FileKind } | { unsupported: true };

const ascii = (head: Buffer, start: number, end: number) => head.toString('latin1', start, end);

/** ISO base media (MP4, MOV, AVIF, HEIC): the ftyp box's major brand and compatible brands. */
function ftypBrands(head: Buffer): string[] | undefined {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return undefined;
  const size = Math.min(head.readUInt32BE(0), head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const QUICKTIME_BRANDS = new Set(['qt  ']);
const AUDIO_MP4_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ']);

function detectIsoMedia(brands: string[]): Detected | undefined {
  if (brands.includes('avif') || brands.includes('avis')) return { contentType: 'image/avif', family: 'image', kind: 'image' };
  if (brands.some((b) => HEIC_BRANDS.has(b))) {
    return HEIC_DECODABLE ? { contentType: 'image/heic', family: 'image', kind: 'image' } : { unsupported: true };
  }
  // A bare 'mif1'/'msf1' (HEIF still image with no codec brand) is not something we can serve.
  if (brands[0] === 'mif1' || brands[0] === 'msf1') return { unsupported: true };
  if (QUICKTIME_BRANDS.has(brands[0]!)) return { contentType: 'video/quicktime', family: 'video', kind: 'video' };
  if (AUDIO_MP4_BRANDS.has(brands[0]!)) return { contentType: 'audio/mp4', family: 'audio', kind: 'audio' };
  // isom, iso2…iso9, mp41, mp42, avc1, M4V, dash, 3gp… : an MP4 movie (which may hold audio alone).
  return { contentType: 'video/mp4', family: 'video', kind: 'video' };
}

/** An EBML document (Matroska): WebM only, told by its DocType, which sits in the first bytes. */
function detectEbml(head: Buffer): Detected {
  const header = ascii(head, 0, Math.min(head.length, 64));
  return header.includes('webm') ? { contentType: 'video/webm', family: 'video', kind: 'video' } : { unsupported: true };
}

/** An MPEG audio frame header: sync bits, layer III, a bitrate and sample rate that are not the reserved values. */
function mp3Frame(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff) return false;
  const b1 = head[1]!;
  const b2 = head[2]!;
  return (b1 & 0xe6) === 0xe2 && b2 >> 4 !== 0x0f && b2 >> 4 !== 0 && ((b2 >> 2) & 3) !== 3;
}

/**
 * The head as UTF-8 text, or undefined when it is not: invalid sequences (a sequence cut by the
 * head's end is allowed), NUL or control characters other than tab, line breaks and form feed.
 */
function textOf(head: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text) ? undefined : text.replace(/^\uFEFF/, '');
}

/**
 * Whether the text is an SVG document: after an optional XML declaration, comments, processing
 * instructions and a doctype, the root element is <svg>. A prolog longer than the head is refused.
 */
function isSvg(text: string): boolean {
  const prolog = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE\s[^[>]*(?:\[[\s\S]*?\])?\s*>)*/i.exec(text)![0];
  return /^<svg[\s/>]/.test(text.slice(prolog.length));
}

function detect(head: Buffer, extension: string | undefined): Detected | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { contentType: 'image/jpeg', family: 'image', kind: 'image' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: 'image/png', family: 'image', kind: 'image' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { contentType: 'image/gif', family: 'image', kind: 'image' };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return { contentType: 'image/webp', family: 'image', kind: 'image' };
    if (form === 'WAVE') return { contentType: 'audio/wav', family: 'audio', kind: 'audio' };
    return { unsupported: true };
  }
  const brands = ftypBrands(head);
  if (brands) return detectIsoMedia(brands);
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return detectEbml(head);
  if (ascii(head, 0, 4) === 'OggS') {
    // Theora (video) announces itself in the first page; Vorbis, Opus and FLAC in Ogg are audio.
    return head.includes('theora', 0, 'latin1')
      ? { contentType: 'video/ogg', family: 'video', kind: 'video' }
      : { contentType: 'audio/ogg', family: 'audio', kind: 'audio' };
  }
  if (ascii(head, 0, 3) === 'ID3' || mp3Frame(head)) return { contentType: 'audio/mpeg', family: 'audio', kind: 'audio' };
  if (ascii(head, 0, 5) === '%PDF-') return { contentType: 'application/pdf', family: 'pdf', kind: 'document' };
  const text = textOf(head);
  if (text === undefined) return undefined;
  if (isSvg(text)) return { contentType: 'image/svg+xml', family: 'image', kind: 'image' };
  // Plain text is taken only under a text name: it is what a .txt or .csv download is, and text
  // under any other name (an .html page, a script) is not a file type we host.
  if (extension === 'csv') return { contentType: 'text/csv', family: 'text', kind: 'document' };
  if (extension === 'txt' || extension === 'text') return { contentType: 'text/plain', family: 'text', kind: 'document' };
  return undefined;
}

/** Containers that hold audio or video alike: an audio name makes them audio. */
const AUDIO_OF: Record<string, string> = { 'video/mp4': 'audio/mp4', 'video/webm': 'audio/webm', 'video/ogg': 'audio/ogg' };

export function sniffFile(head: Buffer, declared: { name: string; contentType?: string }): Sniffed | SniffRefusal {
  const extension = extensionOf(declared.name);
  const claims = [extension === undefined ? undefined : EXTENSION_FAMILY[extension], declaredFamily(declared.contentType)].filter(
    (f): f is Family => f !== undefined,
  );
  if (head.length === 0) return { refused: 'unsupported' };
  const found = detect(head, extension);
  if (found === undefined) return { refused: claims.length > 0 ? 'mislabelled' : 'unsupported' };
  if ('unsupported' in found) return { refused: 'unsupported' };
  let { contentType, family, kind } = found;
  if (family === 'video' && AUDIO_OF[contentType] && claims.length > 0 && claims.every((c) => c === 'audio')) {
    contentType = AUDIO_OF[contentType]!;
    family = 'audio';
    kind = 'audio';
  }
  // An audio-only MP4 (M4A) under a video name is still a movie file a <video> plays.
  const fits = (claim: Family) => claim === family || (family === 'audio' && claim === 'video' && contentType === 'audio/mp4');
  if (!claims.every(fits)) return { refused: 'mislabelled' };
  return { contentType, kind };
}

/** Image types the pipeline makes variants of (SVG is kept as it is, never rasterised). */
export function hasImageVariants(contentType: string): boolean {
  return ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/heic'].includes(contentType);
}

/**
 * The first `size` bytes of a stream (fewer when it is shorter), and the whole stream again to
 * store: an upload is sniffed before any of it is written. Destroying the answered stream destroys
 * the one read; an error of the one read is the answered stream's.
 */
export async function readHead(body: Readable, size = SNIFF_BYTES): Promise<{ head: Buffer; body: Readable }> {
  const source = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  async function* replay() {
    let finished = ended;
    try {
      yield* chunks;
      while (!finished) {
        const next = await source.next();
        if (next.done) finished = true;
        else yield next.value;
      }
    } finally {
      if (!finished) await source.return?.();
    }
  }
  return { head: Buffer.concat(chunks).subarray(0, size), body: Readable.from(replay(), { objectMode: false }) };
}
