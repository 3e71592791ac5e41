/**
 * Content codings: which one a request accepts best (`Accept-Encoding`, q-values honoured), which
 * answers are worth compressing, and the compressors with the qualities chosen for each use
 * (docs/decisions/0172-compression.md). Pure but for node:zlib and node:crypto.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Answers below this many bytes are sent as they are: compression would save less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|application\/[a-z0-9.+-]+\+(?:json|xml)|image\/svg\+xml)/i;

/** Whether an answer of this Content-Type shrinks when compressed (HTML, CSS, JavaScript, JSON, SVG, XML, plain text). */
export function compressible(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE.test(contentType);
}

/** Our preference when a request accepts several codings equally: brotli is the smaller. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110 §12.5.3): the acceptable one with
 * the highest q-value, brotli before gzip before identity on a tie; `*` stands for any coding not
 * named. No header, or nothing acceptable, sends identity (a 406 would help no one).
 */
export function parseAcceptEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?)\s*$/i.exec(param);
      if (m) weight = Math.min(1, Number(m[1]));
    }
    // A coding named twice counts at its best weight.
    q.set(coding, Math.max(weight, q.get(coding) ?? 0));
  }
  const star = q.get('*');
  // Identity not named is acceptable unless `*;q=0` excludes it, but only as the last resort.
  const weightOf = (coding: Encoding) => q.get(coding) ?? star ?? (coding === 'identity' ? 0.0001 : 0);
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

const seen = new Map<string, Encoding>();

/**
 * `parseAcceptEncoding`, remembered per header text: browsers send a handful of distinct values,
 * so a request on the cached-page path pays a map lookup. Bounded, since the header is the client's.
 */
export function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let known = seen.get(header);
  if (known === undefined) {
    known = parseAcceptEncoding(header);
    if (seen.size >= 256) seen.clear();
    seen.set(header, known);
  }
  return known;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to compress: `stored` bodies are compressed once per change (pages) and kept, so they
 * take brotli's quality 6 (quality 11 took about 70 times as long for 12% fewer bytes on the demo
 * home page); `request` bodies are compressed per answer, so they take the fast quality 4. Built
 * assets are compressed at build time at the highest quality (vite.config.ts).
 */
export type Effort = 'stored' | 'request';

const BROTLI_QUALITY: Record<Effort, number> = { stored: 6, request: 4 };

export function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>, effort: Effort): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/** A strong entity tag: a hash of exactly the bytes sent, so each coding of a body has its own. */
export function entityTag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` names this entity tag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || tag === `W/${etag}`) return true;
  }
  return false;
}
