/**
 * Compression of the answers nothing prepared in advance (API JSON, pages for one visitor, the
 * sitemap): as each is sent, a compressible body of at least COMPRESS_THRESHOLD bytes is
 * compressed with the coding the request accepts best, and says `Vary: Accept-Encoding`. Answers
 * prepared with their codings (front/stored-answer.ts: they already vary by Accept-Encoding), and
 * any with an entity tag of its own, pass untouched, as do streams, empty answers, partial content
 * and `no-transform`.
 */
import type { FastifyInstance } from 'fastify';
import { acceptedEncoding, compress, compressible, COMPRESS_THRESHOLD } from './encoding';

export function compressAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return payload;
    if (reply.hasHeader('content-encoding') || reply.hasHeader('etag') || reply.hasHeader('content-range')) return payload;
    const vary = reply.getHeader('vary');
    if (typeof vary === 'string' && /accept-encoding/i.test(vary)) return payload;
    const type = reply.getHeader('content-type');
    if (!compressible(typeof type === 'string' ? type : undefined)) return payload;
    if (String(reply.getHeader('cache-control') ?? '').includes('no-transform')) return payload;
    // Measured before any copy: most API answers are small and go out as they are.
    if ((typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length) < COMPRESS_THRESHOLD) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(body, encoding, 'request');
  });
}
