/**
 * An answer prepared once and sent many times (a cached page, a built asset): its status, every
 * header, and its body in each content coding with that coding's entity tag, all computed when it
 * is stored. The framework's routes (page-routes.ts, static-assets.ts) and the plain-Node
 * cached-page path (front-path.ts) send it through `variantFor`, so both send the same bytes.
 *
 * A 304 carries what the 200 would except the body's own fields (type, length, coding): a cache
 * that revalidates replaces the stored answer's headers with the 304's, so the page's own policy
 * must be among them, not the locked-down one sent on answers without a policy.
 */
import { STATUS_CODES, validateHeaderName, validateHeaderValue } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HeaderSet } from '../http/headers';
import { acceptedEncoding, compress, compressible, COMPRESS_THRESHOLD, entityTag, noneMatch, type Encoding } from './encoding';

export type StoredVariant = {
  status: number;
  body: Buffer | undefined;
  /** The headers as the framework is given them (it adds Content-Length from the body). */
  headers: HeaderSet;
  /** Every header, Content-Length included, as `writeHead` takes them: name, value, name, value … */
  head: string[];
  /**
   * The same with a `set-cookie` pair last, for a first visit's crumb: `withCookie` fills its value
   * and `writeHead` copies the list at once, so one list serves every request (no copy per answer).
   */
  cookieHead: string[];
  /**
   * The status line and every header of `head` as they go on the wire, as Node's `writeHead` writes
   * them (front/direct-answer.ts adds the crumb, Date and the connection's own headers).
   */
  lines: string;
};

type Coded = { full: StoredVariant; notModified: StoredVariant | undefined; etag: string | undefined };

export type StoredAnswer = { readonly status: number; readonly codings: Readonly<Record<Encoding, Coded>> };

/** Bodies already compressed (at build time); the missing codings are compressed when stored. */
export type Precompressed = Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;

const flat = (headers: HeaderSet, length?: number): string[] => {
  const out: string[] = [];
  for (const [name, value] of Object.entries(headers)) out.push(name, value);
  if (length !== undefined) out.push('content-length', String(length));
  return out;
};

const wireLines = (status: number, head: string[]): string => {
  let lines = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
  for (let at = 0; at < head.length; at += 2) {
    const name = head[at]!;
    const value = head[at + 1]!;
    // What writeHead refuses is refused when stored: nothing but the header itself goes on the wire.
    validateHeaderName(name);
    validateHeaderValue(name, value);
    lines += `${name}: ${value}\r\n`;
  }
  return lines;
};

const variant = (status: number, body: Buffer | undefined, headers: HeaderSet, head: string[]): StoredVariant => ({
  status,
  body,
  headers,
  head,
  cookieHead: [...head, 'set-cookie', ''],
  lines: wireLines(status, head),
});

/** The variant's headers as `writeHead` takes them, with `cookie` as its `set-cookie` when there is one. */
export function headWith(chosen: StoredVariant, cookie: string | undefined): string[] {
  if (cookie === undefined) return chosen.head;
  chosen.cookieHead[chosen.cookieHead.length - 1] = cookie;
  return chosen.cookieHead;
}

function coded(status: number, headers: HeaderSet, body: Buffer, encoding: Encoding, varies: boolean): Coded {
  const etag = status === 200 ? entityTag(body) : undefined;
  const shared: Record<string, string> = { ...headers };
  if (varies) shared.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  if (etag) shared.etag = etag;
  const full: Record<string, string> = encoding === 'identity' ? shared : { ...shared, 'content-encoding': encoding };
  let notModified: StoredVariant | undefined;
  if (etag) {
    const { 'content-type': _type, 'content-length': _length, ...kept } = shared;
    notModified = variant(304, undefined, kept, flat(kept));
  }
  return { full: variant(status, body, full, flat(full, body.length)), notModified, etag };
}

/** Prepares an answer: its body in every coding worth sending (compressible and not tiny), each with its headers. */
export async function storeAnswer(status: number, headers: HeaderSet, content: string | Buffer, precompressed: Precompressed = {}): Promise<StoredAnswer> {
  const body = typeof content === 'string' ? Buffer.from(content) : content;
  const varies = compressible(headers['content-type']) && body.length >= COMPRESS_THRESHOLD;
  const identity = coded(status, headers, body, 'identity', varies);
  if (!varies) return { status, codings: { identity, br: identity, gzip: identity } };
  const [br, gz] = await Promise.all([precompressed.br ?? compress(body, 'br', 'stored'), precompressed.gzip ?? compress(body, 'gzip', 'stored')]);
  return { status, codings: { identity, br: coded(status, headers, br, 'br', true), gzip: coded(status, headers, gz, 'gzip', true) } };
}

/** What to send for a request accepting `encoding` and carrying `ifNoneMatch`: the body in that coding, or a 304. */
export function variantFor(answer: StoredAnswer, encoding: Encoding, ifNoneMatch: string | undefined): StoredVariant {
  const chosen = answer.codings[encoding];
  if (chosen.notModified && chosen.etag && noneMatch(ifNoneMatch, chosen.etag)) return chosen.notModified;
  return chosen.full;
}

/** Sends a stored answer through the framework (a miss of the cached-page path, a built asset). */
export function sendStored(req: FastifyRequest, reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  const variant = variantFor(answer, acceptedEncoding(req.headers['accept-encoding']), req.headers['if-none-match']);
  return reply.code(variant.status).headers(variant.headers).send(variant.body);
}
